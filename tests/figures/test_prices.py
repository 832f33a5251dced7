"""Prices per unit: an amount keyed with what it is the price of ("$2.85/Mcf"), so a price
per another unit of the same digits confirms nothing; an amount stated as the price of
nothing still confirms any."""

from __future__ import annotations

import pytest

import tieout
from tieout.figures import extract

ENERGY = """Third quarter 2026 operating results

Realized natural gas price was $2.85 per Mcf, before hedges. Oil sold for $65.10/bbl and
NGLs for $24.30 a barrel. Lease operating expense was $8.15/Boe.
Average in-place office rent reached $42.50 per square foot; diluted EPS was $1.23 per
diluted share. The retail plan costs $14 a month.
"""


@pytest.mark.parametrize(
    ("written", "per"),
    [
        ("$2.85/MMBtu", "MMBtu"),
        ("$2.85 / Mcf", "Mcf"),
        ("$2.85 per thousand cubic feet", "Mcf"),
        ("$2.85/Mcfe", "Mcfe"),  # a word run on names its own unit
        ("$65.10 a barrel", "bbl"),
        ("$65.10/bbl", "bbl"),
        ("$45 per megawatt-hour", "MWh"),
        ("$42.50/sf", "sq ft"),
        ("$42.50 psf", "sq ft"),  # the "per" in the word
        ("$1.23 per diluted share", "share"),
        ("US$ 3.10 per ADS", "share"),
        ("($1.23) per share", "share"),
        ("$4.2M/yr", "year"),
        ("$400 a month", "month"),
        ("$20 million a year ago", None),  # a time, not a rate
        ("$20 million a year earlier", None),
        ("$5 per person", None),  # not a unit tieout names: the amount alone
        ("$1.2345 per $100 of assessed value", None),
    ],
)
def test_what_an_amount_is_the_price_of(written: str, per: str | None) -> None:
    assert extract(written)[0].per == per


def test_a_range_of_prices_is_priced_at_both_ends() -> None:
    low, high = extract("Differentials of $4-5/bbl")
    assert (low.value, low.per, high.value, high.per) == (4, "bbl", 5, "bbl")


@pytest.mark.parametrize(
    ("draft", "key", "passed"),
    [
        ("Gas sold for $2.85/Mcf.", "currency:USD/Mcf:2.85", True),
        ("Gas sold for $2.85 per thousand cubic feet.", "currency:USD/Mcf:2.85", True),
        ("Gas sold for $2.85.", "currency:USD:2.85", True),  # no unit named: any
        ("Gas sold for $2.85/MMBtu.", "currency:USD/MMBtu:2.85", False),
        ("Oil sold for $65.10 a barrel.", "currency:USD/bbl:65.1", True),
        ("Oil sold for $65.10/boe.", "currency:USD/boe:65.1", False),
        ("NGLs fetched $24.30/bbl.", "currency:USD/bbl:24.3", True),
        ("LOE was $8.15 per BOE.", "currency:USD/boe:8.15", True),
        ("LOE was $8.15/Mcfe.", "currency:USD/Mcfe:8.15", False),
        ("Rent is $42.50/sf.", "currency:USD/sq ft:42.5", True),
        ("Rent is $42.50 per square metre.", "currency:USD/m²:42.5", False),
        ("EPS was $1.23 per share.", "currency:USD/share:1.23", True),
        ("Distributions were $1.23 per unit.", "currency:USD/unit:1.23", False),
        ("The plan is $14 per month.", "currency:USD/month:14", True),
        ("The plan is $14 a year.", "currency:USD/year:14", False),
    ],
)
def test_a_price_is_found_only_per_its_own_unit(draft: str, key: str, passed: bool) -> None:
    result = tieout.gate(draft, sources=[ENERGY])
    assert result.passed is passed
    assert [c.key for c in result.claims] == [key]


def test_the_rejection_names_the_unit_the_source_prices_it_in() -> None:
    result = tieout.gate("Gas sold for $2.85/MMBtu.", sources=[ENERGY])
    (claim,) = result.rejected
    assert claim.hint == 'the sources have "$2.85" as a price per Mcf, not per MMBtu'
    assert 'source 1 has "$2.85" as a price per Mcf, not per MMBtu' in claim.reason


def test_a_price_in_a_table_row_named_for_its_unit_confirms_a_price() -> None:
    # the row's "($/Mcf)" is the layout's; its cell is an amount priced per nothing read
    table = (
        "Realized prices ($ in millions, except per-unit prices)\n\n"
        "                          Q3 2026     Q3 2025\n"
        "Natural gas ($/Mcf)          2.85        2.41\n"
        "Oil ($/Bbl)                 65.10       71.88\n"
    )
    result = tieout.gate("Gas realized $2.85/Mcf against $2.41/Mcf a year ago.", sources=[table])
    assert result.passed, result.message


@pytest.mark.parametrize(
    "draft",
    ["Tax rate: $1.0412/100AV", "the rate was $0.75/1000AV", "0.1/2%p", "$0.5/5A"],
)
def test_a_decimal_amount_over_a_number_is_never_a_traceback(draft: str) -> None:
    result = tieout.gate(draft, sources=["The rate is $1.0412 per $100 of assessed value."])
    assert result.outcome in ("pass", "rejected")
    tieout.extract(draft)  # and as a source


def test_a_decimal_amount_over_a_number_is_refused_with_the_spelling_to_use() -> None:
    result = tieout.gate(
        "Tax rate: $1.0412/100AV", sources=["The rate is $1.0412 per $100 of assessed value."]
    )
    (claim,) = result.rejected
    assert claim.hint == (
        "written with a slash after a decimal amount, which cannot be checked: write it with "
        'the word "per" as the sources do (1.0412 per 100 for 1.0412/100)'
    )


@pytest.mark.parametrize(
    ("text", "per"),
    [
        ("€84.20 per GJ", "GJ"),
        ("$12 per tCO2e", "tCO2e"),
        ("$12/tCO2e", "tCO2e"),
        ("$85 per tonne of CO2e", "tCO2e"),
        ("€3.10 per MJ", "MJ"),
        ("$40 per GWh", "GWh"),
    ],
)
def test_energy_and_carbon_prices_name_what_they_are_per(text: str, per: str) -> None:
    (fig,) = extract(text)
    assert fig.per == per


def test_a_carbon_price_is_not_confirmed_by_a_bare_amount() -> None:
    draft = "The internal carbon price was $85 per tCO2e."
    assert not tieout.gate(draft, sources=["We paid $85 for offsets."]).passed
    assert tieout.gate(draft, sources=["Internal carbon price: $85 per tonne of CO2e."]).passed
