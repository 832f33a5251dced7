"""The place a claim cites: the figures its quote and locator point at.

The period check and the quote check judge the same place. A value may stand in a
document several times (a headline repeated in a table, the same amount in two columns);
the occurrence the claim's verbatim quote states, at its locator (and in its column, when
the locator names one), is the one that decides, not a repeat elsewhere.
"""

from __future__ import annotations

from tieout.checks.context import ClaimContext
from tieout.figures.figure import Figure

__all__ = ["cited", "stated_span", "states"]


def stated_span(ctx: ClaimContext, span: tuple[int, int]) -> tuple[int, int]:
    """What the quoted span states figures of: itself, or the whole row when it begins a
    table row's label (often just the line item, "Net sales"); "Revenue" found inside
    "Cost of revenue" states nothing of that row."""
    assert ctx.doc is not None
    start, end = span
    table = ctx.doc.layout.table_at(start)
    row = table.row_at(start) if table is not None else None
    if row is not None and not row.header:
        lead = ctx.doc.text[row.span[0] : start]
        if not any(c.isalnum() for c in lead):
            start, end = min(start, row.span[0]), max(end, row.span[1])
    return start, end


def states(ctx: ClaimContext, span: tuple[int, int]) -> list[Figure]:
    """The matched figures the quoted span states (see :func:`stated_span`)."""
    start, end = stated_span(ctx, span)
    return ctx.matches_within(start, end)


def cited(ctx: ClaimContext) -> list[Figure] | None:
    """The matched figures the claim's quote and locator point at, or None when they
    point at none of them (no verbatim quote stating the value, no locator holding it).

    The quote's figures, narrowed to those the locator holds (in its column, if it names
    one), else to those in the locator's region, else all the quote states; with no quote
    stating the value, the figures the locator holds."""
    region = ctx.region
    picks = _quoted(ctx)
    if not picks:
        if region is None:
            return None
        return [f for f in ctx.matches if region.holds(f.span)] or None
    if region is not None:
        held = [f for f in picks if region.holds(f.span)]
        inside = [f for f in picks if region.contains(f.span)]
        return held or inside or picks
    return picks


def _quoted(ctx: ClaimContext) -> list[Figure]:
    """The figures every quoted span states, each once, in the order of the spans."""
    picks: list[Figure] = []
    seen: set[Figure] = set()
    for span in ctx.quote_spans:
        for f in states(ctx, span):
            if f not in seen:
                seen.add(f)
                picks.append(f)
    return picks
