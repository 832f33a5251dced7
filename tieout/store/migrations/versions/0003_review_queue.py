"""The review queue: claim sets that stayed invalid after their re-asks, waiting for a person.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02

:func:`tieout.enforce` writes one row per claim set it gives up on (status ``needs_human``);
``tieout review queue`` lists them. The table is created only where it is missing, so a
database made by ``create_all`` from the current models upgrades too.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

_TABLE = "review_queue"
_INDEX = "ix_review_queue_status_created_at"


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if not inspector.has_table(_TABLE):
        op.create_table(
            _TABLE,
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("source", sa.String(), nullable=False),
            sa.Column("status", sa.String(), nullable=False),
            sa.Column("raw_text", sa.Text(), nullable=False),
            sa.Column("problems", sa.JSON(), nullable=False),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        )
    existing = {ix["name"] for ix in sa.inspect(op.get_bind()).get_indexes(_TABLE)}
    if _INDEX not in existing:
        op.create_index(_INDEX, _TABLE, ["status", "created_at"])


def downgrade() -> None:
    op.execute(sa.text(f"DROP INDEX IF EXISTS {_INDEX}"))
    op.execute(sa.text(f"DROP TABLE IF EXISTS {_TABLE}"))
