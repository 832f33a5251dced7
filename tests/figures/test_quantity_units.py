"""Quantity units as sustainability reports, utility filings and trial reports write them,
and what a quantity or a price is per: a figure keeps its unit (so the same digits in
another unit confirm nothing), both ends of a range carry it, and a rate per a unit is
found only where a source states it per that unit."""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout
from tieout.figures import extract


def _read(text: str) -> list[tuple[str, str, str | None, Decimal | None, str | None]]:
    return [(f.text, f.kind, f.unit, f.value, f.per) for f in extract(text)]


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [
        ("Direct emissions were 118,250 tCO₂e.", "tCO2e", Decimal(118250)),
        ("Direct emissions were 118,250 tonnes of CO2 equivalent.", "tCO2e", Decimal(118250)),
        ("Direct emissions were 118,250 metric tons of CO2e.", "tCO2e", Decimal(118250)),
        ("Direct emissions were 118,250 tonnes CO2-e.", "tCO2e", Decimal(118250)),
        ("Direct emissions were 118,250 tCO2eq.", "tCO2e", Decimal(118250)),
        ("Value-chain emissions were 3.2 Mt CO2e.", "MtCO2e", Decimal("3.2")),
        ("Value-chain emissions were 3.2 MtCO₂e.", "MtCO2e", Decimal("3.2")),
        ("Process emissions were 1,240 kt CO2e.", "ktCO2e", Decimal(1240)),
        ("Process emissions were 1,240 kilotonnes CO2e.", "ktCO2e", Decimal(1240)),
        ("The inventory totals 1,240 MTCO2e.", "MTCO2e", Decimal(1240)),  # kept apart from Mt
        ("Fuel use was 1,240 GJ.", "GJ", Decimal(1240)),
        ("Fuel use was 1,240 terajoules.", "TJ", Decimal(1240)),
        ("Withdrawals were 1,240 megalitres.", "ML", Decimal(1240)),
        ("Withdrawals were 1,240 m³.", "m³", Decimal(1240)),
        ("Sales were 1,240 gigawatt-hours.", "GWh", Decimal(1240)),
        ("Sales were 1,240 megawatt hours.", "MWh", Decimal(1240)),
        ("Load is 58 megawatts.", "MW", Decimal(58)),
        ("Wapato Flats is rated 148 MWac.", "MWac", Decimal(148)),
        ("The IC50 was 3.2 µM.", "μM", Decimal("3.2")),
        ("The IC50 was 3.2 nM.", "nM", Decimal("3.2")),
        ("Mean Cmax was 1,250 ng/mL.", "ng/mL", Decimal(1250)),
        ("The dose was 2.5 mg/m2 Q3W.", "mg/m²", Decimal("2.5")),
        ("The dose was 2.5 mg/m² Q3W.", "mg/m²", Decimal("2.5")),
        ("The half-life was 12.5 hours.", "hour", Decimal("12.5")),
        ("Median OS was 18.4 months.", "month", Decimal("18.4")),
        ("CAC payback is 14.5 months.", "month", Decimal("14.5")),
    ],
)
def test_a_quantity_keeps_its_unit(text: str, unit: str, value: Decimal) -> None:
    [fig] = extract(text)
    assert (fig.kind, fig.unit, fig.value) == ("quantity", unit, value)


def test_a_year_before_a_duration_word_stays_a_year() -> None:
    assert _read("In the 2024 year we grew.") == [("2024", "number", None, Decimal(2024), None)]


def test_both_ends_of_a_quantity_range_carry_its_unit() -> None:
    assert _read("The plan adds 1,150–1,800 MW.") == [
        ("1,150", "quantity", "MW", Decimal(1150), None),
        ("1,800 MW", "quantity", "MW", Decimal(1800), None),
    ]
    assert _read("from 2,500 tCO2e–3,100 tCO2e") == [
        ("2,500 tCO2e", "quantity", "tCO2e", Decimal(2500), None),
        ("3,100 tCO2e", "quantity", "tCO2e", Decimal(3100), None),
    ]
    # "MW-" before the second end is a unit, no identifier's label ("EIP-1559")
    assert [f.value for f in extract("adds 1,150 MW-8,888 MW")] == [Decimal(1150), Decimal(8888)]
    assert extract("see EIP-1559") == []


