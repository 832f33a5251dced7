"""Table cells as ESG reports, clinical tables and CSV exports print them: a multiple in
a money table, a year in a "Vintage" column, a unit in a "Unit" column, a row label, a
column heading, a corner cell or a long caption, a price per share in a heading, "n (%)"
cells. Each source is shaped like the real report; each draft that restates a cell
faithfully is found, and one that gives the cell another unit, scale or kind is refused.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from _figures import figure

import tieout
from tieout.figures import extract, normalize
from tieout.figures.layout import read_layout

D = Decimal


def statuses(draft: str, source: str | object, **kw: object) -> dict[str, str]:
    r = tieout.gate(draft, sources=[source], **kw)  # type: ignore[list-item,arg-type]
    return {c.key: c.status for c in r.claims}


# --------------------------------------------------------------------------- multiples

PORTFOLIO = """\
Fund performance summary (in millions)

| Fund | Vintage | Invested | Value | Net MOIC |
|---|---|---|---|---|
| Fund III | 2019 | 250.0 | 800.0 | 3.2x |
| Fund IV | 2021 | 400.0 | 600.0 | 1.5× |
"""


def test_a_multiple_cell_is_never_scaled_by_the_table_note() -> None:
    moic = figure(extract(PORTFOLIO), "3.2x")
    assert (moic.value, moic.multiple, moic.implied_unit) == (D("3.2"), True, None)
    assert moic.where == "row Fund III, column Net MOIC"
    assert statuses("Fund III returned 3.2x and Fund IV 1.5x.", PORTFOLIO) == {
        "number:3.2": "found",
        "number:1.5": "found",
    }
    assert statuses("Fund III is worth $3.2 million.", PORTFOLIO) == {
        "currency:USD:3200000": "missing"
    }
    assert statuses("Fund IV holds 1.5 million units.", PORTFOLIO) == {"number:1500000": "missing"}
    # the amounts beside it keep the table's millions
    assert statuses("Fund III is worth $800 million.", PORTFOLIO) == {
        "currency:USD:800000000": "found"
    }


# --------------------------------------------------------------------------- year columns

CREDITS = """\
Carbon credits retired in 2024 (in thousands)

| Project | Registry | Vintage | Credits retired |
|---|---|---|---|
| Kasigau Corridor | VCS 612 | 2019 | 1,204 |
| Rimba Raya | VCS 674 | 2021 | 815 |
"""

TRIALS = """\
| Study | Year | Phase | Patients enrolled |
|---|---|---|---|
| ALPHA-1 | 2019 | 3 | 412 |
| ALPHA-2 | 2021 | 3 | 388 |
"""


def test_years_in_a_vintage_or_year_column_confirm_nothing() -> None:
    assert statuses("The program retired 2,019 credits.", CREDITS) == {"number:2019": "missing"}
    assert statuses("Its budget was $2,019 million.", CREDITS) == {
        "currency:USD:2019000000": "missing"
    }
    assert statuses("Kasigau retired 1,204,000 credits.", CREDITS) == {"number:1204000": "found"}
    assert statuses("The pooled analysis covered 2,019 patients.", TRIALS) == {
        "number:2019": "missing"
    }


def test_a_year_column_named_with_its_event_is_a_date_column() -> None:
    for heading in ("Issue date", "Year of issuance", "Vintage year", "Maturity"):
        source = TRIALS.replace("| Year |", f"| {heading} |")
        assert statuses("The pool held 2,021 patients.", source) == {"number:2021": "missing"}, (
            heading
        )


def test_a_prior_year_column_is_no_date_column() -> None:
    source = (
        "Headcount by region\n\n| Region | Current year | Prior year |\n|---|---|---|\n"
        "| EMEA | 2,310 | 2019 |\n"
    )
    assert statuses("EMEA had 2,019 employees a year earlier.", source) == {"number:2019": "found"}


# --------------------------------------------------------------------------- wide tables


def test_cells_of_a_wide_table_are_found_by_bisection() -> None:
    heads = " | ".join(f"M{j}" for j in range(1, 1501))
    values = " | ".join(f"{1000 + j:,}.5" for j in range(1, 1501))
    source = f"| Metric | {heads} |\n|---|{'---|' * 1500}\n| Units shipped | {values} |\n"
    lay = read_layout(normalize(source))
    (table,) = lay.tables
    row = table.rows[-1]
    assert [row.cell_at(c.span[0] + 1) for c in row.cells] == list(row.cells)
    assert row.cell_at(row.cells[5].span[1]) is None  # the " | " between two cells
    assert figure(extract(source), "2,500.5").where == "row Units shipped, column M1500"


# --------------------------------------------------------------------------- long captions

SEGMENTS = """\
Annual Report 2024

