"""``extract``: the plain reading, the layout's context (scale notes, table columns), spans
mapped back to the text as given. The top of the grammar: the only module that imports
the layout reader.
"""

from __future__ import annotations

from decimal import Decimal

from tieout.figures.figure import Figure
from tieout.figures.layout import Layout, apply_context, note_anchor, read_layout
from tieout.figures.plain import in_original, read_plain

__all__ = ["extract"]


def extract(
    text: str,
    words: bool = False,
    *,
    context: bool = True,
    layout: Layout | None = None,
    default_scale: Decimal | None = None,
    default_currency: str | None = None,
    skips: list[tuple[tuple[int, int], str, str]] | None = None,
    numbers: str = "point",
) -> list[Figure]:
    """Every figure in ``text``, in order, spans in ``text`` as given.

    ``words=True`` adds spelled-out numbers ("forty-two", "1.5 million", "two thirds").
    With ``context`` (the default) scale notes and table columns are applied; pass a
    precomputed ``layout`` (of the normalised text) to avoid reading the structure twice.
    ``default_scale`` and ``default_currency`` apply to bare numbers in tables that carry
    no scale note of their own (a document ingested with ``--scale USD_thousands``).
    ``skips``, when given, receives what :func:`skipped` would return (normalised spans).
    ``numbers`` is the convention ``text`` writes figures in (see :func:`normalize_with_map`):
    "point" (a draft, always), "comma" or "auto" for a source.
    """
    norm, figs = read_plain(text, words, skips=skips, numbers=numbers)
    if context and (layout is not None or not _no_structure(norm.text)):
        lay = layout if layout is not None else read_layout(norm.text)
        figs = apply_context(
            lay, figs, default_scale=default_scale, default_currency=default_currency
        )
    if not norm._edits:
        return figs
    return [in_original(norm, f) for f in figs]


def _no_structure(text: str) -> bool:
    """True when ``text`` can hold no table and no scale note (no pipe, no tab, no run of
    spaces, no note's anchor word), so its layout would give no figure any context."""
    if "|" in text or "\t" in text or "  " in text:
        return False
    # (no shortcut on words: a note's anchor may be "$ million", "USD m", "in TCHF" or "$000")
    return not note_anchor(text, 0, len(text))
