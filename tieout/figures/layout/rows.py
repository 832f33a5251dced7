"""A table's lines as rows: each line's cells in their columns, each row's label under
the label row above it.

``table_rows`` places the cells of each line (``_row_cells``: by count, by where they stand
in an aligned table, a heading over every column it spans) and labels each row under its
group (``_Group``: "Net income per share:" over "Basic", a label wrapped onto two lines).
"""

from __future__ import annotations

from dataclasses import dataclass

from tieout.figures.layout.headers import column_extents, headed_columns, places_in, spanning_heads
from tieout.figures.layout.lines import Line, has_value, join_percent_cells, note_cell
from tieout.figures.layout.model import Cell, Row

__all__ = ["blank_heads", "table_rows"]


# the words a label wrapped onto the next line ends its first line with
_WRAP_WORDS = frozenset(
    {"a", "an", "and", "as", "at", "before", "after", "by", "for", "from", "in", "into"}
    | {"less", "of", "on", "or", "per", "plus", "the", "to", "with", "attributable"}
    | {"excluding", "including"}
)


def _wrapped(first: str, second: str) -> bool:
    """Whether a label line ``first`` (with no colon after it) and the row label ``second``
    under it are one label wrapped onto two lines: ``first`` ends on a word that leads on
    ("Core operating income per", "Net income attributable to") or a hyphen, or
    ``second`` goes on in lower case ("diluted share(1)")."""
    if not first or not second:
        return False
    last = first.rsplit(None, 1)[-1].lower()
    return last in _WRAP_WORDS or first.endswith("-") or second[0].islower()


@dataclass(slots=True)
class _Group:
    """The label row a table's rows stand under ("Net income per share:"), as its rows'
    labels are read top down: its words, its indent (-1: until the next one), and whether
    it ends with no colon (a label may wrap from it)."""

    name: str
    indent: int = -1
    may_wrap: bool = False

    def label(
        self, label: str, cell_objs: tuple[Cell, ...], k: int, indent: int, kind: str
    ) -> tuple[str, str]:
        """The label of a row of ``k`` cells under this group, and the group it is a row
        of ("" but in a Markdown or CSV table); a label row starts a group, a total or
        a row as far out as the label row ends one."""
        group, row_group = self.name, ""
        if k == 1 and note_cell(label):
            pass  # "(in millions, ...)" between the headings and the rows: no group
        elif k == 1:  # a label row: the rows indented under it belong to it
            self.name, self.indent = label.rstrip(":"), indent
            self.may_wrap = not label.endswith(":")
        elif (
            kind in ("pipe", "csv")
            and label.endswith(":")
            and not any(c.text for c in cell_objs[1:])
        ):
            # a label row of a Markdown or CSV table ("| Earnings per share: | | |"),
            # where no indent is left: the rows under it belong to it up to the next
            # label row or a total
            self.name, self.indent = label.rstrip(":"), -1
        elif group and indent <= self.indent:
            self.name, self.indent = "", -1
        elif group and kind in ("pipe", "csv"):
            row_group = group
            if label.lower().startswith("total"):
                self.name = ""  # a total closes its group
        elif group and self.may_wrap and _wrapped(group, label):
            # "Core operating income per" over "  diluted share(1)  4.28": one label
            # wrapped onto two lines, not a group and its row
            label, self.name, self.indent = f"{group} {label}", "", -1
        elif group:
            label = f"{group}: {label}"
        return label, row_group


def blank_heads(text: str, cells: list[tuple[int, int]], ncols: int) -> list[list[int]] | None:
    """The columns each cell of a pipe table's heading row heads, where the row leaves
    some value columns blank above a heading row of its own: a heading merged across
    columns, as a spreadsheet copied out prints it (" | Years Ended June 30, | " over
    " | 2026 | 2025 | 2024"), heads the blank columns to its right, and those to its left
    that no heading stands before ("|  | Year ended | " centred over three years), unless
    it is printed again in the next cell, as a merged cell copied out is, so that its
    copies say which columns it heads ("|  |  | % change | % change" over "| | 2026 | 2025
    | 2026 | 2025": the first two columns are not percent changes).
    None where the row has no blank value column or no heading at all."""
    texts = [text[a:b].strip() for a, b in cells[1:ncols]]
    if all(texts) or not any(texts):
        return None  # (a row short of cells, none blank, spreads evenly: ``spanning_heads``)
    texts += [""] * (ncols - 1 - len(texts))
    owner: list[int] = []  # the heading (its index among the value cells) of each column
    last = -1
    for j, t in enumerate(texts):
        last = j if t else last
        owner.append(last)
    first = next(j for j, t in enumerate(texts) if t)
    if texts[first + 1 : first + 2] != [texts[first]]:
        owner = [first if o < 0 else o for o in owner]
    out: list[list[int]] = [[0]] if cells else []
    for j in range(len(cells) - 1):
        out.append([c + 1 for c, o in enumerate(owner) if o == j] if j < ncols - 1 else [])
    return out


