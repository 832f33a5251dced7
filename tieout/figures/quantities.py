"""Quantities and prices: the unit a figure counts ("1.2 GW", "412 Mboe/d", "eighty-six
megawatts") and what an amount or a quantity is per ("$2.85/Mcf", "0.28 tCO2e/MWh").
"""

from __future__ import annotations

import re
from decimal import Decimal

from tieout._vocab import (
    CURRENCY_SYMBOLS,
    EMISSION_MASSES,
    PER_TIME_UNITS,
    PER_UNITS,
    QUANTITY_MULTIPLES,
    QUANTITY_UNITS,
    SOFT_UNITS,
)
from tieout.figures.patterns import QUANTITY_UNIT_PATTERN

__all__ = [
    "BRACKET_UNIT",
    "PER_SHARE_BEFORE",
    "per_unit",
    "quantity_base",
    "quantity_per",
    "quantity_unit",
    "spelled_quantity",
    "unit_read",
]


_EMISSION_PARTS = re.compile(
    r"(?P<mass>.+?)(?:\sof\s|\s?)(?:CO[2₂]|carbon\sdioxide)(?P<eq>.*)", re.DOTALL
)


def quantity_unit(written: str) -> str:
    """The name a quantity's unit as written is keyed by ("megawatts": "MW", "tonnes of
    CO2 equivalent": "tCO2e", "Mt CO₂e": "MtCO2e")."""
    written = " ".join(written.split())
    unit = QUANTITY_UNITS.get(written)
    if unit is not None:
        return unit
    parts = _EMISSION_PARTS.fullmatch(written)
    assert parts is not None, written
    return EMISSION_MASSES[parts.group("mass")] + ("CO2e" if parts.group("eq") else "CO2")


def quantity_base(unit: str | None, value: Decimal) -> tuple[str, Decimal] | None:
    """A quantity in the base unit its unit is a multiple of ("GW", 1.2 -> "W",
    1,200,000,000; "Mboe/d", 412 -> "boe/d", 412,000), or None for a unit compared only
    with itself (see ``_vocab.QUANTITY_MULTIPLES``)."""
    if unit is None:
        return None
    name, daily = (unit[:-2], "/d") if unit.endswith("/d") else (unit, "")
    multiple = QUANTITY_MULTIPLES.get(name)
    if multiple is None:
        return None
    base, power = multiple
    return base + daily, value.copy_abs().scaleb(power)


# a quantity's unit after a number written in words ("eighty-six megawatts", "twelve
# thousand tonnes", "four point five gigawatt hours"): the grammar's units, but no
# duration (the words class reads "twelve months") and no word English uses otherwise
_NOT_AFTER_WORDS = frozenset({"h", "t", "W", "sat", "sats", "mills", "ML"})
_SPELLED_QUANTITY = re.compile(rf"[^\S\n](?P<qty>{QUANTITY_UNIT_PATTERN})(?!\w|-)")


def spelled_quantity(text: str, end: int) -> tuple[str, int] | None:
    """The unit a number written in words that ends at ``end`` counts, as
    :func:`quantity_unit` names it, and where it ends; None when no such unit follows."""
    m = _SPELLED_QUANTITY.match(text, end)
    if m is None or m.group("qty") in _NOT_AFTER_WORDS:
        return None
    unit = quantity_unit(m.group("qty"))
    if unit in SOFT_UNITS:
        return None
    return unit, m.end()


# the unit after the bracket a contract restates a number in ("thirty (30) days", "ninety
# (90)-day", "five (5) megawatts"): the figure's own
BRACKET_UNIT = re.compile(rf"\)(?:[^\S\n]|-)(?P<qty>{QUANTITY_UNIT_PATTERN})(?!\w|-(?!\d))")


def unit_read(text: str, m: re.Match[str], num: str, unit: str) -> bool:
    """Whether the unit the grammar matched after ``num`` is the figure's: not a duration
    after a year ("the 2024 year"), nor a word starting the next line of a table ("7,915"
    ending a row, "MW sold" labelling the next); a prose line may wrap there ("fell to
    7,915\nMW in 2032")."""
    if unit in SOFT_UNITS and len(num) == 4 and num.isdigit() and 1900 <= int(num) <= 2099:
        return False
    at = m.start("qty")
    if text[at - 1] != "\n":
        return True
    line = text[text.rfind("\n", 0, at - 1) + 1 : at - 1]
    return not ("|" in line or "\t" in line or "   " in line)


# "27.4 tCO2e per $ million revenue", "per $M", "/US$ million": an intensity over money
_PER_MONEY = re.compile(
    r"(?:[^\S\n]?/[^\S\n]?|[^\S\n]per\s)(?:(?P<sym>US\$|\$|€|£|USD|EUR|GBP)[^\S\n]?(?:1[^\S\n])?"
    r"(?P<scale>(?i:thousand|million|billion|mn|bn|m|b|k))(?![A-Za-z0-9])"
    r"|(?P<scale2>(?i:thousand|million|billion))[^\S\n](?P<word>dollars|euros|pounds)\b)"
)
_MONEY_SCALES = {"k": "thousand", "m": "million", "mn": "million", "b": "billion", "bn": "billion"}


