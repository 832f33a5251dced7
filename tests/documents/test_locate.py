"""Locators as agents write them against a filing: a sub-heading and a paragraph in it, a
table by position or alone, a row (``documents/locate.py``)."""

from __future__ import annotations

import pytest

import tieout
from tieout.documents.locate import column_of, resolve_locator

FILING = """\
ITEM 2. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS

Results of Operations

Net revenues for the quarter increased $12.3 million, or 8.1%, to $165.2 million.

Gross margin was 71.4% compared to 69.8% in the prior-year period.

Diluted earnings per share were $0.42 compared to $0.31 in the prior-year quarter.

(in thousands)                 2026        2025
Net revenues              $  165,214  $  152,917
Net income                $   49,712  $   36,601

Liquidity and Capital Resources

Cash, cash equivalents and marketable securities were $612.5 million.

                               2026        2025
Cash                      $  612,500  $  540,100
Debt                          40,000      45,000
"""


@pytest.fixture(scope="module")
def doc() -> tieout.Document:
    return tieout.Document.from_text("q3-10q", FILING)


def text_at(doc: tieout.Document, locator: str) -> str | None:
    region = resolve_locator(doc, locator)
    return None if region is None else doc.text[region.start : region.end]


@pytest.mark.parametrize(
    ("locator", "starts"),
    [
        ("Results of Operations, paragraph 3", "Diluted earnings per share were $0.42"),
        ("section: Liquidity and Capital Resources, paragraph 1", "Cash, cash equivalents"),
        ("table, row: Net income", "Net income                $   49,712"),
        ("table 1, row: Net revenues", "Net revenues              $  165,214"),
        ("Table #2 - row: Debt", "Debt                          40,000"),
        ("table 2", "                               2026"),
        (
            "Liquidity and Capital Resources, table, row: Cash",
            "Cash                      $  612,500",
        ),
    ],
)
def test_locators_name_the_place(doc: tieout.Document, locator: str, starts: str) -> None:
    found = text_at(doc, locator)
    assert found is not None and found.startswith(starts), found


@pytest.mark.parametrize("locator", ["table 3, row: Net revenues", "Segment Results", "table 0"])
def test_locators_naming_nothing_resolve_to_nothing(doc: tieout.Document, locator: str) -> None:
    assert resolve_locator(doc, locator) is None


def test_a_lone_table_is_the_only_table() -> None:
    one = tieout.Document.from_text(
        "t", "Summary\n\n          2026   2025\nRevenue  4,200  3,100\nCosts    1,100    900\n"
    )
    region = resolve_locator(one, "table")
    assert region is not None and one.text[region.start : region.end].startswith("          2026")


def test_a_column_narrows_a_row_to_its_cells_and_an_unknown_column_names_nothing() -> None:
    doc = tieout.Document.from_text(
        "s1",
        "(in thousands)\n\n\tActual\tPro Forma\tPro Forma As Adjusted\n"
        "Cash\t$142,318\t$142,318\t$347,718\nTotal equity\t(250,562)\t162,344\t367,744\n",
    )
    region = resolve_locator(doc, "row: Total equity, column: Pro Forma")
    assert region is not None
    assert (region.label, region.column) == ("row Total equity, column Pro Forma", "Pro Forma")
    assert [doc.text[a:b] for a, b in region.cells] == ["162,344"]
    spans = {f.text: f.span for f in doc.figures}
    assert region.holds(spans["162,344"]) and not region.holds(spans["367,744"])
    assert region.contains(spans["367,744"])  # the row still holds a quote of the whole row
    whole = resolve_locator(doc, "column: Pro Forma As Adjusted")
    assert whole is not None and [doc.text[a:b] for a, b in whole.cells] == [
        "$347,718",
        "367,744",
    ]
    assert column_of(doc, spans["(250,562)"]) == "Actual"
    assert resolve_locator(doc, "row: Total equity, column: Restated") is None


def test_a_headings_or_a_title_lines_period_is_the_period_of_its_section() -> None:
    from tieout.documents.locate import heading_period

    text = (
        "Q4 2025 at a glance\n\nRevenue\n$5.3B\n\nFull-year 2025\n\nRevenue\n$20.5B\n\n"
        "Outlook\n\nWe expect growth.\n"
    )
    doc = tieout.Document.from_text(
        "deck", text, period_start="2025-01-01", period_end="2025-12-31"
    )
    spans = {f.text: f.span for f in doc.figures}
    found = heading_period(doc, spans["$5.3B"][0])
    assert found is not None and (found[0].describe(), found[1]) == (
        "Q4 2025 (Oct–Dec 2025)",
        "Q4 2025 at a glance",
    )
    found = heading_period(doc, spans["$20.5B"][0])
    assert found is not None and (found[0].describe(), found[1]) == ("2025", "Full-year 2025")
    assert heading_period(doc, text.index("We expect")) is None
    # a date alone on a line is a dateline; a heading that compares names no one period
    memo = "Board memo\n\nOctober 14, 2025\n\nCash is $4.0M.\n\nQ3 2025 vs Q3 2024\n\nUp $1.2M.\n"
    dated = tieout.Document.from_text("memo", memo)
    amounts = [f for f in dated.figures if f.kind == "currency"]
    assert [heading_period(dated, f.span[0]) for f in amounts] == [None, None]
    balance = tieout.Document.from_text("bs", "As of December 31, 2025\n\nCash was $4.0M.\n")
    found = heading_period(balance, balance.text.index("$4.0M"))
    assert found is not None and found[0].describe() == "31 Dec 2025"
    # a period the document's own does not hold (2024 in a 2025 document) dates nothing
    other = tieout.Document.from_text("d", text, period_start="2024-01-01", period_end="2024-12-31")
    assert heading_period(other, spans["$5.3B"][0]) is None
