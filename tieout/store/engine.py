"""Engine, database URL, transactions and the translation of database errors.

This is the only module that knows which backend is in use. Everything above it asks for a
:func:`transaction` and gets a session whose failures arrive as :class:`StorageError`, except
the database's refusals of a change to the metric history (its constraints and triggers, see
migration 0002), which arrive as :class:`RegistryConflict` naming the metric and the rule.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import URL, Connection, Engine, ExceptionContext, create_engine, make_url
from sqlalchemy.engine.default import DefaultExecutionContext
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlmodel import Session

from tieout.errors import ConfigError, RegistryConflict, StorageError

__all__ = [
    "DEFAULT_URL",
    "ENV_VAR",
    "REGISTRY_RULES",
    "check_reachable",
    "database_url",
    "display_url",
    "locked_connection",
    "make_engine",
    "registry_refusal",
    "storage_errors",
    "transaction",
]

ENV_VAR = "TIEOUT_DB"
DEFAULT_URL = "sqlite:///tieout.db"
SQLITE_BUSY_TIMEOUT_MS = 15000
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


def _named_parameters(ctx: ExceptionContext) -> None:
    """On a failed statement, keep its parameters by name (SQLite's are positional).

    :func:`registry_refusal` reads the ``metric_key`` parameter from them to name the metric.
    """
    err, run = ctx.sqlalchemy_exception, ctx.execution_context
    named = getattr(run, "compiled_parameters", None)  # absent for a bare BEGIN or COMMIT
    if isinstance(err, DBAPIError) and isinstance(run, DefaultExecutionContext) and named:
        err.params = named if len(named) > 1 else named[0]


def _configure_sqlite(engine: Engine) -> None:
    """Pragmas per connection, and transactions begun by us (IMMEDIATE for writers).

    pysqlite's own transaction handling begins late and never with IMMEDIATE; a writer
    that read first could then fail with "database is locked" instead of waiting.
    """
    event.listen(engine, "handle_error", _named_parameters)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_conn.cursor()
        try:
            # first, so that switching a new file to WAL also waits for a writer to finish
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
            _switch_to_wal(cursor)
            cursor.execute("PRAGMA foreign_keys=ON")
            # REPLACE's implicit deletes then fire DELETE triggers (the append-only tables)
            cursor.execute("PRAGMA recursive_triggers=ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        write = conn.get_execution_options().get(_WRITE_OPTION, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _switch_to_wal(cursor: Any) -> None:
    """``PRAGMA journal_mode=WAL``, retried while another connection holds the file.

    Two connections switching a new file at once both read it, then both want it alone:
    SQLite answers one of them "database is locked" at once, without waiting out the busy
    timeout, to break that deadlock. The loser waits a little and tries again; by then the
    file is in WAL mode and the switch is a no-op.
    """
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT_MS / 1000
    pause = 0.005
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) and "busy" not in str(err):
                raise
            if time.monotonic() + pause > deadline:
                raise
            time.sleep(pause)
            pause = min(pause * 2, 0.2)


def _one_line(err: BaseException) -> str:
    """The database's own reason, first line only, without SQLAlchemy's decoration."""
    source: BaseException = err
    if isinstance(err, DBAPIError) and err.orig is not None:
        source = err.orig
    text = str(source).strip()
    return text.splitlines()[0].strip() if text else type(source).__name__


# -- the database's refusals of a change to the metric history -----------------------------

_OVERLAP = (
    "{key}: versions may not overlap; each runs from its effective_from up to (not including) "
    "its effective_to, so close the version in force before opening the next"
)
#: What each rule of migration 0002 means, by the name the database reports it under
#: (constraint, index or trigger; SQLite's trigger messages begin with the same names).
REGISTRY_RULES: dict[str, str] = {
    "ex_metric_registry_no_overlap": _OVERLAP,
    "metric_registry_pkey": _OVERLAP,  # two versions taking effect on the same day
    "uq_metric_registry_one_current": (
        "{key}: only one version may be current (effective_to empty); close the current "
        "version before opening another"
    ),
    "ck_metric_registry_effective_order": "{key}: effective_to must be after effective_from",
    "ck_metric_registry_period_order": "{key}: period_start must be on or before period_end",
    "tr_metric_registry_history": (
        "{key}: a stored version is never changed in place; only its effective_to may change: "
        "set from empty, or moved earlier when a back-dated version is inserted"
    ),
}
# SQLite names columns, not indexes, when a unique index refuses a row.
_SQLITE_UNIQUE = {
    "UNIQUE constraint failed: metric_registry.metric_key, metric_registry.effective_from": (
        "metric_registry_pkey"
    ),
    "UNIQUE constraint failed: metric_registry.metric_key": "uq_metric_registry_one_current",
}
_UNKNOWN_KEY = "metric_registry"
# PostgreSQL's DETAIL: "Key (metric_key, …)=(net_burn, …) …" or "Failing row contains (net_burn, …)".
_DETAIL_KEY = re.compile(r"(?:Key \(.*?\)=|Failing row contains )\(([^,)]+)")


def _rule_of(err: DBAPIError) -> str | None:
    diag = getattr(err.orig, "diag", None)
    name = getattr(diag, "constraint_name", None)
    if name in REGISTRY_RULES:
        return str(name)
    message = str(err.orig)
    if message in _SQLITE_UNIQUE:
        return _SQLITE_UNIQUE[message]
    return next((rule for rule in REGISTRY_RULES if rule in message), None)


def _metric_key_of(err: DBAPIError) -> str:
    params: Any = err.params
    if isinstance(params, list | tuple) and params and isinstance(params[0], dict):
        params = params[0]
    if isinstance(params, dict):
        for name, value in params.items():
            if str(name).startswith("metric_key") and isinstance(value, str):
                return value
    detail = getattr(getattr(err.orig, "diag", None), "message_detail", None)
    found = _DETAIL_KEY.search(detail or "")
    return found.group(1) if found else _UNKNOWN_KEY


def registry_refusal(err: BaseException) -> RegistryConflict | None:
    """The :class:`RegistryConflict` for a database refusal of a metric-history rule, else None.

    The metric is named from the statement's ``metric_key`` parameter or PostgreSQL's detail;
    when neither tells (raw SQL on SQLite), the message starts with ``metric_registry``.
    """
    if not isinstance(err, DBAPIError) or err.orig is None:
        return None
    rule = _rule_of(err)
    if rule is None:
        return None
    return RegistryConflict(REGISTRY_RULES[rule].format(key=_metric_key_of(err)))


@contextmanager
def storage_errors(operation: str) -> Iterator[None]:
    """Turn any SQLAlchemy/DBAPI error raised inside into ``StorageError(operation …)``.

    A refusal of a metric-history rule becomes :class:`RegistryConflict` instead.
    """
    try:
        yield
    except SQLAlchemyError as err:
        conflict = registry_refusal(err)
        if conflict is not None:
            raise conflict from err
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


#: First half of the PostgreSQL advisory lock key that serialises schema changes (per schema).
_MIGRATION_LOCK = 7_461_726


@contextmanager
def locked_connection(engine: Engine, operation: str) -> Iterator[Connection]:
    """A connection in one write transaction that no other schema change can run beside.

    SQLite: ``BEGIN IMMEDIATE`` (one writer at a time). PostgreSQL: a transaction-level advisory
    lock on the current schema, so two processes opening an empty database do not both build it.
    """
    bind = engine.execution_options(**{_WRITE_OPTION: True})
    with storage_errors(operation), bind.connect() as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(
                text(
                    "SELECT pg_advisory_xact_lock(:key, hashtext(coalesce(current_schema(), '')))"
                ),
                {"key": _MIGRATION_LOCK},
            )
        yield conn


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