Table 7. Revenue by reportable segment and geographic region for the fiscal years ended December 31, 2024 and 2023 (in millions of U.S. dollars):

| Segment | 2024 | 2023 |
|---|---|---|
| Diagnostics | 1,204.3 | 1,150.0 |
| Life Sciences | 845.2 | 801.9 |
"""

TEN_Q_LEAD = """\
Segment results

The following table presents net sales by reportable segment for the three months ended September 30, 2026 and 2025 (in millions):

                         2026        2025
Industrial            $ 1,482.6   $ 1,390.2
Consumer                  912.4       880.7
"""


def test_a_long_caption_ending_in_a_colon_scales_its_table() -> None:
    assert statuses("Diagnostics revenue was $1,204.3 million.", SEGMENTS) == {
        "currency:USD:1204300000": "found"
    }
    assert statuses("Diagnostics revenue was $1,204.3.", SEGMENTS) == {
        "currency:USD:1204.3": "missing"
    }
    assert statuses("Consumer net sales were $912.4 million.", TEN_Q_LEAD) == {
        "currency:USD:912400000": "found"
    }
    assert statuses("Consumer net sales were $912.4.", TEN_Q_LEAD) == {
        "currency:USD:912.4": "missing"
    }


def test_a_long_line_of_prose_above_a_table_is_no_caption() -> None:
    source = (
        "Revenue grew in every region this year, and management expects the trend to continue "
        "into the next fiscal year (see the outlook section).\n\n"
        "| Region | 2024 |\n|---|---|\n| EMEA | 1,204.3 |\n"
    )
    assert statuses("EMEA revenue was $1,204.3 million.", source) == {
        "currency:USD:1204300000": "missing"
    }


# --------------------------------------------------------------------------- quantity units

GHG_CAPTION = """\
Sustainability Report 2024

Table 4. Scope 1 and Scope 2 greenhouse gas emissions by site, fiscal years 2022 to 2024 (in thousands of metric tons CO2e):

| Site | 2024 | 2023 | 2022 |
|---|---|---|---|
| Rotterdam | 412.5 | 430.1 | 455.9 |
| Houston | 1,204.3 | 1,250.0 | 1,301.7 |
"""


def test_a_long_captions_quantity_note_gives_the_cells_unit_and_scale() -> None:
    cell = figure(extract(GHG_CAPTION), "412.5")
    assert (cell.kind, cell.unit, cell.value) == ("quantity", "tCO2e", D("412500.0"))
    assert statuses("Rotterdam emitted 412,500 tCO2e in 2024.", GHG_CAPTION) == {
        "quantity:tCO2e:412500": "found"
    }
    assert statuses("Rotterdam emitted 412.5 thousand tonnes of CO2e.", GHG_CAPTION) == {
        "quantity:tCO2e:412500": "found"
    }
    # a thousand times too small, another unit, money: none is what the table states
    assert statuses("Rotterdam emitted 412.5 tCO2e.", GHG_CAPTION) == {
        "quantity:tCO2e:412.5": "missing"
    }
    assert statuses("Rotterdam used 412,500 MWh.", GHG_CAPTION) == {
        "quantity:MWh:412500": "missing"
    }
    assert statuses("Rotterdam spent $412.5 million.", GHG_CAPTION) == {
        "currency:USD:412500000": "missing"
    }


ENV_UNITS = """\
Environmental performance data

