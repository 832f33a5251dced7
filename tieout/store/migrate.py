"""Schema migrations (Alembic): bring a database to the layout this tieout expects.

The scripts live in ``tieout/store/migrations`` and ship in the wheel. Every change runs in
one locked transaction (:func:`tieout.store.engine.locked_connection`): it applies whole or not
at all, and two processes opening the same empty database do not both build it.
:func:`ensure_schema`, called by :meth:`tieout.store.Store.open`, costs one query when
the database is already current.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from threading import Lock

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from tieout.errors import InputError, StorageError

from .engine import (
    check_reachable,
    database_url,
    display_url,
    locked_connection,
    make_engine,
    storage_errors,
)

__all__ = [
    "HEAD",
    "SCRIPT_LOCATION",
    "Revision",
    "Target",
    "current",
    "downgrade",
    "ensure_schema",
    "history",
    "upgrade",
]

#: The newest revision; a test keeps it equal to the scripts' head.
HEAD = "0009"
#: Where the migration scripts are, inside the installed package.
SCRIPT_LOCATION = Path(__file__).resolve().with_name("migrations")

_VERSION_TABLE = "alembic_version"
# Alembic's ``context`` and ``op`` are module globals: one migration at a time per process.
_ALEMBIC = Lock()
_UNKNOWN_REVISION = (
    "unknown revision {revision!r}; known revisions: base, {known} (see `tieout db history`)"
)
_NEWER = (
    "the database at {url} is at schema revision {revision!r}, which this tieout does not know "
    "(its newest is {head}); upgrade tieout, or downgrade the database with the newer one"
)


@dataclass(frozen=True)
class Revision:
    """One migration script: its id, the one it follows and what it does."""

    revision: str
    down_revision: str | None
    message: str
    is_head: bool


#: A database to work on: an open engine, or a URL (``None``: ``$TIEOUT_DB`` or ``tieout.db``).
Target = Engine | str | None


@contextmanager
def _engine(target: Target) -> Iterator[Engine]:
    if isinstance(target, Engine):
        yield target
        return
    engine = make_engine(database_url(target))
    try:
        check_reachable(engine)
        yield engine
    finally:
        engine.dispose()


def _version(conn: Connection) -> str | None:
    if not inspect(conn).has_table(_VERSION_TABLE):
        return None
    found = conn.execute(text(f"SELECT version_num FROM {_VERSION_TABLE}")).scalars().all()
    return str(found[0]) if found else None


def current(target: Target) -> str | None:
    """The database's schema revision, or ``None`` for a database no migration has touched."""
    with (
        _engine(target) as engine,
        storage_errors(f"reading the schema revision of {display_url(engine.url)}"),
        engine.connect() as conn,
    ):
        return _version(conn)


def history() -> list[Revision]:
    """Every revision, oldest first."""
    return list(_revisions())


@cache
def _revisions() -> tuple[Revision, ...]:
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory(str(SCRIPT_LOCATION))
    heads = set(scripts.get_heads())
    out = []
    for script in scripts.walk_revisions():  # newest first
        down = script.down_revision
        out.append(
            Revision(
                revision=script.revision,
                down_revision=down if isinstance(down, str) or down is None else ",".join(down),
                message=" ".join(script.doc.split()),
                is_head=script.revision in heads,
            )
        )
    return tuple(reversed(out))


def _known() -> set[str]:
    return {r.revision for r in _revisions()}


def _check_target(revision: str) -> None:
    if revision in ("head", "base") or revision in _known():
        return
    known = ", ".join(r.revision + (" (head)" if r.is_head else "") for r in history())
    raise InputError(_UNKNOWN_REVISION.format(revision=revision, known=known))


_WRONG_WAY = (
    "cannot {step} to {revision}: the database is at {at}; use `tieout db {other} {revision}`"
)


