"""What a draft may cite, indexed: the canonical figures and section numbers of one source.

A :class:`SourceIndex` holds a source's figures by the ways a draft figure can be looked up.
``document_index`` builds one from an ingested document (read whole with the one number
grammar), ``anchors_index`` from the fields an extraction step produced, which
``load_anchors`` parses exactly. A text source is read on demand instead (``lazy.py``);
``sources.py`` caches both kinds by the text's sha256.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from tieout._vocab import CURRENCY_CODES
from tieout.errors import InputError
from tieout.figures.exact import over
from tieout.figures.figure import Figure, FigureKind
from tieout.figures.hedges import mark_hedged
from tieout.figures.layout import section_numbers
from tieout.figures.plain import parse_amount
from tieout.figures.quantities import quantity_base
from tieout.figures.reader import extract
from tieout.figures.words import spelled_figures
from tieout.gating.rounding import all_rounded, first_rounded, rounding_range

if TYPE_CHECKING:
    from tieout.documents import Document

__all__ = ["SourceIndex", "anchors_index", "document_index", "load_anchors"]


@dataclass
class SourceIndex:
    """Canonical figures of one source, by the ways a draft figure can be looked up."""

    label: str
    kind: str  # 'extraction_source' | 'anchors' | 'fact_sheet'
    by_key: dict[tuple[str, str | None, Decimal], Figure] = field(default_factory=dict)
    by_value: dict[Decimal, Figure] = field(default_factory=dict)  # amounts and numbers, any unit
    written: dict[Decimal, Figure] = field(
        default_factory=dict
    )  # as printed, before a table's scale
    unitless_scaled: dict[Decimal, Figure] = field(
        default_factory=dict
    )  # "4,200" under "(in thousands)"
    sections: dict[str, str] = field(default_factory=dict)  # "2.2" -> where it stands
    multiples: dict[Decimal, Figure] = field(default_factory=dict)  # "3x", "12.5x"
    cells: dict[Decimal, Figure] = field(default_factory=dict)  # bare numbers in tables' cells
    # amounts by what they are a price of: ("USD", 2.85, "Mcf") for "$2.85/Mcf"; those
    # stated as no price of anything under None ("$2.85", a "$/Mcf" row's cell)
    priced: dict[tuple[str | None, Decimal, str | None], Figure] = field(default_factory=dict)
    # quantities by magnitude ("1,200 mg"): they confirm a bare number only in a draft's
    # table, whose heading may name the unit ("Capacity (MW) | 1,200"), never in prose
    quantities: dict[Decimal, Figure] = field(default_factory=dict)
    # bare numbers written with a decimal point ("EV/EBITDA stood at 12.5"), what a multiple
    # written with one ("12.5x") may be found as: never a count ("3", "three") for "3.0x"
    decimals: dict[Decimal, Figure] = field(default_factory=dict)
    # quantities in the base unit theirs is a multiple of: "1,200 MW" under ("W", 1.2e9),
    # what "1.2 GW" is found as (``figures.quantity_base``)
    based: dict[tuple[str, Decimal], Figure] = field(default_factory=dict)
    # bare numbers in tables' cells as printed, before a table's scale (what a quantity a
    # heading names the unit of is found as: "Capacity (GW) | 1.2"); apart from ``written``,
    # whose first figure of a magnitude may be an amount ("$ 2" before a bare "2")
    written_cells: dict[Decimal, Figure] = field(default_factory=dict)
    # amounts stated per nothing in a table's cell, by unit and magnitude (what a price per
    # a unit is found as: "Natural gas | $2.85" for "$2.85/Mcf"); apart from ``priced``,
    # whose first figure of a magnitude may be prose's ("$2.85" of nothing)
    priced_cells: dict[tuple[str | None, Decimal], Figure] = field(default_factory=dict)

    def add(self, fig: Figure) -> None:
        if fig.kind == "section":
            if fig.section and not fig.heading:  # a heading is the layout's to name
                self.sections.setdefault(fig.section, f'"{fig.text}"')
            return
        if fig.value is None or (fig.is_year and fig.where is None):
            return  # a year in prose or a heading is no amount: "2,026 units" is not "in 2026"
        mag = fig.value.copy_abs()
        unit = "percent" if fig.kind == "percent" else fig.unit
        _put(self.by_key, (fig.kind, unit, mag), fig)
        if fig.kind == "percent":
            return
        if fig.kind in ("currency", "quantity"):
            _put(self.priced, (unit, mag, fig.per), fig)
            if fig.per is None and fig.where is not None:
                _put(self.priced_cells, (unit, mag), fig)
            if fig.per is not None and "/" in fig.per:  # "$425,000 per patient per year"
                _put(self.priced, (unit, mag, fig.per.rsplit("/", 1)[1]), fig)  # is yearly
        if fig.kind == "quantity":
            _put(self.quantities, mag, fig)  # "1,200 mg" is no count of 1,200 patients
            based = quantity_base(fig.unit, mag) if fig.per is None else None
            if based is not None:
                _put(self.based, based, fig)
        else:
            _put(self.by_value, mag, fig)
        if fig.multiple:
            _put(self.multiples, mag, fig)
        elif (
            fig.kind == "number"
            and fig.unit is None
            and fig.where is not None
            and fig.implied_unit != "count"
        ):
            # a bare cell whose table names no unit for it; one the table says is a count
            # ("12" of "12 (4.1)" under "n (%)", "| Employees | number |") or in a unit
            # tieout does not read is no quantity and no multiple
            self.cells.setdefault(mag, fig)
        if fig.kind == "number" and fig.unit is None and fig.decimal and not fig.spelled:
            _put(self.decimals, mag, fig)
        if fig.implied_unit:
            self.by_key.setdefault(("currency", fig.implied_unit, mag), fig)
            self.priced.setdefault((fig.implied_unit, mag, None), fig)
            if fig.where is not None:
                self.priced_cells.setdefault((fig.implied_unit, mag), fig)
        if fig.scale_source == "context":
            printed = over(fig.value, fig.scale).copy_abs()
            self.written.setdefault(printed, fig)
            if fig.kind == "number" and fig.where is not None:
                self.written_cells.setdefault(printed, fig)
            if fig.implied_unit is None and fig.kind == "number":
                self.unitless_scaled.setdefault(mag, fig)

    def relabelled(self, label: str) -> SourceIndex:
        return SourceIndex(
            label,
            self.kind,
            self.by_key,
            self.by_value,
            self.written,
            self.unitless_scaled,
            self.sections,
            self.multiples,
            self.cells,
            self.priced,
            self.quantities,
            self.decimals,
            self.based,
            self.written_cells,
            self.priced_cells,
        )

    def other_unit(self, fig: Figure) -> Figure | None:
        """The same magnitude under another unit (for "$90" when the source says "90%")."""
        if fig.value is None or fig.kind == "section":
            return None
        mag = fig.value.copy_abs()
        if fig.kind == "currency" and fig.per is not None:
            other = self.by_key.get(("currency", fig.unit, mag))
            if other is not None and other.per not in (None, fig.per):
                return other  # "$2.85/MMBtu" where the source has "$2.85/Mcf"
        if fig.kind == "percent":
            return self.by_value.get(mag)
        other = self.by_key.get(("percent", "percent", mag))
        if other is None and fig.kind == "currency" and fig.per is None:
            # "$1,234.5 million" where the source's table says "1,234.5" under "(€ millions)"
            same = self.by_value.get(mag)
            theirs = None if same is None else (same.unit or same.implied_unit)
            if theirs in CURRENCY_CODES and theirs != fig.unit:
                other = same
        return other

    def magnitudes(self, lo: Decimal, hi: Decimal) -> list[Decimal]:
        """Every magnitude this source states (any kind, as read or as printed before a
        table's scale) in ``[lo, hi)``; the sorted list is made on first use."""
        sizes = (len(self.by_key), len(self.by_value), len(self.written))
        cached = self.__dict__.get("_sorted")
        if cached is None or cached[0] != sizes:
            values = {k[2] for k in self.by_key}
            values.update(self.by_value, self.written)
            cached = (sizes, sorted(values))
            self.__dict__["_sorted"] = cached
        mags: list[Decimal] = cached[1]
        return mags[bisect_left(mags, lo) : bisect_left(mags, hi)]

    def rounding_of(self, cls: str, fig: Figure) -> Figure | None:
        """The figure this source states that ``fig`` is a rounding of ("$478.4 million"
        for "478,390" under "(in thousands)"), or None (see ``gating/rounding.py``)."""
        span = rounding_range(fig)
        if span is None:
            return None
        return first_rounded(self.lookup, cls, fig, self.magnitudes(*span))

    def roundings_of(self, cls: str, fig: Figure) -> tuple[Figure, ...]:
        """Every figure (nearest first, at most three) this source states that ``fig`` is
        a rounding of; the first is :meth:`rounding_of`'s."""
        span = rounding_range(fig)
        if span is None:
            return ()
        return all_rounded(self.lookup, cls, fig, self.magnitudes(*span))

    def lookup(self, cls: str, fig: Figure) -> Figure | str | None:
        """Where this source states ``fig`` (a figure, or a label for sections), or None."""
        if fig.kind == "section":
            return self.sections.get(fig.section or "")
        assert fig.value is not None
        mag = fig.value.copy_abs()
        if fig.kind == "currency":
            if fig.per is None:
                hit = self.by_key.get(("currency", fig.unit, mag))
            else:  # "$2.85/MMBtu": a price per MMBtu, or a table's cell under "$/MMBtu"
                hit = self._priced(fig, mag)
            return hit or self.unitless_scaled.get(mag)
        if fig.kind == "percent":
            return self.by_key.get(("percent", "percent", mag))
        if fig.kind == "quantity" and (fig.unit or "").startswith("ratio_to_"):
            return self.by_key.get(("quantity", fig.unit, mag))  # "3.39:1.25": as that only
        if fig.kind == "quantity":
            # "1.2 GW" is found as 1.2 GW, never as "1.2 MW" nor "$1.2"; or as a bare number
            # of its whole value a table prints under a heading that names the unit
            # ("Capacity (GW) | 1.2"), which the layout does not read as a unit
            written = self.written_cells.get(mag)
            based = quantity_base(fig.unit, mag) if fig.per is None else None
            return (
                (
                    self.by_key.get(("quantity", fig.unit, mag))
                    if fig.per is None
                    else self._priced(fig, mag)  # "27.4 tCO2e per $ million": per that only
                )
                or (self.based.get(based) if based is not None else None)  # "1,200 MW"
                or self.cells.get(mag)
                # (a quantity cell is found by its quantity: "412.5" under "(in thousands
                # of metric tons CO2e)" is 412,500 tCO2e, not 412.5 tCO2e)
                or written
            )
        if fig.multiple:
            # "3x" is a multiple in the source, or a bare number where a multiple may
            # stand without its "x": a table's cell ("Net leverage (x)") or, for one
            # written with a decimal ("12.5x"), a bare number written with a decimal ("12.5");
            # never an amount, a count ("3 new investments", "three") or "3 days"
            hit = self.multiples.get(mag)
            if hit is None:
                # (a cell is looked for apart: the first bare number of this magnitude
                # may be a row's label, and which is first depends on what was read)
                hit = self.decimals.get(mag) if fig.decimal else None
                hit = hit or self.cells.get(mag)
            return hit
        # a bare number names no unit: the source may state it in any unit but percent,
        # or print it in a table under a scale note ("4,200" in "(in thousands)"); a
        # quantity ("1,200 mg") only where the draft's table heading may name the unit
        hit = self.by_value.get(mag) or self.written.get(mag)
        if hit is None and fig.where is not None:
            hit = self.quantities.get(mag)
        return hit

    def _priced(self, fig: Figure, mag: Decimal) -> Figure | None:
        """Where the source states ``fig`` per its unit ("$14.82 per month" for "$14.82/mo"),
        or a bare amount in a table's cell, whose row or column may name the unit ("Natural
        gas ($/Mcf) | 2.85"): an amount stated per nothing in prose ("the bill rises by
        $14.82") is no price per year, per kWh or per anything."""
        return self.priced.get((fig.unit, mag, fig.per)) or self.priced_cells.get((fig.unit, mag))


def _put(found: dict[Any, Figure], key: Any, fig: Figure) -> None:
    """``found[key] = fig`` unless a figure is there, or one the source states only as an
    approximation ("about $800 million") that ``fig`` states exactly."""
    had = found.get(key)
    if had is None or (had.hedged and not fig.hedged):
        found[key] = fig


def document_index(
    doc: Document, label: str | None = None, kind: str = "extraction_source"
) -> SourceIndex:
    """Index an ingested document: its figures (scale and periods applied) and its clauses."""
    idx = SourceIndex(label or doc.doc_id, kind)
    for f in doc.read().figures:
        idx.add(f)
    spelled = list(spelled_figures(doc.text, doc.read().figures))  # "five million dollars" too
    for f in mark_hedged(doc.text, spelled):
        idx.add(f)
    for number, where in section_numbers(doc.layout):
        idx.sections.setdefault(number, where)
    return idx


def anchors_index(anchors: Any, label: str = "anchors") -> SourceIndex:
    """Index anchors: the fields an extraction step produced (a JSON object, list or text).

    Strings are read with the number grammar; ``{"value": 4.2, "unit": "USD_millions"}``
    is an amount in that unit; a bare JSON number is a number with no unit (it matches a
    bare number in the draft, never "$90" or "90%": a unit is never guessed).
    """
    from tieout.units import parse_unit

    idx = SourceIndex(label, "anchors")
    for value in _leaves(anchors):
        if isinstance(value, str):
            for f in extract(value, words=True):
                idx.add(f)
        elif isinstance(value, tuple):  # (value, unit) from a {"value", "unit"} object
            amount, unit_text = value
            unit = parse_unit(unit_text)
            base = unit.to_base(amount)
            kind: FigureKind = (
                "percent"
                if unit.kind == "percent"
                else "currency"
                if unit.kind == "currency"
                else "number"
            )
            name = (
                unit.dimension if kind == "currency" else ("percent" if kind == "percent" else None)
            )
            idx.add(
                Figure(text=f"{amount} {unit_text}", span=(0, 0), kind=kind, unit=name, value=base)
            )
        else:
            # a JSON number with a decimal point (2.41, 3.0) is one a decimal multiple may be
            written = isinstance(value, Decimal) and int(value.as_tuple().exponent) < 0
            idx.add(
                Figure(
                    text=str(value),
                    span=(0, 0),
                    kind="number",
                    unit=None,
                    value=value,
                    decimal=written,
                )
            )
    return idx


def _leaves(node: Any) -> Iterable[Any]:
    if isinstance(node, Mapping):
        if "value" in node and isinstance(node.get("unit"), str):
            # {"value": 250000, "unit": "USD", "clause": "12.3(b)"}: an amount in that unit,
            # its other keys read as anchors of their own; a value written as text ("250000")
            # is that number too
            v = node["value"]
            if isinstance(v, float):
                v = Decimal(repr(v))  # as the JSON wrote it (4.2), not the binary float's digits
            elif isinstance(v, str):  # read by the one grammar: "1,500" is 1500
                written = parse_amount(v)
                if written is not None and written.kind == "number" and written.unit is None:
                    v = written.value
            if isinstance(v, int | Decimal) and not isinstance(v, bool) and Decimal(v).is_finite():
                yield (Decimal(v), node["unit"])
                for k, other in node.items():
                    if k not in ("value", "unit"):
                        yield from _leaves(other)
                return
        for v in node.values():
            yield from _leaves(v)
    elif isinstance(node, list | tuple):
        for v in node:
            yield from _leaves(v)
    elif isinstance(node, bool) or node is None:
        return
    elif isinstance(node, int | Decimal):
        if Decimal(node).is_finite():  # NaN and Infinity state no figure
            yield Decimal(node)
    elif isinstance(node, float):
        if node == node and node not in (float("inf"), float("-inf")):
            yield Decimal(repr(node))
    elif isinstance(node, str):
        yield node


def load_anchors(data: str | bytes, source: str = "anchors") -> Any:
    """Parse anchors JSON exactly (numbers as Decimal), naming the file in any error."""

    def no_constant(name: str) -> Any:
        raise InputError(
            f"{source}: {name} is not a number tieout can check; write the figure or null"
        )

    try:
        return json.loads(data, parse_float=Decimal, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{source}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except UnicodeDecodeError:
        raise InputError(f"{source}: not UTF-8 text") from None
