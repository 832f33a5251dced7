"""Rows that name what is held at a day ("Total assets", "Inventories", "Other long-term
liabilities") are balances at the end of their column's period, whatever the heading says
of the column; rows that name a flow stay the column's period. A second heading line under
a table's rule dates the columns with its stub ("as at June 30"); "years ended in June 30"
is a year. Every document here is made up for the test."""

from __future__ import annotations

from datetime import date

import pytest
from _figures import cell_periods, html_page, html_table

import tieout

FY2026 = (date(2025, 7, 1), date(2026, 6, 30))
FY2025 = (date(2024, 7, 1), date(2025, 6, 30))
JUNE_30_2026 = (date(2026, 6, 30), date(2026, 6, 30))
JUNE_30_2025 = (date(2025, 6, 30), date(2025, 6, 30))

SEGMENTS = html_page(
    "<p>Segment information is as follows (in millions):</p>"
    + html_table(
        [
            ["", "Year Ended June 30, 2026", "Year Ended June 30, 2025"],
            ["Net revenues", "$4,310", "$3,977"],
            ["Depreciation and amortization", "118", "104"],
            ["Total assets", "$6,902", "$6,415"],
            ["Inventories", "842", "799"],
            ["Property and equipment, net", "1,233", "1,178"],
            ["Purchases of property and equipment", "(212)", "(190)"],
            ["Long-lived assets", "", ""],
            ["Americas", "$2,204", "$2,087"],
        ]
    )
)


@pytest.mark.parametrize(
    ("figure", "period"),
    [
        ("$4,310", FY2026),
        ("118", FY2026),
        ("(212)", FY2026),
        ("$3,977", FY2025),
        ("$6,902", JUNE_30_2026),
        ("$6,415", JUNE_30_2025),
        ("842", JUNE_30_2026),
        ("1,233", JUNE_30_2026),
        ("$2,204", JUNE_30_2026),  # under the label row "Long-lived assets"
    ],
)
def test_a_balance_row_in_a_column_of_years_is_the_years_last_day(
    figure: str, period: tuple[date, date]
) -> None:
    got = cell_periods(tieout.Document.from_bytes(SEGMENTS, "segments.htm"))
    assert got[figure] == period


def test_a_row_naming_a_change_in_a_balance_is_a_flow() -> None:
    page = html_page(
        "<p>Cash flows (in millions):</p>"
        + html_table(
            [
                ["", "Year Ended June 30, 2026"],
                ["Changes in operating assets and liabilities:", ""],
                ["Accounts receivable", "(57)"],
                ["Right-of-use assets obtained in exchange for lease liabilities", "31"],
                ["Change in inventories", "(22)"],
                ["Cash paid for amounts included in lease liabilities:", ""],
                ["Operating cash outflows for operating leases", "64"],
            ]
        )
    )
    got = cell_periods(tieout.Document.from_bytes(page, "flows.htm"))
    assert got["(57)"] == got["31"] == got["(22)"] == got["64"] == FY2026


def test_a_claim_for_total_assets_on_the_years_last_day_or_for_the_year_passes() -> None:
    doc = tieout.Document.from_bytes(SEGMENTS, "segments.htm", doc_id="segments")
    base = dict(
        metric_key="total_assets",
        value=6902,
        unit="USD_millions",
        source_doc_id="segments",
        source_quote="$6,902",
        source_locator="row: Total assets",
    )
    claims = [
        base | dict(period_start="2026-06-30", period_end="2026-06-30"),
        base | dict(period_start="2025-07-01", period_end="2026-06-30"),
        base | dict(period_start="2025-06-30", period_end="2025-06-30"),
    ]
    day, year, wrong = tieout.check_claims(claims, [doc])
    assert (str(day.verdict), str(year.verdict), str(wrong.verdict)) == ("pass", "pass", "fail")


