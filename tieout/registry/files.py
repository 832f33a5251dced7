"""Metric definitions in YAML or CSV files, both ways: read, reporting every bad row with its
line number, and written out in the format read, so export → import is a no-op.

YAML: a list of mappings, or a mapping ``{metrics: [...]}``. CSV: a header row of field names.
Either may give ``period: 2026-07`` (any form :func:`tieout.periods.parse_period` reads)
instead of ``period_start`` and ``period_end``; a split year ("FY 2026-27") only as dates,
since its months depend on when the fiscal year starts.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from tieout._yaml import load as strict_yaml
from tieout.errors import InputError, TieoutError
from tieout.periods import parse_dated_period
from tieout.schemas.metric import MetricDefinition

__all__ = ["METRIC_COLUMNS", "dump_metrics", "load_metric_file"]

#: A metric definition's fields, in the order files give them (CSV headers, YAML keys).
METRIC_COLUMNS: tuple[str, ...] = tuple(MetricDefinition.model_fields)
_ACCEPTED = ", ".join((*METRIC_COLUMNS, "period"))

_SHAPE = "expected a list of metrics, or a mapping with a 'metrics' list"
_NOT_MAPPING = "expected a mapping of field names to values, got {kind}"
_SPLIT_YEAR_FIX = "give period_start and period_end instead ({first} and {last} for April to March)"
_BOTH_PERIODS = "give either period or period_start/period_end, not both"
_DUPLICATE = "metric {key!r} with effective_from {start} is already given on line {line}"
_UNKNOWN_FIELD = "unknown field {name!r}; accepted fields: {accepted}"
_SUFFIX = "cannot import metrics from a {suffix!r} file; use .yaml, .yml or .csv"


class _RowError(Exception):
    """A problem with one row, before the model is even tried."""


def load_metric_file(path: str | Path) -> list[MetricDefinition]:
    """Every metric definition in ``path`` (.yaml, .yml or .csv), in file order.

    Raises :class:`~tieout.errors.InputError` listing every bad row as
    ``FILE line N (metric_key): reason``; nothing is returned unless every row is good.
    """
    name = str(path)
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".yaml", ".yml", ".csv"):
        raise InputError(f"{name}: {_SUFFIX.format(suffix=suffix or '(no suffix)')}")
    try:
        text = p.read_text(encoding="utf-8-sig")
    except OSError as err:
        raise InputError(f"{name}: cannot read the file: {err.strerror or err}") from err
    except UnicodeDecodeError as err:
        raise InputError(f"{name}: not UTF-8 text ({err.reason})") from err
    rows: Iterable[tuple[int, object]] = (
        _csv_rows(name, text) if suffix == ".csv" else _yaml_rows(name, text)
    )

    defs: list[MetricDefinition] = []
    problems: list[str] = []
    seen: dict[tuple[str, object], int] = {}
    for line, raw in rows:
        key = raw.get("metric_key") if isinstance(raw, Mapping) else None
        named = isinstance(key, str) and key.strip() and key.isprintable()
        label = f"{name} line {line}" + (f" ({key})" if named else "")
        try:
            m = _build(raw)
        except _RowError as err:
            problems.append(f"{label}: {err}")
            continue
        ident = (m.metric_key, m.effective_from)
        if ident in seen:
            dup = _DUPLICATE.format(key=m.metric_key, start=m.effective_from, line=seen[ident])
            problems.append(f"{label}: {dup}")
            continue
        seen[ident] = line
        defs.append(m)
    if problems:
        raise InputError("\n".join(problems))
    return defs


# -- reading rows with their line numbers ---------------------------------------------------


def _yaml_rows(name: str, text: str) -> list[tuple[int, object]]:
    try:
        data = strict_yaml(text)
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{name} line {mark.line + 1}" if mark is not None else name
        problem = getattr(err, "problem", None) or str(err)
        raise InputError(f"{where}: not valid YAML: {problem}") from err
    if isinstance(data, list) and isinstance(root, yaml.SequenceNode):
        items, nodes = data, root.value
    elif (
        isinstance(data, dict)
        and set(data) == {"metrics"}
        and isinstance(data["metrics"], list)
        and isinstance(root, yaml.MappingNode)
    ):
        items = data["metrics"]
        nodes = root.value[-1][1].value
    else:
        raise InputError(f"{name}: {_SHAPE}")
    return [(node.start_mark.line + 1, item) for node, item in zip(nodes, items, strict=True)]


def _csv_rows(name: str, text: str) -> Iterator[tuple[int, object]]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        raise InputError(f"{name}: empty file; expected a header row of field names") from None
    unknown = [h for h in header if h not in METRIC_COLUMNS and h != "period"]
    if unknown:
        raise InputError(
            f"{name} line 1: " + _UNKNOWN_FIELD.format(name=unknown[0], accepted=_ACCEPTED)
        )
    previous_end = reader.line_num
    for values in reader:
        start, previous_end = previous_end + 1, reader.line_num
        if not any(v.strip() for v in values):
            continue
        if len(values) > len(header):
            row: object = _RowError(
                f"{len(values)} values but the header has {len(header)} columns"
            )
        else:
            row = {h: v.strip() for h, v in zip(header, values, strict=False) if v.strip()}
        yield start, row


# -- one row to one definition ---------------------------------------------------------------


def _build(raw: object) -> MetricDefinition:
    if isinstance(raw, _RowError):
        raise raw
    if not isinstance(raw, Mapping):
        raise _RowError(_NOT_MAPPING.format(kind=type(raw).__name__))
    data: dict[str, Any] = {str(k): v for k, v in raw.items()}
    if "period" in data:
        if "period_start" in data or "period_end" in data:
            raise _RowError(_BOTH_PERIODS)
        try:
            period = parse_dated_period(str(data.pop("period")), fix=_SPLIT_YEAR_FIX)
        except TieoutError as err:
            raise _RowError(str(err)) from err
        data["period_start"], data["period_end"] = period.start, period.end
    try:
        return MetricDefinition.model_validate(data)
    except ValidationError as err:
        raise _RowError("; ".join(_describe(e) for e in err.errors())) from err


def _describe(err: ErrorDetails) -> str:
    """One pydantic error as a sentence a user can act on."""
    field = ".".join(str(part) for part in err["loc"])
    cause = (err.get("ctx") or {}).get("error")
    if isinstance(cause, TieoutError):
        return str(cause)
    kind = err["type"]
    if kind == "missing":
        return f"{field} is required"
    if kind == "extra_forbidden":
        return _UNKNOWN_FIELD.format(name=field, accepted=_ACCEPTED)
    message = str(cause) if isinstance(cause, Exception) else err["msg"]
    return f"{field}: {message}" if field else message


# -- writing definitions out -----------------------------------------------------------------


def _row(m: MetricDefinition, with_end: bool) -> dict[str, str]:
    row = {c: getattr(m, c) for c in METRIC_COLUMNS}
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
        columns = [c for c in METRIC_COLUMNS if c != "effective_to" or with_end]
        writer = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        for r in rows:
            writer.writerow({c: r.get(c, "") for c in columns})
        return buf.getvalue()
    raise InputError(f"export format {fmt!r} is not one of yaml, csv")
