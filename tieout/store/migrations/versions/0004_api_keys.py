"""API keys for the HTTP API: public id, role, salted hash, revocation time.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02

``tieout keys create`` adds a row, ``tieout keys revoke`` sets ``revoked_at``; the key itself
is never stored (see :mod:`tieout.web.auth`). The table is created only where it is missing,
so a database made by ``create_all`` from the current models upgrades too.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

_TABLE = "api_keys"


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table(_TABLE):
        return
    op.create_table(
        _TABLE,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("salt", sa.String(length=64), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key_id"),
    )


def downgrade() -> None:
    op.execute(sa.text(f"DROP TABLE IF EXISTS {_TABLE}"))
