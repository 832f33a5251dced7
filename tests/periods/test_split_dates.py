"""A split fiscal year ("FY 2026-27") given to tieout as a period must say its months.

In a document, "FY 2026-27" is a statement whose months tieout may not know (the checks
treat it so). A period a user gives a metric or a document is the fact tieout checks
against, so a split year without its start month is refused with the fix, never read as
the calendar year 2027."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from tieout.documents import Document
from tieout.errors import InputError
from tieout.periods import parse_dated_period, parse_period
from tieout.registry import load_metric_file

REFUSAL = (
    "period 'FY 2026-27' names two calendar years, and its months depend on when the fiscal "
    "year starts: give the month its fiscal year starts (--fiscal-year-start 4 for April to "
    "March) or its dates (--period-start and --period-end)"
)


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args], cwd=cwd, capture_output=True, text=True,
        check=False, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )  # fmt: skip


@pytest.mark.parametrize("text", ["FY 2026-27", "FY2026/27", "2026/27", "fiscal year 2026-27"])
def test_a_split_year_without_its_start_month_is_refused(text: str) -> None:
    with pytest.raises(InputError) as info:
        parse_dated_period(text)
    assert str(info.value) == REFUSAL.replace("'FY 2026-27'", repr(text))


def test_with_its_start_month_it_has_dates() -> None:
    p = parse_dated_period("FY 2026-27", fiscal_year_start_month=4)
    assert (p.start, p.end) == (date(2026, 4, 1), date(2027, 3, 31))
    p = parse_dated_period("2025/26", fiscal_year_start_month=7)
    assert (p.start, p.end) == (date(2025, 7, 1), date(2026, 6, 30))


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("FY2026", date(2026, 1, 1), date(2026, 12, 31)),
        ("2026-07", date(2026, 7, 1), date(2026, 7, 31)),
        ("Q3 2026", date(2026, 7, 1), date(2026, 9, 30)),
        ("H1 2026", date(2026, 1, 1), date(2026, 6, 30)),
    ],
)
def test_other_periods_read_as_before(text: str, start: date, end: date) -> None:
    p = parse_dated_period(text)
    assert (p.start, p.end) == (start, end) == (parse_period(text).start, parse_period(text).end)


def test_registry_add_refuses_it_and_writes_nothing(tmp_path: Path) -> None:
    args = ["registry", "add", "net_burn", "--db", "t.db", "--definition", "cash out minus in",
            "--unit", "USD_thousands", "--source-doc", "ar-2027", "--effective-from", "2027-06-01"]  # fmt: skip
    res = cli(*args, "--period", "FY 2026-27", cwd=tmp_path)
    assert (res.returncode, res.stdout, res.stderr) == (2, "", f"tieout: error: {REFUSAL}\n")
    res = cli("registry", "list", "--db", "t.db", cwd=tmp_path)
    assert "net_burn" not in res.stdout
    res = cli(*args, "--period", "FY 2026-27", "--fiscal-year-start", "4", cwd=tmp_path)
    assert (res.returncode, res.stdout) == (0, "net_burn: new\n")


def test_docs_add_refuses_it(tmp_path: Path) -> None:
    (tmp_path / "ar.txt").write_text("Revenue for the year was £4,200,000.\n", encoding="utf-8")
    res = cli("docs", "add", "ar.txt", "--id", "ar", "--db", "t.db", "--period", "FY 2026-27",
              cwd=tmp_path)  # fmt: skip
    assert (res.returncode, res.stderr) == (2, f"tieout: error: {REFUSAL}\n")


def test_a_metric_file_names_the_row_and_the_dates_to_give(tmp_path: Path) -> None:
    path = tmp_path / "metrics.yaml"
    path.write_text(
        "metrics:\n"
        "  - metric_key: revenue\n"
        "    definition: turnover for the fiscal year\n"
        "    unit: GBP_millions\n"
        "    period: 2025/26\n"
        "    source_doc_id: ar-2026\n"
        "    effective_from: 2026-07-01\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as info:
        load_metric_file(path)
    assert str(info.value) == (
        f"{path} line 2 (revenue): period '2025/26' names two calendar years, and its months "
        "depend on when the fiscal year starts: give period_start and period_end instead "
        "(2025-04-01 and 2026-03-31 for April to March)"
    )


def test_a_documents_own_period_start_must_be_a_date() -> None:
    with pytest.raises(InputError) as info:
        Document.from_text("ar", "Revenue was £4,200,000.", period_start="FY 2026-27")
    assert str(info.value).endswith(
        "depend on when the fiscal year starts: give period_start as a date (2026-07-31)"
    )
