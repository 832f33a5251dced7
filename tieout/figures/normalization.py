"""The number grammar: find every figure in a text and give it a canonical key.

One implementation, used by sources, claims and drafts alike, so a figure is read the
same way wherever it sits. ``extract(text)`` returns :class:`Figure` values with the span
in the text as given, the kind (currency, percent, number, section), the unit, the value
in base units as a ``Decimal`` and the precision it was written to.

Text is normalised first (:func:`normalize`): NFKC, digits of any script, curly quotes,
dashes and the minus sign, odd spaces and zero-width characters, so no figure can hide
behind formatting. Thousands groups are exactly three digits, so the comma in
"$4,200,000, up 23%" stays out of the amount. A source written by the comma convention of
European filers ("1.234.567,89 €", "3,5 %") is read with each number's separators swapped,
one character for one, so the one grammar reads it and every span stays put
(``normalize_with_map(text, "comma")``; ``"auto"`` reads the convention off the text).

Context is applied last: a figure in a table or paragraph under "(in thousands)" carries
that scale, and a figure in a table column headed by a period carries that period (see
``layout.py``). The grammar imports only the other pure modules (``_vocab``, ``layout``,
``periods``), never the database, pydantic or pint.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, chain
from typing import TYPE_CHECKING

from tieout._vocab import (
    CURRENCY_ADJECTIVES,
    CURRENCY_ALIASES,
    CURRENCY_CODES,
    CURRENCY_SYMBOLS,
    CURRENCY_WORDS,
    DURATION_UNITS,
    EMISSION_MASSES,
    ENERGY_UNITS,
    GLUED_CURRENCY_ALIASES,
    LAB_UNITS,
    PER_TIME_UNITS,
    PER_UNITS,
    QUANTITY_MULTIPLES,
    SCALE_WORDS,
    SECTION_WORDS,
    SOFT_UNITS,
)

if TYPE_CHECKING:
    from tieout.layout import Layout
    from tieout.periods import Period

__all__ = [
    "NUMBER_CONVENTIONS",
    "Figure",
    "Normalized",
    "article_named",
    "canonical_digits",
    "cents_hint",
    "clean_cut",
    "currency_before",
    "detect_numbers",
    "digit_run_spans",
    "extract",
    "figure_key",
    "fraction_hints",
    "is_roman",
    "normalize",
    "normalize_with_map",
    "number_places",
    "over",
    "parse_amount",
    "resolve_numbers",
    "roman_articles",
    "scan_window",
    "skipped",
    "sorted_values",
    "times",
    "unreadable_figure",
]

ONE = Decimal(1)
HUNDRED = Decimal(100)
#: Arithmetic on figures never rounds: a 40-digit amount keeps its 40 digits.
EXACT = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)


def times(value: Decimal, factor: Decimal) -> Decimal:
    """``value * factor`` exactly (scales are powers of ten)."""
    return EXACT.multiply(value, factor)


def over(value: Decimal, factor: Decimal) -> Decimal:
    """``value / factor`` exactly (scales are powers of ten)."""
    return EXACT.divide(value, factor)


# --------------------------------------------------------------------------- normalisation

_SPACES = (
    "\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
)
_GROUP_SPACES = "\u00a0\u2007\u2009\u202f"  # used as thousands separators in typeset figures
# zero-width characters and invisible marks (direction marks and isolates, the combining
# grapheme joiner, variation selectors, the keycap that boxes an emoji digit "4️⃣"): nothing
# a reader sees as apart from the digit, so nothing a figure may hide behind
_ZERO_WIDTH = (
    "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f\u061c\u034f\ufe0e\ufe0f"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u20e3"
)
_FIXED: dict[str, str] = {
    **{c: " " for c in _SPACES},
    **{c: "" for c in _ZERO_WIDTH},
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": "'",
    "\u201b": "'",
    "\u2032": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u201f": '"',
    "\u2033": '"',
    "\u00ab": '"',
    "\u00bb": '"',
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2013": "-",
    "\u2014": "-",
    "\u2015": "-",
    "\u2212": "-",
    "\ufe63": "-",
    "\uff0d": "-",
    "\u2044": "/",
    "\u066c": ",",  # Arabic thousands separator
    "\u066b": ".",  # Arabic decimal separator
    "\u066a": "%",  # Arabic percent sign
}
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    """The normalised form of one non-ASCII character."""
    fixed = _FIXED.get(ch)
    if fixed is not None:
        return fixed
    if ch.isdecimal():  # digits of any script: fullwidth, Arabic-Indic, Devanagari …
        return str(unicodedata.decimal(ch))
    decomposition = unicodedata.decomposition(ch)
    if decomposition.startswith(("<super>", "<sub>", "<fraction>")):
        # footnote markers stay as they are: "$4.2M¹" is not $4.2M1; so do fractions,
        # which NFKC would glue to the digits before them ("3½" is not "31/2")
        return ch
    folded = unicodedata.normalize("NFKC", ch)
    return "".join(_FIXED.get(c, c) for c in folded)


@dataclass(frozen=True, slots=True)
class Normalized:
    """Normalised text and the way back to positions in the original."""

    text: str
    original: str
    # one entry per replaced character: (position in text, length there, position in original)
    _edits: tuple[tuple[int, int, int], ...] = ()

    def to_original(self, pos: int) -> int:
        """Map a position in the normalised text to the original text."""
        if not self._edits:
            return pos
        i = bisect_right(self._edits, (pos, 1 << 62, 0)) - 1
        if i < 0:
            return pos
        out_pos, out_len, in_pos = self._edits[i]
        if pos < out_pos + out_len:
            return in_pos
        return in_pos + 1 + (pos - out_pos - out_len)

    def span_to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a half-open span in the normalised text to the original text."""
        if not self._edits:
            return start, end
        o_start = self.to_original(start)
        o_end = self.to_original(end - 1) + 1 if end > start else o_start
        return o_start, o_end


_CHUNK = 8192
_SUB = 512


def _non_ascii_runs(text: str) -> Iterator[re.Match[str]]:
    """The runs of non-ASCII characters, in order. A long text with a handful of them
    (one em dash in a 1 MB filing, a "§" in every paragraph of a draft) is skipped chunk
    by chunk, then within a chunk by pieces of 512: ``str.isascii`` of a slice is a
    C-level check, the regex only runs where a piece holds something to fold."""
    n = len(text)
    if n <= 4 * _SUB:
        yield from _NON_ASCII.finditer(text)
        return
    done = 0  # everything before this was read
    for lo in range(0, n, _CHUNK):
        if lo + _CHUNK <= done or text[lo : lo + _CHUNK].isascii():
            continue
        for sub in range(lo, min(lo + _CHUNK, n), _SUB):
            hi = sub + _SUB
            if hi <= done or text[sub:hi].isascii():
                continue
            for m in _NON_ASCII.finditer(text, max(sub, done), hi):
                if m.end() == hi < n:  # the run goes on past the piece: read it whole
                    whole = _NON_ASCII.match(text, m.start())
                    assert whole is not None
                    m = whole
                yield m
                done = m.end()


def normalize_with_map(
    text: str, numbers: str = "point", *, mapped: bool = True, reading: bool = True
) -> Normalized:
    """Normalise ``text`` for reading figures, keeping the map back to the original.

    Only meaning-free typographic changes are made. A thin space, NBSP or figure space
    between digit groups becomes a comma ("4 200 000" typeset with thin spaces is
    4,200,000), and so does an apostrophe or an underscore between groups of three
    ("CHF 1'234.50", as Swiss documents group figures; "1_000_000", as code writes them);
    any other odd space becomes a plain space.

    ``numbers`` is the text's number convention (:data:`NUMBER_CONVENTIONS`): in a
    ``"comma"`` text ("1.234.567,89 €", "3,5 %", "1 234,56") the two separators of each
    number are swapped, one character for one, so the grammar reads "1,234,567.89 €",
    "3.5 %", "1,234.56" with every span where it was (:func:`_swap_separators`);
    ``"auto"`` reads the convention off the text (:func:`detect_numbers`). Without
    ``mapped``, the swapped separators are not recorded (for the text alone).
    ``reading`` (the default) also reads what only a reader of figures needs: "1_000_000"
    as 1,000,000, a lone "¼%" as 0.25%, "$[50,000,000]" without its brackets; without it
    they stay as written (the text to save: "1_000_000" in code means no "1,000,000").
    """
    if numbers != "point" and resolve_numbers(numbers, text) == "comma":
        return _swap_separators(_normalize_with_map(text, ".", reading), mapped)
    return _normalize_with_map(text, ",", reading)


def _normalize_with_map(text: str, group: str, reading: bool) -> Normalized:
    """:func:`normalize_with_map`, digit groups typeset with a space, an apostrophe or (when
    ``reading``) an underscore joined by ``group``; when ``reading``, a lone fraction with
    a unit ("¾%", "$¼M") written as its decimals."""
    if text.isascii():
        return _glued_groups(Normalized(text, text), group, reading)
    pieces: list[str] = []
    edits: list[tuple[int, int, int]] = []
    last = 0
    out = 0
    for m in _non_ascii_runs(text):
        start, end = m.span()
        pieces.append(text[last:start])
        out += start - last
        for i in range(start, end):
            ch = text[i]
            rep = _fold_char(ch)
            if (
                ch in _GROUP_SPACES
                and i > 0
                and text[i - 1].isdecimal()
                and text[i + 1 : i + 4].isdecimal()
                and len(text[i + 1 : i + 4]) == 3
                and not text[i + 4 : i + 5].isdecimal()
            ):
                rep = group
            elif reading and ch in _LONE_FRACTIONS and _lone_fraction(text, i):
                rep = _LONE_FRACTIONS[ch].replace(".", "," if group == "." else ".")
            elif reading and ch in _SUPERSCRIPT_DIGITS and _footnote_mark(text, i):
                rep = ""  # "$2.94¹ billion" is $2.94 billion with a footnote
            elif reading and ch in _MIDDLE_DOTS and _middle_dot_decimal(text, i):
                rep = "," if group == "." else "."  # "HR 0·72", as journals print decimals
            if rep != ch or len(rep) != 1:
                edits.append((out, len(rep), i))
            pieces.append(rep)
            out += len(rep)
        last = end
    if not edits:
        norm = Normalized(text, text)  # only characters that stay as they are
    else:
        pieces.append(text[last:])
        norm = Normalized("".join(pieces), text, tuple(edits))
    return _glued_groups(norm, group, reading)


_SUPERSCRIPT_DIGITS = frozenset("⁰¹²³⁴⁵⁶⁷⁸⁹")
# a raised dot between digits, as The Lancet and British journals print a decimal point
# ("HR 0·72", "18·4 months"); never the dot of a power of ten ("4.2·10⁹", "3·10^6")
_MIDDLE_DOTS = frozenset("\u00b7\u2027")
_POWER_OF_TEN_AFTER = re.compile(r"10(?:[⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹]|\^|\*\*)")


def _middle_dot_decimal(text: str, i: int) -> bool:
    """Whether the raised dot at ``i`` stands between digits as a decimal point."""
    return (
        i > 0
        and text[i - 1].isdecimal()
        and text[i + 1 : i + 2].isdecimal()
        and _POWER_OF_TEN_AFTER.match(text, i + 1) is None
    )


def _footnote_mark(text: str, i: int) -> bool:
    """Whether the superscript digit at ``i`` is part of a footnote's mark glued to a figure
    ("$2.94¹ billion", "4,200²", "12.5¹ percent"): the reader reads on past it. A power of
    ten ("10⁶ tonnes") is no mark, and stays for the grammar to refuse."""
    j = i
    while j > 0 and text[j - 1] in _SUPERSCRIPT_DIGITS:
        j -= 1
    if j == 0 or not text[j - 1].isdecimal():
        return False
    k = j - 1
    while k > 0 and (text[k - 1].isdecimal() or text[k - 1] in ",."):
        k -= 1
    return text[k:j] != "10"


# A fraction alone, with no whole number before it: read as its decimals where a unit says
# it is a figure ("a ¾% coupon", "rates rose ¼ percent", "$¾M"); "¾ of the board" and
# "3 ½%" (the grammar reads that one) stay as they are. Only the ones that end as decimals.
_LONE_FRACTIONS = {"½": "0.5", "¼": "0.25", "¾": "0.75", "⅛": "0.125", "⅜": "0.375"}
_LONE_FRACTIONS |= {"⅝": "0.625", "⅞": "0.875"}
_UNIT_AFTER_FRACTION = re.compile(
    r" ?(?:%|(?i:percent|per cent|bps|basis points?)\b|(?:bn|mn|[kKmMbB])(?![A-Za-z0-9])"
    r"|(?:thousand|million|billion|trillion)\b)"
)


def _lone_fraction(text: str, i: int) -> bool:
    """Whether the fraction at ``i`` stands alone with a unit after it or a currency before."""
    before = text[max(0, i - 2) : i]
    if before[-1:].isalnum() or (before[-1:] == " " and before[:1].isdecimal()):
        return False  # "3½%", "3 ½%": the grammar reads the whole number and its fraction
    return before[-1:] in ("$", "€", "£", "¥") or bool(_UNIT_AFTER_FRACTION.match(text, i + 1))


# Digit groups glued by a character that is no separator of the grammar's: an apostrophe,
# as Swiss documents group figures ("1'234'567.50"; a typographic ’ is folded to ' before
# this is read; never "5'10", "the '90s"), and an underscore, as code and data exports
# write them ("1_000_000"; never "file_2024_001", "Q3_2026"). Each: (the glue, the whole
# number, the glue between a digit and three more: a literal first, a C-level scan).
_GLUES = (
    (
        "'",
        re.compile(r"(?<![\d'])[1-9]\d{0,2}(?:'\d{3})+(?![\d'])"),
        re.compile(r"'(?<=\d')\d{3}"),
    ),
    (
        "_",
        re.compile(r"(?<![\w'])[1-9]\d{0,2}(?:_\d{3})+(?![\w'])"),
        re.compile(r"_(?<=\d_)\d{3}"),
    ),
)


# a drafting bracket around a figure ("$[50,000,000]", "[2.25]%", "[7] percent"): the
# figure is a claim all the same, read as if the brackets were spaces
_BRACKETED = re.compile(
    r"\[(?=\d[\d,.]*\][^\S\n]?(?:%|percent\b|per cent\b|bps\b|x\b|million\b|billion\b))"
    r"|(?<=[$€£¥])\[(?=\d[\d,.]*\])"
)


def _drafting_brackets(norm: Normalized) -> Normalized:
    """``norm`` with the brackets of a bracketed figure made spaces, one for one."""
    text = norm.text
    opens = [m.start() for m in _BRACKETED.finditer(text)]
    if not opens:
        return norm
    chars = list(text)
    edits = {e[0]: e for e in norm._edits}
    for i in opens:
        j = text.index("]", i)
        for k in (i, j):
            chars[k] = " "
            edits[k] = (k, 1, norm.to_original(k))
    return Normalized("".join(chars), norm.original, tuple(sorted(edits.values())))


def _glued_groups(norm: Normalized, group: str, reading: bool) -> Normalized:
    """``norm`` with each apostrophe (and, when ``reading``, underscore) between digit
    groups made ``group`` (a comma; a point in a text of the comma convention), one
    character for one: every position stays where it was; when ``reading``, a bracketed
    figure's brackets made spaces."""
    for glue, whole, after_digit in _GLUES if reading else _GLUES[:1]:
        if glue in norm.text:
            norm = _glue_to_group(norm, glue, whole, after_digit, group)
    if group == ".":  # a text of the comma convention: "12 345 MSEK" is one number
        norm = _spaced_groups(norm, group)
    if reading and "[" in norm.text:
        norm = _drafting_brackets(norm)
    return norm


# Digit groups spaced with a plain space, as French and Nordic filings and PDF text write
# them ("12 345 MSEK", "2 345,6 M€", "12 345 678 €"): one number in a text of the comma
# convention, never its last group alone. Only well-formed groups join: a head of one to
# three digits that no digit, word, separator or "+" stands before (so "in 2026 345 stores",
# "+1 212 555 1234" and "2026 12 345" stay apart), and no digit a space after the last
# group (a phone number's next block, a cell beside).
_SPACED_AFTER_DIGIT = re.compile(r" (?<=[0-9] )[0-9]{3}(?![0-9])")
_SPACED_WHOLE = re.compile(r"[1-9][0-9]{0,2}(?: [0-9]{3})+(?![0-9]| [0-9]|[.,][0-9]{3}(?![0-9]))")


def _spaced_groups(norm: Normalized, group: str) -> Normalized:
    """``norm`` with each plain space between well-formed digit groups made ``group``, one
    character for one (see :data:`_SPACED_WHOLE`)."""
    text = norm.text
    pieces: list[str] = []
    edits = {e[0]: e for e in norm._edits}
    last = done = 0
    for a in _SPACED_AFTER_DIGIT.finditer(text):
        if a.start() < done:
            continue
        head = a.start()
        while head > 0 and text[head - 1].isdigit() and a.start() - head < 4:
            head -= 1
        before = text[head - 1] if head else " "
        if (
            before.isalnum()
            or before in "_.,'+"
            or (before == " " and head >= 2 and text[head - 2].isdigit())
        ):
            done = a.end()
            continue
        m = _SPACED_WHOLE.match(text, head)
        if m is None:
            done = a.end()
            continue
        pieces.append(text[last:head])
        pieces.append(m.group().replace(" ", group))
        last = done = m.end()
        for k in range(head, m.end()):
            if text[k] == " ":
                edits[k] = (k, 1, norm.to_original(k))
    if not pieces:
        return norm
    pieces.append(text[last:])
    return Normalized("".join(pieces), norm.original, tuple(sorted(edits.values())))


def _glue_to_group(
    norm: Normalized,
    glue: str,
    whole: re.Pattern[str],
    after_digit: re.Pattern[str],
    group: str,
) -> Normalized:
    text = norm.text
    pieces: list[str] = []
    edits = {e[0]: e for e in norm._edits}
    last = done = 0
    back = "0123456789" + glue
    for a in after_digit.finditer(text):
        if a.start() < done:
            continue
        i = a.start()
        floor = max(done, i - 64)  # a number's groups reach this far back at most
        while i > floor and text[i - 1] in back:
            i -= 1
        m = whole.match(text, i)
        if m is None or m.start() > a.start() or m.end() <= a.start():
            done = a.end()
            continue
        pieces.append(text[last : m.start()])
        pieces.append(m.group().replace(glue, group))
        last = done = m.end()
        for k in range(m.start(), m.end()):
            if text[k] == glue:
                edits[k] = (k, 1, norm.to_original(k))
    if not pieces:
        return norm
    pieces.append(text[last:])
    return Normalized("".join(pieces), norm.original, tuple(sorted(edits.values())))


# --------------------------------------------------------------------------- number conventions

#: How a text writes its figures: ``"point"`` (1,234.56: a point before the decimals,
#: commas between thousands; what a draft is always read as), ``"comma"`` (1.234,56, also
#: "1 234,56" with thin spaces: European filers), or ``"auto"``: the one the text's own
#: unambiguous figures show (:func:`detect_numbers`).
NUMBER_CONVENTIONS = ("auto", "point", "comma")

