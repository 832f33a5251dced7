"""Document snapshots: one row per (doc_id, content hash); the newest row is the latest snapshot."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, col, func, select

from tieout.errors import NotFound, UnknownDocument

from .records import DocumentRecord, from_row
from .tables import DocumentRow

__all__ = ["add_document", "get_document", "latest_documents"]

_CHUNK = 500
_NO_SNAPSHOT = (
    "document {doc_id!r} has no snapshot with sha256 {sha256}; it has {count} snapshot{s} "
    "(see `tieout docs list`)"
)


def to_record(row: DocumentRow, snapshots: int) -> DocumentRecord:
    """A stored row as a frozen value."""
    return from_row(DocumentRecord, row, snapshots=snapshots, numbers=row.numbers or "point")


def _count(session: Session, doc_id: str) -> int:
    stmt = select(func.count()).select_from(DocumentRow).where(DocumentRow.doc_id == doc_id)
    return int(session.exec(stmt).one())


def add_document(session: Session, rec: DocumentRecord) -> tuple[DocumentRecord, bool]:
    """Store ``rec`` as a new snapshot unless that exact content is already stored under its id."""
    stmt = select(DocumentRow).where(
        DocumentRow.doc_id == rec.doc_id, DocumentRow.sha256 == rec.sha256
    )
    existing = session.exec(stmt).first()
    if existing is not None:
        return to_record(existing, _count(session, rec.doc_id)), False
    row = DocumentRow(
        doc_id=rec.doc_id,
        sha256=rec.sha256,
        text=rec.text,
        source_name=rec.source_name,
        media_type=rec.media_type,
        period_start=rec.period_start,
        period_end=rec.period_end,
        published=rec.published,
        scale=rec.scale,
        ingested_at=rec.ingested_at or datetime.now(UTC),
        numbers=rec.numbers,
    )
    session.add(row)
    session.flush()
    return to_record(row, _count(session, rec.doc_id)), True


def get_document(session: Session, doc_id: str, sha256: str | None = None) -> DocumentRecord:
    """The latest snapshot of ``doc_id``, or the one with ``sha256``."""
    stmt = select(DocumentRow).where(DocumentRow.doc_id == doc_id)
    if sha256 is not None:
        stmt = stmt.where(DocumentRow.sha256 == sha256)
    row = session.exec(stmt.order_by(col(DocumentRow.id).desc()).limit(1)).first()
    count = _count(session, doc_id)
    if row is None:
        if count == 0:
            raise UnknownDocument(doc_id)
        raise NotFound(
            _NO_SNAPSHOT.format(doc_id=doc_id, sha256=sha256, count=count, s="s" * (count != 1))
        )
    return to_record(row, count)


def _latest(session: Session, doc_ids: list[str] | None) -> list[DocumentRecord]:
    grouped: Any = select(
        col(DocumentRow.doc_id),
        func.max(DocumentRow.id).label("latest_id"),
        func.count().label("snapshots"),
    )
    if doc_ids is not None:
        grouped = grouped.where(col(DocumentRow.doc_id).in_(doc_ids))
    latest = grouped.group_by(col(DocumentRow.doc_id)).subquery()
    stmt = (
        select(DocumentRow, latest.c.snapshots)
        .join(latest, col(DocumentRow.id) == latest.c.latest_id)
        .order_by(col(DocumentRow.doc_id))
    )
    return [to_record(row, int(n)) for row, n in session.exec(stmt)]


def latest_documents(
    session: Session, doc_ids: Iterable[str] | None = None
) -> list[DocumentRecord]:
    """The latest snapshot of each document (of each id in ``doc_ids``), ordered by id.

    One query (per 500 ids); ids with no snapshot are simply absent.
    """
    if doc_ids is None:
        return _latest(session, None)
    ids = sorted(set(doc_ids))
    out: list[DocumentRecord] = []
    for start in range(0, len(ids), _CHUNK):
        out.extend(_latest(session, ids[start : start + _CHUNK]))
    return out
