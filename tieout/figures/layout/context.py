"""Giving each figure the scale, currency and period its place implies: ``apply_context``.

A figure in a table is read by ``cells.in_table``; a figure in prose under a note takes the
note above its paragraph; a table's footnote takes the table's note.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from tieout.figures.layout.amounts import scaled_figure
from tieout.figures.layout.captions import FOOTNOTE_LINE
from tieout.figures.layout.cells import across_headings, in_table
from tieout.figures.layout.currencies import DOLLARS, document_dollar, table_declares, with_dollar
from tieout.figures.layout.lines import has_digit, prose_line
from tieout.figures.layout.model import Layout, ScaleNote
from tieout.figures.layout.row_periods import dated_in_table
from tieout.figures.layout.standing import StandingNotes, part_starts, title_note

if TYPE_CHECKING:
    from tieout.figures.figure import Figure

__all__ = ["apply_context", "footnote_line"]


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
    default_dollar = default_currency if default_currency in DOLLARS - {"USD"} else None
    if default_dollar is not None and lay.tables:
        tables = [
            t if t.dollar is not None or table_declares(t) else with_dollar(t, default_dollar)
            for t in lay.tables
        ]
        lay = replace(lay, tables=tables)
    out = _apply_context(lay, figs, default_scale=default_scale, default_currency=default_currency)
    if not lay.dollars and default_dollar is None:
        return out
    return [document_dollar(lay, f, default_dollar) for f in out]


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
    # a section title's note ("Comparison of 2025 to 2024 (in 000's)") holds for the amounts
    # in prose under it that name no scale of their own (no price, no per-share amount)
    titles = [n for n in lay.standing if title_note(lay.text, n)]
    titled = StandingNotes(titles, part_starts(lay)) if titles else None
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
            if across_headings(table, f):
                continue  # "£m    2025" of "2026 £m    2025 £m": a unit and a year, no figure
            read = in_table(table, f, default_scale, default_currency)
            out.append(dated_in_table(lay.text, table, read))
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
        if note is None and titled is not None and f.kind == "currency" and f.per is None:
            note = titled.at(f.span[0]) if f.scale_source == "none" else None
        amount = f.kind == "currency" or (f.kind == "number" and f.significant)
        if note is not None and amount and f.scale_source == "none":
            # a note in prose scales amounts, never a day, a year or a small count
            out.append(scaled_figure(f, note.scale, note.currency, None, None))
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
        and not has_digit(rest)
        and not rest.rstrip().endswith(".")
    )
    return note if alone else None


# a footnote's mark at its paragraph's start, the mark to find in its table: "(1)", "*"
_FOOTNOTE_MARK = re.compile(r"[ \t]*(\(\d{1,2}\)|\([a-z]\)|[*†‡]+|[¹²³⁴⁵⁶⁷⁸⁹]+)[ \t]*\S")


def footnote_line(line: str) -> bool:
    """Whether a line starts with a footnote's mark ("(1) Includes …", "(a)", "* ", "†")."""
    return FOOTNOTE_LINE.match(line.lstrip()) is not None


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
