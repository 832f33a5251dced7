"""A table built from its lines: header plan, rows, column labels, notes and units.

``build_table`` turns a block of table lines into a :class:`Table`: its rows (``rows``),
what its header rows say of each column (``_read_heads``), where its scale notes stand
(``_placed_notes``, ``_heading_notes``), the units, rates and currencies its headings
name, the period of each column, and its currency; ``percent_heading`` tells a percent
column's heading.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field, replace
from decimal import Decimal
from itertools import chain
from typing import TYPE_CHECKING

from tieout._vocab import CURRENCY_SYMBOLS
from tieout.figures.layout.cell_units import bracket_quantity, heading_per, read_unit, unit_column
from tieout.figures.layout.currencies import bare_dollar, caption_currency, declared_dollar
from tieout.figures.layout.headers import (
    PCT_CHANGE_END,
    QUARTER_ALONE,
    SPANNING_YEAR,
    SYMBOL_FIRSTS,
    bare_currency,
    glued_note_year,
    headed_period,
    header_rows,
    heading_note,
    heading_unit,
    rate_heading,
    worded_beside,
    words_of,
)
from tieout.figures.layout.labels import own_unit
from tieout.figures.layout.lines import (
    Line,
    has_digit,
    has_value,
    merge_symbols,
    stub_cells,
)
from tieout.figures.layout.model import Cell, CellUnit, NoteIndex, Row, ScaleNote, Table
from tieout.figures.layout.note_forms import NOTE, UNKNOWN_CURRENCY
from tieout.figures.layout.rows import table_rows

if TYPE_CHECKING:
    from tieout.periods import Period

__all__ = ["COLUMN_UNITS", "build_table", "percent_heading"]


# a heading cell holding words besides its scale note ("Revenue ($M)"), not the note alone
_WORDY = re.compile(r"[A-Za-z0-9]")
# the units a column's heading gives its bare cells without the table's scale ("Change ($)"
# under "(in millions)" is still in millions: a currency in a heading names no scale)
COLUMN_UNITS = frozenset(["percent", "basis_point", "count", "GBP_pence", "USD_cents"])
# what a change column is measured against: "% Change vs. 4Q24", "% chg vs prior year"
_VERSUS = r"(?:\s*(?:vs\.?|versus|v\.|over)\s+[A-Za-z0-9'’ -]{1,16}?)?"
# a column heading that names basis points without parentheses: "bps chg", "QoQ bps", "Δ
# bps", "Change in bps" (each "bp" a word of its own: "Subprime" names none)
_BPS_WORDS = (
    r"(?:(?:[A-Za-z][A-Za-z/.&' -]{0,20}?|[Δ∆])\s*)?(?<![A-Za-z])(?:bps?|basis\s+points?)"
    r"(?![A-Za-z])(?:\s*[A-Za-z][A-Za-z/.&' -]{0,20})?" + _VERSUS
)
_BPS_HEAD = re.compile(_BPS_WORDS, re.IGNORECASE)
# a column heading that names percents without parentheses: "% Change", "Change %", "% of
# Net Sales", "Percent Change", "YoY %", the "%" beside an MD&A table's "Amount", a bank's
# "Yield/Rate" (split over two heading rows: "Yield/" over "Rate"), "Book yield", "Interest Rate"
_PCT_WORDS = (
    r"%(?:\s*[A-Za-z][A-Za-z/.&' -]{0,40})?"
    + _VERSUS
    + r"|[A-Za-z][A-Za-z/.&' -]{0,30}?\s*%(?:\s*[A-Za-z][A-Za-z/.&' -]{0,40})?"
    + _VERSUS
    + r"|percent(?:age)?(?:\s+(?:change|chg\.?|growth|increase|of\s+[A-Za-z][A-Za-z/.&' -]{0,40}))?"
    r"|(?:[A-Za-z][A-Za-z-]*\s+){0,3}(?:yield|rate)s?(?:\s*/\s*(?:rate|cost)s?)?\s*/?"
)
_PCT_HEAD = re.compile(_PCT_WORDS, re.IGNORECASE)
# the same heading anywhere in a text, standing as a cell (for a reading on demand)
_PCT_HEAD_IN = re.compile(
    rf"(?:^|(?<=\s\s)|(?<=[|\t,\"]))[ \t]*(?:{_PCT_WORDS}|{_BPS_WORDS})[ \t]*(?=$|\s\s|[|\t,\"])",
    re.IGNORECASE | re.MULTILINE,
)


_PCT_HEAD_MARKS = ("%", "rate", "yield", "percent", "bp", "basis")
_PCT_HEAD_CASES = tuple(
    chain.from_iterable((w, w.title(), w.upper()) if w != "%" else (w,) for w in _PCT_HEAD_MARKS)
)
_CELL_EDGES = '\n|\t,"'


def percent_heading(text: str, low: str | None = None) -> bool:
    """Whether a column of ``text`` may be headed in percents without parentheses ("%
    Change", "Yield/Rate"): then a table's bare cell may be a percent with no "%" after it
    (a superset of the headings :func:`read_layout` reads so). The lines where a mark of
    such a heading stands as a cell's edge would are searched, not the whole text (a
    megabyte takes a few milliseconds, not sixty). ``low``: ``text`` lower-cased, where
    that keeps its length (then the marks are looked for in it)."""
    n = len(text)
    where = low if low is not None and len(low) == n else text
    for mark in _PCT_HEAD_MARKS if where is low else _PCT_HEAD_CASES:
        i = where.find(mark)
        while i >= 0:
            end = i + len(mark)
            if mark == "%" or mark[0] in "pP":  # "% Change", "Change %", "Percent Change"
                j = i - 1
                while j >= 0 and text[j] in " \t":
                    j -= 1
                edge = j < 0 or i - j > 2 or text[j] in _CELL_EDGES
                may = edge or (mark == "%" and not text[j].isdigit() and text[j] != ")")
            elif mark[0] in "bB":  # "bps chg", "QoQ bps", "Δ bps", "basis points"
                may = i == 0 or not text[i - 1].isalpha()
            else:  # "Rate", "Yield/", "Average Yield"
                k = end + (text[end : end + 1] in ("s", "S"))
                m = k
                while m < n and text[m] == " ":
                    m += 1
                may = (i == 0 or not text[i - 1].isalpha()) and (
                    m - k > 1 or m == n or text[m] in _CELL_EDGES or text[m] == "/"
                )
            if may:
                a = text.rfind("\n", 0, i) + 1
                b = text.find("\n", i)
                if _PCT_HEAD_IN.search(text, a, n if b < 0 else b) is not None:
                    return True
            i = where.find(mark, end)
    return False


def _unit_heading(cell: str) -> str | None:
    """The unit a column heading names without parentheses: "basis_point" ("bps chg",
    "QoQ bps"), "percent" ("% Change", "YoY % Change", "% Change vs. 4Q24"), or None."""
    if _BPS_HEAD.fullmatch(cell):
        return "basis_point"
    if _PCT_HEAD.fullmatch(cell) is None:
        return None
    # "Tax Rate" (per $100 of value), "Fee rate" (bps or %): no percent; see rate_heading
    return None if rate_heading(cell) in ("amount", "count") else "percent"


def build_table(
    text: str,
    rows_lines: list[Line],
    sep_at: int | None,
    context: str,
    notes: NoteIndex,
    group: str = "",
) -> Table:
    """A table of ``rows_lines``; ``group``: the label row that stands right above it
    ("Earnings per share:" after a blank line), whose rows these are."""
    kind = rows_lines[0].kind
    cells = stub_cells(rows_lines) if kind == "pipe" else [ln.cells for ln in rows_lines]
    raw = [merge_symbols(text, c) for c in cells]
    ncols = max(len(r) for r in raw)
    headers = header_rows(text, raw, kind, sep_at)
    rows = table_rows(text, rows_lines, raw, headers, ncols, group)
    heads = _read_heads(rows, ncols)
    span = (rows_lines[0].start, rows_lines[-1].end)
    s = _placed_notes(rows, notes.within(*span))
    _heading_units(rows, s)
    head_notes = _heading_notes(heads, ncols, s)
    _rate_columns(heads, ncols, s)
    _printed_percent_columns(rows, s)
    dated = heads.dated
    for j, hn in head_notes.items():  # "Thousands of" over "U.S. dollars" name no period
        dated[j] = [h for h in dated[j] if has_digit(h) or h.strip() not in hn.text]
    head_currencies = heads.currencies
    if len(set(head_currencies.values())) > 1 or (
        head_currencies and (s.note is None or s.note.currency is None)
    ):
        for j, cur in head_currencies.items():
            if j not in s.col_notes:
                s.col_currencies.setdefault(j, cur)  # "RMB  RMB  RMB  US$"
    if s.note is None:
        s.note = notes.named_in(context)
    head_context = f"{context} {heads.labels[0]} {_word_row_stubs(rows)}".strip()
    periods = _periods(text, rows_lines[0].start, dated, ncols, head_context)
    dollar = declared_dollar(context)
    if s.note is not None and dollar is not None and bare_dollar(s.note):
        s.note = replace(s.note, currency=dollar)  # "$'000" under "(Expressed in HK dollars)"
    currency, currency_cols = _table_currency(rows, s.note, dollar, context)
    if s.col_notes:
        _column_symbols(rows, s, dollar)
    labels = heads.labels
    unit_col = _unit_column(rows, labels)
    row_units = _row_units(rows, unit_col, s.row_notes)
    return Table(
        span,
        tuple(rows),
        tuple(labels),
        periods,
        context,
        s.note,
        currency,
        s.row_notes,
        s.col_notes,
        s.col_units,
        s.col_currencies,
        dollar,
        row_units,
        _table_quantity(labels[0] if labels else "", context, s.note),
        unit_col,
        currency_cols,
    )


# --------------------------------------------------------------------------- header plan


@dataclass(slots=True)
class _Heads:
    """What a table's header rows say of each column: its label (periods and currencies),
    its headings (units and all, joined and one by one), the headings that name periods,
    its first heading cell, and the currency a heading of its own names ("RMB", "US$")."""

    labels: list[str]
    heads: list[str]
    texts: list[list[str]]
    dated: list[list[str]]
    cells: dict[int, Cell]
    currencies: dict[int, str]


def _read_heads(rows: list[Row], ncols: int) -> _Heads:
    """What the header rows among ``rows`` say of each of ``ncols`` columns."""
    labels = ["" for _ in range(ncols)]
    heads = ["" for _ in range(ncols)]  # each column's headings, units and all
    head_texts: list[list[str]] = [[] for _ in range(ncols)]
    dated: list[list[str]] = [[] for _ in range(ncols)]  # the headings that name periods
    head_cells: dict[int, Cell] = {}
    head_currencies: dict[int, str] = {}
    for r in rows:
        if r.header:
            for c in r.cells:
                if c.col > 0:
                    heads[c.col] = f"{heads[c.col]} {c.text}".strip()
                    head_texts[c.col].append(c.text)
                    head_cells.setdefault(c.col, c)
                if c.col > 0 and NOTE.fullmatch(c.text.strip()):
                    continue  # "£'000" scales the column; it names no period
                if c.col > 0 and (cur := bare_currency(c.text)) is not None:
                    head_currencies.setdefault(c.col, cur)  # "RMB  RMB  US$" under the years
                    labels[c.col] = f"{labels[c.col]} {c.text}".strip()
                    continue  # a currency names no period
                head = c.text
                if c.col > 0 and (unit_head := heading_unit(head)) is not None:
                    head = unit_head[0]  # "2026 £m": the period 2026, in £ millions
                elif c.col > 0 and (year := glued_note_year(head)) is not None:
                    head = year  # "20251": 2025 and its footnote 1
                labels[c.col] = f"{labels[c.col]} {head}".strip()
                dated[c.col].append(head)
    return _Heads(labels, heads, head_texts, dated, head_cells, head_currencies)


def _word_row_stubs(rows: list[Row]) -> str:
    """The stub cells of the rows of words that head a table's body from below its rule
    ("as of December 31 (in millions) | Gross carrying amount | Accumulated amortization"
    under "| | 2024 | 2024 |"): a second heading line, whose stub dates the columns."""
    stubs: list[str] = []
    for r in rows:
        if r.header:
            continue
        if any(c.col > 0 and has_value(c.text) for c in r.cells):
            break
        if r.cells and r.cells[0].col == 0 and sum(1 for c in r.cells if c.text.strip()) > 1:
            stubs.append(r.cells[0].text)
    return " ".join(stubs)


@dataclass(slots=True)
class _Scales:
    """The notes, units and currencies of a table as they are settled: the table's note,
    the notes of rows and of columns, and the units and currencies of columns."""

    note: ScaleNote | None = None
    row_notes: dict[int, ScaleNote] = field(default_factory=dict)
    col_notes: dict[int, ScaleNote] = field(default_factory=dict)
    col_units: dict[int, str] = field(default_factory=dict)
    col_currencies: dict[int, str] = field(default_factory=dict)


def _placed_notes(rows: list[Row], within: list[ScaleNote]) -> _Scales:
    """The notes that stand in a table, each where it stands: in a row of figures (that
    row's scale), in a heading among headings of words (that column's), else the table's."""
    s = _Scales()
    starts = [r.span[0] for r in rows]
    for n in within:
        r = rows[bisect_right(starts, n.span[0]) - 1]
        if not r.header and any(c.col > 0 and has_value(c.text) for c in r.cells):
            s.row_notes.setdefault(r.span[0], n)  # a row of figures that names its own scale
            continue
        held = [c for c in r.cells if c.span[0] <= n.span[0] < c.span[1]] if r.header else []
        if held and held[0].col > 0 and _WORDY.search(held[0].text.replace(n.text, "")):
            # "Revenue ($M)" heads one column among others: it scales that column only
            for c in held:
                s.col_notes.setdefault(c.col, n)
        elif s.note is None:
            s.note = n
    return s


