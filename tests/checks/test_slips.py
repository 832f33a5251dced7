"""Reasons that name the real cause: the claim's number at another scale or in another unit,
and a quote that states the claimed amount as a bare table cell."""

from __future__ import annotations

import re
from decimal import Decimal

import tieout
from tieout.checks import Status, Verdict

# A report whose table is scaled by a note that names no currency, with a percent row, and
# whose prose states the headline amount with its dollar sign.
PINEWOOD = """Pinewood Ceramics annual report 2025

Revenue for 2025 was $3,418,200, up from $3,077,900 in 2024.

(in thousands)
Year ended December 31 | 2025 | 2024
Revenue | 3,418.2 | 3,077.9
Operating income | 612.4 | 540.1
Operating margin | 17.9% | 17.5%
"""

# The same amounts with no scale note and no currency in the table; the prose names them
# in dollars.
PINEWOOD_BARE = """Pinewood Ceramics annual report 2025

Revenue for 2025 was $3,418,200, up from $3,077,900 in 2024.

Year ended December 31 | 2025 | 2024
Revenue | 3,418,200 | 3,077,900
Operating income | 612,400 | 540,100
"""


def doc(doc_id: str, text: str) -> tieout.Document:
    return tieout.Document.from_text(
        doc_id, text, period_start="2024-01-01", period_end="2025-12-31"
    )


def claim_on(
    d: tieout.Document, value: str, unit: str, quote: str, row: str, column: str = "2025"
) -> tieout.ClaimReport:
    one = {
        "metric_key": "m",
        "value": Decimal(value),
        "unit": unit,
        "period_start": f"{column}-01-01",
        "period_end": f"{column}-12-31",
        "source_doc_id": d.doc_id,
        "source_quote": quote,
        "source_locator": f"row: {row}, column: {column}",
    }
    return tieout.check_claims([one], [d], all_checks=True)[0]


def never_contradicts(report: tieout.ClaimReport) -> None:
    """No reason says a quote does not state a number it then lists."""
    for check in report.checks:
        said = re.match(r"quote does not state (-?[\d,.]+)[^;]*; it states (.*)", check.reason)
        if said:
            assert said.group(1) not in re.findall(r"-?[\d,.]+", said.group(2)), check.reason


def test_a_thousandfold_slip_names_the_figure_its_place_and_the_scale() -> None:
    d = doc("pinewood-2025", PINEWOOD)
    quote = "Operating income | 612.4 | 540.1"
    r = claim_on(d, "612.4", "USD_millions", quote, "Operating income")
    assert r.verdict is Verdict.FAIL
    assert r.reason == (
        "existence: value 612,400,000 USD not found in pinewood-2025; 612,400 appears at row "
        'Operating income ("612.4"); the claim is 1,000 times that — check the unit\'s scale '
        "(in USD_thousands, 612.4 is that figure)"
    )
    assert r.check("quote").reason == (
        'quote states 612,400 ("612.4", row Operating income); the claim is 1,000 times that '
        "— check the unit's scale (in USD_thousands, 612.4 is that figure)"
    )
    small = claim_on(d, "612.4", "USD", quote, "Operating income")
    assert small.reason.startswith("existence: value 612.4 USD not found in pinewood-2025; ")
    assert "the claim is a thousandth of that — check the unit's scale" in small.reason
    assert "nearest figure" not in small.reason + r.reason


def test_an_amount_claimed_for_a_percent_says_the_figure_is_a_percent() -> None:
    d = doc("pinewood-2025", PINEWOOD)
    r = claim_on(d, "17.9", "USD_thousands", "Operating margin | 17.9% | 17.5%", "Operating margin")
    assert r.verdict is Verdict.FAIL
    assert r.reason == (
        "existence: value 17,900 USD not found in pinewood-2025; 17.9% appears at row Operating "
        'margin ("17.9%"); that figure is a percent, a different unit from the claim\'s '
        "USD_thousands — if the metric is a percent, claim it in percent"
    )
    # the same digits as a percent pass, and a wrong digit still gets the nearest figure
    assert claim_on(
        d, "17.9", "percent", "Operating margin | 17.9% | 17.5%", "Operating margin"
    ).passed
    other = claim_on(d, "19.7", "percent", "Operating margin | 17.9% | 17.5%", "Operating margin")
    assert "nearest figure 17.9%" in other.reason


