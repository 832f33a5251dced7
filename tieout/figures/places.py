"""The lazy reader's door: where every digit run of a text stands (``number_places``,
compiled as ``tieout._digitruns`` where a C compiler was found), the clean cuts a scan may
start from, and the figures of a window read as :func:`extract` reads them.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from itertools import accumulate

from tieout._vocab import CURRENCY_CODES, CURRENCY_SIGNS, CURRENCY_SYMBOLS
from tieout.figures.figure import Figure
from tieout.figures.hedges import mark_hedged
from tieout.figures.ranges import link_comparatives, link_ranges, share_list_scale
from tieout.figures.scan import scan_figures

__all__ = [
    "COMPILED_DIGIT_RUNS",
    "add_leader_places",
    "add_odd_comma_places",
    "canonical_digits",
    "clean_cut",
    "digit_run_spans",
    "number_places",
    "scan_window",
    "sorted_values",
]


_DIGIT_RUN = re.compile(r"\d[\d,]*(?:\.\d+)*|\.\d+")  # a cheap superset of FIGURE's numbers


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
_JOINS_ABOVE = frozenset("0123456789.(-%§*_×·" + CURRENCY_SIGNS)
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
    figs = share_list_scale(text, link_ranges(text, list(scan_figures(text, None, start, end))))
    return mark_hedged(text, link_comparatives(text, figs))


def digit_run_spans(text: str) -> list[tuple[int, int]]:
    """The spans of every digit run in ``text`` (see :func:`number_places`)."""
    return [m.span() for m in _DIGIT_RUN.finditer(text)]