_DIGITS_SEPS = frozenset("0123456789.,")
_SWAP = str.maketrans(".,", ",.")
# A number as the comma convention writes it: dots between groups of three, or none, and a
# decimal comma ("1.234.567,89", "1.234", "3,5", "0,25"); or decimals alone (",5")
_COMMA_NUMBER = re.compile(r"(?:[1-9][0-9]{0,2}(?:\.[0-9]{3})+|[0-9]+)(?:,[0-9]+)?|,[0-9]+")
# one dot and three digits glued to "%" ("4.375%"): a rate written the point way, since
# the comma convention puts a space before its "%" ("12,5 %") and groups no percent
_POINT_PERCENT = re.compile(r"[0-9]{1,3}\.[0-9]{3}")
_IP_ADDRESS = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3}){3}")
_GROUP_TAIL = re.compile(r"[0-9]{3}(?![0-9])")
# a run of digits with separators between ("1.234,5", "31.12.2024"), or decimals alone
# (",5" after a space): as far as it goes, so a match never starts inside a number
_NUMBER_RUN = re.compile(r"[0-9]+(?:[.,][0-9]+)+|,(?<=[\s(],)[0-9]+")


def _comma_number_at(text: str, start: int, token: str) -> bool:
    """Whether ``token``, standing at ``start`` in ``text`` (a run of digits with a
    separator), is a number the comma convention writes and nothing else: never a date
    ("31.12.2024"), a time ("14.30"), a clause or version ("2.2", "§ 4.1", "3.11.7"), an
    address ("192.168.178.100"), a code ("v1.234", "A1,5") or the last group of a number
    spaced with plain spaces ("1 234,56": one number, or two cells? left unread, so fail
    closed). What it does not say stays as it is."""
    if _COMMA_NUMBER.fullmatch(token) is None:
        return False
    if text[start + len(token) : start + len(token) + 1] == "%" and _POINT_PERCENT.fullmatch(token):
        return False  # "Kupon 4.375%": a point-style rate, as a US coupon is quoted; no 4,375%
    before = text[start - 1] if start else " "
    if token[0] == ",":
        return True  # ",5 %": decimals alone, after a space or a bracket
    if before.isalpha() or before in "_/:.,":
        code = text[start - 3 : start]
        if code not in CURRENCY_CODES or text[start - 4 : start - 3].isalpha():
            return False  # "v1.234", "A1,5"; but "EUR1.234,5" is an amount
    if (
        len(token) > 11
        and _IP_ADDRESS.fullmatch(token) is not None
        and all(int(g) <= 255 and (g == "0" or g[0] != "0") for g in token.split("."))
        and _CURRENCY_AFTER.match(text, start + len(token)) is None
    ):  # an address writes no leading zero ("1.000.000.000" is a billion) and no currency
        return False
    if before == " " and start >= 2 and text[start - 2].isdigit() and _GROUP_TAIL.match(token):
        k = start - 2
        while k > 0 and text[k - 1].isdigit():
            k -= 1
        if start - 1 - k <= 3 and (k == 0 or text[k - 1] not in _DIGITS_SEPS):
            return False  # "1 234,56" with a plain space: one number or two cells?
    return True


def _swap_separators(norm: Normalized, mapped: bool = True) -> Normalized:
    """``norm`` (a text of the comma convention, its spaced groups joined by points) with
    the point and the comma of each number swapped ("1.234.567,89" -> "1,234,567.89",
    "3,5 %" -> "3.5 %"), one character for one: every position stays where it was. What
    is no number of the convention is left as it is (see :func:`_comma_number_at`).
    ``mapped``: record each swapped separator, so figures show the text as written."""
    text = norm.text
    pieces: list[str] = []
    swapped: list[int] = []
    last = 0
    for m in _NUMBER_RUN.finditer(text):
        start = m.start()
        token = m.group()
        if not _comma_number_at(text, start, token):
            continue
        pieces.append(text[last:start])
        pieces.append(token.translate(_SWAP))
        last = m.end()
        if mapped:
            swapped.extend(k for k in range(start, last) if text[k] in ".,")
    if not pieces:
        return norm
    pieces.append(text[last:])
    if not swapped:
        return Normalized("".join(pieces), norm.original, norm._edits)
    edits = {e[0]: e for e in norm._edits}
    for k in swapped:
        edits[k] = (k, 1, norm.to_original(k))
    return Normalized("".join(pieces), norm.original, tuple(sorted(edits.values())))


# The evidence of a convention: figures that one convention writes and the other never
# does. Each pattern starts with a literal or a class of a few characters, so the regex
# engine skips to its candidates at C speed (a megabyte in a few milliseconds); a
# pattern starting with \d tried every digit and took 30 ms.
_UNIT_AFTER_DECIMALS = (
    r"\s?(?:%|[MkKT]?[€£¥₹]|(?:EUR|CHF|GBP|USD|Mio|Mrd|Tsd|Prozent|percent|million|billion)\b"
    r"|(?:[MkKT](?:EUR|SEK|NOK|DKK|CHF|ISK|USD)|SEK|NOK|DKK|ISK|Mkr|Md€)(?![A-Za-z]))"
)
_POINT_EVIDENCE = (
    re.compile(r",(?<=[0-9],)[0-9]{3}\.[0-9]"),  # "1,234.5"
    re.compile(r",(?<=[0-9],)[0-9]{3},[0-9]{3}(?![0-9])"),  # "1,234,567"
    re.compile(rf"\.(?<=[0-9]\.)(?:[0-9]{{1,2}}|[0-9]{{4,}})(?![0-9.,]){_UNIT_AFTER_DECIMALS}"),
    re.compile(r"[$£€¥](?<![A-Za-z]\$)\s?[0-9]+\.[0-9]{1,2}(?![0-9.,])"),  # "$3.50", "€1.5bn"
    # "$2,000", "$1,000": a dollar amount with three decimals is no amount the comma
    # convention writes ("R$", "MX$" and other dollars of Latin America are read apart)
    re.compile(r"\$(?<![A-Za-z]\$)\s?[0-9]{1,3}(?:,[0-9]{3})+(?![0-9.,])"),
)
_COMMA_EVIDENCE = (  # (pattern, whether a find is held to what the swap reads)
    (re.compile(r",(?<=[0-9]\.[0-9]{3},)[0-9]"), True),  # "1.234,5"
    (re.compile(r"\.(?<=[0-9]\.)[0-9]{3}\.[0-9]{3}(?![0-9])"), True),  # "1.234.567"
    (
        re.compile(rf",(?<=[0-9],)(?:[0-9]{{1,2}}|[0-9]{{4,}})(?![0-9.,]){_UNIT_AFTER_DECIMALS}"),
        True,  # "3,5 %", "3,50 €", "1,2 Mio."
    ),
    (re.compile(rf",(?<=[\s(],)[0-9]{{1,2}}(?![0-9.,]){_UNIT_AFTER_DECIMALS}"), False),  # ",5 %"
    (re.compile(r"€\s?[0-9]+,[0-9]{1,2}(?![0-9.,])"), False),  # "€ 3,50"
    # "1 234,5" with a space, NBSP or a narrow space between the groups
    (
        re.compile(
            ",(?<=[0-9][ \u00a0\u2007\u2009\u202f][0-9]{3},)(?:[0-9]{1,2}|[0-9]{4,})(?![0-9.,])"
        ),
        False,
    ),
    # "3,45" alone in a table's cell: a comma before one or two digits groups no thousands
    (re.compile(r"(?:  |\t)[0-9]{1,3},[0-9]{1,2}(?=  |\t|\n|$)"), False),
)
# What only a European text writes, where no figure says which convention it writes
# ("4.812 Mio. €", "812 TEUR", "12 345 678 €"), or integers grouped by dots in a column
# ("812.345    745.120"): read as the comma convention, since the point convention's
# reading of "4.812 Mio. €" as 4.812 million is a figure a thousand times too small.
_EUROPEAN_HINTS = ("Mio.", "Mrd.", "Tsd.", "TEUR", "TCHF", "€")
_EUROPEAN_UNIT_AFTER = re.compile(
    r"(?<![A-Za-z])(?:Mio|Mrd|Tsd)\.|(?<![A-Za-z])(?:TEUR|TCHF|T€)(?![A-Za-z])"  # anywhere
    r"|(?<=[0-9])[ \u00a0\u202f]?(?:Md€|[kM]€|€)(?![A-Za-z])"  # after a number
)
_DOT_GROUPED_CELL = re.compile(
    r"\.(?:(?<=[^0-9.,][1-9][0-9]\.)|(?<=[^0-9.,][1-9][0-9]{2}\.))[0-9]{3}(?![0-9.,])"
)


def _comma_evidence(text: str, pattern: re.Pattern[str], hold: bool) -> bool:
    """Whether ``pattern`` finds a figure in ``text`` that the comma convention alone
    writes; with ``hold``, one that :func:`_swap_separators` would read as a number (so
    "192.168.178.100" or "1.234.567.8" says nothing)."""
    for m in pattern.finditer(text):
        if not hold:
            return True
        start = m.start()
        floor = max(0, start - 64)
        while start > floor and text[start - 1] in _DIGITS_SEPS:
            start -= 1
        run = _NUMBER_RUN.search(text, start)
        if (
            run is not None
            and run.start() <= m.start() < run.end()
            and _comma_number_at(text, run.start(), run.group())
        ):
            return True
    return False


def detect_numbers(text: str) -> str:
    """The number convention ``text`` writes, from unambiguous evidence only: "comma" when
    it writes figures as "1.234,56", "1.234.567", "3,5 %" or "3,50 €" and none as
    "1,234.56", "1,234,567", "3.5%" or "$3.50"; "point" otherwise (mixed or no evidence
    reads as today, and a European figure there is refused: fail closed). "1.234" and
    "1,234" say nothing, nor do dates, times and clause numbers. Linear in the text."""
    if "," not in text and "." not in text:
        return "point"
    if any(p.search(text) is not None for p in _POINT_EVIDENCE):
        return "point"
    if any(_comma_evidence(text, p, hold) for p, hold in _COMMA_EVIDENCE):
        return "comma"
    if _european_hints(text):
        return "comma"
    return "point"


def _european_hints(text: str) -> bool:
    """Whether ``text``, with no figure that only one convention writes, still writes as
    Europe does: a German scale anywhere ("4.812 Mio. €", "in Tsd. €", "812 TEUR") or a
    euro mark after a number ("12 345 678 €", "45 M€"), or two or more integers grouped by a dot ("812.345", "45.678":
    a decimal of exactly three places with two or three digits before it is rare in the
    point convention)."""
    if any(h in text for h in _EUROPEAN_HINTS) and _EUROPEAN_UNIT_AFTER.search(text):
        return True
    if "." not in text:
        return False
    first = _DOT_GROUPED_CELL.search(text)
    return first is not None and _DOT_GROUPED_CELL.search(text, first.end()) is not None


def resolve_numbers(numbers: str, text: str) -> str:
    """``numbers`` ("auto", "point" or "comma") as the convention ``text`` is read by:
    "point" or "comma". Raises ValueError naming the choices for anything else."""
    if numbers == "auto":
        return detect_numbers(text)
    if numbers in ("point", "comma"):
        return numbers
    raise ValueError(
        f"number convention {numbers!r} is not one of auto, point, comma "
        "(point: 1,234.56; comma: 1.234,56)"
    )


def normalize(text: str, numbers: str = "point", *, reading: bool = True) -> str:
    """The normalised text alone (see :func:`normalize_with_map`)."""
    return normalize_with_map(text, numbers, mapped=False, reading=reading).text


# --------------------------------------------------------------------------- the figure


@dataclass(slots=True, unsafe_hash=True)
class Figure:
    """One figure found in a text. A value: never change one, derive with ``dataclasses.replace``.

    (Not ``frozen=True`` only because a frozen dataclass costs four times as much to build,
    and a 10-K holds tens of thousands of figures.)

    ``value`` is in base units (USD, percent, count) with scale applied; ``precision`` is
    the value of one step in the last digit written, in the same units ("$1.4M" has
    precision 100,000). Sections carry their number in ``section`` and no value.
    """

    text: str
    span: tuple[int, int]
    kind: str  # 'currency' | 'percent' | 'number' | 'section'
    unit: str | None  # ISO code, 'percent', 'basis_point', or None for a plain number
    value: Decimal | None
    scale: Decimal = ONE
    scale_source: str = "none"  # 'none' | 'suffix' | 'word' | 'context'
    precision: Decimal = ONE
    negative: bool = False
    digits: int = 0  # digits written, before any scale
    grouped: bool = False  # written with a thousands separator
    decimal: bool = False  # written with a decimal point
    section: str | None = None
    period: Period | None = None
    implied_unit: str | None = None  # a currency the surrounding table implies for a bare number
    where: str | None = None  # "row Net sales, column 2019" for table cells
    spelled: bool = False  # written in words
    multiple: bool = False  # written as a multiple ("3x", "12.5x", "10X", "2×")
    heading: bool = False  # a section that numbers a heading ("2.1 By Supplier.")
    per: str | None = None  # what an amount is the price of ("$2.85/Mcf": "Mcf"; _vocab.PER_UNITS)
    hedged: str = ""  # the words that make it an approximation or a bound ("about")

    @property
    def key(self) -> tuple[str, str | None, object]:
        """The canonical key: kind, unit dimension, magnitude in base units."""
        return figure_key(self)

    @property
    def magnitude(self) -> Decimal | None:
        return None if self.value is None else self.value.copy_abs()

    @property
    def is_year(self) -> bool:
        """A bare four-digit whole number from 1900 to 2099, as years are written."""
        return (
            self.kind == "number"
            and self.value is not None
            and self.scale == ONE
            and not self.grouped
            and not self.decimal
            and not self.negative
            and self.digits == 4
            and 1900 <= self.value <= 2099
        )

    @property
    def significant(self) -> bool:
        """Counts as a claim in prose: 4+ digits, a separator, a decimal point or a scale;
        currencies, percents, sections and multiples ("grew 3x") always."""
        if self.kind in ("currency", "percent", "section") or self.multiple:
            return True
        if self.is_year:
            return False
        return self.digits >= 4 or self.grouped or self.decimal or self.scale != ONE

    def display(self) -> str:
        """The value with its unit, for messages: '1,400,000 USD', '32%'."""
        if self.kind == "section":
            return f"§{self.section}"
        if (
            self.kind == "number"
            and not self.grouped
            and self.scale == ONE
            and self.value is not None
        ):
            return format(self.value, "f")  # as written: a year stays 2019, not 2,019
        return format_value(self.value, self.unit or self.implied_unit)


def figure_key(fig: Figure) -> tuple[str, str | None, object]:
    if fig.kind == "section":
        return ("section", None, fig.section)
    dim = "percent" if fig.unit in ("percent", "basis_point") else fig.unit
    return (fig.kind, dim, fig.value.copy_abs() if fig.value is not None else None)


def format_value(value: Decimal | None, unit: str | None) -> str:
    """'1,400,000 USD', '32%', '1,234.5'."""
    if value is None:
        return "null"
    text = _group(value)
    if unit in ("percent", "basis_point"):
        return f"{text}%"
    return f"{text} {unit}" if unit else text


def _group(value: Decimal) -> str:
    v = value.normalize() if value == value.to_integral_value() else value
    if v == v.to_integral_value():
        return f"{int(v):,}"
    sign = "-" if v < 0 else ""
    whole, _, frac = format(v.copy_abs(), "f").partition(".")
    return f"{sign}{int(whole):,}.{frac}"


# --------------------------------------------------------------------------- the grammar

_Trie = dict[str, "_Trie"]


def trie_alternation(words: Iterable[str], space: str | None = None) -> str:
    """A regex alternation of the literal ``words`` as a trie ("t(?:en|w(?:o|elve))"): the
    engine tries each character once instead of each word in turn. It matches as the
    words sorted longest first do (a longer word where both fit); ``space``, if given, is
    the pattern a space in a word stands for ("[^\\S\\n]")."""
    trie: _Trie = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: _Trie) -> str:
        alts = [
            (space if c == " " and space is not None else re.escape(c)) + emit(node[c])
            for c in sorted(k for k in node if k)
        ]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie)


