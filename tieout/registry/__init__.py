"""The storage layer: metric versions (Type 2), document snapshots and check results.

Only this package talks to the database. Open a :class:`Store` on a SQLite file or a
PostgreSQL URL; everything it returns is a frozen value, and every database failure
arrives as :class:`tieout.errors.StorageError`.
"""

from __future__ import annotations

from .db import database_url
from .importer import load_metric_file
from .records import (
    ClaimResultRecord,
    DocumentRecord,
    ImportPlan,
    MetricVersion,
    RejectionRecord,
    ReviewItem,
    RunRecord,
)
from .store import Store

__all__ = [
    "ClaimResultRecord",
    "DocumentRecord",
    "ImportPlan",
    "MetricVersion",
    "RejectionRecord",
    "ReviewItem",
    "RunRecord",
    "Store",
    "database_url",
    "load_metric_file",
]
