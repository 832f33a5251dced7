"""Decimal arithmetic on figures that never rounds: ``times`` and ``over`` a scale."""

from __future__ import annotations

from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal

__all__ = ["EXACT", "HUNDRED", "ONE", "over", "times"]


ONE = Decimal(1)
HUNDRED = Decimal(100)
#: Arithmetic on figures never rounds: a 40-digit amount keeps its 40 digits.
EXACT = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)


def times(value: Decimal, factor: Decimal) -> Decimal:
    """``value * factor`` exactly (scales are powers of ten)."""
    return EXACT.multiply(value, factor)


def over(value: Decimal, factor: Decimal) -> Decimal:
    """``value / factor`` exactly (scales are powers of ten)."""
    return EXACT.divide(value, factor)
