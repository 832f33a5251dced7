"""A source document snapshot and what is read from it once.

``Document.from_text(doc_id, text, ...)`` normalises the text, hashes the original, and
on first use reads its layout, its figures and their index. Those are cached by
(sha256, scale, media type, number convention), so the same snapshot is never read twice
in a process.

A document's ``numbers`` is the convention its figures are written in: "point" (1,234.56)
or "comma" (1.234,56, as European filers write). ``from_text(..., numbers="auto")``, the
default, reads it off the text (``figures.detect_numbers``: unambiguous figures only; mixed
or no evidence is "point"). In a "comma" document ``text`` has each number's separators
swapped, one character for one ("1.234,5 Mio. €" is "1,234.5 Mio. €"), so every reading
of it (grammar, layout, index, quotes) is the one point-convention reading.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from bisect import bisect_left
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from tieout.documents.index import FigureIndex
from tieout.documents.readers import read_bytes, read_source
from tieout.documents.reading import StatedFigure, locator_of, stated_figures
from tieout.errors import InputError, UnitNotRecognised
from tieout.figures.conventions import NUMBER_CONVENTIONS, resolve_numbers
from tieout.figures.figure import Figure
from tieout.figures.layout import Layout, read_layout
from tieout.figures.normalization import normalize
from tieout.figures.reader import extract
from tieout.periods import (
    FiscalCalendar,
    Period,
    anchor_fiscal,
    declared_calendar,
    declared_fiscal_start,
    find_periods,
    listed_period,
    parse_dated_period,
    period_calendar,
    period_chains,
    relative_period,
)
from tieout.schemas.limits import date_problem
from tieout.units import currency_scale

__all__ = ["Document", "ReadSnapshot", "numbers_of"]

_CACHE_SIZE = 512


@dataclass(frozen=True, slots=True)
class ReadSnapshot:
    """What is read from a snapshot once: layout, figures, index."""

    layout: Layout
    figures: tuple[Figure, ...]
    index: FigureIndex
    # keyed by the figure's start, the default year and the document's own period
    stated: dict[tuple[int, int | None, object], Period | None] = field(default_factory=dict)
    memo: dict[tuple[str, str], object] = field(default_factory=dict)  # per-snapshot answers


_READ_CACHE: OrderedDict[tuple[str, str | None, str, str], ReadSnapshot] = OrderedDict()


def _scale_parts(scale: str | None) -> tuple[Decimal | None, str | None]:
    """'USD_thousands' -> (1000, 'USD'); 'USD' -> (None, 'USD'); None -> (None, None).
    Read as a claim's unit is ('INR_crores', 'KRW_trillions', 'EUR bn', 'US$ thousands')."""
    if not scale:
        return None, None
    parts = currency_scale(scale)
    if parts is None:
        raise UnitNotRecognised(
            scale, ["USD_thousands", "USD_millions", "USD_billions", "EUR_thousands", "…"]
        )
    code, factor = parts
    return factor, code


def numbers_of(numbers: str | None, text: str, option: str = "--numbers") -> str:
    """The convention a document's figures are read by: ``numbers`` ("auto", "point" or
    "comma"; None is "auto") settled for ``text``. A bad value is an InputError naming
    ``option`` and the choices."""
    choice = "auto" if numbers is None else numbers.strip().lower()
    if choice not in NUMBER_CONVENTIONS:
        raise InputError(
            f"{option} {numbers!r} is not one of auto, point, comma "
            "(point: 1,234.56; comma: 1.234,56; auto: read it off the document)"
        )
    return resolve_numbers(choice, text)