| Metric | Unit | 2024 | 2023 |
|---|---|---|---|
| Energy use | MWh | 12,400 | 11,900 |
| Scope 1 emissions | tCO2e | 3,150 | 3,300 |
| Water withdrawn | megalitres | 1,840 | 1,910 |
| Employees | number | 14,210 | 13,800 |
| Lost-time injury rate | per 200,000 hours worked | 0.42 | 0.51 |
"""


def test_a_unit_column_gives_each_row_its_quantity() -> None:
    figs = extract(ENV_UNITS)
    energy = figure(figs, "12,400")
    assert (energy.kind, energy.unit, energy.where) == (
        "quantity",
        "MWh",
        "row Energy use, column 2024",
    )
    assert statuses("Energy use fell to 12,400 MWh from 11,900 MWh.", ENV_UNITS) == {
        "quantity:MWh:12400": "found",
        "quantity:MWh:11900": "found",
    }
    assert statuses("Scope 1 emissions were 3,150 tCO2e.", ENV_UNITS) == {
        "quantity:tCO2e:3150": "found"
    }
    assert statuses("We withdrew 1,840 ML of water.", ENV_UNITS) == {"quantity:ML:1840": "found"}


def test_a_cell_confirms_no_quantity_of_another_unit_than_its_rows() -> None:
    r = tieout.gate("Scope 1 emissions were 12,400 tCO2e.", sources=[ENV_UNITS])
    assert [(c.key, c.status) for c in r.claims] == [("quantity:tCO2e:12400", "missing")]
    assert statuses("Energy use was 3,150 MWh.", ENV_UNITS) == {"quantity:MWh:3150": "missing"}
    # a count's row and a row in a unit tieout does not read confirm no quantity either
    assert statuses("The site used 14,210 MWh.", ENV_UNITS) == {"quantity:MWh:14210": "missing"}
    assert statuses("The plant used 0.42 GJ.", ENV_UNITS) == {"quantity:GJ:0.42": "missing"}
    # but they state their numbers
    assert statuses("We employed 14,210 people; the LTIR was 0.42.", ENV_UNITS) == {
        "number:14210": "found",
        "number:0.42": "found",
    }


def test_a_row_labels_unit_and_a_column_headings_unit_are_the_cells() -> None:
    rows = (
        "Resource use\n\n| Metric | 2024 | 2023 |\n|---|---|---|\n"
        "| Water withdrawn (megalitres) | 1,840 | 1,910 |\n| Energy use (MWh) | 12,400 | 11,900 |\n"
    )
    assert statuses("Water withdrawn was 1,840 megalitres.", rows) == {"quantity:ML:1840": "found"}
    assert statuses("Emissions were 1,840 tCO2e.", rows) == {"quantity:tCO2e:1840": "missing"}
    assert statuses("Emissions were 12,400 tCO2e.", rows) == {"quantity:tCO2e:12400": "missing"}
    columns = (
        "Site data\n\n| Site | Emissions (tCO2e) | Energy (MWh) |\n|---|---|---|\n"
        "| Rotterdam | 3,150 | 12,400 |\n"
    )
    assert statuses("Rotterdam emitted 3,150 tCO2e and used 12,400 MWh.", columns) == {
        "quantity:tCO2e:3150": "found",
        "quantity:MWh:12400": "found",
    }
    assert statuses("Rotterdam emitted 12,400 tCO2e.", columns) == {
        "quantity:tCO2e:12400": "missing"
    }
    assert statuses("Rotterdam used 3,150 MWh.", columns) == {"quantity:MWh:3150": "missing"}


def test_the_corner_cell_names_the_tables_unit() -> None:
    source = "Electricity by site\n\n| MWh | 2024 | 2023 |\n|---|---|---|\n| Rotterdam | 12,400 | 11,900 |\n"
    assert statuses("Rotterdam used 12,400 MWh.", source) == {"quantity:MWh:12400": "found"}
    assert statuses("Rotterdam emitted 12,400 tCO2e.", source) == {
        "quantity:tCO2e:12400": "missing"
    }


def test_a_cell_with_no_unit_anywhere_still_confirms_a_quantity() -> None:
    """Where no row, column, corner or caption names a unit, the table's bare cell may be
    of the draft's (as a draft's own table heading may name it): found, as before."""
    source = "Site data\n\n| Site | 2024 | 2023 |\n|---|---|---|\n| Rotterdam | 3,150 | 3,300 |\n"
    assert statuses("Rotterdam emitted 3,150 tCO2e.", source) == {"quantity:tCO2e:3150": "found"}


# --------------------------------------------------------------------------- percent units

WORKFORCE = """\
Workforce indicators

