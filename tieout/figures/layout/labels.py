"""What a row label or a column heading says about its cells.

Per share, ratio, percent, points, counts and units of measure: the patterns and tests that
keep a cell from taking the table's currency or scale, and ``own_unit``, the unit a label
names for its cells without a scale ("Gross margin (%)", "Diluted EPS ($)").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from tieout.figures.layout.model import Cell, Row, Table
from tieout.figures.layout.note_forms import currency_word

if TYPE_CHECKING:
    from tieout.figures.figure import Figure

__all__ = [
    "AMOUNT_WORDS",
    "NON_AMOUNT",
    "OTHER_EXCEPTS",
    "PERCENT_ROW",
    "PER_CAPITA",
    "PER_HEAD",
    "PER_MEASURE",
    "PER_SHARE",
    "POINTS_COLUMN",
    "POINTS_ROW",
    "RATIO",
    "RATIO_TABLE",
    "SHARES_FOR_PER_SHARE",
    "SHARE_ROW",
    "count_row",
    "measured_after",
    "names_measure",
    "own_unit",
    "percent_block",
    "percent_rows",
]


PER_SHARE = re.compile(
    r"\bper[ -](?:(?:basic|diluted|common|ordinary|weighted) )*(?:share|unit|ads)\b|\beps\b"
    r"|\b(?:dps|bvps|tbvps|cfps|ffo/sh|nav/sh)\b"  # dividends, book value, tangible book per share
    r"|\bper (?:square (?:foot|feet|metre|meter)|sq\.? ?(?:ft|m)\b|barrel|boe|ounce|tonne?)"
    r"|\bper capita\b"  # "(dollars in thousands, except per capita)": an amount per person
    # a share's price ("Share price at quarter end", "Closing stock price", "Unit price"):
    # an amount per share, never at the table's scale
    r"|^(?:(?:common|closing|quarter[ -]end|period[ -]end|year[ -]end)\s+)*(?:share|stock|unit)\s+price\b"
    r"|\bclosing\s+(?:share\s+|stock\s+)?price\b"
)
# the end of a row label's head, past a footnote mark or a bracket ("Effective tax rate(1)",
# "Organic growth (a)"): a rate, a margin, a yield is the thing the row measures
_HEAD_END = r"(?=\s*(?:$|\(|\[|,|;|:|\*|\d|—|–|-\s))"
PER_CAPITA = re.compile(r"(?i)\bper\s+capita\b")  # a column "Per Capita"
# a rate per person or per hour, never an aggregate at the table's scale: "Average hourly
# earnings", "Average weekly earnings", "Revenue per employee", "ARPU"
PER_HEAD = re.compile(
    r"\bhourly\b|\bweekly\s+earnings\b|\bper\s+(?:hour|employee|fte|user|member|customer"
    r"|subscriber|seat|head|worker|person|account)\b|\b(?:arpu|arpa|arppu)\b"
)
# rows of rates, ratios, multiples and points: never an amount at the table's scale nor in
# its currency. A "%" after a digit is a rate the label names, not the row's unit ("4.375%
# Senior Notes due 2031", "50% of policyholder dividend liability", "Less: vacancy (7.0%)",
# "Debt limit (3.75% of assessed valuation)": amounts); "% of revenue", "Change %" are rates
RATIO = re.compile(
    r"(?<![0-9])(?<![0-9] )%|\bratios?\b"
    r"|\bpercent(?:age)?s?\b(?!\s+rents?\b)"  # "as a percentage of covered payroll"
    r"|\b(?:interest|operating|pre-?tax|profit|ebitda|ebita|ebit|cash\s+flow|fcf"
    r"|underwriting|income)\s+margins?\b"  # "Net interest margin", "Operating margin"
    # "Return on average assets", "ROTCE" (not "Expected return on plan assets": an amount)
    r"|\bnim\b|(?<!expected )(?<!actual )\breturn\s+on\b(?!\s+plan\s+assets)"
    r"|\bro(?:a|e|aa|ae|tce|atce|te|ce|ic|na|tbe)\b"
    r"|\byields?\b(?!\s+maintenance)"  # "Yield on loans", "Dividend yield"
    r"|\bcost\s+of\s+(?:(?:total|average|interest[ -]bearing)\s+)*(?:deposits|funds)\b"
    # a rate named last: "Fee rate", "Effective tax rate", "Rate paid on deposits" (not
    # "Interest rate swaps", "Effect of exchange rate changes on cash"; nor "Interest rate"
    # alone, a derivative's risk in a fair-value table, nor "Fixed rate", "Variable-rate":
    # the debt at that rate, in a debt table)
    # (not an amount computed at a rate: "Tax at the statutory federal rate")
    rf"|^(?!.*\bat\s+(?:the\s+|a\s+)?(?:[\w.%-]+\s+){{0,5}}rates?\b).*?"
    rf"(?<!exchange )(?<!currency )(?<!^interest )(?<!: interest )(?<!fixed )(?<!fixed-)"
    rf"(?<!floating )(?<!floating-)(?<!variable )(?<!variable-)\brates?{_HEAD_END}"
    r"|^rates?\s+(?:paid|earned|on|of)\b"
    rf"|\b(?:growth|coverage|leverage){_HEAD_END}"  # "Organic growth", "Debt service coverage"
    # "Net charge-offs to average loans", "Allowance to loans", "Loans to deposits"
    r"|^(?!(?:[a-z-]+\s+)*(?:transfers?|contributions?|distributions?|payments?|advances?"
    r"|reclassifications?|proceeds|repayments?|additions?)\b)"
    r"[^:]*\bto\s+(?:(?:average|total|gross|period[ -]end|net|risk[ -]weighted|tangible)\s+)*"
    rf"(?:loans|deposits|assets|equity|capital|ebitda|revenues?|npls?|nonperforming\s+loans){_HEAD_END}"
    r"|\((?:in\s+)?(?:points|pts\.?|ppts?|percentage\s+points)\)"  # "Catastrophe losses (points)"
)
# a row in points of a ratio: a bare number, neither a percent nor an amount
POINTS_ROW = re.compile(r"\((?:in\s+)?(?:points|pts\.?|ppts?|percentage\s+points)\)")
# of those, rows whose figures are percents whether or not their cells print a "%": a
# margin, a return, a yield, a cost of funds, "as a percentage of", and the ratios banks
# and insurers always state in percent ("Combined ratio", "CET1 ratio"; not "Current
# ratio" nor "Debt service coverage", which are multiples)
PERCENT_ROW = re.compile(
    r"\bpercent(?:age)?\s+of\b|(?<![0-9])(?<![0-9] )%\s*of\b"
    r"|\b(?:interest|operating|pre-?tax|profit|ebitda|ebita|ebit|underwriting)\s+margins?\b"
    r"|\bnim\b|(?<!expected )(?<!actual )\breturn\s+on\s+(?:average\s+|avg\.?\s+)?"
    r"(?:(?:total|tangible|common|shareholders[’']?|stockholders[’']?)\s+)*(?:assets|equity)\b"
    r"|\bro(?:a|e|aa|ae|tce|atce|te|tbe)\b"
    r"|\byields?\b(?!\s+maintenance)"
    r"|\bcost\s+of\s+(?:(?:total|average|interest[ -]bearing)\s+)*(?:deposits|funds)\b"
    r"|\b(?:loss|lae|expense|combined|efficiency|payout|cet\s?1|tier\s+1(?:\s+capital)?"
    r"|(?:total\s+)?capital|common\s+equity\s+tier\s+1|tier\s+1\s+leverage)\s+ratios?\b"
)
# a count of the shares a per-share amount is computed on ("Shares used in diluted per share
# calculation", "Weighted-average shares used in computing net loss per share"): shares,
# not an amount per share
SHARES_FOR_PER_SHARE = re.compile(
    r"^(?:(?!per[ -]share)[^:])*?\bshares\b(?:(?!per[ -]share)[^:]){0,60}?\b(?:used|outstanding)\b"
)


def _per_share(label: str) -> bool:
    """Rows a table's scale never applies to: per-share amounts ("per share", "per diluted
    share", "EPS"; also "per square foot"), percentages, ratios."""
    low = label.lower()
    return PER_SHARE.search(low) is not None or RATIO.search(low) is not None


