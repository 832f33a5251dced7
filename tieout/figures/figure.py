"""The figure: what the grammar reads, its canonical key and how its value is shown."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Literal

from tieout.figures.exact import ONE

if TYPE_CHECKING:
    from tieout.periods import Period

__all__ = ["Figure", "FigureKind", "figure_key", "format_value", "group_thousands"]

#: How a figure was written: an amount of money, a percent (or basis points), a plain
#: number (a count, or a table cell whose unit the table gives), a section reference, or a
#: measured quantity ("1,240 MWh", "12.5 tCO2e").
FigureKind = Literal["currency", "percent", "number", "section", "quantity"]


@dataclass(slots=True, unsafe_hash=True)
class Figure:
    """One figure found in a text. A value: never change one, derive with ``dataclasses.replace``.

    (Not ``frozen=True`` only because a frozen dataclass costs four times as much to build,
    and a 10-K holds tens of thousands of figures.)

    ``value`` is in base units (USD, percent, count) with scale applied; ``precision`` is
    the value of one step in the last digit written, in the same units ("$1.4M" has
    precision 100,000). Sections carry their number in ``section`` and no value.
    """

    text: str
    span: tuple[int, int]
    kind: FigureKind
    unit: str | None  # ISO code, 'percent', 'basis_point', or None for a plain number
    value: Decimal | None
    scale: Decimal = ONE
    scale_source: str = "none"  # 'none' | 'suffix' | 'word' | 'context'
    precision: Decimal = ONE
    negative: bool = False
    digits: int = 0  # digits written, before any scale
    grouped: bool = False  # written with a thousands separator
    decimal: bool = False  # written with a decimal point
    section: str | None = None
    period: Period | None = None
    implied_unit: str | None = None  # a currency the surrounding table implies for a bare number
    where: str | None = None  # "row Net sales, column 2019" for table cells
    spelled: bool = False  # written in words
    multiple: bool = False  # written as a multiple ("3x", "12.5x", "10X", "2×")
    heading: bool = False  # a section that numbers a heading ("2.1 By Supplier.")
    per: str | None = None  # what an amount is the price of ("$2.85/Mcf": "Mcf"; _vocab.PER_UNITS)
    hedged: str = ""  # the words that make it an approximation or a bound ("about")

    @property
    def key(self) -> tuple[str, str | None, object]:
        """The canonical key: kind, unit dimension, magnitude in base units."""
        return figure_key(self)

    @property
    def magnitude(self) -> Decimal | None:
        return None if self.value is None else self.value.copy_abs()

    @property
    def is_year(self) -> bool:
        """A bare four-digit whole number from 1900 to 2099, as years are written."""
        return (
            self.kind == "number"
            and self.value is not None
            and self.scale == ONE
            and not self.grouped
            and not self.decimal
            and not self.negative
            and self.digits == 4
            and 1900 <= self.value <= 2099
        )

    @property
    def significant(self) -> bool:
        """Counts as a claim in prose: 4+ digits, a separator, a decimal point or a scale;
        currencies, percents, sections and multiples ("grew 3x") always."""
        if self.kind in ("currency", "percent", "section") or self.multiple:
            return True
        if self.is_year:
            return False
        return self.digits >= 4 or self.grouped or self.decimal or self.scale != ONE

    def display(self) -> str:
        """The value with its unit, for messages: '1,400,000 USD', '32%'."""
        if self.kind == "section":
            return f"§{self.section}"
        if (
            self.kind == "number"
            and not self.grouped
            and self.scale == ONE
            and self.value is not None
        ):
            return format(self.value, "f")  # as written: a year stays 2019, not 2,019
        return format_value(self.value, self.unit or self.implied_unit)


def figure_key(fig: Figure) -> tuple[str, str | None, object]:
    if fig.kind == "section":
        return ("section", None, fig.section)
    dim = "percent" if fig.unit in ("percent", "basis_point") else fig.unit
    return (fig.kind, dim, fig.value.copy_abs() if fig.value is not None else None)


def format_value(value: Decimal | None, unit: str | None) -> str:
    """'1,400,000 USD', '32%', '1,234.5'."""
    if value is None:
        return "null"
    text = group_thousands(value)
    if unit in ("percent", "basis_point"):
        return f"{text}%"
    return f"{text} {unit}" if unit else text


def group_thousands(value: Decimal) -> str:
    v = value.normalize() if value == value.to_integral_value() else value
    if v == v.to_integral_value():
        return f"{int(v):,}"
    sign = "-" if v < 0 else ""
    whole, _, frac = format(v.copy_abs(), "f").partition(".")
    return f"{sign}{int(whole):,}.{frac}"