def test_battery_power_and_energy_are_two_quantities() -> None:
    expected = [("MW", Decimal(250)), ("MWh", Decimal(1000))]
    assert [(f.unit, f.value) for f in extract("a 250 MW/1,000 MWh battery")] == expected
    assert [(f.unit, f.value) for f in extract("a 250-MW/1,000-MWh battery")] == expected


@pytest.mark.parametrize(
    ("text", "unit", "per"),
    [
        ("1,240 tCO2e/yr", "tCO2e", "year"),
        ("1,240 tCO2e/year", "tCO2e", "year"),
        ("1,240 tCO2e per year", "tCO2e", "year"),
        ("0.2806 tCO2e/MWh", "tCO2e", "MWh"),
        ("27.4 tCO2e per $ million revenue", "tCO2e", "USD million"),
        ("27.4 tCO2e per $ billion of revenue", "tCO2e", "USD billion"),
        ("27.4 tCO2e per million dollars", "tCO2e", "USD million"),
    ],
)
def test_what_a_quantity_is_per(text: str, unit: str, per: str) -> None:
    [fig] = extract(text)
    assert (fig.kind, fig.unit, fig.per) == ("quantity", unit, per)


@pytest.mark.parametrize(
    ("text", "per"),
    [
        ("$425,000 per patient per year", "patient/year"),
        ("$18,500 per vial", "vial"),
        ("$96,000 annually", "year"),
        ("$1,200 monthly", "month"),
    ],
)
def test_what_a_drug_price_is_per(text: str, per: str) -> None:
    assert extract(text)[0].per == per


def test_a_line_wrapped_between_number_and_unit_keeps_the_unit() -> None:
    assert _read("demand grows to 7,915\nMW in 2032")[0][1:3] == ("quantity", "MW")
    # in a table laid out with spaces, the next row's label is no unit
    assert _read("Capacity      7,915\nMW sold       1,200")[0][1:3] == ("number", None)


ESG = """Retail sales were 1,150 GWh in the northern zone and 31,420 GWh in all.
The plan adds 1,800 MW of solar. Scope 3 category 11 emissions were 2,500 ktCO2e and
Scope 1 was 3,100 tCO₂e. Hazardous waste generated: 4,205 tonnes.
Emissions intensity was 27.4 tCO2e per $ million revenue in 2024. The Moss Ridge project
is a 250 MW/1,000 MWh battery. Solar additions of 1,250 MW–1,600 MW are planned.
For a typical customer the monthly bill would increase by $14.82, from $138.40 to $153.22.
"""


@pytest.mark.parametrize(
    ("draft", "keys", "passed"),
    [
        ("Scope 1 was 3,100 tCO2e.", ["quantity:tCO2e:3100"], True),
        ("Scope 1 was 3,100 tonnes of CO2 equivalent.", ["quantity:tCO2e:3100"], True),
        ("We emitted 4,205 metric tons of CO2e.", ["quantity:tCO2e:4205"], False),
        ("The plan adds 1,150–1,800 MW.", ["quantity:MW:1150", "quantity:MW:1800"], False),
        (
            "Emissions were 2,500 to 3,100 tCO2e.",
            ["quantity:tCO2e:2500", "quantity:tCO2e:3100"],
            False,
        ),
        ("Sales are 31,420 MWh/yr.", ["quantity:MWh/year:31420"], False),
        (
            "Intensity was 27.4 tCO2e per $ million revenue.",
            ["quantity:tCO2e/USD million:27.4"],
            True,
        ),
        ("Intensity was 27.4 tCO2e per $ billion.", ["quantity:tCO2e/USD billion:27.4"], False),
        ("Intensity was 27.4 tCO2e per MWh.", ["quantity:tCO2e/MWh:27.4"], False),
        ("Intensity was 27.4 tCO2e.", ["quantity:tCO2e:27.4"], True),  # no denominator named
        ("Moss Ridge is 250 MW/1,000 MWh.", ["quantity:MW:250", "quantity:MWh:1000"], True),
        ("Moss Ridge is 275-MW/1,100-MWh.", ["quantity:MW:275", "quantity:MWh:1100"], False),
        ("Solar additions could reach 1,600 MW.", ["quantity:MW:1600"], True),
        ("Solar reaches 1,150 MW-8,888 MW.", ["quantity:MW:1150", "quantity:MW:8888"], False),
        ("The bill rises by $14.82.", ["currency:USD:14.82"], True),
        ("The bill rises by $14.82 per year.", ["currency:USD/year:14.82"], False),
        ("The bill rises $14.82/kWh.", ["currency:USD/kWh:14.82"], False),
        ("The bill will be $153.22 per day.", ["currency:USD/day:153.22"], False),
        ("We enrolled 1,150 patients.", ["number:1150"], False),  # "1,150 GWh" is no count
    ],
)
def test_the_gate_finds_a_quantity_in_its_own_unit_and_rate(
    draft: str, keys: list[str], passed: bool
) -> None:
    result = tieout.gate(draft, sources=[ESG])
    assert [c.key for c in result.claims] == keys
    assert result.passed is passed


