"""Roundings: a draft figure written coarser than its source states it.

"$478.4 million" for the cell ``478,390`` of a table "(in thousands)" is not the figure
the source states, and by default the gate refuses it; but the refusal then names the
exact figure, so the model can copy it, and a workflow may accept such roundings
(``rounding = "accept"``).

The relation is arithmetic, never a fuzzy match: a figure written to a precision ``p``
(one step in its last digit: 0.1 million for "$478.4 million") rounds a source value
``v`` when ``v`` rounded half-up to a multiple of ``p`` is the figure's magnitude and
``v`` is not that magnitude itself. A figure written more precisely than its source
("$478,390,000" against "$478.4 million") rounds nothing. A figure accepted as a
rounding must keep at least :data:`MIN_SIGNIFICANT` significant digits: "$2 million"
would round any amount from 1.5 to 2.5 million, so it stays a claim the sources must
state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from decimal import ROUND_HALF_UP, Context, Decimal

from tieout.figures.exact import EXACT
from tieout.figures.figure import Figure

__all__ = [
    "MAX_PROBES",
    "MIN_SIGNIFICANT",
    "all_rounded",
    "first_rounded",
    "rounding_range",
    "rounds",
    "significant",
]

#: The fewest significant digits a figure accepted as a rounding may keep.
MIN_SIGNIFICANT = 3
#: How many candidate source values are confirmed at most, nearest first.
MAX_PROBES = 16
_HALF = Decimal("0.5")
_ONE = Decimal(1)
# a count of steps: a fraction's step ("two thirds", "1/48th": one part, a quotient to 28
# digits) divides no value exactly, and the exact context would expand it without end
_STEPS = Context(prec=100)


def rounding_range(fig: Figure) -> tuple[Decimal, Decimal] | None:
    """The source magnitudes ``[lo, hi)`` that ``fig`` could be a rounding of, or None
    for a section or a figure with no value."""
    if fig.kind == "section" or fig.value is None:
        return None
    mag = fig.value.copy_abs()
    half = EXACT.multiply(fig.precision, _HALF)  # exact, and five times as fast as a division
    return EXACT.subtract(mag, half), EXACT.add(mag, half)


def rounds(value: Decimal, fig: Figure) -> bool:
    """Whether magnitude ``value``, written to ``fig``'s precision, is ``fig``'s
    magnitude (and is not already that magnitude)."""
    assert fig.value is not None
    mag = fig.value.copy_abs()
    value = value.copy_abs()
    if value == mag:
        return False
    steps = _STEPS.divide(value, fig.precision).quantize(
        _ONE, rounding=ROUND_HALF_UP, context=EXACT
    )
    return EXACT.multiply(steps, fig.precision) == mag


def significant(fig: Figure, trailing_zeros: bool = True) -> int:
    """The significant digits ``fig`` is written with: "$478.4 million" has 4,
    "$1.1 million" 2, "0.42%" 2; "4,200" has 4, or 2 without its ``trailing_zeros``."""
    if fig.value is None or fig.value == 0:
        return 0
    steps = _STEPS.divide(fig.value.copy_abs(), fig.precision).to_integral_value(context=EXACT)
    digits = str(int(steps))
    return len(digits if trailing_zeros else digits.rstrip("0"))


def first_rounded(
    lookup: Callable[[str, Figure], Figure | str | None],
    cls: str,
    fig: Figure,
    values: Iterable[Decimal],
) -> Figure | None:
    """The source figure, among candidate magnitudes ``values``, that ``fig`` rounds,
    nearest first (ties: the smaller), each confirmed by ``lookup`` as the source
    states it; None when none is."""
    assert fig.value is not None
    mag = fig.value.copy_abs()
    found = sorted({v for v in values if rounds(v, fig)}, key=lambda v: (abs(v - mag), v))
    for v in found[:MAX_PROBES]:
        hit = lookup(cls, replace(fig, value=v, negative=False))
        if isinstance(hit, Figure):
            return hit
    return None


def all_rounded(
    lookup: Callable[[str, Figure], Figure | str | None],
    cls: str,
    fig: Figure,
    values: Iterable[Decimal],
    limit: int = 3,
) -> tuple[Figure, ...]:
    """The source figures, among candidate magnitudes ``values``, that ``fig`` rounds, as
    :func:`first_rounded` finds them (nearest first), at most ``limit``: a rounding hint
    names them all, since the nearest may stand in another row ("$11.4M" of revenue
    rounds "11,406", and R&D's "(11,405)" too)."""
    assert fig.value is not None
    mag = fig.value.copy_abs()
    found = sorted({v for v in values if rounds(v, fig)}, key=lambda v: (abs(v - mag), v))
    hits: list[Figure] = []
    for v in found[:MAX_PROBES]:
        hit = lookup(cls, replace(fig, value=v, negative=False))
        if isinstance(hit, Figure):
            hits.append(hit)
            if len(hits) == limit:
                break
    return tuple(hits)