def _notes_alone(text: str, cells: list[tuple[int, int]]) -> bool:
    """Whether a heading row's value cells hold nothing but scale notes ("|  | (in
    millions) | " under the years): the note of every column, not of the one it stands in."""
    said = [t for a, b in cells[1:] if (t := text[a:b].strip())]
    return bool(said) and all(note_cell(t) for t in said)


def table_rows(
    text: str,
    rows_lines: list[Line],
    raw: list[list[tuple[int, int]]],
    headers: set[int],
    ncols: int,
    group: str,
) -> list[Row]:
    """The rows of a table: each line's cells in their columns (``_row_cells``), each
    row labelled under the label row above it (``_Group``)."""
    kind = rows_lines[0].kind
    # the label row above ("Net income per share:") and its indent (-1: until the next one)
    # (a caption only for a table with no headings of its own: rows that continue a table)
    groups = _Group("" if headers else group.rstrip(":"))
    extents = column_extents(rows_lines, raw, ncols) if kind == "aligned" else None
    rows: list[Row] = []
    for i, (ln, cells) in enumerate(zip(rows_lines, raw, strict=True)):
        cell_objs = _row_cells(text, ln, cells, i, kind, raw, headers, ncols, extents)
        label = cell_objs[0].text if cell_objs and cell_objs[0].col == 0 else ""
        indent = cells[0][0] - ln.start
        row_group = ""
        if i not in headers and label:
            label, row_group = groups.label(label, cell_objs, len(cells), indent, kind)
        rows.append(Row((ln.start, ln.end), cell_objs, i in headers, label, row_group))
    return rows


def _row_cells(
    text: str,
    ln: Line,
    cells: list[tuple[int, int]],
    i: int,
    kind: str,
    raw: list[list[tuple[int, int]]],
    headers: set[int],
    ncols: int,
    extents: list[tuple[int, int]] | None,
) -> tuple[Cell, ...]:
    """The cells of the ``i``-th line of a table, each in its column; a heading that spans
    several columns in each of them."""
    k = len(cells)
    first = text[cells[0][0] : cells[0][1]]
    cols: list[int] | None = None  # each cell's column; or, in ``spread``, its columns
    spread: list[list[int]] = []
    if (
        i in headers
        and kind == "pipe"
        and (any(h > i for h in headers) or _notes_alone(text, cells))
        and (blanks := blank_heads(text, cells, ncols)) is not None
    ):
        spread = blanks
    elif (
        i in headers
        and k < ncols
        and kind in ("pipe", "tab")
        and any(h > i and len(raw[h]) >= ncols - 1 for h in headers)  # the years below
        and (spanned := spanning_heads(text, ln, cells, kind, ncols)) is not None
    ):
        spread = spanned
    elif kind in ("pipe", "csv") or k == ncols:
        cols = list(range(k))
    elif extents is not None:
        # by where the cells stand: a heading spans every column it stands over
        # ("September 30," over both years of a quarter), a value takes the column
        # it stands in (a row with a blank cell keeps its other values in place)
        at = [(a - ln.start, b - ln.start) for a, b in cells]
        if i in headers:
            spread = headed_columns(extents, at, [text[a:b] for a, b in cells])
        else:
            cols = places_in(extents, at)
    elif i in headers:
        cols = list(range(ncols - k, ncols))  # headers sit over the value columns
    elif not has_value(first):
        cols = [0, *range(ncols - k + 1, ncols)]
    else:
        cols = list(range(ncols - k, ncols))
    if cols is not None:  # a column each (the common case)
        cell_objs = tuple(
            Cell(c, text[c[0] : c[1]], col) for c, col in zip(cells, cols, strict=True)
        )
    else:
        cell_objs = tuple(
            Cell(c, text[c[0] : c[1]], col)
            for c, cols_of in zip(cells, spread, strict=True)
            for col in cols_of
        )
    if i not in headers and "%" in ln.text:
        cell_objs = join_percent_cells(text, cell_objs)
    return cell_objs
