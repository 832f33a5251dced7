"""An in-memory registry: the same look-ups as the database store, for library use."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from pathlib import Path

from tieout.schemas import MetricDefinition
from tieout.schemas.metric import check_lookup

from .files import load_metric_file

__all__ = ["Registry"]


class Registry:
    """Metric definitions held in memory, with as-of look-ups (Type 2 rows)."""

    def __init__(self, definitions: Iterable[MetricDefinition] = ()) -> None:
        self._rows: dict[str, list[MetricDefinition]] = {}
        for d in definitions:
            self.add(d)

    @classmethod
    def from_file(cls, path: str | Path) -> Registry:
        return cls(load_metric_file(path))

    def add(self, definition: MetricDefinition) -> None:
        rows = self._rows.setdefault(definition.metric_key, [])
        rows.append(definition)
        rows.sort(key=lambda r: r.effective_from)

    def metric_as_of(self, metric_key: str, on: date) -> MetricDefinition | None:
        check_lookup(metric_key, on)
        rows = self._rows.get(metric_key, [])
        current = None
        for i, r in enumerate(rows):
            end = r.effective_to or (rows[i + 1].effective_from if i + 1 < len(rows) else None)
            if r.effective_from <= on and (end is None or on < end):
                current = r
        return current

    def metric_history(self, metric_key: str) -> list[MetricDefinition]:
        check_lookup(metric_key, needs_date=False)
        return list(self._rows.get(metric_key, []))

    def __contains__(self, metric_key: object) -> bool:
        return metric_key in self._rows

    def __len__(self) -> int:
        return len(self._rows)