def _heading_units(rows: list[Row], s: _Scales) -> None:
    """The units and currencies the columns' headings name ("Growth (%)", "Salary ($)")."""
    # a row of ages under "Development age (months)": the "(months)" counts the headings
    aged = any(
        r.header and len(r.cells) > 2 and all(c.text.isdigit() for c in r.cells if c.col > 0)
        for r in rows
    )
    for r in rows:
        if r.header:
            for c in r.cells:
                unit = own_unit(c.text) if c.col > 0 else None
                if unit == "count" and aged:
                    continue
                if unit is None and c.col > 0:
                    unit = _unit_heading(c.text.strip())  # "% Change", "Yield/Rate", "QoQ bps"
                if unit in COLUMN_UNITS and c.col not in s.col_notes:
                    s.col_units.setdefault(c.col, unit)  # "Growth (%)", "Margin (bps chg)"
                elif unit is not None and unit != "count" and c.col not in s.col_notes:
                    s.col_currencies.setdefault(c.col, unit)  # "Salary ($)", "EPS (yen)"


def _heading_notes(heads: _Heads, ncols: int, s: _Scales) -> dict[int, ScaleNote]:
    """The notes in the columns' own headings, by column; those that scale their own
    columns are put there, and the table's note goes where it heads columns only."""
    # units in the columns' own headings: one column's note among headings of words
    # ("Personal Income" over "(in thousands)") scales that column only; units that differ
    # from column to column ("RMB'000  RMB'000  US$'000", "Millions of yen" and "Thousands
    # of U.S. dollars", "2026 £m") each scale their own columns
    head_notes = {
        j: hn for j in range(1, ncols) if (hn := heading_note(heads.texts[j])) is not None
    }
    if head_notes:
        kinds = {(hn.scale, hn.currency) for hn in head_notes.values()}
        own = {
            j: hn
            for j, hn in head_notes.items()
            if j not in s.col_units
            and j not in s.col_currencies
            and (len(kinds) > 1 or worded_beside(heads.heads[j], hn.text))
        }
        for j, hn in own.items():
            where = heads.cells[j].span
            s.col_notes.setdefault(j, replace(hn, span=(where[0], where[0] + len(hn.text))))
        note = s.note
        if note is not None and own and any(hn.text == note.text for hn in own.values()):
            if len(head_notes) < ncols - 1 or len(kinds) > 1:
                s.note = None  # the note heads its columns, not the table
        elif note is None and not own and len(kinds) == 1:
            j, hn = next(iter(head_notes.items()))  # "2026 £m  2025 £m": the table's unit
            where = heads.cells[j].span
            s.note = replace(hn, span=(where[0], where[0] + len(hn.text)))
    return head_notes