@dataclass(frozen=True)
class Document:
    """One snapshot of a source document. ``text`` is the normalised text spans point into."""

    doc_id: str
    text: str
    sha256: str
    media_type: str = "text"
    period: Period | None = None
    published: date | None = None
    scale: str | None = None
    source_name: str | None = None
    ingested_at: datetime | None = None
    numbers: str = "point"  # the convention its figures were written in: 'point' | 'comma'
    _read: list[ReadSnapshot] = field(default_factory=list, repr=False, compare=False)
    _stated: list[tuple[StatedFigure, ...]] = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def from_file(
        cls,
        path: str | Path,
        *,
        doc_id: str | None = None,
        scale: str | None = None,
        period_start: date | str | None = None,
        period_end: date | str | None = None,
        published: date | str | None = None,
        numbers: str | None = "auto",
    ) -> Document:
        """Read a source file (.txt, .md, .csv, .tsv, .html, .xlsx, .pdf) as ``docs add``
        does; ``doc_id`` defaults to the file's name. A file tieout cannot read raises
        DocumentFormatError with the reason and the fix."""
        text, media = read_source(path)
        name = Path(path).name
        return cls._from_source(
            name, text, media, doc_id, scale, (period_start, period_end), published, numbers
        )

    @classmethod
    def from_bytes(
        cls,
        data: bytes,
        name: str,
        *,
        doc_id: str | None = None,
        scale: str | None = None,
        period_start: date | str | None = None,
        period_end: date | str | None = None,
        published: date | str | None = None,
        numbers: str | None = "auto",
    ) -> Document:
        """Read a file's bytes by the format its ``name`` ends in (as :meth:`from_file`);
        ``doc_id`` defaults to ``name``."""
        text, media = read_bytes(data, name)
        return cls._from_source(
            name, text, media, doc_id, scale, (period_start, period_end), published, numbers
        )

    @classmethod
    def _from_source(
        cls,
        name: str,
        text: str,
        media: str,
        doc_id: str | None,
        scale: str | None,
        period: tuple[date | str | None, date | str | None],
        published: date | str | None,
        numbers: str | None,
    ) -> Document:
        """A document of a file's text, as :meth:`from_file` and :meth:`from_bytes` read it."""
        return cls.from_text(
            doc_id if doc_id is not None else name,
            text,
            period_start=period[0],
            period_end=period[1],
            published=published,
            scale=scale,
            media_type=media,
            source_name=name,
            numbers=numbers,
        )

    @classmethod
    def from_text(
        cls,
        doc_id: str,
        text: str,
        *,
        period_start: date | str | None = None,
        period_end: date | str | None = None,
        published: date | str | None = None,
        scale: str | None = None,
        media_type: str = "text",
        source_name: str | None = None,
        ingested_at: datetime | None = None,
        sha256: str | None = None,
        numbers: str | None = "auto",
    ) -> Document:
        """Build a document from its text; dates may be ``date`` or ISO strings.

        ``numbers``: "point" (1,234.56), "comma" (1.234,56) or "auto" (read off the text)."""
        for name, given in (("doc_id", doc_id), ("text", text)):
            if not isinstance(given, str):
                raise InputError(
                    f"Document.from_text: {name} must be a str, got {type(given).__name__}; "
                    "read a file with Document.from_file(path)"
                )
        if not doc_id or not doc_id.strip():
            raise InputError("a document needs a non-empty id (--id)")
        hidden = next((c for c in doc_id if unicodedata.category(c) in ("Cc", "Cf")), None)
        if hidden is not None:  # "msa\u202e" shows as "msa": one document posing as another
            raise InputError(
                f"document id {doc_id.strip()!r} holds an invisible or control character "
                f"(U+{ord(hidden):04X}); remove it: claims cite the id as it is written"
            )
        if media_type not in ("text", "markdown", "csv"):
            raise InputError(f"media type {media_type!r} is not one of text, markdown, csv")
        _scale_parts(scale)  # refuse a bad scale now, not when the index is built
        convention = numbers_of(numbers, text)
        period = None
        if period_start is not None or period_end is not None:
            start = _as_date(period_start or period_end, "period_start", period_start is None)
            end = _as_date(period_end or period_start, "period_end", period_end is None)
            if start > end:
                raise InputError(
                    f"document {doc_id}: period_start {start} is after period_end {end}"
                )
            period = Period.from_dates(start, end)
        digest = sha256 or hashlib.sha256(text.encode("utf-8")).hexdigest()
        return cls(
            doc_id=doc_id.strip(),
            text=normalize(text, convention),
            sha256=digest,
            media_type=media_type,
            period=period,
            published=_as_date(published, "published") if published is not None else None,
            scale=scale,
            source_name=source_name,
            ingested_at=ingested_at,
            numbers=convention,
        )

    # ------------------------------------------------------------------ read once

    def read(self) -> ReadSnapshot:
        if self._read:
            return self._read[0]
        key = (self.sha256, self.scale, self.media_type, self.numbers)
        snap = _READ_CACHE.get(key)
        if snap is None:
            default_scale, default_currency = _scale_parts(self.scale)
            layout = read_layout(self.text, csv=self.media_type == "csv")
            figs = tuple(
                extract(
                    self.text,
                    layout=layout,
                    default_scale=default_scale,
                    default_currency=default_currency,
                )
            )
            snap = ReadSnapshot(layout, figs, FigureIndex.build(figs))
            _READ_CACHE[key] = snap
            if len(_READ_CACHE) > _CACHE_SIZE:
                _READ_CACHE.popitem(last=False)
        else:
            _READ_CACHE.move_to_end(key)
        self._read.append(snap)
        return snap

    @property
    def layout(self) -> Layout:
        return self.read().layout

    @property
    def figures(self) -> tuple[StatedFigure, ...]:
        """Every figure in the text, with the value, unit and period the document gives
        it (the grammar's readings, as written, are ``read().figures``)."""
        if not self._stated:
            self._stated.append(stated_figures(self))
        return self._stated[0]

    def place_of(self, span: tuple[int, int]) -> str | None:
        """A locator for the place of ``span`` ("table 2, row: Net sales", "section:
        Liquidity, paragraph 3", "line 14") that a claim can cite: ``check_claims``
        resolves it back to a region holding ``span``."""
        return locator_of(self, span)

    @property
    def index(self) -> FigureIndex:
        return self.read().index

    # ------------------------------------------------------------------ places

    def sentence_at(self, pos: int) -> tuple[int, int]:
        """The sentence (or table row / line) holding ``pos``."""
        text = self.text
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line_end = len(text) if line_end < 0 else line_end
        start = line_start
        for mark in (". ", "; ", "? ", "! "):
            k = text.rfind(mark, line_start, pos)
            if k >= 0 and k + 2 > start:
                start = k + 2
        end = line_end
        for mark in (". ", "; ", "? ", "! "):
            k = text.find(mark, pos, line_end)
            if 0 <= k < end:
                end = k + 1
        return start, end

    def fiscal_start(self) -> int | None:
        """The month the fiscal year this document declares starts in ("Fiscal year ends
        January 31.": 2), or None (read once per snapshot)."""
        memo = self.read().memo
        key = ("fiscal", "start")
        if key not in memo:
            memo[key] = declared_fiscal_start(self.text)
        found = memo[key]
        return found if isinstance(found, int) else None

    def fiscal_calendar(self) -> FiscalCalendar | None:
        """The days this document's fiscal years end on, where it declares them ("for the
        fiscal year ended November 29, 2024", "Years Ended December 1, 2023") and they are
        not December 31, or else where its own period is whole fiscal years
        (``period_calendar``; read once per snapshot)."""
        memo = self.read().memo
        key = ("fiscal", "calendar")
        if key not in memo:
            headed = (p for t in self.layout.tables for p in t.periods if p is not None)
            memo[key] = declared_calendar(self.text, headed) or (
                period_calendar(self.period) if self.period is not None else None
            )
        found = memo[key]
        return found if isinstance(found, FiscalCalendar) else None

    def stated_period(self, fig: Figure | StatedFigure) -> Period | None:
        """The period the document states for a figure: its table column, or its sentence.
        A fiscal period named without its months ("Q3 FY26") is read on the fiscal year the
        document declares ("Fiscal year ends January 31."), if it declares one; a year
        named by its number ("2024", "Fiscal 2024") on the days its fiscal years end, where
        it declares them (``fiscal_calendar``). (Of a figure from ``figures``, the
        grammar's reading is taken: a figure read in another snapshot of the same text gets
        this document's period.)"""
        if isinstance(fig, StatedFigure):
            fig = fig.figure
        found = self._period_read(fig)
        calendar = self.fiscal_calendar() if found is not None else None
        return found if calendar is None or found is None else calendar.anchor(found)

    def _period_read(self, fig: Figure) -> Period | None:
        if fig.period is not None:
            start_month = self.fiscal_start()
            return fig.period if start_month is None else anchor_fiscal(fig.period, start_month)
        year = (
            self.period.end.year
            if self.period
            else (self.published.year if self.published else None)
        )
        cache = self.read().stated
        own = (self.period.start, self.period.end) if self.period else None
        key = (fig.span[0], year, own)  # "last quarter" is the quarter before the document's
        if key not in cache:
            cache[key] = self._stated_period(fig, year)
        return cache[key]

    def _stated_period(self, fig: Figure, year: int | None) -> Period | None:
        start, end = self.sentence_at(fig.span[0])
        if fig.where is not None:  # a table's cell: its own words, not its row's other cells
            bar = self.text.rfind("|", start, fig.span[0])
            start = start if bar < 0 else bar + 1
            bar = self.text.find("|", fig.span[1], end)
            end = end if bar < 0 else bar
        prior = relative_period(self.text[fig.span[1] : end], self.period)
        if prior is not None:  # "up from $764 million last quarter"
            return prior
        sentence = self.text[start:end]
        found = [
            (span, p)
            for span, p in find_periods(sentence, default_year=year)
            if _NOT_ITS_PERIOD.search(sentence, 0, span[0]) is None
        ]
        if not found:
            return None
        rel = fig.span[0] - start
        rel_end = fig.span[1] - start
        # in brackets that name its period first: "(Q3 2024: $540 million)"
        opened = sentence.rfind("(", 0, rel)
        if opened >= 0 and ")" not in sentence[opened:rel]:
            inside = [p for (s, _e), p in found if opened < s < rel]
            if inside:
                return inside[-1]
        # one of a list of figures dated by a list of as many periods: "$717 million and
        # $656 million as of November 29, 2024 and December 1, 2023"
        listed = self._listed_period(fig, start, sentence, found, year)
        if listed is not None:
            return listed
        for (s, _e), p in found:
            # a period right after the figure is its own, ahead of one named before it:
            # "3.42% in Q3 2026, compared with 3.28% in the second quarter of 2026"
            if s >= rel_end and _PERIOD_RIGHT_AFTER.fullmatch(sentence, rel_end, s):
                return p
        # a period named before the figure, unless another figure owns it ("up 14 bps from
        # 3.28% in the second quarter": that quarter is 3.28%'s); with every one owned, the
        # sentence's first period is the figure's ("down 21 bps" in a Q3 release)
        others = [
            g.span[1] - start
            for g in self.figures_between(start, fig.span[0])
            if g.kind != "section" and g.span[1] <= fig.span[0]
        ]
        before = [
            p
            for (s, _e), p in found
            if s < rel
            and not any(g <= s and _PERIOD_RIGHT_AFTER.fullmatch(sentence, g, s) for g in others)
        ]
        if before:
            return before[-1]
        if found[0][0][0] < rel:
            return found[0][1]
        # a period after the figure belongs to it only if no other figure stands between
        # ("90 people, up from 78 at June 30": June 30 is 78's, not 90's)
        (first_start, _e), first = found[0]
        between = [
            f for f in self.figures_between(fig.span[1], start + first_start) if f.kind != "section"
        ]
        return None if between else first

    def _listed_period(
        self,
        fig: Figure,
        start: int,
        sentence: str,
        found: list[tuple[tuple[int, int], Period]],
        year: int | None,
    ) -> Period | None:
        """The period of ``fig`` where it is one of a list of figures that a list of as many
        periods in its sentence dates in order (``listed_period``)."""
        chains = period_chains(sentence, found, default_year=year)
        if not chains:
            return None
        dated = [span for c in chains for span, _p in c] + [span for span, _p in found]
        spans = [
            (g.span[0] - start, g.span[1] - start)
            for g in self.figures_between(start, start + len(sentence))
            if g.kind != "section" and not any(a <= g.span[0] - start < b for a, b in dated)
        ]
        own = (fig.span[0] - start, fig.span[1] - start)
        return listed_period(sentence, spans, spans.index(own), chains) if own in spans else None

    def figures_between(self, start: int, end: int) -> list[Figure]:
        """Figures whose span starts in [start, end)."""
        figs = self.read().figures
        starts = self._figure_starts()
        return list(figs[bisect_left(starts, start) : bisect_left(starts, end)])

    def _figure_starts(self) -> list[int]:
        memo = self.read().memo
        starts = memo.get(("starts", ""))
        if not isinstance(starts, list):
            starts = memo[("starts", "")] = [f.span[0] for f in self.read().figures]
        return starts

    def snippet(self, span: tuple[int, int], width: int = 60) -> str:
        """The sentence around a span, trimmed to about ``width`` characters each side."""
        s, e = self.sentence_at(span[0])
        text = self.text
        if span[0] - width > s:  # trimmed: start at a word, never inside one
            s = span[0] - width
            while s < span[0] and not text[s - 1].isspace():
                s += 1
        if span[1] + width < max(e, span[1]):  # and end at one
            e = span[1] + width
            while e > span[1] and not text[e].isspace():
                e -= 1
        e = max(e, span[1])
        return " ".join(text[s:e].split())


