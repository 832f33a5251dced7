"""One table cell's figure read in its table: scale, currency, period and unit.

``in_table`` tries each kind of cell in turn (note columns, multiples, years, share counts,
counts, amounts); ``scaled_figure`` applies a scale and currency to a bare figure.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from tieout.figures import times
from tieout.layout.cell_units import bracket_quantity, heading_per, quantity_cell
from tieout.layout.currencies import local_dollar
from tieout.layout.headers import SCALE_WORDS_LOW, WORD2, glued_note_year
from tieout.layout.labels import (
    AMOUNT_WORDS,
    NON_AMOUNT,
    OTHER_EXCEPTS,
    PER_CAPITA,
    PER_HEAD,
    PER_MEASURE,
    PER_SHARE,
    PERCENT_ROW,
    POINTS_COLUMN,
    POINTS_ROW,
    RATIO,
    RATIO_TABLE,
    SHARE_ROW,
    SHARES_FOR_PER_SHARE,
    count_row,
    measured_after,
    names_measure,
    own_unit,
    percent_block,
)
from tieout.layout.model import Cell, CellUnit, Row, ScaleNote, Table
from tieout.layout.notes import UNKNOWN_CURRENCY
from tieout.layout.tables import COLUMN_UNITS

if TYPE_CHECKING:
    from tieout.figures import Figure
    from tieout.periods import Period

__all__ = ["across_headings", "in_table", "scaled_figure"]


_HUNDREDTHS = {"GBP_pence": "GBP", "USD_cents": "USD"}  # a row in pence or cents
# a column of the notes a statement's rows are explained in ("Note", "Notes", "Note ref")
_NOTE_COLUMN = re.compile(r"(?i)\s*notes?(?:\s+(?:ref\.?|reference|no\.?))?\s*")


def _worded_cell(cell: str, f: Figure) -> bool:
    """Whether a table cell holds words around the figure ``f`` (two letters or more that
    name no scale: "Term Bonds due August 1, 2041", not "1,234 million" or "(a)")."""
    rest = cell.replace(f.text, " ")
    return any(w.lower() not in SCALE_WORDS_LOW for w in WORD2.findall(rest))


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
        if cur in (None, "percent", "basis_point", "count", *_HUNDREDTHS):
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
    row = table.row_at(f.span[0])
    if row is not None and row.header:
        return _heading_year(table, row, f)
    if row is None:
        return f
    f = local_dollar(table, f)
    cell = row.cell_at(f.span[0])
    if cell is None or cell.col == 0:
        return f
    period = table.periods[cell.col] if cell.col < len(table.periods) else None
    column = table.columns[cell.col] if cell.col < len(table.columns) else ""
    where = f"row {row.label or '?'}, column {column or cell.col + 1}"
    if (
        f.kind == "number"
        and f.value is not None
        and abs(f.value) < 100
        and _NOTE_COLUMN.fullmatch(column) is not None
    ):
        # "Note | 2026 | 2025": the number of the note a row is explained in, no amount
        return replace(f, where=where)
    if f.multiple:
        # "3.2x", "1.5×" under "(in millions)": a multiple, never an amount at the table's
        # scale nor in its currency
        return replace(f, period=period, where=where, implied_unit=None)
    if f.is_year and _DATE_COLUMN.fullmatch(column.strip()) is not None:
        # "Vintage | 2019", "Year | 2021": a year, no figure; kept with no place, as a year
        # in prose is, so it confirms no "2,019" and no "$2,019 million"
        return replace(f, period=period)
    if (
        f.kind in ("number", "percent")
        and f.scale_source == "none"
        and f.value is not None
        and (_COUNT_PERCENT.search(column) is not None or _COUNT_PERCENT.search(row.label))
    ):
        return _count_percent(cell, f, period, where)  # "12 (4.1)" under "n (%)"
    if f.kind == "number" and _worded_cell(cell.text, f):
        # a number among words in one cell ("4.000% Term Bonds due August 1, 2041"): a
        # phrase's number, not the column's amount; neither its currency nor its scale
        return replace(f, period=period, where=where, implied_unit=None)
    label = f"{row.group}: {row.label}" if row.group else row.label
    if cell.col == table.unit_col:
        return replace(f, period=period, where=where)  # "per 200,000 hours": a unit's number
    row_unit = table.row_units.get(row.span[0])
    if f.kind == "number" and f.scale_source == "none" and f.value is not None:
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
    if f.kind == "currency" and f.per is None and f.scale_source == "none" and f.value is not None:
        # "Economic fuel cost per gallon | $2.61", "Rent psf | $56.74": a price per what its
        # row or column names, never an amount at the table's scale
        per = heading_per(label) or heading_per(column)
        if per is not None:
            return replace(f, per=per, period=period, where=where, implied_unit=None)
    # the row's own note or unit first ("Shares (in thousands)", "Gross margin (%)"),
    # then its column's ("Revenue ($M)", "Growth (%)"), then the table's
    row_note = table.row_notes.get(row.span[0])
    unit = (
        None
        if row_note
        else (
            (row_unit.kind if row_unit is not None and row_unit.kind in COLUMN_UNITS else None)
            or own_unit(label)
            or table.col_units.get(cell.col)
        )
    )
    col_unit = table.col_units.get(cell.col)
    if col_unit in ("percent", "basis_point") and any(
        table.col_units.get(j) != col_unit for j in range(1, len(table.columns))
    ):
        # a "% Change" column among others: its cell is a change in percent, whatever the
        # row's own unit ("Average AUM ($ in billions)"); a table all in percents (a "(%)"
        # caption) leaves a row its own unit
        row_note, unit = None, col_unit
    if (
        unit is None
        and row_note is None
        and f.kind == "number"
        and (names_measure(label) or names_measure(column) or measured_after(cell, f))
    ):
        unit = "count"  # "Production (Mboe/d)", "Selling square feet", "18,450 RSF": no money
    if f.kind == "number" and cell.text.endswith("%") and cell.text[-2:-1] in "|\t )":
        unit = "percent"  # "| 78.4 | % |": the '%' of its own cell is the figure's
    low = label.lower()
    if (
        unit is None
        and row_note is None
        and f.kind == "number"
        and cell.col not in table.col_currencies
        and cell.col not in table.col_notes
        and RATIO.search(low) is not None
        and POINTS_ROW.search(low) is None
        and POINTS_COLUMN.search(column) is None
        and (PERCENT_ROW.search(low) is not None or percent_block(table, row, cell.col))
    ):
        # "Net interest margin 3.41", "Return on average equity 12.8", a ratio row between
        # two that print their "%": percents, never an amount at the table's scale
        unit = "percent"
    note: ScaleNote | None
    if row_note is not None:
        note = row_note
    elif unit is not None:
        note = None
    elif table.col_notes:
        # a table whose notes head single columns: a column no note heads is unscaled
        note = table.col_notes.get(cell.col) or table.note
    else:
        note = table.note
    if unit is not None or (table.col_notes and note is None):
        scale = None
        currency = unit if unit not in (None, "percent", "basis_point", "count") else None
        if unit is None:
            currency = table.col_currencies.get(cell.col)  # its cells' own "$", if any
    else:
        scale = note.scale if note else default_scale
        # the currency the cells print only in a column that prints it first
        cells_currency = table.currency if cell.col in table.currency_cols else None
        currency = (note.currency if note else None) or cells_currency or default_currency
        # "Salary ($)", "Change ($)": the column's own heading names its currency (a
        # currency names no scale: the table's note, if any, still scales it)
        currency = table.col_currencies.get(cell.col) or currency
    caption = table.caption.replace(table.note.text, " ") if table.note else table.caption
    ratio = (
        RATIO.search(low) is not None
        or POINTS_COLUMN.search(column) is not None  # "Pts Change": points, no amount
        or RATIO_TABLE.fullmatch(caption) is not None  # every row of "UNDERWRITING RATIOS"
    )
    # "Shares used in computing net income per share": a share count, neither per-share
    # nor an amount
    shares_for = SHARES_FOR_PER_SHARE.search(low) is not None
    per_share = (
        PER_SHARE.search(low) is not None
        or PER_HEAD.search(low) is not None
        or PER_MEASURE.search(low) is not None
        or PER_MEASURE.search(column.lower()) is not None  # a column "Rent ($/RSF)"
        or PER_CAPITA.search(column) is not None  # "Per Capita" debt, in dollars
    ) and not shares_for
    amount = AMOUNT_WORDS.search(low) is not None and not shares_for
    count = count_row(label) and not per_share and not amount
    count = count or (row_note is not None and names_measure(label))  # "Area (sq ft, in thousands)"
    if unit in _HUNDREDTHS:
        if f.kind == "number" and f.scale_source == "none" and f.value is not None:
            return replace(
                f,
                kind="currency",
                unit=_HUNDREDTHS[unit],
                value=f.value.scaleb(-2),
                precision=f.precision.scaleb(-2),
                scale_source="word",  # the row says what it is: no note scales it
                period=period,
                where=where,
                implied_unit=None,
            )
        return replace(f, period=period, where=where)
    if unit in ("percent", "basis_point"):
        if f.kind == "number" and f.scale_source == "none" and f.value is not None:
            assert f.value is not None
            step = Decimal(1) if unit == "percent" else Decimal("0.01")
            return replace(
                f,
                kind="percent",
                unit=unit,
                value=f.value * step,
                precision=f.precision * step,
                period=period,
                where=where,
                implied_unit=None,
            )
        return replace(f, period=period, where=where)
    if unit == "count" or (note is not None and row_note is None and NON_AMOUNT.search(low)):
        scale, currency, count = None, None, True  # "Days sales outstanding", "(days)"
    elif (
        table.note is not None
        and not per_share
        and unit is None
        and _excepted_row(low, table.note.excepts)
    ):
        # "(in thousands, except per share data and MTUs)": the row "MTUs (millions)" is
        # no amount; at its own scale only, if it names one
        currency, count = None, True
        if row_note is None:
            scale = None
    elif row_note is not None and SHARE_ROW.search(low) and not per_share and not amount:
        # "Period-end common shares outstanding (in millions)": shares at the row's own
        # scale, as under the table's note, never an amount of money
        if f.kind == "number" and f.scale_source == "none":
            return scaled_figure(f, row_note.scale, "shares", period, where)
        count = True
    elif unit is None and _count_column(column):
        # "Number of Options", "Shares": a column of counts is never in the table's
        # currency; shares at the note's scale for shares, as a share-count row is
        if note is not None and row_note is None and _SHARE_COLUMN.search(column) is not None:
            if note.share_scale is not None:
                scale = note.share_scale
            elif _excepts_shares(note.excepts):
                scale = None
            if scale is not None and f.kind == "number" and f.scale_source == "none":
                return scaled_figure(f, scale, "shares", period, where)
        count = True
    elif (
        note is not None
        and row_note is None
        and SHARE_ROW.search(low)
        and not per_share
        and not amount
    ):
        # share counts: "shares in thousands" when the note says so; none of its scale
        # when it excepts them ("except share and per share data"); never an amount of
        # money, so no dollar claim may be confirmed by one ("$99.1 million" for 99,112
        # thousand shares)
        if note.share_scale is not None:
            scale = note.share_scale
        elif _excepts_shares(note.excepts):
            scale = None
        if scale is not None and f.kind == "number" and f.scale_source == "none":
            return scaled_figure(f, scale, "shares", period, where)
        count = True
    elif (
        count
        and note is not None
        and row_note is None
        and OTHER_EXCEPTS.search(note.excepts) is not None
    ):
        scale = None  # "(in millions, except per share data, ratios and operating statistics)"
    elif (
        count
        and note is not None
        and row_note is None
        and note.currency not in (None, "count", UNKNOWN_CURRENCY)
        and SHARE_ROW.search(low) is None
    ):
        # "($ in thousands)" scales dollars: "Headcount 91" is 91 people, no amount
        if f.kind == "number" and f.scale_source == "none":
            return replace(f, period=period, where=where, implied_unit="count")
        scale = None
    if (
        scale is None
        or f.kind not in ("number", "currency")
        or f.scale_source != "none"
        or per_share
        or ratio
    ):
        money = f.kind == "number" and not ratio and not count
        if (
            money
            and per_share
            and currency is None
            and unit is None
            and row_note is None
            and note is not None
            and note.currency is None
        ):
            # "(in millions, except per share data)" names no currency: its scaled cells
            # confirm an amount in any (``SourceIndex.unitless_scaled``); a per-share cell,
            # unscaled, is in the dollar the table's statement declares, else the US dollar
            currency = table.dollar or "USD"
        return replace(f, period=period, where=where, implied_unit=currency if money else None)
    # a count at the table's scale is marked so: no currency claim is confirmed by it
    return scaled_figure(f, scale, "count" if count else currency, period, where)


# a column heading that names a count ("Number of Options", "Shares", "Units", "#") and no
# amount ("Options Exercisable Weighted-Average Exercise Price", "Shares Amount")
_COUNT_COLUMN = re.compile(
    r"(?i)\b(?:number|no\.|options|shares|units|rsus?|psus?|warrants|employees|headcount"
    r"|customers|stores|seats|users|licenses|subscribers|transactions)\b|(?:^|\s)#(?!\w)"
)
_SHARE_COLUMN = re.compile(r"(?i)\b(?:options|shares|units|rsus?|psus?|warrants)\b")
_AMOUNT_COLUMN = re.compile(r"(?i)price|amount|\$|per[ -]share|fair|value|cost|proceeds|paid")


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


def _count_column(column: str) -> bool:
    """Whether a column's heading names a count of things, not an amount."""
    return _COUNT_COLUMN.search(column) is not None and _AMOUNT_COLUMN.search(column) is None


