"""The re-ask log: every response an agent gave :func:`tieout.enforce` and what it was told."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import insert
from sqlmodel import Session, col, select

from .records import AttemptRecord, from_row
from .tables import AttemptRow

__all__ = ["attempts", "log_attempts"]


def log_attempts(session: Session, records: Sequence[AttemptRecord]) -> None:
    """Insert every attempt in one statement."""
    if not records:
        return
    session.execute(
        insert(AttemptRow),
        [
            {
                "source": r.source,
                "attempt": r.attempt,
                "raw_text": r.raw_text,
                "problems": [[p, m] for p, m in r.problems],
                "message": r.message,
                "outcome": r.outcome,
                "run_id": r.run_id,
                "queue_id": r.queue_id,
                "created_at": r.created_at,
            }
            for r in records
        ],
    )


def attempts(session: Session, *, run_id: str | None = None) -> list[AttemptRecord]:
    """Stored attempts (of one run if ``run_id``), oldest first."""
    stmt = select(AttemptRow)
    if run_id is not None:
        stmt = stmt.where(AttemptRow.run_id == run_id)
    stmt = stmt.order_by(col(AttemptRow.id))
    return [
        from_row(AttemptRecord, r, problems=[(str(p), str(m)) for p, m in r.problems])
        for r in session.exec(stmt)
    ]
