"""HTTP API keys: the salted hash of each key, its role, and when it was revoked.

Functions here take an open session; :class:`tieout.store.Store` owns the transactions.
The key itself is never stored (see :mod:`tieout.web.auth`).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from tieout.errors import NotFound

from .records import ApiKeyRecord, from_row
from .tables import ApiKeyRow

__all__ = ["add_api_key", "get_api_key", "list_api_keys", "revoke_api_key"]


def add_api_key(session: Session, rec: ApiKeyRecord) -> None:
    """Insert ``rec``."""
    session.add(
        ApiKeyRow(
            key_id=rec.key_id,
            name=rec.name,
            role=rec.role,
            salt=rec.salt,
            digest=rec.digest,
            created_at=rec.created_at,
            revoked_at=rec.revoked_at,
        )
    )


def get_api_key(session: Session, key_id: str) -> ApiKeyRecord | None:
    """The key with public id ``key_id`` (revoked or not), or ``None``."""
    row = session.exec(select(ApiKeyRow).where(ApiKeyRow.key_id == key_id)).first()
    return None if row is None else from_row(ApiKeyRecord, row)


def list_api_keys(session: Session) -> list[ApiKeyRecord]:
    """Every key, revoked ones included, oldest first."""
    rows = session.exec(select(ApiKeyRow).order_by(col(ApiKeyRow.id)))
    return [from_row(ApiKeyRecord, row) for row in rows]


def revoke_api_key(session: Session, key_id: str, at: datetime) -> tuple[ApiKeyRecord, bool]:
    """Revoke a key from ``at`` on; ``(key, False)`` if it was revoked already."""
    row = session.exec(select(ApiKeyRow).where(ApiKeyRow.key_id == key_id)).first()
    if row is None:
        raise NotFound(f"API key {key_id!r} does not exist (see `tieout keys list`)")
    if row.revoked_at is not None:
        return from_row(ApiKeyRecord, row), False
    row.revoked_at = at
    session.add(row)
    session.flush()
    return from_row(ApiKeyRecord, row), True
