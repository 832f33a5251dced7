"""A table cell read as one of the table's amounts: its unit, note, scale and currency.

``amount_cell`` settles what the cell's row, column and table make of it (``_reading``):
a row of pence or percents, a count (days, headcount, shares, a row the note excepts) or
an amount at the note's scale and in its currency; ``scaled_figure`` applies a scale and a
currency to a bare figure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from tieout.figures.exact import times
from tieout.figures.layout.labels import (
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
from tieout.figures.layout.model import Cell, Row, ScaleNote, Table
from tieout.figures.layout.note_forms import UNKNOWN_CURRENCY
from tieout.figures.layout.tables import COLUMN_UNITS

if TYPE_CHECKING:
    from tieout.figures.figure import Figure
    from tieout.periods import Period

__all__ = [
    "HUNDREDTHS",
    "CellPlace",
    "amount_cell",
    "cell_place",
    "label_figure",
    "own_label",
    "rate_row",
    "scaled_figure",
]


HUNDREDTHS = {"GBP_pence": "GBP", "USD_cents": "USD"}  # a row in pence or cents


@dataclass(frozen=True, slots=True)
class CellPlace:
    """Where a table cell's figure stands: its table, row and cell, the period and heading
    of its column, its place as a locator names it ("row Revenue, column 2025"), and its
    row's label under the row's group ("Revenue: Product"), as written and lower-cased."""

    table: Table
    row: Row
    cell: Cell
    period: Period | None
    column: str
    where: str
    label: str
    low: str


def cell_place(table: Table, row: Row, cell: Cell) -> CellPlace:
    """The place of ``cell`` in ``row`` of ``table``."""
    period = table.periods[cell.col] if cell.col < len(table.periods) else None
    column = table.columns[cell.col] if cell.col < len(table.columns) else ""
    where = f"row {row.label or '?'}, column {column or cell.col + 1}"
    label = f"{row.group}: {row.label}" if row.group else row.label
    return CellPlace(table, row, cell, period, column, where, label, label.lower())


@dataclass(slots=True)
class _Reading:
    """What a cell's row, column and table make of its bare figure, settled in turn: the
    unit its row or column names, the note that governs it (the row's own, ``row_note``,
    or the column's or the table's, ``note``), the scale and currency they give it, and
    whether its row is a ratio, a per-share amount, an amount or a count."""

    unit: str | None
    row_note: ScaleNote | None
    note: ScaleNote | None
    scale: Decimal | None
    currency: str | None
    ratio: bool
    per_share: bool
    amount: bool
    count: bool


def amount_cell(
    at: CellPlace, f: Figure, default_scale: Decimal | None, default_currency: str | None
) -> Figure:
    """``f`` read as one of its table's amounts: at the scale and in the currency of the
    note that governs it, unless its row or column says it is a percent, a count, shares
    or a per-share amount (``_reading``, ``_unit_figure``, ``_counted``)."""
    r = _reading(at, f, default_scale, default_currency)
    read = _unit_figure(at, f, r.unit)
    if read is None:
        read = _counted(at, f, r)
    if read is not None:
        return read
    if (
        r.scale is None
        or f.kind not in ("number", "currency")
        or f.scale_source != "none"
        or r.per_share
        or r.ratio
    ):
        money = f.kind == "number" and not r.ratio and not r.count
        currency = r.currency
        if (
            money
            and r.per_share
            and currency is None
            and r.unit is None
            and r.row_note is None
            and r.note is not None
            and r.note.currency is None
        ):
            # "(in millions, except per share data)" names no currency: its scaled cells
            # confirm an amount in any (``SourceIndex.unitless_scaled``); a per-share cell,
            # unscaled, is in the dollar the table's statement declares, else the US dollar
            currency = at.table.dollar or "USD"
        return replace(
            f, period=at.period, where=at.where, implied_unit=currency if money else None
        )
    # a count at the table's scale is marked so: no currency claim is confirmed by it
    return scaled_figure(f, r.scale, "count" if r.count else r.currency, at.period, at.where)


def _reading(
    at: CellPlace, f: Figure, default_scale: Decimal | None, default_currency: str | None
) -> _Reading:
    """The unit, note, scale and currency a cell takes from its row, column and table,
    and what its row's label says it is."""
    table, label, column, low = at.table, at.label, at.column, at.low
    unit, row_note = _unit_of(at, f)
    note = _note_of(at, unit, row_note)
    scale, currency = _scale_and_currency(at, unit, note, default_scale, default_currency)
    caption = table.caption.replace(table.note.text, " ") if table.note else table.caption
    ratio = (
        RATIO.search(low) is not None
        or POINTS_COLUMN.search(column) is not None  # "Pts Change": points, no amount
        or RATIO_TABLE.fullmatch(caption) is not None  # every row of "UNDERWRITING RATIOS"
    )
    # "Shares used in computing net income per share": a share count, neither per-share
    # nor an amount
    # (a class of stock at its par value, "Common stock, $0.01 par value; 915 shares
    # outstanding", is the stock's amount, not its shares)
    own = at.row.label.lower()
    shares_for = SHARES_FOR_PER_SHARE.search(own) is not None and "par value" not in own
    per_share = (
        rate_row(at, f)
        or PER_MEASURE.search(column.lower()) is not None  # a column "Rent ($/RSF)"
        or _price_column(column)  # "Weighted-average exercise price"
        or PER_CAPITA.search(column) is not None  # "Per Capita" debt, in dollars
    ) and not shares_for
    amount = AMOUNT_WORDS.search(low) is not None and not shares_for
    count = count_row(label) and not per_share and not amount
    count = count or (row_note is not None and names_measure(label))  # "Area (sq ft, in thousands)"
    return _Reading(unit, row_note, note, scale, currency, ratio, per_share, amount, count)


