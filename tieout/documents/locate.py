"""Locators: where in a document a claim says its figure stands.

``resolve_locator(doc, "section: Cash and runway, paragraph 1")`` gives the region a
locator names (a heading's section, a paragraph in it, a numbered clause, a table row,
a table column's cells in it, a line, a page of a PDF); ``place_of`` names the place of a
span the same way, and ``heading_period`` the period a section's heading dates it with.
Quotes, found verbatim after folding, are ``quotes.py``'s.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tieout.documents.quotes import fold
from tieout.figures.layout import Section
from tieout.figures.normalization import normalize
from tieout.periods import Period, Relation, find_periods, relation

if TYPE_CHECKING:
    from tieout.documents.document import Document

__all__ = [
    "Region",
    "column_of",
    "heading_period",
    "page_spans",
    "place_of",
    "resolve_locator",
]


@dataclass(frozen=True, slots=True)
class Region:
    """A place a locator names. A locator naming a table column ("row: Net income, column:
    4Q25") keeps that column's cells in the region: ``contains`` is about the row (a quote
    of the row stands in it), ``holds`` about the cells (a figure stands in the column)."""

    start: int
    end: int
    label: str
    column: str = ""  # the column the locator named, as the table heads it
    cells: tuple[tuple[int, int], ...] = ()  # that column's cells within the region

    def contains(self, span: tuple[int, int]) -> bool:
        return self.start <= span[0] and span[1] <= self.end

    def holds(self, span: tuple[int, int]) -> bool:
        """Whether a figure's span stands in the region, and in its column if it names one."""
        if not self.contains(span):
            return False
        return not self.column or any(a <= span[0] and span[1] <= b for a, b in self.cells)


_PART = re.compile(r"^\s*(?P<key>[A-Za-z ]+?)\s*[:=]\s*(?P<value>.+?)\s*$")
_NUMBERED = re.compile(
    r"^(?:§+\s*|(?:section|clause|article|para(?:graph)?|¶)\s*)?(\d+(?:\.\d+)*)\.?$", re.I
)
_PARA = re.compile(r"^(?:paragraph|para|¶)\s*(\d+)$", re.I)
# a place named as tieout prints it, without a colon: "row Revenue", "column 2019"
_KEYWORD = re.compile(r"^(?P<key>row|line item|column|col)\s+(?P<value>\S.*)$", re.I)
_KEYS = frozenset(
    [
        "row",
        "line item",
        "column",
        "col",
        "page",
        "pages",
        "p",
        "pp",
        "pg",
        "paragraph",
        "para",
        "¶",
        "line",
        "section",
        "clause",
        "article",
        "§",
        "table",
        "heading",
    ]
)
# "Cash and runway ¶1": a paragraph under the heading named before it
_HEADED_PARA = re.compile(r"^(?P<title>.+?)\s+¶\s*(?P<n>\d+)$")
_ON_PAGE = re.compile(r"^(?P<where>.+?)\s+on\s+(?P<page>page\s+\d+)$", re.I)
_LINE = re.compile(r"^line\s*(\d+)$", re.I)
_TABLE = re.compile(r"^(?:the\s+)?table(?:\s*:?\s*#?(\d+))?$", re.I)
# "page 2", "p. 2", "pp. 2-3", "pages 2 to 3", "page 2 of 5" (after "page:", the value alone)
_PAGES = r"(\d+)(?:\s*(?:-|–|—|to|through)\s*(\d+))?(?:\s+of\s+\d+)?"
_PAGE = re.compile(rf"^(?:pages?|pgs?\.?|pp?\.?)\s*{_PAGES}$", re.I)
_PAGE_VALUE = re.compile(rf"^{_PAGES}$", re.I)
_PAGE_BREAK = "\f"  # pdf.PAGE_BREAK: a PDF's pages are joined by a line holding only this


def _same(a: str, b: str) -> bool:
    fa, fb = fold(a).strip(" .:"), fold(b).strip(" .:")
    return bool(fa) and bool(fb) and (fa == fb or fa in fb or fb in fa)


def resolve_locator(doc: Document, locator: str | None) -> Region | None:
    """The region a locator names, or None when it names nothing tieout can find."""
    if not locator or not locator.strip():
        return None
    memo = doc.read().memo
    key = ("locator", locator)
    if key not in memo:
        memo[key] = _resolve(doc, locator)
    found = memo[key]
    return found if isinstance(found, Region) else None


