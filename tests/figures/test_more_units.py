"""Units the financial press and newer filers write: crypto-asset tickers, points of a ratio,
mills of a tax rate, trillions abbreviated; and what confirms a quantity."""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout
from tieout.figures import extract


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("we held 9,480 BTC", ("9,480 BTC", "quantity", "BTC", Decimal(9480))),
        ("reserves of 9,580BTC", ("9,580BTC", "quantity", "BTC", Decimal(9580))),
        ("12.5M USDC of stablecoins", ("12.5M USDC", "quantity", "USDC", Decimal(12_500_000))),
        ("a fee of 3,400sats", ("3,400sats", "quantity", "sats", Decimal(3400))),
        ("gas at 2,400 gwei", ("2,400 gwei", "quantity", "gwei", Decimal(2400))),
        ("improved 3.6 points", ("3.6 points", "percent", "percent", Decimal("3.6"))),
        ("fell 4.8 pts", ("4.8 pts", "percent", "percent", Decimal("4.8"))),
        ("a levy of 28.6 mills", ("28.6 mills", "quantity", "mills", Decimal("28.6"))),
        ("volume of $1.2 trn", ("$1.2 trn", "currency", "USD", Decimal("1.2e12"))),
        ("volume of $1.2 tril", ("$1.2 tril", "currency", "USD", Decimal("1.2e12"))),
        ("volume reached 1.3T", ("1.3T", "number", None, Decimal("1.3e12"))),
    ],
)
def test_units_read(text: str, read: tuple[str, str, str | None, Decimal]) -> None:
    [fig] = extract(text)
    assert (fig.text, fig.kind, fig.unit, fig.value) == read


@pytest.mark.parametrize(
    "text", ["the index rose 50 points", "10 points to remember", "a 4T drive"]
)
def test_what_stays_no_unit(text: str) -> None:
    assert all(f.kind == "number" and f.unit is None for f in extract(text))


LETTER = """Treasury. At quarter end we held 9,480 BTC and 152,300 ETH, and 12.5M USDC in
stablecoins. The combined ratio was 91.8%, 3.6 points better than a year ago.
The levy is 28.6 mills on assessed value; the county covers 28.6 square miles.
Trading volume was $1.2 trn.
"""


@pytest.mark.parametrize(
    ("draft", "keys"),
    [
        ("We held 9,480 ETH.", ["quantity:ETH:9480"]),  # the wrong asset
        ("We held 152,300 BTC.", ["quantity:BTC:152300"]),
        ("Stablecoins were 12.5M USDT.", ["quantity:USDT:12500000"]),
        ("The county covers 28.6 acres.", ["quantity:acres:28.6"]),  # a bare 28.6 is no area
        ("The levy is 1.0412 mills.", ["quantity:mills:1.0412"]),
        ("Volume was $1.3 trillion.", ["currency:USD:1300000000000"]),
    ],
)
def test_a_quantity_is_found_in_its_own_unit_only(draft: str, keys: list[str]) -> None:
    result = tieout.gate(draft, sources=[LETTER])
    assert [c.key for c in result.rejected] == keys


@pytest.mark.parametrize(
    "draft",
    [
        "We held 9,480 BTC and 152,300 ETH.",
        "We held 12.5 million USDC.",
        "The ratio improved 3.6 percentage points to 91.8%.",
        "The ratio improved 3.6pp.",
        "The levy is 28.6 mills.",
        "Volume was $1.2 trillion.",
    ],
)
def test_faithful_figures_pass(draft: str) -> None:
    result = tieout.gate(draft, sources=[LETTER])
    assert result.passed, result.message


def test_a_quantity_in_a_tables_bare_cell_still_passes() -> None:
    table = "Capacity by site\n\n| Site | Capacity (GW) |\n|---|---|\n| Alpha | 1.2 |\n"
    assert tieout.gate("Alpha has 1.2 GW of capacity.", sources=[table]).passed
