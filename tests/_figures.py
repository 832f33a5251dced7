"""Helpers the layout tests share: a figure found by its text, and what it reads as."""

from __future__ import annotations

from decimal import Decimal

from tieout.figures import Figure


def figure(figs: list[Figure], text: str, nth: int = 0) -> Figure:
    """The ``nth`` figure whose text is exactly ``text``."""
    found = [f for f in figs if f.text == text]
    assert len(found) > nth, f"no figure {text!r} in {[f.text for f in figs]}"
    return found[nth]


def read(f: Figure) -> tuple[Decimal | None, str | None, str | None]:
    """Value, unit (or the unit its place implies) and kind."""
    return f.value, f.unit or f.implied_unit, f.kind
