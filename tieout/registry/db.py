"""Engine, database URL, transactions and the translation of database errors.

This is the only module that knows which backend is in use. Everything above it asks for a
:func:`transaction` and gets a session whose failures arrive as :class:`StorageError`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, Connection, Engine, create_engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlmodel import Session

from tieout.errors import ConfigError, StorageError

__all__ = [
    "DEFAULT_URL",
    "ENV_VAR",
    "check_reachable",
    "database_url",
    "display_url",
    "make_engine",
    "storage_errors",
    "transaction",
]

ENV_VAR = "TIEOUT_DB"
DEFAULT_URL = "sqlite:///tieout.db"
SQLITE_BUSY_TIMEOUT_MS = 5000
_WRITE_OPTION = "tieout_write"


def database_url(explicit: str | None = None) -> str:
    """The database URL to use: ``explicit`` (``--db``), else ``$TIEOUT_DB``, else ``tieout.db``.

    A bare file path (no ``://``) becomes a SQLite URL; ``postgresql://`` (and
    ``postgres://``) get the psycopg driver.
    """
    raw = explicit or os.environ.get(ENV_VAR) or DEFAULT_URL
    raw = raw.strip()
    if "://" not in raw:
        return f"sqlite:///{os.path.expanduser(raw)}"
    for prefix in ("postgresql://", "postgres://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix) :]
    return raw


def display_url(url: str | URL) -> str:
    """The URL with any password masked, fit for messages and logs."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return str(url)


def _json_default(value: object) -> str:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, date | datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def _dumps(value: object) -> str:
    return json.dumps(value, default=_json_default, ensure_ascii=False)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys, a busy timeout and real BEGINs."""
    try:
        parsed = make_url(url)
        engine = create_engine(parsed, json_serializer=_dumps, pool_pre_ping=True)
    except ModuleNotFoundError as err:
        raise ConfigError(
            f"database URL {display_url(url)!r} needs the {err.name!r} driver; "
            "for PostgreSQL install `tieout[postgres]`"
        ) from err
    except ArgumentError as err:
        raise ConfigError(
            f"database URL {display_url(url)!r} is not usable: {_one_line(err)}; "
            "use a file path, sqlite:///FILE or postgresql://USER@HOST/DB"
        ) from err
    if engine.dialect.name == "sqlite":
        _configure_sqlite(engine)
    return engine


def _configure_sqlite(engine: Engine) -> None:
    """Pragmas per connection, and transactions begun by us (IMMEDIATE for writers).

    pysqlite's own transaction handling begins late and never with IMMEDIATE; a writer
    that read first could then fail with "database is locked" instead of waiting.
    """

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_conn.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        write = conn.get_execution_options().get(_WRITE_OPTION, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _one_line(err: BaseException) -> str:
    """The database's own reason, first line only, without SQLAlchemy's decoration."""
    source: BaseException = err
    if isinstance(err, DBAPIError) and err.orig is not None:
        source = err.orig
    text = str(source).strip()
    return text.splitlines()[0].strip() if text else type(source).__name__


@contextmanager
def storage_errors(operation: str) -> Iterator[None]:
    """Turn any SQLAlchemy/DBAPI error raised inside into ``StorageError(operation …)``."""
    try:
        yield
    except SQLAlchemyError as err:
        raise StorageError(f"{operation} failed: {_one_line(err)}") from err


def check_reachable(engine: Engine) -> None:
    """Connect once; an unreachable server or unopenable file says so and names the URL."""
    try:
        with engine.connect():
            pass
    except SQLAlchemyError as err:
        backend = "PostgreSQL" if engine.dialect.name == "postgresql" else engine.dialect.name
        if backend == "sqlite":
            backend = "SQLite"
        raise StorageError(
            f"cannot reach {backend} database at {display_url(engine.url)}: {_one_line(err)}"
        ) from err


@contextmanager
def transaction(engine: Engine, operation: str, *, write: bool = False) -> Iterator[Session]:
    """One session in one transaction: committed on success, rolled back on any error."""
    bind = engine.execution_options(**{_WRITE_OPTION: True}) if write else engine
    with (
        storage_errors(operation),
        Session(bind, expire_on_commit=False) as session,
        session.begin(),
    ):
        yield session
