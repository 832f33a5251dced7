"""The review queue: claim sets an agent could not get right, kept for a person to look at.

:func:`tieout.enforce` adds one item per claim set it gives up on (status ``needs_human``);
:func:`listing` reads them back oldest first, so the queue is worked in arrival order.

Both tables are append-only (migrations 0005 and 0006): an item's stored status never
changes. What a person does with it is an event appended by :func:`resolve` (``resolved``,
``discarded``, ``reopened``); the latest event, by the order appended, gives the item's
status in force (:func:`tieout.schemas.review_status.status_in_force`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import case, func
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from tieout.errors import InputError
from tieout.schemas.limits import TEXT_LIMITS
from tieout.schemas.review_status import (
    ALL,
    CLOSED,
    NEEDS_HUMAN,
    OUTCOMES,
    REOPENED,
    status_in_force,
)

from .records import MAX_ROW_ID, ResolutionRecord, ReviewItem, from_row
from .tables import QueueResolutionRow, ReviewQueueRow

__all__ = ["MAX_NOTE", "add", "events_for", "listing", "resolve"]

#: Longest note stored; a longer one is refused, not cut.
MAX_NOTE = 4000

_NOT_AN_ITEM = "the review queue takes a ReviewItem, got a {kind}"
_BAD_ID = "a review queue item id is a whole number (see `tieout review queue`), got {queue_id!r}"
_BAD_OUTCOME = "{outcome!r} is not an outcome; use one of: " + ", ".join(OUTCOMES)
_NO_NOTE = "a resolution needs a note: say what was done with review queue item {queue_id} (--note)"
_LONG_NOTE = "the note is {n:,} characters; keep it under {limit:,}"
_NO_REVIEWER = "a resolution needs the reviewer's name (--reviewer)"
_UNKNOWN = "no review queue item {queue_id}; see `tieout review queue --status all`"
_ALREADY_CLOSED = (
    "review queue item {queue_id} is already {status}; to change that, reopen it first "
    "(--outcome reopened)"
)
_STILL_OPEN = (
    "review queue item {queue_id} is still open (status {status}); there is nothing to "
    "reopen: resolve or discard it (--outcome resolved|discarded)"
)


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


def _status_sql() -> tuple[Any, Any, Any]:
    """``(status in force, last-event subquery, latest-event alias)``: :func:`status_in_force` in SQL."""
    last = (
        select(
            col(QueueResolutionRow.queue_id).label("queue_id"),
            func.max(col(QueueResolutionRow.id)).label("last_id"),
        )
        .group_by(col(QueueResolutionRow.queue_id))
        .subquery("last_event")
    )
    latest = aliased(QueueResolutionRow, name="latest_event")
    status = case(
        (col(latest.outcome).is_(None), col(ReviewQueueRow.status)),
        (col(latest.outcome) == REOPENED, NEEDS_HUMAN),
        else_=col(latest.outcome),
    )
    return status, last, latest


def listing(session: Session, status: str | None = NEEDS_HUMAN) -> list[ReviewItem]:
    """The items whose status in force is ``status`` (every item if ``None`` or ``"all"``).

    Oldest first, each with its events.
    """
    stmt = select(ReviewQueueRow)
    if status is not None and status != ALL:
        in_force, last, latest = _status_sql()
        stmt = (
            stmt.outerjoin(last, last.c.queue_id == col(ReviewQueueRow.id))
            .outerjoin(latest, col(latest.id) == last.c.last_id)
            .where(in_force == status)
        )
    stmt = stmt.order_by(col(ReviewQueueRow.created_at), col(ReviewQueueRow.id))
    rows = list(session.exec(stmt))
    events = events_for(session, [row.id for row in rows if row.id is not None])
    return [
        from_row(
            ReviewItem,
            row,
            problems=[(str(path), str(message)) for path, message in row.problems],
            events=events.get(row.id or 0, []),
        )
        for row in rows
    ]


def _to_record(row: QueueResolutionRow) -> ResolutionRecord:
    return from_row(ResolutionRecord, row)


def events_for(session: Session, queue_ids: Iterable[int]) -> dict[int, list[ResolutionRecord]]:
    """Each item's events in the order appended; items without any are absent."""
    ids = sorted(set(queue_ids))
    found: dict[int, list[ResolutionRecord]] = {}
    for start in range(0, len(ids), 500):  # bounded IN lists on every backend
        chunk = ids[start : start + 500]
        stmt = (
            select(QueueResolutionRow)
            .where(col(QueueResolutionRow.queue_id).in_(chunk))
            .order_by(col(QueueResolutionRow.id))
        )
        for row in session.exec(stmt):
            found.setdefault(row.queue_id, []).append(_to_record(row))
    return found


def _check_input(queue_id: int, outcome: str, note: str, reviewer: str) -> tuple[str, str]:
    """Refuse what is wrong before the database is asked; returns the trimmed note and name."""
    if isinstance(queue_id, bool) or not isinstance(queue_id, int):
        raise InputError(_BAD_ID.format(queue_id=queue_id))
    if outcome not in OUTCOMES:
        raise InputError(_BAD_OUTCOME.format(outcome=outcome))
    note = (note or "").strip()
    reviewer = " ".join((reviewer or "").split())
    if not note:
        raise InputError(_NO_NOTE.format(queue_id=queue_id))
    if len(note) > MAX_NOTE:
        raise InputError(_LONG_NOTE.format(n=len(note), limit=MAX_NOTE))
    if not reviewer:
        raise InputError(_NO_REVIEWER)
    if len(reviewer) > TEXT_LIMITS["reviewer"]:
        raise InputError(
            f"the reviewer's name is {len(reviewer):,} characters; keep it under "
            f"{TEXT_LIMITS['reviewer']:,}"
        )
    return note, reviewer


def resolve(
    session: Session, queue_id: int, outcome: str, note: str, reviewer: str, at: datetime
) -> ResolutionRecord:
    """Append an event to item ``queue_id``; refused (:class:`InputError`) if it breaks a rule.

    The item's row is locked first (``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite the
    write transaction's ``BEGIN IMMEDIATE`` already keeps other writers out), so of two
    reviewers acting on one item at once the second sees the first's event and is refused.
    """
    note, reviewer = _check_input(queue_id, outcome, note, reviewer)
    record = ResolutionRecord(queue_id, outcome, note, reviewer, at)  # refuses a naive ``at``
    if not 0 < queue_id <= MAX_ROW_ID:
        raise InputError(_UNKNOWN.format(queue_id=queue_id))
    item = session.get(ReviewQueueRow, queue_id, with_for_update=True)
    if item is None:
        raise InputError(_UNKNOWN.format(queue_id=queue_id))
    last = session.exec(
        select(QueueResolutionRow.outcome)
        .where(QueueResolutionRow.queue_id == queue_id)
        .order_by(col(QueueResolutionRow.id).desc())
        .limit(1)
    ).first()
    now = status_in_force(item.status, last)
    if outcome == REOPENED and now not in CLOSED:
        raise InputError(_STILL_OPEN.format(queue_id=queue_id, status=now))
    if outcome != REOPENED and now in CLOSED:
        raise InputError(_ALREADY_CLOSED.format(queue_id=queue_id, status=now))
    row = QueueResolutionRow(
        queue_id=record.queue_id,
        outcome=record.outcome,
        note=record.note,
        reviewer=record.reviewer,
        resolved_at=record.resolved_at,
    )
    session.add(row)
    session.flush()
    return _to_record(row)
