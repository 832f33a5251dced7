"""What the lazy reader looks for before it reads: cheap tests on a source's text.

A draft figure's possible spellings (``spellings``: its digits, in basis points, under a
table's scale) and the places they stand (``spelling_places``); whether a line may be a
table's row, a footnote or a percent's heading; whether a source's words allow a spelled
number of a scale or a spelled percent. Each is a superset of what the grammar and the
layout read, so the reader (``lazy.py``) skips only what cannot answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

from tieout._vocab import CURRENCY_CODES, CURRENCY_SIGNS, NUMBER_WORDS, QUANTITY_MULTIPLES
from tieout.figures.exact import ONE
from tieout.figures.figure import Figure
from tieout.figures.places import canonical_digits, clean_cut
from tieout.figures.quantities import quantity_base

__all__ = [
    "CUT_REACH",
    "FOOTNOTE",
    "PERCENTISH",
    "SCALE_PLACES",
    "UNIT_HEAD",
    "clean_window",
    "money_by_word",
    "percent_after_word",
    "scale_after_number_word",
    "shifted",
    "spelling_places",
    "spellings",
    "table_line",
    "unit_shifts",
]

# the scales a figure may be printed under: a table's note, or a scale word after the
# digits ("$4.2M", "₹12.5 crore", "3.2 lakh")
# (8: "(hundred millions of yen)"; 4: "(Unit: 10 thousand yuan)", the 万元 of Chinese filings)
SCALE_PLACES = (3, 6, 9, 12, 5, 7, 8, 4)
CUT_REACH = 4096  # how far a line's reading may reach for a clean cut or its paragraph start
_RUN_AT = re.compile(r"[\d.,]*")  # the rest of a digit run (a superset: it may run on)

_TABLE_LINE = re.compile(r"\||\t|\S  +\S.*\d|\d.*\S  +\S|\.{4}.*\d|\d.*\.{4}")


def table_line(line: str) -> bool:
    """Whether ``line`` may be a row of a table (``_TABLE_LINE``), its cheap cases first:
    the pattern's backtracking cost 20 µs on a long line of prose."""
    if "|" in line or "\t" in line:
        return True
    return ("  " in line or "...." in line) and _TABLE_LINE.search(line) is not None


# "Prozentpunkte", "Pkt." count as percentage points
PERCENTISH = re.compile(r"(?i)%|per|pct|bp|basis|pp|pt|point|prozent|pkt")
# a unit in parentheses that makes a table's bare cells percents (layout._own_unit)
UNIT_HEAD = re.compile(r"\((?:\s*in)?\s*(?:%|percent|per\s?cent|pct|bps?\b|basis)", re.IGNORECASE)
# a line that may open with a footnote's mark (a superset of layout.footnote_line's)
FOOTNOTE = re.compile(
    r"(?m)^[ \t]*(?:\(\d{1,2}\)|\d{1,2}\)|\([a-z]\)|[*†‡¹²³⁴⁵⁶⁷⁸⁹]|(?i:notes?|sources?)\s*:)"
)
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def scale_after_number_word(low: str) -> bool:
    """Whether lower-cased ``low`` has "thousand", "million", "billion" or "trillion"
    right after a number word (hyphen or white space between): how every spelled number
    of 100,000 or more reads. Most such words stand after digits ("$4.2 million")."""
    for scale in ("thousand", "million", "billion", "trillion"):
        i = low.find(scale)
        while i >= 0:
            j = i - 1
            if j >= 0 and low[j] == "-":
                j -= 1
            elif j >= 0 and low[j] in " \t\r\n":
                while j >= 0 and low[j] in " \t\r\n":
                    j -= 1
            else:
                j = -1  # glued to what stands before it: not a word of its own
            if j >= 0:
                k = j
                while k >= 0 and "a" <= low[k] <= "z" and j - k < 12:
                    k -= 1
                if low[k + 1 : j + 1] in NUMBER_WORDS and (k < 0 or low[k] not in _WORD_CHARS):
                    return True
            i = low.find(scale, i + 1)
    return False


_CODES = "|".join(sorted(CURRENCY_CODES))
_SIGNS = CURRENCY_SIGNS
# what makes a spelled number an amount, as ``wordnumbers`` reads it: a currency word or
# code after a word, or a symbol or code before one (each found by a literal or a
# character class first, so a megabyte of "$$$$" is one C-level scan)
_MONEY_WORD_AFTER = re.compile(r"[ \t](?:dollar|euro|pound|yen)")  # on lower-cased text
_MONEY_CODE_AFTER = re.compile(rf"(?:{_CODES})(?<=[A-Za-z][ \t](?:{_CODES}))")
_SIGN_BEFORE = re.compile(rf"[{_SIGNS}] {{0,3}}[A-Za-z]")
_CODE_BEFORE = re.compile(rf"(?:{_CODES}) {{0,3}}[A-Za-z]")
_PERCENT_SIGN_AFTER = re.compile(r"%(?<=[a-z]%)|%(?<=[a-z][ \t]%)")  # on lower-cased text
_PERCENT_WORDS = ("percent", "per cent", "per\tcent", "pct", "basis", "bp")


