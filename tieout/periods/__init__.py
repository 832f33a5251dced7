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
:class:`~tieout.errors.PeriodNotRecognised`. Pure package; it depends only on
``tieout.errors`` and ``dateutil.relativedelta``.

``patterns`` holds the words and patterns labels are read with, ``period`` the value and
its agreement rules, ``grammar`` the readers, ``lists`` periods named as a list ("December 31, 2024 and 2023")
and the figures such a list dates in order, ``fiscal`` a document's declared fiscal year.
"""

from tieout.periods.fiscal import (
    FiscalCalendar,
    anchor_fiscal,
    declared_calendar,
    declared_fiscal_start,
    period_calendar,
)
from tieout.periods.grammar import (
    column_period,
    dated_heading,
    find_periods,
    heading_years,
    month_day_heading,
    parse_dated_period,
    parse_period,
    relative_period,
)
from tieout.periods.lists import PeriodChain, listed_period, period_chains
from tieout.periods.period import Period, Relation, claim_agrees, relation, section_agrees

__all__ = [
    "FiscalCalendar",
    "Period",
    "PeriodChain",
    "Relation",
    "anchor_fiscal",
    "claim_agrees",
    "column_period",
    "dated_heading",
    "declared_calendar",
    "declared_fiscal_start",
    "find_periods",
    "heading_years",
    "listed_period",
    "month_day_heading",
    "parse_dated_period",
    "parse_period",
    "period_calendar",
    "period_chains",
    "relation",
    "relative_period",
    "section_agrees",
]
