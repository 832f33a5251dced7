"""The period a table's rows and caption give its cells, beside (or instead of) its columns'.

A filing's tables date their figures in more places than the column headings:

- a balance row in a column of durations: "Cash at end of year", "Ending balance", "Beginning
  of period" stand for the instant the column's period ends (or the day before it starts);
  so do columns headed "Balance at Beginning of Year" / "Balance at End of Year";
- a row dated by its own label: "Balance at December 31, 2023 | 941 | $10 | …" is that day's
  balance, and the rows between two such rows (an equity statement's "Net income") are the
  period from the one to the other;
- a row naming a period alone over the rows below it: "| 2024 | | |", "| December 31, 2024 |";
- the caption introducing the table: "The fair value of our assets as of June 30, 2026 was
  as follows:", "Option activity for fiscal 2026:", or "… at December 31:" over columns
  headed by bare years, each then that day of its year.

``dated_in_table`` gives a figure its period from these, where its column names none or
names a duration its row or column says is a balance. A figure none of them dates keeps the
column's period, or none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from itertools import pairwise
from typing import TYPE_CHECKING

from dateutil.relativedelta import relativedelta

from tieout.figures.layout.lines import column_period
from tieout.periods import Period, find_periods

if TYPE_CHECKING:
    from tieout.figures.figure import Figure
    from tieout.figures.layout.model import Row, Table

__all__ = ["dated_in_table"]


_DAY = timedelta(days=1)

# a balance at the end of its column's (or row's) period
_CLOSING = re.compile(
    r"(?i)\b(?:(?:at|as\s+of)\s+(?:the\s+)?end\s+of\s+(?:the\s+)?(?:fiscal\s+)?"
    r"(?:year|period|quarter|month)|end\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)"
    r"|(?:ending|closing)\s+(?:\w+\s+)?balances?|balances?,?\s+(?:at\s+)?(?:the\s+)?end(?:ing)?\b"
    r"|outstanding\s+at\s+(?:the\s+)?end\b|^\W*(?:ending|closing)\s+(?!date)"
    r"|\bexercisable\b|\bexpected\s+to\s+vest\b)"
)
# a balance at the start of its column's (or row's) period
_OPENING = re.compile(
    r"(?i)\b(?:(?:at|as\s+of)\s+(?:the\s+)?beginning\s+of\s+(?:the\s+)?(?:fiscal\s+)?"
    r"(?:year|period|quarter|month)|beginning\s+of\s+(?:the\s+)?(?:fiscal\s+)?"
    r"(?:year|period|quarter)|(?:beginning|opening)\s+(?:\w+\s+)?balances?"
    r"|balances?,?\s+(?:at\s+)?(?:the\s+)?beginning\b|outstanding\s+at\s+(?:the\s+)?beginning\b"
    r"|^\W*(?:beginning|opening)\s+(?!date))"
)
# a row that names what is held at a day, not what happened over a period: "Total assets",
# "Inventories", "Other long-term liabilities", "Goodwill", "Funded status", "Property and
# equipment, net" (a segment or benefit plan table's balances under columns of years)
_STOCK = re.compile(
    r"(?i)\b(?:assets|liabilities|inventor(?:y|ies)|goodwill|receivables?|payables?"
    r"|(?:stockholders|shareholders)[’']?\s+equity|total\s+equity|funded\s+status"
    r"|net\s+(?:asset|liability|obligation)\b[^|]*|carrying\s+(?:amount|value)"
    r"|amortized\s+cost(?:\s+basis)?|(?:total|long-term|short-term)\s+debt"
    r"|unrecognized\s+compensation\s+cost[^|]*|cash\s+and\s+(?:cash\s+)?equivalents"
    r"|property(?:,\s*|\s+)(?:plant\s+)?and\s+equipment)"
    r"(?:,?\s*net(?:\s+of\s+[\w\s]+)?)?\W*$"
)
# words of a flow: a row naming one is a period's amount whatever it holds ("Change in
# inventories", "Purchases of property and equipment, net", "Impairment of goodwill")
_FLOW = re.compile(
    r"(?i)\b(?:increase|decrease|change|changes|proceeds|purchases?|payments?|paid|provided"
    r"|used|additions?|acquired|acquisitions?|obtained|in\s+exchange|issuances?|issued|repayments?|amortization"
    r"|depreciation|impairments?|write-?(?:offs?|downs?)|expenses?|income|revenues?|sales"
    r"|costs?\s+of|gains?|loss(?:es)?|recogni[sz]ed|reclassifi\w*|settle\w*|dividends?"
    r"|grant\w*|vest(?:ed|ing)|forfeit\w*|exercised|disposals?|transfers?|returns?"
    r"|contributions?|benefits?\s+paid|interest|tax(?:es)?\s+(?:expense|benefit)"
    r"|translation|adjustments?|activit\w*|(?:out|in)?flows?|charges?)\b"
)
# a label row that makes the rows under it flows ("Changes in operating assets and
# liabilities:", "Assets obtained in exchange for lease liabilities:"); other words of a
# flow there may head balances ("Amounts recognized in the balance sheet:")
_FLOW_GROUP = re.compile(
    r"(?i)\b(?:increases?|decreases?|changes?|proceeds|purchases?|payments?|additions?"
    r"|acquired|obtained|in\s+exchange|paid|cash\s+flows?|activit\w*|roll-?forward)\b"
)
# a label that dates a balance: "Balance at December 31, 2023", "Balances as of Feb 1, 2025",
# "Exercisable at June 30, 2026", "Unvested as of December 31, 2025", or the date alone
_BALANCE_WORDS = re.compile(
    r"(?i)^\W*(?:(?:total\s+)?(?:[\w/]+\s+)?(?:balances?|outstanding|liability|allowance"
    r"|reserve|exercisable|unvested|nonvested|(?:vested\s+(?:and|or)\s+)?expected\s+to\s+vest)"
    r"[\w\s,()-]*?\s+)?(?:at|as\s+of|on)?\s*$"
)
# a caption's sentence: it introduces the table ("as follows:", "the following table")
_INTRODUCES = re.compile(r"(?i)(?::\s*$|\bas\s+follows\b|\bfollowing\s+table\b|\btable\s+below\b)")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_MONTH_DAY = re.compile(
    r"(?i)\b(?:at|as\s+of)\s+(?P<md>(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
    r"\s+\d{1,2})\b(?!,?\s*(?:19|20)\d\d)"
)
_MONTH = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b")
_CAPTION_REACH = 700  # characters above a table its caption may stand in


@dataclass(slots=True)
class _Plan:
    """What a table's rows and caption say of its cells' periods, read once per table."""

    rows: dict[int, Period] = field(default_factory=dict)  # by the row's start
    closing: set[int] = field(default_factory=set)  # rows that are closing balances
    opening: set[int] = field(default_factory=set)  # rows that are opening balances
    closing_cols: set[int] = field(default_factory=set)
    opening_cols: set[int] = field(default_factory=set)
    caption: Period | None = None  # the one period the caption names
    days: dict[int, date] = field(default_factory=dict)  # caption's balance day, by year
    month_day: str = ""  # "December 31" of a caption "at December 31:"
    idle: bool = False  # nothing here dates a cell: the column's period stands


def dated_in_table(text: str, table: Table, f: Figure) -> Figure:
    """``f``, a figure in a value cell of ``table``, with the period its row, its column's
    balance heading or the table's caption give it (see the module's doc)."""
    plan = _plan_of(text, table)
    if plan.idle:
        return f
    row = table.row_at(f.span[0])
    if row is None or row.header:
        return f
    cell = row.cell_at(f.span[0])
    if cell is None or cell.col == 0:
        return f
    period = _cell_period(plan, table, row, cell.col, f.period)
    return f if period is f.period else replace(f, period=period)


def _cell_period(
    plan: _Plan, table: Table, row: Row, col: int, column: Period | None
) -> Period | None:
    if column is not None and column.unread:
        return column
    start = row.span[0]
    own = plan.rows.get(start)
    base = column
    if base is None:
        base = own if own is not None else plan.caption
    elif own is not None and own.instant and base.start - _DAY <= own.end <= base.end:
        return own  # "Balance at December 31, 2025" in a column of fiscal 2025
    elif _bare_year(table, col) or _YEAR.fullmatch(base.label.strip()):
        base = _caption_day(plan, base) or base  # "2024" or "2024 Amortized cost"
    if base is not None and base.instant and own is None and plan.opening and plan.closing:
        rolled = _rolled(plan, table, base, start)
        if rolled is not None:
            return rolled
    if base is None or base.instant or (base.fiscal and _MONTH.search(base.label) is None):
        return base  # ("Q3 FY26": its months are the document's fiscal year's, read later)
    if start in plan.closing or col in plan.closing_cols:
        return Period(base.end, base.end, "instant", base.label)
    if start in plan.opening or col in plan.opening_cols:
        day = base.start - _DAY
        return Period(day, day, "instant", base.label, opening=True)
    return base


def _rolled(plan: _Plan, table: Table, day: Period, start: int) -> Period | None:
    """In a roll-forward whose columns are balance days a year apart ("as of December 31"
    over "2024 | 2023 | 2022"), the year to ``day`` for a row between its opening and
    closing balances ("Current year tax positions"), the day a year before for its opening
    row; None for its closing rows, or where the columns are not a year apart."""
    if start in plan.closing:
        return None
    days = sorted({(_caption_day(plan, p) or p).end for p in table.periods[1:] if p is not None})
    if len(days) < 2 or not all(364 <= (b - a).days <= 371 for a, b in pairwise(days)):
        return None
    earlier = [d for d in days if d < day.end]
    before = earlier[-1] if earlier else day.end - relativedelta(years=1)
    if start in plan.opening:
        return Period(before, before, "instant", day.label, opening=True)
    return Period.from_dates(before + _DAY, day.end, f"year to {day.label}")


def _bare_year(table: Table, col: int) -> bool:
    """Whether a column is headed by a bare year ("2025") alone."""
    label = table.columns[col].strip() if col < len(table.columns) else ""
    return _YEAR.fullmatch(label) is not None


def _caption_day(plan: _Plan, p: Period) -> Period | None:
    """The balance day a caption names for a bare year's column ("as of November 29, 2025
    and November 30, 2024:", "… at December 31:"), or None."""
    year = p.end.year
    day = plan.days.get(year)
    if day is None and plan.month_day:
        found = column_period(str(year), f"{plan.month_day},")
        if found is not None and found.instant:
            return found
    return None if day is None else Period(day, day, "instant", str(year))


