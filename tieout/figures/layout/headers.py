"""A table's header rows: which rows head the columns, and what each column says.

Header rows and their extents, spanning and stacked headings, the period each column
names (``column_period`` through ``periods``), and the scale, currency or rate a heading
gives the cells below it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from tieout._vocab import CURRENCY_CODES, CURRENCY_SYMBOLS, NOTE_CURRENCY_MARKS
from tieout.figures.layout.lines import (
    Line,
    column_period,
    has_digit,
    has_value,
    month_day_heading,
    noted_heading,
)
from tieout.figures.layout.model import NoteIndex, ScaleNote
from tieout.figures.layout.note_forms import NOTE, currency_word, read_note
from tieout.figures.layout.notes import find_notes
from tieout.periods import Period, dated_heading, find_periods, heading_years

__all__ = [
    "LETTER_WORD",
    "PCT_CHANGE_END",
    "QUARTER_ALONE",
    "SCALE_WORDS_LOW",
    "SPANNING_YEAR",
    "SYMBOL_FIRSTS",
    "bare_currency",
    "column_extents",
    "glued_note_year",
    "headed_columns",
    "headed_period",
    "header_rows",
    "heading_line",
    "heading_note",
    "heading_unit",
    "heads_over",
    "noted_restart",
    "places_in",
    "rate_heading",
    "spanning_heads",
    "worded_beside",
    "words_of",
]


# a column of changes between periods ("2025 vs 2024", "Change 2025/2024", "% chg"): no
# period of its own
_COMPARES = re.compile(r"(?i)\b(?:vs|versus|v|change|chg|growth|variance|var|compared|over)\b|%")


def _column_period(label: str, context: str) -> Period | None:
    """The period of a column headed ``label`` (``column_period``); a heading that names
    a year tieout does not read ("YTD 2025", "LTM 2025", "2025E") gives
    ``Period.unreadable``, which no claim agrees with, never None (which any would)."""
    found = column_period(label, context)
    if found is not None:
        return found
    if dated_heading(label) and _COMPARES.search(label) is None:
        measured = _YEAR_MEASURE.fullmatch(label.strip())
        if measured is not None:  # "2024 Effective interest rate (a)": the year's rate
            return column_period(measured.group(1), context) or Period.unreadable(label)
        return _described_date(label) or Period.unreadable(label)
    return None


# a year, then words naming what the column measures that year ("2024 Effective interest
# rate (a)", "2025 Carrying amount"); never a plan, an estimate or a part of a year
_YEAR_MEASURE = re.compile(
    r"(?i)((?:19|20)\d\d)\s+(?!.*\b(?:budget|plan|forecast|target|estimated?|outlook"
    r"|guidance|projected|projection|pro\s*forma|ytd|ltm|ttm|run|to\s+date|month|quarter"
    r"|half|week|restated|adjusted)\b)[a-z][a-z\s,'()-]*"
)


@lru_cache(maxsize=4096)
def _described_date(label: str) -> Period | None:
    """The one date or dated period a heading names beside words that describe its
    column: "Carrying Value as of December 31, 2024", "June 30, 2025 Level 2", "As of
    December 31, 2023 Less than 12 Months Fair Value", "Gain recognized, year ended May 31,
    2025". None where it names none, or more than one."""
    periods = find_periods(label)
    found = {(p.start, p.end, p.granularity): p for _, p in periods}
    if len(found) != 1:
        return None
    (p,) = found.values()
    if "nded" in p.label or "NDED" in p.label:
        return p  # "year ended May 31, 2025"
    # a day, unless it ends a period of words tieout did not read ("Fiscal Yaer Ended
    # March 31, 2018", "Period from inception to June 30, 2026"): that stays unread
    before = label[: periods[0][0][0]]
    return p if p.instant and _ENDS_A_SPAN.search(before) is None else None


_ENDS_A_SPAN = re.compile(r"(?i)\b(?:end(?:ed|ing)?|through|thru|to|until|from)\W*$")


