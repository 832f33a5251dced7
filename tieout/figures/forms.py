"""Number forms beyond one number and its unit: margins over a reference rate ("S+275"),
ratios ("3.39:1.25"), figures written with slashes ("2.84/2.61%", "$0.5/1/2 billion"),
fractions over an ordinal ("1/48th"); and the hints the lazy reader looks for them by.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from decimal import Context, Decimal
from itertools import chain

from tieout.figures.exact import ONE
from tieout.figures.figure import Figure, group_thousands
from tieout.figures.match import figure_from_match, read_as
from tieout.figures.numerals import precision_of
from tieout.figures.patterns import AFTER_DIGITS, DIGIT_GROUPS, EXTRA_GROUPS, FIGURE, GROUP_NUMBERS
from tieout.figures.prefix import Prefix, read_prefix

__all__ = [
    "cents_hint",
    "fraction_hints",
    "pair_not_fraction",
    "read_ordinal_fraction",
    "read_ratio",
    "read_slash_list",
    "read_slash_pair",
    "read_spread",
]


# Hints, each confirmed by the grammar, that a text writes amounts in cents or pence ("45
# cents" is $0.45, "45.6p" £0.456) or figures with a fraction ("3 1/2%", "3½%"). Each
# pattern starts with a literal, so the regex engine skips to it: one with a digit first
# ("\d/\d") tried every digit of a megabyte and took 30 ms.
_CENTS_HINTS = (
    re.compile(r"cent(?<=\d\scent)"),
    re.compile(r"cent(?<=[A-Za-z] cent)"),  # "12.5 HK cents", "5 euro cents"
    re.compile(r"pence(?<=\d\spence)"),
    re.compile(r"p\b(?<=\dp)"),
    re.compile(r"c\b(?<=\dc)"),
    re.compile("¢"),
    re.compile(r"\((?:in )?(?:p|pence|cents)\)"),  # a row "Basic EPS (p)"
)
_SLASH_HINT = re.compile(r"/(?<=\d/)\d")
_VULGAR_HINT = re.compile(r"[½¼¾⅛⅜⅝⅞]")


def cents_hint(text: str) -> bool:
    """Whether ``text`` may write an amount in cents or pence ("45 cents", "45.6p", "45.6c")."""
    return any(h.search(text) is not None for h in _CENTS_HINTS)


def fraction_hints(text: str) -> Iterator[int]:
    """Where ``text`` may write a figure with a fraction: each "/" between digits ("3
    1/2%") and each vulgar fraction ("3½%"), in order."""
    slashes = (m.start() for m in _SLASH_HINT.finditer(text))
    if text.isascii():
        return slashes
    return iter(sorted(chain(slashes, (m.start() for m in _VULGAR_HINT.finditer(text)))))


# a reference rate and a plus before a bare number: the number is a margin over it ("T"
# and "UST" are the Treasury benchmark of a make-whole, "T+50"; "T+2" alone is a
# settlement date, so "T" takes a margin of two digits or more)
_RATE_NAMES = (
    r"SOFR|Term SOFR|TSFR|ABR|LIBOR|EURIBOR|SONIA|SARON|TONA|TONAR"
    r"|BBSY|BBSW|CDOR|CORRA|Term CORRA|€STR|ESTR|BSBY|TIBOR|HIBOR|SIBOR|SORA"
    r"|Prime|Base Rate|Fed Funds|FFR|UST|Treasury|Treasuries|Treasury Rate|Treasury rate"
)
_RATE_PLUS = re.compile(
    rf"(?<![A-Za-z€])(?:S|L|E|(?P<t>T)|{_RATE_NAMES})(?:[^\S\n]?\+[^\S\n]?|[^\S\n]plus[^\S\n])$"
)
# a reference rate named after a signed margin: "+325 to Treasuries", "+125 over SOFR",
# "+50 over the interpolated UST" (new-issue pricing as bond desks write it)
_RATE_AFTER = re.compile(
    rf"[^\S\n](?:to|over|above|vs\.?)[^\S\n](?:the[^\S\n])?(?:(?:interpolated|"
    rf"comparable|benchmark|on-the-run)[^\S\n])?(?:{_RATE_NAMES}|[Tt]reasuries|[Tt]reasury)\b"
)


# the rest of a range of margins after its first term, and the range's unit: "–212.5 bps"
_RANGE_UNIT = re.compile(
    r"[^\S\n]?(?:[-–—]|to)[^\S\n]?\d[\d,]*(?:\.\d+)?[^\S\n]?"
    r"(?P<u>bps|bp|basis[^\S\n]points?|%|percent)(?![A-Za-z])"
)


def read_spread(text: str, m: re.Match[str]) -> Figure | None:
    """A margin over a reference rate written with no unit ("S+275", "SOFR + 275", "ABR +
    175", "SOFR + 2.25", "Term SOFR plus 275", "CORRA + 325", "T+50", "UST+75"), as loan documents and term sheets write them: a whole number is
    basis points, one with a decimal is a percent. None where no rate stands before it."""
    pos = m.start()
    rate = _RATE_PLUS.search(text, max(0, pos - 20), pos)
    num = m.group("num")
    if rate is None:
        if text[pos - 1 : pos] != "+" or _RATE_AFTER.match(text, m.end("num")) is None:
            return None  # (a margin with its rate after it: "+325 to Treasuries")
    elif rate.group("t") and len(num) < 2:
        return None  # "T+1", "T+2": a trade's settlement day, no margin
    unit = " bps" if "." not in num else "%"
    ranged = _RANGE_UNIT.match(text, m.end("num"))
    if ranged is not None:  # "SOFR + 112.5–212.5 bps": the range's unit is the margin's
        unit = "%" if ranged.group("u") in ("%", "percent") else " bps"
    fig = read_as(num + unit, Prefix(0))
    assert fig is not None
    return replace(fig, text=text[pos : m.end("num")], span=(pos, m.end("num")))


# the second term of a ratio "a:b" the grammar reads no multiple of ("3.39:1.25", "312:4")
_RATIO_SECOND = re.compile(r":(\d+(?:\.\d+)?)(?![\d:/]|[.,]\d)")


def read_ratio(text: str, m: re.Match[str]) -> Figure | None:
    """A ratio whose second term is not one ("3.39:1.25", "4:1.25", "312:4"): a quantity
    whose unit is "ratio_to_" its second term, so it is found only as that ratio, never as
    the multiple "3.39:1.00" nor a bare "3.39". None where no number follows the colon
    (times such as "4:30" are read apart) or the second term is one."""
    second = _RATIO_SECOND.match(text, m.end())
    if second is None or Decimal(second.group(1)) == 1:
        return None
    num = m.group("num")
    term = group_thousands(Decimal(second.group(1)))
    return Figure(
        text=text[m.start() : second.end()],
        span=(m.start(), second.end()),
        kind="quantity",
        unit=f"ratio_to_{term}",
        value=Decimal(num.replace(",", "")),
        precision=precision_of(num),
        digits=len(num) - num.count(",") - num.count("."),
        grouped="," in num,
        decimal="." in num,
    )


def pair_not_fraction(num: str, frac: str) -> bool:
    """Whether "a/b" written with a unit is two figures, not a fraction: "15/20%" (15% and
    20%), "3/2x"; a fraction is smaller than one, over at most 12 or a power of two as
    bonds quote them ("1/2%", "3/8%", "11/12%", "5/32")."""
    if frac[0] != "/" or "." in num or "," in num:
        return frac[0] == "/"
    top, bottom = int(num), int(frac[1:])
    return top >= bottom or (bottom > 12 and bottom not in (16, 32, 64))


def read_slash_pair(text: str, m: re.Match[str]) -> tuple[Figure, Figure] | None:
    """Two figures written with a slash between them and the unit once: "2.84/2.61%",
    "10.4/9.6x", "$11.85/12.90", "4,112/3,843 million", "9,999/1,152". The second is read
    as the grammar reads any figure; the first takes its unit and scale, and gives it its
    currency. None where the slash joins no two figures: "24/7", "9/30", "2024/2025" (no
    unit, no currency, no separator in either), or the second is no plain figure."""
    slash = m.end("num")
    window = text[slash + 1 : slash + 161]
    m2 = FIGURE.match(window)
    if m2 is None or m2.group("num") is None:
        return None
    g2 = m2.group(*GROUP_NUMBERS)
    _, bad, num2, dotted, trailing = g2[DIGIT_GROUPS]
    frac, *_ = g2[EXTRA_GROUPS]
    if bad or dotted or trailing or frac:  # glued letters, a fraction
        return None
    num1 = m.group("num")
    pos = m.start()
    prefix = read_prefix(text, pos)
    currency = prefix.currency if prefix is not None else None
    if not (any(g2[AFTER_DIGITS]) or currency or any(c in num1 + num2 for c in ",.")):
        return None
    second = figure_from_match(window, m2, g2, Prefix(0, currency=currency))
    # the first, read as if the second's unit were written after it
    first = read_as(num1 + window[m2.end("num") : m2.end()], prefix or Prefix(0))
    if (prefix is None or not prefix.currency) and "+" in text[max(0, pos - 2) : pos]:
        # "S+275/0.50%": a margin and its floor; the margin is in basis points
        first = read_spread(text, m) or first
    if first is None:
        return None
    start = prefix.start if prefix is not None else pos
    first = replace(first, text=text[start:slash], span=(start, slash))
    shift = slash + 1
    second = replace(second, span=(second.span[0] + shift, second.span[1] + shift))
    return first, second


# three figures or more written with slashes between them and the unit once
_SLASH_LIST = re.compile(r"\d[\d,]*(?:\.\d+)?(?:/\d[\d,]*(?:\.\d+)?){2,}(?![\d/]|[.,]\d)")


def read_slash_list(text: str, m: re.Match[str]) -> list[Figure] | None:
    """Three figures or more written with slashes between them and the unit once:
    "$0.5/1/2 billion" ($0.5 billion, $1 billion, $2 billion), "2.5/3/4%". Each is read as
    the last one is, with the currency written before the first. None where no unit or
    currency says they are figures ("1/2/3", a score; "24/7/365")."""
    pos = m.start()
    lst = _SLASH_LIST.match(text, pos)
    if lst is None:
        return None
    items = lst.group().split("/")
    last_at = lst.end() - len(items[-1])
    window = text[last_at : last_at + 160]  # (the grammar reads no figure right after "/")
    m2 = FIGURE.match(window)
    if m2 is None or m2.group("num") != items[-1]:
        return None
    g2 = m2.group(*GROUP_NUMBERS)
    _, bad, _, dotted, trailing = g2[DIGIT_GROUPS]
    frac, *_ = g2[EXTRA_GROUPS]
    if bad or dotted or trailing or frac:  # glued letters, a fraction
        return None
    prefix = read_prefix(text, pos)
    currency = prefix.currency if prefix is not None else None
    if not (any(g2[AFTER_DIGITS]) or currency):
        return None
    tail = window[m2.end("num") : m2.end()]
    out: list[Figure] = []
    at = pos
    first = pos if prefix is None else prefix.start
    if prefix is not None and prefix.open_at >= 0 and first <= prefix.open_at:
        first = prefix.open_at + 1 + prefix.open_gap  # "($1/2/3 billion)": no negative
    for k, item in enumerate(items):
        fig = read_as(item + tail, Prefix(0, currency=currency))
        if fig is None:
            return None
        start = first if k == 0 else at
        end = last_at + m2.end() if k == len(items) - 1 else at + len(item)
        out.append(replace(fig, text=text[start:end], span=(start, end)))
        at += len(item) + 1
    return out


_ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th)s?(?![A-Za-z0-9])")
_FRACTION_QUOTIENT = Context(prec=28)


def read_ordinal_fraction(text: str, m: re.Match[str], num: str, frac: str) -> Figure | None:
    """The fraction a number over an ordinal writes ("a 1/48th interest", "3/8ths"): its
    quotient, as "one forty-eighth" in words is read (``where`` says "fraction 1/48"), a
    figure a source states only as that fraction; never its numerator or denominator.
    None when no ordinal follows, or the "fraction" is none (a currency, "5/4th")."""
    after = _ORDINAL_AFTER.match(text, m.end("frac"))
    if after is None or not num.isdigit():
        return None
    prefix = read_prefix(text, m.start())
    if prefix is not None and (prefix.currency or prefix.section):
        return None
    top, bottom = int(num), int(frac[1:])
    if not 0 < top < bottom:
        return None
    start = m.start()
    value = _FRACTION_QUOTIENT.divide(Decimal(top), Decimal(bottom))
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    return Figure(
        text=text[start : after.end()],
        span=(start, after.end()),
        kind="number",
        unit=None,
        value=value,
        precision=ONE.scaleb(exponent),  # exact: no rounding of another figure
        digits=len(num) + len(frac) - 1,
        decimal=True,  # a claim, as a decimal is: "1/48th" is no small count
        where=f"fraction {top}/{bottom}",
    )