_CODES = trie_alternation(CURRENCY_CODES)  # each three letters: no code is a prefix of another
# all three letters: a fixed-width look-behind ("USD4.2m", "RMB12.5bn")
_CODES_BEHIND = trie_alternation(CURRENCY_CODES | {a for a in CURRENCY_ALIASES if len(a) == 3})
_TWO_LETTERS_BEHIND = "|".join(
    rf"(?<=[^A-Za-z]{a})(?=\d)|(?<=^{a})(?=\d)" for a in sorted(CURRENCY_ALIASES) if len(a) == 2
)
# a currency named in words after a figure, a country before it or not ("812 million
# yuan", "4.2 billion Hong Kong dollars", "12.5 HK cents")
_ADJECTIVES = "|".join(
    re.escape(a).replace(r"\ ", r"[^\S\n]")
    for a in sorted(CURRENCY_ADJECTIVES, key=len, reverse=True)
)
_CURRENCY_NOUNS = "|".join(sorted([*CURRENCY_WORDS, "cent", "cents"], key=len, reverse=True))
_CWORD = rf"(?:(?i:{_ADJECTIVES})[^\S\n])?(?i:{_CURRENCY_NOUNS})"
# a word's end, where a superscript footnote mark may stand ("$3.47 billion¹"): "\b" is no
# end there, since "¹" is a digit to the regex engine
_WB = r"(?![^\W\u00b9\u00b2\u00b3\u2070-\u2079])"
_SCALE_SUFFIX = r"(?:bn|mn|mm|MM|tn|Tn|TN|[kKmMbBT])"  # "T": read only after a currency
# "$1.2 MM"; German "Tsd./Mio./Mrd."; Indian "lakh" (100,000), "crore" (10,000,000), "lakh crore"
# Units a figure may carry that are no money and no percent: power and energy, oil and gas
# volumes, area, mass and emissions, latency. Keyed as written ("1.2 GW" keys "GW"; the
# gate finds it as "1,200 MW" through ``quantity_base``), each name with the
# ones it is written as ("square feet", "sq. ft.", "SF" -> "sq ft").
QUANTITY_UNITS: dict[str, str] = {
    **{u: u for p in ("", "k", "M", "G", "T") for u in (f"{p}W", f"{p}Wh")},
    **{u: u for u in ("bbl", "Mbbl", "MMbbl", "MBbl", "MMBbl", "boe", "Mboe", "MMboe", "BOE")},
    **{u: u for u in ("MBOE", "MMBOE", "Mcf", "MMcf", "Bcf", "Tcf", "Mcfe", "MMcfe", "Bcfe")},
    **{u: u for u in ("Tcfe", "MMBtu", "MMBTU", "Btu", "mg/kg")},
    **{u: u for u in ("kg", "mg", "Mt", "ms", "acres", "hectares", "RSF", "NRSF")},
    **dict.fromkeys(("b/d", "bpd", "bopd", "BOPD"), "bbl/d"),
    **dict.fromkeys(("boepd", "BOEPD"), "boe/d"),
    **dict.fromkeys(
        ("sq ft", "sq. ft.", "sq.ft.", "square feet", "square foot", "SF", "sf"), "sq ft"
    ),
    **dict.fromkeys(("m²", "m2", "sqm", "square metres", "square meters"), "m²"),
    **dict.fromkeys(("tonnes", "metric tons", "metric tonnes"), "t"),
    # crypto-assets: "9,480 BTC" is no "9,480 ETH" (a ticker is a unit, as "GW" is)
    **{u: u for u in ("BTC", "ETH", "SOL", "USDC", "USDT", "PYUSD", "EURC", "DAI", "XRP")},
    **{u: u for u in ("ADA", "DOGE", "AVAX", "MATIC", "POL", "DOT", "LINK", "BNB", "LTC")},
    **{u: u for u in ("BCH", "XLM", "ATOM", "ARB", "TRX", "WBTC", "WETH", "stETH", "gwei")},
    **dict.fromkeys(("sats", "satoshis", "sat"), "sats"),
    **dict.fromkeys(("mills",), "mills"),  # a property tax rate: "28.6 mills" is no "$28.6"
    **dict.fromkeys(("rentable square feet", "rentable sq. ft.", "rentable sq ft"), "RSF"),
    **dict.fromkeys(("net rentable square feet", "net rentable sq. ft."), "NRSF"),
    **dict.fromkeys(("square miles", "sq. mi.", "sq mi"), "sq mi"),
    # distances: an airline's stage length, a pipeline's length ("1,287 miles" is no "1,287 km")
    **dict.fromkeys(("miles", "mile", "statute miles"), "mi"),
    **dict.fromkeys(("km", "kilometres", "kilometers", "kilometre", "kilometer"), "km"),
    **dict.fromkeys(("nautical miles", "nmi"), "nmi"),
    "gal": "gal",  # "218 million gal", as "218 million gallons"
    **ENERGY_UNITS,
    **LAB_UNITS,
    **DURATION_UNITS,
}
# a CO2-equivalent mass, in any of the ways reports write one ("118,250 tCO2e", "tCO₂e",
# "3.2 Mt CO2e", "tonnes of CO2 equivalent", "metric tons of CO2e", "tonnes CO2-e"): keyed
# by its mass's symbol and the gas ("tCO2e", "MtCO2e"; "tCO2" without the equivalent)
_EMISSION = (
    r"(?:"
    + "|".join(
        re.escape(u).replace("\\ ", "[^\\S\\n]")
        for u in sorted(EMISSION_MASSES, key=len, reverse=True)
    )
    + r")(?:[^\S\n]of[^\S\n]|[^\S\n]?)(?:CO[2₂]|carbon[^\S\n]dioxide)"
    r"(?:[^\S\n]?-?(?:equivalents?|eq|e)(?![A-Za-z]))?"
)
_EMISSION_PARTS = re.compile(
    r"(?P<mass>.+?)(?:\sof\s|\s?)(?:CO[2₂]|carbon\sdioxide)(?P<eq>.*)", re.DOTALL
)
_QUANTITY_UNITS = _EMISSION + "|" + trie_alternation(QUANTITY_UNITS, space=r"[^\S\n]")


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
_SPELLED_QUANTITY = re.compile(rf"[^\S\n](?P<qty>{_QUANTITY_UNITS})(?!\w|-)")


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


# a footnote's mark that PDF text flattened onto a scale ("$4.2B¹" read out as "$4.2B1")
_FOOTNOTE_DIGITS = r"(?=[1-9]\d?(?!\w|[.,]\d))"
_SCALE_WORD = (
    r"(?:(?i:mil\ millones)|(?i:thousand|million|billion|trillion|mln|bln|mn|bn|mil|bil|trn|tril|lakh\ crore|crore|lakh|lac)s?"
    r"|MM|[Tt]sd|[Mm]io|[Mm]rd|[cC]rs?|CRS?"  # "Rs 4.2 cr", "₹38,250 Cr": crore
    # Portuguese, Spanish, German and French: "R$ 1.234,5 milhões", "2,1 bilhões", "MXN
    # 12.345,6 millones", "4,5 mil millones", "1.234,5 Millionen", "2,1 Milliarden", "1,2
    # milliard" (a billion: the Spanish "billón" is a trillion and is not read)
    r"|(?i:milh(?:ões|ão|oes|ao)|bilh(?:ões|ão|oes|ao)|mill(?:ones|ón)"
    r"|millionen|milliarden?|milliards?))"
)

# What a bracket after a figure's trailing unit holds when it is no amount: a year as a
# label ("1.234,5 Mio. € (2025: 1.102,3 Mio. €)", "Mio. € (2024)") or a count with its
# word ("(12 Monate)", "(3 segments)"); the unit before the bracket stays the figure's own
# and is never the bracket's. "MSEK 4,512 (4,101)", "€ (1,234)" are amounts still.
_LABEL_IN_BRACKET = (
    r"[^\S\n]?(?:(?:19|20)\d\d[^\S\n]?[:)]"
    r"|\d{1,3}[^\S\n](?!(?:" + _SCALE_WORD + r"|(?i:percent|pct|points?|pts|bps?|basis|pp)"
    r"|[TkKM]?(?:" + _CODES + r")|[TkKM]€|" + _CWORD + r")" + _WB + r")[^\W\d_])"
)
_LABEL_IN_BRACKET_AT = re.compile(_LABEL_IN_BRACKET)

# A number with a unit after it, where letters or a mark stand glued before it
# ("RMB12.5 billion", "c.12%", "Revenue:4.2m"): a figure, since its unit says so; with no
# unit, digits glued to a word are a code ("B2B", "A320", "COVID19") and never read
_UNIT_AHEAD = rf"\d[\d,]*(?:\.\d+)?(?:\s?\\?%|[\s-](?:{_SCALE_WORD}){_WB})"
_SCALED_AHEAD = (
    rf"\d[\d,]*(?:\.\d+)?(?:\s?\\?%|[\s-]?(?:{_SCALE_WORD}){_WB}|(?:bn|mn|[kKmMbB])(?![A-Za-z0-9]))"
)

# "15 $ per share", "15 $/share", "15 $ par action": a dollar sign after the amount, read
# only before what the amount is per ("the 2024 $ figures" holds no $2,024)
_DOLLAR_PER = r"(?<=\d[^\S\n])\$(?=[^\S\n]?/[^\S\n]?[A-Za-z]|[^\S\n](?i:per|an?|je|pro|par)[^\S\n])"

# One pass over the normalised text. Every match is anchored on a digit (the leading
# look-ahead lets the regex engine skip straight to candidates); what stands before the
# number (currency, sign, "Section") is read by _prefix() from the few characters before it.
_FIGURE = re.compile(
    rf"""
    (?=\d|[.(]\d)                               # a match starts at a digit, ".5" or "(4"
    (?:
        (?<![A-Za-z0-9_./:])                         # not inside a word, a code or a number
      | (?<=\.\.)(?<!\d\.\.)(?=\d)                   # "Total AV.......31,413,227": a dot leader
      | (?<={_CODES_BEHIND})                         # "USD4.2m", "RMB12.5bn"
      | {_TWO_LETTERS_BEHIND}                          # "RM8.8bn", "Rp4.2tn"
      | (?:(?<=[^A-Za-z]HK)|(?<=[^A-Za-z]US)|(?<=[^A-Za-z]NT)|(?<=^HK)|(?<=^US)|(?<=^NT))
        (?=[\d,.]+[^\S\n]cents?\b)                 # "HK12.5 cents"
      | (?:(?<=Rs\.)|(?<=[^A-Za-z]Rs)|(?<=^Rs))(?=\d)  # "Rs.12.5 crore", "Rs12,500"
      | (?<=[vV])(?=\d+(?:\.\d+){{2,}})              # "v1.2.3": read, to be listed as a version
      | (?<=_)(?<![A-Za-z0-9]_)(?<![A-Za-z0-9]__)   # "_15%_", "__41%__": Markdown emphasis
      | (?<=[A-Za-z])(?={_UNIT_AHEAD})               # "RMB12.5 billion", "kr4.5 million", "c12%"
      | (?<=[A-Za-z][.:])(?={_SCALED_AHEAD})         # "c.12%", "approx.12%", "Revenue:4.2m"
      | (?<=%/)(?=\d) | (?<=\d[kKmMbB]/)(?=\d)       # "12%/15%", "1.2m/1.5m"
      | (?<=W/)(?=\d)                                  # "250 MW/1,000 MWh": a battery's power/energy
      | (?<=[xX])(?<![A-Za-z0-9_][xX])(?=\d)          # "x2.7 MOIC", "a x4 step-up": a multiple
    )
    (?:
        (?P<skip>                                    # dates, times and phone numbers: not amounts
            \(\d{{3}}\)\s?\d{{3}}[ .-]\d{{4}}(?!\d)
          | \d{{4}}-\d\d-\d\d(?!\d)
          | \d{{1,2}}/\d{{1,2}}/\d{{2,4}}(?!\d)
          | \d{{1,2}}:\d\d(?::\d\d)?(?!\d)
          | \d{{3}}\)?[ .-]\d{{3}}[ .-]\d{{4}}(?!\d)
          | (?:\(0\)[ ]?|0)[1-9]\d{{1,3}}[ ](?:\d{{4}}[ ]\d{{3,4}}|\d{{3}}[ ]\d{{4}})(?!\d|[.,]\d)  # "020 7946 0958", "(0)20 7946 0958"
          | (?:(?<=\+\d[ ])|(?<=\+\d\d[ ])|(?<=\+\d\d\d[ ]))(?:\(0\)[ ]?)?\d{{1,4}}[ ](?:\d{{4}}[ ]\d{{3,4}}|\d{{3}}[ ]\d{{4}})(?!\d|[.,]\d)
        )
      | (?P<num>\d{{1,3}}(?:,\d{{3}})+(?!\d)(?:\.\d+)?
               | \d{{1,2}}(?:,\d\d)+,\d{{3}}(?!\d)(?:\.\d+)?  # Indian groups: 1,23,45,678
               | \d+(?:\.\d+)?|\.\d+)
        (?P<frac>                                    # a fraction after the number
            \ [1-9]\d?/[1-9]\d?(?![\d/])               # "3 1/2% Notes", "99 3/4", "3 1/3%"
          | /[1-9]\d?(?![\d/]|[.,]\d)                 # "1/2%" (a unit is needed)
          | \ ?[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒]                  # "3½%"
        )?
        (?:
            (?P<dotted>(?:\.\d+)+)                   # 3.11.7, 1.2.3.4: versions, clause numbers
          | (?P<bad>,\d{{1,2}}(?!\d|\.\d)|/\d+)        # 1,23 (a decimal comma), 1/3 (not "1180,5.9%")
        )?
        (?:
            (?:[\s-]|[*_]{{1,2}}\s?)?                  # "15-percent"; "**12**%": emphasis between
            (?P<pct>\\?%|&\#37;|&percnt;|(?i:percent|per\ cent|pct|percentage\ (?:points?|pts?)|prozentpunkten?){_WB}
                   |pp(?:ts?)?{_WB}|p\.p\.                 # "1.2ppts", "1.2 ppt", "1.2 p.p."
                   |(?:(?<=\.\d[ ])|(?<=\.\d\d[ ]))(?:points?|pts?){_WB}  # "6.7 points", "1.25 points"
                   |(?:(?<=\.\d)|(?<=\.\d\d))pts?{_WB}  # "3.6pts", "0.80pts": of a ratio
                   |(?<=\.\d[ ])(?:Pp|Pkt)\.(?![^\W\d_])             # "0,8 Pp.", "3,1 Pkt.": Prozentpunkte
                   |pc(?![A-Za-z0-9]))                  # "4.7pc", as the British press writes it
          | (?:[\s-]|[*_]{{1,2}}\s?)?(?P<bps>bps{_WB}|bp{_WB}|b\.p\.|basis[\s-]points?{_WB})  # "a 27-basis-point rise"
          | (?P<sfx>{_SCALE_SUFFIX})(?:(?![A-Za-z0-9])|{_FOOTNOTE_DIGITS})  # "$4.2B1": a flattened "¹"
          | (?:[^\S\n]{{2}}|[\s-])?(?P<word>{_SCALE_WORD})(?:{_WB}|{_FOOTNOTE_DIGITS})  # "$1.2 billion", "a $300-million loan"
          | (?:\\\ |&nbsp;|[*_]{{1,2}}(?:\ |&nbsp;)[*_]{{0,2}}|\ [*_]{{1,2}})  # "$4.2\ million", "$4.2&nbsp;million",
            (?P<wordx>{_SCALE_WORD}){_WB}               # "**$4.2** million", "$4.2 **million**"
          | (?P<mult>[xX×](?![A-Za-z0-9])              # "12.5x", "3x", "10X", "2×": a multiple
                   |(?:-|[^\S\n])?fold(?![A-Za-z0-9])      # "14-fold", "2.5-fold", "a 3 fold rise"
                   |(?<!\b1):1(?:\.0+)?(?![\d:/]|[.,]\d)  # "a pay ratio of 312:1", "3.50:1.00"
                   |-to-1(?:\.0+)?(?!\d|[.,]\d)          # "312-to-1"
                   |(?:(?<=\.\d)|(?<=\.\d\d))[^\S\n]to[^\S\n]1(?:\.0+)?(?!\d|[.,]\d)  # "4.00 to 1.00", "4.5 to 1"
                   |[^\S\n]to[^\S\n]1\.0+(?!\d|[.,]\d))  # "5 to 1.00": a covenant's ratio
          | \ (?P<unitscale>[kKMT]|Md|Mrd)(?=€|\$|[^\S\n]?(?:EUR|SEK|NOK|DKK|CHF|USD|GBP)\b)  # "2,345.6 M€", "812 TEUR", "5 MUSD", "25 M$", "7 M USD"
          | [^\S\n]\$(?P<dscale>MM|M|[KkBb]|bn|mn|mm)(?![A-Za-z0-9])  # "15 $M": dollars, then the scale
          | (?P<pence>p(?![A-Za-z0-9])|\ pence{_WB}   # "45.6p", "12.5 pence": GBP 0.456
                    |c(?![A-Za-z0-9])|\ ?¢)              # "45.6c", "42¢": USD 0.456, as "cents"
        )?
        (?:(?:[^\S\n]|-|\n(?=\S))?(?P<qty>{_QUANTITY_UNITS})   # "1.2 GW", "412 Mboe/d", "2.4 million
            (?P<perday>/d\b|/day\b|[^\S\n]per[^\S\n]day\b)?  # square feet": a unit of its own;
            (?!\w|-(?!\d)))?                             # "250-MW", "1,150 MW-1,800 MW", "7,915\nMW"
        (?:
            (?:(?<=[Tt]sd|[Mm]io|[Mm]rd)\.)?           # "1,2 Mio. EUR", "3,4 Mrd. €"
            (?:
                [^\S\n]?(?P<code>(?:{_CODES})){_WB}             # never across a line's end:
              | [^\S\n](?P<cword>{_CWORD}){_WB}  # "45 cents": $0.45; "812 million yuan"
              | [^\S\n]?(?P<sym>[€£¥₹₩₪₺]|(?<=[kKMTd])\$|{_DOLLAR_PER})(?!\s?[\d-]|\s?\((?!{_LABEL_IN_BRACKET})\s?\d)  # "1.234,5 €", as Europe writes it
            )
        )?
        (?P<ord>st\b|nd\b|rd\b|th\b|[A-Za-z])?
    )
    """,
    re.VERBOSE,
)

