"""One table cell's figure read in its table: a heading's year, a note number, a multiple,
a year, an "n (%)" count, a number among words, a unit's number, a quantity or a price.

``in_table`` tries each kind of cell in ``_CELL_KINDS``, in order, and reads a cell none of
them reads as one of the table's amounts (``amounts.amount_cell``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from tieout.figures.layout.amounts import (
    HUNDREDTHS,
    CellPlace,
    amount_cell,
    cell_place,
    label_figure,
    own_label,
    rate_row,
)
from tieout.figures.layout.cell_units import bracket_quantity, heading_per, quantity_cell
from tieout.figures.layout.currencies import local_dollar
from tieout.figures.layout.headers import LETTER_WORD, SCALE_WORDS_LOW, glued_note_year
from tieout.figures.layout.labels import (
    PER_SHARE,
    RATIO,
    SHARES_FOR_PER_SHARE,
    count_row,
    own_unit,
)
from tieout.figures.layout.model import Cell, CellUnit, Row, Table

if TYPE_CHECKING:
    from tieout.figures.figure import Figure
    from tieout.periods import Period

__all__ = ["across_headings", "in_table"]


# a column of the notes a statement's rows are explained in ("Note", "Notes", "Note ref")
_NOTE_COLUMN = re.compile(r"(?i)\s*notes?(?:\s+(?:ref\.?|reference|no\.?))?\s*")


def _worded_cell(cell: str, f: Figure) -> bool:
    """Whether a table cell holds words around the figure ``f`` (two letters or more that
    name no scale: "Term Bonds due August 1, 2041", not "1,234 million" or "(a)")."""
    rest = cell.replace(f.text, " ")
    return any(w.lower() not in SCALE_WORDS_LOW for w in LETTER_WORD.findall(rest))


def _cell_unit(table: Table, row: Row, cell: Cell, label: str, column: str) -> CellUnit | None:
    """The unit the table gives a bare cell: its row's "Unit" cell, a quantity its row
    label or column heading names in brackets ("Water withdrawn (megalitres)", "Emissions
    (tCO2e)"; the two naming different ones: 'unknown', no quantity is sure), else, for a
    row and column with no unit of their own, the quantity of the table's corner cell or
    caption. None: the table names none for it (or names a percent, a currency or a scale,
    which the layout's notes read)."""
    own = table.row_units.get(row.span[0])
    if own is not None:
        return own
    # (a count the layout reads already, "(#)", "(number)", keeps its reading: a bare
    # number, no scale, no currency; a row's duration, "Free rent (months)", is that
    # quantity; a heading's ("Development age (months)" over "12  24  36") may name the
    # columns' headings, not the cells)
    lq = bracket_quantity(label) if own_unit(label) in (None, "count") else None
    cq = bracket_quantity(column) if own_unit(column) is None else None
    if (
        lq is not None
        and cq is not None
        and (lq.unit, lq.scale, lq.per) != (cq.unit, cq.scale, cq.per)
    ):
        return CellUnit("unknown")
    if lq is not None or cq is not None:
        return lq or cq
    if table.quantity is None:
        return None
    low = label.lower()
    if (
        row.span[0] in table.row_notes
        or own_unit(label) is not None
        or own_unit(column) is not None
        or cell.col in table.col_units
        or cell.col in table.col_currencies
        or cell.col in table.col_notes
        or count_row(label)
        or RATIO.search(low) is not None
        or PER_SHARE.search(low) is not None
    ):
        return None  # "Number of sites", "Intensity (%)": a unit of the row's own
    return table.quantity


def _priced_cell(
    table: Table, row: Row, cell: Cell, label: str, column: str
) -> tuple[str, str] | None:
    """The currency and what a bare cell is the price of, where its column heading or
    row label names both ("Price per share ($)", "NAV per unit (€)", "Dividend per share
    (€)"): it is keyed as the grammar keys "$42.15 per share" ("share"), never at the
    table's scale; or None."""
    for head in (column, label):
        per = heading_per(head)
        if per is None:
            continue
        cur = own_unit(head)
        if cur in (None, "percent", "basis_point", "count", *HUNDREDTHS):
            cur = table.col_currencies.get(cell.col) if head is column else None
        if cur is not None:
            return cur, per
    return None


def _per_measure_cell(table: Table, cell: Cell, label: str, column: str) -> tuple[str, str] | None:
    """The currency and the unit a bare cell is the price of where its column heading or
    row label names a unit (not a share: per-share rows keep their own reading) and the
    table names the currency ("Cost/Gallon" under "($ in millions, except per gallon
    amounts)" over "(0.13)"): a price, unscaled; or None."""
    if SHARES_FOR_PER_SHARE.search(label.lower()) is not None:
        return None
    per = heading_per(column) or heading_per(label)
    if per is None or per == "share" or per.startswith("share/"):
        return None
    cur = (
        table.col_currencies.get(cell.col)
        or (table.note.currency if table.note is not None else None)
        or (table.currency if cell.col in table.currency_cols else None)
    )
    return (cur, per) if cur is not None and len(cur) == 3 and cur.isupper() else None


def _heading_year(table: Table, row: Row, f: Figure) -> Figure:
    """``f``, a figure of a heading row, as the heading reads it: "20251" over a column of
    2025 is that year and its footnote 1 ("2025¹" as text extraction prints it), never
    the number 20,251."""
    if f.kind != "number" or f.grouped or f.decimal or f.scale != 1 or len(f.text) != 5:
        return f
    cell = row.cell_at(f.span[0])
    if cell is None or cell.col == 0 or cell.text.strip() != f.text:
        return f
    year = glued_note_year(f.text)
    period = table.periods[cell.col] if cell.col < len(table.periods) else None
    if year is None or period is None or year not in period.label:
        return f
    start = f.span[0]
    return replace(
        f, text=year, span=(start, start + 4), value=Decimal(year), digits=4, period=period
    )


def across_headings(table: Table, f: Figure) -> bool:
    """Whether ``f`` runs from one heading cell of a header row into the next: read across
    the gap between two column headings, it is no figure of either."""
    row = table.row_at(f.span[0])
    if row is None or not row.header:
        return False
    cell = row.cell_at(f.span[0])
    return cell is None or f.span[1] > cell.span[1]


def in_table(
    table: Table, f: Figure, default_scale: Decimal | None, default_currency: str | None
) -> Figure:
    """``f``, a figure of ``table``, as its place there reads it: a heading's year, or the
    first of the cell kinds in ``_CELL_KINDS`` that reads it, else one of the table's
    amounts (``amounts.amount_cell``)."""
    row = table.row_at(f.span[0])
    if row is not None and row.header:
        return _heading_year(table, row, f)
    if row is None:
        return f
    f = local_dollar(table, f)
    cell = row.cell_at(f.span[0])
    if cell is None:
        return f
    if cell.col == 0:
        return label_figure(table, cell, f)
    at = cell_place(table, row, cell)
    for kind in _CELL_KINDS:
        read = kind(at, f)
        if read is not None:
            return read
    return amount_cell(at, f, default_scale, default_currency)


# a clinical table's "n (%)" heading ("Placebo (N=290) n (%)", "Patients, n (%)", "No.
# (%)"): each cell a count of patients and, in brackets, the percent of the arm they are
_COUNT_PERCENT = re.compile(r"(?i)(?<![a-z])(?:n|no\.)\s*\(\s*%\s*\)")


def _count_percent(cell: Cell, f: Figure, period: Period | None, where: str) -> Figure:
    """A figure of an "n (%)" cell ("12 (4.1)"): the number in brackets is a percent
    (4.1%, not the accounting negative its brackets would make it), the one before them a
    count of patients, unscaled and in no currency."""
    at = f.span[0] - cell.span[0]
    bracket = cell.text.rfind("(", 0, at + 1)
    assert f.value is not None
    if bracket >= 0 and cell.text[bracket:at].strip("( ") == "":
        value = f.value.copy_abs()
        return replace(
            f,
            kind="percent",
            unit="percent",
            value=value,
            negative=False,
            period=period,
            where=where,
            implied_unit=None,
        )
    return replace(f, kind="number", unit=None, period=period, where=where, implied_unit="count")


# a column of dates or years: "Vintage", "Year", "Date", "Vintage year", "Issue date",
# "Year of issuance", "Maturity" (not "Prior year" nor "Year ended …": periods of amounts)
_DATE_COLUMN = re.compile(
    r"(?i)(?:(?:vintage|issue|issuance|grant|award|acquisition|maturity|expiry|expiration"
    r"|start|end|base|baseline|target|reporting|fiscal|calendar|publication|completion"
    r"|commissioning|construction|inception|closing|effective|trade|settlement|purchase"
    r"|approval|filing|enrol?lment|retirement|delivery)\s+)?"
    r"(?:vintages?|years?|yr|dates?|dated|maturity|maturities|expiry|expiration|period)"
    r"(?:\s+(?:built|acquired|issued|retired|founded|opened|established|completed|approved"
    r"|of\s+(?:[a-z-]+\s+)?[a-z-]+))?"
)


def _note_column_cell(at: CellPlace, f: Figure) -> Figure | None:
    if (
        f.kind == "number"
        and f.value is not None
        and abs(f.value) < 100
        and _NOTE_COLUMN.fullmatch(at.column) is not None
    ):
        # "Note | 2026 | 2025": the number of the note a row is explained in, no amount
        return replace(f, where=at.where)
    return None


def _multiple_cell(at: CellPlace, f: Figure) -> Figure | None:
    if f.multiple:
        # "3.2x", "1.5×" under "(in millions)": a multiple, never an amount at the table's
        # scale nor in its currency
        return replace(f, period=at.period, where=at.where, implied_unit=None)
    return None


def _year_cell(at: CellPlace, f: Figure) -> Figure | None:
    if f.is_year and _DATE_COLUMN.fullmatch(at.column.strip()) is not None:
        # "Vintage | 2019", "Year | 2021": a year, no figure; kept with no place, as a year
        # in prose is, so it confirms no "2,019" and no "$2,019 million"
        return replace(f, period=at.period)
    return None


def _count_percent_cell(at: CellPlace, f: Figure) -> Figure | None:
    if (
        f.kind in ("number", "percent")
        and f.scale_source == "none"
        and f.value is not None
        and (_COUNT_PERCENT.search(at.column) is not None or _COUNT_PERCENT.search(at.row.label))
    ):
        return _count_percent(at.cell, f, at.period, at.where)  # "12 (4.1)" under "n (%)"
    return None


def _worded_number_cell(at: CellPlace, f: Figure) -> Figure | None:
    if f.kind == "number" and _worded_cell(at.cell.text, f):
        # a number among words in one cell ("4.000% Term Bonds due August 1, 2041"): a
        # phrase's number, not the column's amount; neither its currency nor its scale
        return replace(f, period=at.period, where=at.where, implied_unit=None)
    return None


def _unit_column_cell(at: CellPlace, f: Figure) -> Figure | None:
    if at.cell.col == at.table.unit_col:
        # "per 200,000 hours": a unit's number
        return replace(f, period=at.period, where=at.where)
    return None


def _unit_cell(at: CellPlace, f: Figure) -> Figure | None:
    """A bare number whose table names its unit (``_cell_unit``) or what it is the price
    of (``_priced_cell``, ``_per_measure_cell``)."""
    if not (f.kind == "number" and f.scale_source == "none" and f.value is not None):
        return None
    table, row, cell, label, column = at.table, at.row, at.cell, at.label, at.column
    period, where = at.period, at.where
    cu = _cell_unit(table, row, cell, label, column)
    if cu is not None and cu.kind == "quantity":
        return quantity_cell(f, cu, period, where)
    if cu is not None and cu.kind in ("count", "unknown"):
        # "| Employees | number |", "| LTIFR | per 200,000 hours |": a bare number,
        # in no currency and at no scale, and no quantity of any unit
        return replace(f, period=period, where=where, implied_unit="count")
    if cu is not None and cu.kind == "currency" and cu.unit is not None:
        # "| Power price | €/MWh | 84.20 |": a price per that unit, unscaled
        return replace(
            f,
            kind="currency",
            unit=cu.unit,
            per=cu.per,
            period=period,
            where=where,
            implied_unit=None,
        )
    priced = _priced_cell(table, row, cell, label, column)
    if priced is None:
        priced = _per_measure_cell(table, cell, label, column)
    if priced is not None:
        return replace(
            f,
            kind="currency",
            unit=priced[0],
            per=priced[1],
            period=period,
            where=where,
            implied_unit=None,
        )
    return None


def _price_cell(at: CellPlace, f: Figure) -> Figure | None:
    if f.kind == "currency" and f.per is None and f.scale_source == "none" and f.value is not None:
        # "Economic fuel cost per gallon | $2.61", "Rent psf | $56.74": a price per what its
        # row or column names, never an amount at the table's scale
        # (not a rate in brackets beside an amount: "Dividends paid ($1.20 per share)";
        # a group's only where the row is its rate, not the numerator's amounts under
        # "Basic net income per share:")
        per = heading_per(own_label(at))
        if per is None and at.row.group and rate_row(at, f):
            per = heading_per(at.row.group)
        per = per or heading_per(at.column)
        if per is not None:
            return replace(f, per=per, period=at.period, where=at.where, implied_unit=None)
    return None


# the kinds of cell ``in_table`` tries, in order, before it reads a cell as an amount
_CELL_KINDS: tuple[Callable[[CellPlace, Figure], Figure | None], ...] = (
    _note_column_cell,
    _multiple_cell,
    _year_cell,
    _count_percent_cell,
    _worded_number_cell,
    _unit_column_cell,
    _unit_cell,
    _price_cell,
)
