"""The audit trail: overrides, re-ask attempts, calibration samples, and append-only records.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

``gate_rejections`` gains ``source_sha256s``: the sha256 of each source a draft was gated
against. New tables:

* ``claim_overrides``: a reviewer's verdict on a stored claim, with the verdict it replaced,
  the reason and the reviewer's name; the original ``claim_results`` row is never touched.
* ``claim_attempts``: every response an agent gave :func:`tieout.enforce`, with the problems
  found and the re-ask message sent back.
* ``calibration_samples`` and ``calibration_checks``: the weekly sample of passing claims
  drawn for a person to verify, and what the person found.

Every table that records what happened is append-only: the code has no update or delete
path for it, and a trigger refuses ``UPDATE`` and ``DELETE`` (PostgreSQL also refuses
``TRUNCATE``; on SQLite an insert that clashes with a stored row's key is refused, so
``INSERT OR REPLACE`` cannot rewrite one). The trigger's name, ``tr_append_only``, leads its message. Tables are created
only where missing, so a database made by ``create_all`` from the current models upgrades too.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

#: Tables whose rows, once written, are never changed or removed.
APPEND_ONLY = (
    "documents",
    "check_runs",
    "claim_results",
    "gate_rejections",
    "review_queue",
    "claim_overrides",
    "claim_attempts",
    "calibration_samples",
    "calibration_checks",
)


def _stamp() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _create_tables() -> None:
    inspector = sa.inspect(op.get_bind())
    have = set(inspector.get_table_names())
    if "source_sha256s" not in {c["name"] for c in inspector.get_columns("gate_rejections")}:
        op.add_column("gate_rejections", sa.Column("source_sha256s", sa.JSON(), nullable=True))
    if "claim_overrides" not in have:
        op.create_table(
            "claim_overrides",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("claim_result_id", sa.Integer(), nullable=False),
            sa.Column("original_verdict", sa.String(), nullable=False),
            sa.Column("verdict", sa.String(), nullable=False),
            sa.Column("reason", sa.Text(), nullable=False),
            sa.Column("reviewer", sa.String(), nullable=False),
            sa.Column("created_at", _stamp(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
            sa.ForeignKeyConstraint(
                ["claim_result_id"], ["claim_results.id"], name="fk_claim_overrides_claim"
            ),
        )
        op.create_index(
            "ix_claim_overrides_claim_result_id", "claim_overrides", ["claim_result_id"]
        )
    if "claim_attempts" not in have:
        op.create_table(
            "claim_attempts",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("source", sa.String(), nullable=False),
            sa.Column("attempt", sa.Integer(), nullable=False),
            sa.Column("raw_text", sa.Text(), nullable=False),
            sa.Column("problems", sa.JSON(), nullable=False),
            sa.Column("message", sa.Text(), nullable=False),
            sa.Column("outcome", sa.String(), nullable=False),
            sa.Column("run_id", sa.String(), nullable=True),
            sa.Column("queue_id", sa.Integer(), nullable=True),
            sa.Column("created_at", _stamp(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        )
        op.create_index("ix_claim_attempts_run_id", "claim_attempts", ["run_id"])
    if "calibration_samples" not in have:
        op.create_table(
            "calibration_samples",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("week", sa.String(length=8), nullable=False),
            sa.Column("claim_result_id", sa.Integer(), nullable=False),
            sa.Column("seed", sa.String(), nullable=False),
            sa.Column("drawn_at", _stamp(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint(
                "week", "claim_result_id", name="uq_calibration_samples_week_claim"
            ),
            sa.ForeignKeyConstraint(
                ["claim_result_id"], ["claim_results.id"], name="fk_calibration_samples_claim"
            ),
        )
    if "calibration_checks" not in have:
        op.create_table(
            "calibration_checks",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("sample_id", sa.Integer(), nullable=False),
            sa.Column("confirmed", sa.Boolean(), nullable=False),
            sa.Column("reviewer", sa.String(), nullable=False),
            sa.Column("note", sa.Text(), nullable=False),
            sa.Column("recorded_at", _stamp(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
            sa.ForeignKeyConstraint(
                ["sample_id"], ["calibration_samples.id"], name="fk_calibration_checks_sample"
            ),
        )
        op.create_index("ix_calibration_checks_sample_id", "calibration_checks", ["sample_id"])


_PG_FUNCTION = """
CREATE OR REPLACE FUNCTION tieout_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION USING
        ERRCODE = 'insufficient_privilege',
        MESSAGE = format('tr_append_only: %s is append-only: its rows are never changed or '
                         'deleted (%s refused)', TG_TABLE_NAME, TG_OP);
