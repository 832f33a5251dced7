"""Writing the registry out in the format ``load_metric_file`` reads, so export → import is a no-op."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

import yaml

from tieout.errors import InputError
from tieout.schemas.metric import MetricDefinition

__all__ = ["dump_metrics"]

_COLUMNS = (
    "metric_key",
    "definition",
    "unit",
    "period_start",
    "period_end",
    "source_doc_id",
    "effective_from",
    "effective_to",
)


def _row(m: MetricDefinition, with_end: bool) -> dict[str, str]:
    row = {c: getattr(m, c) for c in _COLUMNS}
    out = {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in row.items()}
    if not with_end or out["effective_to"] is None:
        out.pop("effective_to")
    return out


def dump_metrics(defs: Sequence[MetricDefinition], fmt: str = "yaml") -> str:
    """The definitions as YAML (a list of mappings) or CSV (a header row of field names)."""
    with_end = any(m.effective_to is not None for m in defs)
    rows = [_row(m, with_end) for m in defs]
    if fmt == "yaml":
        return yaml.safe_dump(rows, sort_keys=False, allow_unicode=True, width=1000)
    if fmt == "csv":
        buf = io.StringIO()
        columns = [c for c in _COLUMNS if c != "effective_to" or with_end]
        writer = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        for r in rows:
            writer.writerow({c: r.get(c, "") for c in columns})
        return buf.getvalue()
    raise InputError(f"export format {fmt!r} is not one of yaml, csv")
