"""A source read on demand: cheap to open, exact where it answers.

Indexing a whole source with the full grammar costs about a second a megabyte; a gate
call that checks a thousand figures needs to look at a few hundred places. So a text
source is first read with one C-level pass that lists its digit runs by canonical digits
(``figures.number_places``). A draft figure's possible spellings point at the places it
may stand; each place's block (its paragraph, or its table with the lines above) is read
with the full grammar and layout, and only that reading can say "found". Where the cheap
pass cannot rule a figure out and no block confirms it, the whole source is read
(``full()``), so the answer is always the full reading's answer.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING

from tieout.figures import (
    EXACT,
    Figure,
    canonical_digits,
    digit_run_spans,
    extract,
    number_places,
)
from tieout.gate.sources import SourceIndex

if TYPE_CHECKING:
    from tieout.layout import Layout

__all__ = ["LazySource"]

_SCALES = tuple(Decimal(10) ** k for k in (0, 3, 6, 9, 12))
_TABLE_LINE = re.compile(r"\||\t|\S  +\S.*\d|\d.*\S  +\S")
_PERCENTISH = re.compile(r"(?i)%|per|pct|bp|basis|pp")
_TABLE_REACH = 8192  # the largest block worth reading alone is four times this
_LINES_ABOVE = 12  # lines above a table that may hold its scale note, caption, an earlier table
_WORD_HINT = re.compile(
    r"(?i)\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozen|half)\b"
)


def _spellings(fig: Figure) -> set[str]:
    """Canonical digit strings a source may have printed ``fig`` with."""
    if fig.kind == "section":
        return {fig.section or ""}
    assert fig.value is not None
    mag = fig.value.copy_abs()
    values = [mag]
    if fig.kind == "percent":
        values.append(EXACT.multiply(mag, Decimal(100)))  # the same rate in basis points
    else:
        values += [EXACT.divide(mag, s) for s in _SCALES[1:]]  # printed under a scale note
    return {canonical_digits(format(v, "f")) for v in values}


class LazySource:
    """A text source answering ``lookup`` like a :class:`SourceIndex`, reading as little as it can."""

    def __init__(self, text: str, label: str, kind: str = "extraction_source") -> None:
        self.text = text
        self.label = label
        self.kind = kind
        self._places_of = number_places(text)
        self._full: SourceIndex | None = None
        self._spelled: SourceIndex | None = None
        self._blocks: dict[tuple[int, int], SourceIndex] = {}
        self._read_chars = 0  # characters read block by block so far
        self._answers: dict[tuple[object, ...], Figure | str | None] = {}  # what was asked before

    # ---------------------------------------------------------------- readings

    def full(self) -> SourceIndex:
        """The whole source read with the full grammar (what the cheap path must agree with)."""
        if self._full is None:
            from tieout.documents import Document
            from tieout.gate.sources import document_index

            doc = Document.from_text(self.label or "source", self.text)
            self._full = document_index(doc, self.label, self.kind)
        return self._full

    def _words(self) -> SourceIndex:
        """Only the figures the source spells out in words ("five million dollars")."""
        if self._spelled is None:
            from tieout.wordnumbers import spelled_figures

            idx = SourceIndex(self.label, self.kind)
            if _WORD_HINT.search(self.text):
                for f in spelled_figures(self.text, digit_run_spans(self.text)):
                    idx.add(f)
            self._spelled = idx
        return self._spelled

    def _block(self, pos: int) -> tuple[int, int] | None:
        """The paragraph holding ``pos``; for a table, the table and what stands above it.
        None when the block is too large to be worth reading alone."""
        text = self.text
        a = text.rfind("\n\n", 0, pos)
        a = 0 if a < 0 else a + 2
        b = text.find("\n\n", pos)
        b = len(text) if b < 0 else b
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line = text[line_start : len(text) if line_end < 0 else line_end]
        if _TABLE_LINE.search(line):
            # a table's scale note and caption stand in the lines above it, and so may an
            # earlier table whose note it continues: take the table and a dozen lines more
            for _ in range(_LINES_ABOVE):
                if a <= 0:
                    break
                a = text.rfind("\n", 0, a - 1) + 1
        if b - a > 4 * _TABLE_REACH:
            return None
        return a, b

    def _read_block(self, a: int, b: int) -> SourceIndex:
        idx = self._blocks.get((a, b))
        if idx is None:
            from tieout.layout import read_layout
            from tieout.wordnumbers import spelled_figures

            text = self.text[a:b]
            self._read_chars += b - a
            lay: Layout = read_layout(text)
            figs = extract(text, layout=lay)
            idx = SourceIndex(self.label, self.kind)
            for f in figs:
                idx.add(f)
            for f in spelled_figures(text, figs):
                idx.add(f)
            for s in lay.sections:
                if s.kind == "clause" and s.number:
                    idx.sections.setdefault(s.number, f'the heading "{s.number} {s.title}"')
            self._blocks[(a, b)] = idx
        return idx

    # ---------------------------------------------------------------- answers

    def lookup(self, cls: str, fig: Figure) -> Figure | str | None:
        if self._full is not None:
            return self._full.lookup(cls, fig)
        key = (
            cls,
            fig.kind,
            fig.unit,
            fig.section,
            fig.value.copy_abs() if fig.value is not None else None,
        )
        if key in self._answers:
            return self._answers[key]
        answer = self._look(cls, fig)
        self._answers[key] = answer
        return answer

    def _look(self, cls: str, fig: Figure) -> Figure | str | None:
        places = sorted({p for s in _spellings(fig) for p in self._places_of.get(s, ())})
        if not places:
            # no digit run could be this figure; only a spelled-out one still could
            return self._words().lookup(cls, fig)
        if fig.kind == "percent":  # a percent stands before "%", "percent", "pct", "bp" …
            places = [p for p in places if _PERCENTISH.search(self.text, p, p + 40)]
        budget = max(len(self.text) // 4, 4 * _TABLE_REACH)  # past this, reading it all is cheaper
        seen: set[tuple[int, int]] = set()
        for p in places:
            block = self._block(p)
            if block is None or budget <= 0 or self._read_chars > len(self.text):
                return self.full().lookup(cls, fig)
            if block in seen:
                continue
            seen.add(block)
            if block not in self._blocks:
                budget -= block[1] - block[0]
            hit = self._read_block(*block).lookup(cls, fig)
            if hit is not None:
                return hit
        return self._words().lookup(cls, fig)

    def relabelled(self, label: str) -> LazySource:
        """The same reading under another name (shares what was read so far)."""
        twin = LazySource.__new__(LazySource)
        twin.__dict__.update(self.__dict__)
        twin.label = label
        return twin

    def other_unit(self, fig: Figure) -> Figure | None:
        """The same magnitude under another unit, for the rejection's hint ("$90" when the
        source says "90%"): read from the first few places those digits stand."""
        if fig.value is None or fig.kind == "section":
            return None
        places = sorted({p for s in _spellings(fig) for p in self._places_of.get(s, ())})[:5]
        for p in places:
            block = self._block(p)
            if block is not None:
                hit = self._read_block(*block).other_unit(fig)
                if hit is not None:
                    return hit
        return None
