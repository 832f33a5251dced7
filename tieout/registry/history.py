"""Reading a metric's history: what changed between two versions."""

from __future__ import annotations

from tieout.schemas.metric import MetricDefinition

__all__ = ["TRACKED", "changed_fields"]

#: The attributes a new version may change (the Type 2 "tracked" columns).
TRACKED = ("definition", "unit", "period_start", "period_end", "source_doc_id")


def changed_fields(old: MetricDefinition, new: MetricDefinition) -> list[str]:
    """The tracked attributes whose value differs between two versions, in table order."""
    return [name for name in TRACKED if getattr(old, name) != getattr(new, name)]