def test_a_quoted_bare_cell_scaled_by_a_note_is_the_claimed_amount() -> None:
    d = doc("pinewood-2025", PINEWOOD)
    r = claim_on(d, "3418200", "USD", "Revenue | 3,418.2 | 3,077.9", "Revenue")
    assert r.verdict is Verdict.PASS, r.reason
    assert r.check("quote").reason == "quote found verbatim in row Revenue, column 2025"
    # the cell the quote states decides the period: 2024's cell is no 2025 revenue
    wrong_year = claim_on(d, "3077900", "USD", "Revenue | 3,418.2 | 3,077.9", "Revenue")
    assert wrong_year.verdict is Verdict.FAIL
    assert wrong_year.check("period_unit").reason.startswith(
        'period: 3,077,900 is stated for 2024 ("3,077.9", row Revenue)'
    )


def test_a_quoted_bare_cell_with_the_claimed_number_passes_where_the_document_is_in_dollars() -> (
    None
):
    d = doc("pinewood-bare", PINEWOOD_BARE)
    for value, unit in (("3418200", "USD"), ("3418.2", "USD_thousands"), ("3.4182", "$m")):
        r = claim_on(d, value, unit, "Revenue | 3,418,200 | 3,077,900", "Revenue")
        assert r.verdict is Verdict.PASS, r.reason
        assert [c.status for c in r.checks] == [Status.PASS, Status.PASS, Status.PASS]
        never_contradicts(r)


def test_a_quoted_bare_cell_nothing_dates_is_not_taken_for_the_claimed_amount() -> None:
    # an equity statement's columns are components, not years: the cell's unit and its
    # period would both be guesses, so the quote check says so instead of passing
    text = """Pinewood Ceramics: statement of changes in equity

Revenue for 2025 was $3,418,200, up from $3,077,900 in 2024.

Component | Common stock | Retained earnings | Total
Net income | 0 | 3,418,200 | 3,418,200
Dividends | 0 | (400,000) | (400,000)
"""
    r = claim_on(
        doc("pinewood-equity", text),
        "3418200",
        "USD",
        "Net income | 0 | 3,418,200 | 3,418,200",
        "Net income",
    )
    assert r.verdict is Verdict.FAIL
    assert r.reason == (
        'quote states "3,418,200" (row Net income) with no unit and no period; tieout '
        "cannot tell it is 3,418,200 USD for 2025"
    )
    never_contradicts(r)


def test_a_bare_cell_where_the_document_names_two_currencies_is_undecided_not_a_contradiction() -> (
    None
):
    text = PINEWOOD_BARE.replace("in 2024.", "in 2024. The Lyon workshop sold EUR 402,000 of it.")
    r = claim_on(
        doc("pinewood-eu", text), "3418200", "USD", "Revenue | 3,418,200 | 3,077,900", "Revenue"
    )
    assert r.verdict is Verdict.FAIL
    assert r.reason == (
        'quote states "3,418,200" (row Revenue) with no unit; tieout cannot tell it is '
        "3,418,200 USD"
    )
    never_contradicts(r)


def test_a_quote_of_another_number_still_says_what_it_states() -> None:
    d = doc("pinewood-bare", PINEWOOD_BARE)
    r = claim_on(d, "3418200", "USD", "Operating income | 612,400 | 540,100", "Revenue")
    assert r.check("quote").reason == (
        "quote does not state 3,418,200 USD; it states 612,400, 540,100"
    )
    never_contradicts(r)
