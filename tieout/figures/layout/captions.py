"""What stands above a table and gives it its caption: ``context_above``, ``caption_of``.

A table's caption is the short lines right above it ("Segment results", "(in thousands)",
"Years Ended …"), a long line that ends with a sentence introducing it ("The table below
presents revenue by segment (in millions):"), and never a paragraph of prose; footnotes set
above a table are passed over. ``group_label`` tells a label row standing above its rows
("Earnings per share:") and ``FOOTNOTE_LINE`` a footnote's or a source's line.
"""

from __future__ import annotations

import re

from tieout.figures.layout.labels import PER_SHARE
from tieout.figures.layout.lines import NUMBERED_TABLE, Line, has_digit

__all__ = [
    "BULLET",
    "FOOTNOTE_LINE",
    "UNIT_WORDS",
    "caption_of",
    "context_above",
    "group_label",
    "long_caption",
]


# a footnote's or a source's line under a table: "(1) Includes …", "* Restated", "Source: …"
FOOTNOTE_LINE = re.compile(
    r"(?:\(\d{1,2}\)|\d{1,2}\)|\([a-z]\)|[*†‡]+|[¹²³⁴⁵⁶⁷⁸⁹]+|(?i:notes?|sources?)\s*:)\s*\S"
)


# words of a unit declaration: "(Unit: persons)", "(Unit: KRW 1,000 million)", "USD 100k"
UNIT_WORDS = re.compile(
    r"\bunits?\s*:|(?<![a-z])(?:thousands?|millions?|billions?|trillions?|crores?|lakhs?|mn|bn"
    r"|mio|mrd|tsd)(?![a-z])|'000|\b000'?s\b",
    re.IGNORECASE,
)


_GROUP_WORDS = re.compile(r"[A-Za-z][^\n]{0,58}:")


def group_label(line: str) -> bool:
    """Whether a caption line right above a table is a label row whose rows follow
    ("Earnings per share:", "Weighted-average shares outstanding:"; a per-share sub-heading
    with no colon, as UK statements print "Earnings per share (pence)" over "Basic")."""
    if has_digit(line):
        return False
    if _GROUP_WORDS.fullmatch(line) is not None:
        return True
    return len(line) <= 60 and line[:1].isalpha() and PER_SHARE.search(line.lower()) is not None


BULLET = re.compile(r"(?:[-*•–]|\d{1,2}[.)]|\(?[a-z]\))\s")


def context_above(lines: list[Line], i: int) -> list[str]:
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
        if (
            ln.kind != "blank"
            and not ln.rule
            and FOOTNOTE_LINE.match(text) is not None
            and caption_of(text) is None
            # (a numbered caption is no footnote: "(1) Operating Results  (Millions of yen)")
            and (text.endswith(".") or UNIT_WORDS.search(text) is None)
        ):
            pass  # a footnote set above its table ("(1) Recorded in other expense."): no caption
        elif ln.kind != "blank" and not ln.rule:
            if len(text) > 90:
                # "Table 4. Scope 1 and Scope 2 … (in thousands of metric tons CO2e):"
                # right above its table, or above its bracketed notes only ("[Seasonally
                # adjusted at annual rates]") and year headings ("2025"): its caption
                bracketed = all(
                    (o[:1] in "[(" and o[-1:] in ")]") or not any(ch.isalpha() for ch in o)
                    for o in out
                )
                caption = caption_of(text)
                if bracketed and caption is not None:
                    out.insert(0, caption)
                break
            if i - k > 6 and not BULLET.match(text) and (len(text) > 60 or text[-1] in ".!?;"):
                break  # a line of prose past the six lines a caption may take
            out.insert(0, text)
            if text.startswith("#"):
                break
        k -= 1
    return out


_CONTEXT_REACH = 24


def long_caption(line: str) -> bool:
    """Whether a line too long for a title is still the caption of the table right under
    it, or ends with one (``caption_of``)."""
    return caption_of(line) is not None


# where a sentence ends and the next begins, in a paragraph that leads into a table
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)%][.!?])\s+(?=[A-Z(])")


def caption_of(line: str) -> str | None:
    """The caption a line too long for a title gives the table right under it: the line
    itself where it is a numbered table's ("Table 4. Scope 1 and Scope 2 greenhouse gas
    emissions by site, fiscal years 2022 to 2024 (in thousands of metric tons CO2e)"), or
    the sentence it ends with where that ends in a colon and names a unit or a scale ("…
    for a predetermined price. The table below presents revenue by segment (in
    millions):"), whose note then governs the table; else None."""
    if len(line) <= 400 and NUMBERED_TABLE.match(line) is not None:
        return line
    if not line.endswith(":"):
        return None
    last = _SENTENCE_END.split(line[-400:])[-1] if len(line) > 90 else line
    if len(line) > 400 and last == line[-400:]:
        return None  # no sentence ends in its last 400 characters: prose, no caption
    return last if "(" in last or UNIT_WORDS.search(last) is not None else None