# a date that names when something falls due, ends or starts, not the period a figure
# is for: "notes due February 1, 2027", "which expire in fiscal 2038", "matures in
# March 2028", "by 2030"
_NOT_ITS_PERIOD = re.compile(
    r"(?i)\b(?:due|expir(?:e|es|ed|ing)|matur(?:e|es|ed|ing|ity)|by|"
    r"(?:beginning|starting|commencing)|renew(?:s|ed|ing)?)(?:\s+(?:in|on|at|from))?"
    r"(?:\s+(?:the\s+)?(?:fiscal|fy|calendar))?\s*$"
)

# what may stand between a figure and the period that is its own ("3.28% in the second
# quarter of 2026", "$1.4M at July 31", "$610k for Q2")
# and a bracket after the figure, or the end of the one it stands in: a convenience
# translation ("RMB9,607.3 million (US$1,349.7 million) in 2026")
_PERIOD_RIGHT_AFTER = re.compile(
    r"\)?\s*(?:\([^()\n]{1,80}\)\s*)?,?\s*"
    r"(?:(?:in|for|during|at|as\s+of|as\s+at|on|through|over)\s+)?(?:the\s+)?",
    re.IGNORECASE,
)


def _as_date(value: date | str | None, name: str, other: bool = False) -> date:
    """``value`` read as a date; ``other``: it was given as the other end of the period."""
    day = _read_date(value, name)
    problem = date_problem(day)
    if problem is not None:  # 9999-12-31 has no day after it
        given = {"period_start": "period_end", "period_end": "period_start"}.get(name, name)
        raise InputError(f"{given if other else name}: {problem}")
    return day


def _read_date(value: date | str | None, name: str) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            period = parse_dated_period(value, fix=f"give {name} as a date (2026-07-31)")
            return period.end if name != "period_start" else period.start
    raise InputError(f"{name}: expected a date such as 2026-07-31, got {value!r}")
