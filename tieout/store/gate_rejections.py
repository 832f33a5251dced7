"""The gate's rejection log: every refused figure with its reason, read back newest first.

The free-text gate writes one row per refused figure; :func:`recent` hands the latest ones
for a workflow back, so the next generation prompt can tell the model what went wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import insert
from sqlmodel import Session, col, select

from tieout.errors import InputError

from .records import RejectionRecord, from_row
from .tables import GateRejectionRow

__all__ = ["log", "recent"]

_NOT_A_RECORD = "rejections[{i}] is a {kind}, not a RejectionRecord"
_BAD_COUNT = "n must be a whole number of at least 1 (the rejections to return), got {n!r}"


def log(session: Session, records: Sequence[RejectionRecord]) -> None:
    """Insert every record in one statement; each is checked before anything is written."""
    for i, rec in enumerate(records):
        if not isinstance(rec, RejectionRecord):
            raise InputError(_NOT_A_RECORD.format(i=i, kind=type(rec).__name__))
    if not records:
        return
    # one executemany (SQLAlchemy's insertmanyvalues), not an ORM object per rejection
    session.execute(
        insert(GateRejectionRow),
        [
            {
                "workflow": rec.workflow,
                "run_id": rec.run_id,
                "figure": rec.figure,
                "claim_class": rec.claim_class,
                "reason": rec.reason,
                "line": rec.line,
                "created_at": rec.created_at,
                "source_sha256s": list(rec.sources),
            }
            for rec in records
        ],
    )
    session.flush()


def recent(session: Session, workflow: str, n: int = 20) -> list[RejectionRecord]:
    """The ``n`` latest rejections logged under ``workflow``, newest first.

    Rejections logged at the same instant come back in reverse order of logging.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InputError(_BAD_COUNT.format(n=n))
    stmt = (
        select(GateRejectionRow)
        .where(GateRejectionRow.workflow == workflow)
        .order_by(col(GateRejectionRow.created_at).desc(), col(GateRejectionRow.id).desc())
        .limit(n)
    )
    return [
        from_row(RejectionRecord, row, sources=tuple(row.source_sha256s or ()))
        for row in session.exec(stmt)
    ]