def _rate_columns(heads: _Heads, ncols: int, s: _Scales) -> None:
    """The columns whose headings name a rate: percents, or dollars per $100 of value."""
    for j in range(1, ncols):
        if j in s.col_units or j in s.col_currencies or j in s.col_notes or not heads.heads[j]:
            continue
        rate = rate_heading(heads.heads[j])  # "Book yield", "Total Direct" over "Tax Rate"
        if rate is None and PCT_CHANGE_END.search(words_of(heads.heads[j])) is not None:
            rate = "percent"  # "Unadjusted percent" over "change" over "Oct. 2024-"
        if rate == "amount":
            where = heads.cells[j].span  # dollars per $100 of value: unscaled, in the currency
            s.col_notes[j] = ScaleNote(where, Decimal(1), None, False, heads.heads[j])
        elif rate is not None:
            s.col_units[j] = rate


def _printed_percent_columns(rows: list[Row], s: _Scales) -> None:
    """The columns that print "%" on their first and last figures only ("21.0%" over
    "1.7", "(0.5)", and "24.1%" on the total, as a tax rate reconciliation prints them):
    their bare cells are percents too."""
    figures: dict[int, list[str]] = {}
    for r in rows:
        if not r.header:
            for c in r.cells:
                if c.col > 0 and any(ch.isdigit() for ch in c.text):
                    figures.setdefault(c.col, []).append(c.text.rstrip())
    for j, texts in figures.items():
        if j in s.col_units or j in s.col_currencies or j in s.col_notes or len(texts) < 3:
            continue
        if texts[0].endswith("%") and texts[-1].endswith("%"):
            s.col_units[j] = "percent"