# "$(1.2)M", "$(1.2) million": the scale after the bracket of a negative
_SUFFIX_AFTER = re.compile(rf"\)(?:({_SCALE_SUFFIX})(?![A-Za-z0-9])| ({_SCALE_WORD}){_WB})")
# "$4.2 B", "$420 K", "€1.2 M": a scale letter a space after an amount (read only there)
_SPACED_SCALE = re.compile(r" ([KMB]|mm)(?![\w&'’-]|\.\w)")  # "$312.5 mm" ("5 mm" is no amount)
# "R$ 345,6 mi", "R$ 4,5 bi": the Brazilian press's million and billion, read after a real
# only ("12 mi" alone is miles)
_BRL_SCALE = re.compile(r" (mi|bi)(?![\w$€£%-])")
_BRL_SCALES = {"mi": Decimal(10) ** 6, "bi": Decimal(10) ** 9}
_BPS_AFTER = re.compile(rf"\)\s?(?:bps{_WB}|bp{_WB}|b\.p\.|basis[\s-]points?{_WB})")  # "(27) bps"
_PREFIX_CODE = re.compile(
    rf"(?:^|[^A-Za-z])(?P<code>{_CODES}|{'|'.join(sorted(CURRENCY_ALIASES))}) ?$"
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
class _Prefix:
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


def _prefix(text: str, pos: int) -> _Prefix | None:
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
                    return _Prefix(k, negative=True)  # "minus 3.4%", "a negative 2.1% return"
            window = text[max(0, pos - 12) : pos]
            w = _PREFIX_WORD.search(window)
            if w is not None and w.group("word").lower() in SECTION_WORDS:
                return _Prefix(pos - (len(window) - w.start("word")), section=True)
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
            return _Prefix(pos - 1, currency="USD")
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
    return (_UNIT_SCALES.get(token) or SCALE_WORDS[token]), m.start()


def _before_minus_ends_a_figure(c: str) -> bool:
    """Whether a hyphen after ``c`` joins two things ("10%-15%", "Q1-2", "$130k-$190k")
    rather than making the number after it negative."""
    return c.isalnum() or c == "%"


def _slow_prefix(text: str, pos: int) -> _Prefix:
    p = _Prefix(pos)

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
                _UNIT_SCALES[before_mark.lower()]
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
    if currency is not None and k < p.open_at and _LABEL_IN_BRACKET_AT.match(text, pos):
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
    from tieout.wordnumbers import NUMBER_WORDS

    return word in NUMBER_WORDS and word not in ("a", "an", "and", "point", "minus", "negative")


_BASIS_WORDS = frozenset(["bp", "bps", "pp", "pct", "points"])


def _decimal(num: str) -> Decimal:
    return Decimal(num.replace(",", "") if "," in num else num)


_GROUPS = (
    "skip",
    "bad",
    "num",
    "dotted",
    "ord",
    "pct",
    "bps",
    "sfx",
    "word",
    "code",
    "cword",
    "mult",
    "frac",
    "pence",
    "sym",
    "unitscale",
    "wordx",
    "qty",
    "perday",
    "dscale",
)
# the groups ``_GROUPS`` names, by number: a match gives them by number twice as fast
_GROUP_NUMBERS = tuple(_FIGURE.groupindex[g] for g in _GROUPS)

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


# the vulgar fractions, by their numerator and denominator ("⅜" is 3/8)
_VULGAR = {
    ch: (int(parts[0], 16) - 0x30, int("".join(chr(int(c, 16)) for c in parts[2:])))
    for ch in "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒"
    for parts in [unicodedata.decomposition(ch).split()[1:]]
}


def _fraction_of(num: str, frac: str) -> tuple[Fraction, int]:
    """The value of ``num`` and the fraction written after it, and the fraction's
    denominator: ('3', ' 1/2') -> (7/2, 2); ('1', '/3') -> (1/3, 3); ('3', '½') -> (7/2, 2)."""
    frac = frac.strip()
    if frac in _VULGAR:
        top, bottom = _VULGAR[frac]
        whole = Fraction(_decimal(num))
    elif frac[0] == "/":
        top, bottom = int(num.replace(",", "")), int(frac[1:])
        whole = Fraction(0)
    else:
        a, _, b = frac.partition("/")
        top, bottom = int(a), int(b)
        whole = Fraction(_decimal(num))
    return whole + Fraction(top, bottom), bottom


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


def _spread(text: str, m: re.Match[str]) -> Figure | None:
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
    fig = _read_as(num + unit, _Prefix(0))
    assert fig is not None
    return replace(fig, text=text[pos : m.end("num")], span=(pos, m.end("num")))


# the second term of a ratio "a:b" the grammar reads no multiple of ("3.39:1.25", "312:4")
_RATIO_SECOND = re.compile(r":(\d+(?:\.\d+)?)(?![\d:/]|[.,]\d)")


def _ratio(text: str, m: re.Match[str]) -> Figure | None:
    """A ratio whose second term is not one ("3.39:1.25", "4:1.25", "312:4"): a quantity
    whose unit is "ratio_to_" its second term, so it is found only as that ratio, never as
    the multiple "3.39:1.00" nor a bare "3.39". None where no number follows the colon
    (times such as "4:30" are read apart) or the second term is one."""
    second = _RATIO_SECOND.match(text, m.end())
    if second is None or Decimal(second.group(1)) == 1:
        return None
    num = m.group("num")
    term = _group(Decimal(second.group(1)))
    return Figure(
        text=text[m.start() : second.end()],
        span=(m.start(), second.end()),
        kind="quantity",
        unit=f"ratio_to_{term}",
        value=Decimal(num.replace(",", "")),
        precision=_precision(num),
        digits=len(num) - num.count(",") - num.count("."),
        grouped="," in num,
        decimal="." in num,
    )


def _read_as(written: str, pre: _Prefix) -> Figure | None:
    """The figure ``written`` is, read whole as the grammar reads one, with ``pre`` before
    it: how a figure is read as if its unit were written after it ("9.99" of "9.99/8.88%"
    as "9.99%"; "275" of "S+275" as "275 bps"). None unless it is one figure exactly."""
    m = _FIGURE.match(written)
    if m is None or m.end() != len(written):
        return None
    return _figure_from_match(written, m, m.group(*_GROUP_NUMBERS), pre)


def _pair_not_fraction(num: str, frac: str) -> bool:
    """Whether "a/b" written with a unit is two figures, not a fraction: "15/20%" (15% and
    20%), "3/2x"; a fraction is smaller than one, over at most 12 or a power of two as
    bonds quote them ("1/2%", "3/8%", "11/12%", "5/32")."""
    if frac[0] != "/" or "." in num or "," in num:
        return frac[0] == "/"
    top, bottom = int(num), int(frac[1:])
    return top >= bottom or (bottom > 12 and bottom not in (16, 32, 64))


def _slash_pair(text: str, m: re.Match[str]) -> tuple[Figure, Figure] | None:
    """Two figures written with a slash between them and the unit once: "2.84/2.61%",
    "10.4/9.6x", "$11.85/12.90", "4,112/3,843 million", "9,999/1,152". The second is read
    as the grammar reads any figure; the first takes its unit and scale, and gives it its
    currency. None where the slash joins no two figures: "24/7", "9/30", "2024/2025" (no
    unit, no currency, no separator in either), or the second is no plain figure."""
    slash = m.end("num")
    window = text[slash + 1 : slash + 161]
    m2 = _FIGURE.match(window)
    if m2 is None or m2.group("num") is None:
        return None
    g2 = m2.group(*_GROUP_NUMBERS)
    if g2[1] or g2[3] or g2[4] or g2[12]:  # bad, dotted, glued letters, a fraction
        return None
    num1, num2 = m.group("num"), g2[2]
    pos = m.start()
    pre = _prefix(text, pos)
    currency = pre.currency if pre is not None else None
    if not (any(g2[5:]) or currency or any(c in num1 + num2 for c in ",.")):
        return None
    second = _figure_from_match(window, m2, g2, _Prefix(0, currency=currency))
    # the first, read as if the second's unit were written after it
    first = _read_as(num1 + window[m2.end("num") : m2.end()], pre or _Prefix(0))
    if (pre is None or not pre.currency) and "+" in text[max(0, pos - 2) : pos]:
        # "S+275/0.50%": a margin and its floor; the margin is in basis points
        first = _spread(text, m) or first
    if first is None:
        return None
    start = pre.start if pre is not None else pos
    first = replace(first, text=text[start:slash], span=(start, slash))
    shift = slash + 1
    second = replace(second, span=(second.span[0] + shift, second.span[1] + shift))
    return first, second


# three figures or more written with slashes between them and the unit once
_SLASH_LIST = re.compile(r"\d[\d,]*(?:\.\d+)?(?:/\d[\d,]*(?:\.\d+)?){2,}(?![\d/]|[.,]\d)")


def _slash_list(text: str, m: re.Match[str]) -> list[Figure] | None:
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
    m2 = _FIGURE.match(window)
    if m2 is None or m2.group("num") != items[-1]:
        return None
    g2 = m2.group(*_GROUP_NUMBERS)
    if g2[1] or g2[3] or g2[4] or g2[12]:  # bad, dotted, glued letters, a fraction
        return None
    pre = _prefix(text, pos)
    currency = pre.currency if pre is not None else None
    if not (any(g2[5:]) or currency):
        return None
    tail = window[m2.end("num") : m2.end()]
    out: list[Figure] = []
    at = pos
    first = pos if pre is None else pre.start
    if pre is not None and pre.open_at >= 0 and first <= pre.open_at:
        first = pre.open_at + 1 + pre.open_gap  # "($1/2/3 billion)": no negative
    for k, item in enumerate(items):
        fig = _read_as(item + tail, _Prefix(0, currency=currency))
        if fig is None:
            return None
        start = first if k == 0 else at
        end = last_at + m2.end() if k == len(items) - 1 else at + len(item)
        out.append(replace(fig, text=text[start:end], span=(start, end)))
        at += len(item) + 1
    return out


_ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th)s?(?![A-Za-z0-9])")
_FRACTION_QUOTIENT = Context(prec=28)


def _ordinal_fraction(text: str, m: re.Match[str], num: str, frac: str) -> Figure | None:
    """The fraction a number over an ordinal writes ("a 1/48th interest", "3/8ths"): its
    quotient, as "one forty-eighth" in words is read (``where`` says "fraction 1/48"), a
    figure a source states only as that fraction; never its numerator or denominator.
    None when no ordinal follows, or the "fraction" is none (a currency, "5/4th")."""
    after = _ORDINAL_AFTER.match(text, m.end("frac"))
    if after is None or not num.isdigit():
        return None
    pre = _prefix(text, m.start())
    if pre is not None and (pre.currency or pre.section):
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


def _terminates(denominator: int) -> bool:
    """Whether a fraction over ``denominator`` is a decimal that ends (2s and 5s only)."""
    for p in (2, 5):
        while denominator % p == 0:
            denominator //= p
    return denominator == 1


def _fraction(num: str, frac: str) -> tuple[Decimal, Decimal]:
    """The exact value of ``num`` and the fraction after it, and one step in its last
    place: ('3', ' 1/2') -> (3.5, 0.5); ('1', '/2') -> (0.5, 0.5); ('3', '½') -> (3.5, 0.5).
    Read only where the fraction terminates (``_terminates``), so the value is exact."""
    value, bottom = _fraction_of(num, frac)
    return Decimal(value.numerator) / Decimal(value.denominator), Decimal(1) / Decimal(bottom)


_PRECISION: dict[int, Decimal] = {}


def _precision(num: str) -> Decimal:
    """One step in the last digit written: '1.45' -> 0.01."""
    places = len(num) - num.index(".") - 1 if "." in num else 0
    step = _PRECISION.get(places)
    if step is None:
        step = _PRECISION[places] = Decimal(1).scaleb(-places)
    return step


