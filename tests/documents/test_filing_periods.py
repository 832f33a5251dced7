"""Periods as a filing's tables give them: headings that join a date and words, rows that
are balances, rows and captions that date a table whose columns name no period, and a
52/53-week fiscal calendar. Every document here is made up for the test."""

from __future__ import annotations

from datetime import date

from _figures import cell_periods, html_page, html_table

import tieout


def test_a_heading_joining_a_date_and_words_dates_its_column() -> None:
    page = html_page(
        "<p>Borrowings of the group were as follows (in millions):</p>"
        + html_table(
            [
                ["", "Book value as of March 31, 2026", "Book value as of March 31, 2025"],
                ["Term loan", "$412", "$388"],
            ]
        )
        + "<p>Holdings by level (in millions):</p>"
        + html_table(
            [
                ["", "September 30, 2026 Level 1", "September 30, 2026 Level 2"],
                ["Treasury bills", "$77", "$19"],
            ]
        )
    )
    got = cell_periods(tieout.Document.from_bytes(page, "notes.htm"))
    assert got["$412"] == (date(2026, 3, 31), date(2026, 3, 31))
    assert got["$388"] == (date(2025, 3, 31), date(2025, 3, 31))
    assert got["$77"] == got["$19"] == (date(2026, 9, 30), date(2026, 9, 30))


def test_a_heading_with_words_and_a_projected_year_stays_unread() -> None:
    page = html_page(
        "<p>Outlook (in millions):</p>"
        + html_table([["", "2027E", "YTD 2026"], ["Orders", "$510", "$233"]])
    )
    doc = tieout.Document.from_bytes(page, "outlook.htm")
    figs = {f.text: f for f in doc.figures if f.where}
    assert figs["$510"].period is not None and figs["$510"].period.unread
    assert figs["$233"].period is not None and figs["$233"].period.unread


def test_a_day_that_ends_a_period_of_unread_words_is_no_balance_date() -> None:
    page = html_page(
        "<p>Sales to the parent (in thousands):</p>"
        + html_table(
            [["", "Fiscal Yeer Ended June 30, 2026", "2025"], ["Parts sold", "$9,140", "$8,870"]]
        )
    )
    doc = tieout.Document.from_bytes(page, "parent.htm")
    figs = {f.text: f for f in doc.figures if f.where}
    period = figs["$9,140"].period
    assert period is None or period.unread or not period.instant


def _day(d: date) -> tuple[date, date]:
    return (d, d)


def test_balance_rows_in_columns_of_years_are_instants() -> None:
    page = html_page(
        "<p>Statements of cash flows (in millions)</p>"
        + html_table(
            [
                ["", "Year Ended June 30, 2026", "Year Ended June 30, 2025"],
                ["Net cash from operations", "$1,310", "$1,145"],
                ["Cash and equivalents at beginning of year", "$2,020", "$1,760"],
                ["Cash and equivalents at end of year", "$2,515", "$2,020"],
            ]
        )
    )
    doc = tieout.Document.from_bytes(page, "flows.htm")
    got = cell_periods(doc)
    assert got["$1,310"] == (date(2025, 7, 1), date(2026, 6, 30))
    assert got["$2,515"] == _day(date(2026, 6, 30))
    assert got["$1,760"] == _day(date(2024, 6, 30))
    opening = next(f for f in doc.figures if f.text == "$1,760")
    assert opening.period is not None
    # an opening balance is the prior year's close, and the start of its own year
    year = tieout.periods.Period.from_dates(date(2024, 7, 1), date(2025, 6, 30))
    prior = tieout.periods.Period.from_dates(date(2023, 7, 1), date(2024, 6, 30))
    assert tieout.periods.claim_agrees(year, opening.period)
    assert tieout.periods.claim_agrees(prior, opening.period)
    other = tieout.periods.Period.from_dates(date(2025, 7, 1), date(2026, 6, 30))
    assert not tieout.periods.claim_agrees(other, opening.period)


def test_rows_between_dated_balances_are_the_period_between_them() -> None:
    page = html_page(
        "<p>Statements of changes in equity (in millions)</p>"
        + html_table(
            [
                ["", "Shares", "Retained earnings", "Total"],
                ["Balance at March 31, 2025", "402", "$5,120", "$5,530"],
                ["Net income", "", "$640", "$640"],
                ["Dividends", "", "(88)", "(88)"],
                ["Balance at March 31, 2026", "398", "$5,672", "$6,010"],
            ]
        )
    )
    got = cell_periods(tieout.Document.from_bytes(page, "equity.htm"))
    assert got["$5,120"] == _day(date(2025, 3, 31))
    assert got["$640"] == (date(2025, 4, 1), date(2026, 3, 31))
    assert got["(88)"] == (date(2025, 4, 1), date(2026, 3, 31))
    assert got["$6,010"] == _day(date(2026, 3, 31))


def test_a_row_naming_a_period_alone_dates_the_rows_below_it() -> None:
    page = html_page(
        "<p>Results by segment (in millions):</p>"
        + html_table(
            [
                ["", "Retail", "Wholesale", "Total"],
                ["2026", "", "", ""],
                ["Revenue", "$730", "$415", "$1,145"],
                ["2025", "", "", ""],
                ["Revenue", "$690", "$402", "$1,092"],
            ]
        )
    )
    got = cell_periods(tieout.Document.from_bytes(page, "segments.htm"))
    assert got["$730"] == (date(2026, 1, 1), date(2026, 12, 31))
    assert got["$402"] == (date(2025, 1, 1), date(2025, 12, 31))