def _resolve(doc: Document, locator: str) -> Region | None:
    lay = doc.layout
    parts = _parts(doc, normalize(locator))
    region: Region | None = None
    heading: Section | None = None
    column = ""
    if locator.strip().lower() == "document":  # what place_of names a span outside any place
        return Region(0, len(doc.text), "document")
    for part in parts:
        key, value = _key_of(doc, part, region)
        if key not in _KEYS and (headed := _HEADED_PARA.match(part)):  # "Cash and runway ¶1"
            region = _headed_paragraph(doc, headed)
            if region is None:
                return None
            continue
        if key in ("row", "line item"):
            region = _row(doc, value, region) or region
            if region is None:
                return None
            continue
        page = _PAGE.match(part) if key == "" else None
        if key in ("page", "pages", "p", "pp", "pg") or page is not None:
            pages = page or _PAGE_VALUE.match(value)
            if pages is None or _PAGE_BREAK not in doc.text:
                continue  # a text with no pages (only a PDF keeps them): a page narrows nothing
            region = _pages(doc, int(pages.group(1)), int(pages.group(2) or pages.group(1)))
            if region is None:
                return None
            continue
        if key in ("column", "col"):
            column = value  # narrowed last, whether it comes before the row or after
            continue
        if key in ("paragraph", "para", "¶") or _PARA.match(part):
            n = int(value) if value.isdigit() else int(_PARA.match(part).group(1))  # type: ignore[union-attr]
            region = _paragraph(doc, heading, n)
            if region is None:
                return None
            continue
        if key == "line" or _LINE.match(part):
            n = int(value) if value.isdigit() else int(_LINE.match(part).group(1))  # type: ignore[union-attr]
            region = _line(doc, n)
            continue
        num = _NUMBERED.match(value) if key in ("", "section", "clause", "article", "§") else None
        if num is not None:
            found = _clause(doc, num.group(1))
            if found is None:
                return None
            heading, region = found, Region(found.span[0], found.span[1], f"§{num.group(1)}")
            continue
        bare = _TABLE.match(part)
        if bare is not None:
            # "table 2" is the second table; "table" alone is the only one, if there is
            # one, and otherwise leaves the narrowing to the row after it
            n = int(bare.group(1) or 0) or (1 if len(lay.tables) == 1 else 0)
            if n:
                if not 1 <= n <= len(lay.tables):
                    return None
                nth = lay.tables[n - 1]
                region = Region(nth.span[0], nth.span[1], f"table {n}")
            continue
        if key in ("table",):
            t = next((t for t in lay.tables if _same(value, t.caption)), None)
            if t is None:
                sec = _heading(doc, value)
                if sec is None:
                    return None
                region = Region(sec.span[0], sec.span[1], sec.title)
            else:
                region = Region(t.span[0], t.span[1], f"table {value}")
            continue
        sec = _heading(doc, value)
        if sec is None:
            return None
        heading, region = sec, Region(sec.span[0], sec.span[1], sec.title)
    if column:
        return _column(doc, column, region)
    return region


_SEPARATOR = re.compile(r"([,;]|\s+[-–]\s+)")
_JOINABLE = ("", "section", "heading", "table", "row", "line item", "column", "col")


def _key_value(part: str) -> tuple[str, str]:
    """A part's key and value: ``row: Revenue`` and ``row Revenue`` alike; ``""`` and the
    part itself when it has no key."""
    m = _KEYWORD.match(part.strip()) or _PART.match(part)
    key, value = (m.group("key").lower(), m.group("value")) if m else ("", part)
    return key, value.strip().strip("\"'")


def _key_of(doc: Document, part: str, within: Region | None) -> tuple[str, str]:
    """As :func:`_key_value`, but a heading that begins with the word "row" stays a heading."""
    key, value = _key_value(part)
    if (
        key in ("row", "line item")
        and _PART.match(part) is None
        and _row(doc, value, within) is None
        and _heading(doc, part) is not None
    ):
        return "", part
    return key, value


def _headed_paragraph(doc: Document, headed: re.Match[str]) -> Region | None:
    heading = _heading(doc, headed.group("title"))
    return None if heading is None else _paragraph(doc, heading, int(headed.group("n")))


