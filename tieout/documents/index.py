"""The figure index of one snapshot: canonical figure -> where it stands.

Built once per snapshot (and cached by sha256), so checking grows with claims + text,
never claims x text. Exact look-ups are a dict probe; "nearest figure" and "the source
states a figure this claim rounds" are a bisect in a per-dimension sorted list.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from tieout.figures.exact import EXACT
from tieout.figures.figure import Figure

__all__ = ["FigureIndex", "dimension_of"]


def dimension_of(fig: Figure) -> list[str]:
    """The dimensions a figure can be looked up under."""
    if fig.kind == "section":
        return ["section"]
    if fig.kind == "percent":
        return ["percent"]
    if fig.kind == "currency" and fig.unit:
        return [fig.unit]
    dims = ["number"]
    if fig.implied_unit:
        dims.append(fig.implied_unit)
    return dims


@dataclass
class FigureIndex:
    exact: dict[tuple[str, object], list[Figure]] = field(default_factory=dict)
    _sorted: dict[str, tuple[list[Decimal], list[Figure]]] = field(default_factory=dict)

    @classmethod
    def build(cls, figures: Iterable[Figure]) -> FigureIndex:
        idx = cls()
        by_dim: dict[str, list[tuple[Decimal, int, Figure]]] = {}
        for n, f in enumerate(figures):
            if f.is_year and f.where is None:
                continue  # a year in prose or a heading ("fiscal 2025") is no count of 2,025
            for dim in dimension_of(f):
                if dim == "section":
                    idx.exact.setdefault((dim, f.section), []).append(f)
                    continue
                assert f.value is not None
                mag = f.value.copy_abs()
                idx.exact.setdefault((dim, mag), []).append(f)
                by_dim.setdefault(dim, []).append((mag, n, f))
        for dim, items in by_dim.items():
            items.sort(key=lambda t: (t[0], t[1]))
            idx._sorted[dim] = ([t[0] for t in items], [t[2] for t in items])
        return idx

    def find(self, dim: str, magnitude: Decimal) -> list[Figure]:
        """Figures of that dimension whose magnitude equals ``magnitude`` exactly."""
        return self.exact.get((dim, magnitude.copy_abs()), [])

    def rounded_to(self, dim: str, magnitude: Decimal, precision: Decimal) -> list[Figure]:
        """Figures that, rounded to ``precision``, give ``magnitude`` (the claim rounds them)."""
        values, figs = self._sorted.get(dim, ([], []))
        mag = magnitude.copy_abs()
        if not mag:
            return []  # nothing is no rounding of something: "0" for a burn of 312,000
        half = EXACT.divide(precision, Decimal(2))
        lo = bisect_left(values, EXACT.subtract(mag, half))
        out = []
        for i in range(lo, len(values)):
            v = values[i]
            if v > EXACT.add(mag, half):
                break
            q = EXACT.multiply(
                EXACT.divide(v, precision).quantize(
                    Decimal(1), rounding=ROUND_HALF_UP, context=EXACT
                ),
                precision,
            )
            if q == mag and v != mag:
                out.append(figs[i])
        return out

    def nearest(self, dim: str, magnitude: Decimal) -> Figure | None:
        """The figure of that dimension closest in value (ties: the larger)."""
        values, figs = self._sorted.get(dim, ([], []))
        if not values:
            return None
        mag = magnitude.copy_abs()
        i = bisect_left(values, mag)
        candidates = [j for j in (i - 1, i) if 0 <= j < len(values)]
        best = min(candidates, key=lambda j: (abs(values[j] - mag), -values[j]))
        return figs[best]

    def has_dimension(self, dim: str) -> bool:
        return dim in self._sorted

    def __len__(self) -> int:
        return sum(len(v[0]) for v in self._sorted.values())