_COUNT_WORDS = (
    "shares",
    "employees",
    "headcount",
    "customers",
    "units",
    "stores",
    "users",
    "people",
)


# counts named first in a row's label ("Transactions", "Paid subscribers", "Seats"; not
# "Losses on foreign currency transactions")
_COUNT_LEAD = re.compile(
    r"^(?:(?:total|number\s+of|average|paid|active|net)\s+)?"
    r"(?:transactions|seats|subscribers|licenses|subscriptions)(?![a-z])"
)


# a column of points ("Pts Change", "Change (pts)"), a table of ratios only ("UNDERWRITING
# RATIOS", "Key ratios", "Regulatory capital ratios"; not "Selected data and ratios")
POINTS_COLUMN = re.compile(r"(?i)(?<![a-z])(?:pts|points|ppts?)(?![a-z])")
RATIO_TABLE = re.compile(r"(?i)\s*(?:[a-z-]+\s+){0,3}ratios\s*(?:\(\s*%\s*\))?\s*")
# what a row ``PERCENT_ROW`` reads as percents names, in lower case, or a "%" another
# row of its block prints (a superset, found by plain searches: a megabyte in milliseconds)
_PERCENT_HINTS = ("%", "percent", "margin", "nim", "return", "roa", "roe", "rot", "yield")
_PERCENT_HINTS_MORE = ("cost", "ratio")  # "Cost of deposits", "Combined ratio"


