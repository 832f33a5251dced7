"""A text's lines and the cells a table line splits into.

``Line`` is one line with its kind; ``classify`` tells table lines from prose, headings
and clauses, and splits each table line into cells (pipe, tab, whitespace-aligned or CSV,
dot leaders). Also the column-period look-ups the line reader shares with the headers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from tieout._vocab import CURRENCY_SYMBOLS
from tieout.figures.layout.model import Cell
from tieout.figures.layout.note_forms import NOTE
from tieout.figures.layout.notes import CAPTION_NOTE
from tieout.periods import column_period as read_column_period
from tieout.periods import month_day_heading as read_month_day_heading

if TYPE_CHECKING:
    from tieout.periods import Period

__all__ = [
    "CLAUSE",
    "ITEM",
    "MD_HEADING",
    "NUMBERED_TABLE",
    "SETEXT",
    "Line",
    "classify",
    "column_period",
    "has_digit",
    "has_value",
    "join_percent_cells",
    "label_row",
    "merge_symbols",
    "month_day_heading",
    "note_cell",
    "noted_heading",
    "prose_line",
    "stub_cells",
]


_MD_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_ALIGNED_SPLIT = re.compile(r"\S+(?: \S+)*")
MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
CLAUSE = re.compile(
    r"^\s*(?:(?:Section|Clause|Article)\s+)?(\d{1,2}(?:\.\d{1,3}){0,3})\.?\s+([A-Z][^\n]{0,120})"
)
ITEM = re.compile(r"^\s*(Item\s+\d+[A-Z]?\.?.*)$", re.IGNORECASE)
SETEXT = re.compile(r"^\s*(=+|-+)\s*$")


@dataclass(slots=True)
class Line:
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


def has_digit(text: str) -> bool:
    """Any character ``str.isdigit`` takes for a digit (superscripts too)."""
    if text.isascii():
        return _ASCII_DIGIT.search(text) is not None
    return any(ch.isdigit() for ch in text)


def _split_cells(line: Line, sep: str) -> list[tuple[int, int]]:
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


def stub_cells(lines: list[Line]) -> list[list[tuple[int, int]]]:
    """The cells of a pipe table's lines, with the empty label cell each line that opens
    with a pipe leaves: where some rows open with their label ("Total sales | 1,496.5")
    and others with a pipe (" | 2019 | 2018" over them), the pipe is no border but ends an
    empty first cell, so every column keeps its place. Where every row opens with a pipe
    (a Markdown table's borders), the cells are as read."""
    piped = [ln.text.lstrip().startswith("|") for ln in lines if ln.kind == "pipe"]
    if all(piped) or not any(piped):
        return [ln.cells for ln in lines]
    out = []
    for ln in lines:
        if ln.kind == "pipe" and ln.text.lstrip().startswith("|"):
            at = ln.start + ln.text.index("|")
            out.append([(at, at), *ln.cells])
        else:
            out.append(ln.cells)
    return out


def _split_csv(line: Line) -> list[tuple[int, int]]:
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
        and has_digit(inner)
        and column_period(inner) is not None
    )


def classify(lines: list[Line], csv: bool) -> None:
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
        elif t.count("|") >= 1 and len(cells := _split_cells(ln, "|")) >= (
            1 if t.count("|") >= 2 else 2
        ):
            ln.kind, ln.cells = "pipe", cells
        elif "\t" in t.strip() and len(cells := _split_cells(ln, "\t")) >= 2:
            ln.kind, ln.cells = "tab", [c for c in cells if c[1] > c[0]]
        elif ("  " in t.strip() or "...." in t) and has_digit(t) and not _numbered_caption(t):
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


