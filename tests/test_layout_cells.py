"""Table cells as ESG reports, clinical tables and CSV exports print them: a multiple in
a money table, a year in a "Vintage" column, a unit in a "Unit" column, a row label, a
column heading, a corner cell or a long caption, a price per share in a heading, "n (%)"
cells. Each source is shaped like the real report; each draft that restates a cell
faithfully is found, and one that gives the cell another unit, scale or kind is refused.
"""

from __future__ import annotations

from decimal import Decimal

import tieout
from tests._figures import figure
from tieout.figures import extract, normalize
from tieout.layout import read_layout

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
    assert statuses("Fund IV holds 1.5 million units.", PORTFOLIO) == {
        "number:1500000": "missing"
    }
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
    assert statuses("The program retired 2,019 credits.", CREDITS) == {
        "number:2019": "missing"
    }
    assert statuses("Its budget was $2,019 million.", CREDITS) == {
        "currency:USD:2019000000": "missing"
    }
    assert statuses("Kasigau retired 1,204,000 credits.", CREDITS) == {
        "number:1204000": "found"
    }
    assert statuses("The pooled analysis covered 2,019 patients.", TRIALS) == {
        "number:2019": "missing"
    }


def test_a_year_column_named_with_its_event_is_a_date_column() -> None:
    for heading in ("Issue date", "Year of issuance", "Vintage year", "Maturity"):
        source = TRIALS.replace("| Year |", f"| {heading} |")
        assert statuses("The pool held 2,021 patients.", source) == {
            "number:2021": "missing"
        }, heading


def test_a_prior_year_column_is_no_date_column() -> None:
    source = (
        "Headcount by region\n\n| Region | Current year | Prior year |\n|---|---|---|\n"
        "| EMEA | 2,310 | 2019 |\n"
    )
    assert statuses("EMEA had 2,019 employees a year earlier.", source) == {
        "number:2019": "found"
    }


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