def percent_rows(text: str) -> bool:
    """Whether a row of a table in ``text`` may read as percents with no "%" in its cells
    (a superset of the rows :func:`apply_context` reads so: "Net interest margin 3.41", a
    ratio row between two that print their "%"), for a reader that looks for a percent
    only where a "%" or a unit stands."""
    low = text.lower()
    return any(hint in low for hint in (*_PERCENT_HINTS, *_PERCENT_HINTS_MORE))


def percent_block(table: Table, row: Row, col: int) -> bool:
    """Whether ``row`` (a ratio row whose cell in ``col`` prints no "%") stands in a run of
    ratio rows whose cells in that column print one: US filings typeset the "%" (as the
    "$") on the first and total rows of a block only ("Loss and LAE ratio 61.6 %",
    "Underwriting expense ratio 30.2", "Combined ratio 91.8 %")."""
    rows = table.rows
    at = rows.index(row)

    def ratio_row(r: Row) -> bool:
        return not r.header and bool(r.label) and RATIO.search(r.label.lower()) is not None

    for step in (-1, 1):
        k = at + step
        while 0 <= k < len(rows) and ratio_row(rows[k]):
            cell = next((c for c in rows[k].cells if c.col == col), None)
            if cell is not None and cell.text.rstrip().endswith("%"):
                return True
            k += step
    return False


# full-time equivalents counted ("State FTEs", "Full-time equivalent positions", "FTE
# headcount"); not the fully taxable-equivalent basis of an amount ("Net interest income,
# FTE", "FTE adjustment")
_FTE_COUNT = re.compile(
    r"\bftes\b|\bfull[ -]time[ -]equivalents?\b|^\s*fte\s*$"
    r"|\bfte\s+(?:positions|employees|staff|headcount|count)\b"
)
# the revenue lines of a budget or a fund statement named with a count's word ("Utility
# users tax", "Licenses and permits", "Charges to customers", "Housing units fees"): amounts
_REVENUE_WORDS = re.compile(
    r"\btax(?:es)?\b|\bfees?\b|\bpermits?\b|\bcharges?\b|\bfines?\b|\bforfeitures?\b"
    r"|\bassessments?\b|\brents?\b|\brentals?\b|\bfranchises?\b|\btolls?\b|\broyalt(?:y|ies)\b"
)