def quantity_per(text: str, end: int) -> str | None:
    """What the quantity ending at ``end`` is per, as ``per_unit`` names it ("1,240
    tCO2e/yr": "year", "0.28 tCO2e/MWh": "MWh"), or money: "27.4 tCO2e per $ million
    revenue" is per "USD million", which no "per $ billion" is."""
    money = _PER_MONEY.match(text, end)
    if money is None:
        return per_unit(text, end)
    scale = (money.group("scale") or money.group("scale2")).lower()
    mark = money.group("sym") or {"dollars": "$", "euros": "€", "pounds": "£"}[money.group("word")]
    code = CURRENCY_SYMBOLS.get(mark, mark)
    return f"{code} {_MONEY_SCALES.get(scale, scale)}"


# what joins an amount to the unit it is the price of: "/", "per", "a" or "an"
# (a line of prose may wrap between the words: "$1.23 per\ndiluted share")
# "per", "a"; and as European reports write it: "1,85 € je Aktie", "pro Aktie", "par action"
# ("$27.25 in cash per share": what the amount is paid in may stand before the join)
_PER_JOIN = re.compile(
    r"[^\S\n]?/[^\S\n]?|(?:[^\S\n]in[^\S\n]cash)?[^\S\n](per|an?|je|pro|par)\s", re.IGNORECASE
)
# "per share of $33.40", "dividends per diluted share of $0.25": the unit before the amount
PER_SHARE_BEFORE = re.compile(
    r"(?<![A-Za-z])per[^\S\n](?:(?:diluted|basic|common|ordinary)[^\S\n])?share"
    r"[^\S\n]of[^\S\n](?:between[^\S\n])?$",
    re.IGNORECASE,
)
_PER_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9²]*(?:(?:\.[^\S\n]?|\s|-)[A-Za-z][A-Za-z0-9²]*){0,3}")
# after "a year", "a quarter": the words that make it a time, not a rate ("a year ago")
_NOT_A_RATE = frozenset({"ago", "earlier", "before", "prior", "later", "back", "after", "from"})


def per_unit(text: str, end: int) -> str | None:
    """The unit the amount ending at ``end`` is a price of, as ``_vocab.PER_UNITS`` names
    it ("/MMBtu", " per diluted share", " a barrel"), or None: the longest run of up to
    four words after the join that names one; a word run on ("/Mcfe" is not "/Mcf")
    names none."""
    unit, at = _per_unit_at(text, end)
    if unit is None or unit in PER_TIME_UNITS:
        return unit
    then, _ = _per_unit_at(text, at)  # "$425,000 per patient per year": a yearly price
    return f"{unit}/{then}" if then in PER_TIME_UNITS else unit


# "$96,000 annually", "$1,200 monthly": a rate, as "per year" and "per month" say
_PER_ADVERB = re.compile(r"[^\S\n](?i:(annually|yearly|monthly|weekly|daily|quarterly))\b")
_ADVERB_UNITS = {"annually": "year", "yearly": "year", "monthly": "month", "weekly": "week"}
_ADVERB_UNITS.update({"daily": "day", "quarterly": "quarter"})
# "$41.37 psf", "$58.42 PSF", "$41.37 p.s.f.": per square foot, its "per" in the word
_PSF = re.compile(r"[^\S\n]?(?i:psf|p\.s\.f\.?)(?![A-Za-z0-9])")


def _per_unit_at(text: str, end: int) -> tuple[str | None, int]:
    """:func:`per_unit`'s first unit after ``end`` and where its words end."""
    c = text[end : end + 1]
    if c not in ("/", "p", "P") and (c == "\n" or not c.isspace()):
        return None, end  # each join opens with a space or "/", "psf" with its "p"
    join = _PER_JOIN.match(text, end)
    if join is None:
        psf = _PSF.match(text, end)
        if psf is not None:
            return "sq ft", psf.end()  # "$41.37 psf": the "per" is in the word
        adverb = _PER_ADVERB.match(text, end)
        if adverb is None:
            return None, end
        return _ADVERB_UNITS[adverb.group(1).lower()], adverb.end()
    words = _PER_WORDS.match(text, join.end())
    if words is None:
        return None, end
    parts = re.split(r"[^A-Za-z0-9²]+", words.group().lower())
    # "per Brightwater share": the issuer's name before "share" (a capital first)
    named = len(parts) > 1 and words.group()[:1].isupper()
    for n in range(len(parts), 0, -1):
        unit = PER_UNITS.get(" ".join(parts[:n]))
        if unit is None and named and n > 1 and PER_UNITS.get(" ".join(parts[1:n])) == "share":
            unit = "share"
        if unit is None:
            continue
        if join.group(1) and join.group(1).lower() != "per" and unit in PER_TIME_UNITS:
            after = parts[n] if n < len(parts) else ""
            if after in _NOT_A_RATE:
                return None, end  # "$20 million a year ago"
        runs = list(re.finditer(r"[A-Za-z0-9²]+", words.group()))
        return unit, join.end() + runs[n - 1].end()
    return None, end
