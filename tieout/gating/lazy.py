"""A source read on demand: cheap to open, exact where it answers.

Indexing a whole source with the full grammar costs about a second a megabyte; a gate
call that checks a thousand figures needs to look at a few hundred places. So a text
source is first read with one C-level pass that lists its digit runs by canonical digits
(``figures.number_places``). A draft figure's possible spellings (its digits, in basis
points, or divided by a table's scale) point at the places it may stand, and only the
grammar's reading of such a place can say "found":

* the figures around a place are read with the full grammar from the nearest clean cut
  before it to the nearest after it (``figures.clean_cut``: no match, range or prefix
  spans one), which gives exactly the figures a reading of the whole text gives there;
* their context comes from nowhere when their line is prose that no table and no scale
  note governs; otherwise from the layout of their block (the paragraph, or a table with
  every line above it up to a line of prose longer than 90 characters, past which the
  layout reads no caption and continues no note);
* a figure no digit run can be is looked for among the figures spelled out in words,
  unless the words of the source rule that out (``_may_be_spelled``).

Where a block is too large or no clean cut is near, the whole source is read (``full()``),
so the answer is always the full reading's answer; tests/gating/test_lazy.py holds the two
readings to the same answers on random sources.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from decimal import Decimal
from itertools import chain, islice

from tieout.documents import Document
from tieout.figures.exact import EXACT
from tieout.figures.figure import Figure
from tieout.figures.forms import cents_hint, fraction_hints
from tieout.figures.hedges import mark_hedged
from tieout.figures.layout import (
    Layout,
    apply_context,
    declared_dollars,
    footnote_line,
    long_caption,
    note_anchor,
    percent_heading,
    percent_rows,
    prose_line,
    reaching_notes,
    read_layout,
    section_numbers,
)
from tieout.figures.places import (
    add_leader_places,
    add_odd_comma_places,
    canonical_digits,
    digit_run_spans,
    number_places,
    scan_window,
    sorted_values,
)
from tieout.figures.reader import extract
from tieout.figures.sections import article_named, is_roman
from tieout.figures.words import WORD_HINT, spelled_figures
from tieout.gating.index import SourceIndex, document_index
from tieout.gating.lazy_hints import (
    CUT_REACH,
    FOOTNOTE,
    PERCENTISH,
    SCALE_PLACES,
    UNIT_HEAD,
    clean_window,
    money_by_word,
    percent_after_word,
    scale_after_number_word,
    spelling_places,
    spellings,
    table_line,
)
from tieout.gating.rounding import all_rounded, first_rounded, rounding_range

__all__ = ["LazySource"]

_UNSEEN = object()  # no answer given yet (None is an answer: not found)
_MAX_FRACTIONS = 2000  # past this many fractions' hints, reading the whole source is cheaper
_TABLE_REACH = 8192  # the largest block worth reading alone is four times this
# a spelled number this large names a scale word ("four million"): without one, the most
# number words can say is 9,999.9… ("ninety-nine hundred ninety-nine point nine")
_BIG = Decimal(10_000)


class _ReadWhole(Exception):
    """A block's reading may depend on a note above it."""


