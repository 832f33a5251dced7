"""Fiscal calendars a document declares: "Fiscal year ends January 31."

``declared_fiscal_start`` reads the month a document's fiscal year starts in;
``anchor_fiscal`` reads a fiscal period named without its months ("Q3 FY26") on it.
"""

from __future__ import annotations

from tieout.errors import PeriodNotRecognised
from tieout.periods.grammar import parse_period
from tieout.periods.patterns import ANY_MONTH, MON, rx
from tieout.periods.period import Period

__all__ = ["anchor_fiscal", "declared_fiscal_start"]


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
