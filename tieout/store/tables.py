"""The tables, as SQLModel classes. Plain column definitions, named constraints (Alembic-ready).

These rows never leave ``store/``: the modules beside this one turn them into frozen
records before returning.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    CheckConstraint,
    Column,
    DateTime,
    Dialect,
    ForeignKeyConstraint,
    Index,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import ExcludeConstraint
from sqlmodel import Field, SQLModel

__all__ = [
    "ApiKeyRow",
    "AttemptRow",
    "CalibrationCheckRow",
    "CalibrationSampleRow",
    "CheckRunRow",
    "ClaimResultRow",
    "DocumentRow",
    "GateRejectionRow",
    "MetricRow",
    "OverrideRow",
    "QueueResolutionRow",
    "ReviewQueueRow",
    "UTCDateTime",
]


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware timestamp stored as UTC and read back as UTC on every backend.

    SQLite has no time zones: without this, values come back naive.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"timestamp {value.isoformat()} has no time zone; give it in UTC")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class MetricRow(SQLModel, table=True):
    """One version of a metric's definition (Type 2: a new row per change)."""

    __tablename__ = "metric_registry"
    # The Type 2 guarantees, created by migration 0002 (tieout/store/migrations). The
    # CHECKs and the exclusion constraint exist on PostgreSQL only; SQLite enforces the same
    # rules (and "a closed version is never edited") with triggers, which no model declares.
    __table_args__ = (
        CheckConstraint(
            "effective_to IS NULL OR effective_to > effective_from",
            name="ck_metric_registry_effective_order",
        ).ddl_if(dialect="postgresql"),
        CheckConstraint(
            "period_start <= period_end", name="ck_metric_registry_period_order"
        ).ddl_if(dialect="postgresql"),
        ExcludeConstraint(
            (text("metric_key"), "="),
            (text("daterange(effective_from, effective_to, '[)')"), "&&"),
            name="ex_metric_registry_no_overlap",
            using="gist",
        ).ddl_if(dialect="postgresql"),
        Index(
            "uq_metric_registry_one_current",
            "metric_key",
            unique=True,
            postgresql_where=text("effective_to IS NULL"),
            sqlite_where=text("effective_to IS NULL"),
        ),
    )

    metric_key: str = Field(primary_key=True)
    effective_from: date = Field(primary_key=True)
    period_start: date
    period_end: date
    unit: str
    definition: str = Field(sa_column=Column(Text, nullable=False))
    source_doc_id: str
    effective_to: date | None = Field(default=None)


class DocumentRow(SQLModel, table=True):
    """One snapshot of a source document; a new content hash under the same id is a new row."""

    __tablename__ = "documents"
    __table_args__ = (UniqueConstraint("doc_id", "sha256", name="uq_documents_doc_id_sha256"),)

    id: int | None = Field(default=None, primary_key=True)
    doc_id: str = Field(index=True)
    sha256: str = Field(max_length=64)
    text: str = Field(sa_column=Column(Text, nullable=False))
    source_name: str
    media_type: str
    period_start: date | None = None
    period_end: date | None = None
    published: date | None = None
    scale: str | None = None
    ingested_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    numbers: str | None = None  # 'point' | 'comma'; NULL (stored before 0007) reads as 'point'


class CheckRunRow(SQLModel, table=True):
    """One checking run over a claim set."""

    __tablename__ = "check_runs"

    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(unique=True)
    source: str
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    counts: dict[str, int] = Field(sa_column=Column(JSON, nullable=False))


