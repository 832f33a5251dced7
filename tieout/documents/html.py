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

from tieout.documents.html_tables import Cell, Table, table_lines
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
_MARK_SYMBOLS = "()[]*†‡§¶# \u00a0"


def _footnote_mark(text: str) -> bool:
    """Whether a superscript is a footnote mark ("(1)", "2", "*", "†", "(a)"), left out of
    the text so that it never reads as a figure ("4,200(2)" would hold a -2)."""
    core = text.strip(_MARK_SYMBOLS)
    if not core:
        return bool(text.strip())
    return len(core) <= 3 and (core.isdigit() or (len(core) == 1 and core.isalpha()))


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
    """Collects the page's blocks as lines; tables as :class:`Table` placeholders. The
    target of lxml's HTML parser (libxml2, in C): it is called for each tag and text."""

    def __init__(self) -> None:
        self.out: list[str | Table] = []  # finished lines and tables, in order
        self.line: list[str] = []  # inline text of the block being read
        self.prefix = ""  # "# " for a heading, "- " for a list item
        self.skip: list[str] = []  # open elements whose content is left out
        self.pre = 0
        self.title: list[str] = []
        self.in_title = False
        self.tables: list[Table] = []  # open tables (nested ones are read flat)
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
            self.tables.append(Table())
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
                Cell(text, self.cell_span, self.cell_down, self.cell_head)
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
        if isinstance(item, Table):
            if item.caption.strip():
                lines += [_SPACES.sub(" ", item.caption).strip(), ""]
            heads, rows = table_lines(item)
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
