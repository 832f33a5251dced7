"""The metric registry: what each metric means, its unit, period and source, version by version.

Type 2 history: a changed definition is a new version, the old one closed on the day the
new one takes effect, and every look-up asks what was in force on a date. No SQL here:
:class:`Registry` holds versions in memory; :class:`tieout.store.Store` keeps them in the
database. :func:`load_metric_file` and :func:`dump_metrics` read and write YAML or CSV.
"""

from __future__ import annotations

from .files import METRIC_COLUMNS, dump_metrics, load_metric_file
from .history import changed_fields
from .in_memory import Registry

__all__ = [
    "METRIC_COLUMNS",
    "Registry",
    "changed_fields",
    "dump_metrics",
    "load_metric_file",
]
