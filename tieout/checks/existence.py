"""Check 1, existence: the cited document is known and states the claimed value."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from tieout.checks.context import ClaimContext
from tieout.checks.results import Evidence, Finding, Status
from tieout.documents.locate import place_of
from tieout.figures import Figure

__all__ = ["evidence_for", "existence"]

_OTHER_DIMS = ("percent", "number", "USD", "EUR", "GBP")


def evidence_for(ctx: ClaimContext, figs: list[Figure], limit: int = 3) -> tuple[Evidence, ...]:
    assert ctx.doc is not None
    doc = ctx.doc
    return tuple(Evidence(doc.doc_id, f.span, f.text, place_of(doc, f.span)) for f in figs[:limit])


def existence(ctx: ClaimContext) -> Iterator[Finding]:
    claim, doc = ctx.claim, ctx.doc
    if doc is None:
        yield Finding(
            Status.FAIL,
            f"document {claim.source_doc_id!r} is not known; ingest it with "
            f"`tieout docs add FILE --id {claim.source_doc_id}`",
            field="source_doc_id",
        )
        return
    if ctx.unit is None:
        yield Finding(Status.FAIL, f"unit: {ctx.unit_error}", field="unit")
        return
    base = ctx.base_value
    assert base is not None
    index = doc.index
    exact = [f for dim in ctx.dims for f in index.find(dim, base)]
    if exact:
        ctx.matches = _unique(exact)
        first = ctx.matches[0]
        sign = ""
        if (first.value is not None and first.value < 0) != (base < 0):
            sign = f"; the source shows it as {'negative' if base >= 0 else 'positive'}"
        yield Finding(
            Status.PASS,
            f'{ctx.shown()} found in {doc.doc_id}: "{first.text}" ({place_of(doc, first.span)}){sign}',
            evidence_for(ctx, ctx.matches),
            field="value",
        )
        return
    rounded = [f for dim in ctx.dims for f in index.rounded_to(dim, base, ctx.precision)]
    if rounded:
        ctx.matches, ctx.rounded = _unique(rounded), True
        first = ctx.matches[0]
        yield Finding(
            Status.WARNING,
            f"{ctx.shown()} is a rounding: {doc.doc_id} states {first.display()} "
            f'("{first.text}", {place_of(doc, first.span)})',
            evidence_for(ctx, ctx.matches),
            field="value",
        )
        return
    yield Finding(Status.FAIL, _not_found(ctx, base), field="value")


def _not_found(ctx: ClaimContext, base: Decimal) -> str:
    assert ctx.doc is not None
    doc = ctx.doc
    reason = f"value {ctx.shown()} not found in {doc.doc_id}"
    candidates = [f for dim in ctx.dims if (f := doc.index.nearest(dim, base)) is not None]
    if candidates:
        nearest = min(candidates, key=lambda f: abs((f.magnitude or Decimal(0)) - abs(base)))
        reason += f'; nearest figure {nearest.display()} at "{doc.snippet(nearest.span)}"'
    others = [f for dim in _OTHER_DIMS if dim not in ctx.dims for f in doc.index.find(dim, base)]
    if others:
        o = others[0]
        reason += f'; {o.display()} appears ("{o.text}"), but that is a different unit'
    return reason


def _unique(figs: list[Figure]) -> list[Figure]:
    seen: set[tuple[int, int]] = set()
    out = []
    for f in figs:
        if f.span not in seen:
            seen.add(f.span)
            out.append(f)
    return out
