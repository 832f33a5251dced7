"""The unit a table gives its bare cells, read through the number grammar.

ESG reports, clinical tables and CSV exports name a cell's unit apart from the cell: in a
"Unit" column (``| Energy use | MWh | 12,400 |``, a CSV's ``unit`` field ``USD millions``),
in a row label ("Water withdrawn (megalitres)"), a column heading ("Emissions (tCO2e)",
"Price per share ($)"), the table's corner cell or its caption ("(in thousands of metric
tons CO2e)"). :func:`read_unit` reads such a text the way ``figures.py`` reads the unit
after a figure ("1 MWh", "1 thousand metric tons CO2e", "1 €/MWh") or, for a currency and
a scale, as the layout reads a scale note ("USD millions", "€m"); it writes no number
pattern of its own. Imports the grammar's ``parse_amount``, ``per_unit`` and ``times`` and
the note grammar of ``note_forms``; neither imports this module back.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from tieout.figures.exact import times
from tieout.figures.layout.model import ONE, CellUnit
from tieout.figures.layout.note_forms import NOTE, currency_word, read_note
from tieout.figures.plain import parse_amount
from tieout.figures.quantities import per_unit

if TYPE_CHECKING:
    from tieout.figures.figure import Figure
    from tieout.periods import Period

__all__ = [
    "CellUnit",
    "bracket_quantity",
    "heading_per",
    "quantity_cell",
    "read_unit",
    "unit_column",
]

# a "Unit" column's heading: "Unit", "Units", "UoM", "Unit of measure", "Einheit"
_UNIT_COLUMN = re.compile(
    r"(?i)\s*(?:units?(?:\s+of\s+measure(?:ment)?)?|uom|measure|einheit|unit[ée]s?|enhet"
    r"|unidad(?:es)?|unidades?|eenheid|unità)\s*"
)
_COUNTS = frozenset(
    {"number", "no.", "no", "#", "count", "headcount", "people", "persons", "employees", "fte"}
    | {"ftes", "patients", "participants", "sites", "facilities", "cases", "incidents"}
)
# a scale written before a unit's name: "thousands of MWh", "'000 tCO2e", "millions of"
_SCALE_LEAD = re.compile(
    r"(?i)(?:in\s+)?(thousands?|millions?|billions?|'000s?|000s?)(?:\s+of)?\s+"
)
_LEADS = re.compile(r"(?i)\s*(?:in\s+|units?\s*:\s*|unit\s+of\s+measure\s*:\s*)")


@lru_cache(maxsize=4096)
def read_unit(text: str) -> CellUnit | None:
    """The unit ``text`` names, standing alone as a cell or in brackets: "MWh",
    "megalitres", "tCO2e", "%", "bps", "thousand MWh", "(thousands of MWh)", "€/MWh",
    "USD millions", "EUR thousands", "$", "number"; None for a text that names none
    (empty, or holding a figure of its own)."""
    t = " ".join(text.strip().strip("()[]").split())
    if not t:
        return None
    t = t[_LEADS.match(t).end() :] if _LEADS.match(t) else t  # type: ignore[union-attr]
    low = t.lower()
    if low in _COUNTS:
        return CellUnit("count")
    m = NOTE.fullmatch(t) or NOTE.fullmatch(f"({t})")
    if m is not None and (note := read_note(m)) is not None:
        if note.currency is not None and len(note.currency) == 3 and note.currency.isupper():
            return CellUnit("currency", note.currency, note.scale)
        if note.currency == "count":
            pass  # "(thousands of MWh)": a quantity note, read below with its unit
        else:
            return None  # "(in thousands)": a scale, no unit; the layout reads it as a note
    cur = currency_word(t) if len(t) <= 4 else None
    if cur is not None:
        return CellUnit("currency", cur)
    lead = _SCALE_LEAD.match(t)
    if lead is not None:  # "thousands of MWh" -> "thousand MWh", as the grammar reads it
        word = lead.group(1).lower().strip("'s")
        word = {"000": "thousand"}.get(word, word).rstrip("s")
        t = f"{word} {t[lead.end() :]}"
    written = f"1 {t}"
    f = parse_amount(written)
    if f is not None and f.per is not None and written.startswith(f.text):
        pass  # "€/MWh", "tCO2e/MWh": the grammar keeps the price's unit apart from its text
    elif f is None or f.text != written:
        return CellUnit("unknown") if any(ch.isalpha() for ch in t) else None
    assert f.value is not None
    if f.kind == "quantity":
        return CellUnit("quantity", f.unit, f.value, f.per)
    if f.kind == "percent":
        return CellUnit(f.unit or "percent", "percent" if f.unit == "percent" else f.unit)
    if f.kind == "currency":
        return CellUnit("currency", f.unit, f.value, f.per)
    return CellUnit("unknown")


def unit_column(heading: str) -> bool:
    """Whether a column heading names a column of units ("Unit", "UoM", "Einheit")."""
    return _UNIT_COLUMN.fullmatch(heading) is not None


_BRACKET = re.compile(r"\(([^()]{1,60})\)")


def bracket_quantity(label: str) -> CellUnit | None:
    """The quantity a row label or a column heading names in brackets ("Water withdrawn
    (megalitres)", "Emissions (tCO2e)", "(thousands of MWh)"), or None."""
    if "(" not in label:
        return None
    for m in _BRACKET.finditer(label):
        u = read_unit(m.group(1))
        if u is not None and u.kind == "quantity":
            return u
    return None


_PER_AT = re.compile(r"(?i)\s(?=per\s)|\s?(?=/)")


def heading_per(heading: str) -> str | None:
    """What a heading's cells are a price of, read as the grammar reads a price ("Price
    per share ($)": "share", "NAV per unit (€)": "unit", "Realized price ($/Mcf)": "Mcf"),
    or None."""
    if "per" not in heading.lower() and "/" not in heading:
        return "sq ft" if _PSF_WORD.search(heading) else None
    for m in _PER_AT.finditer(heading):
        unit = per_unit(heading, m.start())
        if unit is not None:
            return unit
    return "sq ft" if _PSF_WORD.search(heading) else None


# "Rent psf", "Starting cash rent (psf)", "Annualized rent PSF": per square foot
_PSF_WORD = re.compile(r"(?i)(?<![a-z0-9])(?:psf|p\.s\.f\.?)(?![a-z0-9])")


def quantity_cell(f: Figure, u: CellUnit, period: Period | None, where: str) -> Figure:
    """The bare cell ``f`` read in the quantity ``u`` its table names ("12,400" in a
    "MWh" row: 12,400 MWh; "412.5" under "(thousands of metric tons CO2e)": 412,500 tCO2e)."""
    assert f.value is not None and u.kind == "quantity"
    return replace(
        f,
        kind="quantity",
        unit=u.unit,
        value=times(f.value, u.scale),
        precision=times(f.precision, u.scale),
        scale=u.scale,
        scale_source="context" if u.scale != ONE else f.scale_source,
        per=u.per,
        period=period if period is not None else f.period,
        where=where,
        implied_unit=None,
    )
