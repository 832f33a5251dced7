"""Shared fixtures: real databases, fresh for every test.

``db_url``
    Parametrised over both backends tieout supports:

    * ``sqlite``   a new file in the test's ``tmp_path``;
    * ``postgres`` a new schema ``t_<random>`` in the server at ``POSTGRES_URL`` (override with
      ``$TIEOUT_TEST_POSTGRES``), selected through the URL's ``search_path`` option and dropped
      after the test. If the server cannot be reached these tests are skipped, unless
      ``TIEOUT_REQUIRE_POSTGRES=1`` (CI), when they fail loudly instead.
``store``
    ``Store.open(db_url)``, closed after the test.
``sqlite_url``
    A fresh SQLite file only, for tests that need just the embedded default.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import psycopg
import pytest
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
        url = make_url(POSTGRES_URL).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """An open store on ``db_url``, closed after the test."""
    from tieout.store import Store

    with Store.open(db_url) as opened:
        yield opened
