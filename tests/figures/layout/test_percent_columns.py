"""A "% of sales" column typeset with its "%" on the first and last rows only, and a row
label that names a rate as what an amount was computed at."""

from __future__ import annotations

from decimal import Decimal

from _figures import stated

import tieout

D = Decimal

_MARGINS = (
    " | Year Ended June 30, | \n"
    " | 2025 | 2024\n"
    "Net sales | 100.0 % | 100.0 %\n"
    "Cost of sales | 61.8 | 58.2\n"
    "Selling expenses | 22.4 | 23.9\n"
    "Operating income | 15.8 % | 17.9 %\n"
)


def test_bare_cells_between_a_first_and_last_percent_are_percents() -> None:
    read = stated(_MARGINS)
    assert read["61.8"] == (D("61.8"), "percent")
    assert read["23.9"] == (D("23.9"), "percent")


def test_a_claim_in_percent_for_such_a_cell_passes_and_one_in_dollars_fails() -> None:
    doc = tieout.Document.from_text("margins", _MARGINS)
    claim = {
        "metric_key": "cost_of_sales_share",
        "value": 61.8,
        "unit": "percent",
        "period_start": "2024-07-01",
        "period_end": "2025-06-30",
        "source_doc_id": "margins",
        "source_locator": "row: Cost of sales",
        "source_quote": "Cost of sales | 61.8 | 58.2",
    }
    ok, dollars = tieout.check_claims([claim, {**claim, "unit": "USD"}], {"margins": doc})
    assert ok.verdict.value == "pass", ok.reason
    assert dollars.verdict.value == "fail"


def test_a_column_whose_first_row_alone_prints_a_percent_is_no_percent_column() -> None:
    text = (
        "(in thousands)\n\n | 2025 | 2024\n"
        "Gross margin | 41% | 39%\nNet sales | 8,120 | 7,640\nCost of sales | 4,790 | 4,660\n"
    )
    # an amount at the note's scale (in whatever currency the note leaves open), no percent
    assert stated(text)["8,120"] == (D(8_120_000), None)


def test_an_amount_computed_at_a_rate_is_scaled_as_an_amount() -> None:
    text = (
        "(in millions)\n\n | 2025 | 2024\n"
        "Tax computed at the federal statutory rate | $214 | $198\n"
        "State taxes, net of federal benefit | 31 | 27\n"
        "Effective tax rate | 22.1% | 21.4%\n"
    )
    read = stated(text)
    assert read["$214"] == (D(214_000_000), "USD")
    assert read["31"] == (D(31_000_000), "USD")
    assert read["22.1%"] == (D("22.1"), "percent")


_SEGMENT_SALES = """\
Sales by product were as follows:

|  |  |  |  | Percent change | Percent change |
| years ended June 30 (dollars in millions) |  | 2026 | 2025 | 2026 | 2025 |
|---|---|---|---|---|---|
| Valves | Domestic | $4,118 | $3,870 | 6.4% | 2.2% |
|  | Export | 1,207 | 1,391 | (13.2)% | 8.0% |
"""


def test_a_heading_over_the_last_columns_only_heads_no_column_before_it() -> None:
    read = stated(_SEGMENT_SALES)
    assert read["1,207"] == (D("1207000000"), "USD")
    assert read["(13.2)%"] == (D("-13.2"), "percent")
    doc = tieout.Document.from_text("sales", _SEGMENT_SALES)
    claim = dict(
        metric_key="export_sales",
        period_start="2025-07-01",
        period_end="2026-06-30",
        source_doc_id="sales",
        source_quote="Export | 1,207",
        source_locator="table 1",
    )
    dollars, percent = tieout.check_claims(
        [claim | dict(value=1207, unit="USD_millions"), claim | dict(value=1207, unit="percent")],
        [doc],
    )
    assert str(dollars.verdict) == "pass", dollars.reason
    assert str(percent.verdict) == "fail", percent.reason