def _lone_heading(lines: list[Line], k: int) -> bool:
    """Whether line ``k`` is one short phrase with no digit, indented, right under a line
    of column headings: the wrapped end of a heading or a note between headings and rows."""
    t = lines[k].text
    inner = t.strip()
    if (
        not inner
        or "  " in inner
        or len(inner) > 60
        or has_digit(inner)
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
    return m is not None and not has_digit(t[m.end() :])


# four dots or more ("..." is an ellipsis), or a leader cut to two dots by a long label
# before a figure ("Average hourly earnings, total private.. $35.02")
_LEADER = re.compile(r" *\.{4,}[. ]*|(?<=\w)\.\.(?!\.) +(?=[$(-]?\d)")


def _split_leaders(t: str, start: int, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
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


def _heading_cells(ln: Line) -> list[tuple[int, int]] | None:
    """The cells of a line of column headings (two or more short phrases apart, with no
    digit and no sentence among them), or None."""
    t = ln.text
    if has_digit(t):
        return None
    spans = [(ln.start + m.start(), ln.start + m.end()) for m in _ALIGNED_SPLIT.finditer(t)]
    if len(spans) < 2:
        return None
    for k, (a, b) in enumerate(spans):
        cell = t[a - ln.start : b - ln.start]
        long = b - a > 40 and not (k == 0 and note_cell(cell))
        # an abbreviation ("Inc./Exp.", "Avg.", "Lease Exp.") ends in a dot as no sentence
        # does: a short last word in a heading of a few words
        words = cell.split()
        abbreviation = cell.endswith(".") and len(words) <= 3 and len(words[-1].split("/")[-1]) <= 5
        if long or (cell[-1] in ".!?;" and not abbreviation):
            return None  # (a note may head the label column: "(in thousands, except ...)")
    return spans


def note_cell(cell: str) -> bool:
    """Whether a cell holds a scale note and nothing else ("($ in millions)", "(in
    thousands, except share and per share data)", "USD millions")."""
    t = cell.strip()
    m = NOTE.match(t)
    if m is not None and t[m.end() :].strip() in ("", ")"):
        return True
    return CAPTION_NOTE.fullmatch(t) is not None


def noted_heading(text: str, cells: list[tuple[int, int]]) -> bool:
    """A table's first line with a scale note in its label cell and words over each value
    column ("($ in millions)  4Q25  4Q24  % Change vs. 4Q24"): its header, whatever its
    headings are (no row of figures has a note for its label and a letter in each cell)."""
    return note_cell(text[cells[0][0] : cells[0][1]]) and all(
        not has_value(v) or _LETTER.search(v) is not None for v in (text[a:b] for a, b in cells[1:])
    )


_LETTER = re.compile(r"[A-Za-z]")


def label_row(lines: list[Line], j: int, family: str) -> bool:
    """A short line with no figures between rows of an aligned or tab table: a row label
    that heads the rows under it ("Revenues:", "Net income per share:")."""
    if family not in ("aligned", "tab") or lines[j].kind != "text":
        return False
    t = lines[j].text.strip()
    if not t or len(t) > 60 or t.endswith(".") or has_digit(t):
        return False
    k = j + 1
    while k < len(lines) and k <= j + 2 and lines[k].kind == "text":
        k += 1  # "Revenues:" / "  Product sales:" / rows
    return k < len(lines) and lines[k].kind == family


def merge_symbols(text: str, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """'$' alone in a cell belongs to the amount after it ('$   260,174')."""
    out: list[tuple[int, int]] = []
    for c in cells:
        if (
            out
            and text[out[-1][0] : out[-1][1]] in CURRENCY_SYMBOLS
            and c[1] > c[0]
            and has_digit(text[c[0] : c[1]])  # a "$" over a "%" heads its own column
        ):
            out[-1] = (out[-1][0], c[1])
        else:
            out.append(c)
    return out


def join_percent_cells(text: str, cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """'%' alone in a cell after a figure belongs to it ('| 78.4 | % |', '| (2.1 | )% |',
    as converters of HTML tables write the cell a filing prints '%' in): the figure's cell
    reaches over it and keeps its column, so its text ends in '%'."""
    out: list[Cell] = []
    for c in cells:
        last = out[-1].text[-1:] if out else ""
        if c.text in ("%", ")%") and out[-1:] and out[-1].col > 0 and has_digit(last):
            prev = out[-1]
            out[-1] = Cell((prev.span[0], c.span[1]), text[prev.span[0] : c.span[1]], prev.col)
        else:
            out.append(c)
    return tuple(out)


@lru_cache(maxsize=4096)
def month_day_heading(cell: str) -> bool:
    """ "December 31," over a year: a heading cell, not an amount."""
    return read_month_day_heading(cell)


@lru_cache(maxsize=4096)
def column_period(header: str, context: str = "") -> Period | None:
    """The period a column header names (cached: filings repeat the same headers)."""
    return read_column_period(header, context)


def has_value(cell: str) -> bool:
    return has_digit(cell)


# a numbered table's caption: a new table ("TABLE 3. STATE EMPLOYEE FTEs", "Exhibit 4-2")
NUMBERED_TABLE = re.compile(r"(?i)(?:table|exhibit|schedule|figure)\s+[0-9A-Z]{1,3}\b")
