"""Checks on realistic filing and update text that is not in sample_docs.

Each case is a shape real documents take: an income statement printed with aligned
columns, label rows ("Revenues:") and a "(In millions, except per share amounts)" note; a
bulleted investor update; a CSV export.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import tieout
from tieout.checks import Verdict

DATA = Path(__file__).parent.parent / "data"


def income_statement() -> tieout.Document:
    return tieout.Document.from_text(
        "acme-10k-2023",
        (DATA / "income-statement-2023.txt").read_text(encoding="utf-8"),
        period_start="2021-01-01",
        period_end="2023-12-31",
        published="2024-02-20",
    )


def claim(value: str, unit: str, quote: str, locator: str, **extra: Any) -> dict[str, Any]:
    return {
        "metric_key": "m",
        "value": Decimal(value),
        "unit": unit,
        "period_start": extra.pop("start", "2023-01-01"),
        "period_end": extra.pop("end", "2023-12-31"),
        "source_doc_id": extra.pop("doc", "acme-10k-2023"),
        "source_quote": quote,
        "source_locator": locator,
        **extra,
    }


def verdicts(claims: list[dict[str, Any]], docs: list[tieout.Document]) -> list[tuple[str, str]]:
    return [(str(r.verdict), r.reason) for r in tieout.check_claims(claims, docs)]


@pytest.mark.parametrize(
    ("value", "unit", "row"),
    [
        ("45123", "USD_millions", "Product"),
        ("45.123", "USD_billions", "Product"),
        ("12345", "USD_millions", "Services"),
        ("57468", "USD_millions", "Total revenues"),
        ("23456", "USD_millions", "Cost of revenues"),
        ("2.10", "USD", "Diluted"),  # a per-share row: never scaled by "(In millions …)"
        (
            "4145",
            "count",
            "Weighted-average shares outstanding: Basic",
        ),  # shares: scaled, no currency
    ],
)
def test_income_statement_cells_tie_out(value: str, unit: str, row: str) -> None:
    value = str(Decimal(value) * 10**6) if unit == "count" else value
    quote = row.split(": ")[-1]  # an agent quotes the line item as printed: "Basic"
    [(verdict, reason)] = verdicts([claim(value, unit, quote, f"row: {row}")], [income_statement()])
    assert verdict == "pass", reason


@pytest.mark.parametrize(
    "quote",
    [
        "Product $45,123",  # "$   45,123" as the columns are aligned
        "Product $ 45,123",
        "Product   $   45,123    $   41,232",
        "Product | $45,123 | $41,232",  # the row copied as a Markdown table row
    ],
)
def test_a_quote_of_a_table_row_ties_however_its_cells_are_spaced(quote: str) -> None:
    [(verdict, reason)] = verdicts(
        [claim("45123", "USD_millions", quote, "row: Revenues: Product")], [income_statement()]
    )
    assert verdict == "pass"
    assert reason.endswith("quote found verbatim in row Revenues: Product")


def test_label_rows_group_the_rows_under_them() -> None:
    lay = income_statement().layout
    rows = [s.title for s in lay.sections if s.kind == "row"]
    assert "Net income per share: Basic" in rows
    assert "Weighted-average shares outstanding: Basic" in rows
    assert "Cost of revenues" in rows  # back at the left margin: no longer under "Revenues"


def test_prior_year_column_fails_on_period() -> None:
    [(verdict, reason)] = verdicts(
        [claim("41232", "USD_millions", "Product", "row: Product")], [income_statement()]
    )
    assert verdict == "fail"
    assert reason.startswith("period_unit: period: 41,232,000,000 USD is stated for 2022")


def test_prose_figure_after_a_percent_keeps_its_own_scale() -> None:
    doc = income_statement()
    figs = {f.text: f for f in doc.figures}
    assert figs["9.8%"].value == Decimal("9.8")
    assert figs["$57.5 billion"].value == Decimal("57500000000")
    [(verdict, reason)] = verdicts(
        [
            claim(
                "57.5",
                "USD_billions",
                "Revenue for 2023 increased 9.8% to $57.5 billion",
                "line 18",
            )
        ],
        [doc],
    )
    assert verdict == "pass", reason


UPDATE = """# Northwind Robotics — October 2026 update

**TL;DR:** best month yet. ARR crossed $4.2M.

## Metrics

- ARR: $4.2M (+12% MoM)
- Net burn: $310k (September: $355k)
- Runway: 19 months
- Customers: 1,240 (up from 1,104)

## Asks

Intros to heads of operations at 3PLs with 50+ warehouses.
"""


def test_bulleted_update() -> None:
    doc = tieout.Document.from_text(
        "nw-2026-10",
        UPDATE,
        period_start="2026-10-01",
        period_end="2026-10-31",
        published="2026-11-03",
    )
    cases = [
        claim("4.2", "USD_millions", "ARR: $4.2M (+12% MoM)", "section: Metrics", doc="nw-2026-10",
              start="2026-10-01", end="2026-10-31"),
        claim("12", "percent", "ARR: $4.2M (+12% MoM)", "section: Metrics", doc="nw-2026-10",
              start="2026-10-01", end="2026-10-31"),
        claim("355", "USD_thousands", "Net burn: $310k (September: $355k)", "section: Metrics",
              doc="nw-2026-10", start="2026-10-01", end="2026-10-31"),
        claim("1240", "count", "Customers: 1,240 (up from 1,104)", "section: Metrics", doc="nw-2026-10",
              start="2026-10-01", end="2026-10-31"),
    ]  # fmt: skip
    got = verdicts(cases, [doc])
    assert [v for v, _ in got] == ["pass", "pass", "fail", "pass"], got
    assert "September 2026" in got[2][1]  # $355k is September's burn, claimed for October


CSV = """Metric,Q2 2026,Q3 2026
Revenue,"3,410,000","4,200,000"
Gross margin,31.0%,32.0%
Headcount,78,90
"""


def test_csv_export_columns_carry_their_quarters() -> None:
    doc = tieout.Document.from_text(
        "kpis", CSV, media_type="csv", period_start="2026-04-01", period_end="2026-09-30"
    )
    q3 = {"start": "2026-07-01", "end": "2026-09-30", "doc": "kpis"}
    got = verdicts(
        [
            claim("4200000", "USD", "Revenue", "row: Revenue", **q3),
            claim("32", "percent", "Gross margin", "row: Gross margin", **q3),
            claim("3410000", "USD", "Revenue", "row: Revenue", **q3),
        ],
        [doc],
    )
    # no currency anywhere in the CSV: a bare 4,200,000 is not a dollar amount (fail closed)
    assert got[0][0] == "fail" and "not found" in got[0][1]
    assert got[1][0] == "pass", got[1]
    assert got[2][0] == "fail"


def test_csv_with_a_currency_scale_ties_dollar_claims() -> None:
    doc = tieout.Document.from_text(
        "kpis",
        CSV,
        media_type="csv",
        period_start="2026-04-01",
        period_end="2026-09-30",
        scale="USD",
    )
    [(verdict, reason)] = verdicts(
        [
            claim(
                "4200000",
                "USD",
                "Revenue",
                "row: Revenue",
                start="2026-07-01",
                end="2026-09-30",
                doc="kpis",
            )
        ],
        [doc],
    )
    assert verdict == "pass", reason


def test_verdict_enum_round_trip() -> None:
    assert Verdict("pass") is Verdict.PASS
