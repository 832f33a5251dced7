"""A save tool for one agent run: the gate inside it, and the three-strikes budget.

Seed 000: the check runs inside the save tool, a rejection goes back to the model as an
ordinary tool response, and after three rejections in a row the run ends. A pass resets
the count. Every rejection is logged, so the next generation prompt can be told what
went wrong last time (:func:`recent_rejections`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tieout.errors import InputError
from tieout.gating.config import WorkflowConfig
from tieout.gating.gate import gate, resolve_config, sanitize
from tieout.gating.messages import aborted_message
from tieout.gating.result import GateClaim, GateResult
from tieout.gating.sources import digest

if TYPE_CHECKING:
    from tieout.gating.facts import FactSheet
    from tieout.store import RejectionRecord, Store

__all__ = ["SaveSession", "recent_rejections"]


class SaveSession:
    """Gate every save of one run; end the run after ``max_rejections`` rejections in a row.

    ``store`` (a :class:`~tieout.registry.Store`) receives each rejected figure; without one
    the session keeps its own log in ``self.log``. ``on_save`` is called with the sanitised
    text of each draft that passes: the place to write it.
    """

    def __init__(
        self,
        *,
        sources: Sequence[Any] = (),
        anchors: Any = None,
        facts: FactSheet | Sequence[FactSheet] | None = None,
        config: WorkflowConfig | dict[str, WorkflowConfig] | str | Path | None = None,
        workflow: str | None = None,
        run_id: str | None = None,
        store: Store | None = None,
        on_save: Callable[[str], None] | None = None,
    ) -> None:
        self.config = resolve_config(config, workflow)
        named = self.config.name if self.config.name != "default" else ""
        self.workflow = workflow or named
        self.run_id = run_id or uuid.uuid4().hex[:12]
        self.sources, self.anchors, self.facts = sources, anchors, facts
        self.store = store
        self.on_save = on_save
        self.rejections_in_a_row = 0
        self.aborted = False
        self.log: list[RejectionRecord] = []
        self._digests: tuple[str, ...] | None = None
        self._last_rejected: tuple[GateClaim, ...] = ()  # what the run was ended for

    def save(self, draft: str) -> GateResult:
        """Gate one draft: 'pass' (saved), 'rejected' (try again), or 'aborted' (run over)."""
        if not isinstance(draft, str) or not draft.strip():
            raise InputError(
                "draft: there is nothing to save (the text is empty); send the document's text"
            )
        if self.aborted:
            return GateResult(
                False,
                "aborted",
                sanitize(draft),
                aborted_message(self.rejections_in_a_row, self._last_rejected),
                workflow=self.workflow or None,
                run_id=self.run_id,
                rejections_in_a_row=self.rejections_in_a_row,
            )
        result = gate(draft, self.sources, self.anchors, self.config, facts=self.facts)
        if result.passed:
            self.rejections_in_a_row = 0
            if self.on_save is not None:
                self.on_save(result.sanitized_text)
            return _with(result, self)
        self.rejections_in_a_row += 1
        self._log(result)
        if self.rejections_in_a_row >= self.config.max_rejections:
            self.aborted = True
            self._last_rejected = tuple(result.rejected)
            message = aborted_message(self.rejections_in_a_row, result.rejected)
            return GateResult(
                False,
                "aborted",
                result.sanitized_text,
                message,
                result.claims,
                result.carve_outs,
                result.workflow,
                self.run_id,
                self.rejections_in_a_row,
            )
        return _with(result, self)

    def _log(self, result: GateResult) -> None:
        from tieout.store import RejectionRecord

        now = datetime.now(UTC)
        if self._digests is None:
            self._digests = _source_digests(self.sources)
        records = [
            RejectionRecord(
                self.workflow,
                self.run_id,
                c.text,
                c.cls,
                c.reason,
                c.line,
                now,
                sources=self._digests,
            )
            for c in result.rejected
        ]
        self.log.extend(records)
        if self.store is not None and records:
            self.store.log_rejections(records)


def _source_digests(sources: Sequence[Any]) -> tuple[str, ...]:
    """The sha256 of each source text or document snapshot, for the audit trail."""
    out = []
    for src in sources:
        if isinstance(src, str):
            out.append(digest(src))
        elif isinstance(getattr(src, "sha256", None), str):
            out.append(src.sha256)
    return tuple(out)


def _with(result: GateResult, session: SaveSession) -> GateResult:
    return GateResult(
        result.passed,
        result.outcome,
        result.sanitized_text,
        result.message,
        result.claims,
        result.carve_outs,
        result.workflow,
        session.run_id,
        session.rejections_in_a_row,
    )


def recent_rejections(workflow: str, n: int = 20, db: str | None = None) -> list[RejectionRecord]:
    """The latest ``n`` rejected figures of a workflow, newest first, for the next prompt."""
    from tieout.store import Store

    with Store.open(db) as store:
        return store.recent_rejections(workflow, n)