def headed_period(heads: list[str], context: str) -> Period | None:
    """The period of a column under the heading cells ``heads`` (top down): that of them
    all, or where they do not read as one, that of those that name a date, words that
    name none aside ("Three Months Ended September 30, 2026" over "Average" / "Balance",
    "Statutory (SAP)" over "9M 2026")."""
    found = _column_period(" ".join(heads), context)
    if found is not None and found.granularity != "unread":
        return found
    dated = [h for h in heads if has_digit(h) or month_day_heading(h) or _year_below(h)]
    if dated and len(dated) < len(heads):
        alone = _column_period(" ".join(dated), context)
        if alone is not None and alone.granularity != "unread":
            return alone
    return found


def header_rows(
    text: str, raw: list[list[tuple[int, int]]], kind: str, sep_at: int | None
) -> set[int]:
    """Which rows are headers: those above a |---| row, a CSV's first row, or the leading
    rows whose value cells hold no amounts (only periods: "2019  2018  2017")."""
    if sep_at is not None:
        return set(range(sep_at))
    if kind == "csv":
        return {0}
    ncols = max(len(r) for r in raw)
    found: set[int] = set()
    lone: list[int] = []  # one heading alone on its line ("U.S. dollars" under "Thousands of")
    for i, cells in enumerate(raw):
        if len(cells) == 1 and not has_value(text[cells[0][0] : cells[0][1]]):
            if found and kind == "aligned":
                lone.append(i)  # a heading when headings follow it, else a label row
            continue  # a label row ("Revenues:") neither heads nor ends the header
        if (
            kind == "aligned"
            and found
            and i - 1 in found
            and len(cells) == 1
            and column_period(text[cells[0][0] : cells[0][1]]) is not None
        ):
            found.add(i)  # a stacked heading's last line alone: "Oct. 2025" under "ended"
            continue
        if i == 0 and len(cells) > 1 and noted_heading(text, cells):
            found.add(i)  # "($ in millions)  4Q25  4Q24  % Change vs. 4Q24"
            continue
        values = [text[a:b] for a, b in (cells[1:] if len(cells) == ncols else cells)]
        above = [text[a:b] for h in found for a, b in raw[h]]
        if found and len(cells) > 1 and _ages(values, above):
            found.add(i)  # "12  24  36" under "Development age (months)"
            found.update(lone)
            lone = []
            continue
        if len(cells) > 1 and (
            _headings(values)
            or ((found or i == 0) and all(QUARTER_ALONE.fullmatch(v.strip()) for v in values))
        ):
            found.add(i)  # ("Q4  Q2  Q3" under "2024  2025  2025", as BEA prints them)
            found.update(lone)
            lone = []
        else:
            break
    if len(found) == len(raw) and not any(
        NOTE.fullmatch(text[a:b].strip()) for i in found for a, b in raw[i]
    ):
        return set()  # rows of years alone ("2025  2024" over "2023  2022"): data
    # headings with their unit ("2025  2024" over "RMB'000  RMB'000") head rows below them
    # even where none follow (the rows a blank line below, in a block read alone)
    return found


# a quarter alone, under the year heading it belongs to: "Q3", "3Q", "Q3 (P)"
QUARTER_ALONE = re.compile(r"(?:Q[1-4]|[1-4]Q)(?:\s*\((?:P|R|p|r)\))?")
# a year alone on the line above a table's headings ("2025" over "Q2  Q3")
SPANNING_YEAR = re.compile(r"((?:19|20)\d\d)")
_AGE_WORDS = re.compile(r"(?i)\b(?:months?|years?|quarters?|days|age|development)\b")


def _ages(values: list[str], above: list[str]) -> bool:
    """Whether ``values`` are column headings that count time ("12  24  36  48" months of
    development in a loss triangle, "1  2  3" years), under headings that name it: whole
    numbers of at most three digits, rising."""
    if len(values) < 3 or not any(_AGE_WORDS.search(h) for h in above):
        return False
    if not all(v.isdigit() and len(v) <= 3 for v in values):
        return False
    nums = [int(v) for v in values]
    return nums == sorted(set(nums))


