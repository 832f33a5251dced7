"""What an operator pins at an agent's door to the gate: the workflow and the documents.

`tieout mcp` and `tieout serve` take ``--workflow NAME`` and ``--doc ID``. Pinned, an agent
may neither choose another workflow nor bring source texts or documents of its own (a
source it wrote itself could state any figure it invents). Unpinned, it names them, but a
workflow the operator switched off is never one it may choose: that would skip the gate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tieout.errors import InputError

__all__ = ["GatePins"]


@dataclass(frozen=True)
class GatePins:
    """The workflow and documents a door gates every draft with (none: the agent's own)."""

    workflow: str | None = None
    doc_ids: tuple[str, ...] = ()

    def check_config(self, config: str | Path | dict[str, Any] | None) -> None:
        """Refuse at start-up a pinned workflow the settings do not name."""
        if self.workflow is not None:
            from tieout.gating.gate import resolve_config

            resolve_config(config, self.workflow)

    def resolve(
        self,
        config: str | Path | dict[str, Any] | None,
        workflow: str | None,
        sources: Sequence[str],
        doc_ids: Sequence[str],
    ) -> tuple[str | None, tuple[str, ...]]:
        """The workflow and documents to gate with, given what the agent asked for (each
        document once: 170,000 copies of one id cost one reading)."""
        doc_ids = tuple(dict.fromkeys(doc_ids))
        if self.workflow is not None:
            if workflow not in (None, self.workflow):
                raise InputError(
                    f"this server gates every save with workflow {self.workflow!r}; omit workflow"
                )
            workflow = self.workflow
        elif workflow is not None:
            from tieout.gating.gate import resolve_config

            if not resolve_config(config, workflow).enabled:
                raise InputError(  # switched off by the operator: no agent may skip the gate
                    f"workflow {workflow!r} is switched off on this server; omit workflow"
                )
        if not self.doc_ids:
            return workflow, doc_ids
        if sources:
            raise InputError(
                "this server takes its sources from the documents it was started with "
                f"({', '.join(self.doc_ids)}); omit sources"
            )
        stray = [d for d in doc_ids if d not in self.doc_ids]
        if stray:
            raise InputError(
                f"document {stray[0]!r} is not one this server was started with "
                f"({', '.join(self.doc_ids)}); omit doc_ids"
            )
        return workflow, self.doc_ids