def test_a_stub_under_the_rule_dates_the_years_above_as_balance_days() -> None:
    text = (
        "Intangible assets were as follows:\n\n"
        "|  | 2026 | 2026 | 2025 | 2025 |\n"
        "|---|---|---|---|---|\n"
        "| as of March 31 (in millions) | Gross | Net | Gross | Net |\n"
        "| Customer lists | $640 | $415 | $610 | $452 |\n"
    )
    got = cell_periods(tieout.Document.from_text("intangibles", text))
    assert got["$640"] == got["$415"] == (date(2026, 3, 31), date(2026, 3, 31))
    assert got["$610"] == got["$452"] == (date(2025, 3, 31), date(2025, 3, 31))


def test_years_ended_in_a_month_and_day_are_years_not_days() -> None:
    text = (
        "Hedging gains were as follows:\n\n"
        "| years ended in December 31 (in millions) | 2026 | 2025 |\n"
        "|---|---|---|\n"
        "| Designated as cash flow hedges | $88 | $(14) |\n"
    )
    got = cell_periods(tieout.Document.from_text("hedges", text))
    assert got["$88"] == (date(2026, 1, 1), date(2026, 12, 31))
    assert got["$(14)"] == (date(2025, 1, 1), date(2025, 12, 31))


def test_a_cell_takes_no_period_from_the_other_cells_of_its_row() -> None:
    text = (
        "Borrowings at September 30:\n\n"
        "|  |  |  | 2026 | 2025 | Effective rate |\n"
        "|---|---|---|---|---|---|\n"
        "| Term notes | 3.875% | Notes due March 2033 | $640 | $612 | 4.02% |\n"
        "| Revolver | 6.1% (June 2026) |  | 85 | - | 6.3% |\n"
    )
    doc = tieout.Document.from_text("debt", text)
    got = {f.text: f.period for f in doc.figures if f.where}
    assert got["3.875%"] is None  # "due March 2033" is the notes' maturity, in another cell
    assert got["4.02%"] is None
    june = got["6.1%"]  # its own cell names its month
    assert june is not None and (june.start, june.end) == (date(2026, 6, 1), date(2026, 6, 30))
    assert got["$640"] is not None and got["$640"].end == date(2026, 9, 30)


def test_a_balance_named_with_a_flows_word_is_still_a_balance() -> None:
    page = html_page(
        "<p>Amounts recognized for the businesses acquired (in millions):</p>"
        + html_table(
            [
                ["", "Year Ended June 30, 2026"],
                ["Prepaid expenses and other current assets", "$41"],
                ["Accrued expenses", "(17)"],
                ["Accumulated other comprehensive income (loss)", "(9)"],
                ["Deferred income taxes", "(26)"],  # a provision's or a cash flow's line
            ]
        )
    )
    got = cell_periods(tieout.Document.from_bytes(page, "acquired.htm"))
    assert got["$41"] == got["(17)"] == got["(9)"] == JUNE_30_2026
    assert got["(26)"] == FY2026


def test_a_caption_naming_the_day_dates_years_followed_by_what_they_measure() -> None:
    text = (
        "Available-for-sale securities at September 30 were as follows:\n\n"
        "|  | 2026 Amortized cost | 2026 Fair value | 2025 Amortized cost | 2025 Fair value |\n"
        "|---|---|---|---|---|\n"
        "| Municipal bonds | $212 | $209 | $198 | $190 |\n"
    )
    got = cell_periods(tieout.Document.from_text("afs", text))
    assert got["$212"] == got["$209"] == (date(2026, 9, 30), date(2026, 9, 30))
    assert got["$198"] == got["$190"] == (date(2025, 9, 30), date(2025, 9, 30))


def test_options_exercisable_or_expected_to_vest_are_balances() -> None:
    text = (
        "Option activity for the year ended June 30, 2026 (in millions):\n\n"
        "|  | Options | Weighted-average exercise price |\n"
        "|---|---|---|\n"
        "| Outstanding at June 30, 2025 | 6.2 | $41.10 |\n"
        "| Granted | 1.1 | 55.00 |\n"
        "| Outstanding at June 30, 2026 | 6.9 | $44.75 |\n"
        "| Vested and expected to vest | 6.4 | $44.02 |\n"
        "| Exercisable at June 30, 2026 | 3.8 | $38.60 |\n"
    )
    got = cell_periods(tieout.Document.from_text("options", text))
    assert got["1.1"] == (date(2025, 7, 1), date(2026, 6, 30))
    assert got["6.4"] == JUNE_30_2026
    assert got["3.8"] == JUNE_30_2026


