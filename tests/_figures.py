"""Helpers the layout tests share: a figure found by its text, and what it reads as."""

from __future__ import annotations

from decimal import Decimal

import tieout
from tieout.figures import Figure


def figure(figs: list[Figure], text: str, nth: int = 0) -> Figure:
    """The ``nth`` figure whose text is exactly ``text``."""
    found = [f for f in figs if f.text == text]
    assert len(found) > nth, f"no figure {text!r} in {[f.text for f in figs]}"
    return found[nth]


def read(f: Figure) -> tuple[Decimal | None, str | None, str | None]:
    """Value, unit (or the unit its place implies) and kind."""
    return f.value, f.unit or f.implied_unit, f.kind


def stated(text: str) -> dict[str, tuple[Decimal | None, str | None]]:
    """Each figure of ``text`` read as a document (``Document.figures``), by its text:
    value and unit."""
    doc = tieout.Document.from_text("doc", text)
    return {doc.text[f.span[0] : f.span[1]]: (f.value, f.unit) for f in doc.figures}