# a column of prices per share: "Weighted-average exercise price", "Weighted-Average
# Grant-Date Fair Value", "Option price", "Amount per Share" (not "Aggregate intrinsic value")
_PRICE_COLUMN = re.compile(
    r"(?i)\bweighted[- ]\s*average\b.*\b(?:price|fair\s+value)\b|\bper\s+share\b"
    r"|\b(?:exercise|option|strike)\s+price\b|\bgrant[- ]\s*date\s+fair\s+value\b"
)


@lru_cache(maxsize=4096)
def _price_column(column: str) -> bool:
    return _PRICE_COLUMN.search(column) is not None


# a rate a row's label names in brackets ("Dividends declared ($1.20 per share)"): the
# row is the amount paid, not the rate
_RATE_ASIDE = re.compile(r"\([^()]*\d[^()]*\)")
_EARNINGS = re.compile(r"\bearnings\b")


def _names_per_share(low: str) -> bool:
    return (
        PER_SHARE.search(low) is not None
        or PER_HEAD.search(low) is not None
        or PER_MEASURE.search(low) is not None
    )


def own_label(at: CellPlace) -> str:
    """The row's own label, lower-cased, without a rate it names in brackets beside an
    amount ("dividends ($1.20 per share)" is "dividends")."""
    low = at.row.label.lower()
    return _RATE_ASIDE.sub(" ", low) if "(" in low else low


def rate_row(at: CellPlace, f: Figure) -> bool:
    """Whether a cell's row is of per-share amounts: its own label names a rate per share
    (not in a bracket beside an amount: "Dividends ($1.20 per share)"), or its group does
    ("Earnings per share:" over "Basic") and the row names no amount or shares of its own
    in whole numbers ("Allocation of undistributed earnings | 21,840" and "Number of
    shares used in basic computation | 5,810" under "Basic net income per share:" are the
    computation's amount and shares)."""
    own = own_label(at)
    if _names_per_share(own):
        return True
    group = at.row.group.lower()
    if not group or not _names_per_share(group):
        return False
    named = (
        AMOUNT_WORDS.search(own) is not None
        or _EARNINGS.search(own) is not None
        or SHARE_ROW.search(own) is not None
    )
    return not (named and "." not in f.text)


