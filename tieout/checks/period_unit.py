"""Check 2, period and unit: the claim agrees with the registry, the document and the
place its figure stands.

A figure of 610 thousand is not wrong because it is wrong; it is wrong because it
belongs to the prior quarter. Units are compared by dimension after normalisation, so
1.4 USD_millions and 1,400,000 USD agree and USD never agrees with percent or EUR.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from tieout.checks.cited import cited
from tieout.checks.context import ClaimContext
from tieout.checks.existence import evidence_for
from tieout.checks.results import Finding, Status
from tieout.documents.locate import heading_period, place_of
from tieout.figures.figure import Figure

if TYPE_CHECKING:
    from tieout.periods import Period

__all__ = ["period_unit"]


def period_unit(ctx: ClaimContext) -> Iterator[Finding]:
    from tieout.periods import Relation, relation
    from tieout.units import same_dimension

    claim, doc, metric = ctx.claim, ctx.doc, ctx.metric
    claimed = ctx.period
    if ctx.unit is None:
        yield Finding(Status.FAIL, f"unit: {ctx.unit_error}", field="unit")
        return
    if metric is not None:
        if not same_dimension(ctx.unit, metric.unit):
            yield Finding(
                Status.FAIL,
                f"unit: the claim is in {claim.unit} ({ctx.unit.dimension}); "
                f"{metric.metric_key} is registered in {metric.unit}",
                field="unit",
            )
        if claim.source_doc_id != metric.source_doc_id:
            yield Finding(
                Status.FAIL,
                f"real figure, wrong report: {metric.metric_key} is sourced from "
                f"{metric.source_doc_id}, the claim cites {claim.source_doc_id}",
                field="source_doc_id",
            )
        from tieout.periods import Period

        registered = Period.from_dates(metric.period_start, metric.period_end)
        if relation(claimed, registered) is not Relation.EQUAL:
            yield Finding(
                Status.FAIL,
                f"period: the claim covers {claimed.describe()}; the registry reports "
                f"{metric.metric_key} for {registered.describe()}",
                field="period_start",
            )
    if doc is not None and doc.period is not None:
        rel = relation(claimed, doc.period)
        if rel not in (Relation.EQUAL, Relation.WITHIN):
            yield Finding(
                Status.FAIL,
                f"period: {doc.doc_id} covers {doc.period.describe()}, the claim says {claimed.describe()}",
                field="period_start",
            )
    if doc is not None and ctx.matches:
        finding = _stated_period(ctx)
        if finding is not None:
            yield finding
            if finding.status is Status.FAIL:
                return
    yield Finding(Status.PASS, _pass_reason(ctx))


def _stated_period(ctx: ClaimContext) -> Finding | None:
    """The claim's period against the period the document states for its figure, judged
    at the place the claim cites (:func:`~tieout.checks.cited.cited`): a dated figure there
    that disagrees fails, whatever an undated repeat elsewhere says. With no place cited,
    every occurrence counts: all dated and none agreeing fails; some dated, none agreeing
    and the rest undated warns (tieout cannot tell which one the claim took). A figure
    neither its column nor its sentence dates takes the period its heading names
    ("Q4 2025 at a glance": :func:`~tieout.documents.locate.heading_period`)."""
    from tieout.periods import claim_agrees, section_agrees

    doc, claimed = ctx.doc, ctx.period
    assert doc is not None
    stated: dict[int, Period | None] = {}
    headed: dict[int, str] = {}  # the heading that dates a figure, for those it dates
    for f in ctx.matches:
        stated[id(f)] = doc.stated_period(f)
        if stated[id(f)] is None and (found := heading_period(doc, f.span[0])) is not None:
            stated[id(f)], headed[id(f)] = found

    def agrees(f: Figure) -> bool:
        p = stated[id(f)]
        if p is None:
            return False
        return section_agrees(claimed, p) if id(f) in headed else claim_agrees(claimed, p)

    def under(f: Figure) -> str:
        return f' under "{headed[id(f)]}"' if id(f) in headed else ""

    place = cited(ctx)
    pointed = place if place is not None else ctx.matches
    agreeing = [f for f in pointed if agrees(f)]
    if agreeing:
        first = set(agreeing)
        ctx.matches = agreeing + [f for f in ctx.matches if f not in first]
        return None
    dated = [f for f in pointed if stated[id(f)] is not None]
    if dated and (place is not None or len(dated) == len(pointed)):
        f = dated[0]
        p = stated[id(f)]
        assert p is not None
        return Finding(
            Status.FAIL,
            f'period: {f.display()} is stated for {p.describe()}{under(f)} ("{f.text}", '
            f"{place_of(doc, f.span)}); the claim says {claimed.describe()}",
            evidence_for(ctx, [f]),
            field="period_start",
        )
    elsewhere = [f for f in ctx.matches if agrees(f)]
    if elsewhere:
        first = set(elsewhere)
        ctx.matches = elsewhere + [f for f in ctx.matches if f not in first]
        return None
    others = [f for f in ctx.matches if stated[id(f)] is not None]
    if not others:
        return None
    f = others[0]
    p = stated[id(f)]
    assert p is not None
    undated = next(g for g in pointed if stated[id(g)] is None)
    return Finding(
        Status.WARNING,
        f'period: "{undated.text}" ({place_of(doc, undated.span)}) names no period, and '
        f'{doc.doc_id} states {f.display()} for {p.describe()}{under(f)} ("{f.text}", '
        f"{place_of(doc, f.span)}); the claim says {claimed.describe()}",
        evidence_for(ctx, [undated, f]),
        field="period_start",
    )


def _pass_reason(ctx: ClaimContext) -> str:
    parts = [f"unit {ctx.claim.unit}"]
    if ctx.metric is not None:
        parts.append(f"agrees with {ctx.metric.metric_key} (from {ctx.metric.effective_from})")
    elif not ctx.registry_given:
        parts.append("(no registry given: checked against the document only)")
    parts.append(f"period {ctx.period.describe()}")
    return " ".join(parts)
