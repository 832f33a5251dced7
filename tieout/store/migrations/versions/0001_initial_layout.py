"""The initial layout: the five tables as SQLModel create_all made them before migrations.

Revision ID: 0001
Revises:
Create Date: 2026-12-02

Databases made before migrations existed (by ``create_all``) already hold some or all of
these tables: each table and index is created only where it is missing, so upgrading such a
database adopts it as revision 0001 without touching its rows.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

_TABLES = ("check_runs", "documents", "gate_rejections", "metric_registry", "claim_results")


def _stamp() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _create(name: str, *elements: sa.schema.SchemaItem) -> None:
    """Create table ``name`` unless it exists."""
    if not sa.inspect(op.get_bind()).has_table(name):
        op.create_table(name, *elements)


def _index(name: str, table: str, columns: list[str]) -> None:
    existing = {ix["name"] for ix in sa.inspect(op.get_bind()).get_indexes(table)}
    if name not in existing:
        op.create_index(name, table, columns)


def upgrade() -> None:
    _create(
        "check_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.String(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("created_at", _stamp(), nullable=False),
        sa.Column("counts", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("run_id"),
    )
    _create(
        "documents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("doc_id", sa.String(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("source_name", sa.String(), nullable=False),
        sa.Column("media_type", sa.String(), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=True),
        sa.Column("period_end", sa.Date(), nullable=True),
        sa.Column("published", sa.Date(), nullable=True),
        sa.Column("scale", sa.String(), nullable=True),
        sa.Column("ingested_at", _stamp(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("doc_id", "sha256", name="uq_documents_doc_id_sha256"),
    )
    _index("ix_documents_doc_id", "documents", ["doc_id"])
    _create(
        "gate_rejections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("workflow", sa.String(), nullable=False),
        sa.Column("run_id", sa.String(), nullable=False),
        sa.Column("figure", sa.Text(), nullable=False),
        sa.Column("claim_class", sa.String(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("line", sa.Integer(), nullable=False),
        sa.Column("created_at", _stamp(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    _index("ix_gate_rejections_workflow_created_at", "gate_rejections", ["workflow", "created_at"])
    _create(
        "metric_registry",
        sa.Column("metric_key", sa.String(), nullable=False),
        sa.Column("effective_from", sa.Date(), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("unit", sa.String(), nullable=False),
        sa.Column("definition", sa.Text(), nullable=False),
        sa.Column("source_doc_id", sa.String(), nullable=False),
        sa.Column("effective_to", sa.Date(), nullable=True),
        sa.PrimaryKeyConstraint("metric_key", "effective_from"),
    )
    _create(
        "claim_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("run_pk", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("metric_key", sa.String(), nullable=False),
        sa.Column("claim", sa.JSON(), nullable=False),
        sa.Column("verdict", sa.String(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("checks", sa.JSON(), nullable=False),
        sa.Column("snapshot_sha256", sa.String(length=64), nullable=True),
        sa.Column("registry_metric_key", sa.String(), nullable=True),
        sa.Column("registry_effective_from", sa.Date(), nullable=True),
        sa.Column("checked_at", _stamp(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("run_pk", "position", name="uq_claim_results_run_position"),
        sa.ForeignKeyConstraint(
            ["registry_metric_key", "registry_effective_from"],
            ["metric_registry.metric_key", "metric_registry.effective_from"],
            name="fk_claim_results_registry_version",
        ),
        sa.ForeignKeyConstraint(["run_pk"], ["check_runs.id"]),
    )
    _index("ix_claim_results_metric_key", "claim_results", ["metric_key"])
    _index("ix_claim_results_verdict", "claim_results", ["verdict"])


def downgrade() -> None:
    for name in reversed(_TABLES):
        op.drop_table(name)