def _periods(
    text: str, top: int, dated: list[list[str]], ncols: int, head_context: str
) -> tuple[Period | None, ...]:
    """The period of each column, from the headings that name one (``dated``) and a year
    printed alone over a table of quarters."""
    end = text.rfind("\n", 0, top)
    while end > 0 and not text[text.rfind("\n", 0, end) + 1 : end].strip():
        end = text.rfind("\n", 0, end)  # back across blank lines
    above = text[text.rfind("\n", 0, max(end, 0)) + 1 : max(end, 0)] if end > 0 else ""
    spanning = SPANNING_YEAR.fullmatch(above.strip())
    heads_q = [dated[c] for c in range(1, ncols) if dated[c]]
    if (
        spanning is not None
        and heads_q
        and all(len(h) == 1 and QUARTER_ALONE.fullmatch(h[0].strip()) for h in heads_q)
    ):
        # a year printed alone over its quarters ("2025" over "Q2  Q3", as BEA prints a
        # table's heading): each quarter is of that year
        dated = [[spanning.group(1), *h] if c > 0 and h else h for c, h in enumerate(dated)]
    periods = [
        headed_period(dated[c], head_context) if c > 0 and dated[c] else None for c in range(ncols)
    ]
    # one balance date heads one column, the others name no period ("as of December 31" over
    # "2025 | Quoted prices (Level 1) | Observable inputs (Level 2)"): the table is at that date
    read = [p for p in periods[1:] if p is not None and p.granularity != "unread"]
    if len(read) == 1 and read[0].instant and len(periods) > 2:
        periods = [
            read[0] if c > 0 and (p is None or p.granularity == "unread") else p
            for c, p in enumerate(periods)
        ]
    return tuple(periods)