GOODWILL = (
    "Changes in goodwill were as follows (in millions):\n\n"
    "|  | Retail | Total |\n"
    "|---|---|---|\n"
    "| Balance at January 1, 2026 | $1,410 | $2,002 |\n"
    "| Acquisitions | 55 | 61 |\n"
    "| Balance at December 31, 2026 | $1,465 | $2,063 |\n"
)


def test_a_balance_at_the_first_of_a_month_is_the_close_of_the_day_before() -> None:
    doc = tieout.Document.from_text("goodwill", GOODWILL)
    got = {f.text: f.period for f in doc.figures if f.where}
    opening = got["$1,410"]
    assert opening is not None and opening.opening
    assert (opening.start, opening.end) == (date(2025, 12, 31), date(2025, 12, 31))
    flow = got["61"]
    assert flow is not None and (flow.start, flow.end) == (date(2026, 1, 1), date(2026, 12, 31))


@pytest.mark.parametrize(
    ("start", "end", "verdict"),
    [
        ("2026-01-01", "2026-01-01", "pass"),  # the day it is printed as
        ("2025-12-31", "2025-12-31", "pass"),  # the close it stands for
        ("2025-01-01", "2025-12-31", "pass"),  # the year it closes
        ("2026-12-31", "2026-12-31", "fail"),
    ],
)
def test_a_claim_for_an_opening_balance_on_either_day_passes(
    start: str, end: str, verdict: str
) -> None:
    doc = tieout.Document.from_text("goodwill", GOODWILL)
    claim = dict(
        metric_key="goodwill",
        value=2002,
        unit="USD_millions",
        period_start=start,
        period_end=end,
        source_doc_id="goodwill",
        source_quote="$2,002",
        source_locator="row: Balance at January 1, 2026",
    )
    (result,) = tieout.check_claims([claim], [doc])
    assert str(result.verdict) == verdict, result.reason


def test_a_roll_forward_under_balance_days_dates_its_movements_by_the_year() -> None:
    text = (
        "A reconciliation of unrecognized tax benefits as of March 31 is as follows "
        "(in millions):\n\n"
        "|  | 2027 | 2026 | 2025 |\n"
        "|---|---|---|---|\n"
        "| Balance at beginning of year | $512 | $470 | $433 |\n"
        "| Increases for current year tax positions | 64 | 58 | 49 |\n"
        "| Settlements | (22) | (16) | (12) |\n"
        "| Balance at end of year | $554 | $512 | $470 |\n"
    )
    got = cell_periods(tieout.Document.from_text("utb", text))
    assert got["64"] == (date(2026, 4, 1), date(2027, 3, 31))
    assert got["(12)"] == (date(2024, 4, 1), date(2025, 3, 31))
    assert got["$433"] == (date(2024, 3, 31), date(2024, 3, 31))  # the year before's close
    assert got["$554"] == (date(2027, 3, 31), date(2027, 3, 31))


def test_on_a_52_week_calendar_a_balance_on_the_first_is_that_days_close() -> None:
    text = (
        "Goodwill by segment (in millions):\n\n"
        "|  | Media | Total |\n"
        "|---|---|---|\n"
        "| Balances at December 2, 2024 | $3,100 | $9,400 |\n"
        "| Acquisitions | 40 | 75 |\n"
        "| Balances at December 1, 2025 | $3,140 | $9,475 |\n"
    )
    got = cell_periods(tieout.Document.from_text("goodwill", text))
    assert got["$3,140"] == (date(2025, 12, 1), date(2025, 12, 1))
    assert got["$9,400"] == (date(2024, 12, 2), date(2024, 12, 2))