_UNIT_SCALES = {
    "k": Decimal(1000),
    "t": Decimal(1000),
    "m": Decimal(10) ** 6,
    "md": Decimal(10) ** 9,
    "mrd": Decimal(10) ** 9,
}
_MONTH_COUNTS = frozenset(["3", "6", "9", "12"])
# A power of ten after a number: scientific notation ("2.5e6", "1.2E+09", "2.5 × 10^6",
# "3x10**6", "4.2·10⁹"), which no source of a finance team writes its figures in
_POWER_AFTER = re.compile(
    r"(?:[eE]|[^\S\n]?[x×*·][^\S\n]?10(?:\^|\*\*))(?P<exp>[+-]?\d{1,3})(?!\w|\.\d)"
    r"|[^\S\n]?[x×·][^\S\n]?10(?P<sup>[⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})(?!\w|\.\d)"
)
_SUPERSCRIPTS = str.maketrans("⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "+-0123456789")
_POWER_FIRST = frozenset("eE x×*·")


def _power_after(text: str, end: int) -> int | None:
    """The end of a power of ten written right after the number ending at ``end``."""
    if text[end] == " " and text[end + 1 : end + 2] not in ("x", "×", "*", "·"):
        return None  # "2.5 million": the common case, decided without the regex
    power = _POWER_AFTER.match(text, end)
    return None if power is None else power.end()


_YEAR_AFTER = re.compile(r"'\d\d(?!\d)| ?(?:19|20)\d\d(?!\d)")


def _scan(
    text: str,
    skips: list[tuple[tuple[int, int], str, str]] | None = None,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[Figure]:
    """Yield figures in normalised ``text``, spans in that text, without context.

    With ``start``/``stop``: the figures whose match starts in ``[start, stop)``, read as a
    scan of the whole text would read them provided no match of that scan straddles
    ``start`` (see :func:`scan_window`)."""
    hidden = -1  # the end of an unreadable figure, past the match it was read from
    listed = -1  # the end of the last section read: "Sections 12.2 and 4.1.9" lists more
    dots = False  # whether that list's sections are numbered with a dot ("12.2")
    family = ""  # what that list numbers: sections, or "schedule", "exhibit" …
    solo = ""  # the one section that list names: "Section 8.3 and 8.4" adds one more
    for m in _FIGURE.finditer(text, start):
        if stop is not None and m.start() >= stop:
            return
        if m.start() < hidden:
            continue
        groups = m.group(*_GROUP_NUMBERS)
        skip, bad, num, dotted, trailing = groups[:5]
        frac = groups[12]
        if frac and trailing and frac[0] == "/" and not dotted:
            part = _ordinal_fraction(text, m, num, frac)
            if part is not None:  # "1/48th": a fraction, never 1 or 48
                yield part
                hidden = part.span[1]
                continue
        if (bad and bad[0] == "/" and not dotted) or (skip and skip.count("/") == 2):
            # "EUR 10/20/30 million" is no date: a currency or a unit says they are amounts
            listed_figs = _slash_list(text, m)
            if listed_figs is not None:  # "$0.5/1/2 billion", "2.5/3/4%": each one a figure
                yield from listed_figs
                hidden = listed_figs[-1].span[1]
                continue
        if (bad and bad[0] == "/" and not dotted) or (frac and _pair_not_fraction(num, frac)):
            if bad:
                reason = _identifier(text, m, num, groups)  # "CNPJ 12,345,678/0001-90"
                if reason:
                    hidden = _code_end(text, m.end())
                    if skips is not None:
                        skips.append(((m.start(), hidden), text[m.start() : hidden], reason))
                    continue
                both = _section_slash(text, m, num)
                if both is not None:  # "Sections 8.3/8.4", "§§ 8.3/8.4": two sections
                    yield from both
                    hidden = both[1].span[1]
                    listed, dots, solo = -1, False, ""
                    continue
            pair = _slash_pair(text, m)
            if pair is not None:  # "2.84/2.61%", "$11.85/12.90", "4,112/3,843 million"
                yield from pair
                hidden = pair[1].span[1]
                continue
            if frac and frac[0] == "/" and ("." in num or "," in num):
                # "$1.0412/100AV" (a rate per $100 of assessed value): no fraction has a
                # decimal numerator; the amount is read alone, what follows it is no figure
                alone = _FIGURE.match(text, m.start(), m.end("num"))
                hidden = m.end()
                if alone is None or alone.end() != m.end("num"):
                    continue
                m, groups = alone, alone.group(*_GROUP_NUMBERS)
                skip, bad, num, dotted, trailing = groups[:5]
                frac = groups[12]
        if skip or bad:
            if skip and skips is not None:
                skips.append((m.span("skip"), skip, _skip_reason(skip)))
            elif skips is not None and bad and bad[0] in ",/":
                unreadable = _unreadable(text, m, groups)
                if unreadable is not None:
                    skips.append((unreadable, text[unreadable[0] : unreadable[1]], "unreadable"))
            continue
        pos = m.start()
        pre = _prefix(text, pos)
        if pos and text[pos - 1] in "xX×" and _leading_times(text, m, groups):
            fig = _figure_from_match(text, m, groups, _Prefix(pos))  # "x2.7 MOIC", "×2.3"
            yield replace(
                fig, text=text[pos - 1 : fig.span[1]], span=(pos - 1, fig.span[1]), multiple=True
            )
            continue
        if (
            (pre is None or not pre.currency)
            and not (groups[5] or groups[6])
            and (reason := _identifier(text, m, num, groups))
        ):
            # "CIK 0001,005", "CAS 2095432-58-3": the rest of its digit runs too
            hidden = _code_end(text, m.end())
            if skips is not None:
                skips.append(((pos, hidden), text[pos:hidden], reason))
            continue
        if frac:
            if frac[0] == "/" and not any(groups[5:12]) and (pre is None or not pre.currency):
                continue  # "1/2", "3/4" alone: a ratio, a score or a date as often as a figure
            if not _terminates(_fraction_of(num, frac)[1]):  # "3 1/3%": no exact decimal
                cut = (pre.start if pre is not None else pos, _past_symbol(text, m.end()))
                hidden = cut[1]
                if skips is not None:
                    skips.append((cut, text[cut[0] : cut[1]], "unreadable"))
                continue
        if not dotted and text[m.end("num") : m.end("num") + 1] in _POWER_FIRST:
            power = _power_after(text, m.end("num"))
            if power is not None:  # "$2.5e6", "1.2 × 10^9": refused, never read as 2.5
                cut = (pre.start if pre is not None else pos, _past_symbol(text, power))
                hidden = cut[1]
                if skips is not None:
                    skips.append((cut, text[cut[0] : cut[1]], "unreadable"))
                continue
        section_at = -1
        heading = False
        lists = False  # whether more sections may follow: "Sections 12.2 and 4.1.9"
        if pre is not None and pre.section:
            section_at = pre.start
            lists = _plural_section(text[max(0, section_at - 1) : pos])  # "§§": two marks
            family = _section_family(text[section_at:pos])
        elif not any(groups[5:]) and "," not in num and (pre is None or pre.start == pos):
            if listed >= 0 and (
                _paired_section(text, listed, pos, num + (dotted or ""), solo)
                if solo
                else _listed_section(text, listed, pos, num, dotted, dots)
            ):
                section_at, lists = pos, not solo  # "Sections 12.2 and 4.1.9", "§§ 4.1.1-4.1.8"
            elif (
                _CLAUSE_NUMBER.fullmatch(num + (dotted or ""))
                or (len(num) <= 2 and not dotted and text[m.end() : m.end() + 1] in (".", ")"))
            ) and _heading_number(text, pos, m.end()):
                section_at, heading = pos, True  # "2.1 By Supplier.", "3. Rent": no amount
        if section_at >= 0:
            section = num + (dotted or "")
            if heading:
                family = ""
            if family:  # "Schedule 1.1" is no "Section 1.1"
                section = f"{family}:{section}"
            end = m.end("dotted") if dotted else m.end("num")
            # "Section 12.3(c)(ii)": a sub-clause is part of the reference, and a list
            # goes on after it ("Sections 12.3(c) and 4.2(a)")
            sub = _SUBCLAUSE.match(text, end) if not heading else None
            past = end if sub is None else sub.end()
            # "Section 7.11, 4.00 to 1.00": one section, then figures
            listed, dots = (past, "." in num + (dotted or "")) if lists else (-1, False)
            solo = ""
            if not lists and not heading and section_at < pos and "." in section:
                listed, solo = past, section  # "Section 8.3 and 8.4": one more may follow
            yield Figure(
                text=text[section_at:end],
                span=(section_at, end),
                kind="section",
                unit=None,
                value=None,
                section=section,
                digits=sum(c.isdigit() for c in section),
                heading=heading,
            )
            continue
        if trailing and (groups[5] or groups[6]) and not dotted:
            trailing = None  # "12%YoY", "35.2%vs": the percent sign ends the figure
        if trailing and len(trailing) == 1 and not dotted and _marked(text, m, num, pre):
            trailing = None  # "$145,800,000E", "31,413,227P", "$412,530,118a": a marker
        if groups[7] == "T" and "," in num and _marked(text, m, num, pre, m.end()):
            alone = _FIGURE.match(text, m.start(), m.end("num"))  # "$9,870,000T": a term bond
            if alone is not None and alone.end() == m.end("num"):
                m, groups = alone, alone.group(*_GROUP_NUMBERS)
        if trailing and not dotted and _glued_unit(num, trailing, text[m.end() : m.end() + 1]):
            trailing = None  # "19.6mo", "1,310ng/mL": a figure with a unit it does not know
        tail = any(groups[5:])  # a unit, a scale or a multiple after the digits
        mend = m.end()
        if dotted or trailing:
            if dotted and (pre is None or not pre.section):
                span = _unreadable(text, m, groups)  # "1.234.567,89 €": dots between thousands
                if span is not None:
                    hidden = span[1]  # its decimals ",89" are no figure of their own
                    if skips is not None:
                        skips.append((span, text[span[0] : span[1]], "unreadable"))
                elif skips is not None:
                    span = (m.start("num"), m.end("dotted"))
                    skips.append((span, text[span[0] : span[1]], "version"))
            continue  # a version string, an ordinal (1st), a code (2Q26, 4G): not a figure
        if (
            len(num) <= 2
            and not tail
            and (pre is None or pre.start == pos)
            and _day_of_month(text, pos, mend, num)
        ):
            if skips is not None:  # "September 30, 2026", "30 June 2025": a day, no count
                skips.append(((pos, mend), num, "date"))
            continue
        if (
            not tail
            and text[mend : mend + 1] == ":"
            and (pre is None or not pre.currency)
            and (ratio := _ratio(text, m)) is not None
        ):
            yield ratio  # "3.39:1.25", "312:4": a ratio, found only as that ratio
            hidden = ratio.span[1]
            continue
        if pre is None and not tail:  # a bare number, the common case
            if text[pos - 5 : pos] == "plus " and (spread := _spread(text, m)) is not None:
                yield spread  # "Term SOFR plus 275": a margin over a rate
                continue
            end = mend if groups[4] is None else m.start("ord")
            yield Figure(
                text=text[pos:end],
                span=(pos, end),
                kind="number",
                unit=None,
                value=Decimal(num.replace(",", "") if "," in num else num),
                precision=_precision(num),
                digits=len(num) - num.count(",") - num.count("."),
                grouped="," in num,
                decimal="." in num,
            )
            continue
        if (
            pre is not None
            and pre.open_at == pos - 1
            and len(num) <= 2
            and pos > 1
            and (text[pos - 2].isalnum() or text[pos - 2] in "%)")
            and text[mend : mend + 1] == ")"
            and not tail
        ):
            continue  # "$4,200(1)", "Revenue(2)": a footnote's mark, not a negative
        if groups[13] in ("p", "c") and "." not in num and len(num) > 3:
            continue  # "1080p", "2160p": a code, as any number glued to a letter is
        if (
            pre is not None
            and pre.currency
            and num in ("000", "000,000")
            and _scale_mark(text, pre.start, mend)
        ):
            continue  # "($000)", "in €000s": a table's scale, not an amount of nothing
        if (
            groups[7] == "M"
            and num in _MONTH_COUNTS
            and (pre is None or not pre.currency)
            and _YEAR_AFTER.match(text, mend)
        ):
            continue  # "9M'25", "9M 2025": nine months of a year, a column's period
        if (
            groups[7] == "M"
            and num in _MONTH_COUNTS
            and (pre is None or not pre.currency)
            and text[pos - 1 : pos] == "("
            and text[mend : mend + 1] == ")"
        ):
            if skips is not None:  # "Value of new business (9M)": nine months, a period
                skips.append(((pos - 1, mend + 1), text[pos - 1 : mend + 1], "date"))
            continue
        if groups[7] == "T" and (pre is None or not pre.currency) and "." not in num:
            continue  # "4T" alone is a code; "$1.2T" and "1.3T" are trillions
        if (
            groups[7]
            and text[mend : mend + 1].isdigit()
            and (pre is None or not pre.currency)
        ):
            continue  # "12m2", "4B2": a code; "$4.2B1" is $4.2 billion and its footnote
        if not tail and pos > 1 and "+" in text[pos - 2 : pos]:
            spread = _spread(text, m)
            if spread is not None:  # "S+275", "SOFR + 2.25": a margin over a rate
                yield spread
                continue
        yield _figure_from_match(text, m, groups, pre or _Prefix(pos))


def _leading_times(text: str, m: re.Match[str], groups: tuple[str | None, ...]) -> bool:
    """Whether the number matched by ``m`` after an "x" or "×" is a multiple written with
    its sign first ("x2.7 gross MOIC", "a x4 step-up", "×2.3"): the sign stands alone (no
    letter or digit before it: "2×3", "0x1F" are none) and the number has no unit of its
    own; "x86" and "x64" name processors."""
    pos = m.start()
    num = groups[2] or ""
    return (
        (pos < 2 or not text[pos - 2].isalnum())
        and not any(groups[3:])
        and num not in ("86", "64", "32")
        and text[m.end() : m.end() + 1] not in ("-", "_")
    )


def _glued_unit(num: str, trailing: str, after: str) -> bool:
    """Whether letters glued to ``num`` are a unit the grammar does not know ("19.6mo",
    "14.5h", "1,310ng/mL", "1,204pts") rather than a code's: no code, version or ordinal
    writes a decimal point or a thousands separator before its letters, so the number is
    read, never dropped ("1,000th" is read as 1,000 too: fail closed). A digit right after
    the letter ("$4.2m123") makes it a code still."""
    return ("." in num or "," in num) and trailing.isalpha() and not after.isdigit()


_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_MONTH_BEFORE = re.compile(rf"(?i)(?<![a-z])(?:{_MONTHS})\.? $")  # "September 30", "Sept. 30"
_MONTH_AFTER = re.compile(rf"(?i) (?:{_MONTHS})(?![a-z])")  # "30 June 2025"


def _day_of_month(text: str, pos: int, end: int, num: str) -> bool:
    """Whether the one- or two-digit number ``num`` at ``pos`` is the day of a written
    date ("September 30, 2026", "Dec. 31", "30 June 2025")."""
    if not num.isdigit() or not 1 <= int(num) <= 31:
        return False
    if pos >= 4 and text[pos - 1] == " " and _MONTH_BEFORE.search(text, max(0, pos - 11), pos):
        return True
    return text[end : end + 1] == " " and _MONTH_AFTER.match(text, end) is not None


# between the sections of a list: "12.2, 12.3 and 4.1.9", "4.1.1-4.1.8", "2 through 5"
_SECTION_LIST_JOIN = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&|to|through)\s+|\s*-\s*")
_CLAUSE_NUMBER = re.compile(r"\d{1,3}(?:\.\d{1,2})+")  # "2.1", "12.3", "4.1.2"; not "2.500.000"
_HEADING_AFTER = re.compile(
    r"[.)]?[ \t]+[A-Z]"
)  # "2.1 By Supplier.", "12.3. Limitation", "3) Rent"
# what may stand before a heading's number on its line: "#", or "**" (bold) right before it
_LINE_MARKS = frozenset(" \t#*")


def _listed_section(
    text: str, listed: int, pos: int, num: str, dotted: str | None, dots: bool
) -> bool:
    """Whether the number at ``pos`` continues a list of sections ending at ``listed``:
    joined to it by a comma, "and", "or", "to", "through" or a dash, and numbered as the
    list is (a dot in each, or whole numbers of three digits at most, never a year)."""
    if _SECTION_LIST_JOIN.fullmatch(text, listed, pos) is None:
        return False
    if dots:
        return "." in num or bool(dotted)
    return not dotted and "." not in num and len(num) <= 3


# between the two sections one "Section" names: "Section 8.3 and 8.4", "Clause 8.3/8.4"
# a sub-clause after a section's number: "12.3(c)", "4.2(a)(ii)", "2(b)(1)"
_SUBCLAUSE = re.compile(r"(?:\((?:[a-z]{1,2}|[ivx]{1,5}|[A-Z]|\d{1,2})\))+(?![\w(])")
_SECTION_PAIR_JOIN = re.compile(r"\s+(?:and|or|&)\s+|\s*/\s*")


def _paired_section(text: str, listed: int, pos: int, number: str, solo: str) -> bool:
    """Whether ``number`` at ``pos`` is a second section after the one section ``solo``
    named in the singular, ending at ``listed``: "Section 8.3 and 8.4", "Clause 8.3 or
    8.4". Only a clause number of the same depth under the same head counts, so "Section
    7.11 and 4.00" stays a section and a figure."""
    if _SECTION_PAIR_JOIN.fullmatch(text, listed, pos) is None:
        return False
    head, _, rest = solo.rpartition(":")[2].partition(".")
    return (
        _CLAUSE_NUMBER.fullmatch(number) is not None
        and number.partition(".")[0] == head
        and number.count(".") == rest.count(".") + 1
    )


def _section_slash(text: str, m: re.Match[str], num: str) -> tuple[Figure, Figure] | None:
    """The two sections a section word names with a slash between their numbers
    ("Sections 8.3/8.4", "§§ 8.3/8.4", "Section 8.4/9.1"), or None: the slash is read as
    the grammar reads it elsewhere ("2.84/2.61%")."""
    if _CLAUSE_NUMBER.fullmatch(num) is None:
        return None
    pos, slash = m.start(), m.end("num")
    pre = _prefix(text, pos)
    if pre is None or not pre.section:
        return None
    second = _CLAUSE_NUMBER.match(text, slash + 1)
    if second is None:
        return None
    end = second.end()
    if text[end : end + 1].isdigit() or (
        text[end : end + 1] in ".," and text[end + 1 : end + 2].isdigit()
    ):
        return None  # "8.3/8.456": no clause number
    family = _section_family(text[pre.start : pos])
    out = []
    for a, b, at in ((pos, slash, pre.start), (slash + 1, end, slash + 1)):
        number = text[a:b]
        out.append(
            Figure(
                text=text[at:b],
                span=(at, b),
                kind="section",
                unit=None,
                value=None,
                section=f"{family}:{number}" if family else number,
                digits=sum(c.isdigit() for c in number),
            )
        )
    return out[0], out[1]


# the parts of a contract numbered apart from its sections: "Schedule 1.1" is no Section
_SECTION_FAMILIES = {"schedule": "schedule", "exhibit": "exhibit", "annex": "annex"}
_SECTION_FAMILIES |= {"appendix": "appendix", "appendices": "appendix", "annexes": "annex"}


def _section_family(words: str) -> str:
    """What the words before a section's number number: "" for sections, clauses, articles
    and paragraphs; "schedule", "exhibit", "annex" or "appendix" for those."""
    w = words.strip().rstrip(".").lower()
    return _SECTION_FAMILIES.get(w) or _SECTION_FAMILIES.get(w[:-1], "")


def _plural_section(words: str) -> bool:
    """Whether the words before a section's number name several ("Sections", "§§",
    "Secs.", "clauses"): a list may follow."""
    w = words.strip().rstrip(".").lower()
    return (
        "§§" in w
        or (w.endswith("s") and w[:-1] in SECTION_WORDS)
        or w
        in (
            "annexes",
            "appendices",
        )
    )


def _heading_number(text: str, pos: int, end: int) -> bool:
    """Whether the number at ``pos`` numbers a heading: first on its line (Markdown's "#",
    ">" and "*" aside) and followed by a capitalised title ("2.1 By Supplier.")."""
    k = pos - 1
    while k >= 0 and text[k] != "\n":
        if text[k] not in _LINE_MARKS or (text[k] == "*" and text[k + 1] in " \t"):
            return False  # "* 4.25 Maximum Leverage Ratio": a bullet's figure, no heading
        k -= 1
    return _HEADING_AFTER.match(text, end) is not None


_DOT_GROUPS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")  # "1.234.567": dots between thousands
_COMMA_DECIMALS = re.compile(r",\d+")
_CURRENCY_AFTER_PATTERN = r"[€£¥₹₩₪₺$]|(?i:CHF|EUR|GBP|USD)\b"  # "3,5 €", "1.234 EUR"
_CURRENCY_AFTER = re.compile(rf" ?(?:{_CURRENCY_AFTER_PATTERN})")
# what may follow a figure written with a decimal comma and make it an amount or a percent
# (refused, never passed over): a currency, "M€", "MSEK", "Mkr", or a scale or percent word
# in the languages that write the comma ("mia. kr", "mld zł", "Millionen", "pour cent")
_UNIT_AFTER = re.compile(
    rf" ?(?:{_CURRENCY_AFTER_PATTERN}|[MkKT]?(?:€|EUR|SEK|NOK|DKK|ISK|CHF|PLN|CZK|HUF|kr\b)"
    r"|(?i:Mio|Mrd|Tsd|Mia|Mld|Md|Mdr|Mdkr|Millionen|Milliarden|milliards?|milioni|miliardi"
    r"|miljoner|miljarder|miljoen|miljard|miljoonaa|millones|pour cent|por ciento|per cento"
    r"|procent|prozent)\b)"
)


def _unreadable(
    text: str, m: re.Match[str], groups: tuple[str | None, ...]
) -> tuple[int, int] | None:
    """The span of a figure written with European separators, which the grammar does not
    read: an amount or percent with a decimal comma ("€3,5 Mio.", "3,5 %", "3,5 €"), or
    a number with dots between its thousands ("1.234.567,89 €", "1.234,5", "2.500.000").
    A fraction with a unit the grammar does not read exactly ("1/3%") is unreadable too.
    A claim nobody can check, never one to pass over. None for a bare "1,23" (a list or a
    code as often as a figure) and for a version string ("3.11.7")."""
    num, bad, dotted = groups[2] or "", groups[1] or "", groups[3] or ""
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
        after = None if any(groups[5:]) else _UNIT_AFTER.match(text, end)
        unit = after is not None or any(groups[5:])
        if not unit and before not in " $(-" and not before.isupper() and before.isascii():
            return None  # no unit after it and no currency before it ("1,1,1,…" reads fast)
        pre = _prefix(text, pos)
        if not unit and (pre is None or not pre.currency):
            return None
        return (pre.start if pre is not None else pos, _past_symbol(text, end, after))
    pre = _prefix(text, pos)
    return (pre.start if pre is not None else pos, _past_symbol(text, end))


def _past_symbol(text: str, end: int, unit: re.Match[str] | None = None) -> int:
    """``end``, or past the currency written after the figure ending there ("3,5 €"), or
    past ``unit``, the unit read after it ("3,4 MSEK")."""
    at = unit or _CURRENCY_AFTER.match(text, end)
    return end if at is None else at.end()


def unreadable_figure(text: str) -> tuple[str, str, str] | None:
    """The first figure ``text`` writes so that the grammar cannot read it (European
    separators, a fraction in thirds …): (as written, as the sources would write it,
    kind): ("3,5", "3.5", "currency") for "€3,5 Mio.", ("1.234.567,89", "1,234,567.89",
    "number") for "1.234.567,89", ("1/3", "0.3333…", "percent") for "1/3%"; None when
    there is none. What :func:`skipped` lists as "unreadable"."""
    for m in _FIGURE.finditer(text):
        groups = m.group(*_GROUP_NUMBERS)
        num, bad, dotted, frac = groups[2], groups[1], groups[3], groups[12]
        if num is None:
            continue
        pct, bps, _sfx, _word, code, cword = groups[5:11]
        pre = _prefix(text, m.start())
        currency = bool(
            code or cword or groups[13] or groups[14] or (pre is not None and pre.currency)
        )
        kind = "currency" if currency else "percent" if pct or bps else "number"
        power = None if dotted or frac else _POWER_AFTER.match(text, m.end("num"))
        if power is not None:  # "2.5e6": as the sources write it, "2,500,000"
            written = text[m.start("num") : power.end()]
            exponent = (power.group("exp") or power.group("sup")).translate(_SUPERSCRIPTS)
            full = _decimal(num).scaleb(int(exponent))
            kind = "currency" if currency or _symbol_after(text, power.end()) else kind
            return written, _group(full) if abs(full) >= 1 else format(full, "f"), kind
        if frac and frac[0] == "/" and ("." in num or "," in num):
            continue  # "$1.0412/100AV": an amount and what it is a rate of, no fraction
        if frac and (frac[0] != "/" or any(groups[5:12])):
            value, bottom = _fraction_of(num, frac)
            if _terminates(bottom):
                continue
            written = num + frac  # "3 1/3", "1/3", "3⅓"
            example = f"{Decimal(value.numerator) / Decimal(value.denominator):.4f}…"
            return written, example, kind
        if not ((bad and bad[0] in ",/") or dotted):
            continue
        span = _unreadable(text, m, groups)
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
    if _terminates(q.denominator):
        return format(Decimal(q.numerator) / Decimal(q.denominator), "f")
    return f"{Decimal(q.numerator) / Decimal(q.denominator):.4f}…"


def _symbol_after(text: str, end: int) -> bool:
    """Whether a currency stands after the figure ending at ``end`` ("3,5 €", "1.234 EUR";
    past a decimal comma the grammar did not read)."""
    comma = _COMMA_DECIMALS.match(text, end)
    return _CURRENCY_AFTER.match(text, comma.end() if comma else end) is not None


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


def _figure_from_match(
    text: str, m: re.Match[str], groups: tuple[str | None, ...], pre: _Prefix
) -> Figure:
    num = groups[2]
    assert num is not None
    pct, bps, sfx, word, code_group, cword, mult, frac, pence, sym, unitscale, wordx = groups[5:17]
    qty, perday = groups[17:19]
    word = word or wordx
    if frac:
        value, precision = _fraction(num, frac)
    else:
        value = _decimal(num)
        precision = _precision(num)
    scale = ONE
    scale_source = "none"
    unit: str | None = pre.currency
    kind = "currency" if unit else "number"
    end = m.end() if groups[4] is None else m.start("ord")  # not the letters after "12%YoY"
    if pct:
        kind, unit = "percent", "percent"
    elif bps:
        kind, unit = "percent", "basis_point"
    elif sfx or word:
        token = (sfx or word or "").lower()
        token = " ".join(token.split())  # "lakh crore"
        scale = SCALE_WORDS.get(token) or SCALE_WORDS[token.rstrip("s")]
        scale_source = "suffix" if sfx else "word"
    elif unitscale:  # "M€", "TEUR" (Tausend), "Md€" (milliard), as French and German write
        scale, scale_source = _UNIT_SCALES[unitscale.lower()], "suffix"
    elif groups[19]:  # "15 $M": the currency, then the scale, after the figure
        scale, scale_source = SCALE_WORDS[groups[19].lower()], "suffix"
        sym = "$"
    elif pre.scale != ONE:  # "T€ 812": the scale stood before the currency
        scale, scale_source = pre.scale, "suffix"
    elif pre.currency and not any(groups[5:]) and text[end : end + 1] == " ":
        spaced = _SPACED_SCALE.match(text, end)
        if spaced is not None:  # "$4.2 B in sales": B, a space after an amount, is billions
            scale, scale_source = SCALE_WORDS[spaced.group(1).lower()], "suffix"
            end = spaced.end()
        elif pre.currency == "BRL" and (short := _BRL_SCALE.match(text, end)) is not None:
            scale, scale_source = _BRL_SCALES[short.group(1)], "word"  # "R$ 345,6 mi"
            end = short.end()
    if cword is None:
        code, cents = None, False
    else:
        glued = text[pre.start : m.start()] in GLUED_CURRENCY_ALIASES  # "HK12.5 cents"
        code, cents = _currency_words(cword, pre.currency, glued)
    if code == "KRW" and cword == "won" and scale == ONE and len(num) < 4:
        code, end = None, m.start("cword") - 1  # "12 won awards": a verb, no currency
    elif cword and pre.currency is None and scale == ONE and _base_year(text, m.start(), num):
        code, cents, end = None, False, m.start("cword") - 1  # "in 2023 dollars": a base year
    if code_group:
        code = CURRENCY_ALIASES.get(code_group, code_group)
    if sym:
        code = CURRENCY_SYMBOLS[sym]  # "1,234.5 €"
    if pence and pre.currency is None:  # "45.6p": pence, a hundredth of a pound; "45.6c" cents
        code, cents = ("GBP" if pence.strip()[0] == "p" else "USD"), True
    if code and kind != "percent":
        unit, kind = code, "currency"
    elif code:
        end = m.end("pct") if pct else m.end("bps")
    negative = pre.negative
    # the closing bracket, right after the figure or one space after it ("(1,234 )")
    close_at = end if text[end : end + 1] == ")" else end + 1 if text[end : end + 2] == " )" else -1
    closed = (
        pre.open_at >= 0
        and close_at >= 0
        and not _restates_words(text, pre.open_at, kind == "number" and scale == ONE)
    )
    close_len = close_at + 1 - end
    if closed and kind == "number" and text[close_at + 1 : close_at + 2] == "%":
        kind, unit = "percent", "percent"  # "(2.3)%", as tables print a negative percentage
        close_len += 1
    elif closed and kind == "number" and scale == ONE:
        bps_after = _BPS_AFTER.match(text, close_at)
        if bps_after is not None:  # "narrowed (27) bps"
            kind, unit = "percent", "basis_point"
            close_len = bps_after.end() - end
    if closed and scale == ONE and kind != "percent":
        after = _SUFFIX_AFTER.match(text, close_at)
        if after is not None:  # "$(1.2)M": the scale stands after the bracket
            token = (after.group(1) or after.group(2)).lower()
            scale = SCALE_WORDS.get(token) or SCALE_WORDS[token.rstrip("s")]
            scale_source = "suffix" if after.group(1) else "word"
            close_len = after.end() - end
    restated_unit = None
    if (
        not closed
        and kind == "number"
        and scale == ONE
        and not qty
        and pre.open_at >= 0
        and close_at >= 0
        and (bracket_unit := _BRACKET_UNIT.match(text, close_at)) is not None
    ):
        restated_unit = quantity_unit(bracket_unit.group("qty"))  # "thirty (30) days"
    if closed and not (
        kind == "number"
        and scale == ONE
        and "," not in num
        and "." not in num
        and len(num) == 4
        and 1900 <= int(num) <= 2099
    ):
        negative = True  # "(1,234)" is -1,234; "(2019)" is a year in brackets
    else:
        closed = False
    if unit == "basis_point" or (cents and kind == "currency"):
        value = over(value, HUNDRED)  # 150 bps is 1.5%; 45 cents is $0.45
        precision = over(precision, HUNDRED)
        if cents:
            scale_source = "word"  # "cents" says what it is: no table's note scales it
    if scale != ONE:
        value = times(value, scale)
        precision = times(precision, scale)
    start = pre.start
    if closed:
        end += close_len
    elif pre.open_at >= 0 and start <= pre.open_at:
        start = pre.open_at + 1 + pre.open_gap  # the bracket opens a parenthesis, not a negative
    per = None
    if qty and kind == "number" and not mult:  # "1.2 GW", "412 Mboe/d": a quantity
        named = quantity_unit(qty)
        if _unit_read(text, m, num, named):
            kind, unit = "quantity", named + ("/d" if perday else "")
            per = None if perday else quantity_per(text, end)
        else:  # "in 2024 year", a table's next row "MW sold": the number alone
            end = m.start("qty") - (text[m.start("qty") - 1] in " -\n")
    elif kind == "currency":
        per = per_unit(text, end)
        if (
            per is None
            and start > 3
            and text[start - 1 : start].isspace()
            and text[start - 3 : start - 1].lower() in ("of", "en")  # "of", "between"
            and _PER_SHARE_BEFORE.search(text, max(0, start - 40), start)
        ):
            per = "share"  # "present values per share of $33.40"
    elif restated_unit is not None:
        kind, unit = "quantity", restated_unit
    return Figure(
        text=text[start:end],
        span=(start, end),
        kind=kind,
        unit=unit,
        value=-value if negative else value,
        scale=scale,
        scale_source=scale_source,
        precision=precision,
        negative=negative,
        digits=len(num) - num.count(",") - num.count(".") + (_digit_count(frac) if frac else 0),
        grouped="," in num,
        decimal="." in num or bool(frac),
        multiple=mult is not None and kind == "number",
        per=per,
    )


# the unit after the bracket a contract restates a number in ("thirty (30) days", "ninety
# (90)-day", "five (5) megawatts"): the figure's own
_BRACKET_UNIT = re.compile(rf"\)(?:[^\S\n]|-)(?P<qty>{_QUANTITY_UNITS})(?!\w|-(?!\d))")


def _unit_read(text: str, m: re.Match[str], num: str, unit: str) -> bool:
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
_PER_SHARE_BEFORE = re.compile(
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


# --------------------------------------------------------------------------- ranges


_RANGE_JOIN = re.compile(r"\s?(?:-|to|through)\s?| and ")
_VERSUS = re.compile(r"[^\S\n](?:vs\.?|versus|v\.)[^\S\n]")


def _after_between(text: str, pos: int) -> bool:
    """Whether the word "between" and one space stand right before ``pos``."""
    k = pos - 8
    return k >= 0 and text[k:pos].lower() == "between " and (k == 0 or not text[k - 1].isalpha())


def _in_unit(fig: Figure, kind: str, unit: str | None) -> Figure:
    """A bare range end in the other end's unit: "30" of "30-40 bps" is 0.30%, not 30%."""
    if unit != "basis_point" or fig.value is None:
        return replace(fig, kind=kind, unit=unit)
    return replace(fig, kind=kind, unit=unit, value=fig.value / 100, precision=fig.precision / 100)


def _count_sized(fig: Figure) -> bool:
    """Whether a bare range end is too large to share the other end's "%": grouped
    ("301,447") or a thousand or more."""
    return fig.grouped or (fig.value is not None and abs(fig.value) >= 1000)


def _link_ranges(text: str, figs: list[Figure]) -> list[Figure]:
    """'$130k-$190k', '$4-5 million', '10 to 20%': each end borrows what the other states."""
    out = list(figs)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if a.kind == "section" or b.kind == "section":
            continue
        between = text[a.span[1] : b.span[0]]
        if a.kind == "number" and b.kind == "quantity" and _VERSUS.fullmatch(between):
            # "median OS 18.4 vs 13.1 months": both are months
            out[i] = replace(a, kind="quantity", unit=b.unit, per=b.per)
            continue
        if len(between) > 9 or not _RANGE_JOIN.fullmatch(between):
            continue
        if between == " and " and not _after_between(text, a.span[0]):
            continue  # "3 and 7%" is a range only after "between"
        if a.negative or a.is_year or b.is_year:
            continue
        if a.kind != "number" and b.kind != "number" and (a.kind, a.unit) != (b.kind, b.unit):
            continue  # "up 9.8% to $57.5 billion" is a change, not a range
        if b.kind == "number" and a.kind == "currency" and b.scale_source != "context":
            assert b.value is not None
            b = replace(b, kind="currency", unit=a.unit)
        if a.kind == "number" and b.kind in ("currency", "percent"):
            if b.kind == "percent" and _count_sized(a):
                continue  # "301,447 to 3.2%": no range of percents
            a = _in_unit(a, b.kind, b.unit)
        if a.kind == "percent" and b.kind == "number":
            if _count_sized(b):
                continue  # "rose 3.2% to 301,447": a change and a level, no range
            b = _in_unit(b, "percent", a.unit)
        if a.kind == "currency" and b.kind == "currency" and a.per is None:
            per = b.per or per_unit(text, b.span[1])
            if per is not None:  # "$40-45/bbl": both ends are prices per barrel
                a, b = replace(a, per=per), replace(b, per=per)
        elif (
            a.kind == "currency"
            and b.kind == "currency"
            and b.per is None
            and a.per == "share"
            and _PER_SHARE_BEFORE.search(text, max(0, a.span[0] - 40), a.span[0])
        ):
            b = replace(b, per="share")  # "per share of $33.40 to $44.15": both ends
        if a.kind == "number" and b.kind == "quantity" and not a.multiple:
            a = replace(a, kind="quantity", unit=b.unit, per=b.per)  # "1,150-1,800 MW"
        if b.multiple and a.kind == "number" and a.scale == ONE:
            a = replace(a, multiple=True)  # "3-4x": three to four times
        whole_digits = a.digits - (len(a.text.split(".")[-1]) if a.decimal else 0)
        if (
            a.kind != "percent"
            and a.scale == ONE
            and b.scale != ONE
            and a.value is not None
            and not a.grouped
            and whole_digits <= 3
        ):
            # "$4-5 million" is four to five million; "800,000 to 1.2 million" is not
            a = replace(
                a,
                value=times(a.value, b.scale),
                precision=times(a.precision, b.scale),
                scale=b.scale,
                scale_source=b.scale_source,
            )
        out[i], out[i + 1] = a, b
    return out


# what joins the amounts of a list that shares one scale word: "$75, $150 and $300
# million", "$75/$150/$300 million" (never "or": a line may be cut before it)
_LIST_JOINS = frozenset([", ", ", and ", " and ", "/"])


def _share_list_scale(text: str, figs: list[Figure]) -> list[Figure]:
    """``figs`` with the scale word that ends a list of amounts given to each amount before
    it: "$75, $150 and $300 million" is $75 million, $150 million and $300 million, as
    "$75/$150/$300 million" is. A list of three or more, or joined by slashes; each amount
    in one currency, written with one to three whole digits and no scale of its own."""
    out = figs
    i = 0
    n = len(figs)
    while i < n - 1:
        j = i  # the list runs from i to j
        slashed = False
        while j + 1 < n:
            a, b = figs[j], figs[j + 1]
            between = text[a.span[1] : b.span[0]]
            if between not in _LIST_JOINS or not _listed_amount(a, figs[i]):
                break
            slashed = slashed or between == "/"
            j += 1
            if b.scale != ONE:
                break
        last = figs[j]
        if (
            j > i
            and (j - i >= 2 or slashed)
            and last.scale != ONE
            and last.scale_source in ("word", "suffix")
            and last.kind == "currency"
            and last.unit == figs[i].unit
            and last.per is None
        ):
            if out is figs:
                out = list(figs)
            for k in range(i, j):
                f = figs[k]
                assert f.value is not None
                out[k] = replace(
                    f,
                    value=times(f.value, last.scale),
                    precision=times(f.precision, last.scale),
                    scale=last.scale,
                    scale_source=last.scale_source,
                )
        i = max(j, i + 1)
    return out


def _listed_amount(fig: Figure, first: Figure) -> bool:
    """Whether ``fig`` may stand before the scale word of a list that ``first`` opens:
    an amount in ``first``'s currency with no scale and one to three whole digits."""
    whole = fig.digits - (len(fig.text.split(".")[-1]) if fig.decimal else 0)
    return (
        fig.kind == "currency"
        and fig.unit == first.unit
        and fig.scale == ONE
        and fig.scale_source == "none"
        and fig.per is None
        and not fig.negative
        and not fig.grouped
        and whole <= 3
    )


# the currencies of the reports that print a prior-year comparative bare in brackets
_COMPARATIVE_CURRENCIES = frozenset(["SEK", "NOK", "DKK", "ISK", "EUR", "CHF"])


def _link_comparatives(text: str, figs: list[Figure]) -> list[Figure]:
    """"MSEK 4,512 (4,101)", "SEK 4,512m (4,101)", "SEK 655m (612m)": the bare figure alone
    in brackets right after an amount is its prior-year comparative, as Nordic reports
    print it: in the amount's currency (and its scale, when the bracket names none). A
    year ("(2025)") and a bracket that holds words ("(2025: 4,101)") are not one."""
    out = figs
    for i in range(len(figs) - 1):
        a, b = figs[i], figs[i + 1]
        if a.kind != "currency" or a.per is not None or b.kind != "number" or b.is_year:
            continue
        if b.value is None or b.multiple or b.section is not None or b.digits < 2:
            continue  # "(1)": a footnote's mark
        if a.unit not in _COMPARATIVE_CURRENCIES:
            continue
        lo, hi = b.span
        if text.startswith("(", lo):  # "(4,101)", read as a negative
            inner_lo, close = lo + 1, hi - 1
        else:  # "(612m)", "(4,101)" after a scale: the brackets around the figure
            inner_lo, close = lo, hi
            lo -= 1
        if (
            text[a.span[1] : lo] != " "
            or text[lo : lo + 1] != "("
            or text[close : close + 1] != ")"
            or not text[inner_lo:close].strip()
            or text[close + 1 : close + 2].isalnum()
        ):
            continue
        value = abs(b.value)
        precision, scale, source = b.precision, b.scale, b.scale_source
        if b.scale == ONE and a.scale != ONE:
            value, precision = times(value, a.scale), times(precision, a.scale)
            scale, source = a.scale, a.scale_source
        if out is figs:
            out = list(figs)
        out[i + 1] = replace(
            b,
            kind="currency",
            unit=a.unit,
            value=value,
            precision=precision,
            scale=scale,
            scale_source=source,
            negative=False,
        )
    return out


# --------------------------------------------------------------------------- public API


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


def _scale_mark(text: str, start: int, end: int) -> bool:
    """Whether "$000" from ``start`` to ``end`` names a table's scale, as it does in
    brackets, after "in", before an "s" or on a line of its own ("($000)", "in €000s",
    "$000 | 2026 | 2025"); "paid $000" in a sentence is an amount, and no source's."""
    before = text[max(0, start - 4) : start]
    after = text[end : end + 1]
    line_start = text.rfind("\n", 0, start) + 1
    return (
        "(" in before
        or "[" in before
        or before.endswith("in ")
        or after in (")", "]", "s", "'", "’")
        or not text[line_start:start].strip(" |*#")
    )


def _marked(
    text: str, m: re.Match[str], num: str, pre: _Prefix | None, at: int | None = None
) -> bool:
    """Whether the letter glued after the amount ``m`` read (at ``at``, or its last
    character) is a marker, as tables print an estimate, a footnote or a term bond
    ("$145,800,000E", "$412,530,118a", "31,413,227P", "$9,870,000T"): one letter, no letter
    or digit after it, after an amount with a thousands separator or a currency. A number
    glued to a letter without either is a code ("2Q26", "4G", "61R")."""
    end = m.end() if at is None else at
    after = text[end : end + 1]
    if after and (after.isalnum() or after in "-/"):
        return False
    return "," in num or (pre is not None and pre.currency is not None)


def _skip_reason(token: str) -> str:
    if ":" in token:
        return "time"
    if "/" in token or (token.count("-") == 2 and len(token) == 10):
        return "date"
    return "phone"


# what names an identifier right before its number: "NAIC Company Code 60054", "RSSD ID
# 3284070", "CIK 1045810", "Commission File No. 001-38412", "Suite 4100", "EIP-1559"; a
# register abroad ("HRB 123456", "WKN 716460", "Org.nr 556012-5790", "CVR-nr. 12345678",
# "CNPJ 12.345.678/0001-90", "Valorennummer 1'203'204"); a trial's ("IND 145678", "CAS
# 2095432-58-3"); a code glued before a hyphen ("VLX418-3012")
_ID_LABEL = re.compile(
    r"(?:\b(?:No\.|Nos\.|[Nn]umber|[Cc]ode|ID|Id|Cert\.|CIK|EIN|FEIN|TIN|SIC|NAICS|NAIC|CUSIP|ISIN"
    r"|SEDOL|LEI|FIGI|Suite|Ste\.|Rule|Docket|Permit|Licen[cs]e|Registration|Reg\.|Acct\.|Account"
    r"|Policy|Invoice|Serial|ZIP|Zip|PO Box|P\.O\. Box|Box"
    r"|IND|NDA|ANDA|BLA|IDE|CAS|HRB|HRA|WKN|CVR|SIREN|SIRET|CNPJ|CPF|Valoren|Valorennummer"
    r"|KvK|ABN|ACN|Org\.?[ ]?[Nn]r\.?)(?:[ ]?(?:No\.|Number|#)|-?[Nn]r\.)?[ ]?[:#]?[ ]?"
    r"|(?<![#\s])#|\b[A-Z]{2,6}\d{0,6}-)$"  # ("#4417" glued, never a Markdown heading's "## 1.1")
)
# what names a place in a document right before its number, no figure: "Note 2.3", "Table
# 2.3", "Figure 2.3", "Item 7", "Slide 12", "page 1,204", "pp. 1120", "version 26.1",
# "Release 2.3", "Study 3012", "Protocol 301", "Lot 2024.117"; and the numbers a plural
# one lists ("Notes 2.3 and 2.4", "pages 12, 14 and 16"). Never with a colon after it:
# "Note: 1,200 of them are part-time" states a figure.
_LOCATOR_LABEL = re.compile(
    r"(?:\b(?:Notes?|Tables?|Figures?|Figs?\.|Items?|Slides?|[Pp]ages?|p\.|pp\.|[Vv]ersions?"
    r"|[Vv]er\.|Releases?|Study|Studies|Protocols?|Lot|Batch)[ ]"
    r"|\b(?:Notes|Tables|Figures|Figs\.|Items|Slides|pages|pp\.)[ ]\d[\d.,]*(?:,[ ]\d[\d.,]*)*"
    r",?[ ](?:and|or|&|to|through)[ ])$"
)
# the last words of ``_ID_LABEL``'s and ``_LOCATOR_LABEL``'s labels, lower-cased: a cheap
# test before either pattern ("stood at 4,200" has none); tests/test_figures_prefilters.py
# holds the list to the patterns
_LABEL_WORDS = """no. nos. number code id cert. cik ein fein tin sic naics naic cusip isin sedol lei
    figi suite ste. rule docket permit licence license registration reg. acct. account
    policy invoice serial zip box ind nda anda bla ide cas hrb hra wkn cvr siren siret cnpj
    cpf valoren valorennummer kvk abn acn nr. nr orgnr. orgnr org.nr. org.nr org. org
    note notes table tables figure figures fig. figs. item items slide slides page pages p.
    pp. version versions ver. release releases study studies protocol protocols lot batch
    and or & to through"""
_LABEL_ENDS = frozenset(_LABEL_WORDS.split())


_LABEL_SUFFIXES = tuple(sorted(_LABEL_ENDS))


def _may_label(before: str) -> bool:
    """Whether ``before`` (the characters before a number) may end with an identifier's or
    a locator's label: its last word, its ":", "#" and spaces aside, is one of
    ``_LABEL_ENDS`` or ends with one, or it ends in "#" or "-" ("#4417", "EIP-1559")."""
    tail = before.rstrip(" ")
    if tail.endswith(("#", "-")):
        return True
    words = tail.rstrip(" :#").rsplit(None, 1)
    return bool(words) and words[-1].lower().endswith(_LABEL_SUFFIXES)  # "(No.", "ID-Nr."


# a phone number's groups before its last ("Tel. +49 89 636 12345", "Tel.: 089 / 636
# 12345", "+49 89 63612345"): after a phone label, or a country code at a word's start
_PHONE_BEFORE = re.compile(
    r"(?:\b(?:Tel|Telefon|Telephone|Phone|Fax|Telefax|Tél|Tlf|Tfn|Mobil|Mobile)\.?:?[ ]?"
    r"|(?<![\w)+])\+\d{1,3}[ ])(?:\(0\)[ ]?)?(?:\d+(?:[ ]?[/-][ ]?|[ ]))*$"
)
_PHONE_HINTS = ("+", "Tel", "Tél", "Fax", "Phone", "Mobil", "Tlf", "Tfn")
# an identifier printed in spaced groups, which the 24 characters before a number may not
# hold whole: "IBAN DE89 3704 0044 0532 0130 00", "RCS Paris 552 100 554", "SIREN 552 100 554"
_ID_SPACED = re.compile(
    r"(?:\bIBAN:?[ ]?[A-Z]{2}\d\d|\b(?:SIREN|SIRET|RCS(?:[ ][A-Z][a-z]+)?)(?:[ ]?(?:No\.|n°|:))?)"
    r"(?:[ ][\dA-Z]{1,5})*[ ]$"
)
# a journal citation's volume and pages after its year: "N Engl J Med 2026;394:1120-1131"
_CITATION_BEFORE = re.compile(r"\b(?:1[89]|20)\d\d;(?:\d+(?:\(\d+\))?:\d+-)?$")
# the street a number is the address on: "1100 Binney Street", "120 East 42nd Street"
_STREET_AFTER = re.compile(
    r" (?:(?:[NSEW]\.|[A-Z][A-Za-z'-]+|\d+(?:st|nd|rd|th)) ){1,3}(?:Street|St\.|Avenue|Ave\."
    r"|Road|Rd\.|Boulevard|Blvd\.|Drive|Lane|Way|Place|Parkway|Pkwy\.|Court|Square|Plaza"
    r"|Highway|Terrace|Circle)(?![A-Za-z])"
)
# a US state's postal code before a ZIP code: "Philadelphia, PA 19107"
_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH"
    "|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR"
)
_ZIP_BEFORE = re.compile(rf"\b(?:{_STATES}),?[ ]$")


# metrics a report may glue to their figure with a hyphen or a dash ("EBITDA-1,200",
# "EPS–2.15"): a label, no code's letters
_METRIC_NAMES = """EBITDA EBITDAR EBITA EBIT EBT EPS DPS FCF OCF NOI FFO AFFO ARR MRR GMV AUM AUA
NAV TVL NII NIM ROE ROA ROIC ROCE TSR LTV CAC ACV TCV DAU MAU WAU COGS OPEX CAPEX RWA CET NPL
TBV BVPS RPO NRR GRR"""
_METRIC_LABELS = frozenset(_METRIC_NAMES.split())


def _metric_glued(label: str, num: str) -> bool:
    """Whether ``label`` (what ``_ID_LABEL`` found before ``num``) is a word glued to a
    figure by a hyphen rather than a code's letters: a metric's name ("EBITDA-1200",
    "EPS-2.15"), or capitals alone ("ABC-", never "VLX418-") before a number with a
    thousands separator (no code groups its digits so); "SKU-12345", "ABC-1234" and
    "EIP-1559" stay identifiers."""
    word = label[:-1]
    if not (label.endswith("-") and word.isalpha() and word.isupper()):
        return False
    return word in _METRIC_LABELS or "," in num


def _metric_number(label: str, num: str) -> bool:
    """Whether ``label`` is a lower-case "number" before a figure no identifier is printed
    as: a decimal or a grouped number ("the magic number 0.97", "index number 318.2"); an
    identifier after "number" is a whole digit run ("account number 4417"), and a capital
    "Number" or "No." still names one."""
    return label.startswith("number") and ("." in num or "," in num)


def _run_end(text: str, end: int) -> int:
    """Where the digit run that goes on at ``end`` ends (digits, and a comma or a point
    between digits): what the first pass (``number_places``) lists as one run."""
    n = len(text)
    while end < n and (
        text[end].isdigit() or (text[end] in ",." and end + 1 < n and text[end + 1].isdigit())
    ):
        end += 1
    return end


def _code_end(text: str, end: int) -> int:
    """Where the identifier whose digits go on at ``end`` ends: its digit run, and the runs
    a hyphen or a slash joins to it ("2095432-58-3", "12.345.678/0001-90", "1,204-1,210")."""
    end = _run_end(text, end)
    while text[end : end + 1] in ("-", "/") and text[end + 1 : end + 2].isdigit():
        end = _run_end(text, end + 1)
    return end


def _identifier(
    text: str, m: re.Match[str], num: str, groups: tuple[str | None, ...]
) -> str | None:
    """Why the number ``m`` read is no figure ("identifier", "locator" or "phone"), or None:
    after a label that names an identifier ("CIK 1045810", "Suite 4100", "#4417",
    "EIP-1559", "HRB 123456") or a place in a document ("Note 2.3", "page 1,204", "version
    26.1"), a ZIP code after a state ("PA 19107"), a street number ("1100 Binney Street"),
    a phone number's group ("Tel. +49 89 636 12345"), the long part of a hyphenated number
    ("13-5581829", an EIN; "333-234567", a registration), a citation's pages
    ("2026;394:1120-1131"), or a scale letter run on into a code ("Rule 12b-1", "Series
    2026B")."""
    pos = m.start()
    if text[pos - 2 : pos] == "[^":
        return "identifier"  # "[^12]": a Markdown footnote's reference
    hyphenated = text[pos - 1 : pos] == "-" and text[pos - 2 : pos - 1].isdigit()
    if hyphenated and num.isdigit() and len(num) >= 5:
        return "identifier"  # "13-5581829", "001-38412"
    sfx = groups[7]
    if sfx:
        after = text[m.end() : m.end() + 2]
        if after[:1] == "-" and after[1:].isdigit():
            return "identifier"  # "Rule 12b-1", "10b5-1"
        if len(num) == 4 and num.isdigit() and 1900 <= int(num) <= 2099 and sfx in "BMKT":
            return "identifier"  # "Series 2026B", "2026M": a year and a letter
    elif (
        num.isdigit()
        and len(num) <= 6
        and text[m.end() : m.end() + 1] == " "
        and text[m.end() + 1 : m.end() + 2].isupper()
        and _STREET_AFTER.match(text, m.end())
    ):
        return "identifier"  # "1100 Binney Street": an address
    before = text[max(0, pos - 24) : pos]
    if not before or before[-1] not in " #-:;":
        return None
    if len(num) == 5 and num.isdigit() and _ZIP_BEFORE.search(before):
        return "identifier"
    label = _ID_LABEL.search(before) if _may_label(before) else None
    # "1,150 MW-1,800 MW": a range from a quantity, no label "EIP-1559" names
    if (
        label is not None
        and label.group()[:-1] not in QUANTITY_UNITS
        and not _metric_glued(label.group(), num)
        and not _metric_number(label.group(), num)
    ):
        return "identifier"
    if (_may_label(before) and _LOCATOR_LABEL.search(before) is not None) or (
        ";" in before and _CITATION_BEFORE.search(before)
    ):
        return "locator"
    if (
        num.isdigit()
        and any(h in before for h in _PHONE_HINTS)
        and _PHONE_BEFORE.search(before) is not None
    ):
        return "phone"
    wide = text[max(0, pos - 48) : pos]
    if ("IBAN" in wide or "SIRE" in wide or "RCS" in wide) and _ID_SPACED.search(wide):
        return "identifier"
    return None


_DIGIT_RUN = re.compile(r"\d[\d,]*(?:\.\d+)*|\.\d+")  # a cheap superset of _FIGURE's numbers


def canonical_digits(number: str) -> str:
    """A number's digits in one spelling: no separators, no trailing decimal zeros, no
    leading zeros ('4,200.50' -> '4200.5', '.5' -> '0.5', '007' -> '7')."""
    t = number.replace(",", "")
    if t.count(".") == 1:
        t = t.rstrip("0").rstrip(".") or "0"
    if len(t) > 1 and t[0] == "0" and t[1] != ".":
        t = t.lstrip("0") or "0"  # '00.5' -> '.5', made '0.5' below
    if t.startswith("."):
        t = "0" + t
    return t


def number_places(text: str) -> dict[str, list[int]]:
    """Where every digit run of ``text`` starts, by its canonical digits: a cheap first
    reading (one pass) for finding where a figure may stand.

    A superset of what :func:`extract` reads (it also lists dates, versions and digit runs
    inside words); the places it points at are confirmed by :func:`extract`, never trusted.
    A run is what ``_DIGIT_RUN`` matches, scanning on from its end; but where a run
    ".12" follows a letter, the scan goes on from its digits ("Rs.12.5" is read with the
    rupee, so "12.5" is a run too). The compiled ``tieout._digitruns`` does the
    reading when it was built (``pip install`` builds it where a C compiler is found);
    :func:`_number_places_python` otherwise, with the same answers. (A figure may also
    start inside a run, after a comma that separates no thousands: see
    :func:`add_odd_comma_places`.)
    """
    return _number_places(text)


# a comma between digits that is no thousands separator: not followed by three digits
# and a non-digit ("1180,5.9%", "1,0.1"); found by its literal first
_ODD_COMMA = re.compile(r",(?<=\d,)(?=\d)(?!\d{3}(?!\d))")
# such a comma before digits the grammar may read as a figure: not one to three digits
# before another such comma ("1,5,6": "5" is the decimals of an unreadable "1,5"), so a
# megabyte of "1,1,1,…" is one C-level scan
_ODD_COMMA_PIECE = re.compile(r",(?<=\d,)(?=\d)(?!\d{3}(?!\d))(?!\d{1,3},\d)")
_RUN_TO_ODD_COMMA = re.compile(r"\d+(?:,\d{3}(?!\d))*(?:\.\d+)*")


def add_odd_comma_places(text: str, places: dict[str, list[int]]) -> None:
    """Add to ``places`` the digits on each side of a comma that separates no thousands:
    the grammar reads "1180" and "5.9%" in "EMEA,1180,5.9%", where a digit run is
    "1180,5.9" (what the lazy reading looks a figure up by must hold its start)."""
    for m in _ODD_COMMA_PIECE.finditer(text):
        c = m.start()
        a = c  # back to the run's start, or to the odd comma before (one piece at most)
        while a > 0 and ("0" <= text[a - 1] <= "9" or text[a - 1] == ","):
            if text[a - 1] == "," and _ODD_COMMA.match(text, a - 1) is not None:
                break
            a -= 1
        while a < c and text[a] == ",":
            a += 1
        right = _RUN_TO_ODD_COMMA.match(text, c + 1)
        pieces = [(a, text[a:c])]
        if right is not None:
            pieces.append((c + 1, right.group()))
        for at, run in pieces:
            if not run:
                continue
            bucket = places.setdefault(canonical_digits(run), [])
            i = bisect_left(bucket, at)
            if i == len(bucket) or bucket[i] != at:
                bucket.insert(i, at)


# a dot leader run straight into a figure ("Total AV.......31,413,227"): the digit runs
# are ".3" and "1,413,227", but the grammar reads "31,413,227" from its first digit
_LEADER_DIGIT = re.compile(r"\.\.(?=\d)")  # (a literal first: the engine scans for it fast)


def add_leader_places(text: str, places: dict[str, list[int]]) -> None:
    """Add to ``places`` the digit run that starts right after a dot leader (two dots or
    more): where the grammar reads the figure a leader runs into ("....2,811.0")."""
    if ".." not in text:
        return
    for m in _LEADER_DIGIT.finditer(text):
        if m.start() > 0 and text[m.start() - 1].isdigit():
            continue  # "1..2": no leader
        at = m.end()
        run = _DIGIT_RUN.match(text, at)
        if run is None:
            continue
        bucket = places.setdefault(canonical_digits(run.group()), [])
        i = bisect_left(bucket, at)
        if i == len(bucket) or bucket[i] != at:
            bucket.insert(i, at)


def _number_places_python(text: str) -> dict[str, list[int]]:
    """:func:`number_places` in Python: the reference the compiled reading is held to."""
    if text.isascii():  # the same runs, found faster in bytes
        parts: list[str] | list[bytes] = _DIGIT_RUN_SPLIT_ASCII.split(text.encode("ascii"))
    else:
        parts = _DIGIT_RUN_SPLIT.split(text)  # text, run, text, run, …: no match objects
    runs = parts[1::2]
    if not runs:
        return {}
    starts = list(accumulate(map(len, parts)))[0::2]  # where each run starts
    if isinstance(runs[0], bytes):
        joined = b"\n".join(runs).replace(b",", b"").decode("ascii")
    else:
        joined = "\n".join(runs).replace(",", "")
    keys = joined.split("\n")
    if _LETTER_DOT_DIGIT.search(text) is not None:
        # after a letter, a run's digits past its point start a run of their own
        # ("Rs.12.5": ".12", then "12.5"), and the scan goes on from there
        keys, starts = [], []
        pos = 0
        while (m := _DIGIT_RUN.search(text, pos)) is not None:
            keys.append(m.group().replace(",", ""))
            starts.append(m.start())
            after_letter = m.start() > 0 and _LETTER_DOT_DIGIT.match(text, m.start() - 1)
            pos = m.start() + 1 if m.group()[0] == "." and after_letter else m.end()
    places: dict[str, list[int]] = {}
    get = places.get
    for key, start in zip(keys, starts, strict=False):  # runs hold no newline
        first = key[0]
        if first == "0" or first == "." or (key[-1] == "0" and "." in key):
            key = canonical_digits(key)  # otherwise its digits are its canonical form
        bucket = get(key)
        if bucket is None:
            places[key] = [start]
        else:
            bucket.append(start)
    return places


_DIGIT_RUN_SPLIT = re.compile(f"({_DIGIT_RUN.pattern})")
_LETTER_DOT_DIGIT = re.compile(r"[A-Za-z]\.\d")
_DIGIT_RUN_SPLIT_ASCII = re.compile(rb"([0-9][0-9,]*(?:\.[0-9]+)*|\.[0-9]+)")


def sorted_values(keys: Iterable[str]) -> list[float]:
    """The values of ``number_places`` keys (those with one decimal point at most) as
    floats, sorted and once each: what the gate brackets a rounding's candidates with.
    Compiled with the digit runs; :func:`_sorted_values_python` otherwise."""
    return _sorted_values(keys)


def _sorted_values_python(keys: Iterable[str]) -> list[float]:
    """:func:`sorted_values` in Python: the reference the compiled one is held to."""
    return sorted({float(k) for k in keys if k.count(".") <= 1})


try:
    from tieout._digitruns import number_places as _number_places
    from tieout._digitruns import sorted_values as _sorted_values
except ImportError:  # installed without a C compiler: the same reading in Python
    _number_places = _number_places_python
    _sorted_values = _sorted_values_python
COMPILED_DIGIT_RUNS = _number_places is not _number_places_python


# What may follow a space or line break inside a match of the grammar, a range
# ("5 -\n6", "$4 to $5") or a prefix: digits and the characters a figure starts with, and
# the words that may follow a number after one space (%, percent, pct, pp, bps, basis
# points, thousand, million, mn, bn, dollars, euros, pounds, yen, "to", "through"), a
# currency code or symbol. Anything else after a space or line break is a clean cut.
# "*": "$4.2 **million**"; "×", "·": "2.5 × 10^6" (the "10" is no figure of its own)
_JOINS_ABOVE = frozenset("0123456789.(-%§$€£¥₹₩₪₺*_×·")
_JOINING_WORDS = (
    "per",
    "pct",
    "pp",
    "bp",
    "basis",
    "thousand",
    "million",
    "billion",
    "trillion",
    "trn",
    "tril",
    "mln",
    "bln",
    "mn",
    "bn",
    "mm",
    "tsd",
    "mio",
    "mrd",
    "lakh",
    "lac",
    "crore",
    "dollar",
    "euro",
    "pound",
    "yen",
    "cent",
    "pence",
    "pc",  # "4.7 pc"
    "p.p",  # "1.2 p.p."
    "b.p",  # "27 b.p."
    "to",
    "through",
    "and",  # "between 3 and 7%"
    "fold",  # "a 3 fold rise": a multiple
)
_JOINING_PREFIXES = tuple(s for s in CURRENCY_SYMBOLS if len(s) > 1)


_SCALE_LETTERS = frozenset("KMB")  # "$4.2 B": a scale a space after an amount ("mm" joins above)


def clean_cut(text: str, pos: int) -> bool:
    """True when no match of the grammar and no range can span position ``pos`` (a word
    or line start): scanning from here reads what a scan of the whole text reads.

    A match holds one white-space character in a row at most, always followed by a
    number or a word that continues it ("5 million", "10 to 20"), and a figure's prefix
    ("$", "USD ", "Section ") stands next to it; so after white space, anything but the
    start of a number or of such a word is a clean cut."""
    if pos <= 0:
        return True
    if text[pos - 1] not in " \n":
        return False
    if pos >= len(text):
        return True
    first = text[pos]
    if first in _JOINS_ABOVE or first == " ":
        return False  # inside a run of spaces: "$    4,200", as filings align a column
    if not first.isalpha():
        return True
    head = text[pos : pos + 8]
    if (first in _SCALE_LETTERS or first in "xX") and not head[1:2].isalnum():
        return False  # "$4.2 B", "2.5 x 10^6"
    return not (
        head.lower().startswith(_JOINING_WORDS)
        or head[:3] in CURRENCY_CODES
        or head.startswith(_JOINING_PREFIXES)
    )


def scan_window(text: str, start: int, end: int) -> list[Figure]:
    """The figures of normalised ``text`` whose match starts in ``[start, end)``, ranges
    linked, no context applied: exactly what :func:`extract` reads there before context,
    when ``start`` and ``end`` are clean cuts (:func:`clean_cut`)."""
    figs = _share_list_scale(text, _link_ranges(text, list(_scan(text, None, start, end))))
    return mark_hedged(text, _link_comparatives(text, figs))


# the words that make a figure an approximation or a bound, right before it (its currency
# symbol or code aside): "about $800 million", "a little over $1 billion", "~40%", "c. 12%",
# "rund 95 Mio. €", ">$50M", "≥ 10%"; each list in the words' own case-insensitive spelling
_APPROX_BEFORE = (
    "about", "approximately", "approximate", "approx.", "approx", "roughly", "around",
    "nearly", "almost", "some", "circa", "ca.", "c.", "close to", "an estimated", "estimated",
    "in the region of", "in the neighborhood of", "in the neighbourhood of",
    # German, French, Swedish, Dutch, Spanish, Portuguese, Italian
    "rund", "etwa", "ungefähr", "zirka", "knapp", "environ", "près de", "autour de",
    "approximativement", "cirka", "omkring", "ungefär", "knappt", "närmare", "ongeveer",
    "aproximadamente", "alrededor de", "cerca de",
)  # fmt: skip
_BOUND_BEFORE = (
    "more than", "less than", "fewer than", "greater than", "higher than", "lower than",
    "over", "under", "above", "below", "upwards of", "upward of", "north of", "south of",
    "in excess of", "up to", "at least", "at most", "as much as", "as many as", "as high as",
    "as low as", "maximum of", "minimum of", "capped at", "exceed", "exceeds", "exceeded",
    "exceeding", "surpassing", "to exceed", "not exceed", "not to exceed", "shall not exceed",
    "will not exceed", "may not exceed", "does not exceed", "may exceed", "could exceed",
    "über", "mehr als", "weniger als", "bis zu", "mindestens", "höchstens", "plus de",
    "moins de", "au moins", "au plus", "jusqu'à", "över", "mer än", "mindre än", "drygt",
    "upp till", "minst", "högst", "meer dan", "minder dan", "más de", "menos de", "mais de",
    "oltre",
)  # fmt: skip
_BOUND_SYMBOLS = "<>≤≥⩽⩾‹"


def _hedge_words(words: Iterable[str]) -> str:
    return "|".join(
        re.escape(w).replace(r"\ ", r"[^\S\n]+") for w in sorted(words, key=len, reverse=True)
    )


# the last word of each ("than", "of", "about"): a cheap test before the pattern is tried
_HEDGE_ENDS = frozenset(
    w.split()[-1].lower().rstrip(".") for w in (*_APPROX_BEFORE, *_BOUND_BEFORE, "an aggregate of")
)
# ... those a hedge of one word ends with ("about", "over"), and the last two words of the
# longer ones ("capped at", "up to", "aggregate of"): "stood at $4.2 million" is no hedge,
# and most figures of a draft follow an "at", "of" or "to"
_HEDGE_SOLO = frozenset(
    w.lower().rstrip(".") for w in (*_APPROX_BEFORE, *_BOUND_BEFORE) if len(w.split()) == 1
)
_HEDGE_PAIRS = frozenset(
    (w.split()[-2].lower(), w.split()[-1].lower().rstrip("."))
    for w in (*_APPROX_BEFORE, *_BOUND_BEFORE)
    if len(w.split()) > 1
) | frozenset((w, "of") for w in ("aggregate", "total", "maximum", "combined", "amount"))
_HEDGE_BEFORE = re.compile(
    rf"(?:(?<![^\W\d_])(?i:{_hedge_words(_APPROX_BEFORE + _BOUND_BEFORE)})"
    # "up to an aggregate of $850 million", "not to exceed a total of $40 million"
    r"(?:[^\S\n]+(?i:an?|the)[^\S\n]+(?i:aggregate|total|maximum|combined)"
    r"(?:[^\S\n]+(?i:amount))?[^\S\n]+(?i:of))?"
    rf"|~|≈|[{_BOUND_SYMBOLS}]=?)[^\S\n]?$"
)
# the same right after a figure: "$25 million or more", "120%+", "$25 million-plus",
# "$1.1 billion (approx.)", "$1.1 billion, approximately.", "$5.5M (est.)"; a "+" only
# where it adds nothing ("3x+ gross", never "4,200+300" nor "$4M + $1M")
_HEDGE_AFTER = re.compile(
    r"\+(?![\w+]|[^\S\n]*[\d$€£¥(+\-])"
    r"|-(?i:plus)\b"
    r"|[^\S\n]+(?i:or[^\S\n]+(?:more|less|greater|fewer|higher|lower|above|below|over|under)"
    r"|and[^\S\n]+(?:above|over|up|upwards?|higher|greater|more))\b"
    # "$302 billion and change": a little more ("and change management" is no hedge)
    r"|[^\S\n]+(?i:and[^\S\n]+change)\b(?!-|[^\S\n]+(?i:management|control|orders?|requests?)\b)"
    r"|[^\S\n]*\((?i:approx\.?|approximately|est\.?|estimated|max\.?|maximum|min\.?|minimum)\)"
    r"|(?:,[^\S\n]*(?i:approx\.|approximately)|[^\S\n]+(?i:or[^\S\n]+so))"
    r"(?=[^\S\n]*(?:[.;:,)\]]|$))",
    re.MULTILINE,
)
_APPROX = frozenset(
    " ".join(w.split()).strip(".") for w in (*_APPROX_BEFORE, "~", "≈", "(approx.)", "(est.)")
) | frozenset({"approx", "(approx)", "(approximately)", "(est)", "(estimated)", "or so"})
_FILLER = re.compile(r" (?:an?|the) (?:aggregate|total|maximum|combined)(?: amount)? of$")


_HEDGED_MARKS = frozenset("$€£¥₹₩₪₺")
# a band a figure is the middle or an end of: "mid-3%", "high-17%", "low-2%"
_BAND_BEFORE = re.compile(r"(?<![\w-])(?i:low|mid|high)-$")
# the hedges that bound a figure rather than round it: "more than 4,000" is no "4,000"
# however many digits it has; "approximately 18,450 square feet" is a lease's exact area
BOUND_WORDS = frozenset(" ".join(w.split()) for w in _BOUND_BEFORE) | frozenset(
    {"or more", "or less", "and above", "and change", "+", "-plus"}
)


def is_bound(hedged: str) -> bool:
    """Whether the hedge words ``hedged`` (a :attr:`Figure.hedged`) bound the figure ("more
    than", ">", "up to an aggregate of", "or more", "+") rather than round it ("about",
    "~", "(approx.)"): a bound is never the figure, however many digits it has."""
    said = _FILLER.sub("", " ".join(hedged.lower().split())).lstrip(", ")
    return bool(said) and said not in _APPROX and said.strip(".") not in _APPROX


def hedged_phrase(fig: Figure) -> str:
    """How a hedged ``fig`` is stated, its hedge words in their place: "about $800 million",
    "$25 million or more", "120%+"."""
    h = fig.hedged
    if not h:
        return fig.text
    if h[0] in "+-,(" or h.lower().startswith(("or ", "or\t", "and ", "and\t")):
        return f"{fig.text}{'' if h[0] in '+-,' else ' '}{h}"
    return f"{h}{'' if h[0] in _BOUND_SYMBOLS or h[-1] == '-' else ' '}{fig.text}"


def _end_letters(token: str) -> str:
    """The letters (and apostrophes: "jusqu'à") a token ends with ("(cap" → "cap", "cap,"
    → "")."""
    if token.isalpha():
        return token
    i = len(token)
    while i > 0 and (token[i - 1].isalpha() or token[i - 1] == "'"):
        i -= 1
    return token[i:]


def _may_hedge(text: str, k: int) -> bool:
    """Whether the word or mark that ends at ``k`` (a space aside) can end a hedge."""
    j = k - 1 if text[k - 1] == "\n" else k  # "a little over\n$1 billion", as a line wraps
    j = j - 1 if j > 0 and text[j - 1] in " \t" else j
    if j <= 0:
        return False
    c = text[j - 1]
    if c in _BOUND_SYMBOLS or c in "~≈=":
        return True
    if c == ".":
        j -= 1
    if j <= 0 or not (text[j - 1].isalpha() or text[j - 1] == "'"):
        return False
    words = text[max(0, j - 60) : j].lower().rsplit(None, 1)  # the last two, read cheaply
    last = _end_letters(words[-1])
    if last not in _HEDGE_ENDS:
        return False
    if last in _HEDGE_SOLO:
        return True
    return len(words) > 1 and (_end_letters(words[0]), last) in _HEDGE_PAIRS


def _symbol_hedge(text: str, at: int) -> bool:
    """Whether the "<", ">" (or "≥" …) at ``at`` compares the figure after it: not the end
    of a tag ("<td>4,200"), an arrow ("->", "=>"), nor a Markdown quote ("> Revenue …")."""
    if text[at] != ">":
        return not (at > 0 and text[at - 1] == "<")  # "<<"
    if at > 0 and text[at - 1] in "-=>":
        return False
    line = text.rfind("\n", 0, at) + 1
    if not text[line:at].strip(" \t>"):
        return False  # a Markdown block quote
    lt = text.rfind("<", max(line, at - 200), at)
    if lt >= 0 and lt + 1 < at and (text[lt + 1].isalpha() or text[lt + 1] in "/!"):
        return ">" in text[lt + 1 : at]  # "<td>" ends a tag; "<b>x</b> > 5" does not
    return True


_SPELLED_BEFORE: frozenset[str] | None = None


def _spelled_before(text: str, k: int) -> int:
    """Where the words end that a contract spells a figure out in before giving it in
    digits: "not exceed One Billion Two Hundred Million U.S. Dollars ($1,200,000,000)",
    with ``k`` the place of "("; -1 when no number words stand there."""
    global _SPELLED_BEFORE
    if _SPELLED_BEFORE is None:
        from tieout.wordnumbers import NUMBER_WORDS

        _SPELLED_BEFORE = frozenset(
            {*NUMBER_WORDS, *CURRENCY_WORDS, *CURRENCY_ADJECTIVES, "u.s.", "us", "percent"}
        )
    line = max(text.rfind("\n", 0, k) + 1, k - 160)
    start, numbered = -1, False
    for m in reversed(list(re.finditer(r"\S+", text[line:k]))):
        parts = [p for p in m.group().lower().rstrip(",").split("-") if p]
        if not parts or not all(p in _SPELLED_BEFORE for p in parts):
            break
        start = line + m.start()
        numbered = numbered or any(p not in CURRENCY_WORDS for p in parts)
    return start if numbered else -1


def mark_hedged(text: str, figs: list[Figure]) -> list[Figure]:
    """``figs`` with each figure ``text`` states as an approximation or a bound marked
    ``hedged`` with those words ("about $800 million", "a little over $1 billion", "~40%",
    ">$50M", "$25 million or more", "120%+"): a draft that states it exactly states more
    than the source."""
    out = figs
    for i, f in enumerate(figs):
        start = f.span[0]
        if f.kind == "section":
            continue
        hedge = None
        if start > 0:
            k = start
            while (
                k > start - 4 and k > 0 and (text[k - 1] in _HEDGED_MARKS or text[k - 1].isupper())
            ):
                k -= 1  # "about $800", "about US$800", "about USD800": past the currency
            if k > 0 and _may_hedge(text, k):
                hedge = _HEDGE_BEFORE.search(text, max(0, k - 32), k)
            if (
                hedge is not None
                and hedge.group()[0] in _BOUND_SYMBOLS
                and not _symbol_hedge(text, hedge.start())
            ):
                hedge = None
            if hedge is None and text[k - 1 : k] == "(":
                words = _spelled_before(text, k - 1)
                if words > 0 and _may_hedge(text, words):
                    hedge = _HEDGE_BEFORE.search(text, max(0, words - 32), words)
            if hedge is None and text[k - 1 : k] == "-":
                # "in the mid-3% range", "up low-2%", "a high-$20s price": a band around
                # the figure, never the figure itself
                hedge = _BAND_BEFORE.search(text, max(0, k - 6), k)
        if hedge is None and f.span[1] < len(text):
            c = text[f.span[1]]
            # each hedge after a figure opens with "+", "-", "(", "," or a space
            if c in "+-(," or (c != "\n" and c.isspace()):
                hedge = _HEDGE_AFTER.match(text, f.span[1])
        if hedge is not None:
            if out is figs:
                out = list(figs)
            out[i] = replace(f, hedged=hedge.group().strip())
    return out


# a draft's figure that names a threshold: "a 90% approval bar", "the $5 million cap"
_THRESHOLD_AFTER = re.compile(
    r"[^\S\n]+(?:[A-Za-z]+[^\S\n]+)?"
    r"(?i:bar|threshold|cap|ceiling|floor|limit|hurdle|minimum|maximum)(?![\w-])"
)


# ... or before it: "the cap is $5 million", "a threshold of 10%", "Hurdle: 8%"
_THRESHOLD_BEFORE = re.compile(
    r"(?<![\w-])(?<!(?i:market)[^\S\n])(?i:bar|threshold|cap|ceiling|floor|limit|hurdle)"
    r"(?:[^\S\n]+(?i:is|was|of|at|remains|stays|stood\ at|set\ at))?[^\S\n]*:?[^\S\n]*$"
)
# between two statements of one figure: "at most 4.00:1.00, or 4.0x", "over $5 million ("
_RESTATED = re.compile(r",?[^\S\n]*(?:\(|(?i:or)[^\S\n]+)")


def mark_draft_hedges(text: str, figs: list[Figure]) -> list[Figure]:
    """``figs`` of a draft with each figure that names a threshold ("a 90% approval bar",
    "the $5 million cap") marked ``hedged`` with that word, as a bound is, and each that
    restates a hedged figure ("at most 4.00:1.00, or 4.0x") with its hedge: a source's
    "90%+ approval" or "shall not exceed 4.00 to 1.00" states that. (For a draft only: in a
    source, "the $5 million cap" states the figure exactly.)"""
    out = list(figs)
    for i, f in enumerate(out):
        if f.hedged or f.kind == "section":
            continue
        after = text[f.span[1] : f.span[1] + 1]
        m = _THRESHOLD_AFTER.match(text, f.span[1]) if after.isspace() and after != "\n" else None
        if m is None and f.span[0] > 0:
            m = _THRESHOLD_BEFORE.search(text, max(0, f.span[0] - 24), f.span[0])
        if m is not None and "market" not in m.group().lower():  # a market cap is no bound
            out[i] = replace(f, hedged=m.group().split()[-1 if m.start() >= f.span[1] else 0])
            continue
        prev = out[i - 1] if i else None
        if prev is not None and prev.hedged and prev.span[1] < f.span[0]:
            gap = _RESTATED.fullmatch(text, prev.span[1], f.span[0])
            if gap is not None:
                out[i] = replace(f, hedged=prev.hedged)
    return out


def digit_run_spans(text: str) -> list[tuple[int, int]]:
    """The spans of every digit run in ``text`` (see :func:`number_places`)."""
    return [m.span() for m in _DIGIT_RUN.finditer(text)]


def skipped(text: str) -> list[tuple[tuple[int, int], str, str]]:
    """Digit runs in normalised ``text`` that are deliberately not figures, with why:
    ``(span, text, reason)`` where reason is 'version', 'date', 'time', 'phone' or
    'identifier'.

    The gate lists these as carve-outs, so a reviewer sees what was passed over.
    """
    out: list[tuple[tuple[int, int], str, str]] = []
    for _ in _scan(text, out):
        pass
    return out


def parse_amount(text: str) -> Figure | None:
    """The single figure that ``text`` states, or None (used for table cells and claims)."""
    figs = extract(text, context=False)
    return figs[0] if len(figs) == 1 else None


def extract(
    text: str,
    words: bool = False,
    *,
    context: bool = True,
    layout: Layout | None = None,
    default_scale: Decimal | None = None,
    default_currency: str | None = None,
    skips: list[tuple[tuple[int, int], str, str]] | None = None,
    numbers: str = "point",
) -> list[Figure]:
    """Every figure in ``text``, in order, spans in ``text`` as given.

    ``words=True`` adds spelled-out numbers ("forty-two", "1.5 million", "two thirds").
    With ``context`` (the default) scale notes and table columns are applied; pass a
    precomputed ``layout`` (of the normalised text) to avoid reading the structure twice.
    ``default_scale`` and ``default_currency`` apply to bare numbers in tables that carry
    no scale note of their own (a document ingested with ``--scale USD_thousands``).
    ``skips``, when given, receives what :func:`skipped` would return (normalised spans).
    ``numbers`` is the convention ``text`` writes figures in (see :func:`normalize_with_map`):
    "point" (a draft, always), "comma" or "auto" for a source.
    """
    norm = normalize_with_map(text, numbers)
    figs = _link_comparatives(
        norm.text, _share_list_scale(norm.text, _link_ranges(norm.text, list(_scan(norm.text, skips))))
    )
    articles = list(roman_articles(norm.text))
    if articles:
        figs = sorted([*figs, *articles], key=lambda f: f.span)
    if words:
        from tieout.wordnumbers import spelled_figures

        figs = _restated_once(
            norm.text, sorted([*figs, *spelled_figures(norm.text, figs)], key=lambda f: f.span)
        )
    figs = mark_hedged(norm.text, figs)
    if context and (layout is not None or not _no_structure(norm.text)):
        from tieout.layout import apply_context, read_layout

        lay = layout if layout is not None else read_layout(norm.text)
        figs = apply_context(
            lay, figs, default_scale=default_scale, default_currency=default_currency
        )
    if not norm._edits:
        return figs
    return [_to_original(norm, f) for f in figs]


def _restated_once(text: str, figs: list[Figure]) -> list[Figure]:
    """``figs`` without a number written in words that the digits in the bracket next to
    it restate ("five million (5,000,000) shares", "Fifty Thousand Dollars ($50,000)",
    "5,000,000 (five million)"): one figure, the digits, checked once. Where the two
    differ ("five million (4,000,000)") both stay, and each is checked."""
    drop: set[int] = set()
    for k in range(len(figs) - 1):
        a, b = figs[k], figs[k + 1]
        if a.spelled == b.spelled or a.magnitude is None or a.magnitude != b.magnitude:
            continue
        between = text[a.span[1] : b.span[0]]
        if not (between.strip() == "(" or (not between.strip() and b.text.startswith("("))):
            continue
        words, digits = (a, b) if a.spelled else (b, a)
        if (words.kind == digits.kind and words.unit == digits.unit) or (
            words.kind == "number" and words.unit is None and words.scale != ONE
        ):
            drop.add(k if a.spelled else k + 1)
    return [f for k, f in enumerate(figs) if k not in drop] if drop else figs


# An article numbered in Roman numerals ("Article IX", "ARTICLE IV", "Art. XII"), as US
# contracts number theirs; I to XXXIX. A section figure of its own, "IX", never 9: a
# source that names the article so is what confirms it
_ROMAN = r"(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})"
_ROMAN_ARTICLE = re.compile(
    rf"(?<![A-Za-z])(?:Articles?|ARTICLES?|Art\.)[^\S\n]+(?P<num>{_ROMAN})(?![A-Za-z0-9])"
)


def roman_articles(text: str) -> Iterator[Figure]:
    """The articles ``text`` names in Roman numerals, as section figures."""
    if "Art" not in text and "ART" not in text:  # "Article", "ARTICLES", "Art."
        return
    for m in _ROMAN_ARTICLE.finditer(text):
        yield Figure(
            text=m.group(),
            span=m.span(),
            kind="section",
            unit=None,
            value=None,
            section=m.group("num"),
        )


def is_roman(section: str) -> bool:
    """Whether a section figure's number is an article's Roman numeral ("IX")."""
    return section[:1] in ("I", "V", "X")


@lru_cache(maxsize=256)
def _article_named(numeral: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z])(?i:articles?|art\.)[^\S\n]+{numeral}(?![A-Za-z0-9])")


def article_named(text: str, numeral: str) -> str | None:
    """How ``text`` names the article numbered ``numeral`` ("ARTICLE IX"), or None."""
    m = _article_named(numeral).search(text)
    return None if m is None else m.group()


def _no_structure(text: str) -> bool:
    """True when ``text`` can hold no table and no scale note (no pipe, no tab, no run of
    spaces, no note's anchor word), so its layout would give no figure any context."""
    if "|" in text or "\t" in text or "  " in text:
        return False
    # (no shortcut on words: a note's anchor may be "$ million", "USD m", "in TCHF" or "$000")
    from tieout.layout import note_anchor

    return not note_anchor(text, 0, len(text))


def _to_original(norm: Normalized, fig: Figure) -> Figure:
    start, end = norm.span_to_original(*fig.span)
    return replace(fig, span=(start, end), text=norm.original[start:end])
