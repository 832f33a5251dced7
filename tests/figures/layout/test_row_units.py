"""Which unit, currency and scale a table row's cells take under a money scale note: rows
of rates and ratios named without the word "ratio" (NIM, ROE, yields, coverage, points), a
rate named inside an amount's label ("4.375% Senior Notes due 2031"), full-time
equivalents, revenue lines named with count words, wrapped per-share labels, per capita."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from _figures import figure, read

import tieout
from tieout.figures import extract, normalize
from tieout.gating import GateResult, claim_class
from tieout.gating.lazy import LazySource

D = Decimal


def verdict(result: GateResult) -> str | list[str]:
    return "pass" if result.passed else [c.key for c in result.rejected]


def lazy_agrees(source: str) -> list[tuple[str, str, str]]:
    """The figures (and their percent and dollar twins) the lazy reader finds otherwise
    than the full reading does."""
    text = normalize(source)
    reference = LazySource(text, "s").full()
    out = []
    for f in extract(text):
        if f.value is None or f.kind == "section":
            continue
        for v in (
            f,
            replace(f, kind="percent", unit="percent"),
            replace(f, kind="currency", unit="USD"),
        ):
            cls = claim_class(v) or "numeric"
            lazy = LazySource(text, "s").lookup(cls, v)
            if (lazy is None) != (reference.lookup(cls, v) is None):
                out.append((v.text, v.kind, str(v.value)))
    return out


# --------------------------------------------------------------------------- rates and ratios

BANK = """\
SELECTED FINANCIAL DATA
($ in millions)                                  3Q26      2Q26
Net income                                      187.4     176.0
Net interest margin                              3.41      3.35
NIM (FTE)                                        3.44      3.38
Return on average assets                         1.12      1.08
Return on average tangible common equity        15.40     14.95
ROE                                             11.80     11.20
Yield on loans                                   6.62      6.58
Cost of deposits                                 2.04      2.11
Efficiency ratio                                58.20     59.40
CET1 ratio                                      11.10     10.90
Tier 1 leverage                                  9.05      8.97
Net charge-offs to average loans                 0.41      0.38
Fee rate                                        41.20     41.90
Organic growth                                   4.70      3.90
Operating margin                                31.50     30.80
Dividend yield                                   2.85      2.91
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3.41", (D("3.41"), "percent", "percent")),  # Net interest margin
        ("3.44", (D("3.44"), "percent", "percent")),  # NIM (FTE): tax-equivalent, no count
        ("1.12", (D("1.12"), "percent", "percent")),  # Return on average assets
        ("15.40", (D("15.40"), "percent", "percent")),  # ROATCE spelled out
        ("11.80", (D("11.80"), "percent", "percent")),  # ROE
        ("6.62", (D("6.62"), "percent", "percent")),  # Yield on loans
        ("2.04", (D("2.04"), "percent", "percent")),  # Cost of deposits
        ("58.20", (D("58.20"), "percent", "percent")),  # Efficiency ratio
        ("11.10", (D("11.10"), "percent", "percent")),  # CET1 ratio
        ("31.50", (D("31.50"), "percent", "percent")),  # Operating margin
        ("2.85", (D("2.85"), "percent", "percent")),  # Dividend yield
        # rates and ratios of no certain unit: bare numbers, neither scaled nor dollars
        ("9.05", (D("9.05"), None, "number")),  # Tier 1 leverage
        ("0.41", (D("0.41"), None, "number")),  # Net charge-offs to average loans
        ("41.20", (D("41.20"), None, "number")),  # Fee rate (percent or bps)
        ("4.70", (D("4.70"), None, "number")),  # Organic growth
        ("187.4", (D("187400000.0"), "USD", "number")),  # Net income: scaled
    ],
)
def test_rate_rows_named_without_ratio_are_not_millions(text: str, expected: tuple) -> None:
    assert read(figure(extract(BANK), text)) == expected


