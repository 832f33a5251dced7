"""Check 2, period and unit: the claim agrees with the registry, the document and the
place its figure stands.

A figure of 610 thousand is not wrong because it is wrong; it is wrong because it
belongs to the prior quarter. Units are compared by dimension after normalisation, so
1.4 USD_millions and 1,400,000 USD agree and USD never agrees with percent or EUR.
"""

from __future__ import annotations

from collections.abc import Iterator

from tieout.checks.context import ClaimContext
from tieout.checks.existence import evidence_for
from tieout.checks.results import Finding, Status
from tieout.documents.locate import place_of

__all__ = ["period_unit"]


def period_unit(ctx: ClaimContext) -> Iterator[Finding]:
    from tieout.periods import Relation, claim_agrees, relation
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
        stated = [(f, doc.stated_period(f)) for f in ctx.matches]
        dated = [(f, p) for f, p in stated if p is not None]
        agreeing = [f for f, p in dated if claim_agrees(claimed, p)]
        if dated and not agreeing and len(dated) == len(stated):
            f, p = dated[0]
            yield Finding(
                Status.FAIL,
                f'period: {f.display()} is stated for {p.describe()} ("{f.text}", '
                f"{place_of(doc, f.span)}); the claim says {claimed.describe()}",
                evidence_for(ctx, [f]),
                field="period_start",
            )
            return
        if agreeing:
            ctx.matches = agreeing + [f for f in ctx.matches if f not in agreeing]
    yield Finding(Status.PASS, _pass_reason(ctx))


def _pass_reason(ctx: ClaimContext) -> str:
    parts = [f"unit {ctx.claim.unit}"]
    if ctx.metric is not None:
        parts.append(f"agrees with {ctx.metric.metric_key} (from {ctx.metric.effective_from})")
    elif not ctx.registry_given:
        parts.append("(no registry given: checked against the document only)")
    parts.append(f"period {ctx.period.describe()}")
    return " ".join(parts)