def noted_restart(text: str, block: list[Line], ln: Line, notes: NoteIndex) -> bool:
    """Whether ``ln`` opens a new table right under the rows of ``block`` (no blank line
    between, as text taken from a PDF prints them): a line of headings that starts with a
    scale note of its own ("(Rs. in lakhs)   2026   2025", "(in EUR thousands)   2026")
    after a row of figures. The first table's note does not govern the second's rows."""
    if not ln.cells or not notes.within(ln.start, ln.cells[0][1]):
        return False
    if not heading_line(text, ln):
        return False
    return any(not heading_line(text, b) for b in block if b.cells)


def heading_line(text: str, ln: Line) -> bool:
    """Whether a row holds only column headings: periods ("2025", "December 31,"), units
    ("RMB'000", "$'000") and words, no amount."""
    return _headings([text[a:b] for a, b in ln.cells])


# footnote marks after a heading's unit: "($)(1)", "($)⁽¹⁾", "($)¹" in a proxy's table
_HEADING_MARKS = re.compile(r"(?<=\S)(?:\(\d{1,2}\)|⁽[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}⁾|[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2})+$")


def _heading(cell: str) -> bool:
    """Whether a cell is a column heading: no digit, a period, "December 31," over its
    year, a unit ("£'000", "($)(1)" with its footnote's mark) or "Three Months Ended
    September 30," over its years."""
    marked = _HEADING_MARKS.search(cell)
    return (
        not has_value(cell)
        or (
            marked is not None
            and cell[marked.start() - 1] in ")%$€£¥"
            and not has_value(cell[: marked.start()])
        )
        or column_period(cell) is not None
        or month_day_heading(cell)
        or NOTE.fullmatch(cell.strip()) is not None
        or _year_below(cell)
        or _noted_words(cell)
        or _DAY_PIECE.fullmatch(cell.strip()) is not None
    )


# a day of a month with its comma, split from the heading's date into a cell of its own
# ("Years Ended December" | "31," over the years): no figure ends with a comma
_DAY_PIECE = re.compile(r"(?:[1-9]|[12][0-9]|3[01]),")


def _noted_words(cell: str) -> bool:
    """Whether a cell is words with a scale note in brackets, its only digits ("Annualized
    Rent ($000)", "Revenue ($ in 000s)"): a column heading."""
    if "(" not in cell:
        return False
    for m in NOTE.finditer(cell):
        if m.group().lstrip().startswith("(") and not has_digit(
            cell[: m.start()] + cell[m.end() :]
        ):
            return True
    return False


def _headings(cells: list[str]) -> bool:
    """Whether cells are a row of column headings: each a heading (``_heading``), or one
    that names a year tieout does not read ("YTD 2025", "LTM 2025", "2025 vs 2024")
    beside a period it reads ("Q3 2025"). One such cell must not make the row data: its
    years would be read as amounts and every column would lose its period.

    Headings with figures in their words are headings too: a period with its unit ("2026
    £m", "2025 (restated) £m"), years spanned ("2023-25", "FY 2025-26"), words around small
    numbers ("Fee rate Q3 26", "Less than 1 yr", "1-3 years"), and beside a period it
    reads, a year with its footnote glued on ("20251", a superscript "2025¹" turned to
    text). A row of them is no row of figures: none of its numbers is an amount."""
    plain = [_heading(c) for c in cells]
    if all(plain):
        return True
    if all(ok or dated_heading(c) for ok, c in zip(plain, cells, strict=True)) and any(
        column_period(c) is not None for c in cells
    ):
        return True
    if not all(ok or _worded_heading(c) for ok, c in zip(plain, cells, strict=True)):
        return all(
            ok or _worded_heading(c) or glued_note_year(c) is not None
            for ok, c in zip(plain, cells, strict=True)
        ) and (any(column_period(c) is not None for c in cells) or _glued_year_run(cells))
    return True