def test_a_margin_row_confirms_its_percent_and_no_dollar_amount() -> None:
    assert verdict(tieout.gate("Net interest margin was 3.41% in 3Q26.", sources=[BANK])) == "pass"
    assert verdict(tieout.gate("ROE was 11.80% and ROA 1.12%.", sources=[BANK])) == "pass"
    assert verdict(tieout.gate("Fee income was $3.41 million in 3Q26.", sources=[BANK])) == [
        "currency:USD:3410000"
    ]
    assert verdict(tieout.gate("Leverage capital was $9.05 million.", sources=[BANK])) == [
        "currency:USD:9050000"
    ]
    assert verdict(tieout.gate("Net income was $187.4 million.", sources=[BANK])) == "pass"
    assert lazy_agrees(BANK) == []


MONEY_NAMED_LIKE_RATES = """\
(in millions)                                           2026        2025
Expected return on plan assets                          (412)       (398)
Interest rate                                             45          38
Effect of exchange rate changes on cash                  (23)         17
Gross margin                                           1,204       1,118
Growth capital expenditures                              310         275
Transfers to loans held for sale                          88          61
Legal debt margin                                        902         877
Percentage rent                                           14          12
Fixed rate                                             1,200       1,150
Variable-rate                                            805         790
Effect of foreign exchange rates on cash                  (9)          4
"""


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("(412)", D("-412000000")),
        ("45", D("45000000")),
        ("(23)", D("-23000000")),
        ("1,204", D("1204000000")),
        ("310", D("310000000")),
        ("88", D("88000000")),
        ("902", D("902000000")),
        ("14", D("14000000")),
        ("1,200", D("1200000000")),
        ("805", D("805000000")),
        ("(9)", D("-9000000")),
    ],
)
def test_amounts_named_like_rates_keep_the_scale(text: str, value: Decimal) -> None:
    f = figure(extract(MONEY_NAMED_LIKE_RATES), text)
    assert (f.value, f.kind, f.scale_source) == (value, "number", "context")


POINTS = """\
CONSOLIDATED FINANCIAL HIGHLIGHTS
(in millions, except per share data and ratios)
                                        2026      2025
Net premiums earned                    2,508     2,352
Catastrophe losses (points)              6.7      10.8
Prior-year reserve development (pts)    (1.8)     (1.1)
"""


def test_points_rows_are_no_dollars() -> None:
    figs = extract(POINTS)
    assert read(figure(figs, "6.7")) == (D("6.7"), None, "number")
    assert read(figure(figs, "(1.8)")) == (D("-1.8"), None, "number")
    assert verdict(tieout.gate("Catastrophe losses were $6.7 million.", sources=[POINTS])) == [
        "currency:USD:6700000"
    ]
    assert verdict(tieout.gate("Net premiums earned were $2,508 million.", sources=[POINTS])) == (
        "pass"
    )


COVERAGE = """\
           HISTORICAL OPERATING RESULTS AND DEBT SERVICE COVERAGE
                         (dollars in thousands)
                                      FY2024        FY2025        FY2026
Net revenues available ...........   $ 45,914      $ 50,024      $ 53,162
Annual debt service ..............   $ 18,366      $ 20,010      $ 21,265
Debt service coverage ............       2.50          2.50          2.50
Plan fiduciary net position as a percentage of the
  total pension liability ........      68.14         65.10         66.02
"""


def test_coverage_and_percentage_rows_are_not_thousands() -> None:
    figs = extract(COVERAGE)
    assert read(figure(figs, "2.50")) == (D("2.50"), None, "number")
    assert read(figure(figs, "68.14")) == (D("68.14"), "percent", "percent")
    assert read(figure(figs, "$ 53,162")) == (D("53162000"), "USD", "currency")
    assert verdict(tieout.gate("Coverage was 2.50x in FY2026.", sources=[COVERAGE])) == "pass"
    assert verdict(tieout.gate("Coverage was 2,500x in FY2026.", sources=[COVERAGE])) == [
        "number:2500"
    ]
    assert verdict(tieout.gate("The plan was 68.14% funded.", sources=[COVERAGE])) == "pass"
    assert verdict(tieout.gate("The funded ratio was $68.14 thousand.", sources=[COVERAGE])) == [
        "currency:USD:68140"
    ]
    assert lazy_agrees(COVERAGE) == []