def _plan_of(text: str, table: Table) -> _Plan:
    found = table.__dict__.get("_dated_plan")
    if not isinstance(found, _Plan):
        found = _read_plan(text, table)
        object.__setattr__(table, "_dated_plan", found)
    return found


def _read_plan(text: str, table: Table) -> _Plan:
    plan = _Plan()
    _read_caption(plan, _caption_above(text, table.span[0]))
    for j, head in enumerate(table.columns):
        if j and _CLOSING.search(head):
            plan.closing_cols.add(j)
        elif j and _OPENING.search(head):
            plan.opening_cols.add(j)
    group: Period | None = None
    anchors: list[tuple[int, Period]] = []  # (row index, the day) of dated balance rows
    body = [r for r in table.rows if not r.header]
    heading = ""  # the last label row's label: "Long-lived assets" over "Americas"
    for i, row in enumerate(body):
        label = " ".join(row.label.split())
        valued = any(c.col > 0 and c.text.strip() for c in row.cells)
        if not valued:
            heading = label
        elif _CLOSING.search(label) or _stock_row(label, row.group or heading):
            plan.closing.add(row.span[0])
        elif _OPENING.search(label):
            plan.opening.add(row.span[0])
        named = _label_period(label)
        if named is not None and not valued:
            group = named  # "| 2024 | | |": the rows below are of 2024
            continue
        if named is not None and named.instant and valued:
            anchors.append((i, named))
            plan.rows[row.span[0]] = named
        elif named is not None and valued and not _YEAR.fullmatch(label):
            plan.rows[row.span[0]] = named  # "Year ended December 31, 2025 | $1,213 | …"
        elif group is not None:
            plan.rows[row.span[0]] = group
    anchors = _first_of_month(plan, body, anchors)
    _between_balances(plan, body, anchors)
    plan.idle = not (
        plan.rows
        or plan.closing
        or plan.opening
        or plan.closing_cols
        or plan.opening_cols
        or plan.caption
        or plan.days
        or plan.month_day
    )
    return plan