def _unit_of(at: CellPlace, f: Figure) -> tuple[str | None, ScaleNote | None]:
    """The unit a cell's row or column names for it, and the row's own note."""
    table, row, cell, label, column, low = at.table, at.row, at.cell, at.label, at.column, at.low
    row_unit = table.row_units.get(row.span[0])
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
    return unit, row_note


def _note_of(at: CellPlace, unit: str | None, row_note: ScaleNote | None) -> ScaleNote | None:
    """The note that scales a cell: its row's own, none for a row or column with a unit of
    its own, else its column's or the table's."""
    table, cell = at.table, at.cell
    if row_note is not None:
        return row_note
    if unit is not None:
        return None
    if table.col_notes:
        # a table whose notes head single columns: a column no note heads is unscaled
        return table.col_notes.get(cell.col) or table.note
    return table.note


def _scale_and_currency(
    at: CellPlace,
    unit: str | None,
    note: ScaleNote | None,
    default_scale: Decimal | None,
    default_currency: str | None,
) -> tuple[Decimal | None, str | None]:
    """The scale and currency a cell takes from its unit, or else from its note."""
    table, cell = at.table, at.cell
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
    return scale, currency


def _unit_figure(at: CellPlace, f: Figure, unit: str | None) -> Figure | None:
    """A cell in a row or column of pence or cents, percents or basis points, or None."""
    period, where = at.period, at.where
    if unit in HUNDREDTHS:
        if f.kind == "number" and f.scale_source == "none" and f.value is not None:
            return replace(
                f,
                kind="currency",
                unit=HUNDREDTHS[unit],
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
    return None


def _counted(at: CellPlace, f: Figure, r: _Reading) -> Figure | None:
    """A cell its row or column says is a count (days, headcount, shares, an excepted row):
    read, if its row or column settles it, else None with ``r``'s scale, currency and
    count set for a count."""
    column, low, period, where = at.column, at.low, at.period, at.where
    note, row_note = r.note, r.row_note
    if r.unit == "count" or (note is not None and row_note is None and NON_AMOUNT.search(low)):
        r.scale, r.currency, r.count = None, None, True  # "Days sales outstanding", "(days)"
    elif (
        at.table.note is not None
        and not r.per_share
        and r.unit is None
        and _excepted_row(low, at.table.note.excepts)
    ):
        # "(in thousands, except per share data and MTUs)": the row "MTUs (millions)" is
        # no amount; at its own scale only, if it names one
        r.currency, r.count = None, True
        if row_note is None:
            r.scale = None
    elif row_note is not None and SHARE_ROW.search(low) and not r.per_share and not r.amount:
        # "Period-end common shares outstanding (in millions)": shares at the row's own
        # scale, as under the table's note, never an amount of money
        if f.kind == "number" and f.scale_source == "none":
            return scaled_figure(f, row_note.scale, "shares", period, where)
        r.count = True
    elif r.unit is None and _count_column(column):
        # "Number of Options", "Shares": a column of counts is never in the table's
        # currency; shares at the note's scale for shares, as a share-count row is
        if note is not None and row_note is None and _SHARE_COLUMN.search(column) is not None:
            return _shares(at, f, r, note)
        r.count = True
    elif (
        note is not None
        and row_note is None
        and SHARE_ROW.search(low)
        and not r.per_share
        and not r.amount
    ):
        # share counts: "shares in thousands" when the note says so; none of its scale
        # when it excepts them ("except share and per share data"); never an amount of
        # money, so no dollar claim may be confirmed by one ("$99.1 million" for 99,112
        # thousand shares)
        return _shares(at, f, r, note)
    elif (
        r.count
        and note is not None
        and row_note is None
        and OTHER_EXCEPTS.search(note.excepts) is not None
    ):
        r.scale = None  # "(in millions, except per share data, ratios and operating statistics)"
    elif (
        r.count
        and note is not None
        and row_note is None
        and note.currency not in (None, "count", UNKNOWN_CURRENCY)
        and SHARE_ROW.search(low) is None
    ):
        # "($ in thousands)" scales dollars: "Headcount 91" is 91 people, no amount
        if f.kind == "number" and f.scale_source == "none":
            return replace(f, period=period, where=where, implied_unit="count")
        r.scale = None
    return None


def _shares(at: CellPlace, f: Figure, r: _Reading, note: ScaleNote) -> Figure | None:
    """A share count under ``note``: at the note's scale for shares ("in thousands, except
    per share data; shares in millions"), at none where it excepts them, else at its
    scale; ``r`` is left a count."""
    if note.share_scale is not None:
        r.scale = note.share_scale
    elif _excepts_shares(note.excepts):
        r.scale = None
    if r.scale is not None and f.kind == "number" and f.scale_source == "none":
        return scaled_figure(f, r.scale, "shares", at.period, at.where)
    r.count = True
    return None


# a column heading that names a count ("Number of Options", "Shares", "Units", "#") and no
# amount ("Options Exercisable Weighted-Average Exercise Price", "Shares Amount")
_COUNT_COLUMN = re.compile(
    r"(?i)\b(?:number|no\.|options|shares|units|rsus?|psus?|warrants|employees|headcount"
    r"|customers|stores|seats|users|licenses|subscribers|transactions)\b|(?:^|\s)#(?!\w)"
)
_SHARE_COLUMN = re.compile(r"(?i)\b(?:options|shares|units|rsus?|psus?|warrants)\b")
_AMOUNT_COLUMN = re.compile(r"(?i)price|amount|\$|per[ -]share|fair|value|cost|proceeds|paid")


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


# what follows a figure in a row's label that makes it a rate, not an amount at the table's
# scale: "$0.01 par value", "$1.20 per share", "4.6%"
_LABEL_RATE = re.compile(r"\s*(?:par\b|per\b|a\s+share\b|%|/)", re.IGNORECASE)
# shares a row's label counts: "2,000 shares authorized", "1,186 and 1,205 shares issued"
_LABEL_SHARES = re.compile(r"\s*(?:and\s+\(?[0-9][0-9,.]*\)?\s+)?shares?\b", re.IGNORECASE)


def label_figure(table: Table, cell: Cell, f: Figure) -> Figure:
    """``f``, a figure in a row's label cell ("Net of tax of $(39)", "Common stock, $0.01
    par value; 2,000 shares authorized", "$750 5.25% notes due 2031"), as the table's note
    reads it: an amount at its scale, a count of shares at its scale for shares; a rate
    ("$0.01 par value", "$1.20 per share"), a year or a bare number stays as written."""
    note = table.note
    if note is None or f.scale_source != "none" or f.value is None or f.per is not None:
        return f
    after = cell.text[f.span[1] - cell.span[0] :]
    if _LABEL_RATE.match(after):
        return f
    if f.kind == "currency" and note.currency in (None, f.unit):
        return scaled_figure(f, note.scale, None, _label_period(table, cell, f), f.where)
    if f.kind == "number" and _LABEL_SHARES.match(after) and note.currency is None:
        scale = note.share_scale
        if scale is None and not _excepts_shares(note.excepts):
            scale = note.scale
        if scale is not None:
            return scaled_figure(f, scale, "shares", _label_period(table, cell, f), f.where)
    return f


# a figure listed before another in a label: "$(41), " or "812 and " (the list's items are
# the columns' periods in order: "net of tax of $(41) and $12" for 2026 and 2025, "of $14
# and of $16, respectively")
_LISTED_BEFORE = re.compile(r"\$?\(?[0-9][0-9,.]*\)?\s*(?:,\s*and|,|and)\s*(?:of\s+)?$")


def _label_period(table: Table, cell: Cell, f: Figure) -> Period | None:
    """The period of a figure in a row's label: that of the table's first period column,
    or of the n-th where the label lists one figure a period ("812 and 830 shares issued"
    over June 30, 2026 and June 30, 2025); None past the periods the columns name."""
    before = cell.text[: f.span[0] - cell.span[0]]
    n = 0
    while (m := _LISTED_BEFORE.search(before)) is not None:
        before = before[: m.start()]
        n += 1
    periods: list[Period] = []
    for p in table.periods[1:]:
        if p is not None and p not in periods:
            periods.append(p)
    return periods[n] if n < len(periods) else None