BLOCK = """\
UNDERWRITING RATIOS
                                         Three Months Ended September 30,
                                           2026       2025
Loss and LAE ratio                         61.6 %     66.4 %
Underwriting expense ratio                 30.2       29.0
Dividends to policyholders ratio            0.4        0.3
Combined ratio                             92.2 %     95.7 %
"""


def test_ratio_rows_between_two_that_print_percent_are_percents() -> None:
    figs = extract(BLOCK)
    assert read(figure(figs, "30.2")) == (D("30.2"), "percent", "percent")
    assert read(figure(figs, "0.4")) == (D("0.4"), "percent", "percent")
    result = tieout.gate("The expense ratio was 30.2%, up from 29.0%.", sources=[BLOCK])
    assert verdict(result) == "pass"
    assert lazy_agrees(BLOCK) == []


# --------------------------------------------------------------------------- a rate in an amount's label

DEBT = """\
Long-term debt consisted of the following (in millions):
                                                 2026          2025
4.375% Senior Notes due 2031                  $   750       $   750
5.125% Senior Notes due 2034                      400            —
50% of policyholder dividend liability            169           162
Debt limit (3.75% of assessed valuation)        1,178         1,131
Less: vacancy & collection loss (7.0%)            (52)          (48)
Total debt                                      2,445         2,195
% of total capitalization                          41            39
"""


@pytest.mark.parametrize(
    ("text", "value"),
    [("$   750", D("750000000")), ("400", D("400000000")), ("169", D("169000000")),
     ("1,178", D("1178000000")), ("(52)", D("-52000000")), ("2,445", D("2445000000"))],
)  # fmt: skip
def test_a_rate_named_in_an_amounts_label_keeps_the_scale(text: str, value: Decimal) -> None:
    f = figure(extract(DEBT), text)
    assert (f.value, f.scale_source) == (value, "context")


def test_a_percent_row_of_the_debt_table_is_a_percent() -> None:
    assert read(figure(extract(DEBT), "41")) == (D("41"), "percent", "percent")
    result = tieout.gate("Acme has $750 million of 2031 notes and $400 million of 2034 notes.",
                         sources=[DEBT])  # fmt: skip
    assert verdict(result) == "pass"
    assert verdict(tieout.gate("Acme has $750 of 2031 notes.", sources=[DEBT])) == [
        "currency:USD:750"
    ]


PRO_FORMA = """\
                 DIRECT CAPITALIZATION - STABILIZED PRO FORMA
                                                 Total          $/RSF
Potential gross income ....................  $14,997,600        $48.00
Less: vacancy & collection loss (7.0%) ....   (1,049,832)        (3.36)
Net operating income ......................  $ 9,842,310       $ 31.50
"""


def test_a_rate_in_the_label_keeps_the_rows_currency() -> None:
    result = tieout.gate("Vacancy loss is $1,049,832 ($3.36 per RSF).", sources=[PRO_FORMA])
    assert verdict(result) == "pass"


# --------------------------------------------------------------------------- counts and amounts

FTE = """\
FINANCIAL SUMMARY
($ in thousands, except per share data)              3Q26          2Q26
Net interest income (FTE)(1)                      512,604       498,771
Net interest income, FTE                          512,604       498,771
FTE adjustment                                      3,118         3,052
Noninterest income                                148,322       139,455
Full-time equivalent employees                      4,812         4,790
"""

BUDGET = """\
STATE OF CASCADIA - GENERAL FUND BALANCE SHEET
(dollars in millions)

|  | FY 2025-26 | FY 2026-27 |
|---|---|---|
| Revenue forecast | 34,870.0 | 36,020.0 |
| State FTEs | 29,266 | 29,661 |
| Full-time equivalent positions | 29,188 | 29,604 |
| FTEs | 29,301 | 29,702 |
"""


