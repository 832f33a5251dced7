"""Number conventions: whether a text writes "1,234.56" (point) or "1.234,56" (comma),
read off its unambiguous figures only.
"""

from __future__ import annotations

import re

from tieout._vocab import CURRENCY_CODES, CURRENCY_SIGNS

__all__ = [
    "CURRENCY_AFTER",
    "CURRENCY_AFTER_PATTERN",
    "NUMBER_CONVENTIONS",
    "NUMBER_RUN",
    "comma_number_at",
    "detect_numbers",
    "resolve_numbers",
]


#: How a text writes its figures: ``"point"`` (1,234.56: a point before the decimals,
#: commas between thousands; what a draft is always read as), ``"comma"`` (1.234,56, also
#: "1 234,56" with thin spaces: European filers), or ``"auto"``: the one the text's own
#: unambiguous figures show (:func:`detect_numbers`).
NUMBER_CONVENTIONS = ("auto", "point", "comma")

_DIGITS_SEPS = frozenset("0123456789.,")
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
NUMBER_RUN = re.compile(r"[0-9]+(?:[.,][0-9]+)+|,(?<=[\s(],)[0-9]+")


def comma_number_at(text: str, start: int, token: str) -> bool:
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
        and CURRENCY_AFTER.match(text, start + len(token)) is None
    ):  # an address writes no leading zero ("1.000.000.000" is a billion) and no currency
        return False
    if before == " " and start >= 2 and text[start - 2].isdigit() and _GROUP_TAIL.match(token):
        k = start - 2
        while k > 0 and text[k - 1].isdigit():
            k -= 1
        if start - 1 - k <= 3 and (k == 0 or text[k - 1] not in _DIGITS_SEPS):
            return False  # "1 234,56" with a plain space: one number or two cells?
    return True


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
    writes; with ``hold``, one that ``normalization._swap_separators`` would read as a
    number (so "192.168.178.100" or "1.234.567.8" says nothing)."""
    for m in pattern.finditer(text):
        if not hold:
            return True
        start = m.start()
        floor = max(0, start - 64)
        while start > floor and text[start - 1] in _DIGITS_SEPS:
            start -= 1
        run = NUMBER_RUN.search(text, start)
        if (
            run is not None
            and run.start() <= m.start() < run.end()
            and comma_number_at(text, run.start(), run.group())
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


CURRENCY_AFTER_PATTERN = (
    rf"[{re.escape(CURRENCY_SIGNS)}]|(?i:CHF|EUR|GBP|USD)\b"  # "3,5 €", "1.234 EUR"
)
CURRENCY_AFTER = re.compile(rf" ?(?:{CURRENCY_AFTER_PATTERN})")