TRIAL = """VLX-418 inhibited KRAS G12C with an IC50 of 3.2 nM. Mean Cmax was 1,250 ng/mL and the
terminal half-life was 12.5 hours. Median overall survival was 18.4 months.
Median OS was 13.1 months in the control arm. Patients received 1,200 mg once daily. The dose was 2.5 mg/kg intravenously Q3W.
The wholesale acquisition cost is $425,000 per patient per year; a vial is $18,500 per vial.
The maintenance regimen costs $96,000 annually. CAC payback was 19 months.
"""


@pytest.mark.parametrize(
    ("draft", "keys", "passed"),
    [
        ("The IC50 was 3.2 µM.", ["quantity:μM:3.2"], False),
        ("The IC50 was 3.2 nM.", ["quantity:nM:3.2"], True),
        ("Mean Cmax was 1,250 mg/mL.", ["quantity:mg/mL:1250"], False),
        ("The half-life was 12.5 days.", ["quantity:day:12.5"], False),
        ("The half-life was 12.5 hours.", ["quantity:hour:12.5"], True),
        ("Median OS was 18.4 weeks.", ["quantity:week:18.4"], False),
        ("The dose was 2.5 mg/m2.", ["quantity:mg/m²:2.5"], False),
        ("A total of 1,200 patients were dosed.", ["number:1200"], False),
        ("The WAC is $425,000 per month.", ["currency:USD/month:425000"], False),
        ("The WAC is $425,000 per patient per year.", ["currency:USD/patient/year:425000"], True),
        ("The WAC is $425,000 per year.", ["currency:USD/year:425000"], True),
        ("The WAC is $425,000.", ["currency:USD:425000"], True),
        ("The regimen costs $96,000 per month.", ["currency:USD/month:96000"], False),
        ("The regimen costs $96,000 a year.", ["currency:USD/year:96000"], True),
        ("Each dose costs $18,500 per week.", ["currency:USD/week:18500"], False),
        ("CAC payback improved to 14.5 months.", ["quantity:month:14.5"], False),
        ("CAC payback improved to 14 months.", [], True),  # a small count: no claim
        (
            "Median OS was 18.4 vs 13.1 months.",
            ["quantity:month:18.4", "quantity:month:13.1"],
            True,
        ),
        (
            "Median OS was 18.4 versus 11.0 weeks.",
            ["quantity:week:18.4", "quantity:week:11"],
            False,
        ),
        ("It lasts a 30-day period.", [], True),
    ],
)
def test_the_gate_checks_trial_units_and_drug_prices(
    draft: str, keys: list[str], passed: bool
) -> None:
    result = tieout.gate(draft, sources=[TRIAL])
    assert [c.key for c in result.claims] == keys
    assert result.passed is passed


def test_a_wrapped_source_line_confirms_its_quantity() -> None:
    source = "Peak demand is forecast to reach 7,915\nMW in 2032; Scope 1 fell to 118,250\ntCO2e."
    result = tieout.gate(
        "Peak demand reaches 7,915 MW; Scope 1 is 118,250 tCO2e.", sources=[source]
    )
    assert [(c.key, c.status) for c in result.claims] == [
        ("quantity:MW:7915", "found"),
        ("quantity:tCO2e:118250", "found"),
    ]


def test_a_draft_table_cell_under_a_unit_heading_is_found_as_the_quantity() -> None:
    draft = "| Plant | Capacity (MW) |\n|---|---|\n| Kettle | 1,800 |\n"
    result = tieout.gate(draft, sources=[ESG])
    # the draft's own cell is read in its heading's unit, as a source's is
    assert [(c.key, c.status) for c in result.claims] == [("quantity:MW:1800", "found")]