def test_taxable_equivalent_income_is_money_and_fte_counts_are_not() -> None:
    figs = extract(FTE)
    assert read(figure(figs, "498,771")) == (D("498771000"), "USD", "number")
    assert read(figure(figs, "498,771", 1)) == (D("498771000"), "USD", "number")
    assert read(figure(figs, "3,052")) == (D("3052000"), "USD", "number")
    assert figure(figs, "4,790").implied_unit == "count"
    result = tieout.gate("Net interest income was $498.771 million in 2Q26.", sources=[FTE])
    assert verdict(result) == "pass"
    assert verdict(tieout.gate("Staff costs were $4.79 million.", sources=[FTE])) == [
        "currency:USD:4790000"
    ]


@pytest.mark.parametrize("text", ["29,661", "29,604", "29,702"])
def test_fte_rows_of_a_money_table_are_counts(text: str) -> None:
    assert figure(extract(BUDGET), text).implied_unit == "count"


def test_fte_rows_confirm_no_dollars() -> None:
    result = tieout.gate("State personnel spending is $29.661 billion.", sources=[BUDGET])
    assert verdict(result) == ["currency:USD:29661000000"]
    assert verdict(tieout.gate("The state will employ 29,661 FTEs.", sources=[BUDGET])) == "pass"
    assert verdict(tieout.gate("Revenue is $36.02 billion.", sources=[BUDGET])) == "pass"


ACFR = """\
                      BUDGET AND ACTUAL - GENERAL FUND
                         (amounts expressed in thousands)
                                   Final         Actual      Variance
REVENUES
  Property taxes ..............  $ 71,250       $ 73,018       $ 1,768
  Utility users tax ...........    14,200         15,011           811
  Transactions and use tax ....     9,900         10,214           314
  Licenses and permits ........     6,115          6,740           625
  Charges to customers ........     3,402          3,518           116
  Housing units fees ..........     1,210          1,288            78
  Number of customers .........    41,207         41,950           743
"""


@pytest.mark.parametrize("text", ["15,011", "10,214", "6,740", "3,518", "1,288"])
def test_revenue_lines_named_with_count_words_are_amounts(text: str) -> None:
    f = figure(extract(ACFR), text)
    assert (f.value, f.implied_unit) == (D(text.replace(",", "")) * 1000, "USD")
    assert f.scale_source == "context"


def test_a_customer_count_stays_a_count() -> None:
    f = figure(extract(ACFR), "41,950")  # "Number of": no amount, no scale
    assert (f.value, f.implied_unit, f.scale_source) == (D(41950), None, "none")
    result = tieout.gate(
        "The utility users tax brought in $15.011 million and permits $6.74 million.",
        sources=[ACFR],
    )
    assert verdict(result) == "pass"
    assert verdict(tieout.gate("Customers paid $41.95 million.", sources=[ACFR])) == [
        "currency:USD:41950000"
    ]


# --------------------------------------------------------------------------- wrapped labels

WRAPPED = """\
CONSOLIDATED FINANCIAL HIGHLIGHTS
(dollars in millions, except per share data)
                                         Three Months Ended           Nine Months Ended
                                            September 30,                September 30,
                                        2026      2025              2026      2025
Core operating income                    455       341             1,247       998
Core operating income per
  diluted share(1)                      4.28      3.10             11.67      9.03
Net income attributable to
  noncontrolling interests                12         9                31        27
Earnings per share:
  Basic                                 4.31      3.12             11.74      9.08
"""


def test_a_per_share_label_wrapped_onto_two_lines_is_per_share() -> None:
    figs = extract(WRAPPED)
    f = figure(figs, "4.28")
    assert (f.value, f.implied_unit, f.scale_source) == (D("4.28"), "USD", "none")
    assert f.where is not None and f.where.startswith(
        "row Core operating income per diluted share(1), column"
    )
    g = figure(figs, "12")  # a wrapped label of an amount keeps the scale
    assert (g.value, g.scale_source) == (D(12000000), "context")
    assert g.where is not None and "Net income attributable to noncontrolling interests" in g.where
    h = figure(figs, "4.31")  # a group and its row, as before
    assert (h.value, h.implied_unit) == (D("4.31"), "USD")
    assert h.where is not None and h.where.startswith("row Earnings per share: Basic")


