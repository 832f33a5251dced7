"""tieout.units: spellings, exact conversions, refused comparisons, lazy pint."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from decimal import Decimal

import pytest

from tieout import units
from tieout.errors import InputError, UnitMismatch, UnitNotRecognised
from tieout.units import (
    ACCEPTED_FORMS,
    CURRENCY_CODES,
    Unit,
    convert,
    normalize_decimal,
    parse_unit,
    same_dimension,
)

SPELLINGS = {
    "USD": "USD",
    "usd": "USD",
    "$": "USD",
    "US$": "USD",
    "€": "EUR",
    "£": "GBP",
    "USD_thousands": "USD_thousands",
    "USD thousands": "USD_thousands",
    "thousands of USD": "USD_thousands",
    "USD_k": "USD_thousands",
    "USD_m": "USD_millions",
    "USD_mn": "USD_millions",
    "USD_bn": "USD_billions",
    "USD_millions": "USD_millions",
    "usd_MILLIONS": "USD_millions",
    "  USD   millions ": "USD_millions",
    "EUR_billions": "EUR_billions",
    "$m": "USD_millions",
    "€bn": "EUR_billions",
    "(in thousands of GBP)": "GBP_thousands",
    "percent": "percent",
    "%": "percent",
    "pct": "percent",
    "percentage": "percent",
    "PERCENT": "percent",
    "basis_point": "basis_point",
    "basis points": "basis_point",
    "bps": "basis_point",
    "bp": "basis_point",
    "count": "count",
    "number": "count",
    "units": "count",
}


@pytest.mark.parametrize(("text", "name"), sorted(SPELLINGS.items()))
def test_every_accepted_spelling_reads_to_its_canonical_unit(text: str, name: str) -> None:
    assert parse_unit(text).name == name


@pytest.mark.parametrize("code", sorted(CURRENCY_CODES))
def test_every_currency_has_its_own_dimension_and_three_scales(code: str) -> None:
    assert parse_unit(code) == Unit(code, "currency", code, Decimal(1))
    assert parse_unit(f"{code}_thousands").factor == Decimal(1000)
    assert parse_unit(f"{code}_millions").factor == Decimal(1000000)
    assert parse_unit(f"{code}_billions").factor == Decimal(1000000000)
    assert parse_unit(f"{code.lower()}_bn").dimension == code


@pytest.mark.parametrize(
    ("text", "name", "factor"),
    [
        ("count_thousands", "count_thousands", Decimal(10) ** 3),
        ("count_millions", "count_millions", Decimal(10) ** 6),
        ("Count K", "count_thousands", Decimal(10) ** 3),
        ("number_crores", "count_crores", Decimal(10) ** 7),
        ("shares", "shares", Decimal(1)),
        ("share", "shares", Decimal(1)),
        ("shares_thousands", "shares_thousands", Decimal(10) ** 3),
        ("shares_bn", "shares_billions", Decimal(10) ** 9),
        ("shares in millions", "shares_millions", Decimal(10) ** 6),
        ("(shares in thousands)", "shares_thousands", Decimal(10) ** 3),
        ("shares (in thousands)", "shares_thousands", Decimal(10) ** 3),
        ("thousands of shares", "shares_thousands", Decimal(10) ** 3),
        ("millions of units", "count_millions", Decimal(10) ** 6),
    ],
)
def test_a_count_and_shares_take_every_scale_a_currency_takes(
    text: str, name: str, factor: Decimal
) -> None:
    unit = parse_unit(text)
    assert (unit.name, unit.kind, unit.dimension, unit.factor) == (name, "count", "count", factor)


def test_scaled_counts_and_shares_convert_into_each_other_but_never_into_money() -> None:
    assert convert(Decimal("4.75"), "shares_millions", "count") == Decimal(4750000)
    assert convert(Decimal(4750), "count_thousands", "shares_millions") == Decimal("4.75")
    assert parse_unit("shares_thousands").display(Decimal(812)) == "812 shares_thousands"
    assert not same_dimension("shares_thousands", "USD_thousands")
    with pytest.raises(UnitMismatch):
        convert(Decimal(1), "count_millions", "USD_millions")


def test_required_codes_are_all_present() -> None:
    asked = "USD EUR GBP JPY CHF CAD AUD NZD CNY HKD SGD INR SEK NOK DKK BRL MXN ZAR KRW"
    assert set(asked.split()) <= CURRENCY_CODES


def test_percent_and_basis_point_share_a_dimension_count_has_its_own() -> None:
    assert parse_unit("percent") == Unit("percent", "percent", "percent", Decimal(1))
    assert parse_unit("bps") == Unit("basis_point", "percent", "percent", Decimal("0.01"))
    assert parse_unit("count") == Unit("count", "count", "count", Decimal(1))


@pytest.mark.parametrize(
    ("value", "source", "target", "expected"),
    [
        ("1.4", "USD_millions", "USD", "1400000"),
        ("1400000", "USD", "USD_millions", "1.4"),
        ("610", "USD_thousands", "USD_millions", "0.61"),
        ("2.5", "EUR_billions", "EUR_thousands", "2500000"),
        ("50", "basis_point", "percent", "0.5"),
        ("0.25", "percent", "bps", "25"),
        ("1", "USD", "USD_billions", "1E-9"),
        ("12345678901234567890.123", "USD_billions", "USD", "12345678901234567890123000000"),
        # 40 significant digits: more than Decimal's default 28-digit context would keep
        (
            "1234567890123456789012345678901234567.891",
            "USD_millions",
            "USD_thousands",
            "1234567890123456789012345678901234567891",
        ),
        ("0.1", "USD", "USD", "0.1"),
        ("-3.20", "USD_m", "USD_k", "-3200"),
    ],
)
def test_conversions_are_exact(value: str, source: str, target: str, expected: str) -> None:
    result = convert(Decimal(value), source, target)
    assert result == Decimal(expected)
    assert str(result) == expected  # canonical spelling: no exponent, no trailing zeros


def test_conversion_round_trips_exactly() -> None:
    value = Decimal("0.000000123456789")
    there = convert(value, "GBP_billions", "GBP")
    assert convert(there, "GBP", "GBP_billions") == value


def test_unit_methods() -> None:
    millions = parse_unit("USD_m")
    assert millions.to_base(Decimal("1.4")) == Decimal(1400000)
    assert millions.from_base(Decimal(610000)) == Decimal("0.61")
    assert millions.display(Decimal("1.40")) == "1.4 USD_millions"
    assert parse_unit("%").display(Decimal(32)) == "32 percent"
    assert parse_unit("USD").display(Decimal("1.4E+6")) == "1400000 USD"


@pytest.mark.parametrize(
    ("a", "b"),
    [("USD", "EUR"), ("USD_millions", "GBP_millions"), ("USD", "percent"), ("percent", "count")],
)
def test_different_dimensions_are_refused(a: str, b: str) -> None:
    assert not same_dimension(a, b)
    with pytest.raises(UnitMismatch) as caught:
        convert(Decimal(1), a, b)
    assert caught.value.unit == parse_unit(a).name
    assert caught.value.expected == parse_unit(b).name


def test_usd_against_eur_message() -> None:
    with pytest.raises(UnitMismatch, match=r"^unit 'USD' cannot be compared with 'EUR': "):
        convert(Decimal("1.4"), "$", "€")
    assert same_dimension("USD_k", parse_unit("usd"))


@pytest.mark.parametrize(
    "text",
    [
        "furlongs",
        "XYZ",
        "USD_quadrillions",
        "RM_billions",
        "",
        "usd millions x",
        "percent_thousands",
        "shares_dozens",
        "countthousands",
    ],
)
def test_unknown_unit_is_refused_with_the_accepted_forms(text: str) -> None:
    with pytest.raises(UnitNotRecognised) as caught:
        parse_unit(text)
    assert isinstance(caught.value, InputError)
    assert isinstance(caught.value, ValueError)
    assert caught.value.accepted == list(ACCEPTED_FORMS)
    assert str(caught.value) == (
        f"unit {text!r} is not recognised; accepted forms: USD, USD_thousands, USD_millions, "
        "USD_billions, <ISO code>_…, percent, basis_point, count, count_thousands, "
        "count_millions, shares, shares_thousands, shares_millions"
    )


def test_normalize_decimal() -> None:
    assert str(normalize_decimal(Decimal("1.40"))) == "1.4"
    assert str(normalize_decimal(Decimal("1.4E+6"))) == "1400000"
    assert str(normalize_decimal(Decimal("-0.00"))) == "0"
    assert str(normalize_decimal(Decimal("100"))) == "100"
    assert normalize_decimal(Decimal("1E-7")).as_tuple() == Decimal("0.0000001").as_tuple()


def test_pint_quantity_uses_decimal_and_keeps_currencies_apart() -> None:
    import pint

    quantity = units.pint_quantity(Decimal("1.4"), "USD_m")
    converted = quantity.to("USD")
    assert isinstance(converted.magnitude, Decimal)
    assert converted.magnitude == Decimal(1400000)
    with pytest.raises(pint.DimensionalityError):
        quantity.to("EUR")


@pytest.mark.parametrize(
    ("text", "name", "factor"),
    [
        ("KRW_trillions", "KRW_trillions", Decimal(10) ** 12),
        ("JPY tn", "JPY_trillions", Decimal(10) ** 12),
        ("trillions of KRW", "KRW_trillions", Decimal(10) ** 12),
        ("RMB_billions", "CNY_billions", Decimal(10) ** 9),
        ("rmb", "CNY", Decimal(1)),
        ("NTD_millions", "TWD_millions", Decimal(10) ** 6),
        ("percentage_points", "percentage_point", Decimal(1)),
        ("percentage point", "percentage_point", Decimal(1)),
        ("ppts", "percentage_point", Decimal(1)),
        ("pp", "percentage_point", Decimal(1)),
    ],
)
def test_trillions_filer_marks_and_percentage_points(text: str, name: str, factor: Decimal) -> None:
    unit = parse_unit(text)
    assert (unit.name, unit.factor) == (name, factor)


def test_percentage_points_compare_as_percent_and_keep_their_name() -> None:
    pp = parse_unit("percentage_points")
    assert (pp.kind, pp.dimension) == ("percent", "percent")
    assert same_dimension(pp, "percent") and same_dimension(pp, "basis_point")
    assert convert(Decimal("1.2"), pp, "percent") == Decimal("1.2")
    assert convert(Decimal("1.2"), pp, "bps") == Decimal(120)
    assert pp.display(Decimal("1.2")) == "1.2 percentage_point"
    assert convert(Decimal("79.14"), "KRW_trillions", "KRW_billions") == Decimal(79140)
    assert same_dimension("RMB_billions", "CNY") and not same_dimension("RMB", "USD")


def test_canonical_units_lists_every_name_once() -> None:
    names = units.canonical_units()
    per_base = 1 + len(units.SCALES)  # the base unit and each of its scales
    assert (
        len(names)
        == len(set(names))
        == 3 + per_base * (len(units.COUNT_BASES) + len(CURRENCY_CODES)) + 1
    )  # percent, basis_point, percentage_point; count and shares; GBP_pence
    assert all(parse_unit(name).name == name for name in names)


def _run(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_importing_units_does_not_import_pint() -> None:
    out = _run(
        """
        import sys
        import tieout.units
        print("pint" in sys.modules)
        tieout.units.parse_unit("USD_m")
        print("pint" in sys.modules)
        """
    )
    assert out.split() == ["False", "True"]


def test_registry_is_built_once_per_process_even_under_threads() -> None:
    out = _run(
        """
        import threading
        from decimal import Decimal
        from tieout import units
        registries = []
        threads = [
            threading.Thread(target=lambda: registries.append(units.get_registry()))
            for _ in range(8)
        ]
        for t in threads: t.start()
        for t in threads: t.join()
        for name in units.canonical_units():
            units.parse_unit(name)
        units.convert(Decimal(1), "USD_m", "USD")
        units.pint_quantity(Decimal(1), "EUR")
        print(units._BUILD_COUNT, len({id(r) for r in registries}),
              units.get_registry() is registries[0])
        """
    )
    assert out == "1 1 True"