def money_by_word(low: str, text: str) -> bool:
    """Whether ``text`` (``low`` lower-cased) has what makes a spelled number an amount:
    "dollars", "euros", "pounds" or "yen" after a space or tab, a currency code after a
    letter and a space or tab ("five million USD"), or a currency symbol or code followed
    by a letter, spaces between at most ("$five", "USD five")."""
    return bool(
        _MONEY_WORD_AFTER.search(low)
        or _MONEY_CODE_AFTER.search(text)
        or _SIGN_BEFORE.search(text)
        or _CODE_BEFORE.search(text)
    )


def percent_after_word(low: str) -> bool:
    """Whether lower-cased ``low`` has "%" after a letter (one space or tab between at
    most), or "percent", "per cent", "pct", "percentage", "basis", "bps" or "bp" after a
    letter and one space, tab or hyphen: how a spelled percent reads ("thirty-two percent",
    "twelve-percent")."""
    if _PERCENT_SIGN_AFTER.search(low):
        return True
    # each word found first (str.find), then what stands before it: a regex that tried
    # every space of a megabyte took ten times as long
    for word in _PERCENT_WORDS:
        i = low.find(word, 2)
        while i >= 0:
            if low[i - 1] in " \t-" and "a" <= low[i - 2] <= "z":  # "twelve-percent"
                return True
            i = low.find(word, i + 1)
    return False


def shifted(digits: str, places: int) -> str:
    """Canonical ``digits`` with the decimal point moved ``places`` to the left (right
    when negative): '4200000', 3 -> '4200'; '4.2', -2 -> '420'."""
    whole, _, frac = digits.partition(".")
    if places < 0:
        frac += "0" * -places
        whole, frac = whole + frac[:-places], frac[-places:]
    else:
        whole = "0" * places + whole
        whole, frac = whole[: len(whole) - places], whole[len(whole) - places :] + frac
    whole = whole.lstrip("0") or "0"
    return canonical_digits(f"{whole}.{frac}" if frac else whole)


def spellings(fig: Figure, cents: bool = False) -> Iterator[str]:
    """Canonical digit strings a source may have printed ``fig`` with, likeliest first:
    its own, in basis points for a percent, and with a scale ("$4.2M", or a cell under a
    note) for the rest, or in cents where the source writes amounts so (``cents``: "45
    cents" for $0.45). Made one at a time: most figures are found under their own."""
    if fig.kind == "section":
        number = (fig.section or "").rpartition(":")[2]  # "schedule:1.1": its number
        yield canonical_digits(number)  # "2.10" is listed under "2.1"
        return
    assert fig.value is not None
    own = canonical_digits(format(fig.value.copy_abs(), "f"))
    yield own
    shifts = SCALE_PLACES + ((-2,) if cents else ())
    if fig.kind == "quantity":  # "1.2 GW" printed as "1,200 MW" or "1,200,000 kW"
        shifts += unit_shifts(fig.unit)
    for places in (-2,) if fig.kind == "percent" else shifts:
        other = shifted(own, places)
        if other != own:
            yield other


@cache
def unit_shifts(unit: str | None) -> tuple[int, ...]:
    """How far the decimal point of a quantity in ``unit`` moves when the same quantity is
    printed in another multiple of its base ("GW" to "MW": 3 places to the right, -3)."""
    own = quantity_base(unit, ONE)
    if own is None:
        return ()
    daily = "/d" if own[0].endswith("/d") else ""
    power = own[1].adjusted()
    return tuple(
        sorted(
            {
                p - power
                for base, p in QUANTITY_MULTIPLES.values()
                if base + daily == own[0] and p != power
            }
        )
    )


def spelling_places(places_of: dict[str, list[int]], spellings: Iterable[str]) -> Iterator[int]:
    """The places of each spelling in turn (each in the order they stand), once each."""
    seen: set[int] = set()
    for s in spellings:
        for p in places_of.get(s, ()):
            if p not in seen:
                seen.add(p)
                yield p


def clean_window(text: str, pos: int) -> tuple[int, int] | None:
    """Clean cuts (``figures.clean_cut``) around the digit run at ``pos``."""
    n = len(text)
    floor = max(0, pos - CUT_REACH)
    lo = pos
    while not clean_cut(text, lo):
        k = max(text.rfind(" ", floor, lo - 1), text.rfind("\n", floor, lo - 1))
        if k < 0:
            if floor > 0:
                return None
            lo = 0
            break
        if text[k + 1] == " ":  # inside a run of spaces, where no cut is: go before it
            while k > floor and text[k - 1] == " ":
                k -= 1
        lo = k + 1
    run = _RUN_AT.match(text, pos)
    hi = run.end() if run is not None else pos
    cap = min(n, hi + CUT_REACH)
    while hi < n and not clean_cut(text, hi):
        ks = [k for k in (text.find(" ", hi, cap), text.find("\n", hi, cap)) if k >= 0]
        if not ks:
            if cap < n:
                return None
            hi = n
            break
        hi = min(ks) + 1
        while hi < cap and text[hi] == " ":
            hi += 1  # past a run of spaces
    return lo, hi