def test_a_wrapped_per_share_row_confirms_its_amount_and_no_millions() -> None:
    result = tieout.gate("Core EPS was $11.67 for the first nine months.", sources=[WRAPPED])
    assert verdict(result) == "pass"
    result = tieout.gate("Core operating income was $4.28 million.", sources=[WRAPPED])
    assert verdict(result) == ["currency:USD:4280000"]
    assert lazy_agrees(WRAPPED) == []


# --------------------------------------------------------------------------- per capita


@pytest.mark.parametrize(
    "note",
    [
        "(dollars in thousands, except per capita amounts)",
        "(in thousands, except per capita)",
        "(amounts expressed in thousands, except per capita data)",
    ],
)
def test_a_per_capita_column_is_dollars_unscaled(note: str) -> None:
    source = f"""\
            RATIOS OF OUTSTANDING DEBT BY TYPE
            {note}

  Fiscal     General Obligation    Lease Revenue     Total Primary       Per
   Year           Bonds                Bonds          Government        Capita
   2025         $101,640             $42,115          $143,755          $ 781
   2026           95,710              40,020           135,730            724
"""
    figs = extract(source)
    assert read(figure(figs, "724")) == (D(724), "USD", "number")
    assert read(figure(figs, "$ 781")) == (D(781), "USD", "currency")
    assert figure(figs, "95,710").value == D(95710000)
    assert verdict(tieout.gate("Per capita debt was $724 in 2026.", sources=[source])) == "pass"
    result = tieout.gate("Per capita debt was $724 thousand in 2026.", sources=[source])
    assert verdict(result) == ["currency:USD:724000"]


def test_a_per_capita_row_is_dollars_unscaled() -> None:
    source = """\
(dollars in thousands, except per capita)
                                        2026        2025
Net general bonded debt               95,710     101,640
Net bonded debt per capita               724         781
"""
    figs = extract(source)
    assert read(figure(figs, "724")) == (D(724), "USD", "number")
    assert figure(figs, "95,710").value == D(95710000)


# --------------------------------------------------------------------------- a UK statement

UK = """\
Consolidated income statement
For the 52 weeks ended 28 February 2026

                                              Note        2026         2025
                                                            £m           £m
Revenue                                          3      2,418.7      2,277.5
Operating costs                                  4       (510.0)      (486.2)
Adjusting items                                  5        (38.6)       (21.9)
Profit for the year                                       186.1        174.9

Earnings per share (pence)
Basic                                            8         42.6         39.8
Diluted                                          8         42.1         39.4
"""


def test_a_note_column_holds_no_amounts() -> None:
    figs = extract(UK)
    f = figure(figs, "5")
    assert (f.value, f.implied_unit, f.scale_source) == (D(5), None, "none")
    assert figure(figs, "2,418.7").value == D("2418700000.0")
    result = tieout.gate("Adjusting items included a £5m impairment.", sources=[UK])
    assert verdict(result) == ["currency:GBP:5000000"]


def test_eps_rows_under_a_pence_sub_heading_are_pence() -> None:
    figs = extract(UK)
    f = figure(figs, "42.6")
    assert (f.value, f.unit, f.kind) == (D("0.426"), "GBP", "currency")
    assert f.where == "row Earnings per share (pence): Basic, column 2026"
    assert verdict(tieout.gate("Basic EPS was 42.6p, diluted 42.1p.", sources=[UK])) == "pass"
    assert verdict(tieout.gate("Basic EPS was £42.6m.", sources=[UK])) == ["currency:GBP:42600000"]
    assert lazy_agrees(UK) == []


# --------------------------------------------------------------------------- per-share currency

EPS = """\
{declaration}
CONDENSED CONSOLIDATED STATEMENTS OF INCOME
{note}
                                         2026      2025
Net income                                412       298
Net income per diluted share             3.87      2.71
"""


