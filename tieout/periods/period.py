"""A period: its value, how it is described, and when a claim's period agrees with it.

:class:`Period` is a span of days or an instant with its kind; :func:`relation` places
two periods; :func:`claim_agrees` and :func:`section_agrees` are the agreement rules the
checks apply (a balance, a bare year, a fiscal year whose months are unknown).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from dateutil.relativedelta import relativedelta

from tieout.errors import PeriodNotRecognised
from tieout.periods.patterns import (
    ANY_MONTH,
    BACKWARDS,
    BARE_YEAR,
    GRANULARITIES,
    MONTH_ABBR,
    MONTH_NAMES,
    ONE_DAY,
    ORDINALS,
    PART_MONTHS,
    PARTS,
    SPLIT_YEAR,
    Context,
    normalise,
)

__all__ = [
    "Period",
    "Relation",
    "claim_agrees",
    "infer_granularity",
    "is_split_year",
    "is_unanchored_fiscal_year",
    "relation",
    "section_agrees",
]


@dataclass(frozen=True, slots=True)
class Period:
    """A span of days (``start``..``end``, both inclusive) or an instant, with its kind."""

    start: date
    end: date
    granularity: str
    label: str = ""
    fiscal: bool = False
    # an opening balance: the instant the day before a period starts ("Cash at beginning
    # of year"), which a claim for that period may also name
    opening: bool = False

    def __post_init__(self) -> None:
        if self.granularity not in GRANULARITIES and self.granularity != "unread":
            raise PeriodNotRecognised(
                self.label,
                hint=f"granularity {self.granularity!r} is not one of {', '.join(GRANULARITIES)}",
            )
        if self.start > self.end:
            raise PeriodNotRecognised(self.label or f"{self.start}..{self.end}", hint=BACKWARDS)
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
        after = self.end + ONE_DAY
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
        if not self.fiscal and g in PART_MONTHS and infer_granularity(s, e) == g:
            if g == "month":
                return f"{MONTH_NAMES[s.month]} {s.year}"
            if g == "year":
                return str(s.year)
            letter = "Q" if g == "quarter" else "H"
            return f"{letter}{(s.month - 1) // PART_MONTHS[g] + 1} {s.year} ({_range_text(s, e)})"
        if self.fiscal and g == "year":
            if is_unanchored_fiscal_year(self) and is_split_year(self):
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
            raise PeriodNotRecognised(label or f"{start}..{end}", hint=BACKWARDS)
        return cls(start, end, infer_granularity(start, end), label)


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
    if a.end + ONE_DAY == b.start or b.end + ONE_DAY == a.start:
        return Relation.ADJACENT
    return Relation.DISJOINT


def claim_agrees(claim: Period, stated: Period) -> bool:
    """Whether a claim for ``claim`` agrees with a figure the document states for ``stated``.

    Equal periods agree; so does a claim for a 52/53-week year or quarter ending the day it
    ends and starting within a week of its start; a balance (instant) agrees with a claim
    whose period ends that day,
    an opening balance also with one whose period starts the day after, or with a claim
    for that next day ("Balance at January 1, 2026" closes December 31, 2025);
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
    if is_unanchored_fiscal_year(stated) and is_split_year(stated):
        # "FY 2026-27" with its months unknown: a year from 2026 into 2027, never Jan–Dec
        twelve = claim.months == 12 or (
            claim.fiscal and 364 <= (claim.end - claim.start).days + 1 <= 371
        )
        return twelve and claim.start.year + 1 == claim.end.year == stated.end.year
    if relation(claim, stated) is Relation.EQUAL:
        return True
    if _weekly(stated) and claim.end == stated.end:
        # a 52/53-week year or quarter starts the day after the last one ended, which the
        # document may not state: a claim for the same end, its start a few days off
        return claim.start < claim.end and abs((claim.start - stated.start).days) <= 7
    if stated.instant:
        if stated.opening and claim.start < claim.end:
            return claim.end == stated.start or claim.start == stated.start + ONE_DAY
        if stated.opening and claim.end == stated.start + ONE_DAY:
            return True  # the day it is printed as: "Balance at January 1, 2026"
        return claim.end == stated.start
    if _is_bare_year(stated) or is_unanchored_fiscal_year(stated):
        twelve = claim.months == 12 or (
            claim.fiscal and 364 <= (claim.end - claim.start).days + 1 <= 371
        )
        return twelve and stated.start <= claim.end <= stated.end
    return False


def _weekly(p: Period) -> bool:
    """A fiscal year, half or quarter of a 52/53-week calendar: it starts or ends on a day
    that starts or ends no month ("Years Ended November 29, 2025")."""
    return (
        p.fiscal
        and p.granularity in ("year", "half", "quarter")
        and (p.start.day != 1 or (p.end + ONE_DAY).day != 1)
    )


def section_agrees(claim: Period, heading: Period) -> bool:
    """Whether a claim for ``claim`` agrees with a figure dated only by the heading of its
    section (a slide "Q4 2025 at a glance", a block "Full-year 2025").

    As :func:`claim_agrees`, and also a balance claimed on the heading's last day: a
    quarter's slide shows its closing cash, and a heading names the period, not the day.
    """
    if claim_agrees(claim, heading):
        return True
    return claim.start == claim.end == heading.end


def infer_granularity(start: date, end: date) -> str:
    if start == end:
        return "day"
    if start.day != 1 or (end + ONE_DAY).day != 1:
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
        and BARE_YEAR.fullmatch(p.label) is not None
        and infer_granularity(p.start, p.end) == "year"
    )


def is_unanchored_fiscal_year(p: Period) -> bool:
    """A fiscal year read without the month it starts in ("FY25", "Fiscal 2025"), so
    taken to start in January: when the fiscal year really starts is the document's
    secret (a "Year Ended June 30, 2025" names it, and is not this)."""
    return (
        p.granularity == "year"
        and p.fiscal
        and (p.start.month, p.start.day) == (1, 1)
        and infer_granularity(p.start, p.end) == "year"
        and ANY_MONTH.search(p.label) is None
    )


def is_split_year(p: Period) -> bool:
    """A fiscal year named by the two calendar years it spans ("FY 2026-27", "2025/26")."""
    m = SPLIT_YEAR.search(normalise(p.label))
    return m is not None and p.fiscal and p.granularity == "year"


def _fiscal_name(label: str, kind: str) -> str | None:
    """'Q3 FY2026' when ``label`` names a fiscal quarter/half compactly, else None."""
    s = normalise(label)
    for pattern in PARTS[kind]:
        m = pattern.fullmatch(s)
        groups = m.groupdict() if m else {}
        if (groups.get("fy") or groups.get("fy1")) and groups.get("y"):
            index = groups.get("i") or groups.get("j") or str(ORDINALS[groups["o"][:2]])
            year = Context(1, None, label).year(groups["y"])
            return f"{'Q' if kind == 'quarter' else 'H'}{index} FY{year}"
    return None


def _day_text(d: date) -> str:
    return f"{d.day} {MONTH_ABBR[d.month]} {d.year}"


def _range_text(start: date, end: date) -> str:
    if start.day != 1 or (end + ONE_DAY).day != 1:
        return f"{_day_text(start)}–{_day_text(end)}"
    if (start.year, start.month) == (end.year, end.month):
        return f"{MONTH_ABBR[start.month]} {start.year}"
    if start.year == end.year:
        return f"{MONTH_ABBR[start.month]}–{MONTH_ABBR[end.month]} {end.year}"
    return f"{MONTH_ABBR[start.month]} {start.year}–{MONTH_ABBR[end.month]} {end.year}"
