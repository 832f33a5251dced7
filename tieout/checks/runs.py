"""Check runs: a claims file checked against the stored documents and registry, every
result stored.

Each function takes a :class:`~tieout.registry.Store`, does the work in the store's
transactions, and returns values for the caller to render.
"""

from __future__ import annotations

import json
import sys
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tieout.checks import CheckOptions, ClaimReport, Verdict, check_claim
from tieout.checks.pipeline import registry_date
from tieout.documents.ingest import document_from_record
from tieout.errors import InputError
from tieout.schemas import Claim, MetricDefinition, parse_claims

if TYPE_CHECKING:
    from tieout.documents import Document
    from tieout.store import Store

__all__ = ["CheckRun", "check_and_store", "check_file", "load_claims_file", "run_to_dict"]


def load_claims_file(path: str | Path) -> list[Claim]:
    """Read and validate a claims file (JSON), naming the file in any error."""
    p = Path(path)
    if str(path) != "-" and not p.is_file():
        raise InputError(
            f"{path}: no such file" if not p.exists() else f"{path}: is a folder; name a file"
        )
    data = p.read_bytes() if str(path) != "-" else sys.stdin.buffer.read()
    if not data.strip():
        raise InputError(
            f'{path}: is empty; a claims file holds {{"claims": [...]}}, a list, or one claim'
        )
    return parse_claims(data, source=str(path))


class _Prefetched:
    """The registry rows a claim set needs, read in one query; the store answers the rest."""

    def __init__(
        self, store: Store, claims: Sequence[Claim], documents: dict[str, Document]
    ) -> None:
        self._store = store
        pairs = {
            (c.metric_key, registry_date(c, documents.get(c.source_doc_id or "")))
            for c in claims
            if c.value is not None
        }
        self._rows = store.metrics_as_of(pairs) if pairs else {}
        self._history: dict[str, list[MetricDefinition]] = {}

    def metric_as_of(self, metric_key: str, on: date) -> MetricDefinition | None:
        if (metric_key, on) in self._rows:
            return self._rows[(metric_key, on)]
        return self._store.metric_as_of(metric_key, on)

    def metric_history(self, metric_key: str) -> list[MetricDefinition]:
        if metric_key not in self._history:
            self._history[metric_key] = self._store.metric_history(metric_key)
        return self._history[metric_key]


@dataclass(frozen=True)
class CheckRun:
    run_id: str
    source: str
    reports: list[ClaimReport]

    @property
    def counts(self) -> dict[str, int]:
        counts = {v.value: 0 for v in Verdict}
        for r in self.reports:
            counts[r.verdict.value] += 1
        return counts

    @property
    def failed(self) -> bool:
        return self.counts["fail"] > 0


def check_file(
    store: Store,
    path: str | Path,
    *,
    all_checks: bool = False,
    fuzzy_threshold: float = 90.0,
    progress: Callable[[int], None] | None = None,
) -> CheckRun:
    """Check a claims file against the stored documents and registry; store every result."""
    claims = load_claims_file(path)
    return check_and_store(
        store,
        claims,
        str(path),
        all_checks=all_checks,
        fuzzy_threshold=fuzzy_threshold,
        progress=progress,
    )


def check_and_store(
    store: Store,
    claims: Sequence[Claim],
    source: str,
    *,
    all_checks: bool = False,
    fuzzy_threshold: float = 90.0,
    progress: Callable[[int], None] | None = None,
) -> CheckRun:
    from tieout.store import ClaimResultRecord, RunRecord

    ids = {c.source_doc_id for c in claims if c.source_doc_id}
    records = store.get_documents(ids)
    documents = {doc_id: document_from_record(rec) for doc_id, rec in records.items()}
    options = CheckOptions(all_checks=all_checks, fuzzy_threshold=fuzzy_threshold)
    registry = _Prefetched(store, claims, documents)
    reports = []
    for i, claim in enumerate(claims):
        reports.append(check_claim(i, claim, documents, registry, options))
        if progress is not None:
            progress(i + 1)
    run = CheckRun(uuid.uuid4().hex[:12], source, reports)
    now = datetime.now(UTC)
    results = [
        ClaimResultRecord(
            run_id=run.run_id,
            position=r.position,
            metric_key=r.claim.metric_key,
            claim=json.loads(r.claim.model_dump_json(exclude_none=True)),
            verdict=r.verdict.value,
            reason=r.reason,
            checks=[c.to_dict() for c in r.checks],
            snapshot_sha256=r.snapshot_sha256,
            registry_metric_key=r.registry_row.metric_key if r.registry_row else None,
            registry_effective_from=r.registry_row.effective_from if r.registry_row else None,
            checked_at=now,
        )
        for r in reports
    ]
    store.save_run(RunRecord(run.run_id, source, now, run.counts), results)
    return run


def run_to_dict(run: CheckRun) -> dict[str, Any]:
    return {
        "run_id": run.run_id,
        "source": run.source,
        "counts": run.counts,
        "claims": [r.to_dict() for r in run.reports],
    }
