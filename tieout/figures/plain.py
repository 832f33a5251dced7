"""The context-free reading: normalise, scan, link ranges, read words and hedges; no layout.
:func:`parse_amount` reads one cell or claim value so.
"""

from __future__ import annotations

from dataclasses import replace

from tieout.figures.figure import Figure
from tieout.figures.hedges import mark_hedged
from tieout.figures.normalization import Normalized, normalize_with_map
from tieout.figures.ranges import link_comparatives, link_ranges, restated_once, share_list_scale
from tieout.figures.scan import scan_figures
from tieout.figures.sections import roman_articles
from tieout.figures.words import spelled_figures

__all__ = ["in_original", "parse_amount", "read_plain"]


def read_plain(
    text: str,
    words: bool = False,
    *,
    skips: list[tuple[tuple[int, int], str, str]] | None = None,
    numbers: str = "point",
) -> tuple[Normalized, list[Figure]]:
    """The normalised ``text`` and every figure in it, in order, spans in the normalised
    text, read without the page's structure: no scale note, no table column (see
    :func:`tieout.figures.reader.extract` for the parameters)."""
    norm = normalize_with_map(text, numbers)
    figs = link_comparatives(
        norm.text,
        share_list_scale(norm.text, link_ranges(norm.text, list(scan_figures(norm.text, skips)))),
    )
    articles = list(roman_articles(norm.text))
    if articles:
        figs = sorted([*figs, *articles], key=lambda f: f.span)
    if words:
        figs = restated_once(
            norm.text, sorted([*figs, *spelled_figures(norm.text, figs)], key=lambda f: f.span)
        )
    return norm, mark_hedged(norm.text, figs)


def parse_amount(text: str) -> Figure | None:
    """The single figure that ``text`` states, or None (used for table cells and claims)."""
    norm, figs = read_plain(text)
    if len(figs) != 1:
        return None
    return figs[0] if not norm._edits else in_original(norm, figs[0])


def in_original(norm: Normalized, fig: Figure) -> Figure:
    """``fig``, read in ``norm.text``, with its span and text in the original."""
    start, end = norm.span_to_original(*fig.span)
    return replace(fig, span=(start, end), text=norm.original[start:end])
