"""Claims in scaled counts: count_thousands, shares_millions … against a share table."""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout
from tieout.checks import Status, Verdict

# A share-count table under its own note, beside a money row in thousands of dollars whose
# first cell has the same digits as a share count.
LANTERN_EPS = """Lantern Outdoor Co. — note 9, earnings per share

Net income is in thousands of dollars; share counts are in thousands.

Year ended December 31 | 2025 | 2024
Net income ($ in thousands) | 31,604 | 27,115
Weighted average shares outstanding, basic (shares in thousands) | 31,604 | 30,877
Weighted average shares outstanding, diluted (shares in thousands) | 32,218 | 31,450
"""


def lantern() -> tieout.Document:
    return tieout.Document.from_text(
        "lantern-eps-2025", LANTERN_EPS, period_start="2024-01-01", period_end="2025-12-31"
    )


def count_claim(value: str, unit: str, row: str, cells: str) -> tieout.ClaimReport:
    one = {
        "metric_key": "diluted_shares",
        "value": Decimal(value),
        "unit": unit,
        "period_start": "2025-01-01",
        "period_end": "2025-12-31",
        "source_doc_id": "lantern-eps-2025",
        "source_quote": f"{row} | {cells}",
        "source_locator": f"row: {row}, column: 2025",
    }
    return tieout.check_claims([one], [lantern()], all_checks=True)[0]


DILUTED = "Weighted average shares outstanding, diluted (shares in thousands)"
BASIC = "Weighted average shares outstanding, basic (shares in thousands)"


@pytest.mark.parametrize(
    ("value", "unit"),
    [
        ("32218", "shares_thousands"),
        ("32218", "count_thousands"),
        ("32.218", "shares_millions"),
        ("32.218", "count_millions"),
        ("32218000", "shares"),
        ("32218000", "count"),
    ],
)
def test_a_share_count_claimed_in_any_scale_of_count_or_shares_passes(
    value: str, unit: str
) -> None:
    r = count_claim(value, unit, DILUTED, "32,218 | 31,450")
    assert r.verdict is Verdict.PASS, r.reason
    assert [c.status for c in r.checks] == [Status.PASS, Status.PASS, Status.PASS]
    assert r.check("existence").evidence[0].text == "32,218"


def test_a_share_count_with_its_scale_dropped_fails_naming_the_scale() -> None:
    r = count_claim("32218", "shares", DILUTED, "32,218 | 31,450")
    assert r.verdict is Verdict.FAIL
    assert r.reason == (
        "existence: value 32,218 shares not found in lantern-eps-2025; 32,218,000 shares "
        f'appears at row {DILUTED} ("32,218"); the claim is a thousandth of that — check the '
        "unit's scale (in shares_thousands, 32,218 is that figure)"
    )


def test_a_count_is_never_a_money_cell_with_the_same_digits() -> None:
    # 31,604 stands twice: as thousands of dollars of net income and as thousands of
    # shares; a share claim quoting the net income row is the money cell, not the count
    shares = count_claim("31604", "shares_thousands", BASIC, "31,604 | 30,877")
    assert shares.verdict is Verdict.PASS, shares.reason
    assert [e.text for e in shares.check("existence").evidence] == ["31,604"]
    wrong = count_claim(
        "31604", "shares_thousands", "Net income ($ in thousands)", "31,604 | 27,115"
    )
    assert wrong.verdict is Verdict.FAIL
    quote = wrong.check("quote").reason
    assert quote.startswith('quote states 31,604,000 USD ("31,604", row Net income')
    assert quote.endswith(
        "that figure is an amount in USD, a different unit from the claim's shares_thousands "
        "— if the metric is an amount, claim it in USD"
    )


def test_an_unknown_scale_of_a_count_is_refused_with_the_forms_to_write() -> None:
    r = count_claim("32218", "shares_dozens", DILUTED, "32,218 | 31,450")
    assert r.verdict is Verdict.FAIL
    assert r.reason.startswith("existence: unit: unit 'shares_dozens' is not recognised;")
    assert "count, count_thousands, count_millions, shares, shares_thousands" in r.reason
