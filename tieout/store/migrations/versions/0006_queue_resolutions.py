"""Review queue resolutions: what a person did with each queued claim set, append-only.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

``review_queue`` is append-only (0005), so an item's stored status can never change. New table
``review_queue_resolutions``: one row per event on a queued item (``resolved``, ``discarded``
or ``reopened``), with the reviewer's note and name and when; the latest event gives the
item's status in force. It is append-only like the other audit tables, with the same
triggers: ``UPDATE`` and ``DELETE`` refused on both backends, ``TRUNCATE`` on PostgreSQL
(through 0005's ``tieout_append_only()``), and on SQLite an insert that clashes with a stored
row's id. The table is created only where missing, so a database made by ``create_all``
from the current models upgrades too.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

_TABLE = "review_queue_resolutions"
_INDEX = "ix_review_queue_resolutions_queue_id"


def _create_table() -> None:
    if not sa.inspect(op.get_bind()).has_table(_TABLE):
        op.create_table(
            _TABLE,
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("queue_id", sa.Integer(), nullable=False),
            sa.Column("outcome", sa.String(), nullable=False),
            sa.Column("note", sa.Text(), nullable=False),
            sa.Column("reviewer", sa.String(), nullable=False),
            sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=False),
            sa.PrimaryKeyConstraint("id"),
            sa.ForeignKeyConstraint(
                ["queue_id"], ["review_queue.id"], name="fk_review_queue_resolutions_queue"
            ),
        )
    existing = {ix["name"] for ix in sa.inspect(op.get_bind()).get_indexes(_TABLE)}
    if _INDEX not in existing:
        op.create_index(_INDEX, _TABLE, ["queue_id"])


def _pg_upgrade() -> None:
    """The triggers 0005 gives each audit table, on the function 0005 created."""
    op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{_TABLE}_append_only ON {_TABLE}"))
    op.execute(
        sa.text(
            f"CREATE TRIGGER tr_{_TABLE}_append_only BEFORE UPDATE OR DELETE ON {_TABLE} "
            "FOR EACH ROW EXECUTE FUNCTION tieout_append_only()"
        )
    )
    op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{_TABLE}_no_truncate ON {_TABLE}"))
    op.execute(
        sa.text(
            f"CREATE TRIGGER tr_{_TABLE}_no_truncate BEFORE TRUNCATE ON {_TABLE} "
            "FOR EACH STATEMENT EXECUTE FUNCTION tieout_append_only()"
        )
    )


def _sqlite_upgrade() -> None:
    """0005's SQLite triggers: no insert over a stored id (INSERT OR REPLACE), no UPDATE/DELETE."""
    name = f"tr_{_TABLE}_no_replace"
    op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name}"))
    op.execute(
        sa.text(
            f"CREATE TRIGGER {name} BEFORE INSERT ON {_TABLE} "
            f"WHEN EXISTS (SELECT 1 FROM {_TABLE} t WHERE (t.id = NEW.id)) BEGIN "
            f"SELECT RAISE(ABORT, 'tr_append_only: {_TABLE} is append-only: a row with this "
            "key is stored already and is never replaced (INSERT refused)'); END"
        )
    )
    for event in ("UPDATE", "DELETE"):
        name = f"tr_{_TABLE}_no_{event.lower()}"
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name}"))
        op.execute(
            sa.text(
                f"CREATE TRIGGER {name} BEFORE {event} ON {_TABLE} BEGIN "
                f"SELECT RAISE(ABORT, 'tr_append_only: {_TABLE} is append-only: its rows are "
                f"never changed or deleted ({event} refused)'); END"
            )
        )


def upgrade() -> None:
    _create_table()
    if op.get_bind().dialect.name == "postgresql":
        _pg_upgrade()
    else:
        _sqlite_upgrade()


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{_TABLE}_append_only ON {_TABLE}"))
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{_TABLE}_no_truncate ON {_TABLE}"))
    else:
        for suffix in ("no_replace", "no_update", "no_delete"):
            op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{_TABLE}_{suffix}"))
    op.execute(sa.text(f"DROP INDEX IF EXISTS {_INDEX}"))
    op.execute(sa.text(f"DROP TABLE IF EXISTS {_TABLE}"))