def _parts(doc: Document, locator: str) -> list[str]:
    """A locator's parts, split at commas, semicolons and spaced dashes, except where the
    name of a place holds one: "column: Three Months Ended September 30, 2026", "row:
    Salaries, wages and benefits", "table: CITY OF RIVERBEND - ASSESSED VALUATION" (a part
    with no key of its own joins the one before when together they name a place). A place
    "on page N", as a PDF's places are named, is that page, then the place."""
    on_page = _ON_PAGE.match(locator.strip())
    if on_page is not None:
        return [on_page.group("page"), *_parts(doc, on_page.group("where"))]
    pieces = _SEPARATOR.split(locator)
    parts: list[str] = []
    for i in range(0, len(pieces), 2):
        part = pieces[i].strip()
        if not part:
            continue
        if parts and i and _key_value(part)[0] == "" and not _structural(part):
            key = _key_value(parts[-1])[0]
            if key in _JOINABLE and not _structural(parts[-1]):
                joined = f"{parts[-1]}{pieces[i - 1]}{pieces[i]}".strip()
                value = _key_value(joined)[1]
                if _names_place(doc, key, value):
                    parts[-1] = joined
                    continue
        parts.append(part)
    return parts


def _structural(part: str) -> bool:
    """A part that names a place by number ("paragraph 2", "page 3", "table 1", "§4.2"),
    not a bare number ("2026" may end a column's heading)."""
    value = _PART.match(part)
    text = value.group("value") if value and value.group("key").lower() != "table" else part
    if text.strip().isdigit():
        return False
    return any(p.match(text) for p in (_PARA, _LINE, _PAGE, _TABLE, _NUMBERED))


def _names_place(doc: Document, key: str, value: str) -> bool:
    """Whether ``value`` under ``key`` names a place in ``doc`` as a whole."""
    if key in ("row", "line item"):
        return _row(doc, value, None) is not None
    if key in ("column", "col"):
        return _column(doc, value, None) is not None
    if key == "table" and any(_same(value, t.caption) for t in doc.layout.tables):
        return True
    return _heading(doc, value) is not None


def _column(doc: Document, label: str, within: Region | None) -> Region | None:
    """``within`` (or the whole document) narrowed to the table column ``label`` names: a
    column headed exactly so, else every column whose heading holds it or it holds ("2019"
    for "Fiscal 2019"). None when no table there has such a column."""
    want = fold(label).strip(" .:")
    tables = [
        t
        for t in doc.layout.tables
        if within is None or (t.span[0] < within.end and within.start < t.span[1])
    ]
    heads = [(t, j, fold(c).strip(" .:")) for t in tables for j, c in enumerate(t.columns) if j]
    named = [(t, j) for t, j, h in heads if h and h == want] or [
        (t, j) for t, j, h in heads if h and want and (h in want or want in h)
    ]
    if not named and want.isdigit() and int(want) > 1:
        # "column 3": a column with no heading, named by its place as tieout names it
        named = [(t, int(want) - 1) for t in tables]
    if not named:
        return None
    start = within.start if within else min(t.span[0] for t, _ in named)
    end = within.end if within else max(t.span[1] for t, _ in named)
    cells = tuple(
        c.span
        for t, j in named
        for r in t.rows
        if not r.header and start <= r.span[0] < end
        for c in r.cells
        if c.col == j
    )
    shown = next((t.columns[j] for t, j in named if j < len(t.columns) and t.columns[j]), label)
    where = f"{within.label}, column {shown}" if within else f"column {shown}"
    return Region(start, end, where, shown, cells)


def column_of(doc: Document, span: tuple[int, int]) -> str | None:
    """The heading of the table column a figure's span stands in ("Pro Forma"), or None
    outside a table's value cells or under a column with no heading."""
    table = doc.layout.table_at(span[0])
    row = table.row_at(span[0]) if table is not None else None
    if table is None or row is None or row.header:
        return None
    cell = row.cell_at(span[0])
    if cell is None or cell.col == 0 or cell.col >= len(table.columns):
        return None
    return table.columns[cell.col] or None