def _glued_year_run(cells: list[str]) -> bool:
    """Whether the years of ``cells`` with a footnote's digit glued on ("20251 20242", a
    "2025¹ 2024²" as text extraction prints it) run year by year, as a heading's columns
    do: two at least, each next one a year apart ("20251 19874" are figures)."""
    years = [int(y) for c in cells if (y := glued_note_year(c)) is not None]
    return len(years) >= 2 and all(abs(a - b) == 1 for a, b in pairwise(years))


# the marks of an amount in a cell: a currency symbol, a percent, a decimal or a group
# separator between digits ("Yield 3.910%", "$ 4,213 million" are figures, not headings)
_AMOUNT_MARKS = re.compile(r"[%$€£¥₩₹]|\d[.,]\d")
LETTER_WORD = re.compile(r"[A-Za-z]{2,}")  # a word of two letters or more
_ANNOTATION = re.compile(r"\(\s*[A-Za-z][A-Za-z .-]*\)")  # "(restated)", "(unaudited)"


def _worded_heading(cell: str) -> bool:
    """Whether a cell with digits is a column heading by its words: a period with its unit
    ("2026 £m", "2025 (restated) £m"), years spanned ("2023-25", "FY 2025-26") or words
    around small numbers ("Fee rate Q3 26", "Less than 1 yr", "1-3 years", "After 5
    years"): no amount's marks (no currency, percent, decimal or group separator), every
    run of digits a year or at most two digits long, and a word beside them, or a year."""
    t = cell.strip()
    if heading_unit(t) is not None:
        return True  # "2026 £m"
    if _AMOUNT_MARKS.search(t) is not None or heading_years(t) is None:
        return False
    words = [
        w for w in LETTER_WORD.findall(_ANNOTATION.sub(" ", t)) if w.lower() not in SCALE_WORDS_LOW
    ]
    return bool(words) or dated_heading(t)


SCALE_WORDS_LOW = frozenset(
    ["thousand", "thousands", "million", "millions", "billion", "billions", "mn", "bn", "mm"]
)


def heading_unit(cell: str) -> tuple[str, ScaleNote] | None:
    """A period heading followed by its unit ("2026 £m", "2025 (restated) £m", "2026
    RMB'000"): the heading without the unit, and the unit read as a scale note."""
    t = cell.strip()
    cut = t.rfind(" ")
    if cut < 0:
        return None
    m = NOTE.fullmatch(t[cut + 1 :])
    if m is None:
        return None
    head = _ANNOTATION.sub(" ", t[:cut]).strip()
    if not head or column_period(head) is None:
        return None
    n = read_note(m)
    return None if n is None else (head, n)


def bare_currency(cell: str) -> str | None:
    """The currency a heading cell names and nothing else ("RMB", "US$", "€", "USD"), or
    None (a word such as "dollars" is no such cell: "U.S. dollars" under "Thousands of" is
    a part of a note)."""
    t = cell.strip()
    if not t or len(t) > 4 or (t.lower() == t and t.isalpha()):
        return None
    if t in CURRENCY_SYMBOLS or t.upper() in CURRENCY_CODES or t.upper() in NOTE_CURRENCY_MARKS:
        return currency_word(t)
    return None


def heading_note(cells: list[str]) -> ScaleNote | None:
    """The scale note in a column's heading cells ("Millions of yen" over "2025",
    "RMB'000" under it, "(in thousands)" under "Personal Income", "2026 £m"), or in its
    wrapped heading lines of words joined ("Thousands of" over "U.S. dollars"), or None."""
    return _heading_note_of(tuple(cells))


@lru_cache(maxsize=4096)
def _heading_note_of(cells: tuple[str, ...]) -> ScaleNote | None:
    """:func:`heading_note`, remembered: a source's tables repeat their headings ("2026",
    "2025", "(in thousands)"), and a table is read once per block it stands in."""
    worded = " ".join(c for c in cells if not has_digit(c))
    for head in [*cells, worded]:
        found = find_notes(head)
        if found:
            return found[0]
        for tok in head.split():
            m = NOTE.fullmatch(tok)
            if m is not None and (n := read_note(m)) is not None:
                return n
    return None