# --------------------------------------------------------------------------- currencies


def _table_currency(
    rows: list[Row], note: ScaleNote | None, dollar: str | None, context: str
) -> tuple[str | None, frozenset[int]]:
    """The currency of a table's bare cells (its note's, else the one its cells print most,
    else its caption's) and the columns whose bare cells take it."""
    currency = note.currency if note else None
    if currency is None:
        seen: Counter[str] = Counter()
        for r in rows:
            for c in r.cells:
                t = c.text
                if t[:1] in SYMBOL_FIRSTS:
                    for sym in ("US$", "$", "€", "£"):
                        if t.startswith(sym):
                            seen[dollar or "USD" if sym == "$" else CURRENCY_SYMBOLS[sym]] += 1
        currency = seen.most_common(1)[0][0] if seen else None
    currency_cols = _currency_columns(rows)
    if currency is None:
        # "(in U.S. dollars)", "(Expressed in U.S. dollars)", "(actual dollars)": a
        # caption that names the currency and no scale; its bare cells are in it, unscaled
        currency = caption_currency(context)
        if currency is not None:  # every column, as the caption says
            currency_cols = frozenset(c.col for r in rows for c in r.cells if c.col > 0)
    return currency, currency_cols


def _column_symbols(rows: list[Row], s: _Scales, dollar: str | None) -> None:
    """In a table whose notes head single columns, the currency a column no note heads
    prints in its own cells."""
    # a column no note heads is unscaled; it is in the currency its own cells print
    # ("$58,187" atop "Per Capita Personal Income"), if any, not the table's
    for r in rows:
        for c in r.cells:
            if c.col > 0 and c.col not in s.col_notes and c.text[:1] in SYMBOL_FIRSTS:
                mark = next((x for x in ("US$", "$", "€", "£") if c.text.startswith(x)), "")
                if mark:
                    cur = dollar or "USD" if mark == "$" else CURRENCY_SYMBOLS[mark]
                    s.col_currencies.setdefault(c.col, cur)


