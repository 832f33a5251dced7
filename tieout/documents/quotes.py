"""Quotes: a claim's quote found verbatim in a document, after folding both.

Folding lowers case and drops what a quote may write otherwise (spaces, table cell bars,
Markdown emphasis, a row's dotted leader, the space after a currency sign); a
:class:`Folded` text keeps the way back to positions in the source, so ``find_quote``
gives spans in the document's text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from tieout.figures.normalization import normalize

if TYPE_CHECKING:
    from tieout.documents.document import Document

__all__ = ["Folded", "find_quote", "fold", "fold_text", "folded"]

_DROP = "*_`"
_WS = re.compile(r"\s+")


# emphasis marks go; a table's cell bars and the spaces around them are one space (a
# quote of a row reads "Revenue $48,213", however its cells were drawn); runs of white
# space are one space (a single plain space needs no edit)
# white space between a currency sign and its digits goes ("$   1,234" as filings align
# it is the "$1,234" a quote writes)
# a table row's dotted leader, whatever its length, and the spaces around it are one space
# too (a quote shortens "Property taxes ..............  $ 71,250" or drops the dots)
_FOLD_RUN = re.compile(
    r"\s*\.(?: ?\.){2,}\s*|[*_`]+|(?<=[$€£¥])\s+(?=\d)|\s*\|[\s|]*|\s{2,}|[^\S ]"
)


@dataclass(frozen=True, slots=True)
class Folded:
    """Folded text and the way back: each edit is (position in folded text, length there,
    start in the source, length in the source), sorted."""

    text: str
    edits: tuple[tuple[int, int, int, int], ...] = ()
    _starts: tuple[int, ...] = ()

    def to_source(self, pos: int) -> int:
        i = bisect_right(self._starts, pos) - 1
        if i < 0:
            return pos
        out, out_len, src, src_len = self.edits[i]
        if pos < out + out_len:
            return src
        return src + src_len + (pos - out - out_len)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """A folded span as a span of the source text."""
        return self.to_source(start), self.to_source(end - 1) + 1

    def to_folded(self, src: int) -> int:
        """The folded position of a source position (the first at or after it)."""
        lo, hi = 0, len(self.edits)
        while lo < hi:  # the last edit starting at or before src in the source
            mid = (lo + hi) // 2
            if self.edits[mid][2] <= src:
                lo = mid + 1
            else:
                hi = mid
        if lo == 0:
            return src
        out, out_len, s_start, s_len = self.edits[lo - 1]
        if src < s_start + s_len:
            return out
        return out + out_len + (src - s_start - s_len)


@lru_cache(maxsize=65536)
def fold(text: str, numbers: str = "point") -> str:
    """The comparison form of a quote: normalised, lower case, single spaces, no emphasis.
    ``numbers``: the convention of the document quoted, whose text has its numbers' separators
    swapped when it is "comma" (a quote "1.234,5 Mio. €" stands there as "1,234.5 Mio. €")."""
    return fold_text(normalize(text, numbers)).text.strip()


def fold_text(text: str) -> Folded:
    """Fold normalised text (lower case, one space for any run of spaces or table cell
    bars, no Markdown emphasis), keeping the way back to positions in ``text``."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a rare character whose lower case is longer: keep it
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    pieces: list[str] = []
    edits: list[tuple[int, int, int, int]] = []
    last = 0
    out = 0
    prev = ""  # the last character written
    for m in _FOLD_RUN.finditer(lowered):
        a, b = m.span()
        if a < last:
            continue  # swallowed by the edit before
        chunk = lowered[last:a]
        pieces.append(chunk)
        out += len(chunk)
        if chunk:
            prev = chunk[-1]
        if lowered[a] in "*_`" and prev in ("", " "):
            while b < len(lowered) and lowered[b] == " ":
                b += 1  # "a ** b": drop the space after dropped emphasis too
        glued = a > 0 and lowered[a - 1] in "$€£¥" and lowered[b : b + 1].isdigit()
        rep = "" if lowered[a] in "*_`" or glued or prev in ("", " ") else " "
        edits.append((out, len(rep), a, b - a))
        pieces.append(rep)
        out += len(rep)
        prev = rep or prev
        last = b
    pieces.append(lowered[last:])
    return Folded("".join(pieces), tuple(edits), tuple(e[0] for e in edits))


@lru_cache(maxsize=256)
def _folded_doc(sha256: str, text: str) -> Folded:
    return fold_text(text)


def folded(doc: Document) -> Folded:
    return _folded_doc(doc.sha256, doc.text)


def find_quote(doc: Document, quote: str) -> list[tuple[int, int]]:
    """Every span of ``doc.text`` where ``quote`` stands, after folding both."""
    needle = fold(quote, doc.numbers).rstrip(".")
    if not needle:
        return []
    hay = folded(doc)
    spans = []
    k = hay.text.find(needle)
    while k >= 0:
        spans.append(hay.span(k, k + len(needle)))
        k = hay.text.find(needle, k + 1)
    return spans