def _heading(doc: Document, title: str) -> Section | None:
    """The heading a title names: its exact (folded) title first, else one containing it."""
    memo = doc.read().memo
    cached = memo.get(("headings", ""))
    by_title: dict[str, Section]
    if isinstance(cached, dict):
        by_title = cached
    else:
        by_title = {}
        for s in doc.layout.sections:
            if s.kind in ("heading", "clause"):
                by_title.setdefault(fold(s.title), s)
        memo[("headings", "")] = by_title
    hit = by_title.get(fold(title))
    if hit is not None:
        return hit
    return next((s for s in by_title.values() if _same(title, s.title)), None)


def _clause(doc: Document, number: str) -> Section | None:
    return next((s for s in doc.layout.sections if s.kind == "clause" and s.number == number), None)


def _paragraph(doc: Document, heading: Section | None, n: int) -> Region | None:
    parent = heading.title if heading else ""
    paras = [s for s in doc.layout.sections if s.kind == "paragraph"]
    if heading is not None:
        inside = [s for s in paras if heading.span[0] <= s.span[0] < heading.span[1]]
    else:
        inside = paras
    if 1 <= n <= len(inside):
        s = inside[n - 1]
        return Region(s.span[0], s.span[1], f"{parent} ¶{n}".strip())
    return None


def _row(doc: Document, label: str, within: Region | None) -> Region | None:
    """The row a label names: its exact label first, then a row grouped under a label row
    ("Net income per share: Basic" for "Basic"), then any row whose label contains it."""
    rows = [
        s
        for s in doc.layout.sections
        if s.kind == "row" and (within is None or within.start <= s.span[0] < within.end)
    ]
    want = fold(label).strip(" .:")
    ranked = (
        [s for s in rows if fold(s.title).strip(" .:") == want]
        or [s for s in rows if fold(s.title).endswith(f": {want}")]
        or [s for s in rows if _same(label, s.title)]
    )
    if not ranked:
        return None
    s = ranked[0]
    return Region(s.span[0], s.span[1], f"row {s.title}")


def heading_period(doc: Document, pos: int) -> tuple[Period, str] | None:
    """The period the heading over ``pos`` names, with that heading: "Q4 2025 at a glance"
    dates the figures of its slide, "Full-year 2025" those of its section.

    The heading is the innermost one holding ``pos`` (a document's title names its period
    only for the lines right under it), or, nearer, a title line standing alone as a
    paragraph between it and ``pos`` (a slide's title: one short line, no sentence, no
    amount). It must name one period (a day only "as of" it: a date alone is a dateline),
    and one the document's own period holds: a title dated by its month of publication
    ("Investor update, August 2026" about July) dates nothing, but a heading over guidance
    ("Outlook for Q4 2025") dates its figures, whatever period the document reports. None
    when no heading there names such a period.
    """
    lay = doc.layout
    head = lay.heading_at(pos)
    floor = head.span[0] if head is not None else 0
    title = head.title if head is not None else ""
    memo = doc.read().memo
    starts = memo.get(("paragraph starts", ""))
    if not isinstance(starts, list):
        starts = memo[("paragraph starts", "")] = [a for a, _ in lay.paragraphs]
    i = bisect_right(starts, pos) - 1
    if i >= 0 and pos < lay.paragraphs[i][1]:
        i -= 1  # the paragraph holding pos is no title of itself
    titles = memo.get(("title paragraphs", ""))
    if not isinstance(titles, list):  # found once, so a figure repeated 10,000 times is cheap
        titles = memo[("title paragraphs", "")] = [
            j for j, (a, b) in enumerate(lay.paragraphs) if _title_paragraph(doc.text[a:b])
        ]
    j = bisect_right(titles, i) - 1  # the nearest title paragraph at or before paragraph i
    if j >= 0 and lay.paragraphs[titles[j]][0] >= floor:
        a, b = lay.paragraphs[titles[j]]
        title = doc.text[a:b].strip()
    if not title:
        return None
    # the snapshot's memo is shared by documents of the same text: key by their period too
    own = doc.period
    key = ("heading period", f"{title}\0{own and (own.start, own.end)}\0{doc.published}")
    if key not in memo:
        memo[key] = _named_period(doc, title)
    found = memo[key]
    return (found, title) if isinstance(found, Period) else None


