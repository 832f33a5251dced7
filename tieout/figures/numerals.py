"""What a number as written is worth: its ``Decimal``, one step in its last digit, and a
fraction written after it ("3 1/2", "3½").
"""

from __future__ import annotations

import unicodedata
from decimal import Decimal
from fractions import Fraction

__all__ = ["decimal_value", "fraction_of", "fraction_value", "precision_of", "terminates"]


def decimal_value(num: str) -> Decimal:
    return Decimal(num.replace(",", "") if "," in num else num)


# the vulgar fractions, by their numerator and denominator ("⅜" is 3/8)
_VULGAR = {
    ch: (int(parts[0], 16) - 0x30, int("".join(chr(int(c, 16)) for c in parts[2:])))
    for ch in "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒"
    for parts in [unicodedata.decomposition(ch).split()[1:]]
}


def fraction_of(num: str, frac: str) -> tuple[Fraction, int]:
    """The value of ``num`` and the fraction written after it, and the fraction's
    denominator: ('3', ' 1/2') -> (7/2, 2); ('1', '/3') -> (1/3, 3); ('3', '½') -> (7/2, 2)."""
    frac = frac.strip()
    if frac in _VULGAR:
        top, bottom = _VULGAR[frac]
        whole = Fraction(decimal_value(num))
    elif frac[0] == "/":
        top, bottom = int(num.replace(",", "")), int(frac[1:])
        whole = Fraction(0)
    else:
        a, _, b = frac.partition("/")
        top, bottom = int(a), int(b)
        whole = Fraction(decimal_value(num))
    return whole + Fraction(top, bottom), bottom


def terminates(denominator: int) -> bool:
    """Whether a fraction over ``denominator`` is a decimal that ends (2s and 5s only)."""
    for p in (2, 5):
        while denominator % p == 0:
            denominator //= p
    return denominator == 1


def fraction_value(num: str, frac: str) -> tuple[Decimal, Decimal]:
    """The exact value of ``num`` and the fraction after it, and one step in its last
    place: ('3', ' 1/2') -> (3.5, 0.5); ('1', '/2') -> (0.5, 0.5); ('3', '½') -> (3.5, 0.5).
    Read only where the fraction terminates (``terminates``), so the value is exact."""
    value, bottom = fraction_of(num, frac)
    return Decimal(value.numerator) / Decimal(value.denominator), Decimal(1) / Decimal(bottom)


_PRECISION: dict[int, Decimal] = {}


def precision_of(num: str) -> Decimal:
    """One step in the last digit written: '1.45' -> 0.01."""
    places = len(num) - num.index(".") - 1 if "." in num else 0
    step = _PRECISION.get(places)
    if step is None:
        step = _PRECISION[places] = Decimal(1).scaleb(-places)
    return step