| Indicator | Unit | 2024 | 2023 |
|---|---|---|---|
| Women in leadership | % | 38.2 | 35.1 |
| Voluntary turnover | % | 9.4 | 11.2 |
| Training hours | hours | 1,250 | 1,180 |
"""


def test_a_percent_in_a_unit_column_makes_the_rows_cells_percents() -> None:
    women = figure(extract(WORKFORCE), "38.2")
    assert (women.kind, women.unit, women.value) == ("percent", "percent", D("38.2"))
    assert statuses("Women held 38.2% of leadership roles, up from 35.1%.", WORKFORCE) == {
        "percent:38.2": "found",
        "percent:35.1": "found",
    }
    assert statuses("Turnover cost $9.4 million.", WORKFORCE) == {"currency:USD:9400000": "missing"}
    assert statuses("Staff trained for 1,250 hours.", WORKFORCE) == {"quantity:hour:1250": "found"}


# --------------------------------------------------------------------------- CSV exports

KPI_CSV = """\
metric,unit,2024,2023
Revenue,USD millions,"1,204.3","1,150.0"
Operating expenses,EUR thousands,845.2,801.9
Gross margin,%,38.2,35.1
Scope 1 emissions,tCO2e,"3,150","3,300"
Headcount,number,"14,210","13,800"
"""


def test_a_csv_unit_field_gives_its_row_scale_currency_and_unit(tmp_path: Path) -> None:
    lay = read_layout(normalize(KPI_CSV), csv=True)
    (table,) = lay.tables
    assert table.unit_col == 1
    path = tmp_path / "kpis.csv"
    path.write_text(KPI_CSV, encoding="utf-8")
    assert statuses(
        "Revenue was $1,204.3 million and opex €845.2 thousand; gross margin was 38.2%.", path
    ) == {
        "currency:USD:1204300000": "found",
        "currency:EUR:845200": "found",
        "percent:38.2": "found",
    }
    assert statuses("Scope 1 emissions were 3,150 tCO2e.", path) == {"quantity:tCO2e:3150": "found"}
    # unscaled, in another currency, in another unit: refused
    assert statuses("Revenue was $1,204.3.", path) == {"currency:USD:1204.3": "missing"}
    assert statuses("Opex was $845,200.", path) == {"currency:USD:845200": "missing"}
    assert statuses("Energy use was 3,150 MWh.", path) == {"quantity:MWh:3150": "missing"}
    assert statuses("Revenue was $38.2 million.", path) == {"currency:USD:38200000": "missing"}


def test_a_csv_given_as_text_with_csv_true_reads_the_unit_field() -> None:
    from tieout.gating.sources import text_index

    idx = text_index(KPI_CSV, "kpis", csv=True)
    (fig,) = extract("Revenue was $1,150 million.")
    hit = idx.lookup("currency", fig)
    assert hit is not None and not isinstance(hit, str)
    assert hit.where == "row Revenue, column 2023"


# --------------------------------------------------------------------------- price headings

SHARE_ISSUES = """\
Equity issued during the year

| Date | Shares issued | Price per share ($) |
|---|---|---|
| March 1, 2024 | 10,000 | 42.15 |
| June 3, 2024 | 12,500 | 44.80 |
"""

FUND_CLASSES = """\
Fund share classes (in thousands)

