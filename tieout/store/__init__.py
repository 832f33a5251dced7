"""The database: metric versions (Type 2), document snapshots, check runs and the audit trail.

Only this package talks to the database (the only one that imports SQLAlchemy and SQLModel).
Open a :class:`Store` on a SQLite file or a PostgreSQL URL; everything it returns is a
frozen value, and every database failure arrives as :class:`tieout.errors.StorageError`.
"""

from __future__ import annotations

from .engine import database_url
from .records import (
    ApiKeyRecord,
    AttemptRecord,
    CalibrationItem,
    ClaimResultRecord,
    DocumentRecord,
    ImportPlan,
    MetricVersion,
    OverrideRecord,
    RejectionRecord,
    ResolutionRecord,
    ReviewItem,
    RunRecord,
)
from .store import Store

__all__ = [
    "ApiKeyRecord",
    "AttemptRecord",
    "CalibrationItem",
    "ClaimResultRecord",
    "DocumentRecord",
    "ImportPlan",
    "MetricVersion",
    "OverrideRecord",
    "RejectionRecord",
    "ResolutionRecord",
    "ReviewItem",
    "RunRecord",
    "Store",
    "database_url",
]