@pytest.mark.parametrize(
    "note",
    [
        "(in millions, except per share data)",
        "(in millions, except per share data and ratios)",
        "(dollars in millions, except per share data)",
    ],
)
def test_per_share_cells_under_a_note_naming_no_currency_are_dollars(note: str) -> None:
    source = EPS.format(declaration="", note=note)
    assert read(figure(extract(source), "3.87")) == (D("3.87"), "USD", "number")
    result = tieout.gate("Diluted EPS was $3.87, up from $2.71.", sources=[source])
    assert verdict(result) == "pass"
    assert verdict(tieout.gate("Diluted EPS was $3.78.", sources=[source])) == ["currency:USD:3.78"]
    assert lazy_agrees(source) == []


def test_per_share_cells_take_the_dollar_the_document_declares() -> None:
    source = EPS.format(
        declaration="All amounts are in Canadian dollars unless otherwise noted.\n",
        note="(in millions, except per share data)",
    )
    assert read(figure(extract(source), "3.87")) == (D("3.87"), "CAD", "number")
    assert verdict(tieout.gate("Diluted EPS was $3.87.", sources=[source])) == ["currency:USD:3.87"]
    assert verdict(tieout.gate("Diluted EPS was C$3.87.", sources=[source])) == "pass"


# --------------------------------------------------------------------------- points

RATIOS_TABLE = """\
CONSOLIDATED FINANCIAL HIGHLIGHTS
(in millions, except per share data and ratios)
                                        2026      2025
Net premiums earned                    2,508     2,352
Combined ratio                         91.8%     95.4%
Catastrophe losses (points)              6.7      10.8
Prior-year reserve development (pts)    (1.8)     (1.1)

UNDERWRITING RATIOS
                                        2026      2025  Pts Change
Loss and LAE ratio                     61.6%     66.4%     (4.8)
Combined ratio                         91.8%     95.4%     (3.6)
Catastrophe losses                       5.9      10.0     (4.1)
"""


@pytest.mark.parametrize(
    ("text", "nth"),
    [("6.7", 0), ("(1.8)", 0), ("(4.8)", 0), ("(3.6)", 0), ("5.9", 0), ("(4.1)", 0)],
)
def test_points_next_to_ratios_are_bare_numbers(text: str, nth: int) -> None:
    f = figure(extract(RATIOS_TABLE), text, nth)
    assert (f.kind, f.implied_unit, f.scale_source) == ("number", None, "none")
    assert f.value is not None and abs(f.value) < 11


def test_points_confirm_no_dollars_and_the_amounts_keep_their_scale() -> None:
    for draft, key in [
        ("Catastrophe losses were $6.7 million in 2026.", "currency:USD:6700000"),
        ("Catastrophe losses were $5.9 million.", "currency:USD:5900000"),
        ("Catastrophe losses fell by $4.1 million.", "currency:USD:4100000"),
    ]:
        assert verdict(tieout.gate(draft, sources=[RATIOS_TABLE])) == [key]
    result = tieout.gate("Net premiums earned were $2,508 million.", sources=[RATIOS_TABLE])
    assert verdict(result) == "pass"
    assert lazy_agrees(RATIOS_TABLE) == []


def test_a_us_per_share_sub_heading_with_no_colon_labels_its_rows() -> None:
    source = """\
CONDENSED CONSOLIDATED STATEMENTS OF INCOME
(in millions)
                                         2026      2025
Revenue                                 4,812     4,377
Net income                                412       298

Net income per share
Basic                                    3.91      2.74
Diluted                                  3.87      2.71
"""
    figs = extract(source)
    f = figure(figs, "3.87")
    assert (f.value, f.implied_unit, f.scale_source) == (D("3.87"), "USD", "none")
    assert f.where == "row Net income per share: Diluted, column 2026"
    assert verdict(tieout.gate("Diluted EPS was $3.87.", sources=[source])) == "pass"
    assert verdict(tieout.gate("Net income was $3.87 million.", sources=[source])) == [
        "currency:USD:3870000"
    ]
    assert lazy_agrees(source) == []
