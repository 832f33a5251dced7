"""Fenced code blocks of a draft, found in one pass over its lines.

A block opens on a line that starts (after spaces or tabs) with three backticks or three
tildes, and closes on the next line holding those three alone; an opening line with no
close opens nothing. Matching it with one regular expression cost a scan to the end of the
text for every unclosed opening line (quadratic: 128 KB of them took 20 s); here each
opening line finds its close by bisection among the closing lines.
"""

from __future__ import annotations

import re
from bisect import bisect_right

__all__ = ["fenced_blocks"]

_FENCE_LINE = re.compile(r"^[ \t]*(```|~~~)([^\n]*)$", re.M)


def fenced_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of ``text``'s fenced code blocks, fences included, in order."""
    if "```" not in text and "~~~" not in text:
        return []
    lines = [(m.start(), m.end(), m[1], not m[2].strip(" \t")) for m in _FENCE_LINE.finditer(text)]
    closers: dict[str, list[int]] = {"```": [], "~~~": []}
    for start, _, fence, bare in lines:
        if bare:
            closers[fence].append(start)
    blocks: list[tuple[int, int]] = []
    done = 0  # the end of the last block: an opening line must start after it
    for start, end, fence, _ in lines:
        if start < done:
            continue
        candidates = closers[fence]
        i = bisect_right(candidates, end)  # a close starts on a later line
        if i == len(candidates):
            continue
        close = candidates[i]
        close_end = text.find("\n", close)
        close_end = len(text) if close_end < 0 else close_end
        blocks.append((start, close_end))
        done = close_end
    return blocks
