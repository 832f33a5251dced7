"""Periods as a filing's tables give them: headings that join a date and words, rows that
are balances, rows and captions that date a table whose columns name no period, and a
52/53-week fiscal calendar. Every document here is made up for the test."""

from __future__ import annotations

from datetime import date

import tieout


def _html(body: str) -> bytes:
    return f"<html><body>{body}</body></html>".encode()


def _table(rows: list[list[str]]) -> str:
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table>{cells}</table>"


def _periods(doc: tieout.Document) -> dict[str, tuple[date, date] | None]:
    return {
        f.text: (f.period.start, f.period.end) if f.period is not None else None
        for f in doc.figures
        if f.where
    }


def test_a_heading_joining_a_date_and_words_dates_its_column() -> None:
    page = _html(
        "<p>Borrowings of the group were as follows (in millions):</p>"
        + _table(
            [
                ["", "Book value as of March 31, 2026", "Book value as of March 31, 2025"],
                ["Term loan", "$412", "$388"],
            ]
        )
        + "<p>Holdings by level (in millions):</p>"
        + _table(
            [
                ["", "September 30, 2026 Level 1", "September 30, 2026 Level 2"],
                ["Treasury bills", "$77", "$19"],
            ]
        )
    )
    got = _periods(tieout.Document.from_bytes(page, "notes.htm"))
    assert got["$412"] == (date(2026, 3, 31), date(2026, 3, 31))
    assert got["$388"] == (date(2025, 3, 31), date(2025, 3, 31))
    assert got["$77"] == got["$19"] == (date(2026, 9, 30), date(2026, 9, 30))


def test_a_heading_with_words_and_a_projected_year_stays_unread() -> None:
    page = _html(
        "<p>Outlook (in millions):</p>"
        + _table([["", "2027E", "YTD 2026"], ["Orders", "$510", "$233"]])
    )
    doc = tieout.Document.from_bytes(page, "outlook.htm")
    figs = {f.text: f for f in doc.figures if f.where}
    assert figs["$510"].period is not None and figs["$510"].period.unread
    assert figs["$233"].period is not None and figs["$233"].period.unread


def test_a_day_that_ends_a_period_of_unread_words_is_no_balance_date() -> None:
    page = _html(
        "<p>Sales to the parent (in thousands):</p>"
        + _table(
            [["", "Fiscal Yeer Ended June 30, 2026", "2025"], ["Parts sold", "$9,140", "$8,870"]]
        )
    )
    doc = tieout.Document.from_bytes(page, "parent.htm")
    figs = {f.text: f for f in doc.figures if f.where}
    period = figs["$9,140"].period
    assert period is None or period.unread or not period.instant
