"""Check runs and the per-claim results they produced (the audit trail of verdicts)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from sqlalchemy import insert
from sqlmodel import Session, col, select

from tieout.errors import InputError, NotFound

from .overrides import overrides_for
from .records import MAX_ROW_ID, ClaimResultRecord, RunRecord, from_row
from .tables import CheckRunRow, ClaimResultRow

__all__ = [
    "get_claim",
    "get_run",
    "list_claim_results",
    "list_runs",
    "save_run",
    "verdict_rows",
]

_UNKNOWN_RUN = "run {run_id!r} is not stored (see `tieout review runs`)"
_UNKNOWN_CLAIM = "claim {claim_id} is not stored (see `tieout review list` for claim ids)"
_WRONG_RUN = "results[{i}] belongs to run {got!r}, not to run {want!r} being saved"


def _to_record(row: ClaimResultRow, run_id: str) -> ClaimResultRecord:
    return from_row(ClaimResultRecord, row, run_id=run_id)


def save_run(session: Session, run: RunRecord, results: Sequence[ClaimResultRecord]) -> int:
    """Insert the run and all its results; returns the run's row id."""
    for i, res in enumerate(results):
        if res.run_id != run.run_id:
            raise InputError(_WRONG_RUN.format(i=i, got=res.run_id, want=run.run_id))
    run_row = CheckRunRow(
        run_id=run.run_id, source=run.source, created_at=run.created_at, counts=dict(run.counts)
    )
    session.add(run_row)
    session.flush()
    assert run_row.id is not None
    if results:
        # one executemany (SQLAlchemy's insertmanyvalues), not an ORM object per claim
        session.execute(
            insert(ClaimResultRow),
            [
                {
                    "run_pk": run_row.id,
                    "position": res.position,
                    "metric_key": res.metric_key,
                    "claim": res.claim,
                    "verdict": res.verdict,
                    "reason": res.reason,
                    "checks": res.checks,
                    "snapshot_sha256": res.snapshot_sha256,
                    "registry_metric_key": res.registry_metric_key,
                    "registry_effective_from": res.registry_effective_from,
                    "checked_at": res.checked_at,
                }
                for res in results
            ],
        )
    session.flush()
    return run_row.id


def list_claim_results(
    session: Session,
    *,
    verdict: str | None = None,
    metric_key: str | None = None,
    run_id: str | None = None,
) -> list[ClaimResultRecord]:
    """Stored results matching every filter given, by run (oldest first) then position."""
    stmt = select(ClaimResultRow, CheckRunRow.run_id).join(
        CheckRunRow, col(ClaimResultRow.run_pk) == col(CheckRunRow.id)
    )
    if verdict is not None:
        stmt = stmt.where(ClaimResultRow.verdict == verdict)
    if metric_key is not None:
        stmt = stmt.where(ClaimResultRow.metric_key == metric_key)
    if run_id is not None:
        stmt = stmt.where(CheckRunRow.run_id == run_id)
    stmt = stmt.order_by(col(ClaimResultRow.run_pk), col(ClaimResultRow.position))
    return _with_overrides(session, [_to_record(row, rid) for row, rid in session.exec(stmt)])


def _with_overrides(session: Session, records: list[ClaimResultRecord]) -> list[ClaimResultRecord]:
    found = overrides_for(session, [r.id for r in records if r.id is not None])
    if not found:
        return records
    return [
        replace(r, overrides=found[r.id]) if r.id is not None and r.id in found else r
        for r in records
    ]


def get_claim(session: Session, claim_id: int) -> ClaimResultRecord:
    """One stored claim result with its overrides; unknown ids raise :class:`NotFound`."""
    if isinstance(claim_id, bool) or not isinstance(claim_id, int):
        raise InputError(
            f"claim_id must be a whole number (see `tieout review list`), got {claim_id!r}"
        )
    if not 0 < claim_id <= MAX_ROW_ID:
        raise NotFound(_UNKNOWN_CLAIM.format(claim_id=claim_id))
    found = session.exec(
        select(ClaimResultRow, CheckRunRow.run_id)
        .join(CheckRunRow, col(ClaimResultRow.run_pk) == col(CheckRunRow.id))
        .where(ClaimResultRow.id == claim_id)
    ).first()
    if found is None:
        raise NotFound(_UNKNOWN_CLAIM.format(claim_id=claim_id))
    row, rid = found
    return _with_overrides(session, [_to_record(row, rid)])[0]


def list_runs(session: Session) -> list[RunRecord]:
    """Every stored run, newest first."""
    stmt = select(CheckRunRow).order_by(
        col(CheckRunRow.created_at).desc(), col(CheckRunRow.id).desc()
    )
    return [from_row(RunRecord, r, counts=dict(r.counts)) for r in session.exec(stmt)]


def verdict_rows(
    session: Session, *, metric_key: str | None = None, since: datetime | None = None
) -> list[tuple[str, str, datetime]]:
    """``(metric_key, checker's verdict, checked_at)`` of every stored claim, oldest first."""
    stmt = select(ClaimResultRow.metric_key, ClaimResultRow.verdict, ClaimResultRow.checked_at)
    if metric_key is not None:
        stmt = stmt.where(ClaimResultRow.metric_key == metric_key)
    if since is not None:
        stmt = stmt.where(col(ClaimResultRow.checked_at) >= since)
    stmt = stmt.order_by(col(ClaimResultRow.checked_at), col(ClaimResultRow.id))
    return [(k, v, t) for k, v, t in session.exec(stmt)]


def get_run(session: Session, run_id: str) -> tuple[RunRecord, list[ClaimResultRecord]]:
    """A stored run and its results in position order; unknown ids raise :class:`NotFound`."""
    row = session.exec(select(CheckRunRow).where(CheckRunRow.run_id == run_id)).first()
    if row is None:
        raise NotFound(_UNKNOWN_RUN.format(run_id=run_id))
    run = from_row(RunRecord, row, counts=dict(row.counts))
    return run, list_claim_results(session, run_id=run_id)
