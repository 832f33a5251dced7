"""Scale notes that stand on a line of their own and hold until another replaces them.

A statement's or a section's note is printed once, in a running header at the top of its
pages ("NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (continued) (in thousands, except per
share amounts)") or in its title ("Comparison of Fiscal 2025 to Fiscal 2024 (in 000's)"),
and holds for every table below it that states no scale of its own, across prose, until
another such note replaces it or a part of the document of its own begins (a top-level
heading: "PART II", "Item 8", a Markdown "#" or "##"). ``standing_notes`` finds them;
``StandingNotes`` answers which one is in force at a place.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from tieout.figures.layout.model import Layout, ScaleNote
from tieout.figures.layout.notes import find_notes

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "StandingNotes",
    "introducing",
    "part_starts",
    "reaching_notes",
    "standing_notes",
    "title_note",
]


# the longest line a running header or a section's title with its note takes
_HEADER_REACH = 240


def _line_at(text: str, pos: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return start, len(text) if end < 0 else end


def _blank_around(text: str, start: int, end: int) -> bool:
    """Whether the line ``text[start:end]`` stands alone: a blank line (or the text's
    edge) above it and below it."""
    if start > 0:
        above = text.rfind("\n", 0, start - 1) + 1
        if text[above : start - 1].strip():
            return False
    if end < len(text):
        below = text.find("\n", end + 1)
        if text[end + 1 : len(text) if below < 0 else below].strip():
            return False
    return True


def _standing(text: str, note: ScaleNote) -> bool:
    """Whether ``note`` stands on a line of its own that is a header or a title, no
    sentence and no caption: it ends with no full stop and no colon, and holds no amount
    or percent besides the note."""
    start, end = _line_at(text, note.span[0])
    line = text[start:end].strip()
    if not line or len(line) > _HEADER_REACH or "|" in line or "\t" in line:
        return False
    if line.endswith((".", ":", ";", "?", "!")):
        return False  # a sentence, or a caption that introduces the table under it
    rest = text[start : note.span[0]] + text[note.span[1] : end]
    if any(ch in rest for ch in "$€£¥%"):
        return False
    return _blank_around(text, start, end)


def standing_notes(lay: Layout) -> list[ScaleNote]:
    """The notes of ``lay`` that stand on a line of their own outside any table, in order,
    but those a table right under them took as its caption's ("(amounts expressed in
    thousands)" over its table): a caption's note holds for its table and the tables that
    continue it, not past a paragraph of prose."""
    captions = {t.note.span for t in lay.tables if t.note is not None}
    return [
        n
        for n in lay.notes
        if n.span not in captions and lay.table_at(n.span[0]) is None and _standing(lay.text, n)
    ]


def introducing(text: str, note: ScaleNote) -> bool:
    """Whether ``note`` ends a paragraph that introduces a table ("… is summarised as
    follows (in thousands):"): the note stands in its line's last sentence, which ends in
    a colon. Such a note holds for the first table below it, prose between or not."""
    start, end = _line_at(text, note.span[0])
    line = text[start:end].rstrip()
    if line.endswith(":"):
        tail = line[note.span[1] - start :]
        if "." not in tail.replace("..", "") and len(tail) <= 40:
            return True
    # "The following summarizes … for each quarter (in thousands, except percentages).
    # The results of any quarter …": the sentence that holds the note introduces a table
    head = line[: note.span[0] - start]
    cut = max(head.rfind(". "), head.rfind(".\n"))
    sentence = head[cut + 1 :] if cut >= 0 else head
    return len(sentence) <= 400 and _INTRODUCES.search(sentence) is not None


# the words of a sentence that introduces the table under it
_INTRODUCES = re.compile(
    r"(?i)\b(?:the\s+following|as\s+follows|(?:table|schedule)\s+below|below\s+(?:is|are)"
    r"|(?:summari[sz]ed|presented|set\s+forth|shown|detailed)\s+below)\b"
)


def title_note(text: str, note: ScaleNote) -> bool:
    """Whether a standing note stands in a title with words of its own ("NOTES TO THE
    FINANCIAL STATEMENTS (continued) (in thousands)", "Comparison of 2025 to 2024 (in
    000's)"): the scale of the section it heads, for its prose too; a note alone on its
    line ("(in thousands)") scales the paragraph or table right under it."""
    start, end = _line_at(text, note.span[0])
    rest = text[start : note.span[0]] + text[note.span[1] : end]
    return sum(ch.isalpha() for ch in rest) >= 12


def reaching_notes(text: str) -> tuple[list[int], bool]:
    """Where each note of ``text`` that may hold for a table below it across prose ends, in
    order (those on a line of their own and those that introduce a table), and whether one
    may be a section title's, which scales prose anywhere below it (``title_note``): a
    superset of what ``read_layout`` applies so, read in one pass without the layout, so
    that a reader of one block of a long text can tell whether a note above may reach it."""
    ends: list[int] = []
    titled = False
    for n in find_notes(text, 0, None):
        alone = _standing(text, n)
        if alone or introducing(text, n):
            ends.append(n.span[1])
        titled = titled or (alone and title_note(text, n))
    return ends, titled


def part_starts(lay: Layout) -> list[int]:
    """Where a part of the document of its own begins: its top-level headings."""
    return [s.span[0] for s in lay.sections if s.kind == "heading" and s.level <= 2]


class StandingNotes:
    """The standing notes of a text, and the top-level headings that end their reach."""

    __slots__ = ("ends", "notes", "starts")

    def __init__(self, notes: Sequence[ScaleNote], breaks: Sequence[int]) -> None:
        self.notes = list(notes)
        self.starts = [n.span[1] for n in self.notes]
        self.ends = sorted(breaks)

    @classmethod
    def of(cls, lay: Layout) -> StandingNotes:
        """The standing notes ``read_layout`` found in ``lay`` (``Layout.standing``)."""
        return cls(lay.standing, part_starts(lay))

    def at(self, pos: int) -> ScaleNote | None:
        """The standing note in force at ``pos``: the last one above it, unless a
        top-level heading stands between the two."""
        k = bisect_right(self.starts, pos) - 1
        if k < 0:
            return None
        note = self.notes[k]
        b = bisect_right(self.ends, pos) - 1
        if b >= 0 and self.ends[b] >= note.span[1]:
            return None
        return note
