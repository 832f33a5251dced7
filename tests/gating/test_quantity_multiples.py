"""A quantity is found in another multiple of its unit: "1.2 GW" is "1,200 MW", as "$1.2
billion" is "$1,200 million". Units that are no power-of-ten multiple of each other, or
whose prefix is ambiguous ("MTCO2e"), are still compared only with themselves."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tieout
from tieout.figures import extract, quantity_base
from tieout.gating.lazy import LazySource

_PAD = "The board met in March and discussed the outlook for the coming year. " * 400


def _verdict(draft: str, source: str) -> tuple[bool, str, str]:
    result = tieout.gate(draft, sources=[source])
    claim = result.claims[0]
    return result.passed, claim.key, claim.reason


@pytest.mark.parametrize(
    ("source", "draft", "key", "found"),
    [
        ("Capacity reached 1,200 MW.", "Capacity is 1.2 GW.", "quantity:GW:1.2", '"1,200 MW"'),
        (
            "Capacity reached 1,200 MW.",
            "Capacity is 1,200,000 kW.",
            "quantity:kW:1200000",
            '"1,200 MW"',
        ),
        ("Output was 3,500 MWh in 2024.", "Output was 3.5 GWh.", "quantity:GWh:3.5", '"3,500 MWh"'),
        ("Arrays total 1,200 MWac.", "Arrays total 1.2 GWac.", "quantity:GWac:1.2", '"1,200 MWac"'),
        (
            "Scope 1 was 1,240 kt CO2e.",
            "Scope 1 was 1.24 Mt CO2e.",
            "quantity:MtCO2e:1.24",
            '"1,240 kt CO2e"',
        ),
        ("We used 2,400 m³ of water.", "We used 2.4 ML of water.", "quantity:ML:2.4", '"2,400 m³"'),
        (
            "Treasury sold 150,000,000 sats.",
            "Treasury sold 1.5 BTC.",
            "quantity:BTC:1.5",
            '"150,000,000 sats"',
        ),
        (
            "Dosing at 250 nM was stopped.",
            "Dosing at 0.25 μM was stopped.",
            "quantity:μM:0.25",
            '"250 nM"',
        ),
    ],
)
def test_a_quantity_is_found_in_another_multiple_of_its_unit(
    source: str, draft: str, key: str, found: str
) -> None:
    assert _verdict(draft, source) == (True, key, f"found in source 1: {found}")
    # read on demand from a long source, as from a short one
    assert _verdict(draft, _PAD + source + "\n\n" + _PAD) == (
        True,
        key,
        f"found in source 1: {found}",
    )


@pytest.mark.parametrize(
    ("source", "draft", "key"),
    [
        (
            "Capacity reached 1,200 MW.",
            "Capacity is 1.2 MW.",
            "quantity:MW:1.2",
        ),  # digits, not units
        ("Capacity reached 1,200 MW.", "Capacity is 1.3 GW.", "quantity:GW:1.3"),
        (
            "Output was 3,500 MWh in 2024.",
            "Output was 3.5 GW.",
            "quantity:GW:3.5",
        ),  # power, not energy
        (
            "Arrays total 1,200 MWac.",
            "Arrays total 1.2 GW.",
            "quantity:GW:1.2",
        ),  # AC rating kept apart
        (
            "Scope 1 was 1,240 kt CO2e.",
            "Scope 1 was 1.24 MtCO2.",
            "quantity:MtCO2:1.24",
        ),  # CO2 alone
        # US inventories' "MT" is metric tons, never megatonnes: no multiple of "kt"
        (
            "Emissions fell to 3,120 MTCO2e.",
            "Emissions fell to 3.12 ktCO2e.",
            "quantity:ktCO2e:3.12",
        ),
    ],
)
def test_other_units_and_other_digits_are_still_rejected(source: str, draft: str, key: str) -> None:
    passed, got_key, reason = _verdict(draft, source)
    assert (passed, got_key) == (False, key)
    assert reason == "in neither this run's anchors nor its sources"


def test_quantity_base_names_the_base_unit_and_the_magnitude_in_it() -> None:
    assert quantity_base("GW", Decimal("1.2")) == ("W", Decimal("1.2E+9"))
    assert quantity_base("Mboe/d", Decimal(412)) == ("boe/d", Decimal(412000))
    assert quantity_base("MTCO2e", Decimal(1)) is None  # ambiguous prefix: compared with itself
    assert quantity_base("month", Decimal(18)) is None  # durations are not converted
    assert quantity_base(None, Decimal(1)) is None


_UNITS = {"W": ["kW", "MW", "GW"], "Wh": ["kWh", "MWh", "GWh", "TWh"], "J": ["GJ", "TJ", "PJ"]}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(_UNITS)),
    st.data(),
    st.integers(1, 999_999),
)
def test_any_multiple_of_a_stated_quantity_is_found_and_a_changed_digit_is_not(
    base: str, data: st.DataObject, units: int
) -> None:
    stated, written = (
        data.draw(st.sampled_from(_UNITS[base])),
        data.draw(st.sampled_from(_UNITS[base])),
    )
    value = Decimal(units)
    source = f"Total for the year: {value:,} {stated}."
    fig = extract(source)[0]
    want = quantity_base(fig.unit, fig.value)  # type: ignore[arg-type]
    assert want is not None
    in_written = want[1].scaleb(-quantity_base(written, Decimal(1))[1].adjusted())  # type: ignore[index]
    shown = f"{in_written.normalize():f}"
    draft = f"The total was {shown} {written}."
    lazy = LazySource(source, "s")
    draft_fig = extract(draft)[0]
    assert lazy.lookup("numeric", draft_fig) is not None, (source, draft)
    changed = extract(f"The total was {Decimal(shown) + 1} {written}.")[0]
    assert LazySource(source, "s").lookup("numeric", changed) is None, (source, draft)
