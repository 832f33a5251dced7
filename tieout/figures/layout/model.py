"""What the layout reader returns: a text's lines, tables and sections as values.

``Cell``, ``Row``, ``Table``, ``Section`` and ``Layout`` are what ``read_layout`` builds;
``ScaleNote`` is a scale note as read ("(in thousands)", "$ in millions"), and ``CellUnit``
what a table says its bare cells are (a "Unit" column, "(megalitres)", "USD millions");
``NoteIndex`` a text's scale notes, looked up by place or by wording.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tieout.periods import Period

__all__ = ["ONE", "Cell", "CellUnit", "Layout", "NoteIndex", "Row", "ScaleNote", "Section", "Table"]


ONE = Decimal(1)


@dataclass(frozen=True, slots=True)
class CellUnit:
    """What a table says its bare cells are.

    ``kind``: 'quantity' (``unit`` "MWh", "tCO2e"), 'percent', 'basis_point', 'currency'
    (``unit`` an ISO code), 'count' ("number", "#", "headcount") or 'unknown' (a unit is
    named that tieout does not read, "incidents per 200,000 hours": the cells confirm no
    quantity and no amount, only a bare number). ``scale``: what one in the cell is worth
    ("thousand MWh": 1000; "USD millions": 1,000,000)."""

    kind: str
    unit: str | None = None
    scale: Decimal = ONE
    per: str | None = None


@dataclass(frozen=True, slots=True)
class Cell:
    span: tuple[int, int]
    text: str
    col: int


@dataclass(frozen=True, slots=True)
class Row:
    span: tuple[int, int]
    cells: tuple[Cell, ...]
    header: bool
    label: str
    # the label row a Markdown or CSV table's row stands under ("Earnings per share:"),
    # kept apart from its label (a text table's label holds it: "Revenues: Product")
    group: str = ""
    # the cells' starts, for finding the cell at a position by bisection (a wide table's
    # every figure would otherwise walk its row: quadratic in the row's width)
    starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "starts", tuple(c.span[0] for c in self.cells))

    def cell_at(self, pos: int) -> Cell | None:
        """The first cell whose span holds ``pos`` (a heading spread over several columns
        repeats its span: the first of them), or None."""
        i = bisect_right(self.starts, pos) - 1
        if i < 0 or pos >= self.cells[i].span[1]:
            return None  # (cells are in order and overlap only where a span repeats)
        start = self.starts[i]
        while i > 0 and self.starts[i - 1] == start:
            i -= 1
        return self.cells[i]


@dataclass(frozen=True, slots=True)
class ScaleNote:
    span: tuple[int, int]
    scale: Decimal
    currency: str | None
    except_per_share: bool
    text: str
    # "(In millions, except per share amounts; shares in thousands)": the share counts' scale
    share_scale: Decimal | None = None
    excepts: str = ""  # the note's "except ..." clause, lower-cased ("" when none)


@dataclass(frozen=True)
class Table:
    span: tuple[int, int]
    rows: tuple[Row, ...]
    columns: tuple[str, ...]
    periods: tuple[Period | None, ...]
    caption: str
    note: ScaleNote | None
    currency: str | None  # the currency its cells are in, where the table says so
    # a note in a row's own label ("Shares outstanding (in millions)") scales that row
    # only, by the row's start
    row_notes: dict[int, ScaleNote] = field(default_factory=dict, compare=False)
    # a note in one column's heading ("Revenue ($M)") scales that column only, by column
    col_notes: dict[int, ScaleNote] = field(default_factory=dict, compare=False)
    # a unit in a column's heading: "Growth (%)" -> "percent", "(bps)" -> "basis_point",
    # "(days)" -> "count"; its bare cells are in that unit, unscaled
    col_units: dict[int, str] = field(default_factory=dict, compare=False)
    # a currency in a column's heading: "Salary ($)", "Basic EPS (yen)" -> "USD", "JPY"; its
    # bare cells are in that currency, at the table's scale (none without a note)
    col_currencies: dict[int, str] = field(default_factory=dict, compare=False)
    # the currency a bare "$" stands for in the table, where the statement declares one
    # ("(Expressed in Hong Kong dollars)" over "$'000" columns: HKD); None: the US dollar
    dollar: str | None = field(default=None, compare=False)
    # the unit a "Unit" column gives its row ("| Energy use | MWh | 12,400 |": MWh; "%":
    # percent; "USD millions" is a row note instead), by the row's start
    row_units: dict[int, CellUnit] = field(default_factory=dict, compare=False)
    # the quantity the table's corner cell or caption names for every cell no row or
    # column gives a unit of its own ("(in thousands of metric tons CO2e)"), if any
    quantity: CellUnit | None = field(default=None, compare=False)
    unit_col: int | None = field(default=None, compare=False)  # the "Unit" column, if any
    # the columns whose first figure prints the currency symbol ("$ 1,204" atop bare
    # cells, as US filings typeset a "$" on a column's first and total rows): only there
    # does a bare cell take the currency the table's cells print (``currency`` with no
    # note naming one); "Block hours 301,447" under a "$2.61" row is no amount of money
    currency_cols: frozenset[int] = field(default=frozenset(), compare=False)

    def row_at(self, pos: int) -> Row | None:
        starts = self.__dict__.get("_row_starts")
        if starts is None:
            starts = [r.span[0] for r in self.rows]
            object.__setattr__(self, "_row_starts", starts)
        i = bisect_right(starts, pos) - 1
        if i >= 0 and pos < self.rows[i].span[1]:
            return self.rows[i]
        return None


@dataclass(frozen=True, slots=True)
class Section:
    """A place a locator can name."""

    kind: str  # 'heading' | 'clause' | 'paragraph' | 'row'
    title: str
    span: tuple[int, int]
    level: int = 0
    number: str | None = None  # "2.2" for clauses
    index: int = 0  # paragraph number within its heading, from 1
    parent: str = ""  # the heading a paragraph or row sits under


@dataclass
class Layout:
    text: str
    sections: list[Section] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    paragraphs: list[tuple[int, int]] = field(default_factory=list)
    notes: list[ScaleNote] = field(default_factory=list)
    # the notes that stand on a line of their own and hold until another replaces them
    # (a running header's "(in thousands, except per share amounts)"), in order
    standing: list[ScaleNote] = field(default_factory=list)

    _table_starts: list[int] = field(default_factory=list, repr=False)
    _para_starts: list[int] = field(default_factory=list, repr=False)
    _heads: list[Section] = field(default_factory=list, repr=False)
    _head_starts: list[int] = field(default_factory=list, repr=False)
    _by_kind: dict[str, tuple[list[Section], list[int]]] = field(default_factory=dict, repr=False)
    # where the document declares the currency of all its amounts ("All amounts are in
    # Canadian dollars unless otherwise noted"), and what a bare "$" is from there on
    dollars: list[tuple[int, str]] = field(default_factory=list)

    def finish(self) -> None:
        """Sort what was read and index it for look-ups by position."""
        self.tables.sort(key=lambda t: t.span[0])
        self.paragraphs.sort()
        self._table_starts = [t.span[0] for t in self.tables]
        self._para_starts = [p[0] for p in self.paragraphs]
        self._heads = sorted(
            (x for x in self.sections if x.kind in ("heading", "clause")), key=lambda x: x.span[0]
        )
        self._head_starts = [x.span[0] for x in self._heads]
        for kind in ("paragraph", "row"):
            items = sorted((x for x in self.sections if x.kind == kind), key=lambda x: x.span[0])
            self._by_kind[kind] = (items, [x.span[0] for x in items])

    def table_at(self, pos: int) -> Table | None:
        i = bisect_right(self._table_starts, pos) - 1
        if i >= 0 and pos < self.tables[i].span[1]:
            return self.tables[i]
        return None

    def paragraph_at(self, pos: int) -> tuple[int, int] | None:
        i = bisect_right(self._para_starts, pos) - 1
        if i >= 0 and pos < self.paragraphs[i][1]:
            return self.paragraphs[i]
        return None

    def heading_at(self, pos: int) -> Section | None:
        """The innermost heading or clause whose region holds ``pos``.

        Regions nest and close at the next heading of the same or a higher level, so the
        last heading that starts at or before ``pos`` is the innermost one holding it.
        """
        i = bisect_right(self._head_starts, pos) - 1
        if i >= 0 and pos < self._heads[i].span[1]:
            return self._heads[i]
        return None

    def section_at(self, kind: str, pos: int) -> Section | None:
        """The paragraph or table row ('paragraph' | 'row') holding ``pos``."""
        items, starts = self._by_kind.get(kind, ([], []))
        i = bisect_right(starts, pos) - 1
        if i >= 0 and pos < items[i].span[1]:
            return items[i]
        return None


class NoteIndex:
    """A text's scale notes (in order), found by where they stand or by their words, in
    time that does not grow with the number of notes (a long filing has hundreds)."""

    __slots__ = ("all", "first", "starts")

    def __init__(self, notes: list[ScaleNote]) -> None:
        self.all = notes
        self.starts = [n.span[0] for n in notes]
        # each wording's first note, in order, by its words (a note broken over two lines,
        # "(in\nthousands)", is named by a caption whose lines are joined by a space)
        self.first: dict[str, ScaleNote] = {}
        for n in notes:
            self.first.setdefault(" ".join(n.text.split()), n)

    def within(self, a: int, b: int) -> list[ScaleNote]:
        """The notes that start in ``[a, b)``."""
        return self.all[bisect_left(self.starts, a) : bisect_left(self.starts, b)]

    def named_in(self, context: str) -> ScaleNote | None:
        """The first note whose words ``context`` repeats (a caption above a table), of
        the longest wording it repeats: "(in millions of Canadian dollars)" is no "(in
        millions" that an earlier table's caption wrote."""
        if not context:
            return None
        named = [n for t, n in self.first.items() if t in context]
        return max(named, key=lambda n: len(n.text)) if named else None
