"""Importing metric definitions from YAML and CSV files: good files, and bad rows by line."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tieout.errors import InputError
from tieout.registry import load_metric_file
from tieout.schemas.metric import MetricDefinition
from tieout.store import ImportPlan, Store


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def metric(key: str, **changes: Any) -> MetricDefinition:
    fields: dict[str, Any] = {
        "metric_key": key,
        "definition": "gross bank balance at month end",
        "unit": "USD_millions",
        "period_start": date(2026, 7, 1),
        "period_end": date(2026, 7, 31),
        "source_doc_id": "upd-2026-08",
        "effective_from": date(2026, 1, 1),
    }
    fields.update(changes)
    return MetricDefinition(**fields)


GOOD_YAML = """\
metrics:
  - metric_key: cash_balance
    definition: gross bank balance at month end
    unit: USD_millions
    period: 2026-07
    source_doc_id: upd-2026-08
    effective_from: 2026-01-01
  - metric_key: net_burn
    definition: operating cash out minus cash in
    unit: USD_thousands
    period_start: 2026-07-01
    period_end: 2026-07-31
    source_doc_id: upd-2026-08
    effective_from: 2026-01-01
"""

GOOD_CSV = """\
metric_key,definition,unit,period,source_doc_id,effective_from,effective_to
cash_balance,gross bank balance at month end,USD_millions,2026-07,upd-2026-08,2026-01-01,
net_burn,"cash out minus cash in, no financing",USD_thousands,2026-07,upd-2026-08,2026-01-01,
"""

EXPECTED = [
    metric("cash_balance"),
    metric("net_burn", definition="operating cash out minus cash in", unit="USD_thousands"),
]


def test_yaml_with_a_metrics_key(tmp_path: Path) -> None:
    assert load_metric_file(write(tmp_path, "metrics.yaml", GOOD_YAML)) == EXPECTED


def test_yaml_as_a_bare_list(tmp_path: Path) -> None:
    text = "\n".join(line[2:] for line in GOOD_YAML.splitlines()[1:])
    assert load_metric_file(write(tmp_path, "metrics.yml", text)) == EXPECTED


def test_csv_with_a_header_row(tmp_path: Path) -> None:
    assert load_metric_file(write(tmp_path, "metrics.csv", GOOD_CSV)) == [
        metric("cash_balance"),
        metric(
            "net_burn",
            definition="cash out minus cash in, no financing",
            unit="USD_thousands",
        ),
    ]


def test_a_quarter_period_expands_to_its_dates(tmp_path: Path) -> None:
    text = GOOD_YAML.replace("period: 2026-07", "period: Q3 2026")
    first = load_metric_file(write(tmp_path, "metrics.yaml", text))[0]
    assert (first.period_start, first.period_end) == (date(2026, 7, 1), date(2026, 9, 30))


def test_bad_unit_names_file_line_metric_and_the_accepted_forms(tmp_path: Path) -> None:
    path = write(tmp_path, "metrics.yaml", GOOD_YAML.replace("USD_thousands", "USDM"))
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value).startswith(
        f"{path} line 8 (net_burn): unit 'USDM' is not recognised; accepted forms: USD, "
    )
    assert "\n" not in str(info.value)


def test_every_bad_yaml_row_is_reported_at_once(tmp_path: Path) -> None:
    text = (
        GOOD_YAML.replace("    definition: gross bank balance at month end\n", "")
        .replace("period: 2026-07", "period: July-ish")
        .replace("period_end: 2026-07-31", "period_end: 2026-07")
    ) + "  - just a string\n"
    path = write(tmp_path, "metrics.yaml", text)
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value).splitlines() == [
        f"{path} line 2 (cash_balance): period 'July-ish' is not recognised; use an ISO date "
        "(2026-07-31), a month (2026-07, July 2026), a quarter (Q3 2026), a half (H1 2026) "
        "or a fiscal year (FY2025)",
        f"{path} line 7 (net_burn): period_end: must be a calendar date written YYYY-MM-DD, "
        "got '2026-07'",
        f"{path} line 14: expected a mapping of field names to values, got str",
    ]


def test_missing_and_unknown_fields(tmp_path: Path) -> None:
    text = GOOD_YAML.replace(
        "    definition: gross bank balance at month end\n", "    color: red\n"
    )
    path = write(tmp_path, "metrics.yaml", text)
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value) == (
        f"{path} line 2 (cash_balance): definition is required; unknown field 'color'; "
        "accepted fields: metric_key, definition, unit, period_start, period_end, "
        "source_doc_id, effective_from, effective_to, period"
    )


def test_period_and_period_dates_together_are_refused(tmp_path: Path) -> None:
    text = GOOD_YAML.replace("period: 2026-07", "period: 2026-07\n    period_end: 2026-07-31")
    path = write(tmp_path, "metrics.yaml", text)
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value) == (
        f"{path} line 2 (cash_balance): give either period or period_start/period_end, not both"
    )


def test_the_same_version_twice_in_one_file(tmp_path: Path) -> None:
    path = write(tmp_path, "metrics.csv", GOOD_CSV + GOOD_CSV.splitlines()[1] + "\n")
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value) == (
        f"{path} line 4 (cash_balance): metric 'cash_balance' with effective_from 2026-01-01 "
        "is already given on line 2"
    )


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "metrics.yaml", GOOD_YAML.replace("unit: USD_millions", "unit: [USD"))
    with pytest.raises(InputError, match=rf"^{path} line \d+: not valid YAML: "):
        load_metric_file(path)


def test_an_impossible_date_names_its_line_and_the_fix(tmp_path: Path) -> None:
    path = write(tmp_path, "metrics.yaml", GOOD_YAML.replace("2026-07-01", "2026-13-01"))
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value) == (
        f'{path} line 11: not valid YAML: "2026-13-01" is not a date '
        "(month must be in 1..12); write it as YYYY-MM-DD"
    )


def test_a_key_given_twice_is_refused_not_settled_silently(tmp_path: Path) -> None:
    # PyYAML keeps the last: the metric was registered in thousands, not millions
    text = GOOD_YAML.replace(
        "    unit: USD_millions\n", "    unit: USD_millions\n    unit: USD_thousands\n"
    )
    path = write(tmp_path, "metrics.yaml", text)
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value) == (
        f'{path} line 5: not valid YAML: the key "unit" is given twice in one entry; keep one'
    )


def test_yaml_of_the_wrong_shape(tmp_path: Path) -> None:
    path = write(tmp_path, "metrics.yaml", "cash_balance: 1.4\n")
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value) == (
        f"{path}: expected a list of metrics, or a mapping with a 'metrics' list"
    )


def test_csv_bad_rows_report_their_own_lines(tmp_path: Path) -> None:
    lines = GOOD_CSV.splitlines()
    text = "\n".join(
        [
            lines[0],
            "\n",  # a blank line is skipped, but still counted
            lines[1].replace("USD_millions", "dollars"),
            'multi_line,"quoted\nacross lines",USD,2026-07,doc,2026-01-01,',
            lines[2].replace("2026-01-01", "soon"),
            lines[1] + ",extra",
        ]
    )
    path = write(tmp_path, "metrics.csv", text + "\n")
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    problems = str(info.value).splitlines()
    assert [p.split(": ")[0] for p in problems] == [
        f"{path} line 4 (cash_balance)",
        f"{path} line 7 (net_burn)",
        f"{path} line 8",
    ]
    assert ": unit 'dollars' is not recognised; accepted forms: USD, " in problems[0]
    assert problems[1].endswith(
        "effective_from: must be a calendar date written YYYY-MM-DD, got 'soon'"
    )
    assert problems[2].endswith("8 values but the header has 7 columns")


def test_csv_unknown_column(tmp_path: Path) -> None:
    path = write(tmp_path, "metrics.csv", GOOD_CSV.replace("effective_to", "retired_on"))
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value).startswith(f"{path} line 1: unknown field 'retired_on'; accepted")


def test_unsupported_file_types_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        load_metric_file(write(tmp_path, "metrics.json", "[]"))
    assert str(info.value).endswith(
        "metrics.json: cannot import metrics from a '.json' file; use .yaml, .yml or .csv"
    )
    with pytest.raises(InputError, match="cannot read the file: No such file or directory"):
        load_metric_file(tmp_path / "absent.yaml")


def test_a_file_imports_once_then_is_unchanged(tmp_path: Path, store: Store) -> None:
    defs = load_metric_file(write(tmp_path, "metrics.yaml", GOOD_YAML))
    assert store.import_metrics(defs) == ImportPlan(new=["cash_balance", "net_burn"], applied=True)
    assert store.import_metrics(defs) == ImportPlan(
        unchanged=["cash_balance", "net_burn"], applied=True
    )
    assert store.list_metrics() == EXPECTED
