"""What the grammar refuses, with the form to write instead: European separators
("1.234.567,89 €", "3,5 %"), fractions with no exact decimal ("1/3%"), powers of ten
("2.5e6"), a scale detached from its figure by markup ("**$2.94**B").
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from tieout.figures.conventions import CURRENCY_AFTER, CURRENCY_AFTER_PATTERN
from tieout.figures.figure import group_thousands
from tieout.figures.numerals import decimal_value, fraction_of, terminates
from tieout.figures.patterns import (
    AFTER_DIGITS,
    DIGIT_GROUPS,
    EXTRA_GROUPS,
    FIGURE,
    GROUP_NUMBERS,
    UNIT_GROUPS,
)
from tieout.figures.prefix import read_prefix

__all__ = [
    "POWER_FIRST",
    "POWER_SIGNS",
    "detached_scale",
    "past_symbol",
    "power_after",
    "unreadable_end",
    "unreadable_figure",
    "unreadable_span",
]


# A power of ten after a number: scientific notation ("2.5e6", "1.2E+09", "2.5 × 10^6",
# "3x10**6", "4.2·10⁹"), which no source of a finance team writes its figures in
_POWER_AFTER = re.compile(
    r"(?:[eE]|[^\S\n]?[x×*·][^\S\n]?10(?:\^|\*\*))(?P<exp>[+-]?\d{1,3})(?!\w|\.\d)"
    r"|[^\S\n]?[x×·][^\S\n]?10(?P<sup>[⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})(?!\w|\.\d)"
)
_SUPERSCRIPTS = str.maketrans("⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "+-0123456789")
POWER_FIRST = frozenset("eE x×*·")
POWER_SIGNS = ("x", "×", "*", "·")  # what a power of ten a space after a number starts with


def power_after(text: str, end: int) -> int | None:
    """The end of a power of ten written right after the number ending at ``end``."""
    if text[end] == " " and text[end + 1 : end + 2] not in POWER_SIGNS:
        return None  # "2.5 million": the common case, decided without the regex
    power = _POWER_AFTER.match(text, end)
    return None if power is None else power.end()


def unreadable_end(
    text: str, m: re.Match[str], num: str, frac: str | None, dotted: str | None
) -> int | None:
    """Where the figure ``m`` read ends, past a currency after it, when the grammar cannot
    read it exactly: a fraction with no exact decimal ("3 1/3%"), a power of ten ("$2.5e6",
    "1.2 × 10^9": never read as 2.5); None for any other."""
    if frac and not terminates(fraction_of(num, frac)[1]):
        return past_symbol(text, m.end())
    end = m.end("num")
    if not dotted and text[end : end + 1] in POWER_FIRST:
        power = power_after(text, end)
        if power is not None:
            return past_symbol(text, power)
    return None


_DOT_GROUPS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")  # "1.234.567": dots between thousands
_COMMA_DECIMALS = re.compile(r",\d+")
# what may follow a figure written with a decimal comma and make it an amount or a percent
# (refused, never passed over): a currency, "M€", "MSEK", "Mkr", or a scale or percent word
# in the languages that write the comma ("mia. kr", "mld zł", "Millionen", "pour cent")
_UNIT_AFTER = re.compile(
    rf" ?(?:{CURRENCY_AFTER_PATTERN}|[MkKT]?(?:€|EUR|SEK|NOK|DKK|ISK|CHF|PLN|CZK|HUF|kr\b)"
    r"|(?i:Mio|Mrd|Tsd|Mia|Mld|Md|Mdr|Mdkr|Millionen|Milliarden|milliards?|milioni|miliardi"
    r"|miljoner|miljarder|miljoen|miljard|miljoonaa|millones|pour cent|por ciento|per cento"
    r"|procent|prozent)\b)"
)


def unreadable_span(
    text: str, m: re.Match[str], groups: tuple[str | None, ...]
) -> tuple[int, int] | None:
    """The span of a figure written with European separators, which the grammar does not
    read: an amount or percent with a decimal comma ("€3,5 Mio.", "3,5 %", "3,5 €"), or
    a number with dots between its thousands ("1.234.567,89 €", "1.234,5", "2.500.000").
    A fraction with a unit the grammar does not read exactly ("1/3%") is unreadable too.
    A claim nobody can check, never one to pass over. None for a bare "1,23" (a list or a
    code as often as a figure) and for a version string ("3.11.7")."""
    _, bad, num, dotted, _ = groups[DIGIT_GROUPS]
    num, bad, dotted = num or "", bad or "", dotted or ""
    pos = m.start()
    end = m.end()
    if dotted:
        if not _DOT_GROUPS.fullmatch(num + dotted):
            return None  # "3.11.7": a version, "2.2.1": a clause
        comma = _COMMA_DECIMALS.match(text, end)  # the grammar's num holds one group's dot,
        if comma is not None:  # so a dotted match has two: "1.234.567" is European as it is
            end = comma.end()
    elif _DOT_GROUPS.fullmatch(num) is None or not bad:  # "1.234,5" is European whatever follows
        before = text[pos - 1] if pos else ""
        after = None if any(groups[AFTER_DIGITS]) else _UNIT_AFTER.match(text, end)
        unit = after is not None or any(groups[AFTER_DIGITS])
        if not unit and before not in " $(-" and not before.isupper() and before.isascii():
            return None  # no unit after it and no currency before it ("1,1,1,…" reads fast)
        prefix = read_prefix(text, pos)
        if not unit and (prefix is None or not prefix.currency):
            return None
        return (prefix.start if prefix is not None else pos, past_symbol(text, end, after))
    prefix = read_prefix(text, pos)
    return (prefix.start if prefix is not None else pos, past_symbol(text, end))


def past_symbol(text: str, end: int, unit: re.Match[str] | None = None) -> int:
    """``end``, or past the currency written after the figure ending there ("3,5 €"), or
    past ``unit``, the unit read after it ("3,4 MSEK")."""
    at = unit or CURRENCY_AFTER.match(text, end)
    return end if at is None else at.end()


def unreadable_figure(text: str) -> tuple[str, str, str] | None:
    """The first figure ``text`` writes so that the grammar cannot read it (European
    separators, a fraction in thirds …): (as written, as the sources would write it,
    kind): ("3,5", "3.5", "currency") for "€3,5 Mio.", ("1.234.567,89", "1,234,567.89",
    "number") for "1.234.567,89", ("1/3", "0.3333…", "percent") for "1/3%"; None when
    there is none. What :func:`skipped` lists as "unreadable"."""
    for m in FIGURE.finditer(text):
        groups = m.group(*GROUP_NUMBERS)
        _, bad, num, dotted, _ = groups[DIGIT_GROUPS]
        if num is None:
            continue
        pct, bps, _, _, code, cword, _ = groups[UNIT_GROUPS]
        frac, pence, sym, *_ = groups[EXTRA_GROUPS]
        prefix = read_prefix(text, m.start())
        currency = bool(code or cword or pence or sym or (prefix is not None and prefix.currency))
        kind = "currency" if currency else "percent" if pct or bps else "number"
        power = None if dotted or frac else _POWER_AFTER.match(text, m.end("num"))
        if power is not None:  # "2.5e6": as the sources write it, "2,500,000"
            written = text[m.start("num") : power.end()]
            exponent = (power.group("exp") or power.group("sup")).translate(_SUPERSCRIPTS)
            full = decimal_value(num).scaleb(int(exponent))
            kind = "currency" if currency or _symbol_after(text, power.end()) else kind
            return written, group_thousands(full) if abs(full) >= 1 else format(full, "f"), kind
        if frac and frac[0] == "/" and ("." in num or "," in num):
            continue  # "$1.0412/100AV": an amount and what it is a rate of, no fraction
        if frac and (frac[0] != "/" or any(groups[UNIT_GROUPS])):
            value, bottom = fraction_of(num, frac)
            if terminates(bottom):
                continue
            written = num + frac  # "3 1/3", "1/3", "3⅓"
            example = f"{Decimal(value.numerator) / Decimal(value.denominator):.4f}…"
            return written, example, kind
        if not ((bad and bad[0] in ",/") or dotted):
            continue
        span = unreadable_span(text, m, groups)
        if span is None:
            continue
        written = num + (dotted or bad or "")
        comma = _COMMA_DECIMALS.match(text, m.end()) if dotted else None
        if comma is not None:
            written += comma.group()
        if "/" in written:  # "1/3%": a fraction in other than halves to 64ths
            example = _decimal_of_fraction(written)
        else:
            whole, _, frac = written.replace(".", "").partition(",")
            example = f"{int(whole):,}" + (f".{frac}" if frac else "")
        if _symbol_after(text, m.end()):
            kind = "currency"
        return written, example, kind
    return None


def _decimal_of_fraction(written: str) -> str:
    """'1/5' -> '0.2'; '1/3' -> '0.3333…' (four places, marked, where it never ends)."""
    top, _, bottom = written.partition("/")
    digits = bottom[: len(bottom) - len(bottom.lstrip("0123456789"))] or "1"
    if not top.replace(",", "").isdigit():  # "1.0412/100AV": a rate per 100, no fraction
        return f"{top} per {digits}"
    q = Fraction(int(top.replace(",", "")), int(digits) or 1)
    if terminates(q.denominator):
        return format(Decimal(q.numerator) / Decimal(q.denominator), "f")
    return f"{Decimal(q.numerator) / Decimal(q.denominator):.4f}…"


def _symbol_after(text: str, end: int) -> bool:
    """Whether a currency stands after the figure ending at ``end`` ("3,5 €", "1.234 EUR";
    past a decimal comma the grammar did not read)."""
    comma = _COMMA_DECIMALS.match(text, end)
    return CURRENCY_AFTER.match(text, comma.end() if comma else end) is not None


# markup a draft may put between a figure and its scale word ("**$2.94**B", "`$2.94`
# billion", "[$2.94](#note) billion", "$2.94[^1] billion", "$\$2.94$ billion",
# "$2.94\,\text{billion}$", "$2.94<br>billion"): at least one mark, then the word
_DETACHED_SCALE = re.compile(
    r"(?:\*{1,2}|_{1,2}|`|\$|\]\([^)\s]{0,120}\)|\]|\[\^[^\]\s]{1,12}\]|<br\s*/?>|\\,|\\text\{)+"
    r"[^\S\n]?(?:\\text\{|\*{1,2}|_{1,2})?"
    r"(?P<word>(?i:thousand|million|billion|trillion|mn|bn|mm)|[KMBT])(?![A-Za-z0-9])"
)


def detached_scale(text: str, end: int) -> re.Match[str] | None:
    """Markup between the figure ending at ``end`` and a scale word after it ("**$2.94**B"):
    the grammar reads the figure without its scale there, so the gate refuses it."""
    return _DETACHED_SCALE.match(text, end)
