"""The period grammar: reading periods in claims, table headings and prose.

``parse_period`` reads one whole string, ``find_periods`` every period in prose,
``column_period`` a table column's from its header and the heading above it,
``relative_period`` a prior period named after a figure ("last quarter"). Text that does
not match the grammar raises :class:`~tieout.errors.PeriodNotRecognised`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from tieout.errors import ConfigError, InputError, PeriodNotRecognised
from tieout.periods.patterns import (
    BACKWARDS,
    FYW,
    MON,
    MONTH_ABBR,
    MONTH_RE,
    NO_YEAR,
    ONE_DAY,
    ORDH,
    ORDINALS,
    ORDQ,
    PART_MONTHS,
    PARTS,
    SPLIT_YEAR,
    Y4,
    Context,
    normalise,
    rx,
)
from tieout.periods.period import (
    Period,
    infer_granularity,
    is_split_year,
    is_unanchored_fiscal_year,
)

__all__ = [
    "column_period",
    "dated_heading",
    "find_periods",
    "heading_years",
    "month_day_heading",
    "parse_dated_period",
    "parse_period",
    "relative_period",
]


# fmt: off
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
            "twenty-six": 26, "fifty-two": 52, "fifty-three": 53}
# fmt: on
_MONTH_INDEX = {name.lower(): i for i, name in enumerate(MONTH_ABBR) if name}
_WEEK_PARTS = {13: "quarter", 14: "quarter", 26: "half", 27: "half", 52: "year", 53: "year"}
# Hints appended to "period 'x' is not recognised; ..."
_BAD_QUARTER = "quarters run Q1 to Q4 (Q3 2026, 3Q26, Q3 FY2026)"
_BAD_HALF = "halves run H1 to H2 (H1 2026, 1H26)"
_BAD_MONTH = "months run 01 to 12 (2026-07)"
_BAD_DATE = "that day is not on the calendar"
_NO_LENGTH = "say how long the period is (three months ended …, year ended …)"
_DISAGREE = "the period's name and the dates in brackets disagree"
_FMON = MONTH_RE.format(may="(?-i:May|MAY)")  # in prose, 'may' the verb is not a month
_DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?\b"
_NUMW = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
    r"|twenty[\s-]six|fifty[\s-]two|fifty[\s-]three)\b"
)
_ENDED_HEAD = (
    rf"(?:fiscal\s+)?(?:years?|quarters?|half[\s-]?years?|month)"
    rf"|(?:\d{{1,2}}|{_NUMW})[\s-]+(?:months?|weeks?)"
)
_ISO_DAY = rx(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})")
_ISO_MONTH = rx(r"(?P<y>\d{4})-(?P<m>\d{1,2})")
_MDY = rx(rf"(?P<mon>{MON})\s*(?P<d>{_DAY}),?\s*(?P<y>{Y4})?")
_DMY = rx(rf"(?P<d>{_DAY})[\s-]*(?P<mon>{MON})(?:[\s,-]*(?P<y>{Y4}))?")
_MONTH_YEAR = rx(rf"(?:month\s+of\s+)?(?P<mon>{MON})(?:[\s,]*(?P<y>{Y4})|\s*[-'/]\s*(?P<yy>\d\d))?")
_FISCAL_YEAR = rx(rf"(?P<fy>{FYW})[\s'-]*(?P<y>{Y4}|\d\d)")
_CAL_YEAR = rx(
    rf"(?:(?:cy|calendar(?:\s+year)?|(?:full[\s-])?year)\s*)?(?P<y>{Y4})|cy\s*'?(?P<yy>\d\d)"
)
_AS_OF = rx(r"(?:as\s+(?:of|at)|at|balance\s+(?:as\s+of|at))\s+(?P<date>.+)")
_ENDED = rx(
    rf"(?P<fiscal>fiscal\s+)?(?:(?P<unit>years?|quarters?|half[\s-]?years?|month|periods?)"
    rf"|(?P<n>\d{{1,2}}|{_NUMW})[\s-]+(?P<per>months?|weeks?))\s+end(?:ed|ing)\s+(?P<date>.+)"
)
_BRACKET = re.compile(r"(?P<head>[^()]+?)\s*\((?P<inner>[^()]+)\)")
_BETWEEN = rx(r"between\s+(.+?)\s+and\s+(.+)")
_SPAN_SEP = re.compile(r"\s*(?:\.\.|–)\s*|\s+(?:to|through|thru|until|-)\s+")
_LEAD = re.compile(r"^(?:(?:for|in|during|over|from)\s+)?(?:the\s+)?")
# The first months of a year, as interim statements head their year-to-date columns:
# "9M 2025", "9M25", "9M FY2025", "Nine months 2025", "first six months of 2025", "12M 2025"
_FIRST_MONTHS = rx(
    rf"(?:(?:the\s+)?first\s+)?(?:(?P<n>1[0-2]|0?[1-9])\s*m|(?P<w>{_NUMW})[\s-]+months?)"
    rf"(?:\s+of)?[\s'-]*(?:(?P<fy>{FYW})[\s'-]*)?(?P<y>{Y4}|\d\d)"
)
# a year to date that names where it ends: "YTD Q3 2025", "Q3 2025 YTD", "YTD Sep 2025"
_YTD = rx(r"(?:ytd|year[\s-]+to[\s-]+date)\s+(?P<a>.+)|(?P<b>.+?)\s+(?:ytd|year[\s-]+to[\s-]+date)")
# two months, quarters or halves joined by a hyphen: "Jan-Sep 2025", "Oct-Dec 2025", "Q1-Q3 2025"
_NAME_RANGE = rx(rf"(?P<a>{MON}|q[1-4]|h[12])\s*-\s*(?P<b>(?:{MON}|q[1-4]\b|h[12]\b).*)")


def _build_finder() -> re.Pattern[str]:
    mon, day, y4 = _FMON, _DAY, Y4
    iso = rf"{y4}-(?:0[1-9]|1[0-2])-(?:3[01]|[12]\d|0[1-9])"
    dated = rf"(?:{mon}\s*{day},?\s*{y4}|{day}[\s-]*{mon}[\s,-]*{y4}|{iso})"
    date_or_day = rf"(?:{dated}|{mon}\s+{day})"
    after = r"(?:(?<=\bin )|(?<=\bfor )|(?<=\bof )|(?<=\bduring )|(?<=\bsince )|(?<=\bby ))"
    alternatives = (
        rf"{dated}\s*(?:\.\.|[–—]|\s(?:to|through|until|-)\s)\s*{dated}",  # span
        rf"(?:{_ENDED_HEAD})\s+end(?:ed|ing)\s+{date_or_day}",  # ... ended <date>
        rf"as\s+(?:of|at)\s+{date_or_day}",  # as of <date>
        dated,  # a single date
        rf"(?:q[1-4]|[1-4]q)[\s'-]*{FYW}[\s'-]*(?:{y4}|\d\d)",  # Q3 FY2026
        rf"(?:h[12]|[12]h)[\s'-]*{FYW}[\s'-]*(?:{y4}|\d\d)",  # H1 FY2026
        rf"{FYW}[\s'-]*(?:{y4}|\d\d)[\s-]*(?:q[1-4]|[1-4]q|h[12]|[12]h)\b",  # FY26 Q3
        rf"(?:q[1-4]|[1-4]q|h[12]|[12]h)(?:[\s-]*{y4}|\s*'\d\d|\d\d)",  # Q3 2026, 3Q26
        rf"{y4}[\s-]*(?:q[1-4]|h[12])\b",  # 2026-Q3
        rf"{ORDQ}\s+(?:fiscal\s+)?quarter(?:\s+(?:of\s+)?(?:{FYW}[\s'-]*)?(?:{y4}|'\d\d))?",
        rf"{ORDH}\s+(?:fiscal\s+)?half(?:[\s-]year)?(?:\s+(?:of\s+)?(?:{FYW}[\s'-]*)?(?:{y4}|'\d\d))?",
        rf"{FYW}[\s'-]*(?:{y4}|\d\d)\s*[/\-–]\s*(?:{y4}|\d\d)\b(?![/\-–]\d)",  # FY 2026-27
        rf"{y4}\s*/\s*(?:{y4}|\d\d)\b(?!/\d)|{y4}[\-–]\d\d\b(?![\-–/]\d)",  # 2025/26, 2025-26
        rf"{FYW}[\s'-]*(?:{y4}|\d\d)\b",  # FY2025, fiscal 2019
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
    return rx(rf"(?<![\w$£€¥])(?=[0-9acdefhjmnoqsty])(?:{'|'.join(alternatives)})(?![\w%])")


_FINDER = _build_finder()
# Heading words above a table column that, joined to the column's header, make a period.
_CUE = rx(
    rf"(?:{_ENDED_HEAD})\s+end(?:ed|ing)(?:\s+(?:in\s+)?{MON}\s*{_DAY},?)?"
    rf"|as\s+(?:of|at)(?:\s+{MON}\s*{_DAY},?)?|{FYW}|{MON}\s*{_DAY},?"
)
_YEAR_ONLY = rx(r"(?:19|20)\d\d")
_FOOTNOTE = rx(r"\s*(?:\((?:\d{1,2}|[a-z]|unaudited|as\s+restated|restated)\)|[*†‡]+)\s*$")
# the accounting basis a group of columns is reported on, above or beside their periods
# ("Statutory (SAP) 9M 2026", "GAAP Q3 2026", "Q3 2026 (IFRS)"): no part of the period
_BASIS_WORD = r"(?:statutory|stat|sap|(?:u\.?s\.?\s+)?gaap|ifrs|(?:as\s+)?reported)"
_BASIS = rx(
    rf"^(?:\(?{_BASIS_WORD}\)?(?:\s+basis)?[\s:/,-]+)+(?=\w)"
    rf"|(?<=\w)(?:[\s,-]+\(?{_BASIS_WORD}\)?(?:\s+basis)?)+$"
)


def parse_period(
    text: str, *, fiscal_year_start_month: int = 1, default_year: int | None = None
) -> Period:
    """Read one period from the whole of ``text``; raise PeriodNotRecognised if it is not one."""
    _check_start_month(fiscal_year_start_month)
    ctx = Context(fiscal_year_start_month, default_year, text)
    return _parse(normalise(text), ctx)


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
    if is_unanchored_fiscal_year(period) and is_split_year(period):
        year = period.end.year
        raise InputError(
            f"period {text!r} names two calendar years, and its months depend on when the "
            f"fiscal year starts: " + fix.format(first=f"{year - 1}-04-01", last=f"{year}-03-31")
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
        return _parse(normalise(phrase), Context(fsm, default_year, phrase))
    except PeriodNotRecognised:
        return None


# a prior period named relative to the document's own, right after a figure: "up from
# $764 million last quarter", "$572 million a year ago", "in the prior-year quarter" (not
# "last year", which an annual report's letter says of the year it reports)
_RELATIVE = rx(
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
    end = own.end + ONE_DAY - back - ONE_DAY
    return Period(start, end, own.granularity, phrase, own.fiscal)


_MONTH_DAY_ONLY = rx(rf"^\s*{MON}\s+{_DAY}\s*,?\s*$")


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
    if cues and _YEAR_ONLY.fullmatch(head):
        # the caption names each column's day in full ("as of November 29, 2024 and
        # December 1, 2023"): the year's own day, not the last one named
        own = re.search(rf"({MON}\s*{_DAY}),?\s+{head}\b", context, re.IGNORECASE)
        if own is not None:
            attempts.insert(0, f"as of {own.group(1)}, {head}")
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


def _check_start_month(month: int) -> None:
    if not (isinstance(month, int) and 1 <= month <= 12):
        raise ConfigError(f"fiscal_year_start_month must be a month number 1–12, not {month!r}")


def _parse(s: str, ctx: Context) -> Period:
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


def _bracketed(head: str, inner: str, ctx: Context) -> Period:
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


def _span(left_text: str, right_text: str, ctx: Context) -> Period:
    right = _single(right_text, ctx)
    try:
        left = _single(left_text, ctx)
    except PeriodNotRecognised as exc:  # 'Apr–Jun 2026': the left side takes the right's year
        if exc.hint != NO_YEAR:
            raise
        left = _single(left_text, replace(ctx, default_year=right.end.year))
        if left.start > right.end:
            left = _single(left_text, replace(ctx, default_year=right.end.year - 1))
    if left.start > right.end:
        raise ctx.fail(BACKWARDS)
    return Period.from_dates(left.start, right.end, ctx.label)


def _single(s: str, ctx: Context) -> Period:
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
    for kind, patterns in PARTS.items():
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
    if (m := SPLIT_YEAR.fullmatch(s)) and m["sep"] == "/":
        return _split_year(m, ctx)
    if m := _YTD.fullmatch(s):
        return _to_date(_single(m["a"] or m["b"], ctx), ctx)
    if re.search(r"(?<![a-z])q\s*[05-9]|(?<![\d-])[05-9]\s*q(?![a-z])", s):
        raise ctx.fail(_BAD_QUARTER)
    if re.search(r"(?<![a-z])h\s*[03-9]|(?<![\d-])[03-9]\s*h(?![a-z])", s):
        raise ctx.fail(_BAD_HALF)
    raise ctx.fail()


def _ended(m: re.Match[str], ctx: Context) -> Period:
    """'three months ended September 30, 2026', 'fiscal year ended …', '52 weeks ended …'."""
    end = _date_of(m["date"], ctx)
    after = end + ONE_DAY
    fiscal = bool(m["fiscal"])
    months = 0
    if unit := m["unit"]:
        if unit.startswith("p"):
            raise ctx.fail(_NO_LENGTH)
        granularity = {"y": "year", "q": "quarter", "h": "half", "m": "month"}[unit[0]]
        months = PART_MONTHS[granularity]
        start = after - relativedelta(months=months)
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
            months = n
            start = after - relativedelta(months=n)
            granularity = {1: "month", 3: "quarter", 6: "half"}.get(n) or infer_granularity(
                start, end
            )
    if after.day != 1 and months in _WEEKS_OF:
        start = weeks_back(end, months)  # a 52/53-week calendar's "June 28, 2025"
    if granularity in ("quarter", "half", "year") and infer_granularity(start, end) != granularity:
        fiscal = True
    return Period(start, end, granularity, ctx.label, fiscal)


# the weeks of a 52/53-week calendar's quarter, half, nine months and year, by its months
_WEEKS_OF = {3: 13, 6: 26, 9: 39, 12: 52}


def weeks_back(end: date, months: int) -> date:
    """The first day of a period of ``months`` months in a 52/53-week calendar that ends on
    ``end`` (a day that ends no month: "June 28, 2025"): the day after the one the period
    before ended, 13 weeks back for a quarter, 26 for a half, 39 for nine months; a year's
    52 or 53 weeks, whichever ends the year before nearest the same day of the calendar
    ("November 29, 2024" follows "December 1, 2023")."""
    weeks = _WEEKS_OF[months]
    if months != 12:
        return end - timedelta(weeks=weeks) + ONE_DAY
    a_year = end - relativedelta(years=1)
    before = min(
        (end - timedelta(weeks=52), end - timedelta(weeks=53)), key=lambda d: abs(d - a_year)
    )
    return before + ONE_DAY


def _part(kind: str, m: re.Match[str], ctx: Context) -> Period:
    groups = m.groupdict()
    index = int(groups.get("i") or groups.get("j") or ORDINALS[(groups.get("o") or "")[:2]])
    year = ctx.year(groups.get("y"))
    step = PART_MONTHS[kind]
    fiscal = bool(groups.get("fy") or groups.get("fy1"))
    first = _fiscal_start(year, ctx.fsm) if fiscal else date(year, 1, 1)
    start = first + relativedelta(months=step * (index - 1))
    return Period(start, _add_months(start, step), kind, ctx.label, fiscal)


def _first_months(m: re.Match[str], ctx: Context) -> Period:
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


def _hyphen_split_year(s: str, ctx: Context) -> Period | None:
    """'FY 2026-27', 'fiscal year 2025-26', '2025-26': a split year written with a hyphen
    or a dash, or None when ``s`` is none (two years not in a row, '2026-07' a month)."""
    m = SPLIT_YEAR.fullmatch(s)
    if m is None or m["sep"] == "/":
        return None
    if not m["fy"] and (len(m["y1"]) != 4 or len(m["y2"]) != 2 or 1 <= int(m["y2"]) <= 12):
        return None  # '2025-2026' may be two calendar years, '2011-12' is December 2011
    if ctx.year(m["y2"]) != ctx.year(m["y1"]) + 1:
        return None
    return _split_year(m, ctx)


def _split_year(m: re.Match[str], ctx: Context) -> Period:
    """'2025/26', 'FY2025/26', 'FY 2026-27': the fiscal year that ends in the second year.
    Its months are the registry's fiscal year; with none given (a January start), a fiscal
    year ending in that year whose start tieout does not know (see :func:`claim_agrees`)."""
    first, second = ctx.year(m["y1"]), ctx.year(m["y2"])
    if second != first + 1:
        raise ctx.fail("a split year names two years in a row (2025/26)")
    start = _fiscal_start(second, ctx.fsm)
    return Period(start, _add_months(start, 12), "year", ctx.label, fiscal=True)


def _to_date(end: Period, ctx: Context) -> Period:
    """'YTD Q3 2025': from the start of the (fiscal) year to the end of ``end``."""
    if end.granularity not in ("month", "quarter", "half"):
        raise ctx.fail(_NO_LENGTH)
    start = _fiscal_start(end.end.year, ctx.fsm) if end.fiscal else date(end.end.year, 1, 1)
    if start > end.start:
        start = start - relativedelta(years=1)
    granularity = infer_granularity(start, end.end)
    return Period(start, end.end, granularity, ctx.label, end.fiscal)


def _date_of(text: str, ctx: Context) -> date:
    s = text.strip(" ,")
    if m := _ISO_DAY.fullmatch(s):
        return _make_date(int(m["y"]), int(m["m"]), int(m["d"]), ctx)
    if (m := _MDY.fullmatch(s)) or (m := _DMY.fullmatch(s)):
        return _make_date(ctx.year(m["y"]), _month(m["mon"]), int(re.sub(r"\D", "", m["d"])), ctx)
    raise ctx.fail()


def _make_date(year: int, month: int, day: int, ctx: Context) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise ctx.fail(_BAD_MONTH if not 1 <= month <= 12 else _BAD_DATE) from None


def _month(name: str) -> int:
    return _MONTH_INDEX[name.rstrip(".")[:3].lower()]


def _month_period(year: int, month: int, ctx: Context) -> Period:
    start = date(year, month, 1)
    return Period(start, _add_months(start, 1), "month", ctx.label)


def _add_months(start: date, n: int) -> date:
    """The last day of the ``n`` months beginning at ``start``."""
    return start + relativedelta(months=n) - ONE_DAY


def _fiscal_start(fiscal_year: int, start_month: int) -> date:
    """First day of a fiscal year, named by the calendar year it ends in."""
    return date(fiscal_year if start_month == 1 else fiscal_year - 1, start_month, 1)
