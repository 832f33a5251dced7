"""Fiscal calendars a document declares: "Fiscal year ends January 31."

``declared_fiscal_start`` reads the month a document's fiscal year starts in;
``anchor_fiscal`` reads a fiscal period named without its months ("Q3 FY26") on it.
``declared_calendar`` reads the days a document's fiscal years end on ("for the fiscal
year ended November 29, 2024", "Years Ended December 1, 2023"), a 52/53-week calendar's
too, and :class:`FiscalCalendar` reads "2024" and "Fiscal 2024" on them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from dateutil.relativedelta import relativedelta

from tieout.errors import PeriodNotRecognised
from tieout.periods.grammar import parse_period, weeks_back
from tieout.periods.patterns import ANY_MONTH, BARE_YEAR, MON, ONE_DAY, Y4, rx
from tieout.periods.period import Period, is_unanchored_fiscal_year

__all__ = [
    "FiscalCalendar",
    "anchor_fiscal",
    "declared_calendar",
    "declared_fiscal_start",
    "period_calendar",
]


# a document's statement of the month its fiscal year ends: "Fiscal year ends January 31.",
# "our fiscal year ending January 31", "Fiscal year end: September 30"
_FY_ENDS = rx(
    rf"\bfiscal\s+year\s+(?:ends?|ending|ended)\s*:?\s+(?:on\s+)?(?:the\s+last\s+day\s+of\s+)?"
    rf"(?P<mon>{MON})"
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
    if not p.fiscal or start_month == 1 or ANY_MONTH.search(p.label) is not None:
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


# a year a document says ended on a day: "fiscal year ended November 29, 2024", "Years
# Ended December 1, 2023", "for the year ending May 31, 2025"
_YEAR_ENDED = rx(
    rf"\b(?:fiscal\s+)?years?\s+end(?:ed|ing)\s*:?\s*(?:on\s+)?"
    rf"(?P<date>{MON}\.?\s+\d{{1,2}},?\s+{Y4})"
)
# a fiscal year named beside the day it ended: "fiscal 2024 (ended February 1, 2025)",
# "fiscal year 2024, which ended February 1, 2025"
_NAMED_ENDED = rx(
    rf"\bfiscal\s+(?:year\s+)?(?P<y>{Y4})\s*[,(]?\s*(?:which\s+)?(?:the\s+(?:fiscal\s+)?year\s+)?"
    rf"end(?:ed|ing|s)\s+(?:on\s+)?(?P<date>{MON}\.?\s+\d{{1,2}},?\s+{Y4})"
)
_NEAR = 10  # days two year ends of one calendar may differ by, a year apart (52/53 weeks)


@dataclass(frozen=True, slots=True)
class FiscalCalendar:
    """The days a document's fiscal years end on (one a year), and which calendar year
    names each ("fiscal 2024" ends in 2024, or with ``offset`` 1 in 2025)."""

    ends: tuple[date, ...]
    offset: int = 0

    def year(self, name: int) -> tuple[date, date] | None:
        """The first and last day of the fiscal year named ``name``, or None."""
        end = next((e for e in self.ends if e.year == name + self.offset), None)
        if end is None:
            return None
        before = next((e for e in self.ends if 357 <= (end - e).days <= 378), None)
        if before is not None:
            return before + ONE_DAY, end
        if (end + ONE_DAY).day == 1:
            return end + ONE_DAY - relativedelta(years=1), end
        return weeks_back(end, 12), end

    def _balance(self, p: Period) -> Period:
        return _balance_day(self, p)

    def anchor(self, p: Period) -> Period:
        """``p`` on this calendar where it names a year by its number alone ("2024",
        "Fiscal 2024", "FY24": January to December as read) or a fiscal year ending on one
        of its days whose start is a few days off; else ``p`` itself."""
        if p.granularity == "instant":
            return self._balance(p)
        if p.granularity != "year" or p.unread:
            return p
        named = (p.start.month, p.start.day, p.end.month, p.end.day) == (1, 1, 12, 31) and (
            is_unanchored_fiscal_year(p) or BARE_YEAR.fullmatch(p.label.strip()) is not None
        )
        if named:
            found = self.year(p.end.year)
        elif p.end in self.ends:
            found = self.year(p.end.year - self.offset)
        else:
            return p
        if found is None or found == (p.start, p.end):
            return p
        if not named and abs((found[0] - p.start).days) > _NEAR:
            return p
        return Period(found[0], found[1], "year", p.label, fiscal=True)


def _balance_day(calendar: FiscalCalendar, p: Period) -> Period:
    """An opening or closing balance of a column named by its year alone ("2025" over
    "Balance at beginning of year"), dated on the calendar year's edge, on this calendar's
    year instead; any other instant as it is."""
    name = p.label.strip()
    if BARE_YEAR.fullmatch(name) is None or (p.start.month, p.start.day) != (12, 31):
        return p
    year = int(name)
    if p.start.year != (year - 1 if p.opening else year):
        return p
    found = calendar.year(year)
    if found is None:
        return p
    day = found[0] - ONE_DAY if p.opening else found[1]
    return Period(day, day, "instant", p.label, opening=p.opening)


def period_calendar(period: Period) -> FiscalCalendar | None:
    """The fiscal calendar a document's own period declares (``docs add --period-start
    2023-05-01 --period-end 2025-04-30``): whole years ending at the end of a month that is
    not December, so "2025" in its tables is the year to April 30, 2025; else None."""
    end = period.end
    last = end + ONE_DAY
    if last.day != 1 or end.month == 12 or period.start.day != 1:
        return None
    if (last.month, last.year) != (period.start.month, period.start.year + _years(period)):
        return None  # no whole number of years
    ends = tuple(
        date(y, end.month, 1) + relativedelta(months=1) - ONE_DAY
        for y in range(end.year - 15, end.year + 3)
    )
    return FiscalCalendar(ends)


def _years(period: Period) -> int:
    return max(1, round((period.end - period.start).days / 365.25))


def declared_calendar(text: str, headed: Iterable[Period] = ()) -> FiscalCalendar | None:
    """The fiscal calendar ``text`` declares by the days its years end on, with the years
    its tables' columns head (``headed``), where they all fall within a few days of one
    day of the year that is not December 31; None where it declares none, or no one
    calendar ("year ended June 30" beside "year ended December 31")."""
    if "nded" not in text and "NDED" not in text:
        return None
    found: list[date] = []
    for m in _YEAR_ENDED.finditer(text):
        try:
            found.append(parse_period(m["date"]).end)
        except PeriodNotRecognised:
            continue
    found += [
        p.end
        for p in headed
        if p.granularity == "year" and p.fiscal and not is_unanchored_fiscal_year(p)
    ]
    if not found:
        return None
    common = Counter(found).most_common()
    anchor = common[0][0]
    mine = [d for d in found if _near_in_year(d, anchor)]
    if len(mine) * 4 < len(found) * 3 or (anchor.month, anchor.day) == (12, 31):
        return None
    by_year: dict[int, date] = {}
    for d, _n in common:
        if _near_in_year(d, anchor):
            by_year.setdefault(d.year, d)
    return FiscalCalendar(tuple(sorted(by_year.values())), _offset(text))


def _near_in_year(a: date, b: date) -> bool:
    """Whether ``a`` falls within a few days of ``b``'s day of the year, in any year."""
    for y in (a.year - 1, a.year, a.year + 1):
        try:
            same = b.replace(year=y)
        except ValueError:  # February 29
            continue
        if abs((a - same).days) <= _NEAR:
            return True
    return False


def _offset(text: str) -> int:
    """1 where the document names a fiscal year by the calendar year it starts in
    ("fiscal 2024 (ended February 1, 2025)"), else 0."""
    for m in _NAMED_ENDED.finditer(text):
        try:
            end = parse_period(m["date"]).end
        except PeriodNotRecognised:
            continue
        return 1 if end.year == int(m["y"]) + 1 else 0
    return 0
