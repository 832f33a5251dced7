"""What the checks of one claim share: the claim, its document, its registry row, its unit."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import TYPE_CHECKING

from tieout.figures.figure import Figure, format_value

if TYPE_CHECKING:
    from tieout.documents import Document
    from tieout.documents.locate import Region
    from tieout.periods import Period
    from tieout.schemas import Claim, MetricDefinition
    from tieout.units import Unit

__all__ = ["CheckOptions", "ClaimContext", "is_money"]


def is_money(fig: Figure) -> bool:
    """Whether the document reads a figure as an amount of money: a currency's, or a cell a
    table's note gives a currency (one it names but tieout cannot read included)."""
    from tieout.figures.layout.note_forms import UNKNOWN_CURRENCY
    from tieout.units import CURRENCY_CODES

    implied = fig.implied_unit
    return fig.kind == "currency" or implied in CURRENCY_CODES or implied == UNKNOWN_CURRENCY


@dataclass(frozen=True, slots=True)
class CheckOptions:
    all_checks: bool = False  # run every check even after a fail
    fuzzy_threshold: float = 90.0  # near-verbatim quotes: rapidfuzz partial ratio, 0-100


@dataclass
class ClaimContext:
    claim: Claim
    doc: Document | None
    metric: MetricDefinition | None
    registry_given: bool
    unit: Unit | None
    unit_error: str | None
    period: Period
    options: CheckOptions
    matches: list[Figure] = field(
        default_factory=list
    )  # figures in the document equal to the claim
    rounded: bool = False  # the matches are figures the claim rounds
    # the matches sorted by where they start, for the list ``matches`` was when sorted
    _by_start: tuple[list[Figure], list[int], list[Figure], dict[int, int]] | None = field(
        default=None, repr=False, compare=False
    )

    def matches_within(self, start: int, end: int) -> list[Figure]:
        """The matches standing wholly in ``text[start:end]``, in the order of ``matches``:
        found by bisection, so a value that repeats 10,000 times costs no more per span."""
        if len(self.matches) <= 16:  # the common case: a scan is cheaper than an index
            return [f for f in self.matches if start <= f.span[0] <= end and f.span[1] <= end]
        index = self._by_start
        if index is None or index[0] is not self.matches:
            ordered = sorted(self.matches, key=lambda f: f.span[0])
            rank = {id(f): i for i, f in enumerate(self.matches)}
            index = self._by_start = (self.matches, [f.span[0] for f in ordered], ordered, rank)
        _, starts, ordered, rank = index
        inside = ordered[bisect_left(starts, start) : bisect_right(starts, end)]
        return sorted((f for f in inside if f.span[1] <= end), key=lambda f: rank[id(f)])

    @cached_property
    def region(self) -> Region | None:
        """The place the claim's locator names in its document, or None."""
        from tieout.documents.locate import resolve_locator

        if self.doc is None:
            return None
        return resolve_locator(self.doc, self.claim.source_locator)

    @cached_property
    def quote_spans(self) -> list[tuple[int, int]]:
        """Where the claim's quote stands verbatim (folded) in its document."""
        from tieout.documents.quotes import find_quote

        if self.doc is None:
            return []
        return find_quote(self.doc, self.claim.source_quote or "")

    @cached_property
    def base_value(self) -> Decimal | None:
        if self.unit is None or self.claim.value is None:
            return None
        return self.unit.to_base(self.claim.value)

    @cached_property
    def precision(self) -> Decimal:
        """One step in the claim's last digit, in base units."""
        assert self.unit is not None and self.claim.value is not None
        exp = self.claim.value.as_tuple().exponent
        step = Decimal(1).scaleb(exp if isinstance(exp, int) else 0)
        return self.unit.to_base(step)

    @cached_property
    def dims(self) -> list[str]:
        """Index dimensions the claim's value can stand under."""
        if self.unit is None:
            return []
        if self.unit.kind == "currency":
            return [self.unit.dimension]
        if self.unit.kind == "percent":
            return ["percent"]
        return ["number"]

    def admits(self, fig: Figure) -> bool:
        """Whether a figure found under the claim's dimensions can be the claimed value: a
        count (of shares or anything else) is never a figure the document reads as money
        (a cell of a "$ in thousands" table holds the same digits as a count of shares)."""
        if self.unit is None or self.unit.kind != "count":
            return True
        return not is_money(fig)

    def unit_word(self) -> str | None:
        """The claim's unit as its figures are shown: 'USD', 'percent', 'shares', or None
        for a plain count."""
        if self.unit is None:
            return None
        if self.unit.kind == "currency":
            return self.unit.dimension
        if self.unit.kind == "percent":
            return "percent"
        base = self.unit.name.partition("_")[0]
        return base if base != "count" else None

    def shown(self) -> str:
        """The claim's value in base units, for messages: '1,344,000 USD', '1.2 percentage
        points'."""
        base = self.base_value
        if base is None or self.unit is None:
            return str(self.claim.value)
        if self.unit.name == "percentage_point":  # compared as percent, named as itself
            return f"{format_value(base, None)} percentage points"
        return format_value(base, self.unit_word())