def _title_paragraph(text: str) -> bool:
    """One short line with no sentence in it and no amount: a slide's or a block's title."""
    t = text.strip()
    return (
        bool(t)
        and "\n" not in t
        and len(t) <= 80
        and len(t.split()) <= 10
        and t[-1] not in ".,;:!?"
        and not any(c in t for c in "$€£¥%")
    )


_AS_OF = re.compile(r"\b(?:as\s+(?:of|at)|at)\b", re.IGNORECASE)  # "As of December 31, 2025"


# a heading over guidance ("Outlook for Q4 2025", "FY2026 guidance") names the period its
# figures are for, though the document reports an earlier one
_AHEAD = re.compile(
    r"\b(?:outlook|guidance|forecasts?|projections?|expectations?|targets?)\b", re.IGNORECASE
)


def _named_period(doc: Document, title: str) -> Period | None:
    year = doc.period.end.year if doc.period else (doc.published.year if doc.published else None)
    found = find_periods(title, default_year=year)
    periods = {(p.start, p.end, p.granularity) for _, p in found}
    if len(periods) != 1:
        return None  # none, or a comparison ("Q4 2025 vs Q4 2024"): no one period
    rest = title
    for (a, b), _ in reversed(found):
        rest = rest[:a] + rest[b:]
    if any(c.isdigit() for c in rest):
        return None  # a figure besides the period: a line of data, not a title
    period = found[0][1]
    if period.granularity in ("instant", "day") and _AS_OF.search(title) is None:
        return None  # a date alone ("October 14, 2025") is a memo's dateline
    if (
        doc.period is not None
        and relation(period, doc.period) not in (Relation.EQUAL, Relation.WITHIN)
        and _AHEAD.search(title) is None
    ):
        return None
    return period


def page_spans(text: str) -> list[tuple[int, int]]:
    """Each page's span in a text whose pages are split by form feeds (as ``read_pdf``
    writes them), without the white space at its ends; one page when there is none."""
    spans: list[tuple[int, int]] = []
    start = 0
    while True:
        end = text.find(_PAGE_BREAK, start)
        stop = len(text) if end < 0 else end
        a, b = start, stop
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        spans.append((a, b))
        if end < 0:
            return spans
        start = end + 1


def _page_spans(doc: Document) -> list[tuple[int, int]]:
    memo = doc.read().memo
    found = memo.get(("pages", ""))
    if not isinstance(found, list):
        found = memo[("pages", "")] = page_spans(doc.text)
    return found


def _pages(doc: Document, first: int, last: int) -> Region | None:
    """Pages ``first`` to ``last`` (from 1) of a paged text, or None if it has no such page."""
    spans = _page_spans(doc)
    if not 1 <= first <= last <= len(spans):
        return None
    label = f"page {first}" if first == last else f"pages {first}-{last}"
    return Region(spans[first - 1][0], spans[last - 1][1], label)


def page_at(doc: Document, pos: int) -> int | None:
    """The page (from 1) holding ``pos`` in a paged text; None when the text has no pages."""
    if _PAGE_BREAK not in doc.text:
        return None
    return bisect_right([s for s, _ in _page_spans(doc)], pos) or 1


def _line(doc: Document, n: int) -> Region | None:
    starts = [0] + [m.end() for m in re.finditer("\n", doc.text)]
    if not 1 <= n <= len(starts):
        return None
    start = starts[n - 1]
    end = doc.text.find("\n", start)
    return Region(start, len(doc.text) if end < 0 else end, f"line {n}")


def place_of(doc: Document, span: tuple[int, int]) -> str:
    """A short human name for where a span stands: 'Cash and runway ¶1', 'row Net sales';
    in a PDF, with its page: 'Highlights ¶1 on page 2' ('page 2' when nothing nearer)."""
    where = _place(doc, span)
    page = page_at(doc, span[0])
    if page is None:
        return where
    return f"page {page}" if where == "document" else f"{where} on page {page}"


def _place(doc: Document, span: tuple[int, int]) -> str:
    lay = doc.layout
    row = lay.section_at("row", span[0])
    if row is not None:
        return f"row {row.title}"
    head = lay.heading_at(span[0])
    para = lay.section_at("paragraph", span[0])
    if para is not None:
        if head is not None and head.kind == "clause":
            return f"§{head.number}"
        return f"{para.parent} ¶{para.index}".strip() if para.parent else f"¶{para.index}"
    return head.title if head else "document"
