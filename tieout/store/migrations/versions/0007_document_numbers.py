"""Documents remember their number convention.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03

``documents`` gains ``numbers``: the convention the snapshot's figures were read by,
``point`` (1,234.56) or ``comma`` (1.234,56, as European filers write), settled when it was
ingested (``tieout docs add --numbers``, read off the text by default). A row stored before
this revision has NULL, read as ``point``: how it was read then. The column is added only
where missing (a database made by ``create_all`` from the current models has it), and
dropped in place on the way down (``ALTER TABLE ... DROP COLUMN``, SQLite 3.35 and later):
a rebuilt table would lose the append-only triggers of 0005.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None

_TABLE = "documents"
_COLUMN = "numbers"


def _has_column() -> bool:
    return _COLUMN in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(_TABLE)}


def upgrade() -> None:
    if not _has_column():
        op.add_column(_TABLE, sa.Column(_COLUMN, sa.String(), nullable=True))


def downgrade() -> None:
    if _has_column():
        op.execute(sa.text(f"ALTER TABLE {_TABLE} DROP COLUMN {_COLUMN}"))
