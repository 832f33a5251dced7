"""Slips: a figure that holds the claim's number but is not the claimed value.

A value that is not found often stands in the document at another scale (a thousandfold
slip: 1,284,600 USD claimed as 1,284,600 USD_thousands) or in another unit (41.2%
claimed as 41.2 USD_thousands), or bare, with no unit tieout can give it. A reason then
names that figure and the cause, not the nearest figure at an unrelated place; and a quote
that states such a figure is said to state it, never "does not state X; it states X".
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from tieout.checks.cited import stated_span
from tieout.checks.context import ClaimContext, is_money
from tieout.documents.locate import heading_period, place_of
from tieout.figures.exact import EXACT
from tieout.figures.figure import Figure, group_thousands

__all__ = ["Slip", "dated", "explain", "slip_reason", "slipped"]

#: Slips by a power of a thousand, either way: the claim a thousand, a million or a
#: billion times the figure, or that share of it.
_POWERS = (3, 6, 9)
_SHIFTS = (*_POWERS, *(-k for k in _POWERS))
_FRACTIONS = {3: "a thousandth", 6: "a millionth", 9: "a billionth"}


@dataclass(frozen=True, slots=True)
class Slip:
    """A figure with the claim's number, and how it differs from the claim."""

    figure: Figure
    cause: str
    #: another scale of the claim's unit, another unit, or the same value with no unit
    how: Literal["scale", "unit", "bare"]


def explain(ctx: ClaimContext, fig: Figure) -> Slip | None:
    """How ``fig`` differs from the claimed value though it holds the claim's number: at
    another scale of the claim's unit, in another unit, or bare; None when it does not
    hold the claim's number (or is the claimed value itself)."""
    base, unit, value = ctx.base_value, ctx.unit, ctx.claim.value
    mag = fig.magnitude
    if base is None or unit is None or value is None or mag is None or not mag:
        return None
    if fig.kind == "section" or (fig.is_year and fig.where is None):
        return None
    claimed = base.copy_abs()
    family = _same_family(ctx, fig)
    if family is not False:
        for k in _POWERS:
            if claimed == mag.scaleb(k, EXACT):
                return Slip(fig, _scale_cause(ctx, f"{10**k:,} times", -k), "scale")
            if claimed.scaleb(k, EXACT) == mag:
                return Slip(fig, _scale_cause(ctx, f"{_FRACTIONS[k]} of", k), "scale")
    if family is None and mag == claimed:
        return Slip(fig, f"tieout cannot tell it is {ctx.shown()}", "bare")
    if family is False:
        written = EXACT.divide(mag, fig.scale) if fig.scale else mag
        if written == value.copy_abs() or any(
            mag.scaleb(k, EXACT) == claimed for k in (0, *_SHIFTS)
        ):
            return Slip(fig, _unit_cause(ctx, fig), "unit")
    return None


def _same_family(ctx: ClaimContext, fig: Figure) -> bool | None:
    """Whether ``fig`` is in the claim's unit (at any scale): True, False, or None for a
    bare number whose unit nothing at its place gives."""
    assert ctx.unit is not None
    kind = ctx.unit.kind
    implied = fig.implied_unit
    if fig.kind == "percent":
        return kind == "percent"
    if fig.kind == "currency":
        return kind == "currency" and fig.unit == ctx.unit.dimension
    if fig.kind != "number":
        return False  # a quantity ("1,240 MWh")
    if is_money(fig):
        return kind == "currency" and implied == ctx.unit.dimension
    if implied is not None:  # a count, of shares or of anything else
        return kind == "count"
    return True if kind == "count" else None


def _scale_cause(ctx: ClaimContext, times: str, shift: int) -> str:
    """'the claim is 1,000 times that — check the unit's scale (in USD_thousands, 1,284.6
    is that figure)': the unit that would make the claim's number that figure."""
    assert ctx.unit is not None
    cause = f"the claim is {times} that — check the unit's scale"
    right = _rescaled(ctx, EXACT.scaleb(ctx.unit.factor, shift))
    if right is None or ctx.claim.value is None:
        return cause
    return f"{cause} (in {right}, {group_thousands(ctx.claim.value)} is that figure)"


def _rescaled(ctx: ClaimContext, factor: Decimal) -> str | None:
    """The name of the claim's unit at another scale ('USD_thousands'), or None."""
    from tieout._vocab import scale_unit_name

    assert ctx.unit is not None
    if ctx.unit.kind == "percent":
        return None
    base = ctx.unit.dimension if ctx.unit.kind == "currency" else ctx.unit.name.partition("_")[0]
    if factor == 1:
        return base
    scale = scale_unit_name(factor)
    return f"{base}_{scale}" if scale else None