END
$$
"""


def _pg_upgrade() -> None:
    op.execute(sa.text(_PG_FUNCTION))
    for table in APPEND_ONLY:
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{table}_append_only ON {table}"))
        op.execute(
            sa.text(
                f"CREATE TRIGGER tr_{table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION tieout_append_only()"
            )
        )
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{table}_no_truncate ON {table}"))
        op.execute(
            sa.text(
                f"CREATE TRIGGER tr_{table}_no_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION tieout_append_only()"
            )
        )


# Each table's unique keys: SQLite's INSERT OR REPLACE deletes a row that clashes on any of
# them without firing DELETE triggers, so an insert that clashes is refused up front.
_SQLITE_KEYS = {
    "documents": (("id",), ("doc_id", "sha256")),
    "check_runs": (("id",), ("run_id",)),
    "claim_results": (("id",), ("run_pk", "position")),
    "gate_rejections": (("id",),),
    "review_queue": (("id",),),
    "claim_overrides": (("id",),),
    "claim_attempts": (("id",),),
    "calibration_samples": (("id",), ("week", "claim_result_id")),
    "calibration_checks": (("id",),),
}


def _sqlite_upgrade() -> None:
    for table in APPEND_ONLY:
        clash = " OR ".join(
            "(" + " AND ".join(f"t.{c} = NEW.{c}" for c in key) + ")" for key in _SQLITE_KEYS[table]
        )
        name = f"tr_{table}_no_replace"
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name}"))
        op.execute(
            sa.text(
                f"CREATE TRIGGER {name} BEFORE INSERT ON {table} "
                f"WHEN EXISTS (SELECT 1 FROM {table} t WHERE {clash}) BEGIN "
                f"SELECT RAISE(ABORT, 'tr_append_only: {table} is append-only: a row with this "
                "key is stored already and is never replaced (INSERT refused)'); END"
            )
        )
        for event in ("UPDATE", "DELETE"):
            name = f"tr_{table}_no_{event.lower()}"
            op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name}"))
            op.execute(
                sa.text(
                    f"CREATE TRIGGER {name} BEFORE {event} ON {table} BEGIN "
                    f"SELECT RAISE(ABORT, 'tr_append_only: {table} is append-only: its rows are "
                    f"never changed or deleted ({event} refused)'); END"
                )
            )


def upgrade() -> None:
    _create_tables()
    if op.get_bind().dialect.name == "postgresql":
        _pg_upgrade()
    else:
        _sqlite_upgrade()


def downgrade() -> None:
    postgres = op.get_bind().dialect.name == "postgresql"
    for table in APPEND_ONLY:
        if postgres:
            op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{table}_append_only ON {table}"))
            op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{table}_no_truncate ON {table}"))
        else:
            op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{table}_no_replace"))
            op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{table}_no_update"))
            op.execute(sa.text(f"DROP TRIGGER IF EXISTS tr_{table}_no_delete"))
    if postgres:
        op.execute(sa.text("DROP FUNCTION IF EXISTS tieout_append_only()"))
    for table in ("calibration_checks", "calibration_samples", "claim_attempts", "claim_overrides"):
        op.execute(sa.text(f"DROP TABLE IF EXISTS {table}"))
    with op.batch_alter_table("gate_rejections") as batch:  # SQLite rebuilds the table
        batch.drop_column("source_sha256s")
