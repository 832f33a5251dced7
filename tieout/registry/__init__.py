"""The storage layer: metric versions (Type 2), document snapshots and check results.

Only this package talks to the database. Open a :class:`Store` on a SQLite file or a
PostgreSQL URL; everything it returns is a frozen value, and every database failure
arrives as :class:`tieout.errors.StorageError`.
"""

from __future__ import annotations

from .db import database_url
from .importer import load_metric_file
from .records import (
    AttemptRecord,
    CalibrationItem,
    ClaimResultRecord,
    DocumentRecord,
    ImportPlan,
    MetricVersion,
    OverrideRecord,
    RejectionRecord,
    ReviewItem,
    RunRecord,
)
from .store import Store

__all__ = [
    "AttemptRecord",
    "CalibrationItem",
    "ClaimResultRecord",
    "DocumentRecord",
    "ImportPlan",
    "MetricVersion",
    "OverrideRecord",
    "RejectionRecord",
    "ReviewItem",
    "RunRecord",
    "Store",
    "database_url",
    "load_metric_file",
]