| Class | Units outstanding | NAV per unit (€) |
|---|---|---|
| Class A | 5,000 | 118.42 |
| Class I | 2,400 | 121.07 |
"""


def test_a_price_heading_keys_its_cells_as_prices_per_share_or_unit() -> None:
    price = figure(extract(SHARE_ISSUES), "42.15")
    assert (price.kind, price.unit, price.value, price.per) == (
        "currency",
        "USD",
        D("42.15"),
        "share",
    )
    assert statuses("Shares were issued at $42.15 per share.", SHARE_ISSUES) == {
        "currency:USD/share:42.15": "found"
    }
    assert statuses("The offering raised $42.15 million.", SHARE_ISSUES) == {
        "currency:USD:42150000": "missing"
    }
    nav = figure(extract(FUND_CLASSES), "118.42")
    assert (nav.kind, nav.unit, nav.value, nav.per) == ("currency", "EUR", D("118.42"), "unit")
    assert statuses("Class A's NAV was €118.42 per unit.", FUND_CLASSES) == {
        "currency:EUR/unit:118.42": "found"
    }
    # per unit is no price per share, the note's thousands do not scale a price, and
    # the price is in euros
    assert statuses("Class A's NAV was €118.42 per share.", FUND_CLASSES) == {
        "currency:EUR/share:118.42": "missing"
    }
    assert statuses("Class A's NAV was €118,420.", FUND_CLASSES) == {
        "currency:EUR:118420": "missing"
    }
    assert statuses("Class A's NAV was $118.42 per unit.", FUND_CLASSES) == {
        "currency:USD/unit:118.42": "missing"
    }


# --------------------------------------------------------------------------- n (%) cells

ADVERSE_EVENTS = """\
Table 3. Treatment-emergent adverse events occurring in at least 5% of patients in either arm

| Preferred term | Placebo (N=290) n (%) | Drug 10 mg (N=292) n (%) |
|---|---|---|
| Nausea | 12 (4.1) | 35 (12.0) |
| Headache | 20 (6.9) | 22 (7.5) |
| Fatigue | 9 (3.1) | 17 (5.8) |
"""


def test_n_percent_cells_are_a_count_and_a_percent() -> None:
    figs = extract(ADVERSE_EVENTS)
    pct = figure(figs, "(4.1)")
    assert (pct.kind, pct.unit, pct.value, pct.negative) == ("percent", "percent", D("4.1"), False)
    count = figure(figs, "35")
    assert (count.kind, count.unit, count.value, count.implied_unit) == (
        "number",
        None,
        D(35),
        "count",
    )
    assert statuses(
        "Nausea occurred in 4.1% of patients on placebo and 12.0% on drug.", ADVERSE_EVENTS
    ) == {
        "percent:4.1": "found",
        "percent:12": "found",
    }
    assert statuses("Nausea occurred in 4.1 patients.", ADVERSE_EVENTS) == {"number:4.1": "missing"}
    assert statuses("Each course cost $4.1.", ADVERSE_EVENTS) == {"currency:USD:4.1": "missing"}
    # the count is no percent and no quantity
    assert statuses("Headache occurred in 20% of patients.", ADVERSE_EVENTS) == {
        "percent:20": "missing"
    }
    assert statuses("Patients took 35 mg.", ADVERSE_EVENTS) == {"quantity:mg:35": "missing"}


# --------------------------------------------------------------------------- non-ASCII percent


def test_full_width_and_arabic_percent_headings_mark_percent_cells() -> None:
    source = (
        "Regionale Kennzahlen\n\n| Region | Anteil (％) | Change (٪) |\n|---|---|---|\n"
        "| Nord | 38.2 | 1.4 |\n| Süd | 27.5 | 2.1 |\n"
    )
    share = figure(extract(source), "38.2")
    assert (share.kind, share.value) == ("percent", D("38.2"))
    assert statuses("Nord hatte einen Anteil von 38.2% (plus 1.4%).", source) == {
        "percent:38.2": "found",
        "percent:1.4": "found",
    }
    assert statuses("Nord brought in $38.2 million.", source) == {
        "currency:USD:38200000": "missing"
    }


def test_a_price_in_a_unit_column_is_a_price_per_that_unit() -> None:
    source = (
        "Energy market data\n\n| Metric | Unit | 2024 | 2023 |\n|---|---|---|---|\n"
        "| Average power price | €/MWh | 84.20 | 91.35 |\n| Generation | GWh | 6,310 | 5,990 |\n"
    )
    price = figure(extract(source), "84.20")
    assert (price.kind, price.unit, price.per) == ("currency", "EUR", "MWh")
    assert statuses("The average power price was €84.20/MWh.", source) == {
        "currency:EUR/MWh:84.2": "found"
    }
    assert statuses("The contract cost €84.20 million.", source) == {
        "currency:EUR:84200000": "missing"
    }
    assert statuses("Generation was 6,310 GWh, not 6,310 MWh.", source) == {
        "quantity:GWh:6310": "found",
        "quantity:MWh:6310": "missing",
    }
