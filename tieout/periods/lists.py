"""Periods named as a list, and the figures such a list dates one by one.

Reports name several periods at once and let the reader pair them with as many figures:
"$717 million and $656 million as of November 29, 2024 and December 1, 2023"; "for fiscal
2025, 2024 and 2023 were $4.7, $4.3 and $4.1 billion, respectively"; "as of December 31,
2024 and 2023" names the second date by its year alone. ``period_chains`` reads the lists
among the periods a sentence names (the years written alone are the first period's phrase
with its year changed, read again by the grammar), ``listed_period`` gives the k-th figure of a list of n the k-th period of
the one list of n periods in its sentence, and nothing where there is none or more than
one.
"""

from __future__ import annotations

import re

from tieout.periods.grammar import find_periods
from tieout.periods.period import Period

__all__ = ["PeriodChain", "listed_period", "period_chains"]

Span = tuple[int, int]
PeriodChain = list[tuple[Span, Period]]

# what joins the items of a list: ", ", " and ", ", and ", "; " (and "and of" between
# figures: "allowances of $14 and of $16")
_JOIN = r"\s*(?:,\s*(?:and\s+)?|;\s*|\s+and\s+)"
_LIST_JOIN = re.compile(_JOIN + r"$", re.IGNORECASE)
_FIGURE_JOIN = re.compile(_JOIN + r"(?:of\s+)?$", re.IGNORECASE)
# a year written alone after a period, naming the same period in that year ("December 31,
# 2024 and 2023", "fiscal 2025, 2024 and 2023"); not a year that starts a range or a date
_NEXT_YEAR = re.compile(_JOIN + r"((?:19|20)\d\d)\b(?![-–/]\d|\s*%|,\d|\.\d)", re.IGNORECASE)
_YEAR = re.compile(r"(?:19|20)\d\d")


def period_chains(
    sentence: str, found: list[tuple[Span, Period]], *, default_year: int | None = None
) -> list[PeriodChain]:
    """The lists the periods ``found`` in ``sentence`` (``find_periods``) form, with the
    years listed alone after one of them read as that period in their year: runs of two
    or more different periods joined only by commas and "and"."""
    if len(found) < 2 and (not found or _NEXT_YEAR.match(sentence, found[0][0][1]) is None):
        return []  # the common case: one period, no year listed after it
    periods: list[tuple[Span, Period]] = []
    for (s, e), p in found:
        if periods and s < periods[-1][0][1]:
            continue  # a year already read as one listed after the period before it
        periods.append(((s, e), p))
        periods.extend(_years_after(sentence, s, e, p, default_year))
    chains: list[PeriodChain] = []
    run: PeriodChain = []
    for item in periods:
        if run and _LIST_JOIN.match(sentence, run[-1][0][1], item[0][0]) is None:
            _close(run, chains)
            run = []
        run.append(item)
    _close(run, chains)
    return chains


def _close(run: PeriodChain, chains: list[PeriodChain]) -> None:
    kinds = {(p.start, p.end) for _, p in run}
    if len(run) > 1 and len(kinds) == len(run):
        chains.append(run)


def _years_after(
    sentence: str, s: int, e: int, p: Period, default_year: int | None
) -> list[tuple[Span, Period]]:
    """The periods named by the years written alone right after the period at [s, e)."""
    phrase = sentence[s:e]
    years = list(_YEAR.finditer(phrase))
    if not years or p.unread:
        return []
    last = years[-1]
    out: list[tuple[Span, Period]] = []
    pos = e
    while (m := _NEXT_YEAR.match(sentence, pos)) is not None:
        again = f"{phrase[: last.start()]}{m.group(1)}{phrase[last.end() :]}"
        read = find_periods(again, default_year=default_year)
        if len(read) != 1 or read[0][0] != (0, len(again)):
            break
        out.append((m.span(1), read[0][1]))
        pos = m.end()
    return out


def listed_period(
    sentence: str, figure_spans: list[Span], at: int, chains: list[PeriodChain]
) -> Period | None:
    """The period of the figure at index ``at`` of ``figure_spans`` (the figures of
    ``sentence``, in order, offsets within it): where that figure is one of a list of n
    ("$717 million and $656 million") and the sentence names one list of n periods, the
    period in the same place of that list; else None."""
    first = last = at
    while first > 0 and _joined(sentence, figure_spans[first - 1], figure_spans[first]):
        first -= 1
    while last + 1 < len(figure_spans) and _joined(
        sentence, figure_spans[last], figure_spans[last + 1]
    ):
        last += 1
    n = last - first + 1
    if n < 2:
        return None
    fitting = [c for c in chains if len(c) == n]
    if len(fitting) != 1:
        return None
    return fitting[0][at - first][1]


def _joined(sentence: str, a: Span, b: Span) -> bool:
    return _FIGURE_JOIN.match(sentence, a[1], b[0]) is not None