# a balance named with a flow's word in it: "Prepaid expenses", "Accrued expenses",
# "Deferred revenue", "Income taxes payable", "Accumulated other comprehensive loss"
# (not "Deferred income taxes": under years, a tax provision's or cash flow's adjustment)
_STOCK_PHRASE = re.compile(
    r"(?i)\b(?:(?:prepaid|accrued)\s+(?:expenses?|compensation|interest|liabilities)"
    r"|deferred\s+(?:revenues?|compensation)"
    r"|accumulated(?:\s+other)?\s+comprehensive\s+(?:income|loss)\b(?:\s+\(loss\))?)"
    r"|\bincome\s+tax(?:es)?\s+payable\b"
)


def _stock_row(label: str, group: str) -> bool:
    """Whether a row names a balance by what it is ("Total assets", "Other long-term
    liabilities", "U.S. operations" under "Long-lived assets"), no word of a flow in it or
    its group ("Accounts receivable" under "Changes in operating assets" is a flow)."""
    named = label.rsplit(":", 1)[-1]  # "Walmart U.S.: Total assets"
    if (
        _STOCK.search(named) is None
        and _STOCK_PHRASE.search(named) is None
        and _STOCK.search(group.rstrip(": ")) is None
    ):
        return False
    own = _STOCK_PHRASE.sub(" ", label)
    return _FLOW.search(own) is None and _FLOW_GROUP.search(group) is None


