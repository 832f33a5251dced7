"""HTML sources (filings saved from EDGAR, investor pages) as the text tieout reads.

``read_html(data, name)`` turns a page into Markdown-like text: headings as ``#`` lines,
paragraphs and list items between blank lines, and each ``<table>`` as ``|`` rows that
``layout`` reads like any Markdown table, with the scale note and caption above it kept
as lines above the table.

Filings split one printed figure over several cells: ``$`` in one, ``4,200`` in the next,
``)`` in a third, under a year heading that spans all three (``colspan``). Such cells are
joined back (``$4,200``, ``(1,234)``) and the columns a heading spans become one column, so
each year's figures stand under that year. Nothing else about a figure is changed: the
number grammar reads the text afterwards, the same way it reads any source.

A table's heading rows run down to its row of periods ("2025 | 2024"), whatever its label
cell holds ("Revenue", a "Segment" spanning the rows down); a scale note in that cell
(EDGAR's corner: "(In millions, except per share data)") becomes a line above the table,
and so do headings over groups of years ("Revenue" and "Operating income" over "2025 |
2024" each), which would leave the columns no period ("Revenue 2025" names none).

Footnote marks printed as superscripts ("4,200<sup>(2)</sup>") are left out, so a mark
never reads as a figure of its own. Left out of the text too: ``<script>``, ``<style>``, ``<head>`` (bar its ``<title>``),
``<template>``, ``<noscript>``, ``<svg>``, hidden Inline XBRL headers (``<ix:header>``) and
any element styled ``display:none``, so hidden facts never count as what the page states.
The page is decoded as its byte-order mark or ``<meta charset>`` says, else as UTF-8, else
as windows-1252 (the encoding HTML assumes for undeclared pages), then parsed by libxml2
(lxml), which recovers from broken markup much as a browser does, at about 4 MB/s here.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from tieout.errors import DocumentFormatError

__all__ = ["read_html"]

_SKIP = frozenset({"script", "style", "head", "template", "noscript", "svg", "ix:header"})
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
_BLOCK = frozenset(
    {
        "p",
        "div",
        "section",
        "article",
        "header",
        "footer",
        "main",
        "nav",
        "aside",
        "blockquote",
        "ul",
        "ol",
        "dl",
        "dt",
        "dd",
        "figure",
        "figcaption",
        "center",
        "address",
        "form",
        "fieldset",
        "body",
        "html",
    }
)
_HEADINGS = {f"h{k}": k for k in range(1, 7)}
_NO_ATTRS: dict[str, str | None] = {}
_HIDDEN = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
_SPACES = re.compile(r"[ \t\r\n\f\v\u00a0\u2000-\u200b\u202f\u205f\u3000]+")
# a cell holding only what prints beside a figure: a currency sign before it, or a closing
# bracket or percent sign after it (filings give each its own cell)
_BEFORE_ONLY = frozenset({"$", "€", "£", "¥", "US$", "C$", "A$", "(", "($", "$(", "-", "−"})
_AFTER_ONLY = frozenset({")", "%", ")%", "%)", "pts", "bps"})


_MARK_SYMBOLS = "()[]*†‡§¶# \u00a0"


def _footnote_mark(text: str) -> bool:
    """Whether a superscript is a footnote mark ("(1)", "2", "*", "†", "(a)"), left out of
    the text so that it never reads as a figure ("4,200(2)" would hold a -2)."""
    core = text.strip(_MARK_SYMBOLS)
    if not core:
        return bool(text.strip())
    return len(core) <= 3 and (core.isdigit() or (len(core) == 1 and core.isalpha()))


@dataclass
class _Cell:
    text: str
    span: int  # colspan
    down: int = 1  # rowspan: the rows it holds its columns in
    head: bool = False  # a <th>


@dataclass
class _Table:
    rows: list[list[_Cell]] = field(default_factory=list)
    caption: str = ""


def _span(value: str | None) -> int:
    """A colspan or rowspan attribute as a count of columns or rows (1 when it is none)."""
    try:
        return max(1, min(int(value or 1), 100))
    except ValueError:
        return 1


def _decode(data: bytes) -> str:
    for bom, codec in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            return data.decode(codec, errors="replace")
    declared = _META_CHARSET.search(data[:4096])
    if declared is not None:
        label = declared.group(1).decode("ascii").lower()
        try:
            codec = codecs.lookup(label).name
        except LookupError:
            codec = ""
        if codec in ("ascii", "latin-1", "iso8859-1"):
            codec = "cp1252"  # as browsers read such pages
        if codec:
            try:
                return data.decode(codec)
            except UnicodeDecodeError:
                pass  # a wrong declaration: try what the bytes say instead
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


class _Reader:
    """Collects the page's blocks as lines; tables as :class:`_Table` placeholders. The
    target of lxml's HTML parser (libxml2, in C): it is called for each tag and text."""

    def __init__(self) -> None:
        self.out: list[str | _Table] = []  # finished lines and tables, in order
        self.line: list[str] = []  # inline text of the block being read
        self.prefix = ""  # "# " for a heading, "- " for a list item
        self.skip: list[str] = []  # open elements whose content is left out
        self.pre = 0
        self.title: list[str] = []
        self.in_title = False
        self.tables: list[_Table] = []  # open tables (nested ones are read flat)
        self.cell: list[str] | None = None
        self.cell_span = 1
        self.cell_down = 1
        self.cell_head = False
        self.in_caption = False
        self.sup: list[str] | None = None  # the text of an open <sup>

    # ---------------------------------------------------------------- text

    def _flush(self) -> None:
        text = "".join(self.line)
        self.line = []
        if self.pre:
            lines = [ln.rstrip() for ln in text.split("\n")]
        else:
            lines = [_SPACES.sub(" ", text).strip()]
        lines = [ln for ln in lines if ln.strip()]
        if not lines:
            self.prefix = ""
            return
        if self.tables:  # text inside a table but outside its cells: keep it above
            self.tables[-1].caption = " ".join([self.tables[-1].caption, *lines]).strip()
            return
        item = self.prefix == "- "
        if self.prefix:
            lines[0] = self.prefix + lines[0]
        self.out.extend(lines)
        if not item:  # a list's items stand together; the list ends with a blank line
            self.out.append("")
        self.prefix = ""

    # libxml2 calls start, end and data for each tag and text run; comment is ignored

    def data(self, data: str) -> None:
        if self.skip:
            if self.in_title:
                self.title.append(data)
            return
        if self.sup is not None:
            self.sup.append(data)
            return
        self._text(data)

    def _text(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        elif self.in_caption and self.tables:
            self.tables[-1].caption += data
        else:
            self.line.append(data)

    # ---------------------------------------------------------------- tags

    def comment(self, text: str) -> None:
        pass

    def start(self, tag: str, attrib: Mapping[str, str]) -> None:
        # HTML tag names come in lower case; attributes as a Mapping whose look-ups are
        # slow: made a dict once, where there are any
        attrs = dict(attrib) if attrib else _NO_ATTRS
        if self.skip:
            if tag == self.skip[-1] and tag not in _VOID:
                self.skip.append(tag)
            if tag == "title":
                self.in_title = True
            return
        style = attrs.get("style") or ""
        if tag in _SKIP or (style and _HIDDEN.search(style) and tag not in _VOID):
            self.skip.append(tag)
            self.in_title = False
            return
        if tag == "sup":
            self.sup = []
        elif tag == "br":
            self._text_break()
        elif tag == "table":
            self._close_cell()
            if not self.tables:
                self._flush()
            self.tables.append(_Table())
        elif tag in ("td", "th") and self.tables:
            self._close_cell()
            self.cell = []
            self.cell_span = _span(attrs.get("colspan"))
            self.cell_down = _span(attrs.get("rowspan"))
            self.cell_head = tag == "th"
        elif tag == "tr" and self.tables:
            self._close_cell()
            self.tables[-1].rows.append([])
        elif tag == "caption" and self.tables:
            self.in_caption = True
        elif tag in _HEADINGS and self.cell is None:
            self._flush()
            self.prefix = "#" * _HEADINGS[tag] + " "
        elif tag == "li" and self.cell is None:
            self._flush()
            self.prefix = "- "
        elif tag == "pre" and self.cell is None:
            self._flush()
            self.pre += 1
        elif tag in _BLOCK or tag == "hr":
            self._text_break()

    def end(self, tag: str) -> None:
        if self.skip:
            if tag == "title":
                self.in_title = False
            if tag == self.skip[-1]:
                self.skip.pop()
                if not self.skip:
                    self.in_title = False
            return
        if tag == "sup" and self.sup is not None:
            text, self.sup = "".join(self.sup), None
            if not _footnote_mark(text):
                self._text(text)
        elif tag in ("td", "th"):
            self._close_cell()
        elif tag == "caption":
            self.in_caption = False
        elif tag == "table" and self.tables:
            self._close_cell()
            table = self.tables.pop()
            if self.tables:  # a table in a cell: its rows join the outer table
                self.tables[-1].rows.extend(table.rows)
            else:
                self.out.append(table)
        elif tag in _HEADINGS or tag == "li":
            if self.cell is None:
                self._flush()
        elif tag == "pre" and self.pre:
            self._flush()
            self.pre -= 1
        elif tag in _BLOCK:
            self._text_break()
            if tag in ("ul", "ol", "dl") and self.cell is None and not self.tables:
                self.out.append("")

    def _text_break(self) -> None:
        if self.cell is not None:
            self.cell.append(" ")
        else:
            self._flush()

    def _close_cell(self) -> None:
        if self.cell is None:
            return
        text = _SPACES.sub(" ", "".join(self.cell)).strip().replace("|", "¦")
        if self.tables:
            if not self.tables[-1].rows:
                self.tables[-1].rows.append([])
            self.tables[-1].rows[-1].append(
                _Cell(text, self.cell_span, self.cell_down, self.cell_head)
            )
        self.cell = None
        self.cell_span = 1
        self.cell_down = 1
        self.cell_head = False

    def close(self) -> None:
        self._close_cell()
        while self.tables:
            table = self.tables.pop()
            if self.tables:
                self.tables[-1].rows.extend(table.rows)
            else:
                self.out.append(table)
        self._flush()


# --------------------------------------------------------------------------- tables


_Lone = tuple[int, int] | None  # the columns a row's only filled cell spans, if it spans several


def _grid(
    table: _Table,
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
# the digits a period heading holds besides its years: "September 30,", "Three Months",
# "12 Months Ended", "52 weeks", "Q3", "H1", "FY25"
_PERIOD_DIGITS = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*\d{1,2}\b"
    r"|\b\d{1,2}[\s-]+(?:months?|weeks?)\b|\b[QH][1-4]\b|\bFY\s?\d\d\b",
    re.I,
)


def _period_cell(text: str) -> bool:
    """Whether a cell is a period heading: "2025", "Fiscal 2025", "Dec. 31, 2025"."""
    from tieout.periods import column_period

    return _YEAR.search(text) is not None and column_period(text) is not None


def _heading_cell(text: str) -> bool:
    """Whether a cell may stand in a heading row: no digits but those of a period, a
    month and day ("December 31,") or years ("2025 vs. 2024")."""
    if not any(c.isdigit() for c in text):
        return True
    from tieout.periods import month_day_heading

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
    from tieout.layout import note_anchor, read_layout

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


def _table_lines(table: _Table) -> tuple[list[str], list[str]]:
    """The lines to print above the table (its title and note rows) and its ``|`` rows."""
    rows, spans, lones, row_spans, downs, marked = _grid(table)
    above: list[str] = []
    # a title or a scale note a filing prints as the table's first rows, one cell spanning
    # from the label column on ("(In thousands, except per share data)"): a line above it
    while len(rows) > 1 and lones[0] is not None and lones[0][0] == 0:
        above.append(rows.pop(0)[0])
        lones.pop(0)
        row_spans.pop(0)
        downs.pop(0)
        marked.pop(0)
    if not rows:
        return above, []
    # a scale note in the label cell of a heading row (EDGAR's top-left corner: "(In
    # millions, except per share data)" beside "Three Months Ended"): a line above it too
    for row in rows:
        if not all(_heading_cell(v) for v in row[1:] if v):
            break
        if row[0] and any(row[1:]) and _scale_note(row[0]):
            above.append(row[0])
            row[0] = ""
    width = max(len(r) for r in rows)
    for r in rows:
        r.extend([""] * (width - len(r)))
        _join_split_figures(r)
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
    inner = _innermost(spans)
    group_of = _groups(width, sorted(inner))
    n = max(group_of) + 1
    merged = []
    filled = {0}  # the groups a cell of their own stands in (not only a heading spread over)
    for r, wide in zip(rows, row_spans, strict=True):
        cells = [""] * n
        for k, text in enumerate(r):
            if text:
                end = wide.get(k)
                if end is not None and (k, end) not in inner:
                    targets = sorted({group_of[j] for j in range(k, min(end, width))})
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
    if len(lines) > 1:
        lines.insert(heads, "|" + "---|" * len(keep))
    return above, lines


_UNIT_MARK = re.compile(r"[%$€£¥]|\b(?:bps?|basis points?|days|pence|cents|dollars)\b", re.I)


def _group_headings(merged: list[list[str]], heads: int, keep: list[int]) -> str:
    """Take out the heading rows that name what groups of columns hold ("Revenue" and
    "Operating income (loss)" each over "2025 | 2024"): the layout reads a column's
    heading rows as one heading, and "Revenue 2025" names no period, so the columns would
    lose their years. Their headings are returned as one line to print above the table
    (the label cell stays). A row stays that names a period, a scale or a unit, or that
    has a heading over one column only ("As Restated" over 2023)."""
    from tieout.layout import note_anchor
    from tieout.periods import column_period

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


# --------------------------------------------------------------------------- the page


def read_html(data: bytes, name: str) -> str:
    """The text of an HTML page, tables as ``|`` rows (see the module's docstring)."""
    text = _decode(data)
    if "\x00" in text:
        raise DocumentFormatError(
            name, "looks binary (it holds NUL bytes); give tieout an HTML page"
        )
    head = text.lstrip()[:1024].lower()
    if "<" not in head:
        raise DocumentFormatError(
            name, "does not look like HTML (no tags near the start); save it as .txt instead"
        )
    from lxml import etree  # type: ignore[import-untyped]  # here, not at the top: start-up time

    reader = _Reader()
    parser = etree.HTMLParser(target=reader, recover=True, huge_tree=True, no_network=True)
    try:
        parser.feed(text)
        parser.close()
    except etree.LxmlError as err:  # libxml2's rare refusals
        raise DocumentFormatError(name, f"is not readable HTML ({err}); re-save the page") from None
    lines: list[str] = []
    page_title = _SPACES.sub(" ", "".join(reader.title)).strip()
    if page_title:
        lines += [f"# {page_title}", ""]
    for item in reader.out:
        if isinstance(item, _Table):
            if item.caption.strip():
                lines += [_SPACES.sub(" ", item.caption).strip(), ""]
            heads, rows = _table_lines(item)
            for line in heads:
                lines += [line, ""]
            if rows:
                lines += [*rows, ""]
        else:
            lines.append(item)
    out: list[str] = []
    for line in lines:  # one blank line between blocks, none at the ends
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip() + "\n"