def test_the_caption_dates_a_table_whose_columns_name_no_period() -> None:
    page = html_page(
        "<p>Our marketable securities as of September 30, 2026 were as follows:</p>"
        "<p>(in millions)</p>"
        + html_table(
            [
                ["", "Amortized Cost", "Unrealized Losses", "Fair Value"],
                ["Treasury notes", "$318", "$(4)", "$314"],
            ]
        )
        + "<p>Receivables recognized from contracts at December 31:</p>"
        + html_table([["", "2026", "2025"], ["Accounts receivable", "$96", "$81"]])
    )
    got = cell_periods(tieout.Document.from_bytes(page, "securities.htm"))
    assert got["$318"] == got["$314"] == _day(date(2026, 9, 30))
    assert got["$96"] == _day(date(2026, 12, 31))
    assert got["$81"] == _day(date(2025, 12, 31))


def test_balance_columns_beside_a_row_of_a_year() -> None:
    page = html_page(
        "<p>Allowance for doubtful accounts (in millions):</p>"
        + html_table(
            [
                ["", "Balance at Beginning of Year", "Additions", "Balance at End of Year"],
                ["Year ended December 31, 2026", "$57", "$12", "$61"],
            ]
        )
    )
    got = cell_periods(tieout.Document.from_bytes(page, "allowance.htm"))
    assert got["$57"] == _day(date(2025, 12, 31))
    assert got["$12"] == (date(2026, 1, 1), date(2026, 12, 31))
    assert got["$61"] == _day(date(2026, 12, 31))


def test_a_52_53_week_quarter_starts_the_day_after_the_last_one_ended() -> None:
    page = html_page(
        "<p>Condensed statements of income (in thousands)</p>"
        + html_table(
            [
                [
                    "",
                    "Three Months Ended September 27, 2025",
                    "Nine Months Ended September 27, 2025",
                ],
                ["Net sales", "$48,210", "$139,870"],
            ]
        )
    )
    got = cell_periods(tieout.Document.from_bytes(page, "quarter.htm"))
    assert got["$48,210"] == (date(2025, 6, 29), date(2025, 9, 27))
    assert got["$139,870"] == (date(2024, 12, 29), date(2025, 9, 27))


FISCAL = (
    "<p>Annual report for the fiscal year ended October 31, 2026.</p>"
    "<p>Consolidated statements of operations (in millions)</p>"
    + html_table(
        [
            ["", "Years Ended", "Years Ended"],
            ["", "October 31, 2026", "November 1, 2025"],
            ["Revenue", "$3,410", "$3,122"],
        ]
    )
    + "<p>Revenue by region (in millions):</p>"
    + html_table([["", "2026", "2025"], ["Americas", "$2,050", "$1,905"]])
    + "<p>Bookings grew to $3.9 billion in fiscal 2026.</p>"
)


def test_years_named_by_number_follow_the_fiscal_calendar_the_filing_declares() -> None:
    doc = tieout.Document.from_bytes(html_page(FISCAL), "annual.htm")
    got = cell_periods(doc)
    fy2026 = (date(2025, 11, 2), date(2026, 10, 31))
    assert got["$3,410"] == fy2026
    assert got["$2,050"] == fy2026
    assert got["$1,905"][1] == date(2025, 11, 1)
    bookings = next(f for f in doc.figures if f.text == "$3.9 billion")
    assert bookings.period is not None
    assert (bookings.period.start, bookings.period.end) == fy2026


def test_a_claim_for_the_declared_fiscal_year_passes_and_the_calendar_year_fails() -> None:
    doc = tieout.Document.from_bytes(html_page(FISCAL), "annual.htm")
    right = tieout.periods.Period.from_dates(date(2025, 11, 2), date(2026, 10, 31))
    calendar = tieout.periods.Period.from_dates(date(2026, 1, 1), date(2026, 12, 31))
    americas = next(f for f in doc.figures if f.text == "$2,050")
    assert americas.period is not None
    assert tieout.periods.claim_agrees(right, americas.period)
    assert not tieout.periods.claim_agrees(calendar, americas.period)


def test_a_row_opening_with_ending_or_beginning_is_a_balance() -> None:
    page = html_page(
        "<p>Unrecognized tax benefits (in millions):</p>"
        + html_table(
            [
                ["", "Year Ended September 30, 2026", "Year Ended September 30, 2025"],
                ["Beginning gross tax reserves", "$212", "$190"],
                ["Additions for current year", "$31", "$27"],
                ["Ending gross tax reserves", "$236", "$212"],
            ]
        )
    )
    got = cell_periods(tieout.Document.from_bytes(page, "reserves.htm"))
    assert got["$190"] == _day(date(2024, 9, 30))
    assert got["$31"] == (date(2025, 10, 1), date(2026, 9, 30))
    assert got["$236"] == _day(date(2026, 9, 30))


def test_a_year_then_what_the_column_measures_is_that_years_column() -> None:
    page = html_page(
        "<p>Long-term debt is summarized below.</p>"
        + html_table(
            [
                [
                    "as of June 30 (dollars in millions)",
                    "2026 Effective interest rate (a)",
                    "2026",
                    "2026 Budget",
                ],
                ["4.20% notes due 2031", "4.31%", "$900", "$950"],
            ]
        )
    )
    got = {f.text: f.period for f in tieout.Document.from_bytes(page, "debt.htm").figures}
    rate = got["4.31%"]
    assert rate is not None and (rate.start, rate.end) == (date(2026, 6, 30), date(2026, 6, 30))
    budget = got["$950"]
    assert budget is not None and budget.unread  # a plan's figure is no year's actual