# words of a note's except clause that name no row ("except per share data and ratios")
_EXCEPT_FILLER = frozenset(
    {"except", "for", "per", "share", "data", "amount", "the", "of", "other", "quantitie"}
    | {"quantity", "number", "which", "are", "as", "noted", "otherwise", "stated", "where"}
    | {"information", "figure"}
)
_EXCEPT_ITEMS = re.compile(r"\s*(?:,|;|\band\b|\bor\b)\s*")
_WORD3 = re.compile(r"[a-z][a-z0-9]{2,}")


def _excepted_row(label: str, excepts: str) -> bool:
    """Whether the lower-cased row ``label`` is one a note's except clause names: every
    word of one of its items ("except per share data and MTUs" names "MTUs (millions)";
    "except quantities of bitcoin and ether" names "Bitcoin held (BTC)"; "operating
    statistics" does not name "Operating income"). Its cells are not in the note's scale
    or currency; an amount's row ("Fair value of bitcoin") never is."""
    if not excepts or _AMOUNT_COLUMN.search(label):
        return False
    words = {w.rstrip("s") for w in _WORD3.findall(label)}
    for item in _EXCEPT_ITEMS.split(excepts):
        named = {w.rstrip("s") for w in _WORD3.findall(item)} - _EXCEPT_FILLER
        if named and named <= words:
            return True
    return False


def _excepts_shares(excepts: str) -> bool:
    """Whether a note's except clause names share counts, not only per-share amounts
    ("except share and per share data", "except number of shares and per share amounts")."""
    if "share" not in excepts:
        return False
    rest = re.sub(r"per[\s-]share", "", excepts)
    return "share" in rest


def scaled_figure(
    f: Figure, scale: Decimal, currency: str | None, period: Period | None, where: str | None
) -> Figure:
    assert f.value is not None
    return replace(
        f,
        value=times(f.value, scale),
        precision=times(f.precision, scale),
        scale=scale,
        scale_source="context",
        period=period if period is not None else f.period,
        where=where,
        implied_unit=currency if f.kind == "number" else None,
    )
