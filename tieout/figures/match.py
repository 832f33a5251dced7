"""One match of the grammar read as a figure: its unit, scale, sign, currency, what it is
per (:func:`figure_from_match`); a written form read as if it stood alone (:func:`read_as`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from tieout._vocab import (
    CURRENCY_ADJECTIVES,
    CURRENCY_ALIASES,
    CURRENCY_SYMBOLS,
    CURRENCY_WORDS,
    GLUED_CURRENCY_ALIASES,
    NUMBER_WORDS,
    SCALE_WORDS,
)
from tieout.figures.exact import HUNDRED, ONE, over, times
from tieout.figures.figure import Figure, FigureKind
from tieout.figures.numerals import decimal_value, fraction_value, precision_of
from tieout.figures.patterns import (
    DIGIT_GROUPS,
    EXTRA_GROUPS,
    FIGURE,
    GROUP_NUMBERS,
    SCALE_SUFFIX,
    SCALE_WORD,
    UNIT_GROUPS,
    UNIT_SCALES,
    WORD_END,
)
from tieout.figures.prefix import Prefix
from tieout.figures.quantities import (
    BRACKET_UNIT,
    PER_SHARE_BEFORE,
    per_unit,
    quantity_per,
    quantity_unit,
    unit_read,
)

__all__ = ["figure_from_match", "read_as"]


# "$(1.2)M", "$(1.2) million": the scale after the bracket of a negative
_SUFFIX_AFTER = re.compile(rf"\)(?:({SCALE_SUFFIX})(?![A-Za-z0-9])| ({SCALE_WORD}){WORD_END})")
# "$4.2 B", "$420 K", "€1.2 M": a scale letter a space after an amount (read only there)
_SPACED_SCALE = re.compile(r" ([KMB]|mm)(?![\w&'’-]|\.\w)")  # "$312.5 mm" ("5 mm" is no amount)
# "R$ 345,6 mi", "R$ 4,5 bi": the Brazilian press's million and billion, read after a real
# only ("12 mi" alone is miles)
_BRL_SCALE = re.compile(r" (mi|bi)(?![\w$€£%-])")
_BRL_SCALES = {"mi": Decimal(10) ** 6, "bi": Decimal(10) ** 9}
_BPS_AFTER = re.compile(
    rf"\)\s?(?:bps{WORD_END}|bp{WORD_END}|b\.p\.|basis[\s-]points?{WORD_END})"
)  # "(27) bps"


_RESTATED_UNITS = frozenset(
    [
        "dollar",
        "dollars",
        "cent",
        "cents",
        "pence",
        "percent",
        "euro",
        "euros",
        "pound",
        "pounds",
        "yen",
    ]
)


def _restates_words(text: str, paren: int, bare: bool = False) -> bool:
    """Whether the parenthesis at ``paren`` follows a figure, as prose restates one in
    other words, units or currency ("thirty (30) days", "Fifty Thousand Dollars
    ($50,000)", "ten percent (10%)", "€100m ($110m)", "₹12.5 crore ($1.5 million)", "5%
    (50 bps)"): the figure in it is that figure again, not a negative. A ``bare`` number
    (no unit, no scale) after a figure is a negative still: "17,455 (3,912)" is two cells
    of a row whose columns lost their spacing."""
    j = paren
    if j > 0 and text[j - 1] in " \n":  # one space, or the line break of wrapped prose
        j -= 1
    before = text[j - 1] if j > 0 else ""
    if before.isdigit() or before == "%":
        # "EUR 100 ($110)", "5% (50 bps)"; never "1,234(1)", nor a column of figures
        return j < paren and text[j] == " " and not bare
    k = j
    while k > 0 and (text[k - 1].isalpha() or text[k - 1] == "-") and j - k < 24:
        k -= 1
    word = text[k:j].lower().rsplit("-", 1)[-1]
    if not word:
        return False
    if word in _RESTATED_UNITS:
        return True
    if word in SCALE_WORDS or word.rstrip("s") in SCALE_WORDS or word in _BASIS_WORDS:
        while k > 0 and text[k - 1] == " " and j - k < 26:
            k -= 1
        return k > 0 and text[k - 1].isdigit()  # "€100m (", "12.5 crore (", "50 bps ("
    return word in NUMBER_WORDS and word not in ("a", "an", "and", "point", "minus", "negative")


_BASIS_WORDS = frozenset(["bp", "bps", "pp", "pct", "points"])


def read_as(written: str, prefix: Prefix) -> Figure | None:
    """The figure ``written`` is, read whole as the grammar reads one, with ``prefix`` before
    it: how a figure is read as if its unit were written after it ("9.99" of "9.99/8.88%"
    as "9.99%"; "275" of "S+275" as "275 bps"). None unless it is one figure exactly."""
    m = FIGURE.match(written)
    if m is None or m.end() != len(written):
        return None
    return figure_from_match(written, m, m.group(*GROUP_NUMBERS), prefix)


# what stands before the base year of real dollars: "in 2023 dollars", "chained 2017
# dollars", "constant 2012 dollars", "real 2024 euros"; or a base period's first year
# before its last ("the 1982-84 dollar")
_BASE_YEAR_BEFORE = re.compile(
    r"(?i:\b(?:in|chained|constant|real|current|nominal|fixed|inflation-adjusted))[^\S\n]+$"
)
_BASE_PERIOD_BEFORE = re.compile(r"\b(?:19|20)\d\d[-–]$")


def _base_year(text: str, start: int, num: str) -> bool:
    """Whether the number ``num`` at ``start``, before a currency word, is the base year of
    real amounts ("in 2023 dollars", "chained 2017 dollars") or the end of a base period
    ("1982-84 dollar"), no amount: README, "a year in prose confirms nothing"."""
    before = text[max(0, start - 24) : start]
    if len(num) == 4 and num.isdigit() and 1900 <= int(num) <= 2099:
        return _BASE_YEAR_BEFORE.search(before) is not None
    return len(num) == 2 and num.isdigit() and _BASE_PERIOD_BEFORE.search(before) is not None


def _currency_words(
    cword: str | None, before: str | None, glued: bool = False
) -> tuple[str | None, bool]:
    """The currency a figure's words after it name ("yuan", "Hong Kong dollars", "HK
    cents") and whether they are cents: (code, cents); (None, False) for none. ``before``:
    the currency written before the figure; ``glued``: written as "HK12.5 cents"."""
    if cword is None:
        return None, False
    *adjective, noun = cword.lower().split()
    country = CURRENCY_ADJECTIVES.get(" ".join(adjective)) if adjective else None
    if noun.startswith("cent"):  # "45 cents", "12.5 HK cents", "HK12.5 cents"
        if before is not None and country is None:
            return (before, True) if glued else (None, False)  # "$0.45 cents": $0.45
        return country or before or "USD", True
    return country or CURRENCY_WORDS[noun], False


def _digit_count(s: str) -> int:
    return sum(c.isdigit() for c in s)


@dataclass(slots=True)
class _Reading:
    """A match as :func:`figure_from_match` reads it, step by step: the kind and unit so
    far, where the figure ends, its scale and where that came from."""

    kind: FigureKind
    unit: str | None
    end: int
    scale: Decimal = ONE
    scale_source: str = "none"


def figure_from_match(
    text: str, m: re.Match[str], groups: tuple[str | None, ...], prefix: Prefix
) -> Figure:
    """The figure one match of the grammar reads (``groups``: its groups, as
    ``GROUP_NUMBERS`` gives them), with ``prefix``, what stands before its number: its
    unit and scale, its currency, the brackets around it, what it is per."""
    _, _, num, _, trailing = groups[DIGIT_GROUPS]
    units, extras = groups[UNIT_GROUPS], groups[EXTRA_GROUPS]  # each step reads its own
    _, _, _, _, code, cword, mult = units
    frac, pence, _, _, _, qty, _, _ = extras
    assert num is not None
    if frac:
        value, precision = fraction_value(num, frac)
    else:
        value = decimal_value(num)
        precision = precision_of(num)
    read = _Reading(  # (by position: keywords cost as much again, once per figure)
        "currency" if prefix.currency else "number",  # kind
        prefix.currency,  # unit
        m.end() if trailing is None else m.start("trailing"),  # end: not "YoY" of "12%YoY"
    )
    sym = _read_scale(text, m, units, extras, prefix, read)
    # each step below only where what it reads is there: a currency's word, code, symbol
    # or pence after the number; a bracket before it; a quantity's unit, or a currency
    cents = bool(cword or code or sym or pence) and _read_currency(
        text, m, units, extras, prefix, num, sym, read
    )
    closed, restated_unit = (
        _read_brackets(text, extras, prefix, num, read) if prefix.open_at >= 0 else (False, None)
    )
    negative = closed or prefix.negative
    if read.unit == "basis_point" or (cents and read.kind == "currency"):
        value = over(value, HUNDRED)  # 150 bps is 1.5%; 45 cents is $0.45
        precision = over(precision, HUNDRED)
        if cents:
            read.scale_source = "word"  # "cents" says what it is: no table's note scales it
    if read.scale != ONE:
        value = times(value, read.scale)
        precision = times(precision, read.scale)
    start = prefix.start
    if not closed and prefix.open_at >= 0 and start <= prefix.open_at:
        # the bracket opens a parenthesis, not a negative
        start = prefix.open_at + 1 + prefix.open_gap
    per = (
        _read_per(text, m, units, extras, num, start, restated_unit, read)
        if qty or read.kind == "currency" or restated_unit is not None
        else None
    )
    return Figure(
        text=text[start : read.end],
        span=(start, read.end),
        kind=read.kind,
        unit=read.unit,
        value=-value if negative else value,
        scale=read.scale,
        scale_source=read.scale_source,
        precision=precision,
        negative=negative,
        digits=len(num) - num.count(",") - num.count(".") + (_digit_count(frac) if frac else 0),
        grouped="," in num,
        decimal="." in num or bool(frac),
        multiple=mult is not None and read.kind == "number",
        per=per,
    )


def _read_scale(
    text: str,
    m: re.Match[str],
    units: tuple[str | None, ...],
    extras: tuple[str | None, ...],
    prefix: Prefix,
    read: _Reading,
) -> str | None:
    """Read the percent, basis points or scale written after the number, or the scale
    that stood before its currency ("T€ 812"), or a scale a space after an amount ("$4.2
    B"). Returns the currency symbol after the number ("$" of "15 $M"), if any.
    ``units``, ``extras``: the match's ``UNIT_GROUPS`` and ``EXTRA_GROUPS``, as each step
    after this one reads them too."""
    pct, bps, sfx, word, _, _, _ = units
    _, _, sym, unitscale, wordx, _, _, dscale = extras
    word = word or wordx
    end = read.end
    if pct:
        read.kind, read.unit = "percent", "percent"
    elif bps:
        read.kind, read.unit = "percent", "basis_point"
    elif sfx or word:
        token = (sfx or word or "").lower()
        token = " ".join(token.split())  # "lakh crore"
        read.scale = SCALE_WORDS.get(token) or SCALE_WORDS[token.rstrip("s")]
        read.scale_source = "suffix" if sfx else "word"
    elif unitscale:  # "M€", "TEUR" (Tausend), "Md€" (milliard), as French and German write
        read.scale, read.scale_source = UNIT_SCALES[unitscale.lower()], "suffix"
    elif dscale:  # "15 $M": the currency, then the scale, after the figure
        read.scale, read.scale_source = SCALE_WORDS[dscale.lower()], "suffix"
        sym = "$"
    elif prefix.scale != ONE:  # "T€ 812": the scale stood before the currency
        read.scale, read.scale_source = prefix.scale, "suffix"
    elif prefix.currency and not (any(units) or any(extras)) and text[end : end + 1] == " ":
        spaced = _SPACED_SCALE.match(text, end)
        if spaced is not None:  # "$4.2 B in sales": B, a space after an amount, is billions
            read.scale, read.scale_source = SCALE_WORDS[spaced.group(1).lower()], "suffix"
            read.end = spaced.end()
        elif prefix.currency == "BRL" and (short := _BRL_SCALE.match(text, end)) is not None:
            read.scale, read.scale_source = _BRL_SCALES[short.group(1)], "word"  # "R$ 345,6 mi"
            read.end = short.end()
    return sym


def _read_currency(
    text: str,
    m: re.Match[str],
    units: tuple[str | None, ...],
    extras: tuple[str | None, ...],
    prefix: Prefix,
    num: str,
    sym: str | None,
    read: _Reading,
) -> bool:
    """Read the currency written after the number, in words ("812 million yuan", "45
    cents"), as a code ("4.2 EUR"), a symbol (``sym``: "1,234.5 €") or pence ("45.6p");
    a percent keeps its unit. Returns whether the amount is in cents (or pence)."""
    pct, _, _, _, code_group, cword, _ = units
    pence = extras[1]
    if cword is None:
        code, cents = None, False
    else:
        glued = text[prefix.start : m.start()] in GLUED_CURRENCY_ALIASES  # "HK12.5 cents"
        code, cents = _currency_words(cword, prefix.currency, glued)
    if code == "KRW" and cword == "won" and read.scale == ONE and len(num) < 4:
        code, read.end = None, m.start("cword") - 1  # "12 won awards": a verb, no currency
    elif (
        cword and prefix.currency is None and read.scale == ONE and _base_year(text, m.start(), num)
    ):
        code, cents, read.end = None, False, m.start("cword") - 1  # "in 2023 dollars": a base year
    if code_group:
        code = CURRENCY_ALIASES.get(code_group, code_group)
    if sym:
        code = CURRENCY_SYMBOLS[sym]  # "1,234.5 €"
    if pence and prefix.currency is None:  # "45.6p": pence, a hundredth of a pound; "45.6c" cents
        code, cents = ("GBP" if pence.strip()[0] == "p" else "USD"), True
    if code and read.kind != "percent":
        read.unit, read.kind = code, "currency"
    elif code:
        read.end = m.end("pct") if pct else m.end("bps")
    return cents


def _read_brackets(
    text: str, extras: tuple[str | None, ...], prefix: Prefix, num: str, read: _Reading
) -> tuple[bool, str | None]:
    """Read the brackets around the figure: "(1,234)" is a negative, read to its closing
    bracket and a unit or scale after it ("(2.3)%", "narrowed (27) bps", "$(1.2)M"); not
    "(2019)", a year in brackets, nor "(fifty) (50)", the number restated. Returns whether
    it is a negative so, and the unit the bracket restates a number in ("thirty (30)
    days")."""
    _, _, _, _, _, qty, _, _ = extras
    end = read.end
    # the closing bracket, right after the figure or one space after it ("(1,234 )")
    close_at = end if text[end : end + 1] == ")" else end + 1 if text[end : end + 2] == " )" else -1
    closed = (
        prefix.open_at >= 0
        and close_at >= 0
        and not _restates_words(text, prefix.open_at, read.kind == "number" and read.scale == ONE)
    )
    close_len = close_at + 1 - end
    if closed and read.kind == "number" and text[close_at + 1 : close_at + 2] == "%":
        # "(2.3)%", as tables print a negative percentage
        read.kind, read.unit = "percent", "percent"
        close_len += 1
    elif closed and read.kind == "number" and read.scale == ONE:
        bps_after = _BPS_AFTER.match(text, close_at)
        if bps_after is not None:  # "narrowed (27) bps"
            read.kind, read.unit = "percent", "basis_point"
            close_len = bps_after.end() - end
    if closed and read.scale == ONE and read.kind != "percent":
        after = _SUFFIX_AFTER.match(text, close_at)
        if after is not None:  # "$(1.2)M": the scale stands after the bracket
            token = (after.group(1) or after.group(2)).lower()
            read.scale = SCALE_WORDS.get(token) or SCALE_WORDS[token.rstrip("s")]
            read.scale_source = "suffix" if after.group(1) else "word"
            close_len = after.end() - end
    restated_unit = None
    if (
        not closed
        and read.kind == "number"
        and read.scale == ONE
        and not qty
        and prefix.open_at >= 0
        and close_at >= 0
        and (bracket_unit := BRACKET_UNIT.match(text, close_at)) is not None
    ):
        restated_unit = quantity_unit(bracket_unit.group("qty"))  # "thirty (30) days"
    if closed and not (
        read.kind == "number"
        and read.scale == ONE
        and "," not in num
        and "." not in num
        and len(num) == 4
        and 1900 <= int(num) <= 2099
    ):
        read.end += close_len  # "(1,234)" is -1,234; "(2019)" is a year in brackets
        return True, restated_unit
    return False, restated_unit


def _read_per(
    text: str,
    m: re.Match[str],
    units: tuple[str | None, ...],
    extras: tuple[str | None, ...],
    num: str,
    start: int,
    restated_unit: str | None,
    read: _Reading,
) -> str | None:
    """Read a quantity's unit ("1.2 GW", "412 Mboe/d") and what a quantity or an amount is
    per ("$2.85/Mcf", "per share of $33.40"); a number the bracket after it restates in a
    unit is a quantity of it. Returns what the figure is per, if anything."""
    mult = units[-1]
    _, _, _, _, _, qty, perday, _ = extras
    per = None
    if qty and read.kind == "number" and not mult:  # "1.2 GW", "412 Mboe/d": a quantity
        named = quantity_unit(qty)
        if unit_read(text, m, num, named):
            read.kind, read.unit = "quantity", named + ("/d" if perday else "")
            per = None if perday else quantity_per(text, read.end)
        else:  # "in 2024 year", a table's next row "MW sold": the number alone
            read.end = m.start("qty") - (text[m.start("qty") - 1] in " -\n")
    elif read.kind == "currency":
        per = per_unit(text, read.end)
        if (
            per is None
            and start > 3
            and text[start - 1 : start].isspace()
            and text[start - 3 : start - 1].lower() in ("of", "en")  # "of", "between"
            and PER_SHARE_BEFORE.search(text, max(0, start - 40), start)
        ):
            per = "share"  # "present values per share of $33.40"
    elif restated_unit is not None:
        read.kind, read.unit = "quantity", restated_unit
    return per
