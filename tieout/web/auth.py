"""API keys for the HTTP API: created once, stored as a salted hash, checked per request.

A key reads ``tieout_<key_id>_<secret>``. ``key_id`` is public (``tieout keys list`` shows it,
``tieout keys revoke`` takes it); only ``HMAC-SHA256(salt, secret)`` is stored, so the key
itself is printed once, when created, and never again. Roles and what each may do:

========  ==========================================================
agent     submit claims (``POST /claims/check``), gate drafts (``POST /gate``)
reviewer  read: metrics, documents, runs
admin     everything, including ``POST /documents``
========  ==========================================================
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime

from tieout.errors import InputError
from tieout.store import Store
from tieout.store.records import API_ROLES, ApiKeyRecord

__all__ = [
    "ACTIONS",
    "API_ROLES",
    "KEY_PREFIX",
    "allowed",
    "create_key",
    "hash_secret",
    "revoke_key",
    "verify_key",
]

KEY_PREFIX = "tieout"

#: Each action the API exposes and the roles that may perform it.
ACTIONS: dict[str, frozenset[str]] = {
    "submit": frozenset({"agent", "admin"}),
    "gate": frozenset({"agent", "admin"}),
    "read": frozenset({"reviewer", "admin"}),
    # what an agent needs to write correct claims; the MCP server offers the same
    # (lookup_metric, list_documents)
    "lookup": frozenset({"agent", "reviewer", "admin"}),
    "documents": frozenset({"admin"}),
}

_BAD_ROLE = "role {role!r} is not an API role; use one of {roles}"
_BAD_NAME = "a key name must be 1 to 200 characters without control characters"


def hash_secret(salt: str, secret: str) -> str:
    """``HMAC-SHA256(salt, secret)`` as hex: what is stored instead of the key."""
    return hmac.new(salt.encode("ascii"), secret.encode("utf-8"), hashlib.sha256).hexdigest()


def create_key(store: Store, role: str, name: str | None = None) -> tuple[ApiKeyRecord, str]:
    """Create and store a key for ``role``; returns the stored record and the key (shown once)."""
    if role not in API_ROLES:
        raise InputError(_BAD_ROLE.format(role=role, roles=", ".join(API_ROLES)))
    label = name if name is not None else f"{role} key"
    if not 1 <= len(label) <= 200 or any(ord(ch) < 32 or ord(ch) == 127 for ch in label):
        raise InputError(_BAD_NAME)
    key_id = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    salt = secrets.token_hex(16)
    rec = ApiKeyRecord(
        key_id=key_id,
        name=label,
        role=role,
        salt=salt,
        digest=hash_secret(salt, secret),
        created_at=datetime.now(UTC),
    )
    store.add_api_key(rec)
    return rec, f"{KEY_PREFIX}_{key_id}_{secret}"


def verify_key(store: Store, presented: str) -> ApiKeyRecord | None:
    """The stored, unrevoked key that ``presented`` is, or ``None``."""
    prefix, _, rest = presented.partition("_")
    key_id, _, secret = rest.partition("_")
    if prefix != KEY_PREFIX or not key_id or not secret or len(key_id) > 32:
        return None
    if not key_id.isascii() or not key_id.isalnum():
        return None
    rec = store.get_api_key(key_id)
    if rec is None or rec.revoked:
        return None
    if not hmac.compare_digest(hash_secret(rec.salt, secret), rec.digest):
        return None
    return rec


def revoke_key(store: Store, key_id: str) -> tuple[ApiKeyRecord, bool]:
    """Revoke ``key_id`` now; ``(key, False)`` if it was revoked already."""
    return store.revoke_api_key(key_id, datetime.now(UTC))


def allowed(role: str, action: str) -> bool:
    """Whether a key with ``role`` may perform ``action`` (see :data:`ACTIONS`)."""
    return role in ACTIONS[action]
