"""What stands before a number: a currency symbol or code (with a scale glued to it), a
sign, an opening bracket, a section word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from tieout._vocab import (
    CURRENCY_ALIASES,
    CURRENCY_CODES,
    CURRENCY_SYMBOLS,
    GLUED_CURRENCY_ALIASES,
    SCALE_WORDS,
    SECTION_WORDS,
)
from tieout.figures.exact import ONE
from tieout.figures.patterns import CURRENCY_CODE, LABEL_IN_BRACKET_AT, UNIT_SCALES

__all__ = ["Prefix", "currency_before", "read_prefix"]


_PREFIX_CODE = re.compile(
    rf"(?:^|[^A-Za-z])(?P<code>{CURRENCY_CODE}|{'|'.join(sorted(CURRENCY_ALIASES))}) ?$"
)
_PREFIX_GLUED = re.compile(rf"(?:^|[^A-Za-z])(?P<code>{'|'.join(GLUED_CURRENCY_ALIASES)})$")
# one to three letters, one of them a capital, right before a "$" ("NT$" is read apart)
_LETTERS_BEFORE = re.compile(r"(?<![A-Za-z])([A-Za-z]{0,2}[A-Z][A-Za-z]{0,2})(?=\$)")
_PREFIX_WORD = re.compile(r"(?:^|[^A-Za-z])(?P<word>[A-Za-z]+)\.? ?$")
_DOLLARS = sorted(
    (s for s in CURRENCY_SYMBOLS if s.endswith("$") and s != "$"), key=len, reverse=True
)
_DOLLAR_SET = frozenset(_DOLLARS)
_DOLLAR_LENGTHS = sorted({len(s) for s in _DOLLARS}, reverse=True)
_SINGLE_SYMBOLS = {s: c for s, c in CURRENCY_SYMBOLS.items() if len(s) == 1 and s != "$"}


@dataclass(slots=True)
class Prefix:
    start: int
    currency: str | None = None
    negative: bool = False
    open_at: int = -1  # position of an opening parenthesis before the figure
    open_gap: int = 0  # spaces between it and the figure ("( 1,234)": 1)
    section: bool = False
    scale: Decimal = ONE  # a scale written with the currency before it ("T€ 812", "EURm 4.2")


def currency_before(text: str, j: int, glued: bool = False) -> tuple[str | None, int]:
    """A currency symbol or ISO code ending at ``j``: (code, start) or (None, j).
    ``glued``: nothing stands between ``j`` and the figure ("HK12.5 cents")."""
    last = text[j - 1] if j > 0 else " "
    if last == "$":
        for n in _DOLLAR_LENGTHS:  # "Mex$", then "US$", then "C$": the longest mark first
            k = j - n
            if k >= 0 and text[k:j] in _DOLLAR_SET and (k == 0 or not text[k - 1].isalpha()):
                return CURRENCY_SYMBOLS[text[k:j]], k
        letters = _LETTERS_BEFORE.search(text, max(0, j - 6), j)
        if letters is not None and letters.end() == j - 1:  # "J$", "TT$", "CAD$": not US
            mark = letters.group(1)
            return (mark if mark in CURRENCY_CODES else f"{mark}$"), letters.start(1)
        return "USD", j - 1
    code = _SINGLE_SYMBOLS.get(last)
    if code is not None:
        return code, j - 1
    if last in ".s":  # "Rs. 12.5 crore", "Rs 500": rupees
        k = j - 3 if last == "." else j - 2
        if k >= 0 and text.startswith("Rs", k) and (k == 0 or not text[k - 1].isalpha()):
            return "INR", k
        if last == "." and k >= 0 and text.startswith(_DOTTED_MARKS, k):
            return _dotted_mark(text, k)
    if "A" <= last <= "Z" or last in "bp":
        window = text[max(0, j - 4) : j]
        m = _PREFIX_CODE.search(window)
        if m is None and glued:
            m = _PREFIX_GLUED.search(window)
        if m is not None:
            code = m.group("code")
            code = CURRENCY_ALIASES.get(code) or GLUED_CURRENCY_ALIASES.get(code) or code
            return code, j - (len(window) - m.start("code"))
    return None, j


_SECTION_TAILS = frozenset(w[-2:] for w in SECTION_WORDS)  # "on", "se", "ex" …
# marks written with a dot before a figure: "Fr. 2.80", "SFr. 1.2 Mrd." (Swiss francs);
# "Ps. 12,345.6" (pesos: Mexican and Colombian filers both write it, so no one country's)
_DOTTED_MARKS = ("Fr", "Ps")


def _dotted_mark(text: str, k: int) -> tuple[str | None, int]:
    """The currency of the dotted mark "Fr." or "Ps." whose letters start at ``k``."""
    if text.startswith("Fr", k):
        if k > 0 and text[k - 1] == "S":
            k -= 1  # "SFr."
        code = "CHF"
    else:
        code = "peso"
    if k > 0 and text[k - 1].isalpha():
        return None, k + 3
    return code, k


def read_prefix(text: str, pos: int) -> Prefix | None:
    """Read currency, sign, an opening parenthesis and section words before ``pos``.

    None means nothing stands before the number (the common case, read fast).
    """
    c1 = text[pos - 1] if pos > 0 else "\n"
    if c1 == " ":
        c2 = text[pos - 2] if pos > 1 else "\n"
        if c2.islower() or c2 in ",;:!?\n":  # "was 1,234", "clause 4", "up, 12"
            if c2 in "bp" and text.endswith(("Rmb ", "Rp "), max(0, pos - 4), pos):
                return _slow_prefix(text, pos)  # "Rmb 4.2bn", "Rp 4.2tn"
            if c2 in "mnk" and _SCALED_MARK.search(text, max(0, pos - 8), pos):
                return _slow_prefix(text, pos)  # "EURm 4.2", "€bn 1.1"
            tail = text[max(0, pos - 3) : pos - 1]
            if tail == "Rs":
                return _slow_prefix(text, pos)  # "Rs 500"
            tail = tail.lower()
            if tail not in _SECTION_TAILS and tail not in ("us", "ve"):
                return None  # "at 4,200", "rose 12%": no section word, no "minus"
            if text.endswith(("minus ", "negative "), max(0, pos - 9), pos):
                k = pos - (6 if text[pos - 6] == "m" else 9)
                if k == 0 or not text[k - 1].isalpha():
                    return Prefix(k, negative=True)  # "minus 3.4%", "a negative 2.1% return"
            window = text[max(0, pos - 12) : pos]
            w = _PREFIX_WORD.search(window)
            if w is not None and w.group("word").lower() in SECTION_WORDS:
                return Prefix(pos - (len(window) - w.start("word")), section=True)
            return None
    elif c1 in "\n\t|":
        return None
    elif c1 == "$":  # "$4,200": the commonest prefix, read without the general path
        c2 = text[pos - 2] if pos > 1 else " "
        if (
            not c2.isalpha()
            and c2 not in "-($"
            and not (c2 == " " and text[pos - 3 : pos - 2] == "(")
        ):
            return Prefix(pos - 1, currency="USD")
    return _slow_prefix(text, pos)


# a currency with its scale glued on, before a figure: "TEUR", "kEUR", "MSEK", "TUSD"
# (German and Nordic reports), "EURm", "USDbn", "€m", "£bn" (tables and slides)
_SCALED_MARK = re.compile(
    r"(?<![A-Za-z])(?:(?P<pre>[TkKM])(?P<code>EUR|SEK|NOK|DKK|CHF|USD|GBP)"
    r"|(?:(?P<code2>EUR|USD|GBP|CHF|SEK|NOK|DKK|JPY|CNY|HKD)|(?P<sym>[€£]))(?P<post>m|mn|bn|k))"
    r" ?$"
)
# a scale written before a currency mark: "T€", "k€", "M€", "Mio. €", "Mrd. EUR"
_SCALE_BEFORE_MARK = re.compile(r"(?<![A-Za-z])(?:(?P<letter>[TkKM])|(?P<word>Tsd|Mio|Mrd)\. ?)$")


# a currency mark, then its scale, then the figure: "CHF Mio. 245.7", "EUR Mio. 45,6",
# "DKK mio. 812", "DKK mia. 1,2", as Swiss, German and Danish reports write it
_MARK_SCALE_WORD = re.compile(
    r"(?<![A-Za-z])(?P<code>EUR|CHF|SEK|NOK|DKK|USD|GBP|€) ?(?P<word>Tsd|Mio|Mrd|mio|mia|mrd)\. ?$"
)
_MARK_SCALES = {"tsd": Decimal(1000), "mio": Decimal(10) ** 6, "mrd": Decimal(10) ** 9}
_MARK_SCALES["mia"] = _MARK_SCALES["mrd"]


def _scale_before(text: str, k: int) -> tuple[Decimal, int]:
    """The scale written right before the currency mark that starts at ``k``, and where it
    starts: (1, k) when there is none."""
    c = text[k - 1] if k > 0 else ""
    if c == " ":
        c = text[k - 2] if k > 1 else ""  # "Mio. €": only a dot stands before the space
        if c != ".":
            return ONE, k
    if c not in ("T", "k", "K", "M", "."):
        return ONE, k  # "$4.2", " €812": no scale before the mark, the common case
    m = _SCALE_BEFORE_MARK.search(text, max(0, k - 5), k)
    if m is None or m.end() != k:
        return ONE, k
    token = (m.group("letter") or m.group("word")).lower()
    return (UNIT_SCALES.get(token) or SCALE_WORDS[token]), m.start()


def _before_minus_ends_a_figure(c: str) -> bool:
    """Whether a hyphen after ``c`` joins two things ("10%-15%", "Q1-2", "$130k-$190k")
    rather than making the number after it negative."""
    return c.isalnum() or c == "%"


def _slow_prefix(text: str, pos: int) -> Prefix:
    p = Prefix(pos)

    def at(k: int) -> str:
        return text[k] if k >= 0 else " "

    i = pos
    if at(i - 1) == "-" and not _before_minus_ends_a_figure(at(i - 2)):
        p.negative = True
        i -= 1
    if at(i - 1) == "(":
        p.open_at = i - 1
        i -= 1
    elif at(i - 1) == " " and at(i - 2) == "(":  # "( 1,234)", as PDF text spaces a bracket
        p.open_at, p.open_gap = i - 2, 1
        i -= 2
    j = i
    while at(j - 1) == " " and i - j < 8:  # "$     0.48", as filings align a column
        j -= 1
    currency, k = currency_before(text, j, glued=j == i)
    if currency is not None:  # "T€ 812", "k€ 812", "Mio. € 8.1": the scale before the mark
        p.scale, k = _scale_before(text, k)
    else:  # "TEUR 812", "MSEK 4,200", "EURm 4.2", "€bn 1.1": the scale glued to the mark
        marked = _SCALED_MARK.search(text, max(0, j - 8), j)
        if marked is not None and marked.end() == j:
            mark = marked.group("code") or marked.group("code2") or marked.group("sym")
            currency = CURRENCY_SYMBOLS.get(mark) or mark
            before_mark = marked.group("pre")  # "TEUR": T is Tausend; "EURm": m is million
            p.scale = (
                UNIT_SCALES[before_mark.lower()]
                if before_mark
                else SCALE_WORDS[marked.group("post")]
            )
            k = marked.start()
        else:  # "CHF Mio. 245.7", "EUR Mio. 45,6", "DKK mio. 812": the scale after the mark
            worded = _MARK_SCALE_WORD.search(text, max(0, j - 11), j)
            if worded is not None:
                currency = CURRENCY_SYMBOLS.get(worded.group("code")) or worded.group("code")
                p.scale = _MARK_SCALES[worded.group("word").lower()]
                k = worded.start()
    if currency is not None and k < p.open_at and LABEL_IN_BRACKET_AT.match(text, pos):
        currency, p.scale = None, ONE  # "Mio. € (2025: …)", "€m (12 months)": no amount's unit
    if currency is None and at(j - 1) in "*_":  # "$**4.2** million": emphasis after the sign
        e = j - 2 if at(j - 2) == at(j - 1) else j - 1
        currency, k = currency_before(text, e)
        if currency is None:
            k = j
    if currency is None:
        j = i - 1 if at(i - 1) == " " else i
    if currency is not None:
        p.currency = currency
        i = k
        if not p.negative and at(i - 1) == "-" and not _before_minus_ends_a_figure(at(i - 2)):
            p.negative = True
            i -= 1
        if p.open_at < 0 and at(i - 1) == "(":
            p.open_at = i - 1
            i -= 1
        elif p.open_at < 0 and at(i - 1) == " " and at(i - 2) == "(":  # "( $1,234)"
            p.open_at, p.open_gap = i - 2, 1
            i -= 2
    elif (
        p.open_at < 0
        and not p.negative
        and (at(j - 1) == "§" or at(j - 1).isalpha() or (at(j - 1) == "." and at(j - 2).isalpha()))
    ):
        if at(j - 1) == "§":
            p.section = True
            i = j - 1
        else:
            window = text[max(0, pos - 12) : pos]
            w = _PREFIX_WORD.search(window)
            if w is not None and w.group("word").lower() in SECTION_WORDS:
                p.section = True
                i = pos - (len(window) - w.start("word"))
    p.start = i
    return p