def count_row(label: str) -> bool:
    """Rows that count things: scaled like the table, but never in its currency."""
    low = label.lower()
    if any(w in low for w in _COUNT_WORDS) or _COUNT_LEAD.match(low) is not None:
        return _REVENUE_WORDS.search(low) is None
    return _FTE_COUNT.search(low) is not None


# rows that are certainly no amount of the table's scale: days, "Number of stores"
NON_AMOUNT = re.compile(
    r"\bdays\b|\bnumber of (?!(?:(?:common|ordinary|weighted|average|diluted|basic)[ -])*shares)"
    # a time to a date: "Weighted average years to maturity", "Months until expiration"
    r"|\b(?:years|months)\s+(?:to|until)\s+(?:maturity|expiration|expiry|reset|repricing)\b"
)
SHARE_ROW = re.compile(r"\bshares\b|\bshare count\b")
# a row naming shares or customers that is still an amount ("Proceeds from issuance of
# shares", "Repurchases of common shares", "Payments to customers"): money, in the table's
# scale and currency
AMOUNT_WORDS = re.compile(
    r"proceeds|purchase|issuance|\bcosts?\b|value|compensation|payments?\b|paid|dividend"
    r"|treasury|premium|capital|buyback|\bsales?\b|\bsold\b|expense|revenue|income"
)
# an except clause naming more than per-share amounts: "ratios", "operating statistics",
# "employee data", "number of stores" …
OTHER_EXCEPTS = re.compile(
    r"ratio|statistic|operating data|other data|employee|headcount|store|customer|percent"
)


_OWN_UNIT = re.compile(
    r"\(\s*(?:in\s+)?(?:(?P<pct>%|percent|per\s?cent|pct)"
    r"(?:\s+of\s+(?:par|principal(?:\s+amount)?|face(?:\s+(?:amount|value))?))?"  # "(% of par)"
    r"|(?P<bp>bps|bp|basis\s+points?)(?:\s+[^()]{0,20})?"
    r"|(?P<cur>US\$|[A-Z]{0,2}\$|€|£|¥|₹|u\.s\.\s+dollars|dollars|euros|pounds|yen)"
    r"|(?P<pence>p|pence)|(?P<cents>cents|¢)"
    r"|(?P<count>days|#|number|units|count|ftes?|years|yrs|months))\s*\)",
    re.IGNORECASE,
)


# units of measure that are no money: volumes of oil and gas and their rates ("Mboe/d",
# "MMcf/d", "bbl/d", "Bcf"), energy and power ("MWh", "GW"), area ("square feet", "sq ft",
# "RSF", "m²"), emissions ("tCO2e"), weights (tonnes, ounces); lower case
_MEASURE_UNITS = (
    r"(?:(?:mm|m|b|t)?(?:boe|bbls?)|(?:mm|m|b|t)cfe?|(?:mm|m)?btu)(?:\s*/\s*d(?:ay)?|pd)?"
    r"|barrels?|boepd|bopd|[kmgt]wh|[kmg]w"
    r"|square\s+(?:feet|foot(?:age)?|met(?:er|re)s?)|sq\.?\s?(?:ft|m)\b\.?|rsf|sqm|m²|acres?|hectares?"
    r"|t?co2e?|tonnes?|metric\s+tons?|ounces?|oz"
)
_MEASURE = re.compile(
    rf"(?<![a-z0-9])(?:{_MEASURE_UNITS})(?![a-z0-9²])"
    r"|\([^()]*/\s*d(?:ay)?\s*\)"  # any rate per day in brackets: "(Mbbl/d)", "(MMcfe/day)"
    r"|\(\s*(?:x|times)\s*\)|(?<![a-z])turns(?![a-z])"  # multiples: "Inventory turns (x)"
    # a contract's term, and a heading that names a duration or a count alone ("Term",
    # "Seats", "Months"; "Term loan" and "Long-term debt" are money)
    r"|^\s*(?:(?:lease|initial|remaining|contract|subscription)\s+)?term\s*$"
    r"|^\s*(?:months|years|seats|users|licenses|subscribers)\s*$"
)
# a price per unit of measure: "($/bbl)", "$ per boe", "per Mcf", "(€/MWh)", "per square
# foot": in the table's currency, never at its scale (as a per-share amount)
PER_MEASURE = re.compile(
    rf"(?:[$€£¥]|(?<![a-z])(?:usd|eur|gbp|dollars?|euros?))\s*(?:/|per(?![a-z]))\s*(?:{_MEASURE_UNITS})"
    rf"|(?<![a-z])per\s+(?:(?:available|rentable|leased|selling|gross|net)\s+)?(?:{_MEASURE_UNITS})"
    r"(?![a-z0-9])"
)
# the words a figure in a table's cell is followed by, in that cell, naming what it counts
# or measures: "approximately 18,450 rentable square feet", "(126) months", "1,250 seats"
_UNIT_AFTER = re.compile(
    r"\)?\s*(?:(?!per(?![a-z]))[a-z][a-z-]*\s+){0,2}?"
    rf"(?:(?:{_MEASURE_UNITS})(?![a-z0-9²])|(?:seats|users|licenses|months|years|days|shares"
    r"|employees|customers|subscribers|transactions|units|stores)(?![a-z]))"
)