def worded_beside(head: str, note: str) -> bool:
    """Whether a column's headings hold words besides its note that are no period
    ("Personal Income (in thousands)", not "(in thousands) 2025"): the note is that
    column's own, not the table's."""
    rest = " ".join(head.replace(note, " ").replace(")", " ").replace("(", " ").split())
    if not LETTER_WORD.search(rest):
        return False
    return column_period(rest) is None and not dated_heading(rest)


# the words a column's heading ends in when its cells are rates: "Book yield", "Interest
# Rate", "Unemployment Rate", "Total Direct Tax Rate" ("Rate base" is money)
_RATE_END = re.compile(r"(?i)(?:^|\W)(?P<word>[A-Za-z-]+)?\W*(?:yields?|rates?)\W*$")
# rates in money, not percents: a tax rate per $100 of value, a mill rate, an exchange rate
_MONEY_RATES = frozenset(["tax", "mill", "millage", "levy", "exchange", "fx", "conversion"])


# words naming a percent change: a column heading's, stacked over lines ("Unadjusted
# percent" over "change" over "Oct. 2024-"), or a numbered table's title ("Table A.
# Percent changes in CPI"): its cells are percents
PCT_CHANGE_END = re.compile(r"(?i)\bpercent(?:age)?\s+changes?\b")


def words_of(head: str) -> str:
    """A joined heading's words, its dates and figures aside."""
    return " ".join(w for w in _ANNOTATION.sub(" ", head).split() if not has_digit(w))


def rate_heading(head: str) -> str | None:
    """What a column whose joined headings end in "yield" or "rate" holds, its period,
    note and marks aside: "percent" ("Book yield", "Interest Rate"), "amount" for a rate
    in money, unscaled ("Total Direct Tax Rate", per $100 of value), "count" for a fee rate
    (basis points or percent, tieout cannot tell: no unit, no scale), or None."""
    words = " ".join(w for w in _ANNOTATION.sub(" ", head).split() if not has_digit(w))
    m = _RATE_END.search(words)
    if m is None:
        return None
    word = (m.group("word") or "").lower()
    if word in _MONEY_RATES:
        return "amount"
    return "count" if word == "fee" else "percent"


def glued_note_year(cell: str) -> str | None:
    """The year of a heading "20251": a year with a footnote's digit glued on (a
    superscript "2025¹" as text extraction prints it), or None."""
    t = cell.strip()
    if len(t) == 5 and t.isdigit() and t[:2] in ("19", "20"):
        return t[:4]
    return None


def heads_over(block: list[Line], body: Line) -> bool:
    """Whether each heading of ``block`` stands over a cell of the row ``body`` (within
    three characters) and the row has a cell for each: headings of its columns."""
    at = [(a - body.start, b - body.start) for a, b in body.cells]
    for ln in block:
        cells = [(a - ln.start, b - ln.start) for a, b in ln.cells]
        if len(cells) > len(at):
            return False
        if "\t" in body.text:
            continue  # a tab table's cells stand by their order, not their place
        for a, b in cells:
            if not any(a < d + 3 and c - 3 < b for c, d in at):
                return False
    return True


def _year_below(cell: str) -> bool:
    """A column heading that ends in a month and day with no year, after words with no
    digit ("Three Months Ended September 30,", "Year ended Dec. 31"): its year stands on
    the line below."""
    words = cell.split()
    for j in range(1, len(words)):
        if has_digit(words[j - 1]):
            return False
        if month_day_heading(" ".join(words[j:])):
            return True
    return False


