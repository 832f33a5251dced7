"""Periods: read, compare and describe the span of time a figure belongs to.

One parser serves claims, table headers and prose. Conventions, stated once:

* A fiscal year is named by the calendar year it ends in: with the year starting in
  October, FY2025 is Oct 2024–Sep 2025 (with a January start it is the calendar year).
* ``Q3 2026``, ``H1 2026`` and ``July`` are calendar periods; only ``FY``/``fiscal``
  (or a "Years Ended September 30" heading) makes a period fiscal.
* A date written in words (``December 31, 2025``, ``as of …``) is an *instant*, a balance
  on that day; an ISO date (``2026-07-31``) is a *day*, a one-day flow.
* Two-digit years (FY25, 3Q26, Jul-26) are 2000–2069 below 70, else 1970–1999.

Nothing here guesses: text that does not match the grammar raises
:class:`~tieout.errors.PeriodNotRecognised`. Pure module; it depends only on ``tieout.errors``
and ``dateutil.relativedelta``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from datetime import date, timedelta
from enum import StrEnum

from dateutil.relativedelta import relativedelta

from tieout.errors import ConfigError, InputError, PeriodNotRecognised

__all__ = [
    "Period",
    "Relation",
    "claim_agrees",
    "column_period",
    "dated_heading",
    "find_periods",
    "month_day_heading",
    "parse_dated_period",
    "parse_period",
    "relation",
    "relative_period",
    "section_agrees",
]

_GRANULARITIES = ("day", "month", "quarter", "half", "year", "span", "instant")
# and "unread": a column heading that names a time tieout cannot read ("YTD 2025"); no
# claim agrees with it (see Period.unreadable)
_PART_MONTHS = {"month": 1, "quarter": 3, "half": 6, "year": 12}
_ONE_DAY = timedelta(days=1)
# fmt: off
_NAMES = ("", "January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
            "twenty-six": 26, "fifty-two": 52, "fifty-three": 53}
# fmt: on
_ABBR = tuple(name[:3] for name in _NAMES)
_MONTH_INDEX = {name.lower(): i for i, name in enumerate(_ABBR) if name}
_ORDINALS = {"fi": 1, "1s": 1, "se": 2, "2n": 2, "th": 3, "3r": 3, "fo": 4, "4t": 4}
_WEEK_PARTS = {13: "quarter", 14: "quarter", 26: "half", 27: "half", 52: "year", 53: "year"}

# Hints appended to "period 'x' is not recognised; ..."
_NO_YEAR = "it names no year: add one (July 2026, Q2 2026) or pass default_year"
_BAD_QUARTER = "quarters run Q1 to Q4 (Q3 2026, 3Q26, Q3 FY2026)"
_BAD_HALF = "halves run H1 to H2 (H1 2026, 1H26)"
_BAD_MONTH = "months run 01 to 12 (2026-07)"
_BAD_DATE = "that day is not on the calendar"
_BACKWARDS = "the span ends before it starts"
_NO_LENGTH = "say how long the period is (three months ended …, year ended …)"
_DISAGREE = "the period's name and the dates in brackets disagree"

# --- the grammar, shared by parse_period (whole string) and find_periods (prose) ---------
_MONTH_RE = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|{may}|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)
_MON = _MONTH_RE.format(may="may")
_FMON = _MONTH_RE.format(may="(?-i:May|MAY)")  # in prose, 'may' the verb is not a month
_DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?\b"
_Y4 = r"(?:1[89]|2\d)\d\d"
_FYW = r"(?:fy|fiscal(?:[\s-]+years?)?)"
_NUMW = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
    r"|twenty[\s-]six|fifty[\s-]two|fifty[\s-]three)\b"
)
_ORDQ = r"(?:first|second|third|fourth|1st|2nd|3rd|4th)"
_ORDH = r"(?:first|second|1st|2nd)"
_ENDED_HEAD = (
    rf"(?:fiscal\s+)?(?:years?|quarters?|half[\s-]?years?|month)"
    rf"|(?:\d{{1,2}}|{_NUMW})[\s-]+(?:months?|weeks?)"
)


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_ISO_DAY = _rx(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})")
_ISO_MONTH = _rx(r"(?P<y>\d{4})-(?P<m>\d{1,2})")
_MDY = _rx(rf"(?P<mon>{_MON})\s*(?P<d>{_DAY}),?\s*(?P<y>{_Y4})?")
_DMY = _rx(rf"(?P<d>{_DAY})[\s-]*(?P<mon>{_MON})(?:[\s,-]*(?P<y>{_Y4}))?")
_MONTH_YEAR = _rx(
    rf"(?:month\s+of\s+)?(?P<mon>{_MON})(?:[\s,]*(?P<y>{_Y4})|\s*[-'/]\s*(?P<yy>\d\d))?"
)
_FISCAL_YEAR = _rx(rf"(?P<fy>{_FYW})[\s'-]*(?P<y>{_Y4}|\d\d)")
_CAL_YEAR = _rx(
    rf"(?:(?:cy|calendar(?:\s+year)?|(?:full[\s-])?year)\s*)?(?P<y>{_Y4})|cy\s*'?(?P<yy>\d\d)"
)
_AS_OF = _rx(r"(?:as\s+(?:of|at)|at|balance\s+(?:as\s+of|at))\s+(?P<date>.+)")
_ENDED = _rx(
    rf"(?P<fiscal>fiscal\s+)?(?:(?P<unit>years?|quarters?|half[\s-]?years?|month|periods?)"
    rf"|(?P<n>\d{{1,2}}|{_NUMW})[\s-]+(?P<per>months?|weeks?))\s+end(?:ed|ing)\s+(?P<date>.+)"
)
_BRACKET = re.compile(r"(?P<head>[^()]+?)\s*\((?P<inner>[^()]+)\)")
_BETWEEN = _rx(r"between\s+(.+?)\s+and\s+(.+)")
_SPAN_SEP = re.compile(r"\s*(?:\.\.|–)\s*|\s+(?:to|through|thru|until|-)\s+")
_LEAD = re.compile(r"^(?:(?:for|in|during|over|from)\s+)?(?:the\s+)?")


def _part_patterns(kind: str) -> tuple[re.Pattern[str], ...]:
    """Quarter or half forms: Q3 2026, 3Q26, Q3 FY2026, FY26 Q3, 2026-Q3, third quarter, Q3."""
    letter, idx, ords, noun = (
        ("q", "[1-4]", _ORDQ, "quarter")
        if kind == "quarter"
        else ("h", "[12]", _ORDH, r"half(?:[\s-]year)?")
    )
    code = rf"(?:{letter}(?P<i>{idx})|(?P<j>{idx}){letter})"
    year = rf"(?P<y>{_Y4}|'?\d\d)"
    return tuple(
        _rx(p)
        for p in (
            rf"{code}[\s'-]*(?:(?P<fy>{_FYW})[\s'-]*)?{year}",
            rf"(?P<fy>{_FYW})[\s'-]*{year}[\s,-]*{code}",
            rf"(?P<y>{_Y4})[\s-]*{letter}(?P<i>{idx})",
            rf"(?P<o>{ords})\s+(?P<fy1>fiscal\s+)?{noun}(?:\s+(?:of\s+)?(?:(?P<fy>{_FYW})[\s'-]*)?{year})?",
            code,
        )
    )


_PARTS = {kind: _part_patterns(kind) for kind in ("quarter", "half")}

# The first months of a year, as interim statements head their year-to-date columns:
# "9M 2025", "9M25", "9M FY2025", "Nine months 2025", "first six months of 2025", "12M 2025"
_FIRST_MONTHS = _rx(
    rf"(?:(?:the\s+)?first\s+)?(?:(?P<n>1[0-2]|0?[1-9])\s*m|(?P<w>{_NUMW})[\s-]+months?)"
    rf"(?:\s+of)?[\s'-]*(?:(?P<fy>{_FYW})[\s'-]*)?(?P<y>{_Y4}|\d\d)"
)
# a year to date that names where it ends: "YTD Q3 2025", "Q3 2025 YTD", "YTD Sep 2025"
_YTD = _rx(
    r"(?:ytd|year[\s-]+to[\s-]+date)\s+(?P<a>.+)|(?P<b>.+?)\s+(?:ytd|year[\s-]+to[\s-]+date)"
)
# a split year, as British, Indian and Japanese filers and American states and cities
# name a fiscal year: "2025/26", "FY2025/26", "FY25/26", "2025/2026", "FY 2026-27",
# "fiscal year 2025-26", "2025-26" (the year it ends in names it; a bare hyphenated pair
# ends in two digits: "2025-2026" may be two calendar years)
_SPLIT_YEAR = _rx(
    rf"(?:(?P<fy>{_FYW})[\s'-]*|(?={_Y4}))(?P<y1>{_Y4}|\d\d)\s*(?P<sep>[/\-–])\s*(?P<y2>{_Y4}|\d\d)"
)
# two months, quarters or halves joined by a hyphen: "Jan-Sep 2025", "Oct-Dec 2025", "Q1-Q3 2025"
_NAME_RANGE = _rx(rf"(?P<a>{_MON}|q[1-4]|h[12])\s*-\s*(?P<b>(?:{_MON}|q[1-4]\b|h[12]\b).*)")


def _build_finder() -> re.Pattern[str]:
    mon, day, y4 = _FMON, _DAY, _Y4
    iso = rf"{y4}-(?:0[1-9]|1[0-2])-(?:3[01]|[12]\d|0[1-9])"
    dated = rf"(?:{mon}\s*{day},?\s*{y4}|{day}[\s-]*{mon}[\s,-]*{y4}|{iso})"
    date_or_day = rf"(?:{dated}|{mon}\s+{day})"
    after = r"(?:(?<=\bin )|(?<=\bfor )|(?<=\bof )|(?<=\bduring )|(?<=\bsince )|(?<=\bby ))"
    alternatives = (
        rf"{dated}\s*(?:\.\.|[–—]|\s(?:to|through|until|-)\s)\s*{dated}",  # span
        rf"(?:{_ENDED_HEAD})\s+end(?:ed|ing)\s+{date_or_day}",  # ... ended <date>
        rf"as\s+(?:of|at)\s+{date_or_day}",  # as of <date>
        dated,  # a single date
        rf"(?:q[1-4]|[1-4]q)[\s'-]*{_FYW}[\s'-]*(?:{y4}|\d\d)",  # Q3 FY2026
        rf"(?:h[12]|[12]h)[\s'-]*{_FYW}[\s'-]*(?:{y4}|\d\d)",  # H1 FY2026
        rf"{_FYW}[\s'-]*(?:{y4}|\d\d)[\s-]*(?:q[1-4]|[1-4]q|h[12]|[12]h)\b",  # FY26 Q3
        rf"(?:q[1-4]|[1-4]q|h[12]|[12]h)(?:[\s-]*{y4}|\s*'\d\d|\d\d)",  # Q3 2026, 3Q26
        rf"{y4}[\s-]*(?:q[1-4]|h[12])\b",  # 2026-Q3
        rf"{_ORDQ}\s+(?:fiscal\s+)?quarter(?:\s+(?:of\s+)?(?:{_FYW}[\s'-]*)?(?:{y4}|'\d\d))?",
        rf"{_ORDH}\s+(?:fiscal\s+)?half(?:[\s-]year)?(?:\s+(?:of\s+)?(?:{_FYW}[\s'-]*)?(?:{y4}|'\d\d))?",
        rf"{_FYW}[\s'-]*(?:{y4}|\d\d)\s*[/\-–]\s*(?:{y4}|\d\d)\b(?![/\-–]\d)",  # FY 2026-27
        rf"{y4}\s*/\s*(?:{y4}|\d\d)\b(?!/\d)|{y4}[\-–]\d\d\b(?![\-–/]\d)",  # 2025/26, 2025-26
        rf"{_FYW}[\s'-]*(?:{y4}|\d\d)\b",  # FY2025, fiscal 2019
        rf"{mon}(?:[\s,]*{y4}|\s*[-']\s*\d\d\b)",  # July 2026, Jul-26
        rf"{y4}-(?:0[1-9]|1[0-2])\b(?!-\d)",  # 2026-07
        rf"{mon}\s+{day}",  # July 31 (default year)
        rf"(?:cy|calendar(?:\s+year)?|full[\s-]year)\s*'?{y4}",  # calendar 2026
        rf"{after}(?:19|20)\d\d(?![.,]\d)",  # in 2026
        r"q[1-4]|h[12]",  # Q2 (default year)
        r"(?-i:January|February|March|April|June|July|August|September|October|November"
        r"|December|JANUARY|FEBRUARY|MARCH|APRIL|JUNE|JULY|AUGUST|SEPTEMBER|OCTOBER"
        r"|NOVEMBER|DECEMBER)\b",
        rf"{after}(?-i:May)\b",
    )
    return _rx(rf"(?<![\w$£€¥])(?=[0-9acdefhjmnoqsty])(?:{'|'.join(alternatives)})(?![\w%])")


_FINDER = _build_finder()

# Heading words above a table column that, joined to the column's header, make a period.
_CUE = _rx(
    rf"(?:{_ENDED_HEAD})\s+end(?:ed|ing)(?:\s+{_MON}\s*{_DAY},?)?"
    rf"|as\s+(?:of|at)(?:\s+{_MON}\s*{_DAY},?)?|{_FYW}|{_MON}\s*{_DAY},?"
)
_FOOTNOTE = _rx(r"\s*(?:\((?:\d{1,2}|[a-z]|unaudited|as\s+restated|restated)\)|[*†‡]+)\s*$")
# the accounting basis a group of columns is reported on, above or beside their periods
# ("Statutory (SAP) 9M 2026", "GAAP Q3 2026", "Q3 2026 (IFRS)"): no part of the period
_BASIS_WORD = r"(?:statutory|stat|sap|(?:u\.?s\.?\s+)?gaap|ifrs|(?:as\s+)?reported)"
_BASIS = _rx(
    rf"^(?:\(?{_BASIS_WORD}\)?(?:\s+basis)?[\s:/,-]+)+(?=\w)"
    rf"|(?<=\w)(?:[\s,-]+\(?{_BASIS_WORD}\)?(?:\s+basis)?)+$"
)
_BARE_YEAR = re.compile(r"\s*\d{4}\s*")


# --- the value ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Period:
    """A span of days (``start``..``end``, both inclusive) or an instant, with its kind."""

    start: date
    end: date
    granularity: str
    label: str = ""
    fiscal: bool = False

    def __post_init__(self) -> None:
        if self.granularity not in _GRANULARITIES and self.granularity != "unread":
            raise PeriodNotRecognised(
                self.label,
                hint=f"granularity {self.granularity!r} is not one of {', '.join(_GRANULARITIES)}",
            )
        if self.start > self.end:
            raise PeriodNotRecognised(self.label or f"{self.start}..{self.end}", hint=_BACKWARDS)
        if self.granularity == "instant" and self.start != self.end:
            raise PeriodNotRecognised(self.label, hint="an instant starts and ends on the same day")

    @property
    def instant(self) -> bool:
        """True for a balance "as of" a date."""
        return self.granularity == "instant"

    @property
    def months(self) -> int:
        """Length in whole months (Jul 1–Sep 30 is 3); 0 for instants, days and ragged spans."""
        if self.granularity in ("instant", "day"):
            return 0
        after = self.end + _ONE_DAY
        n = (after.year - self.start.year) * 12 + after.month - self.start.month
        return n if n >= 1 and after - relativedelta(months=n) == self.start else 0

    @classmethod
    def unreadable(cls, label: str) -> Period:
        """The period of a column headed by a time tieout cannot read ("YTD 2025", "LTM
        Q3 2025"): it stands for no dates, and no claim agrees with it (fail closed)."""
        return cls(date.min, date.min, "unread", label)

    @property
    def unread(self) -> bool:
        """True for :meth:`unreadable`'s period, whose dates mean nothing."""
        return self.granularity == "unread"

    def describe(self) -> str:
        """Human text for messages, which :func:`parse_period` reads back to the same dates
        (an unread heading's aside)."""
        g, s, e = self.granularity, self.start, self.end
        if g == "unread":
            return f'"{self.label}" (a heading tieout does not read as a period)'
        if g == "instant":
            return _day_text(s)
        if g == "day":
            return s.isoformat()
        if not self.fiscal and g in _PART_MONTHS and _infer(s, e) == g:
            if g == "month":
                return f"{_NAMES[s.month]} {s.year}"
            if g == "year":
                return str(s.year)
            letter = "Q" if g == "quarter" else "H"
            return f"{letter}{(s.month - 1) // _PART_MONTHS[g] + 1} {s.year} ({_range_text(s, e)})"
        if self.fiscal and g == "year":
            if _is_unanchored_fiscal_year(self) and _is_split_year(self):
                return f"FY{e.year - 1}/{e.year % 100:02d}"  # its months unknown
            return f"FY{e.year} ({_range_text(s, e)})"
        if g in ("quarter", "half"):
            head = (
                _fiscal_name(self.label, g)
                or f"{'quarter' if g == 'quarter' else 'half-year'} ended {_day_text(e)}"
            )
            return f"{head} ({_range_text(s, e)})"
        return f"{_day_text(s)}–{_day_text(e)}"

    @classmethod
    def from_dates(cls, start: date, end: date, label: str = "") -> Period:
        """A period from its first and last day; a calendar month is a "month", and so on."""
        if start > end:
            raise PeriodNotRecognised(label or f"{start}..{end}", hint=_BACKWARDS)
        return cls(start, end, _infer(start, end), label)


class Relation(StrEnum):
    """How period ``a`` sits relative to period ``b``."""

    EQUAL = "equal"
    CONTAINS = "contains"
    WITHIN = "within"
    OVERLAPS = "overlaps"
    ADJACENT = "adjacent"
    DISJOINT = "disjoint"


def relation(a: Period, b: Period) -> Relation:
    """Relation of ``a`` to ``b`` by their days: ``CONTAINS`` means ``a`` contains ``b``."""
    if (a.start, a.end) == (b.start, b.end):
        return Relation.EQUAL
    if a.start <= b.start and b.end <= a.end:
        return Relation.CONTAINS
    if b.start <= a.start and a.end <= b.end:
        return Relation.WITHIN
    if a.start <= b.end and b.start <= a.end:
        return Relation.OVERLAPS
    if a.end + _ONE_DAY == b.start or b.end + _ONE_DAY == a.start:
        return Relation.ADJACENT
    return Relation.DISJOINT


def claim_agrees(claim: Period, stated: Period) -> bool:
    """Whether a claim for ``claim`` agrees with a figure the document states for ``stated``.

    Equal periods agree; a balance (instant) agrees with a claim whose period ends that day;
    a column headed by a bare year ("2019") agrees with any twelve-month claim ending in
    that year, since such headers often stand for a fiscal year; so does one headed by a
    fiscal year whose start the document never names ("FY25", "Fiscal 2025"): the
    fiscal year a registry sets for the metric (October to September, say) is that year.
    A split year whose months are not known ("FY 2026-27", "2025/26") agrees only with a
    twelve-month claim running from its first year into its second (Jul 2026–Jun 2027,
    Apr 2026–Mar 2027), never with a calendar year.
    """
    if stated.unread or claim.unread:
        return False
    if _is_unanchored_fiscal_year(stated) and _is_split_year(stated):
        # "FY 2026-27" with its months unknown: a year from 2026 into 2027, never Jan–Dec
        twelve = claim.months == 12 or (
            claim.fiscal and 364 <= (claim.end - claim.start).days + 1 <= 371
        )
        return twelve and claim.start.year + 1 == claim.end.year == stated.end.year
    if relation(claim, stated) is Relation.EQUAL:
        return True
    if stated.instant:
        return claim.end == stated.start
    if _is_bare_year(stated) or _is_unanchored_fiscal_year(stated):
        twelve = claim.months == 12 or (
            claim.fiscal and 364 <= (claim.end - claim.start).days + 1 <= 371
        )
        return twelve and stated.start <= claim.end <= stated.end
    return False


def section_agrees(claim: Period, heading: Period) -> bool:
    """Whether a claim for ``claim`` agrees with a figure dated only by the heading of its
    section (a slide "Q4 2025 at a glance", a block "Full-year 2025").

    As :func:`claim_agrees`, and also a balance claimed on the heading's last day: a
    quarter's slide shows its closing cash, and a heading names the period, not the day.
    """
    if claim_agrees(claim, heading):
        return True
    return claim.start == claim.end == heading.end


# --- the public readers ---------------------------------------------------------------------
def parse_period(
    text: str, *, fiscal_year_start_month: int = 1, default_year: int | None = None
) -> Period:
    """Read one period from the whole of ``text``; raise PeriodNotRecognised if it is not one."""
    _check_start_month(fiscal_year_start_month)
    ctx = _Ctx(fiscal_year_start_month, default_year, text)
    return _parse(_normalise(text), ctx)


_DATES_FIX = (
    "give the month its fiscal year starts (--fiscal-year-start 4 for April to March) or its "
    "dates (--period-start and --period-end)"
)


def parse_dated_period(
    text: str, *, fiscal_year_start_month: int = 1, fix: str = _DATES_FIX
) -> Period:
    """Read a period whose dates must be known, as a registry entry's or a document's.

    ``parse_period`` reads a split year ("FY 2026-27", "2025/26") with no start month as a
    fiscal year whose months are unknown, which a statement in a document may be; a
    period given to tieout must say its months, so such a year is refused with ``fix``
    (``{first}`` and ``{last}`` in it become the dates of an April-to-March year)."""
    period = parse_period(text, fiscal_year_start_month=fiscal_year_start_month)
    if _is_unanchored_fiscal_year(period) and _is_split_year(period):
        year = period.end.year
        raise InputError(
            f"period {text!r} names two calendar years, and its months depend on when the "
            f"fiscal year starts: "
            + fix.format(first=f"{year - 1}-04-01", last=f"{year}-03-31")
        )
    return period


def find_periods(
    text: str, *, default_year: int | None = None, fiscal_year_start_month: int = 1
) -> list[tuple[tuple[int, int], Period]]:
    """Period expressions in prose, in order, as ``((start, end), Period)``; longest match wins.

    Expressions with no recoverable year ("for July" without ``default_year``) are skipped.
    """
    _check_start_month(fiscal_year_start_month)
    found: list[tuple[tuple[int, int], Period]] = []
    for m in _FINDER.finditer(text):
        period = _found(m.group(), fiscal_year_start_month, default_year)
        if period is not None:
            found.append((m.span(), period))
    return found


@functools.lru_cache(maxsize=8192)
def _found(phrase: str, fsm: int, default_year: int | None) -> Period | None:
    """One phrase ``find_periods`` matched, read (cached: prose repeats its periods)."""
    try:
        return _parse(_normalise(phrase), _Ctx(fsm, default_year, phrase))
    except PeriodNotRecognised:
        return None


# a prior period named relative to the document's own, right after a figure: "up from
# $764 million last quarter", "$572 million a year ago", "in the prior-year quarter" (not
# "last year", which an annual report's letter says of the year it reports)
_RELATIVE = _rx(
    r"\s*,?\s*(?:(?:in|for|during)\s+)?(?:the\s+)?(?:"
    r"(?P<q>(?:last|previous|prior|preceding|sequential)\s+quarter)"
    r"|(?P<y>(?:a|one)\s+year\s+(?:ago|earlier|before)"
    r"|(?:prior|previous|preceding)[\s-]year(?:'s)?(?:\s+(?:quarter|period|year))?"
    r"|year[\s-](?:ago|earlier)(?:\s+(?:quarter|period))?"
    r"|same\s+(?:quarter|period|month)\s+(?:(?:of\s+)?last|a|of\s+the\s+(?:prior|previous))\s+year))"
    r"(?![\w-])"
)


def relative_period(after: str, own: Period | None) -> Period | None:
    """The prior period ``after`` (the text right after a figure) names relative to the
    document's own period ``own``: "last quarter" in a Q3 2025 release is Q2 2025, "a year
    ago" Q3 2024. None when ``after`` names none; when ``own`` is unknown, or no quarter
    for "last quarter", a period no claim agrees with (the figure is a prior one's)."""
    m = _RELATIVE.match(after)
    if m is None:
        return None
    phrase = " ".join(m.group(m.lastgroup or 0).split())
    if own is None or own.unread or own.granularity in ("instant", "day"):
        return Period.unreadable(phrase)
    if m["q"] and own.months != 3:
        return Period.unreadable(phrase)
    back = relativedelta(months=3 if m["q"] else 12)
    start = own.start - back
    end = own.end + _ONE_DAY - back - _ONE_DAY
    return Period(start, end, own.granularity, phrase, own.fiscal)


_MONTH_DAY_ONLY = _rx(rf"^\s*{_MON}\s+{_DAY}\s*,?\s*$")


def month_day_heading(text: str) -> bool:
    """Whether ``text`` is a month and day with no year ("December 31,", "Sept. 30"): the
    first line of a balance sheet's column heading, whose year stands on the line below."""
    return _MONTH_DAY_ONLY.match(text) is not None


def column_period(
    header: str, context: str = "", *, fiscal_year_start_month: int = 1
) -> Period | None:
    """The period of a table column from its header cell and the heading text above it, or None.

    ``column_period('2019', 'Years Ended September 30,')`` is Oct 2018–Sep 2019 (fiscal);
    ``column_period('2025', 'December 31,')`` is the instant 31 Dec 2025; a header that is
    not a period ('Revenue', '% change', '2019 vs 2018') gives None.
    """
    head = " ".join(header.split())
    while (stripped := _FOOTNOTE.sub("", head)) != head:
        head = stripped
    head = _BASIS.sub("", head)
    if not head:
        return None
    cues = list(_CUE.finditer(context))
    attempts = [f"{cues[-1].group()} {head}"] if cues else []
    for attempt in [*attempts, head]:
        try:
            return parse_period(attempt, fiscal_year_start_month=fiscal_year_start_month)
        except PeriodNotRecognised:
            continue
    return None


_DIGIT_RUN = re.compile(r"\d+")


def heading_years(text: str) -> int | None:
    """How many years ``text`` names when every run of digits in it is a year or at most
    two digits long, as a column heading's are ("Q3 2025", "1-3 years", "2023-25"); None
    when one is longer (an amount's digits). Decimals are the caller's to rule out."""
    runs = _DIGIT_RUN.findall(text)
    years = sum(len(r) == 4 and r[:2] in ("19", "20") for r in runs)
    return years if years + sum(len(r) <= 2 for r in runs) == len(runs) else None


def dated_heading(text: str) -> bool:
    """Whether ``text`` is a heading that names a year, words or marks around it ("YTD
    2025", "LTM Q3 2025", "2025E", "2025 vs 2024", "Pro forma 2025"), whether or not it
    reads as a period: every run of digits in it a year or at most two digits long."""
    if not re.search(r"[^\d\s]", text) or re.search(r"[%$€£¥]|\d[.,]\d", text):
        return False
    return bool(heading_years(text))  # no decimals here: those returned above


# --- the machinery --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Ctx:
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
            raise self.fail(_NO_YEAR)
        return self.default_year


def _check_start_month(month: int) -> None:
    if not (isinstance(month, int) and 1 <= month <= 12):
        raise ConfigError(f"fiscal_year_start_month must be a month number 1–12, not {month!r}")


def _normalise(text: str) -> str:
    s = " ".join(str(text).split()).lower()
    s = s.replace("\u2019", "'").replace("\u2018", "'")
    for dash in ("\u2012", "\u2014", "\u2015"):
        s = s.replace(dash, "\u2013")
    return s.rstrip(".,;: ").strip()


def _parse(s: str, ctx: _Ctx) -> Period:
    if not s:
        raise ctx.fail()
    if m := _BRACKET.fullmatch(s):
        return _bracketed(m["head"], m["inner"], ctx)
    s = _LEAD.sub("", s, count=1)
    if (split := _hyphen_split_year(s, ctx)) is not None:  # no span of '2025' to '26'
        return split
    if m := _BETWEEN.fullmatch(s):
        return _span(m[1], m[2], ctx)
    parts = _SPAN_SEP.split(s)
    if len(parts) == 1 and (m := _NAME_RANGE.fullmatch(s)):
        parts = [m["a"], m["b"]]
    if len(parts) == 2:
        return _span(parts[0], parts[1], ctx)
    if len(parts) > 2:
        raise ctx.fail()
    return _single(s, ctx)


def _bracketed(head: str, inner: str, ctx: _Ctx) -> Period:
    """'Q1 FY2026 (Oct–Dec 2025)': the brackets give the dates, the name the kind."""
    dates = _parse(inner, ctx)
    best: tuple[int, Period] | None = None
    for month in (ctx.fsm, *range(1, 13)):
        named = _parse(head, replace(ctx, fsm=month))
        gap = max(abs((named.start - dates.start).days), abs((named.end - dates.end).days))
        if best is None or gap < best[0]:
            best = (gap, named)
        if gap == 0 or not named.fiscal:
            break
    if best is None or best[0] > 7:  # 52/53-week years end within a week of the month end
        raise ctx.fail(_DISAGREE)
    named = best[1]
    return Period(dates.start, dates.end, named.granularity, ctx.label, named.fiscal)


def _span(left_text: str, right_text: str, ctx: _Ctx) -> Period:
    right = _single(right_text, ctx)
    try:
        left = _single(left_text, ctx)
    except PeriodNotRecognised as exc:  # 'Apr–Jun 2026': the left side takes the right's year
        if exc.hint != _NO_YEAR:
            raise
        left = _single(left_text, replace(ctx, default_year=right.end.year))
        if left.start > right.end:
            left = _single(left_text, replace(ctx, default_year=right.end.year - 1))
    if left.start > right.end:
        raise ctx.fail(_BACKWARDS)
    return Period.from_dates(left.start, right.end, ctx.label)


def _single(s: str, ctx: _Ctx) -> Period:
    if (split := _hyphen_split_year(s, ctx)) is not None:  # '2025-26' is no month 26
        return split
    if m := _AS_OF.fullmatch(s):
        day = _date_of(m["date"], ctx)
        return Period(day, day, "instant", ctx.label)
    if m := _ENDED.fullmatch(s):
        return _ended(m, ctx)
    if m := _ISO_DAY.fullmatch(s):
        day = _make_date(int(m["y"]), int(m["m"]), int(m["d"]), ctx)
        return Period(day, day, "day", ctx.label)
    if m := _ISO_MONTH.fullmatch(s):
        if not 1 <= int(m["m"]) <= 12:
            raise ctx.fail(_BAD_MONTH)
        return _month_period(int(m["y"]), int(m["m"]), ctx)
    if m := _MONTH_YEAR.fullmatch(s):
        return _month_period(ctx.year(m["y"] or m["yy"]), _month(m["mon"]), ctx)
    if (m := _MDY.fullmatch(s)) or (m := _DMY.fullmatch(s)):
        day = _make_date(ctx.year(m["y"]), _month(m["mon"]), int(re.sub(r"\D", "", m["d"])), ctx)
        return Period(day, day, "instant", ctx.label)
    for kind, patterns in _PARTS.items():
        for pattern in patterns:
            if m := pattern.fullmatch(s):
                return _part(kind, m, ctx)
    if m := _FISCAL_YEAR.fullmatch(s):
        start = _fiscal_start(ctx.year(m["y"]), ctx.fsm)
        return Period(start, _add_months(start, 12), "year", ctx.label, fiscal=True)
    if m := _CAL_YEAR.fullmatch(s):
        year = ctx.year(m["y"] or m["yy"])
        return Period(date(year, 1, 1), date(year, 12, 31), "year", ctx.label)
    if m := _FIRST_MONTHS.fullmatch(s):
        return _first_months(m, ctx)
    if (m := _SPLIT_YEAR.fullmatch(s)) and m["sep"] == "/":
        return _split_year(m, ctx)
    if m := _YTD.fullmatch(s):
        return _to_date(_single(m["a"] or m["b"], ctx), ctx)
    if re.search(r"(?<![a-z])q\s*[05-9]|(?<![\d-])[05-9]\s*q(?![a-z])", s):
        raise ctx.fail(_BAD_QUARTER)
    if re.search(r"(?<![a-z])h\s*[03-9]|(?<![\d-])[03-9]\s*h(?![a-z])", s):
        raise ctx.fail(_BAD_HALF)
    raise ctx.fail()


def _ended(m: re.Match[str], ctx: _Ctx) -> Period:
    """'three months ended September 30, 2026', 'fiscal year ended …', '52 weeks ended …'."""
    end = _date_of(m["date"], ctx)
    after = end + _ONE_DAY
    fiscal = bool(m["fiscal"])
    if unit := m["unit"]:
        if unit.startswith("p"):
            raise ctx.fail(_NO_LENGTH)
        granularity = {"y": "year", "q": "quarter", "h": "half", "m": "month"}[unit[0]]
        start = after - relativedelta(months=_PART_MONTHS[granularity])
    else:
        word = re.sub(r"[\s-]+", "-", m["n"])
        n = int(word) if word.isdigit() else _NUMBERS[word]
        if not 1 <= n <= 60:
            raise ctx.fail(_NO_LENGTH)
        if m["per"].startswith("w"):
            start = after - timedelta(weeks=n)
            granularity = _WEEK_PARTS.get(n, "span")
            fiscal = fiscal or granularity != "span"
        else:
            start = after - relativedelta(months=n)
            granularity = {1: "month", 3: "quarter", 6: "half"}.get(n) or _infer(start, end)
    if granularity in ("quarter", "half", "year") and _infer(start, end) != granularity:
        fiscal = True
    return Period(start, end, granularity, ctx.label, fiscal)


def _part(kind: str, m: re.Match[str], ctx: _Ctx) -> Period:
    groups = m.groupdict()
    index = int(groups.get("i") or groups.get("j") or _ORDINALS[(groups.get("o") or "")[:2]])
    year = ctx.year(groups.get("y"))
    step = _PART_MONTHS[kind]
    fiscal = bool(groups.get("fy") or groups.get("fy1"))
    first = _fiscal_start(year, ctx.fsm) if fiscal else date(year, 1, 1)
    start = first + relativedelta(months=step * (index - 1))
    return Period(start, _add_months(start, step), kind, ctx.label, fiscal)


def _first_months(m: re.Match[str], ctx: _Ctx) -> Period:
    """'9M 2025', 'Nine months 2025': the first n months of the (fiscal) year."""
    word = re.sub(r"[\s-]+", "-", (m["w"] or "").lower())
    n = int(m["n"]) if m["n"] else _NUMBERS.get(word, 0)
    if not 1 <= n <= 12:
        raise ctx.fail(_NO_LENGTH)
    fiscal = bool(m["fy"])
    start = _fiscal_start(ctx.year(m["y"]), ctx.fsm) if fiscal else date(ctx.year(m["y"]), 1, 1)
    end = _add_months(start, n)
    granularity = {1: "month", 3: "quarter", 6: "half", 12: "year"}.get(n, "span")
    return Period(start, end, granularity, ctx.label, fiscal)


def _hyphen_split_year(s: str, ctx: _Ctx) -> Period | None:
    """'FY 2026-27', 'fiscal year 2025-26', '2025-26': a split year written with a hyphen
    or a dash, or None when ``s`` is none (two years not in a row, '2026-07' a month)."""
    m = _SPLIT_YEAR.fullmatch(s)
    if m is None or m["sep"] == "/":
        return None
    if not m["fy"] and (len(m["y1"]) != 4 or len(m["y2"]) != 2 or 1 <= int(m["y2"]) <= 12):
        return None  # '2025-2026' may be two calendar years, '2011-12' is December 2011
    if ctx.year(m["y2"]) != ctx.year(m["y1"]) + 1:
        return None
    return _split_year(m, ctx)


def _split_year(m: re.Match[str], ctx: _Ctx) -> Period:
    """'2025/26', 'FY2025/26', 'FY 2026-27': the fiscal year that ends in the second year.
    Its months are the registry's fiscal year; with none given (a January start), a fiscal
    year ending in that year whose start tieout does not know (see :func:`claim_agrees`)."""
    first, second = ctx.year(m["y1"]), ctx.year(m["y2"])
    if second != first + 1:
        raise ctx.fail("a split year names two years in a row (2025/26)")
    start = _fiscal_start(second, ctx.fsm)
    return Period(start, _add_months(start, 12), "year", ctx.label, fiscal=True)


def _to_date(end: Period, ctx: _Ctx) -> Period:
    """'YTD Q3 2025': from the start of the (fiscal) year to the end of ``end``."""
    if end.granularity not in ("month", "quarter", "half"):
        raise ctx.fail(_NO_LENGTH)
    start = _fiscal_start(end.end.year, ctx.fsm) if end.fiscal else date(end.end.year, 1, 1)
    if start > end.start:
        start = start - relativedelta(years=1)
    granularity = _infer(start, end.end)
    return Period(start, end.end, granularity, ctx.label, end.fiscal)


def _date_of(text: str, ctx: _Ctx) -> date:
    s = text.strip(" ,")
    if m := _ISO_DAY.fullmatch(s):
        return _make_date(int(m["y"]), int(m["m"]), int(m["d"]), ctx)
    if (m := _MDY.fullmatch(s)) or (m := _DMY.fullmatch(s)):
        return _make_date(ctx.year(m["y"]), _month(m["mon"]), int(re.sub(r"\D", "", m["d"])), ctx)
    raise ctx.fail()


def _make_date(year: int, month: int, day: int, ctx: _Ctx) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise ctx.fail(_BAD_MONTH if not 1 <= month <= 12 else _BAD_DATE) from None


def _month(name: str) -> int:
    return _MONTH_INDEX[name.rstrip(".")[:3].lower()]


def _month_period(year: int, month: int, ctx: _Ctx) -> Period:
    start = date(year, month, 1)
    return Period(start, _add_months(start, 1), "month", ctx.label)


def _add_months(start: date, n: int) -> date:
    """The last day of the ``n`` months beginning at ``start``."""
    return start + relativedelta(months=n) - _ONE_DAY


def _fiscal_start(fiscal_year: int, start_month: int) -> date:
    """First day of a fiscal year, named by the calendar year it ends in."""
    return date(fiscal_year if start_month == 1 else fiscal_year - 1, start_month, 1)


def _infer(start: date, end: date) -> str:
    if start == end:
        return "day"
    if start.day != 1 or (end + _ONE_DAY).day != 1:
        return "span"
    n = (end.year - start.year) * 12 + end.month - start.month + 1
    if n == 1:
        return "month"
    if n == 3 and start.month in (1, 4, 7, 10):
        return "quarter"
    if n == 6 and start.month in (1, 7):
        return "half"
    if n == 12 and start.month == 1:
        return "year"
    return "span"


def _is_bare_year(p: Period) -> bool:
    return (
        p.granularity == "year"
        and not p.fiscal
        and _BARE_YEAR.fullmatch(p.label) is not None
        and _infer(p.start, p.end) == "year"
    )


_ANY_MONTH = _rx(_MON)
# a document's statement of the month its fiscal year ends: "Fiscal year ends January 31.",
# "our fiscal year ending January 31", "Fiscal year end: September 30"
_FY_ENDS = _rx(
    rf"\bfiscal\s+year\s+(?:ends?|ending|ended)\s*:?\s+(?:on\s+)?(?:the\s+last\s+day\s+of\s+)?"
    rf"(?P<mon>{_MON})"
)
_MONTH_NUMBERS = {
    m: i
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}


def declared_fiscal_start(text: str) -> int | None:
    """The month a document's fiscal year starts in, where the document states the month
    it ends in ("Fiscal year ends January 31.": 2, February), or None: never stated, or
    stated twice with different months."""
    if "iscal" not in text and "ISCAL" not in text:
        return None
    starts = {_MONTH_NUMBERS[m.group("mon")[:3].lower()] % 12 + 1 for m in _FY_ENDS.finditer(text)}
    return starts.pop() if len(starts) == 1 else None


def anchor_fiscal(p: Period, start_month: int) -> Period:
    """``p`` read on the fiscal year a document declares (starting in ``start_month``),
    where ``p`` was read from a label that names a fiscal period with no month ("Q3 FY26",
    "FY26", "H1 FY26") on a fiscal year taken to start in January; else ``p`` itself."""
    if not p.fiscal or start_month == 1 or _ANY_MONTH.search(p.label) is not None:
        return p
    if p.start.month not in (1, 4, 7, 10) or p.start.day != 1:
        return p  # read on another start month already ("Years Ended June 30")
    try:
        anchored = parse_period(p.label, fiscal_year_start_month=start_month)
    except PeriodNotRecognised:
        return p
    if not anchored.fiscal or anchored.granularity != p.granularity:
        return p
    return anchored


def _is_unanchored_fiscal_year(p: Period) -> bool:
    """A fiscal year read without the month it starts in ("FY25", "Fiscal 2025"), so
    taken to start in January: when the fiscal year really starts is the document's
    secret (a "Year Ended June 30, 2025" names it, and is not this)."""
    return (
        p.granularity == "year"
        and p.fiscal
        and (p.start.month, p.start.day) == (1, 1)
        and _infer(p.start, p.end) == "year"
        and _ANY_MONTH.search(p.label) is None
    )


def _is_split_year(p: Period) -> bool:
    """A fiscal year named by the two calendar years it spans ("FY 2026-27", "2025/26")."""
    m = _SPLIT_YEAR.search(_normalise(p.label))
    return m is not None and p.fiscal and p.granularity == "year"


def _fiscal_name(label: str, kind: str) -> str | None:
    """'Q3 FY2026' when ``label`` names a fiscal quarter/half compactly, else None."""
    s = _normalise(label)
    for pattern in _PARTS[kind]:
        m = pattern.fullmatch(s)
        groups = m.groupdict() if m else {}
        if (groups.get("fy") or groups.get("fy1")) and groups.get("y"):
            index = groups.get("i") or groups.get("j") or str(_ORDINALS[groups["o"][:2]])
            year = _Ctx(1, None, label).year(groups["y"])
            return f"{'Q' if kind == 'quarter' else 'H'}{index} FY{year}"
    return None


def _day_text(d: date) -> str:
    return f"{d.day} {_ABBR[d.month]} {d.year}"


def _range_text(start: date, end: date) -> str:
    if start.day != 1 or (end + _ONE_DAY).day != 1:
        return f"{_day_text(start)}–{_day_text(end)}"
    if (start.year, start.month) == (end.year, end.month):
        return f"{_ABBR[start.month]} {start.year}"
    if start.year == end.year:
        return f"{_ABBR[start.month]}–{_ABBR[end.month]} {end.year}"
    return f"{_ABBR[start.month]} {start.year}–{_ABBR[end.month]} {end.year}"
