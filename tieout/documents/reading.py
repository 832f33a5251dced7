"""What tieout reads in a document, as a user asks for it: each figure with the value, unit
and period the document gives it, and a name for each place that a claim can cite.

``Document.figures`` and ``Document.place_of`` are built here. The grammar's own
``Figure`` keeps how a figure was written (a bare "4,200" stays a plain number, its
currency and scale taken from the table it stands in); a :class:`StatedFigure` says what
it means: 4,200,000 USD, for fiscal 2025.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from tieout.documents.locate import heading_period, resolve_locator

if TYPE_CHECKING:
    from tieout.documents.document import Document
    from tieout.figures.figure import Figure, FigureKind
    from tieout.figures.layout import Table
    from tieout.periods import Period

__all__ = ["StatedFigure", "locator_of", "stated_figures"]

_UNSET: object = object()


class StatedFigure:
    """One figure of a document, as the document states it.

    ``span`` indexes into ``Document.text``; ``value`` is a Decimal in base units with the
    scale applied (25 for 25%, 4,200,000 for "4,200" under "(in thousands)"); ``unit`` is
    an ISO currency code, ``"percent"``, ``"basis_point"``, ``"shares"``, a quantity's unit,
    or None for a plain count; ``kind`` is how it was written (``"currency"``,
    ``"percent"``, ``"number"``, ``"quantity"``, ``"section"``: its number is ``section``);
    ``period`` is the period the document gives it (its table column, its sentence, else
    the heading over it), or None. ``figure`` is the grammar's full reading of it.
    """

    __slots__ = ("_doc", "_period", "figure")

    def __init__(self, doc: Document, figure: Figure) -> None:
        self._doc = doc
        self.figure = figure
        self._period: object = _UNSET

    @property
    def text(self) -> str:
        return self.figure.text

    @property
    def span(self) -> tuple[int, int]:
        return self.figure.span

    @property
    def kind(self) -> FigureKind:
        return self.figure.kind

    @property
    def value(self) -> Decimal | None:
        return self.figure.value

    @property
    def unit(self) -> str | None:
        return self.figure.unit or self.figure.implied_unit

    @property
    def section(self) -> str | None:
        """A section reference's number ("4.1" for "§4.1"; such a figure has no value)."""
        return self.figure.section

    @property
    def where(self) -> str | None:
        """The table cell it stands in ("row Net sales, column 2025"), or None."""
        return self.figure.where

    @property
    def period(self) -> Period | None:
        if self._period is _UNSET:
            self._period = period_of(self._doc, self.figure)
        return self._period  # type: ignore[return-value]

    def __repr__(self) -> str:
        return (
            f"StatedFigure({self.text!r}, span={self.span}, kind={self.kind!r}, "
            f"value={self.value!r}, unit={self.unit!r})"
        )


def stated_figures(doc: Document) -> tuple[StatedFigure, ...]:
    """Every figure ``doc`` holds, in text order (periods are read when first asked for)."""
    return tuple(StatedFigure(doc, f) for f in doc.read().figures)


def period_of(doc: Document, figure: Figure) -> Period | None:
    """The period ``doc`` gives ``figure``, read as the period check reads it: its table
    column or its sentence, else the heading over it ("Q4 2025 at a glance")."""
    period = doc.stated_period(figure)
    if period is None:
        found = heading_period(doc, figure.span[0])
        if found is not None:
            period = found[0]
    return period


def locator_of(doc: Document, span: tuple[int, int]) -> str | None:
    """A locator naming the place of ``span`` that ``check_claims`` resolves back to a
    region holding it: the most precise of "table N, row: <label>", "§N", "section:
    <heading>, paragraph N", "paragraph N", "table N" and "line N" that does. None only
    for a span over several lines that no table or paragraph holds."""
    for locator in _candidates(doc, span):
        region = resolve_locator(doc, locator)
        if region is not None and region.contains(span):
            return locator
    return None


def _candidates(doc: Document, span: tuple[int, int]) -> list[str]:
    lay = doc.layout
    a = span[0]
    out: list[str] = []
    numbers = _numbers(doc)
    table = lay.table_at(a)
    if table is not None:
        n = numbers.tables[id(table)]
        for name in (_row_name(doc, a), _row_label(table, a)):
            if name:
                out.append(f"table {n}, row: {name}")
                out.append(f"row: {name}")
        out.append(f"table {n}")
    head = lay.heading_at(a)
    if head is not None and head.kind == "clause" and head.number:
        out.append(f"§{head.number}")
    para = lay.section_at("paragraph", a)
    if para is not None:
        if para.parent:
            out.append(f"section: {para.parent}, paragraph {para.index}")
        k = numbers.paragraphs.get(id(para))
        if k is not None:
            out.append(f"paragraph {k}")
    out.append(f"line {bisect_right(numbers.line_starts, a)}")
    return out


@dataclass(frozen=True, slots=True)
class _Numbers:
    """How places are numbered in a snapshot, built once so that naming every figure's place
    costs a look-up each: tables and paragraphs by their order, where each line starts."""

    tables: dict[int, int]  # id of a table -> its number, from 1
    paragraphs: dict[int, int]  # id of a paragraph section -> its number in the document
    line_starts: list[int]


def _numbers(doc: Document) -> _Numbers:
    memo = doc.read().memo
    found = memo.get(("place numbers", ""))
    if not isinstance(found, _Numbers):
        lay = doc.layout
        paragraphs = (s for s in lay.sections if s.kind == "paragraph")
        found = memo[("place numbers", "")] = _Numbers(
            {id(t): n for n, t in enumerate(lay.tables, 1)},
            {id(p): k for k, p in enumerate(paragraphs, 1)},
            [0] + [m.end() for m in re.finditer("\n", doc.text)],
        )
    return found


def _row_name(doc: Document, pos: int) -> str:
    row = doc.layout.section_at("row", pos)
    return "" if row is None else _usable(row.title)


def _row_label(table: Table, pos: int) -> str:
    row = table.row_at(pos)
    return "" if row is None else _usable(row.label)


def _usable(name: str) -> str:
    """A row's name on one line (the resolver joins a name's comma-separated pieces back
    where together they name a place, so a name holding a comma is tried as it is)."""
    return " ".join(name.split())