class ClaimResultRow(SQLModel, table=True):
    """The verdict on one claim of a run: every check's result and what it was checked against."""

    __tablename__ = "claim_results"
    __table_args__ = (
        UniqueConstraint("run_pk", "position", name="uq_claim_results_run_position"),
        ForeignKeyConstraint(
            ["registry_metric_key", "registry_effective_from"],
            ["metric_registry.metric_key", "metric_registry.effective_from"],
            name="fk_claim_results_registry_version",
        ),
        Index("ix_claim_results_metric_key", "metric_key"),
        Index("ix_claim_results_verdict", "verdict"),
    )

    id: int | None = Field(default=None, primary_key=True)
    run_pk: int = Field(foreign_key="check_runs.id")
    position: int
    metric_key: str
    claim: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    verdict: str
    reason: str = Field(sa_column=Column(Text, nullable=False))
    checks: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    snapshot_sha256: str | None = Field(default=None, max_length=64)
    registry_metric_key: str | None = None
    registry_effective_from: date | None = None
    checked_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class GateRejectionRow(SQLModel, table=True):
    """One figure the free-text gate refused, with the reason the model was given."""

    __tablename__ = "gate_rejections"
    __table_args__ = (Index("ix_gate_rejections_workflow_created_at", "workflow", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    workflow: str  # "" when the gate ran without a workflow
    run_id: str
    figure: str = Field(sa_column=Column(Text, nullable=False))
    claim_class: str
    reason: str = Field(sa_column=Column(Text, nullable=False))
    line: int
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    # sha256 of each source gated against (migration 0005; NULL on rows logged before it)
    source_sha256s: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class ApiKeyRow(SQLModel, table=True):
    """One HTTP API key: its public id, role and salted hash (the key itself is never stored)."""

    __tablename__ = "api_keys"

    id: int | None = Field(default=None, primary_key=True)
    key_id: str = Field(unique=True, max_length=32)
    name: str
    role: str
    salt: str = Field(max_length=64)
    digest: str = Field(max_length=64)
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    revoked_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )


class ReviewQueueRow(SQLModel, table=True):
    """A claim set that stayed invalid after its re-asks: raw text and problems, for a person."""

    __tablename__ = "review_queue"
    __table_args__ = (Index("ix_review_queue_status_created_at", "status", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    source: str
    status: str
    raw_text: str = Field(sa_column=Column(Text, nullable=False))
    problems: list[list[str]] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


# -- the audit trail (migration 0005): append-only, a trigger refuses UPDATE and DELETE ------


class OverrideRow(SQLModel, table=True):
    """A reviewer's verdict on a stored claim, beside (never instead of) the checker's."""

    __tablename__ = "claim_overrides"
    __table_args__ = (
        ForeignKeyConstraint(
            ["claim_result_id"], ["claim_results.id"], name="fk_claim_overrides_claim"
        ),
        Index("ix_claim_overrides_claim_result_id", "claim_result_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    claim_result_id: int
    original_verdict: str
    verdict: str
    reason: str = Field(sa_column=Column(Text, nullable=False))
    reviewer: str
    signed_in_as: str | None = None  # who tieout authenticated (0009); NULL: not recorded
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class AttemptRow(SQLModel, table=True):
    """One response an agent gave :func:`tieout.enforce`: its problems and the re-ask sent."""

    __tablename__ = "claim_attempts"
    __table_args__ = (Index("ix_claim_attempts_run_id", "run_id"),)

    id: int | None = Field(default=None, primary_key=True)
    source: str
    attempt: int
    raw_text: str = Field(sa_column=Column(Text, nullable=False))
    problems: list[list[str]] = Field(sa_column=Column(JSON, nullable=False))
    message: str = Field(sa_column=Column(Text, nullable=False))
    outcome: str
    run_id: str | None = None
    queue_id: int | None = None
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class CalibrationSampleRow(SQLModel, table=True):
    """One passing claim drawn for a person to verify in a week's calibration sample."""

    __tablename__ = "calibration_samples"
    __table_args__ = (
        UniqueConstraint("week", "claim_result_id", name="uq_calibration_samples_week_claim"),
        ForeignKeyConstraint(
            ["claim_result_id"], ["claim_results.id"], name="fk_calibration_samples_claim"
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    week: str = Field(max_length=8)
    claim_result_id: int
    seed: str
    drawn_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class CalibrationCheckRow(SQLModel, table=True):
    """What a person found for one sampled claim; the latest check of a sample counts."""

    __tablename__ = "calibration_checks"
    __table_args__ = (
        ForeignKeyConstraint(
            ["sample_id"], ["calibration_samples.id"], name="fk_calibration_checks_sample"
        ),
        Index("ix_calibration_checks_sample_id", "sample_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    sample_id: int
    confirmed: bool
    reviewer: str
    note: str = Field(sa_column=Column(Text, nullable=False))
    recorded_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class QueueResolutionRow(SQLModel, table=True):
    """What a person did with a queued claim set (migration 0006); the latest event counts."""

    __tablename__ = "review_queue_resolutions"
    __table_args__ = (
        ForeignKeyConstraint(
            ["queue_id"], ["review_queue.id"], name="fk_review_queue_resolutions_queue"
        ),
        Index("ix_review_queue_resolutions_queue_id", "queue_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    queue_id: int
    outcome: str
    note: str = Field(sa_column=Column(Text, nullable=False))
    reviewer: str
    resolved_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
