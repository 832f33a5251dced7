"""Check 1, existence: the cited document is known and states the claimed value."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from tieout.checks.cited import stated_span
from tieout.checks.context import ClaimContext
from tieout.checks.results import Evidence, Finding, Status
from tieout.checks.slips import dated, slip_reason, slipped
from tieout.documents import Document
from tieout.documents.index import FigureIndex
from tieout.documents.locate import place_of
from tieout.figures.figure import Figure

__all__ = ["evidence_for", "existence"]


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
    exact = [f for dim in ctx.dims for f in index.find(dim, base) if ctx.admits(f)]
    if not exact:  # "one point two trillion dollars", as a call transcript says it
        words = _spelled(doc)
        exact = [f for dim in ctx.dims for f in words.find(dim, base) if ctx.admits(f)]
    if exact:
        ctx.matches = _unique(exact + _quoted_bare(ctx))
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
    if ctx.unit.kind == "currency":
        found = _unnamed_currency(ctx, index.find("number", base))
        if found is not None:
            yield found
            return
    rounded = [
        f for dim in ctx.dims for f in index.rounded_to(dim, base, ctx.precision) if ctx.admits(f)
    ]
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


def _unnamed_currency(ctx: ClaimContext, numbers: list[Figure]) -> Finding | None:
    """The claimed amount as a table's bare cell scaled by a note that names no currency
    ("(in millions, except per share data and ratios)", "(amounts expressed in
    thousands)"), as the gate reads it: found when every amount the document names a
    currency for is in the claim's currency, a warning when it names none, and nothing
    when it names another (a "$" claim is never a euro table's cell)."""
    assert ctx.doc is not None and ctx.unit is not None
    doc = ctx.doc
    cells = [
        f
        for f in numbers
        if f.kind == "number"
        and f.scale_source == "context"
        and f.implied_unit is None
        and f.where is not None
    ]
    if not cells:
        return None
    named = _currencies(doc)
    if named - {ctx.unit.dimension}:
        return None
    ctx.matches = _unique(cells)
    first = ctx.matches[0]
    where = f'{ctx.shown()} found in {doc.doc_id}: "{first.text}" ({place_of(doc, first.span)})'
    if named:
        return Finding(
            Status.PASS,
            f"{where}, under a scale note that names no currency in a document whose "
            f"amounts are all in {ctx.unit.dimension}",
            evidence_for(ctx, ctx.matches),
            field="value",
        )
    return Finding(
        Status.WARNING,
        f"{where}, but {doc.doc_id} names no currency: tieout cannot tell it is "
        f"{ctx.unit.dimension}",
        evidence_for(ctx, ctx.matches),
        field="unit",
    )


def _quoted_bare(ctx: ClaimContext) -> list[Figure]:
    """The claimed amount as the claim's quote states it with no unit (a table's bare cell
    "1,284,600", perhaps scaled by a note that names no currency), in a document that names
    amounts only in the claim's currency and states that amount in it elsewhere (the
    caller found it): the quote states the claimed amount, so the quoted figure is one of
    its occurrences, and the one its period is judged at. A cell its place does not date
    is none: its unit and its period would both be taken from elsewhere."""
    assert ctx.doc is not None and ctx.unit is not None and ctx.base_value is not None
    doc = ctx.doc
    if ctx.unit.kind != "currency":
        return []
    numbers = doc.index.find("number", ctx.base_value)
    bare = [f for f in numbers if f.kind == "number" and f.implied_unit is None]
    if not bare or _currencies(doc) - {ctx.unit.dimension}:
        return []
    spans = [stated_span(ctx, s) for s in ctx.quote_spans]
    return [
        f
        for f in bare
        if not f.is_year
        and any(a <= f.span[0] and f.span[1] <= b for a, b in spans)
        and dated(ctx, f)
    ]


def _spelled(doc: Document) -> FigureIndex:
    """The figures a document spells out in words, indexed (read once per snapshot)."""
    memo = doc.read().memo
    key = ("spelled figures", "")
    found = memo.get(key)
    if not isinstance(found, FigureIndex):
        from tieout.figures.words import spelled_figures

        found = FigureIndex.build(spelled_figures(doc.text, doc.read().figures))
        memo[key] = found
    return found


def _currencies(doc: Document) -> frozenset[str]:
    """The currencies a document's amounts are named in (a sign, a code, a table's note)."""
    from tieout.units import CURRENCY_CODES

    memo = doc.read().memo
    key = ("currencies", "")
    found = memo.get(key)
    if not isinstance(found, frozenset):
        found = frozenset(
            u
            for f in doc.read().figures
            for u in (f.unit if f.kind == "currency" else None, f.implied_unit)
            if u in CURRENCY_CODES
        )
        memo[key] = found
    return found


def _not_found(ctx: ClaimContext, base: Decimal) -> str:
    """Why the value is not found: the figure that holds the claim's number at another
    scale or in another unit, when the document has one (a slip); else the nearest figure."""
    assert ctx.doc is not None
    doc = ctx.doc
    reason = f"value {ctx.shown()} not found in {doc.doc_id}"
    slip = slipped(ctx)
    if slip is not None:
        return f"{reason}; {slip_reason(ctx, slip, 'appears at')}"
    candidates = [f for dim in ctx.dims if (f := doc.index.nearest(dim, base)) is not None]
    if candidates:
        nearest = min(candidates, key=lambda f: abs((f.magnitude or Decimal(0)) - abs(base)))
        reason += f'; nearest figure {nearest.display()} at "{doc.snippet(nearest.span)}"'
    return reason


def _unique(figs: list[Figure]) -> list[Figure]:
    seen: set[tuple[int, int]] = set()
    out = []
    for f in figs:
        if f.span not in seen:
            seen.add(f.span)
            out.append(f)
    return out
