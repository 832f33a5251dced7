"""What a route is given through ``Depends``: the store, the server's settings, the caller's key.

``create_app`` puts a :class:`LazyStore` and the :class:`Settings` on ``app.state``; the
functions here read them off ``request.app.state``, so the routes are module-level and one
router serves every app. ``need(action)`` is the API's auth rule: a valid Bearer key whose
role may perform ``action`` (see :data:`tieout.web.auth.ACTIONS`), else 401 or 403.
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.exceptions import HTTPException

from tieout.store import Store
from tieout.store.records import ApiKeyRecord
from tieout.web.auth import ACTIONS, allowed, verify_key

if TYPE_CHECKING:
    from tieout.agents.pins import GatePins

__all__ = [
    "LazyStore",
    "Settings",
    "SettingsDep",
    "StoreDep",
    "bearer",
    "get_settings",
    "get_store",
    "need",
]

_NO_KEY = "no API key; send the header `Authorization: Bearer <key>` (create one with `tieout keys create`)"
_BAD_KEY = "the API key is not valid or has been revoked"
_WRONG_ROLE = "a key with role {role!r} may not {what}; this needs role {roles}"
_WHAT = {
    "submit": "submit claims",
    "gate": "gate drafts",
    "read": "read stored runs",
    "lookup": "look up metrics or list documents",
    "documents": "add documents",
}


class LazyStore:
    """The app's store, opened on first use (so the OpenAPI document needs no database)."""

    def __init__(self, db: str | None) -> None:
        self.db = db
        self._store: Store | None = None
        self._lock = threading.Lock()

    @property
    def store(self) -> Store:
        with self._lock:
            if self._store is None:
                self._store = Store.open(self.db)
            return self._store

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None


@dataclass(frozen=True)
class Settings:
    """What ``tieout serve`` was started with: the workflow settings file and the gate's pins."""

    config: str | None
    pins: "GatePins"


def get_store(request: Request) -> Store:
    """The app's store (``app.state.lazy_store``), opened on first use."""
    lazy: LazyStore = request.app.state.lazy_store
    return lazy.store


def get_settings(request: Request) -> Settings:
    """The app's settings (``app.state.settings``)."""
    settings: Settings = request.app.state.settings
    return settings


StoreDep = Annotated[Store, Depends(get_store)]
SettingsDep = Annotated[Settings, Depends(get_settings)]

bearer = HTTPBearer(auto_error=False, description="An API key from `tieout keys create`.")


def need(action: str) -> Callable[..., ApiKeyRecord]:
    """A dependency: the caller's key, valid and of a role that may perform ``action``."""

    def check(
        request: Request,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    ) -> ApiKeyRecord:
        if credentials is None:
            raise HTTPException(401, _NO_KEY, headers={"WWW-Authenticate": "Bearer"})
        key = verify_key(get_store(request), credentials.credentials)
        if key is None:
            raise HTTPException(401, _BAD_KEY, headers={"WWW-Authenticate": "Bearer"})
        if not allowed(key.role, action):
            roles = " or ".join(sorted(ACTIONS[action]))
            raise HTTPException(
                403, _WRONG_ROLE.format(role=key.role, what=_WHAT[action], roles=roles)
            )
        return key

    return check
