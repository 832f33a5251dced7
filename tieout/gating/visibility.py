"""Where a rendered draft shows nothing: the parts of Markdown and HTML no reader sees.

A ``[not in source]`` marker exempts a line from the gate only where a reader sees it
(:func:`hidden_spans` lists where one would not): an HTML comment; a tag's own markup, its
attributes included (``alt``, ``title``); the whole of ``<script>``, ``<style>``,
``<template>``, ``<noscript>`` and ``<title>``; an element made invisible (``hidden``,
``aria-hidden="true"``, or a style of ``display: none``, ``visibility: hidden``, a zero font
size or opacity, white or transparent text); a Markdown link's title and an image's alt
text; a link reference definition. Each search starts where the last one ended, and an
element left unclosed hides the rest of the text, so the work is linear in the draft.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate

__all__ = ["hidden_spans", "visible_matches"]

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_TAG = re.compile(r"</?[A-Za-z][^<>]*>|<![^<>]*>")
_HIDING_STYLE = (
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0+(?:\.0*)?(?:px|pt|em|rem|%)?\s*(?:;|$|[\"'])"
    r"|opacity\s*:\s*0+(?:\.0*)?\s*(?:;|$|[\"'])"
    r"|(?<![-\w])color\s*:\s*(?:white|transparent|#fff(?:fff)?\b|rgba?\(\s*255\s*,\s*255\s*,\s*255)"
)
_HIDING = re.compile(
    r"\bhidden\b|\baria-hidden\s*=\s*[\"']?true|\bstyle\s*=\s*(?:\"[^\"]*|'[^']*)(?:"
    + _HIDING_STYLE
    + ")",
    re.I,
)
_INVISIBLE_ELEMENTS = frozenset(("script", "style", "template", "noscript", "title", "head"))
_OPEN = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)\b([^<>]*)>")
_LINK_TITLE = re.compile(r"\]\([^()\s]*\s+(\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\))\s*\)")
_IMAGE_ALT = re.compile(r"!\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]")  # one level of [ ] inside
_REFERENCE = re.compile(r"^ {0,3}\[[^\[\]\n]+\]:[ \t]+\S.*$", re.M)


def _hidden_elements(text: str) -> list[tuple[int, int]]:
    """The spans of elements whose content no reader sees, each to its closing tag."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while True:
        m = _OPEN.search(text, pos)
        if m is None:
            return spans
        name = m[1].lower()
        if name not in _INVISIBLE_ELEMENTS and not _HIDING.search(m[2]):
            pos = m.end()
            continue
        close = re.compile(rf"</{re.escape(name)}\s*>", re.I).search(text, m.end())
        if close is None:  # unclosed: a browser hides the rest
            spans.append((m.start(), len(text)))
            return spans
        spans.append((m.start(), close.end()))
        pos = close.end()


def hidden_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` a reader of the rendered draft does not see (see the module)."""
    spans: list[tuple[int, int]] = []
    if "<" in text:
        spans += [m.span() for m in _COMMENT.finditer(text)]
        spans += [m.span() for m in _TAG.finditer(text)]
        spans += _hidden_elements(text)
    if "](" in text:
        spans += [m.span(1) for m in _LINK_TITLE.finditer(text)]
    if "![" in text:
        spans += [m.span(1) for m in _IMAGE_ALT.finditer(text)]
    if "]:" in text:
        spans += [m.span() for m in _REFERENCE.finditer(text)]
    return sorted(spans)


def visible_matches(text: str, phrase: str) -> list[int]:
    """Where ``phrase`` stands in ``text`` (any case) outside every hidden span."""
    found = [m.start() for m in re.finditer(re.escape(phrase), text, re.IGNORECASE)]
    if not found:
        return []
    hidden = hidden_spans(text)
    starts = [a for a, _ in hidden]
    reach = list(accumulate((b for _, b in hidden), max))  # the furthest end so far
    return [pos for pos in found if (i := bisect_right(starts, pos) - 1) < 0 or reach[i] <= pos]