def _row_units(
    rows: list[Row], unit_col: int | None, row_notes: dict[int, ScaleNote]
) -> dict[int, CellUnit]:
    """The unit each row's cell in the "Unit" column names; a currency and scale there
    ("USD millions", "EUR thousands", "$") is the row's note instead."""
    row_units: dict[int, CellUnit] = {}
    if unit_col is not None:
        for r in rows:
            u_cell = None if r.header else next((c for c in r.cells if c.col == unit_col), None)
            u = read_unit(u_cell.text) if u_cell is not None else None
            if u_cell is None or u is None:
                continue
            if u.kind == "currency" and u.per is None:
                # "USD millions", "EUR thousands", "$": the row's scale and currency
                row_notes[r.span[0]] = ScaleNote(u_cell.span, u.scale, u.unit, False, u_cell.text)
            else:
                row_units[r.span[0]] = u
    return row_units


def _currency_columns(rows: list[Row]) -> frozenset[int]:
    """The columns of a table whose bare cells may take the currency its cells print: a
    column of figures one of whose figures prints the symbol (its first row, or only its
    total, as statements print "$"), and a column of terms in words ("Suite 900,
    approximately 7,210 rentable square feet" over "130,687.50"), where no row's
    typesetting says which cells are money."""
    first: dict[int, bool] = {}
    worded: set[int] = set()
    for r in rows:
        if r.header:
            continue
        # a price's row ("Fuel cost per gallon | $2.61", "Earnings per share:" over
        # "Basic | $1.31") prints its own unit, not its column's
        priced: bool | None = None
        for c in r.cells:
            if c.col == 0:
                continue
            if _WORDED_CELL.search(c.text):
                worded.add(c.col)
            if first.get(c.col) or not any(ch.isdigit() for ch in c.text):
                continue
            t = c.text.lstrip("( ")
            printed = t[:1] in SYMBOL_FIRSTS and t.startswith(("US$", "$", "€", "£"))
            if printed and c.col in first:
                if priced is None:
                    priced = heading_per(r.label) is not None or heading_per(r.group) is not None
                printed = not priced
            first[c.col] = printed
    return frozenset(j for j, printed in first.items() if printed or j in worded)


_WORDED_CELL = re.compile(r"[A-Za-z]{4,}")


def _unit_column(rows: list[Row], labels: list[str]) -> int | None:
    """The column of a table that names each row's unit ("Unit", "UoM"): headed so, and
    none of its cells a figure alone ("MWh", "tCO2e", "%", "USD millions")."""
    for j in range(1, len(labels)):
        if not unit_column(labels[j]):
            continue
        texts = [c.text for r in rows if not r.header for c in r.cells if c.col == j]
        if texts and not any(has_digit(t) and read_unit(t) is None for t in texts):
            return j
    return None


def _table_quantity(corner: str, caption: str, note: ScaleNote | None) -> CellUnit | None:
    """The quantity a table's corner cell ("MWh", "Site (tCO2e)") or, when its note names
    no money, its caption ("Table 4. … (in thousands of metric tons CO2e):", "Net
    generation (thousands of MWh)") gives its cells. A note with no currency ("(in
    thousands)") beside a unit named alone scales it."""
    u = read_unit(corner) if corner and "(" not in corner else None
    if u is None or u.kind != "quantity":
        u = bracket_quantity(corner)
    if u is None and (note is None or note.currency in (None, "count", UNKNOWN_CURRENCY)):
        u = bracket_quantity(caption)
    if u is not None and note is not None and note.currency is None and u.scale == 1:
        u = replace(u, scale=note.scale)
    return u
