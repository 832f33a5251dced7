"""Helpers the layout tests share: a figure found by its text, and what it reads as."""

from __future__ import annotations

from datetime import date
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


def html_page(body: str) -> bytes:
    """An HTML page holding ``body``."""
    return f"<html><body>{body}</body></html>".encode()


def html_table(rows: list[list[str]]) -> str:
    """An HTML table of ``rows``, one ``<td>`` per cell."""
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table>{cells}</table>"


def cell_periods(doc: tieout.Document) -> dict[str, tuple[date, date] | None]:
    """The first and last day of each table figure's period, by its text."""
    return {
        f.text: (f.period.start, f.period.end) if f.period is not None else None
        for f in doc.figures
        if f.where
    }
