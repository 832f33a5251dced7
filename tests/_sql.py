"""Raw SQL against a real database, for the tests of what it refuses."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError


def refusal(engine: sa.Engine, sql: str) -> str:
    """Run ``sql`` in its own transaction; it must be refused. Returns the first line."""
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(sql))
    except DBAPIError as err:
        return str(err.orig).splitlines()[0]
    pytest.fail(f"{engine.dialect.name} accepted {sql!r}", pytrace=False)