def spanning_heads(
    text: str, ln: Line, cells: list[tuple[int, int]], kind: str, ncols: int
) -> list[list[int]] | None:
    """The columns each cell of a heading row of a Markdown or tab table heads, when the
    row has fewer headings than the table has value columns and each heading spans the
    same number of them ("Three Months Ended September 30," and "Nine Months Ended
    September 30," over two years each, as a 10-Q copied from EDGAR or Excel prints
    them); None otherwise. A tab table's row keeps no empty cell: its first cell is the
    label column's only when no tab stands before it."""
    label = kind == "pipe" or "\t" not in text[ln.start : cells[0][0]]
    heads = len(cells) - 1 if label else len(cells)
    values = ncols - 1
    if heads < 1 or heads >= values or values % heads:
        return None
    width = values // heads
    out = [[0]] if label else []
    out += [list(range(1 + j * width, 1 + (j + 1) * width)) for j in range(heads)]
    return out


SYMBOL_FIRSTS = frozenset("U$€£")


def column_extents(
    rows_lines: list[Line], raw: list[list[tuple[int, int]]], ncols: int
) -> list[tuple[int, int]] | None:
    """Where each column of an aligned table stands in its lines (offsets from the line
    start), from the rows with every cell filled; None when no row has them all."""
    lo = [1 << 30] * ncols
    hi = [-1] * ncols
    for ln, cells in zip(rows_lines, raw, strict=True):
        if len(cells) != ncols:
            continue
        for j, (a, b) in enumerate(cells):
            lo[j] = min(lo[j], a - ln.start)
            hi[j] = max(hi[j], b - ln.start)
    if hi[0] < 0:
        return None
    return list(zip(lo, hi, strict=True))


def headed_columns(
    extents: list[tuple[int, int]], at: list[tuple[int, int]], texts: Sequence[str] = ()
) -> list[list[int]]:
    """The columns each heading of a row standing at ``at`` heads: those it stands over,
    and a value column no heading of the row stands over goes to the nearest heading when
    no more than three characters lie between them ("September 30," centred over the
    first of its two years); a heading over no column heads the nearest one. A heading of
    percents (``texts``: "% of" over "Net Sales") heads only the columns it stands over: a
    few characters off, it is no heading of the amounts beside it."""

    def gap(a: tuple[int, int], b: tuple[int, int]) -> int:
        return max(0, max(a[0], b[0]) - min(a[1], b[1]))

    out = [[j for j, (lo, hi) in enumerate(extents) if a < hi and lo < b] for a, b in at]
    for j, (lo, hi) in enumerate(extents):
        over = [c for c, cols in enumerate(out) if j in cols]
        if len(over) > 1:  # two headings reach over one column: the one over more of it
            best = max(over, key=lambda c: min(at[c][1], hi) - max(at[c][0], lo))
            for c in over:
                if c != best:
                    out[c].remove(j)
    covered = {j for cols in out for j in cols}
    for j in range(1, len(extents)):  # the label column takes only what stands over it
        if j not in covered:
            near = min(range(len(at)), key=lambda c: gap(at[c], extents[j]))
            if gap(at[near], extents[j]) <= 3 and "%" not in (texts[near] if texts else ""):
                out[near].append(j)
    for c, (a, b) in enumerate(at):
        if not out[c]:
            mid = (a + b) / 2
            out[c] = [
                min(
                    range(len(extents)),
                    key=lambda j: abs((extents[j][0] + extents[j][1]) / 2 - mid),
                )
            ]
        else:
            out[c].sort()
    return out


def places_in(extents: list[tuple[int, int]], at: list[tuple[int, int]]) -> list[int]:
    """The column each value of a row with missing cells stands in: the one it overlaps
    most (else the nearest), never the same column twice and always left to right."""
    cols: list[int] = []
    n = len(extents)
    for idx, (a, b) in enumerate(at):
        lowest = cols[-1] + 1 if cols else 0
        highest = n - (len(at) - idx)  # leave a column for each cell still to place
        best, score = lowest, None
        for j in range(lowest, highest + 1):
            lo, hi = extents[j]
            overlap = min(b, hi) - max(a, lo)
            gap = abs((lo + hi) / 2 - (a + b) / 2)
            key = (overlap > 0, overlap, -gap)
            if score is None or key > score:
                best, score = j, key
        cols.append(best)
    return cols
