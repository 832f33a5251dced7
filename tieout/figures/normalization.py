"""Normalisation: the text a figure is read from, and the way back to the original.

NFKC, digits of any script, curly quotes, dashes and the minus sign, odd spaces and
zero-width characters are folded, so no figure can hide behind formatting; digit groups
typeset with a thin space, an apostrophe or an underscore are joined by a comma; a text of
the comma convention has each number's separators swapped (see ``conventions``), one
character for one, so every span stays put.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from tieout.figures.conventions import NUMBER_RUN, comma_number_at, resolve_numbers

__all__ = ["Normalized", "normalize", "normalize_with_map"]


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


_SWAP = str.maketrans(".,", ",.")


def _swap_separators(norm: Normalized, mapped: bool = True) -> Normalized:
    """``norm`` (a text of the comma convention, its spaced groups joined by points) with
    the point and the comma of each number swapped ("1.234.567,89" -> "1,234,567.89",
    "3,5 %" -> "3.5 %"), one character for one: every position stays where it was. What
    is no number of the convention is left as it is (see :func:`comma_number_at`).
    ``mapped``: record each swapped separator, so figures show the text as written."""
    text = norm.text
    pieces: list[str] = []
    swapped: list[int] = []
    last = 0
    for m in NUMBER_RUN.finditer(text):
        start = m.start()
        token = m.group()
        if not comma_number_at(text, start, token):
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


def normalize(text: str, numbers: str = "point", *, reading: bool = True) -> str:
    """The normalised text alone (see :func:`normalize_with_map`)."""
    return normalize_with_map(text, numbers, mapped=False, reading=reading).text