def names_measure(label: str) -> bool:
    """Whether a row label or a column heading names a unit of measure that is no money
    ("Production (Mboe/d)", "Selling square feet", "Inventory turns (x)", "Term"), and no
    price per such a unit ("Realized oil price ($/bbl)", "Rent per square foot"). A unit
    named outside brackets beside money ("Sales of CO2 allowances") names no cell's unit."""
    low = label.lower()
    m = _MEASURE.search(low)
    if m is None or PER_MEASURE.search(low) is not None:
        return False
    bracketed = low.rfind("(", 0, m.start() + 1) > low.rfind(")", 0, m.start())
    return bracketed or AMOUNT_WORDS.search(low) is None


# the word a figure in a table's cell is the number of: "Suite 1200", "Tier 2", "Year 1"
_NUMBERED = re.compile(
    r"(?<![a-z])(?:suite|tier|floor|level|phase|year|room|building|stage|step|class|series"
    r"|lot|parcel|unit|no\.?|#)\s*$"
)


def measured_after(cell: Cell, f: Figure) -> bool:
    """Whether the words after ``f`` in its cell name what it counts or measures, or the
    word before it is what it numbers ("Suite 1200"): no amount of money either way."""
    at, start = f.span[1] - cell.span[0], f.span[0] - cell.span[0]
    if not 0 <= start <= at <= len(cell.text):
        return False
    low = cell.text.lower()
    return _UNIT_AFTER.match(low, at) is not None or _NUMBERED.search(low, 0, start) is not None


@lru_cache(maxsize=4096)
def own_unit(label: str) -> str | None:
    """The unit a row label or a column heading names for its cells, without a scale:
    "Gross margin (%)" -> "percent", "Margin (bps chg)" -> "basis_point", "Diluted EPS ($)"
    and "Average selling price (in dollars)" -> "USD", "(days)" -> "count", "Basic EPS (p)"
    -> "GBP_pence"."""
    if "(" not in label:
        return None
    m = _OWN_UNIT.search(label)
    if m is None:
        return None
    if m.group("pct"):
        return "percent"
    if m.group("bp"):
        return "basis_point"
    if m.group("cur"):
        return currency_word(m.group("cur")) or "USD"
    if m.group("pence"):
        before = label[: m.start()].rstrip()
        if m.group("pence") == "P" or not before[-1:].isalpha():
            return None  # "2025(P)": a preliminary column, as BLS and BEA mark one
        return "GBP_pence"  # "Basic EPS (p)": hundredths of a pound, as UK reports print EPS
    if m.group("cents"):
        return "USD_cents"  # as the grammar reads "45 cents"
    low = label.lower()
    if m.group("count").lower().startswith("fte") and (
        AMOUNT_WORDS.search(low) is not None or RATIO.search(low) is not None
    ):
        return None  # "Net interest income (FTE)": fully taxable-equivalent, no headcount
    return "count"