def _first_of_month(
    plan: _Plan, body: list[Row], anchors: list[tuple[int, Period]]
) -> list[tuple[int, Period]]:
    """Balances dated the first of a month ("Balance at January 1, 2025") are the close of
    the day before, unless the table dates a balance inside a month too ("Balances at
    December 2, 2022"): on a 52/53-week calendar the first can be the year's own last day."""
    if any(p.end.day != 1 and (p.end + _DAY).day != 1 for _i, p in anchors):
        return anchors
    out: list[tuple[int, Period]] = []
    for i, p in anchors:
        if p.end.day == 1:
            day = p.end - _DAY
            p = Period(day, day, "instant", p.label, opening=True)
            plan.rows[body[i].span[0]] = p
        out.append((i, p))
    return out


def _between_balances(plan: _Plan, body: list[Row], anchors: list[tuple[int, Period]]) -> None:
    """The rows between two dated balance rows are the period from the one to the other
    (an equity statement's "Net income" between "Balance at December 31, 2024" and
    "Balance at December 31, 2025"); a balance "at January 1" opens that day's period."""
    for (i, a), (k, b) in pairwise(anchors):
        first = a.end if a.end.day == 1 else a.end + _DAY
        if first > b.end:
            continue
        span = Period.from_dates(first, b.end, f"{a.label} to {b.label}")
        for row in body[i + 1 : k]:
            plan.rows[row.span[0]] = span


def _label_period(label: str) -> Period | None:
    """The period a row's label names: a period alone ("2024", "Fiscal 2025", "December
    31, 2025", "Year ended June 30, 2026") or a balance's day ("Balance at December 31,
    2023"); None for any other label."""
    if _YEAR.search(label) is None:
        return None
    alone = column_period(label)
    if alone is not None:
        return alone
    found = find_periods(label)
    if len(found) != 1:
        return None
    (a, b), p = found[0]
    if not p.instant or label[b:].strip(" :,.") or _BALANCE_WORDS.match(label[:a]) is None:
        return None
    return p


def _caption_above(text: str, top: int) -> str:
    """The sentence introducing a table from above: the nearest line ending in a colon or
    saying "as follows" / "the following table", across short lines ("(in millions)",
    column group names) and blank lines; "" when prose or another table comes first."""
    lines = text[max(0, top - _CAPTION_REACH) : top].split("\n")
    seen = 0
    for line in reversed(lines):
        s = line.strip()
        if not s:
            continue
        if s.startswith("|") or seen >= 3:
            return ""
        seen += 1
        if _INTRODUCES.search(s):
            return s
    return ""


def _read_caption(plan: _Plan, caption: str) -> None:
    if not caption:
        return
    found = [p for _, p in find_periods(caption)]
    years = set(_YEAR.findall(caption))
    if found and len(years) == 1 and all(p == found[0] for p in found):
        plan.caption = found[0]
    instants = [p for p in found if p.instant]
    by_year = {p.end.year: p.end for p in instants}
    if len(by_year) == len(instants):  # one balance day per year
        plan.days = by_year
    m = _MONTH_DAY.search(caption)
    if m is not None:
        plan.month_day = m.group("md")
