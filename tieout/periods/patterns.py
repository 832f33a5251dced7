"""The words and patterns both a period and the grammar read labels with.

Month names and their abbreviations, ordinals, the patterns of a fiscal year, a split
year and the parts of a year (quarters, halves), the hints a refusal gives, and the
context a reading carries (the month the fiscal year starts in, the default year).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

from tieout.errors import PeriodNotRecognised

__all__ = [
    "ANY_MONTH",
    "BACKWARDS",
    "BARE_YEAR",
    "FYW",
    "GRANULARITIES",
    "MON",
    "MONTH_ABBR",
    "MONTH_NAMES",
    "MONTH_RE",
    "NO_YEAR",
    "ONE_DAY",
    "ORDH",
    "ORDINALS",
    "ORDQ",
    "PARTS",
    "PART_MONTHS",
    "SPLIT_YEAR",
    "Y4",
    "Context",
    "normalise",
    "rx",
]


GRANULARITIES = ("day", "month", "quarter", "half", "year", "span", "instant")
# and "unread": a column heading that names a time tieout cannot read ("YTD 2025"); no
# claim agrees with it (see Period.unreadable)
PART_MONTHS = {"month": 1, "quarter": 3, "half": 6, "year": 12}
ONE_DAY = timedelta(days=1)
# fmt: off
MONTH_NAMES = ("", "January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")
# fmt: on
MONTH_ABBR = tuple(name[:3] for name in MONTH_NAMES)
ORDINALS = {"fi": 1, "1s": 1, "se": 2, "2n": 2, "th": 3, "3r": 3, "fo": 4, "4t": 4}
# Hints appended to "period 'x' is not recognised; ..."
NO_YEAR = "it names no year: add one (July 2026, Q2 2026) or pass default_year"
BACKWARDS = "the span ends before it starts"
MONTH_RE = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|{may}|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)
MON = MONTH_RE.format(may="may")
Y4 = r"(?:1[89]|2\d)\d\d"
FYW = r"(?:fy|fiscal(?:[\s-]+years?)?)"
ORDQ = r"(?:first|second|third|fourth|1st|2nd|3rd|4th)"
ORDH = r"(?:first|second|1st|2nd)"


def rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _part_patterns(kind: str) -> tuple[re.Pattern[str], ...]:
    """Quarter or half forms: Q3 2026, 3Q26, Q3 FY2026, FY26 Q3, 2026-Q3, third quarter, Q3."""
    letter, idx, ords, noun = (
        ("q", "[1-4]", ORDQ, "quarter")
        if kind == "quarter"
        else ("h", "[12]", ORDH, r"half(?:[\s-]year)?")
    )
    code = rf"(?:{letter}(?P<i>{idx})|(?P<j>{idx}){letter})"
    year = rf"(?P<y>{Y4}|'?\d\d)"
    return tuple(
        rx(p)
        for p in (
            rf"{code}[\s'-]*(?:(?P<fy>{FYW})[\s'-]*)?{year}",
            rf"(?P<fy>{FYW})[\s'-]*{year}[\s,-]*{code}",
            rf"(?P<y>{Y4})[\s-]*{letter}(?P<i>{idx})",
            rf"(?P<o>{ords})\s+(?P<fy1>fiscal\s+)?{noun}(?:\s+(?:of\s+)?(?:(?P<fy>{FYW})[\s'-]*)?{year})?",
            code,
        )
    )


PARTS = {kind: _part_patterns(kind) for kind in ("quarter", "half")}
# a split year, as British, Indian and Japanese filers and American states and cities
# name a fiscal year: "2025/26", "FY2025/26", "FY25/26", "2025/2026", "FY 2026-27",
# "fiscal year 2025-26", "2025-26" (the year it ends in names it; a bare hyphenated pair
# ends in two digits: "2025-2026" may be two calendar years)
SPLIT_YEAR = rx(
    rf"(?:(?P<fy>{FYW})[\s'-]*|(?={Y4}))(?P<y1>{Y4}|\d\d)\s*(?P<sep>[/\-–])\s*(?P<y2>{Y4}|\d\d)"
)
BARE_YEAR = re.compile(r"\s*\d{4}\s*")


@dataclass(frozen=True, slots=True)
class Context:
    """What a reading knows: the month the fiscal year starts in, the year a label that
    names none is in, and the label read (for the refusal)."""

    fsm: int  # first month of the fiscal year
    default_year: int | None
    label: str

    def fail(self, hint: str = "") -> PeriodNotRecognised:
        return PeriodNotRecognised(self.label, hint=hint)

    def year(self, text: str | None) -> int:
        if text:
            digits = text.strip("' ")
            n = int(digits)
            return n if len(digits) == 4 else (2000 + n if n < 70 else 1900 + n)
        if self.default_year is None:
            raise self.fail(NO_YEAR)
        return self.default_year


def normalise(text: str) -> str:
    s = " ".join(str(text).split()).lower()
    s = s.replace("\u2019", "'").replace("\u2018", "'")
    for dash in ("\u2012", "\u2014", "\u2015"):
        s = s.replace(dash, "\u2013")
    s = _ENDED_IN.sub(r"\1 ", s)  # "years ended in December 31": ended December 31
    return s.rstrip(".,;: ").strip()


_ENDED_IN = re.compile(rf"\b(end(?:ed|ing))\s+in\s+(?={MON})")


ANY_MONTH = rx(MON)
