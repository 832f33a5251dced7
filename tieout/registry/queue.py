"""The review queue: claim sets an agent could not get right, kept for a person to look at.

:func:`tieout.enforce` adds one item per claim set it gives up on (status ``needs_human``);
:func:`listing` reads them back oldest first, so the queue is worked in arrival order.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from tieout.errors import InputError

from .records import ReviewItem
from .tables import ReviewQueueRow

__all__ = ["NEEDS_HUMAN", "add", "listing"]

#: The status of a claim set that is waiting for a person.
NEEDS_HUMAN = "needs_human"

_NOT_AN_ITEM = "the review queue takes a ReviewItem, got a {kind}"


def add(session: Session, item: ReviewItem) -> int:
    """Insert ``item``; returns its id."""
    if not isinstance(item, ReviewItem):
        raise InputError(_NOT_AN_ITEM.format(kind=type(item).__name__))
    row = ReviewQueueRow(
        source=item.source,
        status=item.status,
        raw_text=item.raw_text,
        problems=[[path, message] for path, message in item.problems],
        created_at=item.created_at,
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def listing(session: Session, status: str | None = NEEDS_HUMAN) -> list[ReviewItem]:
    """The items with ``status`` (every item if ``None``), oldest first."""
    stmt = select(ReviewQueueRow)
    if status is not None:
        stmt = stmt.where(ReviewQueueRow.status == status)
    stmt = stmt.order_by(col(ReviewQueueRow.created_at), col(ReviewQueueRow.id))
    return [
        ReviewItem(
            source=row.source,
            status=row.status,
            raw_text=row.raw_text,
            problems=[(str(path), str(message)) for path, message in row.problems],
            created_at=row.created_at,
            id=row.id,
        )
        for row in session.exec(stmt)
    ]
