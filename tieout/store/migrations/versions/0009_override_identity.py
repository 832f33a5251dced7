"""An override records who was signed in, beside the reviewer's name they typed.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05

``claim_overrides`` gains ``signed_in_as``: the identity tieout authenticated when the
override was made, "API key desk-1 (k_…)" on the desk and HTTP, "OS user ana" on the
command line. The reviewer's name stays what the form or ``--reviewer`` gave; a row stored
before this revision has NULL (not recorded). The column is added only where missing, and
dropped in place on the way down (a rebuilt table would lose the append-only triggers).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None

_TABLE = "claim_overrides"
_COLUMN = "signed_in_as"


def _has_column() -> bool:
    return _COLUMN in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(_TABLE)}


def upgrade() -> None:
    if not _has_column():
        op.add_column(_TABLE, sa.Column(_COLUMN, sa.String(), nullable=True))


def downgrade() -> None:
    if _has_column():
        op.execute(sa.text(f"ALTER TABLE {_TABLE} DROP COLUMN {_COLUMN}"))