def _unit_cause(ctx: ClaimContext, fig: Figure) -> str:
    """'that figure is a percent, a different unit from the claim's USD_thousands — if the
    metric is a percent, claim it in percent'."""
    from tieout.figures.layout.note_forms import UNKNOWN_CURRENCY

    assert ctx.unit is not None
    code = fig.unit if fig.kind == "currency" else fig.implied_unit
    if fig.kind == "percent":
        what, fix = "a percent", "if the metric is a percent, claim it in percent"
    elif code == UNKNOWN_CURRENCY:
        what, fix = "an amount in a currency tieout cannot read from its table's note", ""
    elif is_money(fig):
        what, fix = f"an amount in {code}", f"if the metric is an amount, claim it in {code}"
    elif fig.kind == "number":
        shares = fig.implied_unit == "shares"
        what = "a count of shares" if shares else "a count"
        fix = f"if the metric is a count, claim it in {'shares' if shares else 'count'}"
    else:
        what, fix = f"a quantity in {fig.unit}", ""
    cause = f"that figure is {what}, a different unit from the claim's {ctx.unit.name}"
    return f"{cause} — {fix}" if fix else cause


def slip_reason(ctx: ClaimContext, slip: Slip, verb: str) -> str:
    """The slip in words: '1,284,600 USD appears at row Net sales, column 2024
    ("1,284.6"); the claim is 1,000 times that — check the unit's scale'. ``verb`` says
    where the figure stands: 'appears at' (the document) or 'quote states' (the claim's quote)."""
    assert ctx.doc is not None
    f = slip.figure
    place = place_of(ctx.doc, f.span)
    if slip.how == "bare":
        when = dated(ctx, f)
        cause = slip.cause if when else f"{slip.cause} for {ctx.period.describe()}"
        bare = "with no unit" if when else "with no unit and no period"
        if verb == "appears at":
            return f'"{f.text}" appears at {place} {bare}; {cause}'
        return f'quote states "{f.text}" ({place}) {bare}; {cause}'
    if verb == "appears at":
        return f'{f.display()} appears at {place} ("{f.text}"); {slip.cause}'
    return f'quote states {f.display()} ("{f.text}", {place}); {slip.cause}'


def dated(ctx: ClaimContext, fig: Figure) -> bool:
    """Whether the document gives a figure a period where it stands: its column, its
    sentence or its heading."""
    assert ctx.doc is not None
    doc = ctx.doc
    return doc.stated_period(fig) is not None or heading_period(doc, fig.span[0]) is not None


def slipped(ctx: ClaimContext) -> Slip | None:
    """The figure in the document that best explains a value not found: one the claim's
    quote states first, then one at its locator, then the first in the document; a slip of
    scale before one of unit, and either before a bare figure."""
    assert ctx.doc is not None and ctx.unit is not None
    base, value = ctx.base_value, ctx.claim.value
    assert base is not None and value is not None
    by_magnitude = _by_magnitude(ctx)
    claimed, written = base.copy_abs(), value.copy_abs()
    mags = {claimed, written, *(claimed.scaleb(k, EXACT) for k in _SHIFTS)}
    mags.update(written.scaleb(k, EXACT) for k in _POWERS)
    found: dict[tuple[int, int], Slip] = {}
    for mag in mags:
        for f in by_magnitude.get(mag, ()):
            if f.span not in found and (s := explain(ctx, f)) is not None:
                found[f.span] = s
    if not found:
        return None
    quoted = [stated_span(ctx, s) for s in ctx.quote_spans]
    region = ctx.region

    def rank(s: Slip) -> tuple[int, int, int]:
        span = s.figure.span
        if any(a <= span[0] and span[1] <= b for a, b in quoted):
            where = 0
        else:
            where = 1 if region is not None and region.contains(span) else 2
        return where, ("scale", "unit", "bare").index(s.how), span[0]

    return min(found.values(), key=rank)


def _by_magnitude(ctx: ClaimContext) -> dict[Decimal, list[Figure]]:
    """Every figure of the document's index by its magnitude, whatever its unit (built once
    per snapshot): one probe per magnitude finds the claim's number in any unit."""
    assert ctx.doc is not None
    memo = ctx.doc.read().memo
    key = ("figures by magnitude", "")
    found = memo.get(key)
    if isinstance(found, dict):
        return found
    by_magnitude: dict[Decimal, list[Figure]] = {}
    for (dim, mag), figs in ctx.doc.index.exact.items():
        if dim != "section" and isinstance(mag, Decimal):
            by_magnitude.setdefault(mag, []).extend(figs)
    memo[key] = by_magnitude
    return by_magnitude