class LazySource:
    """A text source answering ``lookup`` like a :class:`SourceIndex`, reading as little as it can."""

    def __init__(self, text: str, label: str, kind: str = "extraction_source") -> None:
        self.text = text
        self.label = label
        self.kind = kind
        self._places_of = number_places(text)
        add_odd_comma_places(text, self._places_of)  # "EMEA,1180,5.9%": "1180", "5.9"
        add_leader_places(text, self._places_of)  # "Total AV.......31,413,227"
        # a figure written with a fraction ("3 1/2%") has no digit run of its value:
        # its places are read on first use (``_places``)
        self._fractions_read = False
        self._cents = cents_hint(text)  # "45 cents": $0.45 under "45"
        self._full: SourceIndex | None = None
        self._spelled: SourceIndex | None = None
        self._blocks: dict[tuple[int, int], SourceIndex] = {}
        self._read_chars = 0  # characters read block by block so far
        self._answers: dict[tuple[object, ...], Figure | str | None] = {}  # what was asked before
        self._at: dict[int, SourceIndex | None] = {}  # figures read around a digit run
        self._plain: dict[int, bool] = {}  # lines that are prose no table or note governs
        # other_unit's answers
        self._hinted: dict[tuple[str, Decimal, str | None], Figure | None] = {}
        self._layouts: dict[tuple[int, int], Layout] = {}  # blocks' layouts read
        self._block_notes: dict[tuple[int, int], bool] = {}  # blocks a scale note may be in
        self._hints: dict[str, bool] = {}  # what its words allow (see _may_be_spelled)
        self._low: str | None = None
        self._floats: list[float] | None = None  # digit runs' values, for roundings
        self._rounded: dict[tuple[object, ...], Figure | None] = {}  # rounding_of's answers
        self._headed: bool | None = None  # whether a "(%)" or "(bps)" unit heads a row or column
        self._declares: bool | None = None  # whether it declares its dollar for all its amounts
        self._reach: tuple[list[int], bool] | None = None  # ``reaching_notes``, read once
        self._reached = False  # whether one may reach a block read so far

    # ---------------------------------------------------------------- readings

    def full(self) -> SourceIndex:
        """The whole source read with the full grammar (what the cheap path must agree with)."""
        if self._full is None:
            doc = Document.from_text(self.label or "source", self.text, numbers="point")
            self._full = document_index(doc, self.label, self.kind)
        return self._full

    def _words(self) -> SourceIndex:
        """Only the figures the source spells out in words ("five million dollars")."""
        if self._spelled is None:
            idx = SourceIndex(self.label, self.kind)
            if WORD_HINT.search(self.text):  # every spelled figure holds one of its words
                spelled = list(spelled_figures(self.text, digit_run_spans(self.text)))
                for f in mark_hedged(self.text, spelled):
                    idx.add(f)
            self._spelled = idx
        return self._spelled

    def _block(self, pos: int) -> tuple[int, int] | None:
        """The paragraph holding ``pos``; for a table, the table and what stands above it.
        None when the block is too large to be worth reading alone."""
        text = self.text
        reach = 4 * _TABLE_REACH
        a = text.rfind("\n\n", max(0, pos - reach), pos)
        if a < 0 and pos > reach:
            return None
        a = 0 if a < 0 else a + 2
        b = text.find("\n\n", pos, pos + reach)
        if b < 0 and pos + reach < len(text):
            return None
        b = len(text) if b < 0 else b
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line = text[line_start : len(text) if line_end < 0 else line_end]
        # a table's line, or a footnote's under a table (one that opens with a mark)
        tabled = table_line(line) or FOOTNOTE.search(text, a, line_start + len(line)) is not None
        if not tabled and a > 0:
            # a scale note standing alone as the paragraph right above scales this one
            # (layout._note_above): read it with the paragraph
            above = text.rfind("\n\n", max(0, a - reach), a - 2)
            above = 0 if above < 0 else above + 2
            if note_anchor(text, above, a):
                a = above
        if tabled:
            # a table's scale note and caption stand in the lines above it, and so may an
            # earlier table whose note it continues (across any number of short lines):
            # take the lines above up to one of prose longer than 90 characters, past
            # which the layout reads no caption and continues no note (a table's
            # footnotes, which take its note, are read with it: across footnotes too)
            while a > 0:
                above = text.rfind("\n", 0, a - 1) + 1
                line_above = text[above : a - 1]
                if (
                    len(line_above.strip()) > 90
                    and prose_line(line_above)
                    and not footnote_line(line_above)
                ):
                    if long_caption(line_above.strip()):
                        a = above  # a long caption is read with its table, and ends it
                    break
                if b - above > 4 * _TABLE_REACH:
                    return None
                a = above
        if b - a > 4 * _TABLE_REACH:
            return None
        return a, b

    def _read_block(self, a: int, b: int) -> SourceIndex:
        idx = self._blocks.get((a, b))
        if idx is None:
            text = self.text[a:b]
            self._read_chars += b - a
            lay: Layout = read_layout(text)
            self._check_reach(lay, a, alone=True)
            figs = extract(text, layout=lay)
            idx = SourceIndex(self.label, self.kind)
            for f in figs:
                idx.add(f)
            for f in mark_hedged(text, list(spelled_figures(text, figs))):
                idx.add(f)
            for number, where in section_numbers(lay):
                idx.sections.setdefault(number, where)
            self._blocks[(a, b)] = idx
        return idx

    # ---------------------------------------------------------------- answers

    def _whole(self) -> bool:
        """Whether only the whole source can answer: it is read already, or it declares
        the dollar of all its amounts ("All amounts are in Canadian dollars unless
        otherwise noted") or a section title's note (``reaching_notes``), either of which governs
        what stands in any block however far below."""
        if self._full is not None or self._reached:
            return True
        if self._declares is None:
            text = self.text
            dollar = "$" in text or "ollar" in text or "Ps." in text or "esos" in text
            self._declares = (dollar and bool(declared_dollars(text))) or self._reaching()[1]
        return self._declares

    def lookup(self, cls: str, fig: Figure) -> Figure | str | None:
        if self._whole():
            return self.full().lookup(cls, fig)
        key = (
            cls,
            fig.kind,
            fig.unit,
            fig.section,
            fig.value.copy_abs() if fig.value is not None else None,
            fig.multiple,  # "5x" is found only as a multiple, a bare "5" not only so
            fig.multiple and fig.decimal,  # "3.0x" is found as a bare "3.0" too, "3x" not
            fig.per,  # "$2.85/Mcf" is found only as a price per Mcf, or of nothing
            fig.hedged,  # "$800 million" exactly is found where the source is exact
        )
        answer = self._answers.get(key, _UNSEEN)
        if answer is not _UNSEEN:
            return answer  # type: ignore[return-value]
        try:
            answer = self._look(cls, fig)
        except _ReadWhole:
            return self.full().lookup(cls, fig)
        self._answers[key] = answer
        return answer

    def _look(self, cls: str, fig: Figure) -> Figure | str | None:
        if fig.kind == "section" and is_roman(fig.section or ""):  # "Article IX": no digits
            named = article_named(self.text, fig.section or "")
            return None if named is None else f'"{named}"'
        places = spelling_places(self._places(), spellings(fig, self._cents))
        first = next(places, None)
        if first is None:
            # no digit run could be this figure; only a spelled-out one still could
            return self._words().lookup(cls, fig) if self._may_be_spelled(fig) else None
        places = chain((first,), places)
        if fig.kind == "percent":  # a percent stands before "%", "percent", "pct", "bp" …
            text = self.text
            headed = self._unit_headed()
            places = (
                p
                for p in places
                if PERCENTISH.search(text, p, p + 40)
                or (headed and self._on_table_line(p))
                or "+" in text[max(0, p - 2) : p]  # a margin: "S+275", "T+50", "CORRA + 325"
                or text[max(0, p - 5) : p] == "plus "  # "Term SOFR plus 275"
            )
        budget = max(len(self.text) // 4, 4 * _TABLE_REACH)  # past this, reading it all is cheaper
        seen: set[tuple[int, int]] = set()
        # a place that states the figure only as an approximation ("about $800 million") is
        # the answer only when no place states it exactly, as the full reading prefers
        approx: Figure | None = None
        for p in places:
            if self._read_chars <= len(self.text):
                line = self._line(p)
                if line is not None:  # the line alone, its block's layout for context
                    hit = line.lookup(cls, fig)
                    if isinstance(hit, Figure) and hit.hedged and not fig.hedged:
                        approx = approx or hit
                        continue
                    if hit is not None:
                        return hit
                    if fig.kind != "section":
                        continue
                    block = self._block(p)
                    if block is not None:  # a clause heading ("2.2 By Customer.")?
                        heading = self._clauses(*block).get(fig.section or "")
                        if heading is not None:
                            return heading
                        continue
            block = self._block(p)
            if block is None or budget <= 0 or self._read_chars > len(self.text):
                return self.full().lookup(cls, fig)
            if block in seen:
                continue
            seen.add(block)
            if block not in self._blocks:
                budget -= block[1] - block[0]
            hit = self._read_block(*block).lookup(cls, fig)
            if isinstance(hit, Figure) and hit.hedged and not fig.hedged:
                approx = approx or hit
                continue
            if hit is not None:
                return hit
        spelled = self._words().lookup(cls, fig) if self._may_be_spelled(fig) else None
        if approx is not None and (not isinstance(spelled, Figure) or spelled.hedged):
            return approx
        return spelled

    def _unit_headed(self) -> bool:
        """Whether a row label or a column heading of this source may name a percent unit
        ("Gross margin (%)", "Margin (bps chg)", "% Change", "Yield/Rate"): then a table's
        bare cell may be a percent with no "%" after it."""
        if self._headed is None:
            self._headed = (
                UNIT_HEAD.search(self.text) is not None
                or percent_heading(self.text, self._lowered())
                or percent_rows(self.text)  # "Net interest margin 3.41", "Combined ratio 89.9"
            )
        return self._headed

    def _on_table_line(self, pos: int) -> bool:
        text = self.text
        start = text.rfind("\n", 0, pos) + 1
        end = text.find("\n", pos)
        return table_line(text[start : len(text) if end < 0 else end])

    def _places(self) -> dict[str, list[int]]:
        """The digit runs' places by canonical digits, and those of the figures written
        with a fraction by the digits of their value as printed ("3 1/2%" under "3.5",
        "$1/2 million" under "0.5"), each read by the grammar where a fraction's hint is."""
        if not self._fractions_read:
            self._fractions_read = True
            hints = list(islice(fraction_hints(self.text), _MAX_FRACTIONS))
            if len(hints) == _MAX_FRACTIONS:
                self.full()  # a source of fractions: read it all, once
                return self._places_of
            places = self._places_of
            for h in hints:
                idx = self._line(h)
                if idx is None:  # no clean cut near, or a block too large
                    self.full()
                    return self._places_of
                for f in idx.by_key.values():
                    if f.value is None or next(fraction_hints(f.text), None) is None:
                        continue
                    printed = f.value.copy_abs() / f.scale
                    if f.unit == "basis_point":
                        printed *= 100
                    bucket = places.setdefault(canonical_digits(format(printed, "f")), [])
                    if f.span[0] not in bucket:
                        bucket.append(f.span[0])
                        bucket.sort()
        return self._places_of

    # ---------------------------------------------------------------- prose lines

    def _line(self, pos: int) -> SourceIndex | None:
        """The figures around the digit run at ``pos``, read with the grammar from the
        nearest clean cut before it to the nearest after it (so exactly as the whole text
        reads them), given the context of their block's layout unless their line is prose
        that no table and no scale note governs. None when no clean cut is near or the
        block is too large."""
        if pos in self._at:
            return self._at[pos]
        text = self.text
        idx = None
        window = clean_window(self.text, pos)
        if window is not None:
            figs: list[Figure] | None = scan_window(text, *window)
            if figs:
                start = text.rfind("\n", 0, pos) + 1
                plain = self._plain.get(start)
                if plain is None:
                    end = text.find("\n", pos)
                    end = len(text) if end < 0 else end
                    plain = self._plain[start] = prose_line(text[start:end]) and not self._noted(
                        start, end
                    )
                # a window may reach into the lines around: they need their own check
                if not plain or text.find("\n", window[0], window[1] - 1) >= 0:
                    block = self._block(pos)
                    if block is None:
                        figs = None
                    elif any(
                        f.kind == "number" or (f.kind == "currency" and f.per is None) for f in figs
                    ) or self._noted_block(*block):
                        figs = apply_context(self._layout(*block), figs)
                    # else: with no scale note in the block, a table gives a percent or
                    # a section nothing a look-up reads (a bare number takes the currency
                    # its table is in; an amount, the unit its row or column prices it per
                    # and the place a price per anything is confirmed by)
            if figs is not None:
                idx = SourceIndex(self.label, self.kind)
                for f in figs:
                    idx.add(f)
        self._at[pos] = idx
        return idx

    def _clauses(self, a: int, b: int) -> dict[str, str]:
        """The numbered clause headings of the block ``[a, b)``, by number."""
        out: dict[str, str] = {}
        for number, where in section_numbers(self._layout(a, b)):
            out.setdefault(number, where)
        return out

    def _noted_block(self, a: int, b: int) -> bool:
        """Whether a scale note may stand in the block ``[a, b)``."""
        found = self._block_notes.get((a, b))
        if found is None:
            found = self._block_notes[(a, b)] = note_anchor(self.text, a, b)
        return found

    def _layout(self, a: int, b: int) -> Layout:
        """The layout of the block ``[a, b)`` read alone (positions in the whole text)."""
        lay = self._layouts.get((a, b))
        if lay is None:
            self._read_chars += b - a
            lay = read_layout(self.text, start=a, end=b)
            self._check_reach(lay, a)
            self._layouts[(a, b)] = lay
        return lay

    def _reaching(self) -> tuple[list[int], bool]:
        if self._reach is None:
            self._reach = reaching_notes(self.text)
        return self._reach

    def _check_reach(self, lay: Layout, a: int, *, alone: bool = False) -> None:
        """Raise ``_ReadWhole`` where a note above the block (``reaching_notes``) may scale
        a table in it, or the block read ``alone`` holds one: the whole text must decide."""
        unscaled = any(t.note is None and not t.col_notes and not t.row_notes for t in lay.tables)
        ends = self._reaching()[0] if unscaled else []
        if (alone and lay.standing and a > 0) or (ends and ends[0] <= a):
            self._reached = True
            raise _ReadWhole

    def _noted(self, start: int, end: int) -> bool:
        """Whether a scale note may stand in the paragraph of the line ``[start, end)``
        before its end (then the note may scale its figures: read the block instead)."""
        text = self.text
        floor = max(0, start - CUT_REACH)
        para = text.rfind("\n\n", floor, start)  # a paragraph never spans an empty line
        if para < 0:
            if floor > 0:
                return True  # a paragraph this long: let the block reading decide
            para = 0
        # the paragraph above too: a note standing alone there scales this one
        above = text.rfind("\n\n", floor, para) if para > 0 else 0
        if above < 0:
            if floor > 0:
                return True
            above = 0
        # a table's footnote takes the table's note (layout._footnote_note)
        return note_anchor(text, above, end) or FOOTNOTE.search(text, para, end) is not None

    # ---------------------------------------------------------------- spelled figures

    def _may_be_spelled(self, fig: Figure) -> bool:
        """False only when no figure spelled out in words in this source can be ``fig``,
        judged from the words the source holds, so the reading of every spelled figure
        (a pass over the whole text) is skipped. Sections are never spelled; a spelled
        number of 100,000 or more needs "thousand", "million", "billion" or "trillion"
        after a number word; a spelled percent needs "%", "percent", "pct", "bp" … after
        a word."""
        if fig.kind == "section":
            return False
        if fig.value is not None and fig.value.copy_abs() >= _BIG:
            return self._marks("big", scale_after_number_word)
        if fig.kind == "percent":
            return self._marks("percent", percent_after_word)
        return True

    def _marks(self, name: str, test: Callable[..., bool]) -> bool:
        found = self._hints.get(name)
        if found is None:
            low = self._lowered()
            if low is None:
                found = True
            elif test is money_by_word:
                found = test(low, self.text)
            else:
                found = test(low)
            self._hints[name] = found
        return found

    def _lowered(self) -> str | None:
        if self._low is None:
            low = self.text.lower()
            self._low = low if len(low) == len(self.text) else ""
        return self._low or None

    def relabelled(self, label: str) -> LazySource:
        """The same reading under another name (shares what was read so far)."""
        twin = LazySource.__new__(LazySource)
        twin.__dict__.update(self.__dict__)
        twin.label = label
        return twin

    def rounding_of(self, cls: str, fig: Figure) -> Figure | None:
        """The figure this source states that ``fig`` is a rounding of, or None (see
        ``gating/rounding.py``): candidates are the digit runs whose value, under each
        spelling a look-up tries (as printed, in basis points, under a table's scale),
        falls in the figure's rounding range, each confirmed by :meth:`lookup`."""
        if self._whole():
            return self.full().rounding_of(cls, fig)
        span = rounding_range(fig)
        if span is None:
            return None
        asked = (cls, fig.kind, fig.unit, fig.magnitude, fig.precision, fig.multiple)
        if asked in self._rounded:
            return self._rounded[asked]
        try:  # a note above a place may scale it: the whole source decides
            found = first_rounded(self.lookup, cls, fig, self._rounding_values(fig, *span))
        except _ReadWhole:
            return self.full().rounding_of(cls, fig)
        self._rounded[asked] = found
        return found

    def roundings_of(self, cls: str, fig: Figure) -> tuple[Figure, ...]:
        """Every figure (nearest first, at most three) this source states that ``fig`` is
        a rounding of, as :meth:`rounding_of` finds the first."""
        if self._whole():
            return self.full().roundings_of(cls, fig)
        span = rounding_range(fig)
        if span is None:
            return ()
        try:
            return all_rounded(self.lookup, cls, fig, self._rounding_values(fig, *span))
        except _ReadWhole:
            return self.full().roundings_of(cls, fig)

    def _rounding_values(self, fig: Figure, lo: Decimal, hi: Decimal) -> list[Decimal]:
        """The candidate magnitudes a figure rounding into ``[lo, hi)`` may round."""
        floats = self._sorted_values()
        values: list[Decimal] = []
        cents = (-2,) if self._cents else ()
        for places in (0, -2) if fig.kind == "percent" else (0, *SCALE_PLACES, *cents):
            # floats only bracket the candidates (with a margin for their rounding);
            # ``first_rounded`` keeps the values that round exactly
            k_lo, k_hi = float(lo.scaleb(-places, EXACT)), float(hi.scaleb(-places, EXACT))
            k_lo, k_hi = k_lo - abs(k_lo) * 1e-9, k_hi + abs(k_hi) * 1e-9
            for f in floats[bisect_left(floats, k_lo) : bisect_right(floats, k_hi)]:
                values.extend(k.scaleb(places, EXACT) for k in self._keys_of(f))
        if self._may_be_spelled(fig):
            values.extend(self._words().magnitudes(lo, hi))
        return values

    def _sorted_values(self) -> list[float]:
        """The value of every digit run, as floats, sorted and once each (made on first
        use: a reading that finds every figure never needs them)."""
        if self._floats is None:
            self._floats = sorted_values(self._places())
        return self._floats

    def _keys_of(self, f: float) -> list[Decimal]:
        """The exact values of the digit runs whose float is ``f``: the float's shortest
        spelling when it has 15 significant digits or fewer (every such decimal has a
        float of its own), else found among the runs."""
        shown = repr(f)
        mantissa = shown.partition("e")[0].replace(".", "").replace("-", "").lstrip("0")
        if len(mantissa) < 15:
            return [Decimal(shown)]
        return [Decimal(k) for k in self._places() if k.count(".") <= 1 and float(k) == f]

    def other_unit(self, fig: Figure) -> Figure | None:
        """The same magnitude under another unit, for the rejection's hint ("$90" when the
        source says "90%"): read from the first few places those digits stand."""
        if self._whole():
            return self.full().other_unit(fig)
        if fig.value is None or fig.kind == "section":
            return None
        key = (fig.kind, fig.value.copy_abs(), fig.per)
        if key in self._hinted:
            return self._hinted[key]
        try:
            self._hinted[key] = hit = self._other_unit(fig)
        except _ReadWhole:
            return self.full().other_unit(fig)
        return hit

    def _other_unit(self, fig: Figure) -> Figure | None:
        hit = None
        places = islice(spelling_places(self._places(), spellings(fig, self._cents)), 5)
        for p in places:
            idx = self._line(p) if self._read_chars <= len(self.text) else None
            if idx is None:
                block = self._block(p)
                idx = None if block is None else self._read_block(*block)
            hit = None if idx is None else idx.other_unit(fig)
            if hit is not None:
                break
        return hit
