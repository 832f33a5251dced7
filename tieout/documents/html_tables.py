"""The tables of an HTML page as ``|`` rows, with their titles and notes as lines above.

Filings split one printed figure over several cells (``$`` | ``4,200`` | ``)``) under a
year heading that spans all three: the cells are joined back and the columns a heading
spans become one column. A table's heading rows run down to its row of periods; a scale
note in the label cell, and headings over groups of years, become lines above the table
(see ``html.py``, which walks the page and collects the tables).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tieout.figures.layout import note_anchor, read_layout
from tieout.periods import column_period, month_day_heading

__all__ = ["Cell", "Table", "table_lines"]

# a cell holding only what prints beside a figure: a currency sign before it, or a closing
# bracket or percent sign after it (filings give each its own cell)
_BEFORE_ONLY = frozenset({"$", "€", "£", "¥", "US$", "C$", "A$", "(", "($", "$(", "-", "−"})
_AFTER_ONLY = frozenset({")", "%", ")%", "%)", "pts", "bps"})


@dataclass
class Cell:
    text: str
    span: int  # colspan
    down: int = 1  # rowspan: the rows it holds its columns in
    head: bool = False  # a <th>


@dataclass
class Table:
    rows: list[list[Cell]] = field(default_factory=list)
    caption: str = ""


_Lone = tuple[int, int] | None  # the columns a row's only filled cell spans, if it spans several


def _grid(
    table: Table,
) -> tuple[
    list[list[str]], list[tuple[int, int]], list[_Lone], list[dict[int, int]], list[int], list[bool]
]:
    """Rows expanded to columns (a cell's text in the first column it spans, a column a
    cell above spans down into left empty), the column ranges that cells spanning several
    columns cover, each row's lone spanning cell, each row's spanning cells (first column
    -> end), the rows each row's label cell spans down (its rowspan, 1 without), and
    whether each row is marked up as a heading (a ``<th>`` or a cell spanning columns)."""
    rows: list[list[str]] = []
    spans: list[tuple[int, int]] = []
    lones: list[_Lone] = []
    row_spans: list[dict[int, int]] = []
    downs: list[int] = []
    marked: list[bool] = []
    held: dict[int, int] = {}  # columns a cell above holds (rowspan) -> rows it holds yet
    for row in table.rows:
        out: list[str] = []
        filled = [c for c in row if c.text]
        lone: _Lone = None
        wide: dict[int, int] = {}
        for cell in row:
            while held.get(len(out), 0) > 0:  # a column a cell above spans down into
                out.append("")
            if cell.down > 1:
                for k in range(len(out), len(out) + cell.span):
                    held[k] = max(held.get(k, 0), cell.down)
            if cell.span > 1:
                if len(filled) > 1:
                    spans.append((len(out), len(out) + cell.span))
                    if cell.text:
                        wide[len(out)] = len(out) + cell.span
                elif cell.text:  # a lone title's span joins no columns
                    lone = (len(out), len(out) + cell.span)
            out.append(cell.text)
            out.extend([""] * (cell.span - 1))
        held = {k: n - 1 for k, n in held.items() if n > 1}
        if any(out):
            rows.append(out)
            lones.append(lone)
            row_spans.append(wide)
            downs.append(row[0].down if row and out[0] else 1)
            marked.append(any(c.text and (c.head or c.span > 1) for c in row))
    return rows, spans, lones, row_spans, downs, marked


def _amount_cell(text: str) -> bool:
    """Whether a cell opens with an amount ("$361", "(1,204)", "15.2"), not a heading
    ("2025", "Quoted Prices (Level 1)", "December 31,")."""
    lead = text.lstrip("$€£¥( -")
    return lead[:1].isdigit() and not _heading_cell(text)


def _heading_rows(rows: list[list[str]], downs: list[int], marked: list[bool]) -> int:
    """How many rows head the table: those above the first row with a label (filings
    leave the label cell of "Year Ended December 31," and "2025 | 2024" empty), the rows
    a title in the label column spans down counted as unlabelled ("Statements of
    Income - USD ($) $ in Millions" beside both heading rows); 0 when every row is.

    Rows with a label head it too down to its row of periods, when headings are marked
    up over it (a ``<th>``, a cell spanning columns): "Revenue | 2025 | 2024" under
    "Year Ended December 31," (:func:`_period_row`)."""
    i = 0
    found = 0
    while i < len(rows):
        if rows[i][0] and downs[i] == 1:
            found = i
            break
        i += max(1, downs[i] if rows[i][0] else 1)
    period = _period_row(rows, marked)
    if period is not None and period + 1 < len(rows):
        return max(found, period + 1)
    return found


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# the digits a heading holds besides its years: a period's ("September 30,", "Three
# Months", "12 Months Ended", "52 weeks", "Q3", "H1", "FY25"), a fair value's level
# ("Significant other observable inputs (Level 2)") and a footnote's mark ("Shares(1)")
_PERIOD_DIGITS = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*\d{1,2}\b"
    r"|\b\d{1,2}[\s-]+(?:months?|weeks?)\b|\b[QH][1-4]\b|\bFY\s?\d\d\b"
    r"|\blevel\s+[1-3]\b|(?<=[A-Za-z)])\(\d\)",
    re.I,
)


def _period_cell(text: str) -> bool:
    """Whether a cell is a period heading: "2025", "Fiscal 2025", "Dec. 31, 2025"."""
    return _YEAR.search(text) is not None and column_period(text) is not None


def _heading_cell(text: str) -> bool:
    """Whether a cell may stand in a heading row: no digits but those of a period, a
    month and day ("December 31,") or years ("2025 vs. 2024")."""
    if not any(c.isdigit() for c in text):
        return True
    rest = _PERIOD_DIGITS.sub("", _YEAR.sub("", text))
    return not any(c.isdigit() for c in rest) or _period_cell(text) or month_day_heading(text)


def _period_row(rows: list[list[str]], marked: list[bool]) -> int | None:
    """The row of periods under a table's headings, whatever its label cell holds
    ("Revenue | 2025 | 2024", "Segment" spanning it down): the first row whose cells hold
    periods (two, or one under another heading row), every row down to it holding only
    headings and one of them marked up as a heading (a ``<th>``, a cell spanning columns),
    so a table of years ("Notes due | 2029 | 2031") is not read as headed by its rows."""
    for i, row in enumerate(rows):
        values = [v for v in row[1:] if v]
        if not all(_heading_cell(v) for v in values):
            return None
        periods = sum(1 for v in values if _period_cell(v))
        if periods >= (2 if i == 0 else 1):
            return i if any(marked[: i + 1]) else None
    return None


def _scale_note(text: str) -> bool:
    """Whether a cell holds only a scale note: "(In millions, except per share data)"."""
    if not note_anchor(text, 0, len(text)):
        return False
    notes = read_layout(text).notes
    rest = text
    for note in notes:
        rest = rest.replace(note.text, " ")
    return bool(notes) and not rest.strip(" ()[],.;:")


def _innermost(spans: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The spans holding no other span: "2026" over its "$" and figure cells joins them,
    while "Three Months Ended" over both years heads each year's column."""
    distinct = set(spans)
    return {
        s for s in distinct if not any(o != s and s[0] <= o[0] and o[1] <= s[1] for o in distinct)
    }


def _join_split_figures(row: list[str]) -> None:
    """'$' | '4,200' | ')' -> '' | '$4,200)' | '': a figure printed over several cells."""
    for i, text in enumerate(row):
        if text in _BEFORE_ONLY:
            nxt = next((j for j in range(i + 1, len(row)) if row[j]), None)
            if nxt is not None and row[nxt] not in _BEFORE_ONLY | _AFTER_ONLY:
                row[nxt] = text + row[nxt]
                row[i] = ""
    for i, text in enumerate(row):
        if text in _AFTER_ONLY:
            prev = next((j for j in range(i - 1, -1, -1) if row[j]), None)
            if prev is not None and prev > 0:  # never onto the row's label
                row[prev] = row[prev] + text
                row[i] = ""


def _groups(width: int, spans: list[tuple[int, int]]) -> list[int]:
    """The output column of each grid column: columns one heading spans become one."""
    parent = list(range(width))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for a, b in spans:
        for k in range(a + 1, min(b, width)):
            parent[root(k)] = root(a)
    out: list[int] = []
    seen: dict[int, int] = {}
    for k in range(width):
        out.append(seen.setdefault(root(k), len(seen)))
    return out


def table_lines(table: Table) -> tuple[list[str], list[str]]:
    """The lines to print above the table (its title and note rows) and its ``|`` rows."""
    rows, spans, lones, row_spans, downs, marked = _grid(table)
    above = _title_rows(rows, lones, row_spans, downs, marked)
    if not rows:
        return above, []
    above.extend(_corner_notes(rows))
    width = max(len(r) for r in rows)
    for r in rows:
        r.extend([""] * (width - len(r)))
        _join_split_figures(r)
    spans = _column_spans(rows, spans, width, downs, marked)
    inner = _innermost(spans)
    group_of = _groups(width, sorted(inner))
    merged, keep = _merged_rows(rows, row_spans, lones, inner, group_of, width)
    # the heading rows: those above the first row with a label (filings leave the label
    # cell of "Year Ended December 31," and "2025 | 2024" empty), else the first row
    heads = min(_heading_rows(merged, downs, marked) or 1, max(1, len(merged) - 1))
    groups = _group_headings(merged, heads, keep)
    if groups:
        above.append(groups)
        while heads > 1 and not any(merged[0]):  # a heading row left empty goes
            merged.pop(0)
            heads -= 1
    lines = []
    for r in merged:
        cells = [r[g] for g in keep]
        lines.append("| " + " | ".join(cells) + " |")
    # a table whose first row is a row of figures ("Cash | $361" atop "Receivables | 171")
    # has no heading row: no rule under it makes it one
    figures_first = any(_amount_cell(merged[0][g]) for g in keep[1:])
    if len(lines) > 1 and not (figures_first and not _heading_rows(merged, downs, marked)):
        lines.insert(heads, "|" + "---|" * len(keep))
    return above, lines


def _title_rows(
    rows: list[list[str]],
    lones: list[_Lone],
    row_spans: list[dict[int, int]],
    downs: list[int],
    marked: list[bool],
) -> list[str]:
    """Take out the table's first rows that are a title or a scale note and return them
    as lines to print above it."""
    above: list[str] = []
    # a title or a scale note a filing prints as the table's first rows, one cell spanning
    # from the label column on ("(In thousands, except per share data)"): a line above it
    while len(rows) > 1 and lones[0] is not None and lones[0][0] == 0:
        above.append(rows.pop(0)[0])
        lones.pop(0)
        row_spans.pop(0)
        downs.pop(0)
        marked.pop(0)
    return above


def _corner_notes(rows: list[list[str]]) -> list[str]:
    """Take the scale notes out of the heading rows' label cells and return them as lines
    to print above the table."""
    above: list[str] = []
    # a scale note in the label cell of a heading row (EDGAR's top-left corner: "(In
    # millions, except per share data)" beside "Three Months Ended"): a line above it too
    for row in rows:
        if not all(_heading_cell(v) for v in row[1:] if v):
            break
        if row[0] and any(row[1:]) and _scale_note(row[0]):
            above.append(row[0])
            row[0] = ""
    return above


def _column_spans(
    rows: list[list[str]],
    spans: list[tuple[int, int]],
    width: int,
    downs: list[int],
    marked: list[bool],
) -> list[tuple[int, int]]:
    """The column ranges that become one column: the pieces of one figure a heading spans,
    and a heading's column beside the figures' it belongs to."""
    # only a span over the pieces of one figure joins columns; a heading over columns that
    # each hold a figure of their own ("12 Months Ended" over three years) heads each one
    spans = [
        (a, b)
        for a, b in spans
        if not any(sum(1 for k in range(a, min(b, width)) if r[k]) > 1 for r in rows)
    ]
    # a heading over a column that holds only the "$" of split figures (no colspan to say
    # so): the heading belongs to the figures' column beside it
    heads = _heading_rows(rows, downs, marked)
    for k in range(1, width - 1):
        head_only = any(r[k] for r in rows[:heads]) and not any(r[k] for r in rows[heads:])
        data_only = any(r[k + 1] for r in rows[heads:]) and not any(r[k + 1] for r in rows[:heads])
        if head_only and data_only:
            spans.append((k, k + 2))
    return spans


def _figured_groups(rows: list[list[str]], group_of: list[int]) -> set[int]:
    """The output columns that hold a digit in some row."""
    return {group_of[k] for r in rows for k, text in enumerate(r) if any(map(str.isdigit, text))}


def _merged_rows(
    rows: list[list[str]],
    row_spans: list[dict[int, int]],
    lones: list[_Lone],
    inner: set[tuple[int, int]],
    group_of: list[int],
    width: int,
) -> tuple[list[list[str]], list[int]]:
    """The rows with the columns of each group as one cell, and the groups to print."""
    n = max(group_of) + 1
    merged = []
    filled = {0}  # the groups a cell of their own stands in (not only a heading spread over)
    # the groups that hold a figure in some row: a corner cell spread over the label
    # columns beside it ("years ended December 31 (in millions)" over "Product | Region")
    # stands in the first of them only, not as a heading of the second label column
    figured: set[int] | None = None  # read once, where such a corner stands
    for r, wide in zip(rows, row_spans, strict=True):
        cells = [""] * n
        for k, text in enumerate(r):
            if text:
                end = wide.get(k)
                if end is not None and (k, end) not in inner:
                    targets = sorted({group_of[j] for j in range(k, min(end, width))})
                    if k == 0 and len(targets) > 1:
                        if figured is None:
                            figured = _figured_groups(rows, group_of)
                        targets = [g for g in targets if g == group_of[0] or g in figured]
                else:
                    targets = [group_of[k]]
                    filled.add(group_of[k])
                for g in targets:  # a heading over several groups heads each of them
                    cells[g] = f"{cells[g]} {text}" if cells[g] else text
        merged.append(cells)
    keep = [g for g in range(n) if g in filled]
    for r, lone in zip(merged, lones, strict=True):
        if lone is not None and lone[0] > 0:
            # "Year Ended December 31," over every year column heads each of them
            text = next(t for t in r if t)
            for g in {group_of[k] for k in range(lone[0], min(lone[1], width))}:
                if g in keep:
                    r[g] = text
    return merged, keep


_UNIT_MARK = re.compile(r"[%$€£¥]|\b(?:bps?|basis points?|days|pence|cents|dollars)\b", re.I)


def _group_headings(merged: list[list[str]], heads: int, keep: list[int]) -> str:
    """Take out the heading rows that name what groups of columns hold ("Revenue" and
    "Operating income (loss)" each over "2025 | 2024"): the layout reads a column's
    heading rows as one heading, and "Revenue 2025" names no period, so the columns would
    lose their years. Their headings are returned as one line to print above the table
    (the label cell stays). A row stays that names a period, a scale or a unit, or that
    has a heading over one column only ("As Restated" over 2023)."""

    def label(g: int, skip: int) -> str:
        return " ".join(merged[r][g] for r in range(heads) if r != skip and merged[r][g])

    taken: list[str] = []
    for h in range(heads):
        values = [merged[h][g] for g in keep if g > 0 and merged[h][g]]
        if (
            not values
            or min(values.count(v) for v in values) < 2
            or any(
                any(c.isdigit() for c in v) or _UNIT_MARK.search(v) or note_anchor(v, 0, len(v))
                for v in values
            )
        ):
            continue
        breaks = any(
            column_period(label(g, h)) is not None and column_period(label(g, -1)) is None
            for g in keep
            if g > 0 and merged[h][g]
        )
        if breaks:
            for v in values:
                if v not in taken:
                    taken.append(v)
            for g in keep:
                if g > 0:
                    merged[h][g] = ""
    return "; ".join(taken)
