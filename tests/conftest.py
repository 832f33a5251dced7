"""Shared fixtures: real databases, fresh for every test.

``db_url``
    Parametrised over both backends tieout supports:

    * ``sqlite``   a new file in the test's ``tmp_path``;
    * ``postgres`` a new schema ``t_<random>`` in the server at ``POSTGRES_URL`` (override with
      ``$TIEOUT_TEST_POSTGRES``), selected through the URL's ``search_path`` option and dropped
      after the test. If the server cannot be reached these tests are skipped, unless
      ``TIEOUT_REQUIRE_POSTGRES=1`` (CI), when they fail loudly instead.
``migrated_db_url``
    Like ``db_url``, but the database is already at the newest schema revision. Migrating
    costs more than most tests that need a database, so each backend is migrated once per
    session, for real, into a template: SQLite's file is copied; on PostgreSQL the SQL the
    migration ran in the template's schema (recorded as it ran) is replayed into the test's
    new schema, in one transaction. ``test_a_replayed_schema_is_the_migrated_one`` holds the
    copy to the original.
``store``
    ``Store.open(migrated_db_url)``, closed after the test.
``sqlite_url``
    A fresh SQLite file only, for tests that need just the embedded default.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
import pytest
from sqlalchemy import event
from sqlalchemy.engine import make_url

if TYPE_CHECKING:  # imported lazily so a broken registry cannot break unrelated tests
    from tieout.store import Store

POSTGRES_URL = os.environ.get(
    "TIEOUT_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
REQUIRE_POSTGRES = os.environ.get("TIEOUT_REQUIRE_POSTGRES") == "1"


@pytest.fixture(scope="session")
def _postgres_admin() -> Iterator[psycopg.Connection[tuple[object, ...]]]:
    """One autocommit connection per session, used only to create and drop test schemas."""
    dsn = make_url(POSTGRES_URL).set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        conn = psycopg.connect(dsn, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as err:
        reason = str(err).strip().splitlines()[0]
    else:
        with conn:
            # Once for the database, outside the test schemas: a migration run inside a test
            # schema would otherwise install it there, and dropping that schema drops it.
            conn.execute("CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public")
            yield conn
        return
    message = f"PostgreSQL at {make_url(POSTGRES_URL)} is unreachable: {reason}"
    if REQUIRE_POSTGRES:
        pytest.fail(f"{message} (TIEOUT_REQUIRE_POSTGRES=1)", pytrace=False)
    pytest.skip(message)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A SQLite URL for a file that does not exist yet."""
    return f"sqlite:///{tmp_path / 'tieout.db'}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, sqlite_url: str) -> Iterator[str]:
    """A URL for an empty database on each backend (see the module docstring)."""
    if request.param == "sqlite":
        yield sqlite_url
        return
    admin: psycopg.Connection[tuple[object, ...]] = request.getfixturevalue("_postgres_admin")
    schema = f"t_{secrets.token_hex(6)}"
    admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield _schema_url(schema)
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")


def _schema_url(schema: str) -> str:
    url = make_url(POSTGRES_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


Recorded = list[tuple[str, Any, bool]]  # statement, its parameters, executemany


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to the newest revision, once per session."""
    from tieout.store import Store

    path = tmp_path_factory.mktemp("template") / "tieout.db"
    Store.open(f"sqlite:///{path}").close()
    return path


@pytest.fixture(scope="session")
def _postgres_migration(
    _postgres_admin: psycopg.Connection[tuple[object, ...]],
) -> Iterator[Recorded]:
    """The statements a real migration of an empty schema ran, in order (reads left out)."""
    from tieout.store.engine import make_engine
    from tieout.store.migrate import ensure_schema

    schema = f"tpl_{secrets.token_hex(6)}"
    _postgres_admin.execute(f"CREATE SCHEMA {schema}")
    engine = make_engine(_schema_url(schema))
    recorded: Recorded = []

    @event.listens_for(engine, "before_cursor_execute")
    def record(*args: Any) -> None:
        statement, parameters, _context, many = args[2:]
        assert isinstance(statement, str) and isinstance(many, bool)
        if not statement.lstrip().upper().startswith("SELECT"):
            recorded.append((statement, parameters if many else dict(parameters or {}), many))

    try:
        ensure_schema(engine)
        engine.dispose()
        if any(schema in statement for statement, _, _ in recorded):
            pytest.fail("the migration names its schema; it cannot be replayed elsewhere")
        yield recorded
    finally:
        _postgres_admin.execute(f"DROP SCHEMA {schema} CASCADE")


def _replay(recorded: Recorded, schema: str) -> None:
    dsn = make_url(POSTGRES_URL).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, options=f"-csearch_path={schema}") as conn:
        for statement, parameters, many in recorded:
            if many:
                conn.cursor().executemany(statement, parameters)
            else:  # with its parameters even when there are none: then "%%" is read as "%"
                conn.execute(statement, parameters)


@pytest.fixture
def migrated_db_url(request: pytest.FixtureRequest, db_url: str) -> str:
    """``db_url``'s database, already at the newest revision (see the module docstring)."""
    if db_url.startswith("sqlite"):
        template: Path = request.getfixturevalue("_sqlite_template")
        shutil.copyfile(template, make_url(db_url).database or "")
    else:
        recorded: Recorded = request.getfixturevalue("_postgres_migration")
        _replay(recorded, str(make_url(db_url).query["options"]).removeprefix("-csearch_path="))
    return db_url


@pytest.fixture
def store(migrated_db_url: str) -> Iterator[Store]:
    """An open store on ``migrated_db_url``, closed after the test."""
    from tieout.store import Store

    with Store.open(migrated_db_url) as opened:
        yield opened
