"""The structure of a text: headings, paragraphs, numbered clauses and tables.

``read_layout(text)`` reads normalised text (see ``figures.normalize``) once and returns a
:class:`Layout`: the sections locators point at (headings, numbered paragraphs, clauses,
table rows), and the tables with their header rows, column labels, column periods and the
scale note ("(in thousands)", "$ in millions") that governs their cells.

Tables are recognised as Markdown (with or without the ``|---|`` row), pipe- or
tab-separated rows, whitespace-aligned columns as filings print them, and CSV (when the
caller says the text is CSV). ``apply_context`` then gives each figure the scale and
period its place implies. Pure: imports only ``_vocab`` and ``periods``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache
from heapq import merge
from itertools import chain, pairwise
from typing import TYPE_CHECKING

from tieout._vocab import (
    CURRENCY_CODES,
    CURRENCY_NAMES,
    CURRENCY_SYMBOLS,
    NOTE_CURRENCY_MARKS,
    SCALE_NAMES,
    SCALE_WORDS,
)
from tieout.layout.cell_units import (
    CellUnit,
    bracket_quantity,
    heading_per,
    quantity_cell,
    read_unit,
    unit_column,
)

if TYPE_CHECKING:
    from tieout.figures import Figure
    from tieout.periods import Period

__all__ = [
    "Cell",
    "Layout",
    "Row",
    "ScaleNote",
    "Section",
    "Table",
    "apply_context",
    "note_anchor",
    "percent_heading",
    "prose_line",
    "read_layout",
]


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


# --------------------------------------------------------------------------- scale notes

_SCALE = "|".join(SCALE_NAMES)
_SYM = "|".join(re.escape(s) for s in sorted(CURRENCY_SYMBOLS, key=len, reverse=True))
_MARK = r"\$A|RMB|RM|NT\$|Ps\."  # "$A'000", "RMB'000", "(RM'000)", "(NT$ thousands)", "(Ps. millions)"
_NAME = "|".join(
    re.escape(n).replace(r"\ ", r"\s+") for n in sorted(CURRENCY_NAMES, key=len, reverse=True)
)
_CUR = rf"{_NAME}|U\.S\.\s+dollars?|dollars?|euros?|pounds?|rupees?|Rs\.?|{_SYM}|" + "|".join(
    sorted(CURRENCY_CODES)
)
# a currency and a scale side by side in a caption or a table's corner cell, as Korean,
# Chinese, Nordic and German filings print them ("(Unit: KRW billion)", "SEK m", "EUR million",
# "RMB 10 thousand", "(Unit: 10 thousand yuan)", "MSEK", "TEUR", "Mio. EUR")
_UCUR = rf"{_SYM}|RMB|NT\$|Rs\.?|" + "|".join(sorted(CURRENCY_CODES))
_USCALE = r"(?:10|ten)\s+thousands?|(?:100|hundred)\s+millions?|thousands?|millions?|billions?|trillions?|crores?|lakhs?"
_PREFIXED = r"SEK|NOK|DKK|EUR|CHF|USD|GBP|€"
_NOTE = re.compile(
    rf"""
    (?:
        (?:\(\s*)?(?:(?<![A-Za-z])(?P<c1>{_CUR})\s*)?(?:amounts\s+|figures\s+|dollars\s+|expressed\s+)?in\s+
        (?:(?P<c2>{_CUR}|RMB|NT\$)\s+)?(?P<s1>{_SCALE})
        (?:\s+of\s+(?:(?P<c3>{_CUR}|{_MARK})(?![\w$])|(?P<u3>[^\W\d_][\w.'-]*)))?  # "of Ringgit": no currency read
        (?P<x1>[^)\n]{{0,40}}?except\s(?:(?![;,]\s*(?:and\s+)?shares?\s)[^);.\n\d]){{1,100}})?
        (?:[;,]\s*(?:and\s+)?(?:shares?|share\s+(?:data|amounts|counts)|number\s+of\s+shares)
           \s+(?:are\s+)?(?:stated\s+|presented\s+)?in\s+(?P<sh>{_SCALE}))?  # "; shares in thousands"
      | [(\[]\s*(?P<s8>thousands|millions|billions)\s+of\s+           # "(Millions of yen)",
        (?:chained\s+(?:\(\d{{4}}\)\s+|\d{{4}}\s+)?)?(?P<c8>{_CUR})            # "[Billions of dollars,
        (?:\s*,(?!\s*except)\s*[^()\[\]\n]{{1,60}})?\s*[)\]]                  # seasonally adjusted …]"
      | (?:\(\s*(?:in\s+|units?\s*:\s*)?|(?<![\w(])units?\s*:\s*)            # Japanese results:
        (?:(?P<c12>¥|JPY)\s*)?                            # "(Unit: Millions of yen)",
        (?P<s12>(?:hundred|100)\s+millions?|thousands?|millions?|billions?)  # "(¥100 million)",
        (?:\s+of)?(?:\s+(?P<c13>{_CUR}))?                # "(billion yen)", "Unit: million yen"
        (?(c12)|(?(c13)|(?!)))                          # (a currency before or after)
        (?P<x12>\s*,\s*(?:%|except\s[^)\n]{{0,60}}))?     # "(Millions of yen, %)"
        (?:\s*\)|(?=[ \t]*(?:\n|$)))
      | \(\s*(?:in\s+)?(?:(?P<c4>{_CUR}|{_MARK}|R(?=\s))\s*)?(?:in\s+)?       # "($ in 000s)"
        (?P<s2>000,000'?s?|000'?s?|'000s?|mm|mn|m|bn|k|thousands?|millions?|billions?|{_SCALE}
          |(?<=[$€£¥])b|(?<=[$€£¥]\ )b)                  # "(€ thousand)", "($B)"
        (?P<x2>\s*[,;]\s*except\s[^)\n]{{0,80}}?)?         # "($ millions, except per share data)"
        (?:[;,]\s*(?:and\s+)?(?:shares?|share\s+(?:data|amounts|counts)|number\s+of\s+shares)
           \s+(?:are\s+)?(?:stated\s+|presented\s+)?in\s+(?P<sh2>{_SCALE}))?\s*\)
      | \(\s*(?:in\s+)?(?P<s9>T|k)(?P<c9>EUR|USD|CHF|GBP)\s*\)         # "(in TEUR)", "(in kEUR)"
      | (?:\(\s*)?en\s+(?P<s18>milliers|millions|milliards)\s+d(?:e\s+|['’]\s*)  # "en millions
        (?P<c18>{_CUR})(?![\w$])\s*\)?                                 # d'euros"
      | (?<!\w)in\s+(?:(?P<c20>{_UCUR})\s+1['’,]000|1['’,]000\s+(?P<c21>{_UCUR}))(?![\w'’$,.])
                                 # "in CHF 1'000", "in 1'000 CHF" (normalised: "in CHF 1,000")
      | \(\s*(?P<s22>thousands?|millions?|'000)\s+(?:of\s+)?          # "(thousands of MWh)",
        (?!(?:{_CUR})(?![\w$]))(?P<u22>[A-Za-z][\w./²-]*(?:\ [A-Za-z0-9][\w./²-]*){{0,3}})\s*\)  # "('000 tCO2e)"
      | in\s+(?P<c11>{_CUR})\s+(?P<s11>thousand|million|billion)\b      # "in USD thousand"
      | \(?(?P<s4>000'?s)\s+omitted\)?                    # "(000's omitted)"
      | (?P<c5>{_SYM}|{_MARK}|EUR|GBP|USD|AUD|CAD|CHF|NZD|HKD|SGD|JPY|CNY)
        \s?(?P<s5>'000s?)(?![\w'])                                 # "£'000", "HK$'000"
      | (?<![^\s(|])(?P<c14>{_SYM}|EUR|GBP|USD|AUD|CAD|CHF|NZD|HKD|SGD|JPY|CNY)
        \s?(?:in\s+)?(?P<s14>000'?s?)(?![\w'’]|[.,]\d)           # "$000s", "USD 000s", "$ in 000s"
      | (?:(?<![^\n(|\t])|(?<=\ \ )|(?<=\|\ )|(?<=\w,\ ))         # standing alone in a
        (?P<c6>{_SYM})\s?(?P<s6>mn|bn|mil|m|b)                 # cell: "€m", "$bn", "R$ mil",
                                                               # or a label's: "Revenue, $B"
        (?=[)|\t\n]|\ \ |\s*$|\ \|)
      | (?:(?P<p15>\(\s*(?:all\s+)?(?:(?:amounts?|figures)\s+(?:are\s+)?)?   # a currency and a
           (?:(?:expressed|stated|presented|shown)\s+)?(?:in\s+|units?\s*:\s*)?)  # scale, in a
          | (?<![\w(])units?\s*:\s*                             # caption or a corner
          | (?:(?<![^\n|\t])|(?<=\ \ )|(?<=\|\ ))(?:in\s+|(?:belopp|beløp|beløb)\s+i\s+)?)  # cell: "(Unit: KRW
        (?:(?P<c15>{_UCUR})(?(p15)(?:\s*,\s*|\s?)|\s?)(?:(?!1)|(?<=[¥₩])|(?<=[¥₩]\s)|(?<=RMB|CNY|TWD|JPY|KRW|NT\$)|(?<=(?:RMB|CNY|TWD|JPY|KRW|NT\$)\s)|(?(p15)(?<![$€£₹])|(?!)))(?P<s15>{_USCALE}|mn|mm|bn|tn|m|k)(?![\w$€])  # "SEK m",
          | (?:(?!1)|(?(p15)|(?=1\d*\s+\w+\s+(?:RMB|CNY|TWD|JPY|KRW|NT\$|yuan|won|yen|[¥₩])(?![\w$]))))
            (?P<s16>{_USCALE})\s+(?P<c16>{_UCUR}|yuan|won|yen)(?![\w$])     # "DKKm", "billion
          | (?P<s17>M|T|k|Mio\.?\s?|Mrd\.?\s?|Tsd\.?\s?)(?P<c17>{_PREFIXED})(?![\w$])  # KRW", "MSEK",
          | (?P<c19>{_PREFIXED})\s?(?P<s19>(?:Mio|Mrd|Tsd|mia)\.?)(?![\w$€]))  # "CHF Mio.", "DKK mio."
        (?(p15)(?:\s*,\s*%)?(?:\s*,?\s*unless\s+otherwise\s+[a-z]+)?\s*\)  # "TEUR", "Mio. EUR"
          |(?=[)|\t\n]|\ \ |\s*$|\ \|))
    )
    """,
    re.VERBOSE | re.IGNORECASE,
)
_SHORT_SCALE = {
    "000,000": "millions",  # "RPMs (000,000)", as airlines print millions
    "000,000s": "millions",
    "000,000's": "millions",
    "000": "thousands",
    "000s": "thousands",
    "'000": "thousands",
    "'000s": "thousands",
    "000's": "thousands",
    "k": "thousands",
    "t": "thousands",
    "thousand": "thousands",
    "m": "millions",
    "mm": "millions",
    "mn": "millions",
    "mil": "millions",
    "million": "millions",
    "bn": "billions",
    "b": "billions",
    "billion": "billions",
}


def _currency_word(word: str | None) -> str | None:
    if not word:
        return None
    w = word.strip()
    up = w.upper()
    if up in CURRENCY_CODES:
        return up
    if w in CURRENCY_SYMBOLS:
        return CURRENCY_SYMBOLS[w]
    if up in CURRENCY_SYMBOLS:  # "hk$", read without regard to case
        return CURRENCY_SYMBOLS[up]
    if up in NOTE_CURRENCY_MARKS:
        return NOTE_CURRENCY_MARKS[up]
    if up == "R":  # "(R million)": South African rand
        return "ZAR"
    lw = " ".join(w.lower().split())
    if lw in CURRENCY_NAMES:
        return CURRENCY_NAMES[lw]
    if "dollar" in lw:
        return "USD"
    if lw.startswith("euro"):
        return "EUR"
    if lw.startswith("pound"):
        return "GBP"
    if lw.startswith("rupee") or lw in ("rs", "rs."):  # not "RSF", rentable square feet
        return "INR"
    return None


_NOTE_ANCHOR = re.compile(
    r"(?=[TtMmBbKk'0(])(?:[Tt]housands|[Mm]illions|[Bb]illions|THOUSANDS|MILLIONS|BILLIONS"
    r"|(?:[Tt]housand|[Mm]illion|[Bb]illion|THOUSAND|MILLION|BILLION)\s*\)"
    r"|(?<=[A-Z] )(?:[Tt]housand|[Mm]illion|[Bb]illion)\b"  # "in USD thousand"
    r"|(?:[Tt]housand|[Mm]illion|[Bb]illion)\s+(?:yen|JPY)\b"  # "(Unit: million yen)"
    # a currency and a scale side by side: "(Unit: KRW trillion)", "RMB thousands", "HK$
    # million", "billion KRW", "10 thousand yuan", "SEK m", "DKKm", "MSEK", "T€", "Mio. EUR"
    r"|(?<=[A-Z$€£¥₩₹] )(?:[Tt]housands?|[Mm]illions?|[Bb]illions?|[Tt]rillions?)\b"
    r"|(?:[Tt]housand|[Mm]illion|[Bb]illion|[Tt]rillion)s?\s+(?:yen|yuan|won|[A-Z]{3})\b"
    r"|(?<=10 )[Tt]housand|(?<=100 )[Mm]illion"
    r"|(?:(?<=[A-Z]{3})|(?<=[A-Z]{3} ))(?:m|mn|mm|bn|tn|k)(?![\w$€])"
    r"|M(?:SEK|NOK|DKK|EUR|CHF|USD|GBP)\b|T€|k€|(?:Mio|Mrd|Tsd)\.?\s?(?:EUR|€|CHF|USD|GBP|SEK|NOK|DKK)"
    r"|(?<=[A-Z]{3} )(?:mm|mn|m|bn|k)\)"  # "(JPY bn)"
    r"|(?:(?<=[$€£¥])|(?<=[$€£¥] )|(?<=[A-Z]{3} ))000'?s?(?![\w'’])"  # "$000s", "USD 000"
    r"|'?000'?s?\s*\)|\((?:[$€£¥]\s*)?(?:in )?(?:[$€£¥]\s*)?(?:mm|mn|m|bn|k|K)\)|'000|000'?s\s+omitted"
    r"|(?<=[$€£¥] in )000'?s?(?![\w'’])"  # "$ in 000s", "($ in 000s, except percentages)"
    r"|TEUR\b|[Kk]EUR\b|(?<=EUR )k\)"
    r"|(?<=[$€£])(?:[Mm][MmNn]?|[Bb][Nn]|mil)(?![\w$€£])|(?<=[$€£¥])[Bb](?=\s*\)|[ \t]*(?:\n|$|\|)|  )|\(M\)"
    r"|(?<=[$€£] )(?:[Mm][Nn]?|[Bb][Nn]|mil)(?![\w$€£]))"
)


# "(₹ in crore)", "(Rs. in lakhs)": looked for only where "rore" or "akh" stands (a
# look-ahead on "c" and "l" would stop the anchor's scan at every other word)
_INDIAN_ANCHOR = re.compile(r"(?i)(?<![a-z])(?:crores?|lakhs?)\b")


# the anchors of rarer notes, looked for only where their words stand: "(in CHF Mio.)",
# "DKK mio.", "en milliers d'euros", "(thousand metric tons CO2e)", "(in TCHF)", "in CHF
# 1'000" (normalised "1,000")
_FOREIGN_ANCHOR = re.compile(
    r"(?=[MmTt(0])(?:(?:(?<=[A-Z]{3} )|(?<=€ ))(?:Mio|Mrd|Tsd|mio|mia)\b"
    r"|[Mm]illiers\b|[Mm]illiards\b|\([Tt]housand\b|T(?:CHF|USD|GBP)\b"
    r"|(?<=[A-Z]{3} 1[,'’])000(?![\d,.])|(?<=in 1[,'’])000(?= [A-Z]{3}\b))"
)
_FOREIGN_WORDS: tuple[str, ...] = ("Mio", "mio", "mia", "Mrd", "Tsd", "illiers", "illiards")
_FOREIGN_WORDS += ("(thousand", "(Thousand", "TCHF", "TUSD", "TGBP")
# ... and "CHF 1'000", "in 1,000 EUR": "1,000" stands in most drafts, this rarely
_FOREIGN_THOUSAND = re.compile(r"000(?:(?<=[A-Z]{3} 1[,'’]000)|(?<=in 1[,'’]000))")


def _anchors(text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """The anchors of the scale notes in ``text[start:end]``, in order."""
    found = _caption_anchors(text, start, end)
    if (
        any(text.find(w, start, end) >= 0 for w in _FOREIGN_WORDS)
        or _FOREIGN_THOUSAND.search(text, max(0, start - 6), end) is not None
    ):
        found = merge(
            found, _FOREIGN_ANCHOR.finditer(text, start, end), key=lambda a: a.start()
        )
    if not any(text.find(w, start, end) >= 0 for w in ("rore", "RORE", "akh", "AKH")):
        return found
    return iter(
        sorted(
            chain(found, _INDIAN_ANCHOR.finditer(text, start, end)), key=lambda a: a.start()
        )
    )


# a caption naming a currency and a scale with no "in" and no parentheses, standing alone
# on its line or in a cell as bank and insurer releases print them ("USD millions", "$
# millions", "US$ millions", "USD m", "$ thousands", "Millions of dollars", "USD millions,
# except per share data"), or "in" a currency's short scale at a cell's end ("Net revenue,
# in $m"): a scale note for the table under it, as "($ in millions)" is
_CAPTION_CUR = rf"{_SYM}|" + "|".join(sorted(CURRENCY_CODES))
_CAPTION_NOTE = re.compile(
    rf"""
    (?:
        (?:(?<![^\n|\t])[ \t]*|(?<=\ \ )|(?<=,\ ))       # at a line's or a cell's start
        (?:
            (?P<c1>{_CAPTION_CUR})\s?(?P<s1>thousands?|millions?|billions?|mm|mn|m|bn|k)
          | (?P<s2>thousands|millions|billions)\s+of\s+(?P<c2>{_CUR})
        )
        (?P<x>\s*[,;]\s*except\s[^\n|\t]{{0,80}}?)?
      | (?<!\w)in\s+(?P<c3>{_CAPTION_CUR})\s?(?P<s3>mm|mn|m|bn|k)
    )
    [ \t]*(?=\n|$|[|\t]|\ \ )                             # at its end
    """,
    re.VERBOSE | re.IGNORECASE,
)
# the anchors of captions the note anchors miss: "USD m", "EUR bn", "$ million"
_CAPTION_ANCHOR = re.compile(
    r"(?=[MmBbKkTt])(?:(?<=[A-Z]{3} )(?:[Mm][MmNn]?|[Bb][Nn]|[Kk])(?![\w'’])"
    r"|(?<=[$€£¥₹] )(?:[Tt]housand|[Mm]illion|[Bb]illion)\b)"
)


# a superset of where ``_NOTE_ANCHOR`` and ``_CAPTION_ANCHOR`` match, each look-behind
# read as characters: where none of these finds anything, neither anchor does
# (tests/test_layout_anchor_gate.py holds them together). The two anchors try some twenty
# branches at every "t", "m", "b" and "0" of the text; each of these starts with a literal
# or a rare character, which the regex engine finds by a plain string search, and a draft
# or a block of prose mostly has none (``_AFTER_MARK``: "USD thousand", "$ million")
_AFTER_MARK = r"(?<=[A-Z$€£¥₩₹] [Tt]housand)|(?<=[A-Z$€£¥₩₹] [MmBb]illion)|(?<=[A-Z$€£¥₩₹] [Tt]rillion)"
_MAY_ANCHOR = (
    re.compile(rf"housand(?:s|\s*\)|s?\s+(?:yen|yuan|won|JPY|[A-Z]{{3}})|{_AFTER_MARK}|(?<=10 [Tt]housand))"),
    re.compile(rf"illion(?:s|\s*\)|s?\s+(?:yen|yuan|won|JPY|[A-Z]{{3}})|{_AFTER_MARK}|(?<=100 [Mm]illion))"),
    re.compile(r"HOUSAND(?:S|\s*\))"),
    re.compile(r"ILLION(?:S|\s*\))"),
    re.compile(
        r"000(?:'?s?\s*\)|'?s\s+omitted|(?<=[$€£¥]000)|(?<=[$€£¥] 000)|(?<=[A-Z]{3} 000)"
        r"|(?<=in 000)|(?<='000))"
    ),
    re.compile(r"[A-Z]{3} ?[MmBbTtKk][MmNn]?(?!\w)"),
    re.compile(r"M(?:SEK|NOK|DKK|EUR|CHF|USD|GBP|io|rd)"),
    re.compile(r"Tsd"),
    re.compile(r"€(?<=[Tk]€)"),
    re.compile(r"EUR(?<=[TKk]EUR)"),
    re.compile(r"\)(?<=[mnkKM]\))"),
    re.compile(r"[$€£¥] ?[MmBb]"),
)


def _caption_anchors(text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """The anchors of scale notes and of captions in ``text[start:end]``, in order."""
    lo = max(0, start - 8)
    if not any(may.search(text, lo, end) for may in _MAY_ANCHOR):
        return iter(())
    return merge(
        _NOTE_ANCHOR.finditer(text, start, end),
        _CAPTION_ANCHOR.finditer(text, start, end),
        key=lambda a: a.start(),
    )


def _caption_at(text: str, a: re.Match[str], lo: int, end: int) -> ScaleNote | None:
    """The caption note holding the anchor ``a`` (searched from ``lo`` to the end of the
    anchor's line), or None."""
    stop = text.find("\n", a.end(), min(end, a.end() + 160))
    if stop < 0:
        stop = min(end, a.end() + 160)
        if stop < end:
            return None  # a line this long is prose, no caption
    for m in _CAPTION_NOTE.finditer(text, lo, stop):
        if m.start() <= a.start() < m.end():
            short = (m.group("s1") or m.group("s2") or m.group("s3")).lower()
            name = _SHORT_SCALE.get(short, short)
            if name not in SCALE_NAMES:
                return None
            cur = _currency_word(m.group("c1") or m.group("c2") or m.group("c3"))
            words = m.group(0)
            first = m.start() + len(words) - len(words.lstrip())
            last = m.end() - (len(words) - len(words.rstrip()))
            excepts = (m.group("x") or "").lower()
            return ScaleNote(
                (first, last),
                SCALE_NAMES[name],
                cur,
                re.search(r"per[\s-]share", excepts) is not None,
                text[first:last],
                None,
                excepts,
            )
    return None


# every note whose first anchor is a word ("millions", "crore") has "in", "unit" or "("
# before it ("(Millions of yen)", "Dollars in thousands", "(₹ crore)", "Unit: Millions of yen")
_NOTE_LEAD = re.compile(r"[(\[]|[Ii][Nn]|[Uu][Nn][Ii][Tt]|[Ee][Nn]\s")  # "Unit: Millions of yen"
_CUR_LEAD = re.compile(r"(?:[A-Z]{2}|[$€£¥₩₹]|Rs\.?|\d)\s$")
_WORD_ANCHORS = frozenset(
    ["thousands", "millions", "billions", "thousand", "million", "billion", "crore", "crores"]
).union(["lakh", "lakhs", "milliers", "milliards"])


# an anchor that is the unit glued to an amount's end ("1.234,5 Mio. €", "12 345 MSEK",
# "812 TEUR"), no note: a note's scale stands after "in", "(", a currency or a line's or a
# cell's start, never right after a digit. Read before the note regex, which costs a
# millisecond an anchor where a German report writes "Mio. €" after every amount.
_UNIT_ANCHOR = re.compile(
    r"(?:Mio|Mrd|Tsd)\.?\s?|T€|k€|TEUR|[Kk]EUR|M(?:SEK|NOK|DKK|EUR|CHF|USD|GBP)"
)


def _unit_after_amount(text: str, a: re.Match[str], start: int) -> bool:
    """Whether the anchor ``a`` is a unit right after a number, never a note."""
    k = a.start()
    if k > start and text[k - 1] in " \u00a0":
        k -= 1
    return k > start and text[k - 1].isdigit() and _UNIT_ANCHOR.match(a.group(0)) is not None


def _find_notes(text: str, start: int = 0, end: int | None = None) -> list[ScaleNote]:
    """Scale notes, found by their rare anchor words first, then read whole around them
    (in ``text[start:end]``, read as if it were the whole text)."""
    end = len(text) if end is None else end
    notes: list[ScaleNote] = []
    seen_end = -1
    missed: tuple[int, str, int] | None = None  # the last anchor read as no note: end, text, start
    for a in _anchors(text, start, end):
        if a.start() < seen_end or _unit_after_amount(text, a, start):
            continue
        if (
            missed is not None
            and a.group(0)[:3] == missed[1][:3]
            and (a.start() == missed[2] or (a.start() - 1 == missed[0] and text[missed[0]] == " "))
        ):
            # "Mio. € Mio. € …" run on in one line: no note (the same place, anchored
            # twice, as "Mio. €" and as the Swiss "€ Mio", is tried once)
            missed = (max(missed[0], a.end()), a.group(0), a.start())
            continue
        lo = max(start, a.start() - 48)
        found = False
        # "spent millions of dollars": a scale word in a note follows "in" or "(", or a
        # currency ("RMB million", "₹ crore" alone in a corner cell), or stands in a
        # caption of its own ("USD millions")
        if (
            a.group(0).lower() not in _WORD_ANCHORS
            or _NOTE_LEAD.search(text, lo, a.start())
            or _CUR_LEAD.search(text, max(lo, a.start() - 6), a.start())
        ):
            for m in _NOTE.finditer(text, lo, min(end, a.end() + 64)):
                if m.start() <= a.start() < m.end() and m.end() > seen_end:
                    if _zeros_in_prose(text, m, start, end):
                        break  # "The fee was $000 last year.": an amount, no note
                    seen_end = m.end()
                    found = True
                    note = _note(m)
                    if note is not None and note.currency is None and _named_unit(text, m.start()):
                        # "(tokens in thousands)", "(BTC in thousands)": the cells count
                        # what the note names, no money ("(shares in thousands)" alike)
                        note = replace(note, currency="count")
                    if note is not None:
                        notes.append(note)
                    break
        caption = None if found else _caption_at(text, a, lo, end)
        if caption is not None and caption.span[0] >= seen_end:
            seen_end = caption.span[1]
            notes.append(caption)
        missed = None if found or caption is not None else (a.end(), a.group(0), a.start())
    return notes


# what stands before a note written "$000" or "USD 000": "in", "(" or a line's or a cell's start
_ZEROS_LEAD = re.compile(r"(?:\(|\bin|^|[|\t]|  )[ \t]*$", re.IGNORECASE)


def _zeros_in_prose(text: str, m: re.Match[str], start: int, end: int) -> bool:
    """Whether the note ``m`` is "$000" or "USD 000" in the middle of a sentence ("The fee
    was $000 last year."): no note's position (after "in", "(", a line's or a cell's start;
    before ")", a line's or a cell's end), so the figure is an amount a source must state."""
    said = m.group(0).strip()
    if not said.rstrip("s'’) ").endswith("000") or said.startswith("(") or said.endswith(")"):
        return False  # "(€000)", "($000)": in brackets, a note
    before = text[max(start, m.start() - 8) : m.start()]
    if _ZEROS_LEAD.search(before) or m.start() == start:
        return False
    after = text[m.end() : min(end, m.end() + 3)]
    tail = after.lstrip(" ")
    return not (after.startswith("  ") or tail == "" or tail[0] in ")|\t\n")


_NAMED_UNIT = re.compile(r"[(\[]\s*([A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*)?)\s+$")
# words before "in thousands" in a note's bracket that still name money or nothing
_MONEY_LEAD = frozenset({"amounts", "amount", "figures", "dollars", "dollar", "all", "values"})


def _named_unit(text: str, at: int) -> bool:
    """Whether the note read from ``at`` ("in thousands)") stands in a bracket that opens
    with words naming what it counts ("(tokens in thousands)", "(BTC in thousands)",
    "(barrels in thousands)", "[Numbers in thousands]"), not an amount ("(amounts in thousands)", "(USD in
    thousands)", "(dollars in thousands)")."""
    lead = _NAMED_UNIT.search(text, max(0, at - 40), at)
    if lead is None:
        return False
    words = lead.group(1).lower().split()
    if any(w.rstrip(".") in _MONEY_LEAD for w in words):
        return False
    return not any(_currency_word(w) for w in lead.group(1).split())


def note_anchor(text: str, start: int, end: int) -> bool:
    """Whether a scale note may stand in ``text[start:end]`` (its anchor word is there), or
    a statement's declaration of its currency ("(Expressed in Hong Kong dollars)")."""
    return (
        next(_anchors(text, start, end), None) is not None
        or next(_declarations(text, start, end), None) is not None
    )


# the scales of the notes of Japanese results: "(hundred millions of yen)" is 10^8 yen
_JP_SCALES = {
    "thousand": Decimal(1000),
    "million": Decimal(10) ** 6,
    "billion": Decimal(10) ** 9,
    "hundred million": Decimal(10) ** 8,
}


# the scales of a currency-and-scale caption or corner cell ("KRW 100 million", "10
# thousand yuan": the 万元 of Chinese statements; "MSEK", "TEUR", "Mio. EUR")
_UNIT_SCALES = SCALE_WORDS | {
    "t": Decimal(1000),  # "TEUR", "T€": Tausend (after a currency, "T" is a trillion)
    "mia": Decimal(10) ** 9,  # "DKK mia.": the Danish milliard
    "10 thousand": Decimal(10) ** 4,
    "100 million": Decimal(10) ** 8,
}

#: The currency of a note that names one the reader cannot map ("(in thousands of Ringgit)"):
#: ISO 4217's "no currency", so its cells confirm an amount in no currency (None, a note with
#: no currency at all, lets its cells confirm one in any)
UNKNOWN_CURRENCY = "XXX"


def _unit_scale(word: str) -> Decimal:
    name = " ".join(word.lower().replace(".", " ").split())
    name = name.replace("ten ", "10 ").replace("hundred ", "100 ")
    if name.endswith("s") and name[:-1] in _UNIT_SCALES:
        name = name[:-1]
    return _UNIT_SCALES[name]


def _note(m: re.Match[str]) -> ScaleNote | None:
    unit = next((g for g in ("s15", "s16", "s17", "s19") if m.group(g)), None)
    if unit is not None:
        code = m.group("c" + unit[1:])
        code_read = _currency_word(code) or UNKNOWN_CURRENCY
        return ScaleNote(m.span(), _unit_scale(m.group(unit)), code_read, False, m.group(0))
    if m.group("s18"):  # "en millions d'euros"
        french = {"milliers": "thousands", "millions": "millions", "milliards": "billions"}
        cur18 = _currency_word(m.group("c18")) or UNKNOWN_CURRENCY
        scale18 = SCALE_NAMES[french[m.group("s18").lower()]]
        return ScaleNote(m.span(), scale18, cur18, False, m.group(0))
    if m.group("c20") or m.group("c21"):  # "in CHF 1'000"
        cur20 = _currency_word(m.group("c20") or m.group("c21")) or UNKNOWN_CURRENCY
        return ScaleNote(m.span(), SCALE_NAMES["thousands"], cur20, False, m.group(0))
    if m.group("s22"):  # "(thousands of MWh)", "('000 tCO2e)": a quantity, no money
        s22 = m.group("s22").lower()
        scale22 = Decimal(1000) if s22 in ("'000", "thousand", "thousands") else Decimal(10) ** 6
        return ScaleNote(m.span(), scale22, "count", False, m.group(0))
    if m.group("s12"):
        name = " ".join(m.group("s12").lower().split()).rstrip("s")
        scale = _JP_SCALES[name.replace("100 ", "hundred ")]
        cur = _currency_word(m.group("c12") or m.group("c13"))
        excepts = (m.group("x12") or "").lower()
        return ScaleNote(m.span(), scale, cur, "per share" in excepts, m.group(0), None, excepts)
    if m.group("s4") or m.group("s9"):
        name = "thousands"
    elif m.group("s1") or m.group("s8"):
        name = (m.group("s1") or m.group("s8")).lower()
    else:
        groups = ("s2", "s5", "s6", "s11", "s14")
        short = next((m.group(g) for g in groups if m.group(g)), "")
        name = _SHORT_SCALE.get(short.lower(), short.lower())
    if name not in SCALE_NAMES:
        return None
    cur = None
    for g in ("c1", "c2", "c3", "c4", "c5", "c6", "c8", "c9", "c11", "c14"):
        cur = _currency_word(m.group(g))
        if cur is not None:
            break
    named = ("c1", "c2", "c3", "c4", "c5", "c6", "c8", "c9", "c11", "c14", "u3")
    if cur is None and any(m.group(g) for g in named):
        # "(in thousands of Ringgit)", "(Ps. millions)": a currency, but not one read
        cur = UNKNOWN_CURRENCY
    shares = m.group("sh") or m.group("sh2")
    excepts = (m.group("x1") or m.group("x2") or "").lower()
    return ScaleNote(
        m.span(),
        SCALE_NAMES[name],
        cur,
        re.search(r"per[\s-]share", excepts) is not None,
        m.group(0),
        SCALE_NAMES[shares.lower()] if shares else None,
        excepts,
    )


# --------------------------------------------------------------------------- lines

_MD_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_ALIGNED_SPLIT = re.compile(r"\S+(?: \S+)*")
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_CLAUSE = re.compile(
    r"^\s*(?:(?:Section|Clause|Article)\s+)?(\d{1,2}(?:\.\d{1,3}){0,3})\.?\s+([A-Z][^\n]{0,120})"
)
_ITEM = re.compile(r"^\s*(Item\s+\d+[A-Z]?\.?.*)$", re.IGNORECASE)
_SETEXT = re.compile(r"^\s*(=+|-+)\s*$")


@dataclass(slots=True)
class _Line:
    start: int
    end: int  # without the newline
    text: str
    kind: str = "text"  # 'blank' | 'sep' | 'pipe' | 'tab' | 'aligned' | 'csv' | 'text'
    cells: list[tuple[int, int]] = field(default_factory=list)  # absolute spans, stripped
    rule: bool = False  # only rules: "---------   ---------", "=========" under a total


def prose_line(text: str) -> bool:
    """Whether a line of text is certainly prose: not blank and nothing a table row is
    made of (no pipe, no tab, no run of spaces, no dot leader inside it). A line for which
    this is True is never a row of a table that :func:`read_layout` reads (without ``csv``)."""
    inner = text.strip()
    return (
        bool(inner)
        and "|" not in text
        and "\t" not in inner
        and "  " not in inner
        and "...." not in inner  # dot leaders end a row's label
    )


_ASCII_DIGIT = re.compile(r"[0-9]")
# rules ("-----  -----", "====="), and the SGML markup of an old EDGAR text filing's
# tables ("<TABLE>", "<CAPTION>", "<S>   <C>   <C>"): neither rows nor headings
_RULE = re.compile(
    r"^[ \t]*(?:[-=_]{3,}(?:[ \t]+[-=_]{3,})*|(?:</?(?:TABLE|CAPTION|S|C|FN|PAGE)>[ \t]*)+)[ \t]*$",
    re.IGNORECASE,
)


def _has_digit(text: str) -> bool:
    """Any character ``str.isdigit`` takes for a digit (superscripts too)."""
    if text.isascii():
        return _ASCII_DIGIT.search(text) is not None
    return any(ch.isdigit() for ch in text)


def _split_cells(line: _Line, sep: str) -> list[tuple[int, int]]:
    out = []
    text = line.text
    pos = 0
    parts = text.split(sep)
    if sep == "|":
        if parts and not parts[0].strip():
            pos += len(parts[0]) + 1
            parts = parts[1:]
        if parts and not parts[-1].strip():
            parts = parts[:-1]
    for part in parts:
        lead = len(part) - len(part.lstrip())
        stripped = part.strip()
        out.append((line.start + pos + lead, line.start + pos + lead + len(stripped)))
        pos += len(part) + 1
    return out


def _split_csv(line: _Line) -> list[tuple[int, int]]:
    out = []
    text = line.text
    i = 0
    n = len(text)
    while i <= n:
        if i < n and text[i] == '"':
            j = i + 1
            while j < n:
                if text[j] == '"' and (j + 1 >= n or text[j + 1] != '"'):
                    break
                j += 2 if text[j] == '"' else 1
            out.append((line.start + i + 1, line.start + j))
            k = text.find(",", j)
            i = n + 1 if k < 0 else k + 1
        else:
            k = text.find(",", i)
            k = n if k < 0 else k
            seg = text[i:k]
            lead = len(seg) - len(seg.lstrip())
            out.append((line.start + i + lead, line.start + i + len(seg.rstrip())))
            i = k + 1
    return out


def _heading_tail(t: str) -> bool:
    """Whether a line holds one column heading's last words alone, indented far: a date
    ("Oct. 2025"), short, with a digit."""
    inner = t.strip()
    return (
        t.startswith(" " * 24)
        and len(inner) <= 16
        and "  " not in inner
        and _has_digit(inner)
        and column_period(inner) is not None
    )


def _classify(lines: list[_Line], csv: bool) -> None:
    for ln in lines:
        t = ln.text
        if not t.strip():
            ln.kind = "blank"
        elif not csv and _RULE.match(t):
            ln.rule = True  # stays "text": a Markdown rule or a setext underline as before
        elif csv:
            ln.kind, ln.cells = "csv", _split_csv(ln)
        elif "|" in t and _MD_SEP.match(t):
            ln.kind = "sep"
        elif t.count("|") >= 1 and len(cells := _split_cells(ln, "|")) >= 2:
            ln.kind, ln.cells = "pipe", cells
        elif "\t" in t.strip() and len(cells := _split_cells(ln, "\t")) >= 2:
            ln.kind, ln.cells = "tab", [c for c in cells if c[1] > c[0]]
        elif ("  " in t.strip() or "...." in t) and _has_digit(t) and not _numbered_caption(t):
            spans = [(ln.start + m.start(), ln.start + m.end()) for m in _ALIGNED_SPLIT.finditer(t)]
            if "...." in t or ".. " in t:
                spans = _split_leaders(t, ln.start, spans)
            if len(spans) >= 2:
                ln.kind, ln.cells = "aligned", spans
    if not csv:
        for above, ln in pairwise(lines):
            if ln.kind == "text" and above.kind == "aligned" and _heading_tail(ln.text):
                # the last line of a stacked column heading, alone far right under the
                # headings it ends ("12-mos. / ended / Oct. 2025", as BLS prints Table A)
                lead = len(ln.text) - len(ln.text.lstrip())
                ln.kind, ln.cells = "aligned", [(ln.start + lead, ln.start + len(ln.text.rstrip()))]
    if csv:
        return
    # column headings with no digit stand right above a filing's aligned rows
    # ("Three Months Ended      Nine Months Ended" over "September 30," over the years):
    # each heads the columns under it, so they are rows of the table
    below = None  # the next line that is not a rule
    for k in range(len(lines) - 1, -1, -1):
        ln = lines[k]
        if ln.rule:
            continue
        if (
            below is not None
            and ln.kind == "text"
            and below.kind == "aligned"
            and "  " in ln.text.strip()
        ):
            heads = _heading_cells(ln)
            if heads:
                ln.kind, ln.cells = "aligned", heads
        elif (
            below is not None
            and ln.kind == "text"
            and below.kind == "aligned"
            and _lone_heading(lines, k)
        ):
            # one heading or note alone on its line between headings and rows ("U.S.
            # dollars" under "Thousands of", "(in millions, ...)" under "RMB  RMB  US$")
            lead = len(ln.text) - len(ln.text.lstrip())
            ln.kind, ln.cells = "aligned", [(ln.start + lead, ln.start + len(ln.text.rstrip()))]
        below = ln


def _lone_heading(lines: list[_Line], k: int) -> bool:
    """Whether line ``k`` is one short phrase with no digit, indented, right under a line
    of column headings: the wrapped end of a heading or a note between headings and rows."""
    t = lines[k].text
    inner = t.strip()
    if (
        not inner
        or "  " in inner
        or len(inner) > 60
        or _has_digit(inner)
        or len(t) - len(t.lstrip()) < 4
    ):
        return False
    j = k - 1
    while j >= 0 and lines[j].rule:
        j -= 1
    return (
        j >= 0
        and lines[j].kind == "text"
        and "  " in lines[j].text.strip()
        and _heading_cells(lines[j]) is not None
    )


# a caption's item number: "(1) Consolidated Operating Results", "2. Segment Information"
_CAPTION_NO = re.compile(r"[ \t]*(?:\(\d{1,2}\)|\d{1,2}\.|\([a-z]\))[ \t]+[A-Za-z]")


def _numbered_caption(t: str) -> bool:
    """A numbered caption set apart from its note by spaces, with no figure besides its
    number ("(1) Consolidated Operating Results      (Millions of yen)", as Japanese
    results number every table's caption): a line of text above the table, not a row."""
    m = _CAPTION_NO.match(t)
    return m is not None and not _has_digit(t[m.end() :])


# four dots or more ("..." is an ellipsis), or a leader cut to two dots by a long label
# before a figure ("Average hourly earnings, total private.. $35.02")
_LEADER = re.compile(r" *\.{4,}[. ]*|(?<=\w)\.\.(?!\.) +(?=[$(-]?\d)")


def _split_leaders(
    t: str, start: int, spans: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Dot leaders ("Net revenues..........  $ 48,213", as text filings print them) end
    a row's label: the dots belong to no cell, and a figure glued to them is a cell of
    its own; so is each figure between leaders that fill the gaps between columns
    ("$4,213....$3,876....$3,602", "419.......358.......244")."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        while a < b:
            m = _LEADER.search(t, a - start, b - start)
            if m is None:
                out.append((a, b))
                break
            if m.start() > a - start:
                out.append((a, start + m.start()))
            a = start + m.end()
    return out


def _heading_cells(ln: _Line) -> list[tuple[int, int]] | None:
    """The cells of a line of column headings (two or more short phrases apart, with no
    digit and no sentence among them), or None."""
    t = ln.text
    if _has_digit(t):
        return None
    spans = [(ln.start + m.start(), ln.start + m.end()) for m in _ALIGNED_SPLIT.finditer(t)]
    if len(spans) < 2:
        return None
    for k, (a, b) in enumerate(spans):
        cell = t[a - ln.start : b - ln.start]
        long = b - a > 40 and not (k == 0 and _note_cell(cell))
        # an abbreviation ("Inc./Exp.", "Avg.", "Lease Exp.") ends in a dot as no sentence
        # does: a short last word in a heading of a few words
        words = cell.split()
        abbreviation = cell.endswith(".") and len(words) <= 3 and len(words[-1].split("/")[-1]) <= 5
        if long or (cell[-1] in ".!?;" and not abbreviation):
            return None  # (a note may head the label column: "(in thousands, except ...)")
    return spans


def _note_cell(cell: str) -> bool:
    """Whether a cell holds a scale note and nothing else ("($ in millions)", "(in
    thousands, except share and per share data)", "USD millions")."""
    t = cell.strip()
    m = _NOTE.match(t)
    if m is not None and t[m.end() :].strip() in ("", ")"):
        return True
    return _CAPTION_NOTE.fullmatch(t) is not None


def _noted_heading(text: str, cells: list[tuple[int, int]]) -> bool:
    """A table's first line with a scale note in its label cell and words over each value
    column ("($ in millions)  4Q25  4Q24  % Change vs. 4Q24"): its header, whatever its
    headings are (no row of figures has a note for its label and a letter in each cell)."""
    return _note_cell(text[cells[0][0] : cells[0][1]]) and all(
        not _has_value(v) or _LETTER.search(v) is not None
        for v in (text[a:b] for a, b in cells[1:])
    )


_LETTER = re.compile(r"[A-Za-z]")


def _label_row(lines: list[_Line], j: int, family: str) -> bool:
    """A short line with no figures between rows of an aligned or tab table: a row label
    that heads the rows under it ("Revenues:", "Net income per share:")."""
    if family not in ("aligned", "tab") or lines[j].kind != "text":
        return False
    t = lines[j].text.strip()
    if not t or len(t) > 60 or t.endswith(".") or _has_digit(t):
        return False
    k = j + 1
    while k < len(lines) and k <= j + 2 and lines[k].kind == "text":
        k += 1  # "Revenues:" / "  Product sales:" / rows
    return k < len(lines) and lines[k].kind == family


def _merge_symbols(text: str, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """'$' alone in a cell belongs to the amount after it ('$   260,174')."""
    out: list[tuple[int, int]] = []
    for c in cells:
        if (
            out
            and text[out[-1][0] : out[-1][1]] in CURRENCY_SYMBOLS
            and c[1] > c[0]
            and _has_digit(text[c[0] : c[1]])  # a "$" over a "%" heads its own column
        ):
            out[-1] = (out[-1][0], c[1])
        else:
            out.append(c)
    return out


def _join_percent_cells(text: str, cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """'%' alone in a cell after a figure belongs to it ('| 78.4 | % |', '| (2.1 | )% |',
    as converters of HTML tables write the cell a filing prints '%' in): the figure's cell
    reaches over it and keeps its column, so its text ends in '%'."""
    out: list[Cell] = []
    for c in cells:
        last = out[-1].text[-1:] if out else ""
        if c.text in ("%", ")%") and out[-1:] and out[-1].col > 0 and _has_digit(last):
            prev = out[-1]
            out[-1] = Cell((prev.span[0], c.span[1]), text[prev.span[0] : c.span[1]], prev.col)
        else:
            out.append(c)
    return tuple(out)


# --------------------------------------------------------------------------- tables


@lru_cache(maxsize=4096)
def month_day_heading(cell: str) -> bool:
    """"December 31," over a year: a heading cell, not an amount."""
    from tieout.periods import month_day_heading as read

    return read(cell)


@lru_cache(maxsize=4096)
def column_period(header: str, context: str = "") -> Period | None:
    """The period a column header names (cached: filings repeat the same headers)."""
    from tieout.periods import column_period as read

    return read(header, context)


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
    from tieout.periods import Period, dated_heading

    if dated_heading(label) and _COMPARES.search(label) is None:
        return Period.unreadable(label)
    return None


def _headed_period(heads: list[str], context: str) -> Period | None:
    """The period of a column under the heading cells ``heads`` (top down): that of them
    all, or where they do not read as one, that of those that name a date, words that
    name none aside ("Three Months Ended September 30, 2026" over "Average" / "Balance",
    "Statutory (SAP)" over "9M 2026")."""
    found = _column_period(" ".join(heads), context)
    if found is not None and found.granularity != "unread":
        return found
    dated = [h for h in heads if _has_digit(h) or month_day_heading(h) or _year_below(h)]
    if dated and len(dated) < len(heads):
        alone = _column_period(" ".join(dated), context)
        if alone is not None and alone.granularity != "unread":
            return alone
    return found


def _has_value(cell: str) -> bool:
    return _has_digit(cell)


def _header_rows(
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
        if len(cells) == 1 and not _has_value(text[cells[0][0] : cells[0][1]]):
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
        if i == 0 and len(cells) > 1 and _noted_heading(text, cells):
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
            or ((found or i == 0) and all(_QUARTER_ALONE.fullmatch(v.strip()) for v in values))
        ):
            found.add(i)  # ("Q4  Q2  Q3" under "2024  2025  2025", as BEA prints them)
            found.update(lone)
            lone = []
        else:
            break
    if len(found) == len(raw) and not any(
        _NOTE.fullmatch(text[a:b].strip()) for i in found for a, b in raw[i]
    ):
        return set()  # rows of years alone ("2025  2024" over "2023  2022"): data
    # headings with their unit ("2025  2024" over "RMB'000  RMB'000") head rows below them
    # even where none follow (the rows a blank line below, in a block read alone)
    return found


# a quarter alone, under the year heading it belongs to: "Q3", "3Q", "Q3 (P)"
_QUARTER_ALONE = re.compile(r"(?:Q[1-4]|[1-4]Q)(?:\s*\((?:P|R|p|r)\))?")
# a year alone on the line above a table's headings ("2025" over "Q2  Q3")
_SPANNING_YEAR = re.compile(r"((?:19|20)\d\d)")
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


def _noted_restart(text: str, block: list[_Line], ln: _Line, notes: _Notes) -> bool:
    """Whether ``ln`` opens a new table right under the rows of ``block`` (no blank line
    between, as text taken from a PDF prints them): a line of headings that starts with a
    scale note of its own ("(Rs. in lakhs)   2026   2025", "(in EUR thousands)   2026")
    after a row of figures. The first table's note does not govern the second's rows."""
    if not ln.cells or not notes.within(ln.start, ln.cells[0][1]):
        return False
    if not _heading_line(text, ln):
        return False
    return any(not _heading_line(text, b) for b in block if b.cells)


def _heading_line(text: str, ln: _Line) -> bool:
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
        not _has_value(cell)
        or (
            marked is not None
            and cell[marked.start() - 1] in ")%$€£¥"
            and not _has_value(cell[: marked.start()])
        )
        or column_period(cell) is not None
        or month_day_heading(cell)
        or _NOTE.fullmatch(cell.strip()) is not None
        or _year_below(cell)
        or _noted_words(cell)
    )


def _noted_words(cell: str) -> bool:
    """Whether a cell is words with a scale note in brackets, its only digits ("Annualized
    Rent ($000)", "Revenue ($ in 000s)"): a column heading."""
    if "(" not in cell:
        return False
    for m in _NOTE.finditer(cell):
        if m.group().lstrip().startswith("(") and not _has_digit(cell[: m.start()] + cell[m.end() :]):
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
    from tieout.periods import dated_heading

    plain = [_heading(c) for c in cells]
    if all(plain):
        return True
    if all(ok or dated_heading(c) for ok, c in zip(plain, cells, strict=True)) and any(
        column_period(c) is not None for c in cells
    ):
        return True
    if not all(ok or _worded_heading(c) for ok, c in zip(plain, cells, strict=True)):
        return all(
            ok or _worded_heading(c) or _glued_note_year(c) is not None
            for ok, c in zip(plain, cells, strict=True)
        ) and (any(column_period(c) is not None for c in cells) or _glued_year_run(cells))
    return True


def _glued_year_run(cells: list[str]) -> bool:
    """Whether the years of ``cells`` with a footnote's digit glued on ("20251 20242", a
    "2025¹ 2024²" as text extraction prints it) run year by year, as a heading's columns
    do: two at least, each next one a year apart ("20251 19874" are figures)."""
    years = [int(y) for c in cells if (y := _glued_note_year(c)) is not None]
    return len(years) >= 2 and all(abs(a - b) == 1 for a, b in pairwise(years))


# the marks of an amount in a cell: a currency symbol, a percent, a decimal or a group
# separator between digits ("Yield 3.910%", "$ 4,213 million" are figures, not headings)
_AMOUNT_MARKS = re.compile(r"[%$€£¥₩₹]|\d[.,]\d")
_WORD2 = re.compile(r"[A-Za-z]{2,}")
_ANNOTATION = re.compile(r"\(\s*[A-Za-z][A-Za-z .-]*\)")  # "(restated)", "(unaudited)"


def _worded_heading(cell: str) -> bool:
    """Whether a cell with digits is a column heading by its words: a period with its unit
    ("2026 £m", "2025 (restated) £m"), years spanned ("2023-25", "FY 2025-26") or words
    around small numbers ("Fee rate Q3 26", "Less than 1 yr", "1-3 years", "After 5
    years"): no amount's marks (no currency, percent, decimal or group separator), every
    run of digits a year or at most two digits long, and a word beside them, or a year."""
    from tieout.periods import dated_heading, heading_years

    t = cell.strip()
    if _heading_unit(t) is not None:
        return True  # "2026 £m"
    if _AMOUNT_MARKS.search(t) is not None or heading_years(t) is None:
        return False
    words = [
        w for w in _WORD2.findall(_ANNOTATION.sub(" ", t)) if w.lower() not in _SCALE_WORDS_LOW
    ]
    return bool(words) or dated_heading(t)


_SCALE_WORDS_LOW = frozenset(
    ["thousand", "thousands", "million", "millions", "billion", "billions", "mn", "bn", "mm"]
)


def _heading_unit(cell: str) -> tuple[str, ScaleNote] | None:
    """A period heading followed by its unit ("2026 £m", "2025 (restated) £m", "2026
    RMB'000"): the heading without the unit, and the unit read as a scale note."""
    t = cell.strip()
    cut = t.rfind(" ")
    if cut < 0:
        return None
    m = _NOTE.fullmatch(t[cut + 1 :])
    if m is None:
        return None
    head = _ANNOTATION.sub(" ", t[:cut]).strip()
    if not head or column_period(head) is None:
        return None
    n = _note(m)
    return None if n is None else (head, n)


def _bare_currency(cell: str) -> str | None:
    """The currency a heading cell names and nothing else ("RMB", "US$", "€", "USD"), or
    None (a word such as "dollars" is no such cell: "U.S. dollars" under "Thousands of" is
    a part of a note)."""
    t = cell.strip()
    if not t or len(t) > 4 or (t.lower() == t and t.isalpha()):
        return None
    if t in CURRENCY_SYMBOLS or t.upper() in CURRENCY_CODES or t.upper() in NOTE_CURRENCY_MARKS:
        return _currency_word(t)
    return None


def _heading_note(cells: list[str]) -> ScaleNote | None:
    """The scale note in a column's heading cells ("Millions of yen" over "2025",
    "RMB'000" under it, "(in thousands)" under "Personal Income", "2026 £m"), or in its
    wrapped heading lines of words joined ("Thousands of" over "U.S. dollars"), or None."""
    return _heading_note_of(tuple(cells))


@lru_cache(maxsize=4096)
def _heading_note_of(cells: tuple[str, ...]) -> ScaleNote | None:
    """:func:`_heading_note`, remembered: a source's tables repeat their headings ("2026",
    "2025", "(in thousands)"), and a table is read once per block it stands in."""
    worded = " ".join(c for c in cells if not _has_digit(c))
    for head in [*cells, worded]:
        found = _find_notes(head)
        if found:
            return found[0]
        for tok in head.split():
            m = _NOTE.fullmatch(tok)
            if m is not None and (n := _note(m)) is not None:
                return n
    return None


def _worded_beside(head: str, note: str) -> bool:
    """Whether a column's headings hold words besides its note that are no period
    ("Personal Income (in thousands)", not "(in thousands) 2025"): the note is that
    column's own, not the table's."""
    from tieout.periods import dated_heading

    rest = " ".join(head.replace(note, " ").replace(")", " ").replace("(", " ").split())
    if not _WORD2.search(rest):
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
_PCT_CHANGE_END = re.compile(r"(?i)\bpercent(?:age)?\s+changes?\b")


def _words_of(head: str) -> str:
    """A joined heading's words, its dates and figures aside."""
    return " ".join(w for w in _ANNOTATION.sub(" ", head).split() if not _has_digit(w))


def _rate_heading(head: str) -> str | None:
    """What a column whose joined headings end in "yield" or "rate" holds, its period,
    note and marks aside: "percent" ("Book yield", "Interest Rate"), "amount" for a rate
    in money, unscaled ("Total Direct Tax Rate", per $100 of value), "count" for a fee rate
    (basis points or percent, tieout cannot tell: no unit, no scale), or None."""
    words = " ".join(w for w in _ANNOTATION.sub(" ", head).split() if not _has_digit(w))
    m = _RATE_END.search(words)
    if m is None:
        return None
    word = (m.group("word") or "").lower()
    if word in _MONEY_RATES:
        return "amount"
    return "count" if word == "fee" else "percent"


def _glued_note_year(cell: str) -> str | None:
    """The year of a heading "20251": a year with a footnote's digit glued on (a
    superscript "2025¹" as text extraction prints it), or None."""
    t = cell.strip()
    if len(t) == 5 and t.isdigit() and t[:2] in ("19", "20"):
        return t[:4]
    return None


def _heads_over(block: list[_Line], body: _Line) -> bool:
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
        if _has_digit(words[j - 1]):
            return False
        if month_day_heading(" ".join(words[j:])):
            return True
    return False


def _spanning_heads(
    text: str, ln: _Line, cells: list[tuple[int, int]], kind: str, ncols: int
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


_SYMBOL_FIRSTS = frozenset("U$€£")


def _column_extents(
    rows_lines: list[_Line], raw: list[list[tuple[int, int]]], ncols: int
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


def _headed_columns(
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


def _places_in(extents: list[tuple[int, int]], at: list[tuple[int, int]]) -> list[int]:
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


class _Notes:
    """A text's scale notes (in order), found by where they stand or by their words, in
    time that does not grow with the number of notes (a long filing has hundreds)."""

    __slots__ = ("all", "first", "starts")

    def __init__(self, notes: list[ScaleNote]) -> None:
        self.all = notes
        self.starts = [n.span[0] for n in notes]
        self.first: dict[str, ScaleNote] = {}  # each wording's first note, in order
        for n in notes:
            self.first.setdefault(n.text, n)

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


# a heading cell holding words besides its scale note ("Revenue ($M)"), not the note alone
_WORDY = re.compile(r"[A-Za-z0-9]")
# the units a column's heading gives its bare cells without the table's scale ("Change ($)"
# under "(in millions)" is still in millions: a currency in a heading names no scale)
_COLUMN_UNITS = frozenset(["percent", "basis_point", "count", "GBP_pence", "USD_cents"])
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
    r"%(?:\s*[A-Za-z][A-Za-z/.&' -]{0,40})?" + _VERSUS +
    r"|[A-Za-z][A-Za-z/.&' -]{0,30}?\s*%(?:\s*[A-Za-z][A-Za-z/.&' -]{0,40})?" + _VERSUS +
    r"|percent(?:age)?(?:\s+(?:change|chg\.?|growth|increase|of\s+[A-Za-z][A-Za-z/.&' -]{0,40}))?"
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
_CELL_EDGES = "\n|\t,\""


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
    # "Tax Rate" (per $100 of value), "Fee rate" (bps or %): no percent; see _rate_heading
    return None if _rate_heading(cell) in ("amount", "count") else "percent"


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


def _build_table(
    text: str,
    rows_lines: list[_Line],
    sep_at: int | None,
    context: str,
    notes: _Notes,
    group: str = "",
) -> Table:
    """A table of ``rows_lines``; ``group``: the label row that stands right above it
    ("Earnings per share:" after a blank line), whose rows these are."""
    raw = [_merge_symbols(text, ln.cells) for ln in rows_lines]
    kind = rows_lines[0].kind
    ncols = max(len(r) for r in raw)
    headers = _header_rows(text, raw, kind, sep_at)
    rows: list[Row] = []
    # the label row above ("Net income per share:") and its indent (-1: until the next one)
    # (a caption only for a table with no headings of its own: rows that continue a table)
    group, group_indent = ("" if headers else group.rstrip(":")), -1
    open_group = False  # the label row above ends with no colon: a label may wrap from it
    extents = _column_extents(rows_lines, raw, ncols) if kind == "aligned" else None
    for i, (ln, cells) in enumerate(zip(rows_lines, raw, strict=True)):
        k = len(cells)
        first = text[cells[0][0] : cells[0][1]]
        cols: list[int] | None = None  # each cell's column; or, in ``spread``, its columns
        spread: list[list[int]] = []
        if (
            i in headers
            and k < ncols
            and kind in ("pipe", "tab")
            and any(h > i and len(raw[h]) >= ncols - 1 for h in headers)  # the years below
            and (spanned := _spanning_heads(text, ln, cells, kind, ncols)) is not None
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
                spread = _headed_columns(extents, at, [text[a:b] for a, b in cells])
            else:
                cols = _places_in(extents, at)
        elif i in headers:
            cols = list(range(ncols - k, ncols))  # headers sit over the value columns
        elif not _has_value(first):
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
            cell_objs = _join_percent_cells(text, cell_objs)
        label = cell_objs[0].text if cell_objs and cell_objs[0].col == 0 else ""
        indent = cells[0][0] - ln.start
        row_group = ""
        if i not in headers and label:
            if k == 1 and _note_cell(label):
                pass  # "(in millions, ...)" between the headings and the rows: no group
            elif k == 1:  # a label row: the rows indented under it belong to it
                group, group_indent = label.rstrip(":"), indent
                open_group = not label.endswith(":")
            elif (
                kind in ("pipe", "csv")
                and label.endswith(":")
                and not any(c.text for c in cell_objs[1:])
            ):
                # a label row of a Markdown or CSV table ("| Earnings per share: | | |"),
                # where no indent is left: the rows under it belong to it up to the next
                # label row or a total
                group, group_indent = label.rstrip(":"), -1
            elif group and indent <= group_indent:
                group, group_indent = "", -1
            elif group and kind in ("pipe", "csv"):
                row_group = group
                if label.lower().startswith("total"):
                    group = ""  # a total closes its group
            elif group and open_group and _wrapped(group, label):
                # "Core operating income per" over "  diluted share(1)  4.28": one label
                # wrapped onto two lines, not a group and its row
                label, group, group_indent = f"{group} {label}", "", -1
            elif group:
                label = f"{group}: {label}"
        rows.append(Row((ln.start, ln.end), cell_objs, i in headers, label, row_group))
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
                if c.col > 0 and _NOTE.fullmatch(c.text.strip()):
                    continue  # "£'000" scales the column; it names no period
                if c.col > 0 and (cur := _bare_currency(c.text)) is not None:
                    head_currencies.setdefault(c.col, cur)  # "RMB  RMB  US$" under the years
                    labels[c.col] = f"{labels[c.col]} {c.text}".strip()
                    continue  # a currency names no period
                head = c.text
                if c.col > 0 and (unit_head := _heading_unit(head)) is not None:
                    head = unit_head[0]  # "2026 £m": the period 2026, in £ millions
                elif c.col > 0 and (year := _glued_note_year(head)) is not None:
                    head = year  # "20251": 2025 and its footnote 1
                labels[c.col] = f"{labels[c.col]} {head}".strip()
                dated[c.col].append(head)
    span = (rows_lines[0].start, rows_lines[-1].end)
    note: ScaleNote | None = None
    row_notes: dict[int, ScaleNote] = {}
    starts = [r.span[0] for r in rows]
    col_notes: dict[int, ScaleNote] = {}
    for n in notes.within(*span):
        r = rows[bisect_right(starts, n.span[0]) - 1]
        if not r.header and any(c.col > 0 and _has_value(c.text) for c in r.cells):
            row_notes.setdefault(r.span[0], n)  # a row of figures that names its own scale
            continue
        held = [c for c in r.cells if c.span[0] <= n.span[0] < c.span[1]] if r.header else []
        if held and held[0].col > 0 and _WORDY.search(held[0].text.replace(n.text, "")):
            # "Revenue ($M)" heads one column among others: it scales that column only
            for c in held:
                col_notes.setdefault(c.col, n)
        elif note is None:
            note = n
    col_units: dict[int, str] = {}
    col_currencies: dict[int, str] = {}
    # a row of ages under "Development age (months)": the "(months)" counts the headings
    aged = any(
        r.header and len(r.cells) > 2 and all(c.text.isdigit() for c in r.cells if c.col > 0)
        for r in rows
    )
    for r in rows:
        if r.header:
            for c in r.cells:
                unit = _own_unit(c.text) if c.col > 0 else None
                if unit == "count" and aged:
                    continue
                if unit is None and c.col > 0:
                    unit = _unit_heading(c.text.strip())  # "% Change", "Yield/Rate", "QoQ bps"
                if unit in _COLUMN_UNITS and c.col not in col_notes:
                    col_units.setdefault(c.col, unit)  # "Growth (%)", "Margin (bps chg)"
                elif unit is not None and unit != "count" and c.col not in col_notes:
                    col_currencies.setdefault(c.col, unit)  # "Salary ($)", "EPS (yen)"
    # units in the columns' own headings: one column's note among headings of words
    # ("Personal Income" over "(in thousands)") scales that column only; units that differ
    # from column to column ("RMB'000  RMB'000  US$'000", "Millions of yen" and "Thousands
    # of U.S. dollars", "2026 £m") each scale their own columns
    head_notes = {
        j: hn for j in range(1, ncols) if (hn := _heading_note(head_texts[j])) is not None
    }
    if head_notes:
        kinds = {(hn.scale, hn.currency) for hn in head_notes.values()}
        own = {
            j: hn
            for j, hn in head_notes.items()
            if j not in col_units
            and j not in col_currencies
            and (len(kinds) > 1 or _worded_beside(heads[j], hn.text))
        }
        for j, hn in own.items():
            where = head_cells[j].span
            col_notes.setdefault(j, replace(hn, span=(where[0], where[0] + len(hn.text))))
        if note is not None and own and any(hn.text == note.text for hn in own.values()):
            if len(own) < ncols - 1 or len(kinds) > 1:
                note = None  # the note heads its columns, not the table
        elif note is None and not own and len(kinds) == 1:
            j, hn = next(iter(head_notes.items()))  # "2026 £m  2025 £m": the table's unit
            where = head_cells[j].span
            note = replace(hn, span=(where[0], where[0] + len(hn.text)))
    for j in range(1, ncols):
        if j in col_units or j in col_currencies or j in col_notes or not heads[j]:
            continue
        rate = _rate_heading(heads[j])  # "Book yield", "Total Direct" over "Tax Rate"
        if rate is None and _PCT_CHANGE_END.search(_words_of(heads[j])) is not None:
            rate = "percent"  # "Unadjusted percent" over "change" over "Oct. 2024-"
        if rate == "amount":
            where = head_cells[j].span  # dollars per $100 of value: unscaled, in the currency
            col_notes[j] = ScaleNote(where, Decimal(1), None, False, heads[j])
        elif rate is not None:
            col_units[j] = rate
    for j, hn in head_notes.items():  # "Thousands of" over "U.S. dollars" name no period
        dated[j] = [h for h in dated[j] if _has_digit(h) or h.strip() not in hn.text]
    if len(set(head_currencies.values())) > 1 or (
        head_currencies and (note is None or note.currency is None)
    ):
        for j, cur in head_currencies.items():
            if j not in col_notes:
                col_currencies.setdefault(j, cur)  # "RMB  RMB  RMB  US$"
    if note is None:
        note = notes.named_in(context)
    head_context = f"{context} {labels[0]}".strip()
    top = rows_lines[0].start
    end = text.rfind("\n", 0, top)
    while end > 0 and not text[text.rfind("\n", 0, end) + 1 : end].strip():
        end = text.rfind("\n", 0, end)  # back across blank lines
    above = text[text.rfind("\n", 0, max(end, 0)) + 1 : max(end, 0)] if end > 0 else ""
    spanning = _SPANNING_YEAR.fullmatch(above.strip())
    heads_q = [dated[c] for c in range(1, ncols) if dated[c]]
    if (
        spanning is not None
        and heads_q
        and all(len(h) == 1 and _QUARTER_ALONE.fullmatch(h[0].strip()) for h in heads_q)
    ):
        # a year printed alone over its quarters ("2025" over "Q2  Q3", as BEA prints a
        # table's heading): each quarter is of that year
        dated = [[spanning.group(1), *h] if c > 0 and h else h for c, h in enumerate(dated)]
    periods = tuple(
        _headed_period(dated[c], head_context) if c > 0 and dated[c] else None for c in range(ncols)
    )
    dollar = _declared_dollar(context)
    if note is not None and dollar is not None and _bare_dollar(note):
        note = replace(note, currency=dollar)  # "$'000" under "(Expressed in HK dollars)"
    currency = note.currency if note else None
    if currency is None:
        seen: Counter[str] = Counter()
        for r in rows:
            for c in r.cells:
                t = c.text
                if t[:1] in _SYMBOL_FIRSTS:
                    for sym in ("US$", "$", "€", "£"):
                        if t.startswith(sym):
                            seen[dollar or "USD" if sym == "$" else CURRENCY_SYMBOLS[sym]] += 1
        currency = seen.most_common(1)[0][0] if seen else None
    currency_cols = _currency_columns(rows)
    if currency is None:
        # "(in U.S. dollars)", "(Expressed in U.S. dollars)", "(actual dollars)": a
        # caption that names the currency and no scale; its bare cells are in it, unscaled
        currency = _caption_currency(context)
        if currency is not None:  # every column, as the caption says
            currency_cols = frozenset(c.col for r in rows for c in r.cells if c.col > 0)
    if col_notes:
        # a column no note heads is unscaled; it is in the currency its own cells print
        # ("$58,187" atop "Per Capita Personal Income"), if any, not the table's
        for r in rows:
            for c in r.cells:
                if c.col > 0 and c.col not in col_notes and c.text[:1] in _SYMBOL_FIRSTS:
                    mark = next((x for x in ("US$", "$", "€", "£") if c.text.startswith(x)), "")
                    if mark:
                        cur = dollar or "USD" if mark == "$" else CURRENCY_SYMBOLS[mark]
                        col_currencies.setdefault(c.col, cur)
    unit_col = _unit_column(rows, labels)
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
    return Table(
        span,
        tuple(rows),
        tuple(labels),
        periods,
        context,
        note,
        currency,
        row_notes,
        col_notes,
        col_units,
        col_currencies,
        dollar,
        row_units,
        _table_quantity(labels[0] if labels else "", context, note),
        unit_col,
        currency_cols,
    )


def _currency_columns(rows: list[Row]) -> frozenset[int]:
    """The columns of a table whose bare cells may take the currency its cells print: a
    column of figures whose first figure prints the symbol, and a column of terms in words
    ("Suite 900, approximately 7,210 rentable square feet" over "130,687.50"), where no
    row's typesetting says which cells are money."""
    first: dict[int, bool] = {}
    worded: set[int] = set()
    for r in rows:
        if r.header:
            continue
        for c in r.cells:
            if c.col == 0:
                continue
            if _WORDED_CELL.search(c.text):
                worded.add(c.col)
            if c.col not in first and any(ch.isdigit() for ch in c.text):
                t = c.text.lstrip("( ")
                first[c.col] = t[:1] in _SYMBOL_FIRSTS and t.startswith(("US$", "$", "€", "£"))
    return frozenset(j for j, printed in first.items() if printed or j in worded)


_WORDED_CELL = re.compile(r"[A-Za-z]{4,}")


def _unit_column(rows: list[Row], labels: list[str]) -> int | None:
    """The column of a table that names each row's unit ("Unit", "UoM"): headed so, and
    none of its cells a figure alone ("MWh", "tCO2e", "%", "USD millions")."""
    for j in range(1, len(labels)):
        if not unit_column(labels[j]):
            continue
        texts = [c.text for r in rows if not r.header for c in r.cells if c.col == j]
        if texts and not any(_has_digit(t) and read_unit(t) is None for t in texts):
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


# a statement's own currency, declared above it with no scale ("(Expressed in Hong Kong
# dollars)", "(Amounts in Singapore dollars)", "Presented in Australian dollars")
_DECLARED = re.compile(
    rf"\b(?:(?:expressed|presented|stated|reported|denominated|shown)|(?:amounts?|figures)"
    rf"(?:\s+are)?(?:\s+(?:expressed|presented|stated))?)\s+in\s+"
    rf"(?P<cur>{_NAME}|U\.S\.\s+dollars?|{'|'.join(sorted(CURRENCY_CODES))}|{_SYM})"
    r"(?![\w$])(?!\s*(?:thousands?|millions?|billions?|'?000))",
    re.IGNORECASE,
)
# where a declaration may stand: " in " after the end of its first words ("expressed in",
# "amounts are in"), found by the regex engine's literal scan. _DECLARED alone, case-blind
# with a word boundary first, is tried at every position (56 ms a MB)
_ENDINGS = ("ssed", "nted", "ated", "rted", "hown", "unts", "ures", "ount", " are")
_DECLARED_HINTS = tuple(
    re.compile(
        f"{w}(?:"
        + "|".join(f"(?<={e}{w})" for e in (*_ENDINGS, *(x.upper() for x in _ENDINGS)))
        + ")"
    )
    for w in (" in ", " IN ")  # (one wrapped before or after "in" is not looked for)
)


def _declarations(text: str, start: int = 0, end: int | None = None) -> Iterator[re.Match[str]]:
    """``_DECLARED.finditer(text, start, end)``, each match looked for around an " in "."""
    stop = len(text) if end is None else end
    hints = sorted(h.start() for rx in _DECLARED_HINTS for h in rx.finditer(text, start, stop))
    done = start
    for h in hints:
        if h < done:
            continue
        # (a declaration is short: the search never runs on to the end of the text, which
        # made a transcript's every "traded in line" cost the whole rest of it)
        m = _DECLARED.search(text, max(done, h - 40), min(stop, h + 200))
        if m is not None and m.start() <= h:
            done = m.end()
            yield m


# the currencies a bare "$" may stand for in a statement that declares one
_DOLLARS = frozenset(
    [c for s, c in CURRENCY_SYMBOLS.items() if s.endswith("$") and s != "R$"]
    + [c for n, c in CURRENCY_NAMES.items() if "dollar" in n]
)
# a "$" with no letter before it ("$'000", "($ in millions)"; not "US$", "HK$", "$A") or
# "dollars" with no country ("Dollars in thousands"): a dollar the statement names
_BARE_DOLLAR = re.compile(
    r"(?<![A-Za-z$])\$(?!A)|(?<!U\.S\. )(?<!US )(?<!States )\b(?i:dollars?)\b"
)


def _declared_dollar(context: str) -> str | None:
    """The currency a bare "$" stands for under the caption ``context``: the dollar its
    last declaration names ("Expressed in Hong Kong dollars": HKD); none (the unknown
    currency) when it declares one that is no dollar; None when it declares none, or the
    US dollar."""
    if "in" not in context:
        return None
    found = None
    for m in _DECLARED.finditer(context):
        found = _currency_word(m.group("cur"))
    if found is None or found == "USD":
        return None
    return found if found in _DOLLARS else UNKNOWN_CURRENCY


# a caption in brackets naming a currency alone: "(in U.S. dollars)", "(actual dollars)",
# "(in EUR)"; with a verb, _DECLARED reads it ("(Expressed in U.S. dollars)")
_BRACKET_CURRENCY = re.compile(
    rf"\(\s*(?:in\s+|actual\s+|in\s+actual\s+)(?P<cur>{_CUR})\s*\)", re.IGNORECASE
)


def _caption_currency(context: str) -> str | None:
    """The currency a table's caption ``context`` names with no scale ("(in U.S.
    dollars)", "(Expressed in Hong Kong dollars)", "(actual dollars)"), the last one it
    names, or None."""
    if "(" not in context and "in" not in context:
        return None
    found: tuple[int, str | None] | None = None
    for m in chain(_DECLARED.finditer(context), _BRACKET_CURRENCY.finditer(context)):
        if found is None or m.start() > found[0]:
            found = (m.start(), _currency_word(m.group("cur")))
    if found is None:
        return None
    cur = found[1]
    if cur not in (None, "USD"):
        return cur
    return _declared_dollar(context) or cur


def _bare_dollar(note: ScaleNote) -> bool:
    """Whether a note's currency is the US dollar only by a bare "$" or "dollars"."""
    return note.currency == "USD" and _BARE_DOLLAR.search(note.text) is not None


def _local_dollar(table: Table, f: Figure) -> Figure:
    """A figure written with a bare "$" in a table whose statement declares its dollar
    ("$ 4,321" under "(Expressed in Singapore dollars)"): in that currency."""
    if table.dollar in _PESOS and f.kind == "currency" and f.unit == "peso":
        return replace(f, unit=table.dollar)  # "Ps. 4,321" under "(Millions of Mexican pesos)"
    if table.dollar is None or f.kind != "currency" or f.unit != "USD":
        return f
    if _BARE_DOLLAR.search(f.text) is None or "US" in f.text.upper():
        return f
    return replace(f, unit=table.dollar)


# a table's unit named once, in the caption right above it or in its top-left heading cell,
# as fund factsheets print it: "Performance (%)", "Average annual total returns (%)", "Top
# 10 holdings (% of net assets)", "| Class (%) | 1 Yr | 3 Yr |"
_PCT_CAPTION = re.compile(
    r"[(\[]\s*(?:in\s+)?(?:%|percent(?:age)?(?:\s+changes?)?|per\s?cent)"
    r"(?:\s+(?:of|from)\s+[^()\[\]\n]{1,40})?\s*[)\]]",
    re.IGNORECASE,
)
# (a numbered table's title naming percent changes, "Table 1. Real Gross Domestic Product
# …: Percent Change From Preceding Period", is read with ``_PCT_CHANGE_END`` too)


def _percent_table(table: Table, caption: str, context: Sequence[str] = ()) -> Table:
    """``table`` with its value columns in percents (those no heading gives a unit or a
    currency of its own) when the caption line right above it or its top-left heading
    cell names percents ("(Percent)", "[Percent change from preceding period]"), or a
    numbered title above it names percent changes, and no scale note governs it; else
    ``table`` itself."""
    if table.note is not None or table.col_notes:
        return table
    corner = next((c.text for r in table.rows if r.header for c in r.cells if c.col == 0), "")
    titled = any(
        (_NUMBERED_TABLE.match(line.strip()) is not None and _PCT_CHANGE_END.search(line) is not None)
        or _PCT_CAPTION.fullmatch(line.strip()) is not None  # a line of its own: "[Percent]"
        for line in context
    )
    if _PCT_CAPTION.search(caption) is None and _PCT_CAPTION.search(corner) is None and not titled:
        return table
    units = dict(table.col_units)
    for col in range(1, len(table.columns)):
        if col not in table.col_currencies:
            units.setdefault(col, "percent")
    return replace(table, col_units=units)


# a declaration that governs a whole document, not one statement: "All amounts are in
# Canadian dollars", "Amounts are in Australian dollars unless otherwise stated"
_WHOLE_DOCUMENT = re.compile(r"\ball\b|\bunless\s+otherwise\b", re.IGNORECASE)


def declared_dollars(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, str]]:
    """Where ``text[start:end]`` declares the currency of all its amounts, with what a bare
    "$" stands for from there on: a dollar ("All amounts are in Canadian dollars unless
    otherwise noted": CAD), the unknown currency for one that is no dollar, or "USD"."""
    found = []
    stop = len(text) if end is None else end
    for m in _declarations(text, start, stop):
        first = text.rfind("\n", 0, m.start()) + 1
        last = text.find("\n", m.end(), stop)
        if _WHOLE_DOCUMENT.search(text, first, stop if last < 0 else last) is None:
            continue
        cur = _currency_word(m.group("cur"))
        if cur is not None:
            found.append((m.start(), cur if cur in _DOLLARS else UNKNOWN_CURRENCY))
    noted = _noted_dollars(text, start, stop)
    if noted:
        found = sorted(found + noted)
    return found


# a note on a line of its own naming pesos, which filers write "$" ("(In millions of
# Mexican pesos)", "(MXN millions)"): looked for only where its name or code stands (a
# dollar of another country named by a note governs its table only)
_NOTED_HINTS = ("esos", "ESOS", "MXN")


def _noted_dollars(text: str, start: int, stop: int) -> list[tuple[int, str]]:
    """Where a note standing alone on its line names a peso, with that currency: what a bare "$" stands for from there on in prose, as a
    declaration says (a Mexican report under "(In millions of Mexican pesos)" writes its
    pesos "$")."""
    lines: set[int] = set()
    for hint in _NOTED_HINTS:
        k = text.find(hint, start, stop)
        while k >= 0:
            lines.add(text.rfind("\n", start, k) + 1 if k > start else start)
            nxt = text.find("\n", k, stop)
            k = -1 if nxt < 0 else text.find(hint, nxt, stop)
    found = []
    for first in sorted(lines):
        first = max(first, start)
        last = text.find("\n", first, stop)
        last = stop if last < 0 else last
        line = text[first:last].strip()
        if not line or len(line) > 80 or _has_digit(line):
            continue
        low = line.lower()
        if not any(w in low for w in ("thousand", "million", "billion")):
            continue
        m = _NOTE.fullmatch(line) or _NOTE.fullmatch(line.rstrip(")"))
        note = _note(m) if m is not None else None
        if note is not None and note.currency in _PESOS:
            found.append((first, note.currency))
    return found


def _declare_dollars(lay: Layout, start: int, end: int | None) -> None:
    """Give each table the dollar a bare "$" in it stands for, where its caption declares
    none: the one its note names ("(in millions of Canadian dollars)" over "$8,120"; the
    unknown currency for a note in a currency that is no dollar), else the one the
    document declares above it ("All amounts are in Canadian dollars")."""
    lay.dollars = declared_dollars(lay.text, start, end)
    for k, table in enumerate(lay.tables):
        if table.dollar is not None and _note_says_usd(table):
            # "(in millions of U.S. dollars)" under "All amounts are in Canadian dollars"
            lay.tables[k] = replace(table, dollar=None)
            continue
        dollar = _table_dollar(table, lay.dollars)
        if dollar is not None:
            lay.tables[k] = _with_dollar(table, dollar)


def _table_dollar(table: Table, dollars: list[tuple[int, str]]) -> str | None:
    """What a bare "$" stands for in ``table`` when its caption does not say (see
    ``_declare_dollars``); None: the table's own reading stands."""
    if table.dollar is not None or _DECLARED.search(table.caption):
        return None  # "(Expressed in Hong Kong dollars)", "(Expressed in US dollars)"
    note = table.note
    if note is not None and note.currency not in (None, "USD"):
        return note.currency if note.currency in _DOLLARS else UNKNOWN_CURRENCY
    if _note_says_usd(table):
        return None  # "(in millions of U.S. dollars)"
    above = [cur for pos, cur in dollars if pos < table.span[0]]
    return above[-1] if above and above[-1] != "USD" else None


def _with_dollar(table: Table, dollar: str) -> Table:
    """``table`` with a bare "$" in its note and its cells standing for ``dollar``."""
    note = table.note
    if note is not None and _bare_dollar(note):
        note = replace(note, currency=dollar)
    currency = note.currency if note is not None else None
    if currency is None:
        seen: Counter[str] = Counter()
        for r in table.rows:
            for c in r.cells:
                for sym in ("US$", "$", "€", "£"):
                    if c.text.startswith(sym):
                        seen[dollar if sym == "$" else CURRENCY_SYMBOLS[sym]] += 1
        currency = seen.most_common(1)[0][0] if seen else None
    return replace(table, note=note, currency=currency, dollar=dollar)


def _document_dollar(lay: Layout, f: Figure, default: str | None) -> Figure:
    """A bare "$" figure outside a table: in the dollar the document declares above it,
    else in ``default`` (a dollar not the US's). A table's say what its "$" is."""
    if f.kind == "currency" and f.unit == "peso" and lay.table_at(f.span[0]) is None:
        return _declared_peso(lay, f)
    if f.kind != "currency" or f.unit != "USD" or lay.table_at(f.span[0]) is not None:
        return f
    if _BARE_DOLLAR.search(f.text) is None or "US" in f.text.upper():
        return f
    above = [cur for pos, cur in lay.dollars if pos < f.span[0]]
    dollar = above[-1] if above else default
    return f if dollar in (None, "USD") else replace(f, unit=dollar)


# the pesos a filer writes "$" or "Ps." for
_PESOS = frozenset(["MXN", "CLP", "COP", "ARS"])


def _declared_peso(lay: Layout, f: Figure) -> Figure:
    """A figure in pesos of no named country ("Ps. 12,345.6", "12.5 million pesos"): in
    the peso the document declares above it ("(In millions of Mexican pesos)"), else as
    it stands."""
    above = [cur for pos, cur in lay.dollars if pos < f.span[0]]
    return replace(f, unit=above[-1]) if above and above[-1] in _PESOS else f


def _note_says_usd(table: Table) -> bool:
    """Whether a table's note names the US dollar in words ("in millions of U.S. dollars")."""
    note = table.note
    return note is not None and note.currency == "USD" and not _bare_dollar(note)


def _table_declares(table: Table) -> bool:
    """Whether a table's caption declares a currency or its note names the US dollar."""
    return _DECLARED.search(table.caption) is not None or _note_says_usd(table)


# --------------------------------------------------------------------------- reading


def section_numbers(lay: Layout) -> Iterator[tuple[str, str]]:
    """The numbers a reader cites ``lay``'s sections by ("Section 2.2", "§3"), each with
    where it stands: a numbered clause ("2.2 By Customer.") and a heading that starts with
    a number ("## 3. People", "### 2.1 Targets", "## 4 Customer Data")."""
    for s in lay.sections:
        if s.kind == "clause" and s.number:
            yield s.number, f'the heading "{s.number} {s.title}"'
        elif s.kind == "heading" and s.title[:1].isdigit():
            c = _CLAUSE.match(s.title)
            if c is not None:
                yield c.group(1), f'the heading "{s.title}"'


def read_layout(text: str, *, csv: bool = False, start: int = 0, end: int | None = None) -> Layout:
    """Read the structure of normalised ``text`` (``csv=True``: the whole text is CSV).

    With ``start``/``end``: the structure of ``text[start:end]`` read as if it were the
    whole text, with positions in ``text`` (a block of a long source, read alone)."""
    lines: list[_Line] = []
    pos = start
    for raw in (text[start:end] if start or end is not None else text).split("\n"):
        lines.append(_Line(pos, pos + len(raw), raw))
        pos += len(raw) + 1
    _classify(lines, csv)
    notes = _find_notes(text, start, end)
    lay = Layout(text, notes=notes)
    by_place = _Notes(notes)
    n = len(lines)
    i = 0
    table_kinds = ("pipe", "tab", "aligned", "csv")
    paragraph_start: int | None = None
    heading_stack: list[Section] = []
    para_index: dict[int, int] = {}  # paragraphs so far under each heading (by its start)

    def close_paragraph(end: int) -> None:
        nonlocal paragraph_start
        if paragraph_start is not None and end > paragraph_start:
            lay.paragraphs.append((paragraph_start, end))
            parent = heading_stack[-1].title if heading_stack else ""
            key = heading_stack[-1].span[0] if heading_stack else -1
            para_index[key] = para_index.get(key, 0) + 1
            lay.sections.append(
                Section(
                    "paragraph",
                    parent,
                    (paragraph_start, end),
                    index=para_index[key],
                    parent=parent,
                )
            )
        paragraph_start = None

    def open_heading(sec: Section) -> None:
        while heading_stack and heading_stack[-1].level >= sec.level:
            heading_stack.pop()
        heading_stack.append(sec)
        lay.sections.append(sec)

    while i < n:
        ln = lines[i]
        if ln.kind == "blank":
            close_paragraph(lines[i - 1].end if i else 0)
            i += 1
            continue
        if ln.kind in table_kinds or (
            ln.kind == "sep" and i + 1 < n and lines[i + 1].kind == "pipe"
        ):
            j = i
            family = ln.kind if ln.kind != "sep" else "pipe"
            sep_at: int | None = None
            block: list[_Line] = []
            while True:
                while j < n and (
                    lines[j].kind == family
                    or (family == "pipe" and lines[j].kind == "sep")
                    or _label_row(lines, j, family)
                    or (lines[j].rule and family in ("aligned", "tab"))
                ):
                    if block and _noted_restart(text, block, lines[j], by_place):
                        break  # "(Rs. in lakhs)  2026  2025" right under a table's rows
                    if lines[j].rule:  # a rule under headings or above a total: not a row
                        j += 1
                        continue
                    if lines[j].kind == "text":  # "Revenues:" between rows of a filing's table
                        t = lines[j].text
                        lead = len(t) - len(t.lstrip())
                        lines[j].cells = [
                            (lines[j].start + lead, lines[j].start + len(t.rstrip()))
                        ]
                    if lines[j].kind == "sep":
                        sep_at = len(block) if sep_at is None else sep_at
                    else:
                        block.append(lines[j])
                    j += 1
                # column headings ("2025  2024" over "RMB'000  RMB'000"), a blank line, then
                # the rows they head: one table (as HKEX statements and pdftotext print them)
                k = j
                while k < n and k - j < 2 and lines[k].kind == "blank":
                    k += 1
                if (
                    k == j
                    or k >= n
                    or lines[k].kind != family
                    or family not in ("aligned", "tab")
                    or not all(_heading_line(text, b) for b in block)
                    or _heading_line(text, lines[k])
                    or not _heads_over(block, lines[k])
                ):
                    break
                j = k
            if len(block) >= 2 or (len(block) == 1 and sep_at is not None):
                close_paragraph(lines[i - 1].end if i else 0)
                context_lines = _context_above(lines, i)
                last = context_lines[-1] if context_lines else ""
                group = last if _group_label(last) else ""
                table = _build_table(
                    text, block, sep_at, " ".join(context_lines), by_place, group
                )
                table = _percent_table(table, last, context_lines)
                lay.tables.append(table)
                parent = heading_stack[-1].title if heading_stack else ""
                for r in table.rows:
                    if not r.header and r.label:
                        lay.sections.append(Section("row", r.label, r.span, parent=parent))
                i = j
                continue
        first = ln.text.lstrip()[:1]
        m = _MD_HEADING.match(ln.text) if first == "#" else None
        nxt = lines[i + 1].text.lstrip()[:1] if i + 1 < n else ""
        setext = (
            nxt in ("=", "-")
            and lines[i + 1].kind in ("text", "sep")
            and _SETEXT.match(lines[i + 1].text)
        )
        if m or (setext and ln.kind == "text" and paragraph_start is None):
            close_paragraph(lines[i - 1].end if i else 0)
            level = len(m.group(1)) if m else (1 if lines[i + 1].text.strip()[0] == "=" else 2)
            title = m.group(2) if m else ln.text.strip()
            open_heading(Section("heading", title.strip(), (ln.start, len(text)), level))
            i += 1 if m else 2
            continue
        # a numbered clause opens on any line ("2.2 By Customer." often follows "2.1 …"
        # directly); inside a paragraph only a dotted number counts, so a wrapped line
        # that starts "12 Months" stays prose
        c = _CLAUSE.match(ln.text) if first.isdigit() or first in "SCA" else None
        if c is not None and paragraph_start is not None and "." not in c.group(1):
            c = None
        if c is None and paragraph_start is None and first in "Ii":
            it = _ITEM.match(ln.text)
            if it is not None and len(ln.text) < 120:
                open_heading(Section("heading", it.group(1).strip(), (ln.start, len(text)), 2))
                i += 1
                continue
        if (
            c is None
            and paragraph_start is None
            and (i == 0 or lines[i - 1].kind == "blank")
            and (
                i + 1 >= n
                or lines[i + 1].kind == "blank"
                or _tight_heading(ln.text, lines[i + 1].text)
            )
            and _title_line(ln.text)
        ):
            # a filing's sub-heading: a short title-case line standing alone
            # ("Results of Operations", "LIQUIDITY AND CAPITAL RESOURCES"), or printed
            # right above its table, note or text in capitals ("UNDERWRITING RATIOS"), or
            # right above its bullets ("Third Quarter 2026 Highlights"), as releases do
            title = ln.text.strip()
            level = 1 if _PART.match(title) else 3  # "PART II" holds the Items
            open_heading(Section("heading", title, (ln.start, len(text)), level))
            i += 1
            continue
        if c is not None:
            number = c.group(1)
            depth = number.count(".") + 1
            title = c.group(2).split(". ")[0].rstrip(".")
            close_paragraph(lines[i - 1].end if i else 0)
            open_heading(Section("clause", title, (ln.start, len(text)), 6 + depth, number))
        if paragraph_start is None:
            paragraph_start = ln.start
        i += 1
    close_paragraph(lines[-1].end if lines else 0)
    _close_regions(lay)
    _inherit_notes(lay)
    _declare_dollars(lay, start, end)
    lay.finish()
    return lay


_PART = re.compile(r"PART\s+[IVX]+\b", re.IGNORECASE)
_SMALL_WORDS = frozenset(
    ["a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "of", "on", "or", "per", "the", "to", "vs", "versus", "with"]
)


_QUALIFIER = re.compile(r"(?<=\w)\s+\((?:[a-z-]+\s?){1,3}\)$")


def _title_line(text: str) -> bool:
    """Whether a line reads as a title: at most 10 words, starting with a capital, every
    word but the small ones ("of", "and" …) capitalised (or the line in capitals), no
    figure and nothing that ends a sentence or a clause."""
    t = text.strip()
    if not 3 <= len(t) <= 80 or not t[0].isupper() or t[-1] in ".,;:!?" or "$" in t or "%" in t:
        return False
    words = t.split()
    if len(words) > 10:
        return False
    if t.isupper():
        return True
    # a qualifier in brackets after the title's words ("Lease Expirations (cash basis)")
    words = _QUALIFIER.sub("", t).split() or words
    for w in words:
        head = w.lstrip("(\"'")[:1]
        if not head or head.isupper() or head.isdigit() or w.lower() in _SMALL_WORDS:
            continue
        return False
    return True


# a page's number or running footer between two pages of text: no title
_PAGE_MARK = re.compile(r"(?i)(?:page\s+)?[-–— ]*[0-9ivx]{1,4}[-–— ]*(?:of\s+\d+)?")
# a numbered table's caption: a new table ("TABLE 3. STATE EMPLOYEE FTEs", "Exhibit 4-2")
_NUMBERED_TABLE = re.compile(r"(?i)(?:table|exhibit|schedule|figure)\s+[0-9A-Z]{1,3}\b")
# a footnote's or a source's line under a table: "(1) Includes …", "* Restated", "Source: …"
_FOOTNOTE_LINE = re.compile(
    r"(?:\(\d{1,2}\)|\d{1,2}\)|\([a-z]\)|[*†‡]+|[¹²³⁴⁵⁶⁷⁸⁹]+|(?i:notes?|sources?)\s*:)\s*\S"
)


def _capitals(text: str) -> bool:
    """A line in capitals: every word's letters are capitals but a plural's "s" ("FTEs"),
    and one word at least of three letters ("Q3 2026" is a period, no title)."""
    words = [w for w in text.split() if any(ch.isalpha() for ch in w)]
    return any(len(w) >= 3 and w.isalpha() for w in words) and all(
        w.isupper() or (w[-1] == "s" and w[:-1].isupper()) for w in words
    )


def _tight_heading(line: str, below: str) -> bool:
    """Whether a title line with no blank line under it is a heading: in capitals above
    anything but its own continuation ("UNDERWRITING RATIOS" over its table, "CAPITAL AND
    LIQUIDITY" over its text), or above a bullet ("Third Quarter 2026 Highlights" over "-
    The combined ratio was 91.8%"). A title-case line right above a table is its caption
    ("Balance Sheet Data")."""
    t = line.strip()
    if _PAGE_MARK.fullmatch(t) or _UNIT_WORDS.search(t) is not None:
        return False
    nxt = below.strip()
    if _capitals(t):
        # (a second line of capitals continues the title: "NOTE 11 - DEFINED BENEFIT" over
        # "PENSION PLANS"; column headings in capitals hold their years: "Q3 2026  Q3 2025")
        return not (_capitals(nxt) and _title_line(nxt) and not _has_digit(nxt))
    return _BULLET.match(nxt) is not None


def _title_rank(line: str) -> int:
    """How high a caption line above or between tables titles them: 3 for a numbered
    table ("Table 3. …"), 2 for a title in capitals, 1 for one in title case, 0 for none
    (a page number, a scale note, a label row, a sentence)."""
    t = line.strip()
    if _NUMBERED_TABLE.match(t):
        return 3
    if _PAGE_MARK.fullmatch(t) or _UNIT_WORDS.search(t) is not None or not _title_line(t):
        return 0
    return 2 if _capitals(t) else 1


def _sentence(line: str) -> bool:
    """A line of prose ending a sentence ("Per capita debt was $511 at June 30, 2026."),
    not a table's footnote or source line."""
    t = line.strip()
    return (
        len(t.split()) >= 4
        and t[-1:] in ".!?"
        and _FOOTNOTE_LINE.match(t) is None
        and not _group_label(t)
    )


def _own_heads(table: Table) -> bool:
    """Whether a table prints column headings of its own (not rows continuing another)."""
    return any(r.header for r in table.rows) or (bool(table.rows) and not table.rows[0].label)


def _caption_rank(lay: Layout, k: int, heads: list[int]) -> int:
    """The rank (``_title_rank``) of the highest title among the caption lines right above
    the ``k``-th table (up to six lines, back to the table before it); a heading there
    ("Item 6. Selected Financial Data") titles its section, not the table."""
    text = lay.text
    floor = lay.tables[k - 1].span[1] if k > 0 else 0
    end = lay.tables[k].span[0]
    rank, seen = 0, 0
    while end > floor and seen < 6:
        a = max(floor, text.rfind("\n", 0, max(0, end - 1)) + 1)
        line = text[a : end - 1 if text[end - 1 : end] == "\n" else end].strip()
        end = a
        if not line:
            continue
        if len(line) > 90 or _sentence(line):
            break
        seen += 1
        i = bisect_left(heads, a)
        if i < len(heads) and heads[i] == a:
            continue
        rank = max(rank, _title_rank(line))
    return rank


def _inherit_notes(lay: Layout) -> None:
    """A table with no scale note of its own continues the one above it ("Balance Sheet
    Data" under the same "(in thousands)") when only short caption lines stand between
    them: no heading and no prose. A table with no note and no header rows, as many columns
    as the one above and only blank lines and label rows between them (the "Earnings per
    share:" rows after a blank line) continues its columns and their periods too."""
    heads = sorted(s.span[0] for s in lay.sections if s.kind in ("heading", "clause"))
    for k in range(1, len(lay.tables)):
        prev, cur = lay.tables[k - 1], lay.tables[k]
        gap = lay.text[prev.span[1] : cur.span[0]]
        between = heads[bisect_left(heads, prev.span[1]) : bisect_left(heads, cur.span[0])]
        if any(not _labels_rows(lay.text, h, cur) for h in between):
            continue  # a heading stands between them
        if any(len(line.strip()) > 90 for line in gap.split("\n")):
            continue
        lines = [line.strip() for line in gap.split("\n") if line.strip()]
        if any(_sentence(line) for line in lines):
            continue  # a paragraph of prose stands between them: a new context
        ranks = [_title_rank(line) for line in lines]
        if any(_own_caption(line) for line in lines):
            continue  # "**Operating metrics**": a caption of its own, no part of the above
        if 3 in ranks or (
            _own_heads(cur) and max(ranks, default=0) >= (_caption_rank(lay, k - 1, heads) or 2)
        ):
            # a title of its own over a table with its own column headings, as high as the
            # one above the table before ("FUND RATINGS" after "AUM ROLL-FORWARD"): a
            # table of its own ("Balance Sheet Data" under "SELECTED FINANCIAL DATA" is a
            # part of the one above, and so is an untitled table's sub-caption)
            continue
        continued = cur.note is None and all(
            _group_label(line.strip()) for line in gap.split("\n") if line.strip()
        )  # only blank lines and label rows ("Earnings per share:") between them
        if cur.note is None and prev.note is not None and not _unread_unit(gap, cur):
            cur = replace(
                cur,
                note=prev.note,
                currency=cur.currency or prev.note.currency,
                dollar=cur.dollar or prev.dollar,
            )
        if (
            continued
            and len(cur.columns) == len(prev.columns)
            and not any(cur.columns)
            and all(p is None for p in cur.periods)
            and any(prev.columns[1:])
            and not any(r.header for r in cur.rows)
        ):
            cur = replace(cur, columns=prev.columns, periods=prev.periods)
        lay.tables[k] = cur


# a caption naming a table of operating data, which no money note above it scales
_METRICS_CAPTION = re.compile(
    r"(?i)\b(?:(?:operating|key|business|other|non-?financial)\s+(?:metrics|statistics|data|kpis)"
    r"|kpis?|headcount)\b"
)


def _own_caption(line: str) -> bool:
    """Whether a caption line between two tables gives the second a caption of its own, so
    the first one's note stops: a Markdown line all in bold ("**Operating metrics**"), or
    one naming operating data ("Operating metrics", "Key metrics", "KPIs"). Neither holds a
    digit or a unit."""
    t = line.strip()
    if _has_digit(t) or _UNIT_WORDS.search(t) is not None or len(t) > 60:
        return False
    bold = len(t) > 4 and t[:2] == t[-2:] and t[:2] in ("**", "__") and t[2:-2].strip() != ""
    return bold or _METRICS_CAPTION.search(t) is not None


def _labels_rows(text: str, head: int, table: Table) -> bool:
    """Whether the heading at ``head`` is printed right above ``table``'s rows, which
    have no column headings of their own: a label of rows that continue the table above
    (a balance sheet's "LIABILITIES AND EQUITY"), no heading between the two."""
    eol = text.find("\n", head)
    return eol >= 0 and eol + 1 == table.span[0] and not _own_heads(table)


# words of a unit declaration: "(Unit: persons)", "(Unit: KRW 1,000 million)", "USD 100k"
_UNIT_WORDS = re.compile(
    r"\bunits?\s*:|(?<![a-z])(?:thousands?|millions?|billions?|trillions?|crores?|lakhs?|mn|bn"
    r"|mio|mrd|tsd)(?![a-z])|'000|\b000'?s\b",
    re.IGNORECASE,
)


def _unread_unit(gap: str, table: Table) -> bool:
    """Whether a caption line between two tables, or the corner cell of the second, declares
    a unit no note was read from ("(Unit: %)", "(Unit: thousand persons)"): the second
    table is then in a unit of its own, not in the first one's (its scale is unknown)."""
    return _UNIT_WORDS.search(table.columns[0]) is not None or any(
        _UNIT_WORDS.search(line) is not None and not line.rstrip().endswith(".")
        for line in gap.split("\n")  # a footnote's sentence ("… of $12 million.") declares none
    )


_GROUP_WORDS = re.compile(r"[A-Za-z][^\n]{0,58}:")


def _group_label(line: str) -> bool:
    """Whether a caption line right above a table is a label row whose rows follow
    ("Earnings per share:", "Weighted-average shares outstanding:"; a per-share sub-heading
    with no colon, as UK statements print "Earnings per share (pence)" over "Basic")."""
    if _has_digit(line):
        return False
    if _GROUP_WORDS.fullmatch(line) is not None:
        return True
    return len(line) <= 60 and line[:1].isalpha() and _PER_SHARE.search(line.lower()) is not None


_BULLET = re.compile(r"(?:[-*•–]|\d{1,2}[.)]|\(?[a-z]\))\s")


def _context_above(lines: list[_Line], i: int) -> list[str]:
    """Short lines just above a table: its caption, "(in thousands)", "Years Ended …".

    Walks up six lines, across blank lines, and stops at prose (a long line), at another
    table and at a Markdown heading (which is kept). Past six lines it goes on (up to
    ``_CONTEXT_REACH`` lines) only across blank lines, bullets ("- Occupancy was 94.7%.")
    and short lines that end no sentence (a title, a note), so a note above a short list
    of highlights still governs the table, and no note crosses a paragraph of prose.
    """
    out: list[str] = []
    k = i - 1
    while k >= 0 and i - k <= _CONTEXT_REACH:
        ln = lines[k]
        if ln.kind in ("pipe", "tab", "aligned", "csv", "sep"):
            break
        text = ln.text.strip()
        if ln.kind != "blank" and not ln.rule:
            if len(text) > 90:
                # "Table 4. Scope 1 and Scope 2 … (in thousands of metric tons CO2e):"
                # right above its table, or above its bracketed notes only ("[Seasonally
                # adjusted at annual rates]") and year headings ("2025"): its caption
                bracketed = all(
                    (o[:1] in "[(" and o[-1:] in ")]") or not any(ch.isalpha() for ch in o)
                    for o in out
                )
                if bracketed and len(text) <= 400 and long_caption(text):
                    out.insert(0, text)
                break
            if i - k > 6 and not _BULLET.match(text) and (len(text) > 60 or text[-1] in ".!?;"):
                break  # a line of prose past the six lines a caption may take
            out.insert(0, text)
            if text.startswith("#"):
                break
        k -= 1
    return out


_CONTEXT_REACH = 24


def long_caption(line: str) -> bool:
    """Whether a line too long for a title is still the caption of the table right under
    it: a numbered table's ("Table 4. Scope 1 and Scope 2 greenhouse gas emissions by
    site, fiscal years 2022 to 2024 (in thousands of metric tons CO2e)") or a line that
    ends in a colon and names a unit or a scale ("The following table presents revenue by
    segment (in millions):"), whose note then governs the table."""
    if _NUMBERED_TABLE.match(line) is not None:
        return True
    return line.endswith(":") and ("(" in line or _UNIT_WORDS.search(line) is not None)


def _close_regions(lay: Layout) -> None:
    """A heading's region runs to the next heading of the same or a higher level."""
    ends: dict[int, int] = {}
    stack: list[tuple[int, Section]] = []
    for s in lay.sections:
        if s.kind not in ("heading", "clause"):
            continue
        while stack and stack[-1][1].level >= s.level:
            ends[stack.pop()[0]] = s.span[0]
        stack.append((id(s), s))
    lay.sections = [
        replace(s, span=(s.span[0], ends.get(id(s), len(lay.text))))
        if s.kind in ("heading", "clause")
        else s
        for s in lay.sections
    ]


# --------------------------------------------------------------------------- context


_PER_SHARE = re.compile(
    r"\bper[ -](?:(?:basic|diluted|common|ordinary|weighted) )*(?:share|unit|ads)\b|\beps\b"
    r"|\b(?:dps|bvps|tbvps|cfps|ffo/sh|nav/sh)\b"  # dividends, book value, tangible book per share
    r"|\bper (?:square (?:foot|feet|metre|meter)|sq\.? ?(?:ft|m)\b|barrel|boe|ounce|tonne?)"
    r"|\bper capita\b"  # "(dollars in thousands, except per capita)": an amount per person
    # a share's price ("Share price at quarter end", "Closing stock price", "Unit price"):
    # an amount per share, never at the table's scale
    r"|^(?:(?:common|closing|quarter[ -]end|period[ -]end|year[ -]end)\s+)*(?:share|stock|unit)\s+price\b"
    r"|\bclosing\s+(?:share\s+|stock\s+)?price\b"
)
# the end of a row label's head, past a footnote mark or a bracket ("Effective tax rate(1)",
# "Organic growth (a)"): a rate, a margin, a yield is the thing the row measures
_HEAD_END = r"(?=\s*(?:$|\(|\[|,|;|:|\*|\d|—|–|-\s))"
_PER_CAPITA = re.compile(r"(?i)\bper\s+capita\b")  # a column "Per Capita"
# a rate per person or per hour, never an aggregate at the table's scale: "Average hourly
# earnings", "Average weekly earnings", "Revenue per employee", "ARPU"
_PER_HEAD = re.compile(
    r"\bhourly\b|\bweekly\s+earnings\b|\bper\s+(?:hour|employee|fte|user|member|customer"
    r"|subscriber|seat|head|worker|person|account)\b|\b(?:arpu|arpa|arppu)\b"
)
# rows of rates, ratios, multiples and points: never an amount at the table's scale nor in
# its currency. A "%" after a digit is a rate the label names, not the row's unit ("4.375%
# Senior Notes due 2031", "50% of policyholder dividend liability", "Less: vacancy (7.0%)",
# "Debt limit (3.75% of assessed valuation)": amounts); "% of revenue", "Change %" are rates
_RATIO = re.compile(
    r"(?<![0-9])(?<![0-9] )%|\bratios?\b"
    r"|\bpercent(?:age)?s?\b(?!\s+rents?\b)"  # "as a percentage of covered payroll"
    r"|\b(?:interest|operating|pre-?tax|profit|ebitda|ebita|ebit|cash\s+flow|fcf"
    r"|underwriting|income)\s+margins?\b"  # "Net interest margin", "Operating margin"
    # "Return on average assets", "ROTCE" (not "Expected return on plan assets": an amount)
    r"|\bnim\b|(?<!expected )(?<!actual )\breturn\s+on\b(?!\s+plan\s+assets)"
    r"|\bro(?:a|e|aa|ae|tce|atce|te|ce|ic|na|tbe)\b"
    r"|\byields?\b(?!\s+maintenance)"  # "Yield on loans", "Dividend yield"
    r"|\bcost\s+of\s+(?:(?:total|average|interest[ -]bearing)\s+)*(?:deposits|funds)\b"
    # a rate named last: "Fee rate", "Effective tax rate", "Rate paid on deposits" (not
    # "Interest rate swaps", "Effect of exchange rate changes on cash"; nor "Interest rate"
    # alone, a derivative's risk in a fair-value table, nor "Fixed rate", "Variable-rate":
    # the debt at that rate, in a debt table)
    rf"|(?<!exchange )(?<!currency )(?<!^interest )(?<!: interest )(?<!fixed )(?<!fixed-)"
    rf"(?<!floating )(?<!floating-)(?<!variable )(?<!variable-)\brates?{_HEAD_END}"
    r"|^rates?\s+(?:paid|earned|on|of)\b"
    rf"|\b(?:growth|coverage|leverage){_HEAD_END}"  # "Organic growth", "Debt service coverage"
    # "Net charge-offs to average loans", "Allowance to loans", "Loans to deposits"
    r"|^(?!(?:[a-z-]+\s+)*(?:transfers?|contributions?|distributions?|payments?|advances?"
    r"|reclassifications?|proceeds|repayments?|additions?)\b)"
    r"[^:]*\bto\s+(?:(?:average|total|gross|period[ -]end|net|risk[ -]weighted|tangible)\s+)*"
    rf"(?:loans|deposits|assets|equity|capital|ebitda|revenues?|npls?|nonperforming\s+loans){_HEAD_END}"
    r"|\((?:in\s+)?(?:points|pts\.?|ppts?|percentage\s+points)\)"  # "Catastrophe losses (points)"
)
# a row in points of a ratio: a bare number, neither a percent nor an amount
_POINTS_ROW = re.compile(r"\((?:in\s+)?(?:points|pts\.?|ppts?|percentage\s+points)\)")
# of those, rows whose figures are percents whether or not their cells print a "%": a
# margin, a return, a yield, a cost of funds, "as a percentage of", and the ratios banks
# and insurers always state in percent ("Combined ratio", "CET1 ratio"; not "Current
# ratio" nor "Debt service coverage", which are multiples)
_PERCENT_ROW = re.compile(
    r"\bpercent(?:age)?\s+of\b|(?<![0-9])(?<![0-9] )%\s*of\b"
    r"|\b(?:interest|operating|pre-?tax|profit|ebitda|ebita|ebit|underwriting)\s+margins?\b"
    r"|\bnim\b|(?<!expected )(?<!actual )\breturn\s+on\s+(?:average\s+|avg\.?\s+)?"
    r"(?:(?:total|tangible|common|shareholders[’']?|stockholders[’']?)\s+)*(?:assets|equity)\b"
    r"|\bro(?:a|e|aa|ae|tce|atce|te|tbe)\b"
    r"|\byields?\b(?!\s+maintenance)"
    r"|\bcost\s+of\s+(?:(?:total|average|interest[ -]bearing)\s+)*(?:deposits|funds)\b"
    r"|\b(?:loss|lae|expense|combined|efficiency|payout|cet\s?1|tier\s+1(?:\s+capital)?"
    r"|(?:total\s+)?capital|common\s+equity\s+tier\s+1|tier\s+1\s+leverage)\s+ratios?\b"
)
# a count of the shares a per-share amount is computed on ("Shares used in diluted per share
# calculation", "Weighted-average shares used in computing net loss per share"): shares,
# not an amount per share
_SHARES_FOR_PER_SHARE = re.compile(
    r"^(?:(?!per[ -]share)[^:])*?\bshares\b(?:(?!per[ -]share)[^:]){0,60}?\b(?:used|outstanding)\b"
)


def _per_share(label: str) -> bool:
    """Rows a table's scale never applies to: per-share amounts ("per share", "per diluted
    share", "EPS"; also "per square foot"), percentages, ratios."""
    low = label.lower()
    return _PER_SHARE.search(low) is not None or _RATIO.search(low) is not None


_COUNT_WORDS = (
    "shares",
    "employees",
    "headcount",
    "customers",
    "units",
    "stores",
    "users",
    "people",
)


# counts named first in a row's label ("Transactions", "Paid subscribers", "Seats"; not
# "Losses on foreign currency transactions")
_COUNT_LEAD = re.compile(
    r"^(?:(?:total|number\s+of|average|paid|active|net)\s+)?"
    r"(?:transactions|seats|subscribers|licenses|subscriptions)(?![a-z])"
)


# a column of points ("Pts Change", "Change (pts)"), a table of ratios only ("UNDERWRITING
# RATIOS", "Key ratios", "Regulatory capital ratios"; not "Selected data and ratios")
_POINTS_COLUMN = re.compile(r"(?i)(?<![a-z])(?:pts|points|ppts?)(?![a-z])")
_RATIO_TABLE = re.compile(r"(?i)\s*(?:[a-z-]+\s+){0,3}ratios\s*(?:\(\s*%\s*\))?\s*")
# what a row ``_PERCENT_ROW`` reads as percents names, in lower case, or a "%" another
# row of its block prints (a superset, found by plain searches: a megabyte in milliseconds)
_PERCENT_HINTS = ("%", "percent", "margin", "nim", "return", "roa", "roe", "rot", "yield")
_PERCENT_HINTS_MORE = ("cost", "ratio")  # "Cost of deposits", "Combined ratio"


def percent_rows(text: str) -> bool:
    """Whether a row of a table in ``text`` may read as percents with no "%" in its cells
    (a superset of the rows :func:`apply_context` reads so: "Net interest margin 3.41", a
    ratio row between two that print their "%"), for a reader that looks for a percent
    only where a "%" or a unit stands."""
    low = text.lower()
    return any(hint in low for hint in (*_PERCENT_HINTS, *_PERCENT_HINTS_MORE))


def _percent_block(table: Table, row: Row, col: int) -> bool:
    """Whether ``row`` (a ratio row whose cell in ``col`` prints no "%") stands in a run of
    ratio rows whose cells in that column print one: US filings typeset the "%" (as the
    "$") on the first and total rows of a block only ("Loss and LAE ratio 61.6 %",
    "Underwriting expense ratio 30.2", "Combined ratio 91.8 %")."""
    rows = table.rows
    at = rows.index(row)

    def ratio_row(r: Row) -> bool:
        return not r.header and bool(r.label) and _RATIO.search(r.label.lower()) is not None

    for step in (-1, 1):
        k = at + step
        while 0 <= k < len(rows) and ratio_row(rows[k]):
            cell = next((c for c in rows[k].cells if c.col == col), None)
            if cell is not None and cell.text.rstrip().endswith("%"):
                return True
            k += step
    return False


# full-time equivalents counted ("State FTEs", "Full-time equivalent positions", "FTE
# headcount"); not the fully taxable-equivalent basis of an amount ("Net interest income,
# FTE", "FTE adjustment")
_FTE_COUNT = re.compile(
    r"\bftes\b|\bfull[ -]time[ -]equivalents?\b|^\s*fte\s*$"
    r"|\bfte\s+(?:positions|employees|staff|headcount|count)\b"
)
# the revenue lines of a budget or a fund statement named with a count's word ("Utility
# users tax", "Licenses and permits", "Charges to customers", "Housing units fees"): amounts
_REVENUE_WORDS = re.compile(
    r"\btax(?:es)?\b|\bfees?\b|\bpermits?\b|\bcharges?\b|\bfines?\b|\bforfeitures?\b"
    r"|\bassessments?\b|\brents?\b|\brentals?\b|\bfranchises?\b|\btolls?\b|\broyalt(?:y|ies)\b"
)


def _count_row(label: str) -> bool:
    """Rows that count things: scaled like the table, but never in its currency."""
    low = label.lower()
    if any(w in low for w in _COUNT_WORDS) or _COUNT_LEAD.match(low) is not None:
        return _REVENUE_WORDS.search(low) is None
    return _FTE_COUNT.search(low) is not None


# rows that are certainly no amount of the table's scale: days, "Number of stores"
_NON_AMOUNT = re.compile(
    r"\bdays\b|\bnumber of (?!(?:(?:common|ordinary|weighted|average|diluted|basic)[ -])*shares)"
    # a time to a date: "Weighted average years to maturity", "Months until expiration"
    r"|\b(?:years|months)\s+(?:to|until)\s+(?:maturity|expiration|expiry|reset|repricing)\b"
)
_SHARE_ROW = re.compile(r"\bshares\b|\bshare count\b")
# a row naming shares or customers that is still an amount ("Proceeds from issuance of
# shares", "Repurchases of common shares", "Payments to customers"): money, in the table's
# scale and currency
_AMOUNT_WORDS = re.compile(
    r"proceeds|purchase|issuance|\bcosts?\b|value|compensation|payments?\b|paid|dividend"
    r"|treasury|premium|capital|buyback|\bsales?\b|\bsold\b|expense|revenue|income"
)
# an except clause naming more than per-share amounts: "ratios", "operating statistics",
# "employee data", "number of stores" …
_OTHER_EXCEPTS = re.compile(
    r"ratio|statistic|operating data|other data|employee|headcount|store|customer|percent"
)


_OWN_UNIT = re.compile(
    r"\(\s*(?:in\s+)?(?:(?P<pct>%|percent|per\s?cent|pct)"
    r"(?:\s+of\s+(?:par|principal(?:\s+amount)?|face(?:\s+(?:amount|value))?))?"  # "(% of par)"
    r"|(?P<bp>bps|bp|basis\s+points?)(?:\s+[^()]{0,20})?"
    r"|(?P<cur>US\$|[A-Z]{0,2}\$|€|£|¥|₹|u\.s\.\s+dollars|dollars|euros|pounds|yen)"
    r"|(?P<pence>p|pence)|(?P<cents>cents|¢)"
    r"|(?P<count>days|#|number|units|count|ftes?|years|yrs|months))\s*\)",
    re.IGNORECASE,
)


# units of measure that are no money: volumes of oil and gas and their rates ("Mboe/d",
# "MMcf/d", "bbl/d", "Bcf"), energy and power ("MWh", "GW"), area ("square feet", "sq ft",
# "RSF", "m²"), emissions ("tCO2e"), weights (tonnes, ounces); lower case
_MEASURE_UNITS = (
    r"(?:(?:mm|m|b|t)?(?:boe|bbls?)|(?:mm|m|b|t)cfe?|(?:mm|m)?btu)(?:\s*/\s*d(?:ay)?|pd)?"
    r"|barrels?|boepd|bopd|[kmgt]wh|[kmg]w"
    r"|square\s+(?:feet|foot(?:age)?|met(?:er|re)s?)|sq\.?\s?(?:ft|m)\b\.?|rsf|sqm|m²|acres?|hectares?"
    r"|t?co2e?|tonnes?|metric\s+tons?|ounces?|oz"
)
_MEASURE = re.compile(
    rf"(?<![a-z0-9])(?:{_MEASURE_UNITS})(?![a-z0-9²])"
    r"|\([^()]*/\s*d(?:ay)?\s*\)"  # any rate per day in brackets: "(Mbbl/d)", "(MMcfe/day)"
    r"|\(\s*(?:x|times)\s*\)|(?<![a-z])turns(?![a-z])"  # multiples: "Inventory turns (x)"
    # a contract's term, and a heading that names a duration or a count alone ("Term",
    # "Seats", "Months"; "Term loan" and "Long-term debt" are money)
    r"|^\s*(?:(?:lease|initial|remaining|contract|subscription)\s+)?term\s*$"
    r"|^\s*(?:months|years|seats|users|licenses|subscribers)\s*$"
)
# a price per unit of measure: "($/bbl)", "$ per boe", "per Mcf", "(€/MWh)", "per square
# foot": in the table's currency, never at its scale (as a per-share amount)
_PER_MEASURE = re.compile(
    rf"(?:[$€£¥]|(?<![a-z])(?:usd|eur|gbp|dollars?|euros?))\s*(?:/|per(?![a-z]))\s*(?:{_MEASURE_UNITS})"
    rf"|(?<![a-z])per\s+(?:(?:available|rentable|leased|selling|gross|net)\s+)?(?:{_MEASURE_UNITS})"
    r"(?![a-z0-9])"
)
# the words a figure in a table's cell is followed by, in that cell, naming what it counts
# or measures: "approximately 18,450 rentable square feet", "(126) months", "1,250 seats"
_UNIT_AFTER = re.compile(
    r"\)?\s*(?:(?!per(?![a-z]))[a-z][a-z-]*\s+){0,2}?"
    rf"(?:(?:{_MEASURE_UNITS})(?![a-z0-9²])|(?:seats|users|licenses|months|years|days|shares"
    r"|employees|customers|subscribers|transactions|units|stores)(?![a-z]))"
)


def _measured(label: str) -> bool:
    """Whether a row label or a column heading names a unit of measure that is no money
    ("Production (Mboe/d)", "Selling square feet", "Inventory turns (x)", "Term"), and no
    price per such a unit ("Realized oil price ($/bbl)", "Rent per square foot"). A unit
    named outside brackets beside money ("Sales of CO2 allowances") names no cell's unit."""
    low = label.lower()
    m = _MEASURE.search(low)
    if m is None or _PER_MEASURE.search(low) is not None:
        return False
    bracketed = low.rfind("(", 0, m.start() + 1) > low.rfind(")", 0, m.start())
    return bracketed or _AMOUNT_WORDS.search(low) is None


# the word a figure in a table's cell is the number of: "Suite 1200", "Tier 2", "Year 1"
_NUMBERED = re.compile(
    r"(?<![a-z])(?:suite|tier|floor|level|phase|year|room|building|stage|step|class|series"
    r"|lot|parcel|unit|no\.?|#)\s*$"
)


def _measured_after(cell: Cell, f: Figure) -> bool:
    """Whether the words after ``f`` in its cell name what it counts or measures, or the
    word before it is what it numbers ("Suite 1200"): no amount of money either way."""
    at, start = f.span[1] - cell.span[0], f.span[0] - cell.span[0]
    if not 0 <= start <= at <= len(cell.text):
        return False
    low = cell.text.lower()
    return _UNIT_AFTER.match(low, at) is not None or _NUMBERED.search(low, 0, start) is not None


@lru_cache(maxsize=4096)
def _own_unit(label: str) -> str | None:
    """The unit a row label or a column heading names for its cells, without a scale:
    "Gross margin (%)" -> "percent", "Margin (bps chg)" -> "basis_point", "Diluted EPS ($)"
    and "Average selling price (in dollars)" -> "USD", "(days)" -> "count", "Basic EPS (p)"
    -> "GBP_pence"."""
    if "(" not in label:
        return None
    m = _OWN_UNIT.search(label)
    if m is None:
        return None
    if m.group("pct"):
        return "percent"
    if m.group("bp"):
        return "basis_point"
    if m.group("cur"):
        return _currency_word(m.group("cur")) or "USD"
    if m.group("pence"):
        before = label[: m.start()].rstrip()
        if m.group("pence") == "P" or not before[-1:].isalpha():
            return None  # "2025(P)": a preliminary column, as BLS and BEA mark one
        return "GBP_pence"  # "Basic EPS (p)": hundredths of a pound, as UK reports print EPS
    if m.group("cents"):
        return "USD_cents"  # as the grammar reads "45 cents"
    low = label.lower()
    if m.group("count").lower().startswith("fte") and (
        _AMOUNT_WORDS.search(low) is not None or _RATIO.search(low) is not None
    ):
        return None  # "Net interest income (FTE)": fully taxable-equivalent, no headcount
    return "count"


def apply_context(
    lay: Layout,
    figs: Sequence[Figure],
    *,
    default_scale: Decimal | None = None,
    default_currency: str | None = None,
) -> list[Figure]:
    """Give each figure the scale and period its place in the layout implies, and a bare
    "$" the dollar its document declares (or ``default_currency``, a dollar other than the
    US dollar: a document ingested with ``--scale CAD``)."""
    default_dollar = default_currency if default_currency in _DOLLARS - {"USD"} else None
    if default_dollar is not None and lay.tables:
        tables = [
            t if t.dollar is not None or _table_declares(t) else _with_dollar(t, default_dollar)
            for t in lay.tables
        ]
        lay = replace(lay, tables=tables)
    out = _apply_context(lay, figs, default_scale=default_scale, default_currency=default_currency)
    if not lay.dollars and default_dollar is None:
        return out
    return [_document_dollar(lay, f, default_dollar) for f in out]


def _apply_context(
    lay: Layout,
    figs: Sequence[Figure],
    *,
    default_scale: Decimal | None = None,
    default_currency: str | None = None,
) -> list[Figure]:
    if not lay.tables and not lay.notes:
        return list(figs)
    para_notes = sorted(
        (n for n in lay.notes if lay.table_at(n.span[0]) is None), key=lambda n: n.span[1]
    )
    note_ends = [n.span[1] for n in para_notes]
    note_starts = [n.span[0] for n in lay.notes]
    out = []
    for f in figs:
        k = bisect_right(note_starts, f.span[0]) - 1
        if k >= 0 and f.span[1] <= lay.notes[k].span[1]:
            continue  # the "000" of "($000)" names a scale: it is no figure
        if f.spelled:  # "three columns" is a count in words, never a scaled amount
            out.append(f)
            continue
        table = lay.table_at(f.span[0])
        if table is not None:
            if _across_headings(table, f):
                continue  # "£m    2025" of "2026 £m    2025 £m": a unit and a year, no figure
            out.append(_in_table(table, f, default_scale, default_currency))
            continue
        note = None
        k = bisect_right(note_ends, f.span[0]) - 1  # the last note that ends before the figure
        if k >= 0:
            para = lay.paragraph_at(f.span[0])
            if para is not None and para[0] <= para_notes[k].span[0]:
                note = para_notes[k]
            elif para is not None:
                note = _note_above(lay, para, para_notes[k])
        if note is None and f.kind == "currency" and f.scale_source == "none" and lay.tables:
            note = _footnote_note(lay, f)
        amount = f.kind == "currency" or (f.kind == "number" and f.significant)
        if note is not None and amount and f.scale_source == "none":
            # a note in prose scales amounts, never a day, a year or a small count
            out.append(_scaled(f, note.scale, note.currency, None, None))
        else:
            out.append(f)
    return out


def _note_above(lay: Layout, para: tuple[int, int], note: ScaleNote) -> ScaleNote | None:
    """``note`` when it stands alone as the paragraph right above ``para`` ("(amounts
    expressed in thousands)" on its own line under a heading, then a blank line, then the
    text it scales), else None: a note scales the paragraph under it, not the text beyond."""
    i = bisect_left(lay._para_starts, para[0]) - 1
    if i < 0:
        return None
    above = lay.paragraphs[i]
    text = lay.text
    if not above[0] <= note.span[0] < above[1] or text[above[1] : para[0]].strip():
        return None
    # the note's line alone ("(amounts expressed in thousands)", "Dollars in millions"):
    # a few words around it at most, no figure, no sentence
    rest = f"{text[above[0] : note.span[0]]} {text[note.span[1] : above[1]]}"
    alone = (
        "\n" not in text[above[0] : above[1]].strip()
        and len(rest.split()) <= 3
        and not _has_digit(rest)
        and not rest.rstrip().endswith(".")
    )
    return note if alone else None


# a footnote's mark at its paragraph's start, the mark to find in its table: "(1)", "*"
_FOOTNOTE_MARK = re.compile(r"[ \t]*(\(\d{1,2}\)|\([a-z]\)|[*†‡]+|[¹²³⁴⁵⁶⁷⁸⁹]+)[ \t]*\S")


def footnote_line(line: str) -> bool:
    """Whether a line starts with a footnote's mark ("(1) Includes …", "(a)", "* ", "†")."""
    return _FOOTNOTE_LINE.match(line.lstrip()) is not None


_PER_AFTER = re.compile(r"\s*(?:per\b|/|a\s+share\b)", re.IGNORECASE)


def _footnote_note(lay: Layout, f: Figure) -> ScaleNote | None:
    """The scale note of the table whose footnotes hold the amount ``f``: a paragraph
    that opens with a footnote's mark that a row or cell of the table right above it
    bears ("Operating income(1)" over "(1) Includes …"; only blank lines and other such
    footnotes between, none of them a line of prose longer than 90 characters without a
    mark: as far as a block read alone reaches) states its amounts in the table's units,
    as 10-Ks print them ("(Dollars in thousands)" over "(1) Includes restructuring charges
    of $12,004"). A rate ("$0.05 per share") keeps its own unit; a note in another
    currency than the amount's scales nothing."""
    para = lay.paragraph_at(f.span[0])
    text = lay.text
    if para is None:
        return None
    eol = text.find("\n", para[0])
    mark = _FOOTNOTE_MARK.match(text, para[0], eol if eol >= 0 else len(text))
    if mark is None:
        return None
    i = bisect_right(lay._table_starts, para[0]) - 1
    if i < 0:
        return None
    table = lay.tables[i]
    note = table.note
    if note is None or table.span[1] > para[0] or (note.currency or f.unit) != f.unit:
        return None
    if mark.group(1) not in text[table.span[0] : table.span[1]]:
        return None  # a note of the page, not of this table ("(1)" marks none of its cells)
    if _PER_AFTER.match(text, f.span[1]) is not None:
        return None
    a = bisect_right(lay._para_starts, table.span[1])
    for p in lay.paragraphs[a:]:
        if p[0] >= para[0]:
            break
        if not footnote_line(text[p[0] : p[1]].split("\n", 1)[0]):
            return None  # prose between the table and this paragraph
    for line in text[table.span[1] : para[0]].split("\n"):
        if len(line.strip()) > 90 and prose_line(line) and not footnote_line(line):
            return None
    return note


_HUNDREDTHS = {"GBP_pence": "GBP", "USD_cents": "USD"}  # a row in pence or cents
# a column of the notes a statement's rows are explained in ("Note", "Notes", "Note ref")
_NOTE_COLUMN = re.compile(r"(?i)\s*notes?(?:\s+(?:ref\.?|reference|no\.?))?\s*")


def _worded_cell(cell: str, f: Figure) -> bool:
    """Whether a table cell holds words around the figure ``f`` (two letters or more that
    name no scale: "Term Bonds due August 1, 2041", not "1,234 million" or "(a)")."""
    rest = cell.replace(f.text, " ")
    return any(w.lower() not in _SCALE_WORDS_LOW for w in _WORD2.findall(rest))


def _cell_unit(table: Table, row: Row, cell: Cell, label: str, column: str) -> CellUnit | None:
    """The unit the table gives a bare cell: its row's "Unit" cell, a quantity its row
    label or column heading names in brackets ("Water withdrawn (megalitres)", "Emissions
    (tCO2e)"; the two naming different ones: 'unknown', no quantity is sure), else, for a
    row and column with no unit of their own, the quantity of the table's corner cell or
    caption. None: the table names none for it (or names a percent, a currency or a scale,
    which the layout's notes read)."""
    own = table.row_units.get(row.span[0])
    if own is not None:
        return own
    # (a count the layout reads already, "(#)", "(number)", keeps its reading: a bare
    # number, no scale, no currency; a row's duration, "Free rent (months)", is that
    # quantity; a heading's ("Development age (months)" over "12  24  36") may name the
    # columns' headings, not the cells)
    lq = bracket_quantity(label) if _own_unit(label) in (None, "count") else None
    cq = bracket_quantity(column) if _own_unit(column) is None else None
    if (
        lq is not None
        and cq is not None
        and (lq.unit, lq.scale, lq.per) != (cq.unit, cq.scale, cq.per)
    ):
        return CellUnit("unknown")
    if lq is not None or cq is not None:
        return lq or cq
    if table.quantity is None:
        return None
    low = label.lower()
    if (
        row.span[0] in table.row_notes
        or _own_unit(label) is not None
        or _own_unit(column) is not None
        or cell.col in table.col_units
        or cell.col in table.col_currencies
        or cell.col in table.col_notes
        or _count_row(label)
        or _RATIO.search(low) is not None
        or _PER_SHARE.search(low) is not None
    ):
        return None  # "Number of sites", "Intensity (%)": a unit of the row's own
    return table.quantity


def _priced_cell(
    table: Table, row: Row, cell: Cell, label: str, column: str
) -> tuple[str, str] | None:
    """The currency and what a bare cell is the price of, where its column heading or
    row label names both ("Price per share ($)", "NAV per unit (€)", "Dividend per share
    (€)"): it is keyed as the grammar keys "$42.15 per share" ("share"), never at the
    table's scale; or None."""
    for head in (column, label):
        per = heading_per(head)
        if per is None:
            continue
        cur = _own_unit(head)
        if cur in (None, "percent", "basis_point", "count", *_HUNDREDTHS):
            cur = table.col_currencies.get(cell.col) if head is column else None
        if cur is not None:
            return cur, per
    return None


def _per_measure_cell(
    table: Table, cell: Cell, label: str, column: str
) -> tuple[str, str] | None:
    """The currency and the unit a bare cell is the price of where its column heading or
    row label names a unit (not a share: per-share rows keep their own reading) and the
    table names the currency ("Cost/Gallon" under "($ in millions, except per gallon
    amounts)" over "(0.13)"): a price, unscaled; or None."""
    if _SHARES_FOR_PER_SHARE.search(label.lower()) is not None:
        return None
    per = heading_per(column) or heading_per(label)
    if per is None or per == "share" or per.startswith("share/"):
        return None
    cur = (
        table.col_currencies.get(cell.col)
        or (table.note.currency if table.note is not None else None)
        or (table.currency if cell.col in table.currency_cols else None)
    )
    return (cur, per) if cur is not None and len(cur) == 3 and cur.isupper() else None


def _heading_year(table: Table, row: Row, f: Figure) -> Figure:
    """``f``, a figure of a heading row, as the heading reads it: "20251" over a column of
    2025 is that year and its footnote 1 ("2025¹" as text extraction prints it), never
    the number 20,251."""
    if f.kind != "number" or f.grouped or f.decimal or f.scale != 1 or len(f.text) != 5:
        return f
    cell = row.cell_at(f.span[0])
    if cell is None or cell.col == 0 or cell.text.strip() != f.text:
        return f
    year = _glued_note_year(f.text)
    period = table.periods[cell.col] if cell.col < len(table.periods) else None
    if year is None or period is None or year not in period.label:
        return f
    start = f.span[0]
    return replace(
        f, text=year, span=(start, start + 4), value=Decimal(year), digits=4, period=period
    )


def _across_headings(table: Table, f: Figure) -> bool:
    """Whether ``f`` runs from one heading cell of a header row into the next: read across
    the gap between two column headings, it is no figure of either."""
    row = table.row_at(f.span[0])
    if row is None or not row.header:
        return False
    cell = row.cell_at(f.span[0])
    return cell is None or f.span[1] > cell.span[1]


def _in_table(
    table: Table, f: Figure, default_scale: Decimal | None, default_currency: str | None
) -> Figure:
    row = table.row_at(f.span[0])
    if row is not None and row.header:
        return _heading_year(table, row, f)
    if row is None:
        return f
    f = _local_dollar(table, f)
    cell = row.cell_at(f.span[0])
    if cell is None or cell.col == 0:
        return f
    period = table.periods[cell.col] if cell.col < len(table.periods) else None
    column = table.columns[cell.col] if cell.col < len(table.columns) else ""
    where = f"row {row.label or '?'}, column {column or cell.col + 1}"
    if (
        f.kind == "number"
        and f.value is not None
        and abs(f.value) < 100
        and _NOTE_COLUMN.fullmatch(column) is not None
    ):
        # "Note | 2026 | 2025": the number of the note a row is explained in, no amount
        return replace(f, where=where)
    if f.multiple:
        # "3.2x", "1.5×" under "(in millions)": a multiple, never an amount at the table's
        # scale nor in its currency
        return replace(f, period=period, where=where, implied_unit=None)
    if f.is_year and _DATE_COLUMN.fullmatch(column.strip()) is not None:
        # "Vintage | 2019", "Year | 2021": a year, no figure; kept with no place, as a year
        # in prose is, so it confirms no "2,019" and no "$2,019 million"
        return replace(f, period=period)
    if (
        f.kind in ("number", "percent")
        and f.scale_source == "none"
        and f.value is not None
        and (_COUNT_PERCENT.search(column) is not None or _COUNT_PERCENT.search(row.label))
    ):
        return _count_percent(cell, f, period, where)  # "12 (4.1)" under "n (%)"
    if f.kind == "number" and _worded_cell(cell.text, f):
        # a number among words in one cell ("4.000% Term Bonds due August 1, 2041"): a
        # phrase's number, not the column's amount; neither its currency nor its scale
        return replace(f, period=period, where=where, implied_unit=None)
    label = f"{row.group}: {row.label}" if row.group else row.label
    if cell.col == table.unit_col:
        return replace(f, period=period, where=where)  # "per 200,000 hours": a unit's number
    row_unit = table.row_units.get(row.span[0])
    if f.kind == "number" and f.scale_source == "none" and f.value is not None:
        cu = _cell_unit(table, row, cell, label, column)
        if cu is not None and cu.kind == "quantity":
            return quantity_cell(f, cu, period, where)
        if cu is not None and cu.kind in ("count", "unknown"):
            # "| Employees | number |", "| LTIFR | per 200,000 hours |": a bare number,
            # in no currency and at no scale, and no quantity of any unit
            return replace(f, period=period, where=where, implied_unit="count")
        if cu is not None and cu.kind == "currency" and cu.unit is not None:
            # "| Power price | €/MWh | 84.20 |": a price per that unit, unscaled
            return replace(
                f,
                kind="currency",
                unit=cu.unit,
                per=cu.per,
                period=period,
                where=where,
                implied_unit=None,
            )
        priced = _priced_cell(table, row, cell, label, column)
        if priced is None:
            priced = _per_measure_cell(table, cell, label, column)
        if priced is not None:
            return replace(
                f,
                kind="currency",
                unit=priced[0],
                per=priced[1],
                period=period,
                where=where,
                implied_unit=None,
            )
    if f.kind == "currency" and f.per is None and f.scale_source == "none" and f.value is not None:
        # "Economic fuel cost per gallon | $2.61", "Rent psf | $56.74": a price per what its
        # row or column names, never an amount at the table's scale
        per = heading_per(label) or heading_per(column)
        if per is not None:
            return replace(f, per=per, period=period, where=where, implied_unit=None)
    # the row's own note or unit first ("Shares (in thousands)", "Gross margin (%)"),
    # then its column's ("Revenue ($M)", "Growth (%)"), then the table's
    row_note = table.row_notes.get(row.span[0])
    unit = (
        None
        if row_note
        else (
            (row_unit.kind if row_unit is not None and row_unit.kind in _COLUMN_UNITS else None)
            or _own_unit(label)
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
        and (_measured(label) or _measured(column) or _measured_after(cell, f))
    ):
        unit = "count"  # "Production (Mboe/d)", "Selling square feet", "18,450 RSF": no money
    if f.kind == "number" and cell.text.endswith("%") and cell.text[-2:-1] in "|\t )":
        unit = "percent"  # "| 78.4 | % |": the '%' of its own cell is the figure's
    low = label.lower()
    if (
        unit is None
        and row_note is None
        and f.kind == "number"
        and cell.col not in table.col_currencies
        and cell.col not in table.col_notes
        and _RATIO.search(low) is not None
        and _POINTS_ROW.search(low) is None
        and _POINTS_COLUMN.search(column) is None
        and (_PERCENT_ROW.search(low) is not None or _percent_block(table, row, cell.col))
    ):
        # "Net interest margin 3.41", "Return on average equity 12.8", a ratio row between
        # two that print their "%": percents, never an amount at the table's scale
        unit = "percent"
    note: ScaleNote | None
    if row_note is not None:
        note = row_note
    elif unit is not None:
        note = None
    elif table.col_notes:
        # a table whose notes head single columns: a column no note heads is unscaled
        note = table.col_notes.get(cell.col) or table.note
    else:
        note = table.note
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
    caption = table.caption.replace(table.note.text, " ") if table.note else table.caption
    ratio = (
        _RATIO.search(low) is not None
        or _POINTS_COLUMN.search(column) is not None  # "Pts Change": points, no amount
        or _RATIO_TABLE.fullmatch(caption) is not None  # every row of "UNDERWRITING RATIOS"
    )
    # "Shares used in computing net income per share": a share count, neither per-share
    # nor an amount
    shares_for = _SHARES_FOR_PER_SHARE.search(low) is not None
    per_share = (
        _PER_SHARE.search(low) is not None
        or _PER_HEAD.search(low) is not None
        or _PER_MEASURE.search(low) is not None
        or _PER_MEASURE.search(column.lower()) is not None  # a column "Rent ($/RSF)"
        or _PER_CAPITA.search(column) is not None  # "Per Capita" debt, in dollars
    ) and not shares_for
    amount = _AMOUNT_WORDS.search(low) is not None and not shares_for
    count = _count_row(label) and not per_share and not amount
    count = count or (row_note is not None and _measured(label))  # "Area (sq ft, in thousands)"
    if unit in _HUNDREDTHS:
        if f.kind == "number" and f.scale_source == "none" and f.value is not None:
            return replace(
                f,
                kind="currency",
                unit=_HUNDREDTHS[unit],
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
    if unit == "count" or (note is not None and row_note is None and _NON_AMOUNT.search(low)):
        scale, currency, count = None, None, True  # "Days sales outstanding", "(days)"
    elif (
        table.note is not None
        and not per_share
        and unit is None
        and _excepted_row(low, table.note.excepts)
    ):
        # "(in thousands, except per share data and MTUs)": the row "MTUs (millions)" is
        # no amount; at its own scale only, if it names one
        currency, count = None, True
        if row_note is None:
            scale = None
    elif row_note is not None and _SHARE_ROW.search(low) and not per_share and not amount:
        # "Period-end common shares outstanding (in millions)": shares at the row's own
        # scale, as under the table's note, never an amount of money
        if f.kind == "number" and f.scale_source == "none":
            return _scaled(f, row_note.scale, "shares", period, where)
        count = True
    elif unit is None and _count_column(column):
        # "Number of Options", "Shares": a column of counts is never in the table's
        # currency; shares at the note's scale for shares, as a share-count row is
        if note is not None and row_note is None and _SHARE_COLUMN.search(column) is not None:
            if note.share_scale is not None:
                scale = note.share_scale
            elif _excepts_shares(note.excepts):
                scale = None
            if scale is not None and f.kind == "number" and f.scale_source == "none":
                return _scaled(f, scale, "shares", period, where)
        count = True
    elif (
        note is not None
        and row_note is None
        and _SHARE_ROW.search(low)
        and not per_share
        and not amount
    ):
        # share counts: "shares in thousands" when the note says so; none of its scale
        # when it excepts them ("except share and per share data"); never an amount of
        # money, so no dollar claim may be confirmed by one ("$99.1 million" for 99,112
        # thousand shares)
        if note.share_scale is not None:
            scale = note.share_scale
        elif _excepts_shares(note.excepts):
            scale = None
        if scale is not None and f.kind == "number" and f.scale_source == "none":
            return _scaled(f, scale, "shares", period, where)
        count = True
    elif (
        count
        and note is not None
        and row_note is None
        and _OTHER_EXCEPTS.search(note.excepts) is not None
    ):
        scale = None  # "(in millions, except per share data, ratios and operating statistics)"
    elif (
        count
        and note is not None
        and row_note is None
        and note.currency not in (None, "count", UNKNOWN_CURRENCY)
        and _SHARE_ROW.search(low) is None
    ):
        # "($ in thousands)" scales dollars: "Headcount 91" is 91 people, no amount
        if f.kind == "number" and f.scale_source == "none":
            return replace(f, period=period, where=where, implied_unit="count")
        scale = None
    if (
        scale is None
        or f.kind not in ("number", "currency")
        or f.scale_source != "none"
        or per_share
        or ratio
    ):
        money = f.kind == "number" and not ratio and not count
        if (
            money
            and per_share
            and currency is None
            and unit is None
            and row_note is None
            and note is not None
            and note.currency is None
        ):
            # "(in millions, except per share data)" names no currency: its scaled cells
            # confirm an amount in any (``SourceIndex.unitless_scaled``); a per-share cell,
            # unscaled, is in the dollar the table's statement declares, else the US dollar
            currency = table.dollar or "USD"
        return replace(f, period=period, where=where, implied_unit=currency if money else None)
    # a count at the table's scale is marked so: no currency claim is confirmed by it
    return _scaled(f, scale, "count" if count else currency, period, where)


# a column heading that names a count ("Number of Options", "Shares", "Units", "#") and no
# amount ("Options Exercisable Weighted-Average Exercise Price", "Shares Amount")
_COUNT_COLUMN = re.compile(
    r"(?i)\b(?:number|no\.|options|shares|units|rsus?|psus?|warrants|employees|headcount"
    r"|customers|stores|seats|users|licenses|subscribers|transactions)\b|(?:^|\s)#(?!\w)"
)
_SHARE_COLUMN = re.compile(r"(?i)\b(?:options|shares|units|rsus?|psus?|warrants)\b")
_AMOUNT_COLUMN = re.compile(r"(?i)price|amount|\$|per[ -]share|fair|value|cost|proceeds|paid")


# a clinical table's "n (%)" heading ("Placebo (N=290) n (%)", "Patients, n (%)", "No.
# (%)"): each cell a count of patients and, in brackets, the percent of the arm they are
_COUNT_PERCENT = re.compile(r"(?i)(?<![a-z])(?:n|no\.)\s*\(\s*%\s*\)")


def _count_percent(cell: Cell, f: Figure, period: Period | None, where: str) -> Figure:
    """A figure of an "n (%)" cell ("12 (4.1)"): the number in brackets is a percent
    (4.1%, not the accounting negative its brackets would make it), the one before them a
    count of patients, unscaled and in no currency."""
    at = f.span[0] - cell.span[0]
    bracket = cell.text.rfind("(", 0, at + 1)
    assert f.value is not None
    if bracket >= 0 and cell.text[bracket:at].strip("( ") == "":
        value = f.value.copy_abs()
        return replace(
            f,
            kind="percent",
            unit="percent",
            value=value,
            negative=False,
            period=period,
            where=where,
            implied_unit=None,
        )
    return replace(f, kind="number", unit=None, period=period, where=where, implied_unit="count")


# a column of dates or years: "Vintage", "Year", "Date", "Vintage year", "Issue date",
# "Year of issuance", "Maturity" (not "Prior year" nor "Year ended …": periods of amounts)
_DATE_COLUMN = re.compile(
    r"(?i)(?:(?:vintage|issue|issuance|grant|award|acquisition|maturity|expiry|expiration"
    r"|start|end|base|baseline|target|reporting|fiscal|calendar|publication|completion"
    r"|commissioning|construction|inception|closing|effective|trade|settlement|purchase"
    r"|approval|filing|enrol?lment|retirement|delivery)\s+)?"
    r"(?:vintages?|years?|yr|dates?|dated|maturity|maturities|expiry|expiration|period)"
    r"(?:\s+(?:built|acquired|issued|retired|founded|opened|established|completed|approved"
    r"|of\s+(?:[a-z-]+\s+)?[a-z-]+))?"
)


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


def _scaled(
    f: Figure, scale: Decimal, currency: str | None, period: Period | None, where: str | None
) -> Figure:
    from tieout.figures import times

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
