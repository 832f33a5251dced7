"""Reading a text's structure: ``read_layout``.

Sections (headings, numbered paragraphs, clauses, table rows), tables with their captions,
the notes they inherit from above, and the regions each closes; titles and long captions.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import replace

from tieout.figures.layout.captions import (
    BULLET,
    FOOTNOTE_LINE,
    UNIT_WORDS,
    context_above,
    group_label,
)
from tieout.figures.layout.currencies import declare_dollars, percent_table
from tieout.figures.layout.headers import heading_line, heads_over, noted_restart
from tieout.figures.layout.lines import (
    CLAUSE,
    ITEM,
    MD_HEADING,
    NUMBERED_TABLE,
    SETEXT,
    Line,
    classify,
    has_digit,
    label_row,
)
from tieout.figures.layout.model import Layout, NoteIndex, ScaleNote, Section, Table
from tieout.figures.layout.notes import find_notes
from tieout.figures.layout.standing import StandingNotes, introducing, standing_notes
from tieout.figures.layout.tables import build_table

__all__ = ["read_layout", "section_numbers"]


def section_numbers(lay: Layout) -> Iterator[tuple[str, str]]:
    """The numbers a reader cites ``lay``'s sections by ("Section 2.2", "§3"), each with
    where it stands: a numbered clause ("2.2 By Customer.") and a heading that starts with
    a number ("## 3. People", "### 2.1 Targets", "## 4 Customer Data")."""
    for s in lay.sections:
        if s.kind == "clause" and s.number:
            yield s.number, f'the heading "{s.number} {s.title}"'
        elif s.kind == "heading" and s.title[:1].isdigit():
            c = CLAUSE.match(s.title)
            if c is not None:
                yield c.group(1), f'the heading "{s.title}"'


def read_layout(text: str, *, csv: bool = False, start: int = 0, end: int | None = None) -> Layout:
    """Read the structure of normalised ``text`` (``csv=True``: the whole text is CSV).

    With ``start``/``end``: the structure of ``text[start:end]`` read as if it were the
    whole text, with positions in ``text`` (a block of a long source, read alone)."""
    lines: list[Line] = []
    pos = start
    for raw in (text[start:end] if start or end is not None else text).split("\n"):
        lines.append(Line(pos, pos + len(raw), raw))
        pos += len(raw) + 1
    classify(lines, csv)
    notes = find_notes(text, start, end)
    lay = Layout(text, notes=notes)
    _Reader(text, lines, lay, NoteIndex(notes)).read()
    _close_regions(lay)
    _inherit_notes(lay)
    declare_dollars(lay, start, end)
    lay.finish()
    _standing_tables(lay)
    return lay


def _standing_tables(lay: Layout) -> None:
    """Give each table that states no scale of its own the standing note in force above
    it (a statement's running header, a section's title: ``standing``)."""
    lay.standing = standing_notes(lay)
    introduced = _introduced(lay)
    if not lay.standing and not introduced:
        return
    standing = StandingNotes.of(lay)
    for k, table in enumerate(lay.tables):
        if table.note is not None or table.col_notes or table.row_notes:
            continue
        note = introduced.get(k) or standing.at(table.span[0])
        if note is None or _unread_unit(table.caption, table):
            continue
        lay.tables[k] = replace(
            table, note=note, currency=table.currency or note.currency, dollar=table.dollar
        )


def _introduced(lay: Layout) -> dict[int, ScaleNote]:
    """The note of the paragraph that introduces each table ("… is summarised as follows
    (in thousands):"), by the table's index, where prose stands between the two: the
    first table below such a paragraph, with no other table between, is the one it
    introduces."""
    out: dict[int, ScaleNote] = {}
    text = lay.text
    k = 0
    for n in lay.notes:
        while k < len(lay.tables) and lay.tables[k].span[1] <= n.span[0]:
            k += 1
        if k >= len(lay.tables) or lay.tables[k].span[0] <= n.span[0]:
            continue  # below the last table, or in a table
        if introducing(text, n):
            out[k] = n  # the last such note above the table
    return out


_TABLE_KINDS = ("pipe", "tab", "aligned", "csv")


class _Reader:
    """One pass over a text's classified lines, top down, that adds its paragraphs,
    headings, clauses, tables and table rows to ``lay``: the headings open so far (each
    section's parent) and the paragraph open, if any."""

    __slots__ = (
        "by_place",
        "heading_stack",
        "lay",
        "lines",
        "n",
        "para_index",
        "paragraph_start",
        "text",
    )

    def __init__(self, text: str, lines: list[Line], lay: Layout, by_place: NoteIndex) -> None:
        self.text = text
        self.lines = lines
        self.lay = lay
        self.by_place = by_place
        self.n = len(lines)
        self.paragraph_start: int | None = None
        self.heading_stack: list[Section] = []
        self.para_index: dict[int, int] = {}  # paragraphs so far under each heading (by its start)

    def read(self) -> None:
        """Read every line: a blank closes a paragraph, a table's lines are read as one
        table, any other line is a heading's, a clause's or a paragraph's."""
        lines, n = self.lines, self.n
        i = 0
        while i < n:
            ln = lines[i]
            if ln.kind == "blank":
                self.close_paragraph(lines[i - 1].end if i else 0)
                i += 1
                continue
            if ln.kind in _TABLE_KINDS or (
                ln.kind == "sep" and i + 1 < n and lines[i + 1].kind == "pipe"
            ):
                after = self.table_at(i)
                if after is not None:
                    i = after
                    continue
            i = self.line_at(i)
        self.close_paragraph(lines[-1].end if lines else 0)

    def close_paragraph(self, end: int) -> None:
        paragraph_start, heading_stack, para_index = (
            self.paragraph_start,
            self.heading_stack,
            self.para_index,
        )
        if paragraph_start is not None and end > paragraph_start:
            self.lay.paragraphs.append((paragraph_start, end))
            parent = heading_stack[-1].title if heading_stack else ""
            key = heading_stack[-1].span[0] if heading_stack else -1
            para_index[key] = para_index.get(key, 0) + 1
            self.lay.sections.append(
                Section(
                    "paragraph",
                    parent,
                    (paragraph_start, end),
                    index=para_index[key],
                    parent=parent,
                )
            )
        self.paragraph_start = None

    def open_heading(self, sec: Section) -> None:
        heading_stack = self.heading_stack
        while heading_stack and heading_stack[-1].level >= sec.level:
            heading_stack.pop()
        heading_stack.append(sec)
        self.lay.sections.append(sec)

    def table_at(self, i: int) -> int | None:
        """The line after the table whose lines start at line ``i``, read with its rows;
        None where they hold no table (one row and no ``|---|`` under it)."""
        lines, text = self.lines, self.text
        block, sep_at, j = self._table_lines(i)
        if len(block) >= 2 or (len(block) == 1 and sep_at is not None):
            self.close_paragraph(lines[i - 1].end if i else 0)
            context_lines = context_above(lines, i)
            last = context_lines[-1] if context_lines else ""
            group = last if group_label(last) else ""
            table = build_table(text, block, sep_at, " ".join(context_lines), self.by_place, group)
            table = percent_table(table, last, context_lines)
            self.lay.tables.append(table)
            parent = self.heading_stack[-1].title if self.heading_stack else ""
            for r in table.rows:
                if not r.header and r.label:
                    self.lay.sections.append(Section("row", r.label, r.span, parent=parent))
            return j
        return None

    def _table_lines(self, i: int) -> tuple[list[Line], int | None, int]:
        """The rows of the table whose lines start at line ``i``, where its ``|---|`` row
        stands among them (if it has one), and the line after them."""
        lines, text, n, by_place = self.lines, self.text, self.n, self.by_place
        ln = lines[i]
        j = i
        family = ln.kind if ln.kind != "sep" else "pipe"
        sep_at: int | None = None
        block: list[Line] = []
        while True:
            while j < n and (
                lines[j].kind == family
                or (family == "pipe" and lines[j].kind == "sep")
                or label_row(lines, j, family)
                or (lines[j].rule and family in ("aligned", "tab"))
            ):
                if block and noted_restart(text, block, lines[j], by_place):
                    break  # "(Rs. in lakhs)  2026  2025" right under a table's rows
                if lines[j].rule:  # a rule under headings or above a total: not a row
                    j += 1
                    continue
                if lines[j].kind == "text":  # "Revenues:" between rows of a filing's table
                    t = lines[j].text
                    lead = len(t) - len(t.lstrip())
                    lines[j].cells = [(lines[j].start + lead, lines[j].start + len(t.rstrip()))]
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
                or not all(heading_line(text, b) for b in block)
                or heading_line(text, lines[k])
                or not heads_over(block, lines[k])
            ):
                break
            j = k
        return block, sep_at, j

    def line_at(self, i: int) -> int:
        """The line after line ``i`` (or after a heading's underline), read as a heading's,
        a clause's or a paragraph's."""
        lines, text, n = self.lines, self.text, self.n
        ln = lines[i]
        first = ln.text.lstrip()[:1]
        m = MD_HEADING.match(ln.text) if first == "#" else None
        nxt = lines[i + 1].text.lstrip()[:1] if i + 1 < n else ""
        setext = (
            nxt in ("=", "-")
            and lines[i + 1].kind in ("text", "sep")
            and SETEXT.match(lines[i + 1].text)
        )
        if m or (setext and ln.kind == "text" and self.paragraph_start is None):
            self.close_paragraph(lines[i - 1].end if i else 0)
            level = len(m.group(1)) if m else (1 if lines[i + 1].text.strip()[0] == "=" else 2)
            title = m.group(2) if m else ln.text.strip()
            self.open_heading(Section("heading", title.strip(), (ln.start, len(text)), level))
            return i + (1 if m else 2)
        # a numbered clause opens on any line ("2.2 By Customer." often follows "2.1 …"
        # directly); inside a paragraph only a dotted number counts, so a wrapped line
        # that starts "12 Months" stays prose
        c = CLAUSE.match(ln.text) if first.isdigit() or first in "SCA" else None
        if c is not None and self.paragraph_start is not None and "." not in c.group(1):
            c = None
        if c is None and self.paragraph_start is None and first in "Ii":
            it = ITEM.match(ln.text)
            if it is not None and len(ln.text) < 120:
                self.open_heading(Section("heading", it.group(1).strip(), (ln.start, len(text)), 2))
                return i + 1
        if (
            c is None
            and self.paragraph_start is None
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
            self.open_heading(Section("heading", title, (ln.start, len(text)), level))
            return i + 1
        if c is not None:
            number = c.group(1)
            depth = number.count(".") + 1
            title = c.group(2).split(". ")[0].rstrip(".")
            self.close_paragraph(lines[i - 1].end if i else 0)
            self.open_heading(Section("clause", title, (ln.start, len(text)), 6 + depth, number))
        if self.paragraph_start is None:
            self.paragraph_start = ln.start
        return i + 1


_PART = re.compile(r"PART\s+[IVX]+\b", re.IGNORECASE)
_SMALL_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "but",
        "by",
        "for",
        "from",
        "in",
        "into",
        "of",
        "on",
        "or",
        "per",
        "the",
        "to",
        "vs",
        "versus",
        "with",
    ]
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
    if _PAGE_MARK.fullmatch(t) or UNIT_WORDS.search(t) is not None:
        return False
    nxt = below.strip()
    if _capitals(t):
        # (a second line of capitals continues the title: "NOTE 11 - DEFINED BENEFIT" over
        # "PENSION PLANS"; column headings in capitals hold their years: "Q3 2026  Q3 2025")
        return not (_capitals(nxt) and _title_line(nxt) and not has_digit(nxt))
    return BULLET.match(nxt) is not None


def _title_rank(line: str) -> int:
    """How high a caption line above or between tables titles them: 3 for a numbered
    table ("Table 3. …"), 2 for a title in capitals, 1 for one in title case, 0 for none
    (a page number, a scale note, a label row, a sentence)."""
    t = line.strip()
    if NUMBERED_TABLE.match(t):
        return 3
    if _PAGE_MARK.fullmatch(t) or UNIT_WORDS.search(t) is not None or not _title_line(t):
        return 0
    return 2 if _capitals(t) else 1


def _sentence(line: str) -> bool:
    """A line of prose ending a sentence ("Per capita debt was $511 at June 30, 2026."),
    not a table's footnote or source line."""
    t = line.strip()
    return (
        len(t.split()) >= 4
        and t[-1:] in ".!?"
        and FOOTNOTE_LINE.match(t) is None
        and not group_label(t)
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
            group_label(line.strip()) for line in gap.split("\n") if line.strip()
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
    if has_digit(t) or UNIT_WORDS.search(t) is not None or len(t) > 60:
        return False
    bold = len(t) > 4 and t[:2] == t[-2:] and t[:2] in ("**", "__") and t[2:-2].strip() != ""
    return bold or _METRICS_CAPTION.search(t) is not None


def _labels_rows(text: str, head: int, table: Table) -> bool:
    """Whether the heading at ``head`` is printed right above ``table``'s rows, which
    have no column headings of their own: a label of rows that continue the table above
    (a balance sheet's "LIABILITIES AND EQUITY"), no heading between the two."""
    eol = text.find("\n", head)
    return eol >= 0 and eol + 1 == table.span[0] and not _own_heads(table)


def _unread_unit(gap: str, table: Table) -> bool:
    """Whether a caption line between two tables, or the corner cell of the second, declares
    a unit no note was read from ("(Unit: %)", "(Unit: thousand persons)"): the second
    table is then in a unit of its own, not in the first one's (its scale is unknown)."""
    return UNIT_WORDS.search(table.columns[0]) is not None or any(
        UNIT_WORDS.search(line) is not None and not line.rstrip().endswith(".")
        for line in gap.split("\n")  # a footnote's sentence ("… of $12 million.") declares none
    )


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