def _check_direction(step: str, at: str | None, revision: str) -> None:
    """Refuse an upgrade to an older revision or a downgrade to a newer one (Alembic ignores it)."""
    order: dict[str | None, int] = {None: -1, "base": -1, "head": len(_revisions()) - 1}
    order.update((r.revision, i) for i, r in enumerate(_revisions()))
    going_up = order[revision] > order[at]
    if order[revision] != order[at] and going_up != (step == "upgrade"):
        other = "upgrade" if step == "downgrade" else "downgrade"
        raise InputError(
            _WRONG_WAY.format(step=step, revision=revision, at=at or "base", other=other)
        )


def _run(target: Target, step: str, revision: str) -> tuple[str | None, str | None]:
    """Run ``alembic upgrade|downgrade revision`` on one locked connection."""
    _check_target(revision)
    import alembic.command  # noqa: F401  (imported before the lock: holding it is what others wait on)

    with _engine(target) as engine:
        url = display_url(engine.url)
        with locked_connection(engine, f"{step} of the schema of {url}") as conn:
            return _apply(conn, url, step, revision)


def _apply(conn: Connection, url: str, step: str, revision: str) -> tuple[str | None, str | None]:
    """Apply one step on ``conn`` (already locked)."""
    from alembic import command
    from alembic.config import Config
    from alembic.util import CommandError

    before = _version(conn)
    if before is not None and before not in _known():
        raise StorageError(_NEWER.format(url=url, revision=before, head=HEAD))
    _check_direction(step, before, revision)
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    config.attributes["connection"] = conn
    try:
        with _ALEMBIC:
            if step == "upgrade":
                command.upgrade(config, revision)
            else:
                command.downgrade(config, revision)
    except CommandError as err:  # e.g. a downgrade "to" a revision above the current one
        raise InputError(f"cannot {step} to {revision!r}: {err}") from err
    return before, _version(conn)


def upgrade(target: Target, revision: str = "head") -> tuple[str | None, str | None]:
    """Upgrade to ``revision`` (default: the newest); returns the revisions before and after.

    An empty database is built from nothing; one made by the earlier ``create_all`` layout
    (tables but no revision) is adopted as revision 0001 with its rows, then upgraded.
    """
    return _run(target, "upgrade", revision)


def downgrade(target: Target, revision: str) -> tuple[str | None, str | None]:
    """Downgrade to ``revision`` (``base``: drop every table); returns before and after."""
    return _run(target, "downgrade", revision)


_NOT_OWNER = (
    "the database at {url} is at schema revision {at}, not {head} (head), and user {user} may "
    "not change its schema ({reason}); run `tieout db upgrade` as the owner of tieout's tables"
)
_NOT_VISIBLE = (
    "the database at {url} shows user {user} no tieout tables, and it may not create them "
    "({reason}); run `tieout db upgrade` as the owner of the schema, then "
    "`tieout db grant-app-role {role}`"
)


def _privilege_refusal(err: StorageError) -> str | None:
    """The database's reason if ``err`` is a refused privilege (not an append-only trigger)."""
    orig = getattr(err.__cause__, "orig", None)
    reason = str(orig).strip().splitlines()[0] if orig is not None else ""
    if getattr(orig, "sqlstate", None) != "42501" or reason.startswith("tr_append_only"):
        return None
    return reason


def ensure_schema(engine: Engine) -> None:
    """Bring the database to :data:`HEAD` unless it is there already (one query when it is).

    A role that may not change the schema (an application role, see ``tieout db
    grant-app-role``) gets one line saying to upgrade as the owner.
    """
    at = current(engine)
    if at == HEAD:
        return
    try:
        upgrade(engine, "head")
    except StorageError as err:
        reason = _privilege_refusal(err)
        if reason is None:
            raise
        name = engine.url.username
        user = repr(name) if name else "(the default user)"
        message = _NOT_VISIBLE if at is None else _NOT_OWNER
        raise StorageError(
            message.format(
                url=display_url(engine.url),
                at=at,
                head=HEAD,
                user=user,
                role=name or "ROLE",
                reason=reason,
            )
        ) from err
