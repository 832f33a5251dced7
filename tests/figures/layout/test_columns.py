"""Table column headings: which currency, scale and period each column takes, and header
rows read as headers, never as rows of figures."""

from __future__ import annotations

from decimal import Decimal

import tieout
from tieout.documents.html import read_html


def _cells(text: str, label: str) -> list[tuple[str, Decimal | None, str | None, str | None]]:
    """The figures of the row ``label``: text, value, unit (own or implied), period label."""
    out = []
    for f in tieout.extract(text):
        if f.where and f.where.startswith(f"row {label},"):
            out.append(
                (f.text, f.value, f.unit or f.implied_unit, f.period.label if f.period else None)
            )
    return out


def _passes(draft: str, source: str) -> bool:
    return tieout.gate(draft, sources=[source]).passed


def _rejected(draft: str, source: str) -> list[str]:
    return [c.key for c in tieout.gate(draft, sources=[source]).rejected]


# --------------------------------------------------------------- currency row under years

CONVENIENCE = """Selected consolidated statements of operations data

                                          For the Year Ended December 31,
                                       2024            2025            2026
                                        RMB             RMB             RMB            US$
                                  (in millions, except for per share data)
Revenues                              4,218.6         5,031.2         5,884.9          826.8
Operating income                        512.3           640.8           771.4          108.4
"""


def test_a_currency_row_under_the_years_gives_each_column_its_currency() -> None:
    assert _cells(CONVENIENCE, "Revenues") == [
        ("4,218.6", Decimal("4218600000.0"), "CNY", "Year Ended December 31, 2024"),
        ("5,031.2", Decimal("5031200000.0"), "CNY", "Year Ended December 31, 2025"),
        ("5,884.9", Decimal("5884900000.0"), "CNY", "Year Ended December 31, 2026"),
        ("826.8", Decimal("826800000.0"), "USD", None),
    ]
    assert _passes("Revenues were RMB5,884.9 million (US$826.8 million) in 2026.", CONVENIENCE)
    assert _rejected("Revenues were US$5,884.9 million in 2026.", CONVENIENCE) == [
        "currency:USD:5884900000"
    ]
    assert _rejected("Revenues were €4,218.6 million.", CONVENIENCE) == ["currency:EUR:4218600000"]
    assert _rejected("Revenues were RMB826.8 million.", CONVENIENCE) == ["currency:CNY:826800000"]


def test_units_under_the_years_scale_each_column_in_its_own_currency() -> None:
    src = """Consolidated balance sheet data

                                   As of December 31,
                                   2025          2026          2026
                                 RMB'000       RMB'000       US$'000
Cash and cash equivalents      4,902,118     5,613,407       788,622
Total assets                  19,220,845    22,118,330     3,107,379
"""
    assert _passes("Cash was US$788,622 thousand and RMB5,613,407 thousand.", src)
    assert _rejected("Cash was RMB788,622 thousand.", src) == ["currency:CNY:788622000"]
    assert _rejected("Total assets were RMB3,107,379 thousand.", src) == ["currency:CNY:3107379000"]


def test_an_html_table_with_a_convenience_column_keys_each_column_in_its_currency() -> None:
    html = b"""<html><body><p>(in millions)</p><table>
<tr><td></td><td colspan="4">For the Year Ended December 31,</td></tr>
<tr><td></td><td>2024</td><td>2025</td><td>2026</td><td>2026</td></tr>
<tr><td></td><td>RMB</td><td>RMB</td><td>RMB</td><td>US$</td></tr>
<tr><td>Revenues</td><td>4,218.6</td><td>5,031.2</td><td>5,884.9</td><td>826.8</td></tr>
</table></body></html>"""
    src = read_html(html, "x.html")
    r = tieout.gate("Revenues were US$5,884.9 million.", sources=[src])
    assert [c.key for c in r.rejected] == ["currency:USD:5884900000"]
    assert tieout.gate("Revenues were RMB5,884.9 million.", sources=[src]).passed
    assert tieout.gate("Revenues were US$826.8 million.", sources=[src]).passed


def test_column_groups_in_yen_millions_and_dollar_thousands() -> None:
    src = """CONSOLIDATED STATEMENTS OF INCOME
                                        Millions of yen          Thousands of
                                                                 U.S. dollars
                                      2025          2026             2026
Net sales                         ¥ 2,310,442   ¥ 2,488,015     $ 16,616,712
Operating income                      188,407       201,993        1,349,049
"""
    assert _cells(src, "Operating income") == [
        ("188,407", Decimal("188407000000"), "JPY", "2025"),
        ("201,993", Decimal("201993000000"), "JPY", "2026"),
        ("1,349,049", Decimal("1349049000"), "USD", "2026"),
    ]
    assert _passes("Operating income was $1,349,049 thousand (¥201,993 million).", src)
    assert _rejected("Operating income was ¥1,349,049 million.", src) == [
        "currency:JPY:1349049000000"
    ]


# ------------------------------------------------------------------- headings with figures

UK = """Group income statement
For the 52 weeks ended 28 February 2026
                              2026 £m    2025 (restated) £m
Revenue                       3,104.6       2,951.0
Operating profit                402.7         377.9
"""


def test_a_year_and_its_unit_on_one_heading_line() -> None:
    assert _cells(UK, "Revenue") == [
        ("3,104.6", Decimal("3104600000.0"), "GBP", "2026"),
        ("2,951.0", Decimal("2951000000.0"), "GBP", "2025"),
    ]
    assert _passes("Revenue was £3,104.6m and operating profit £402.7m.", UK)
    # "£m    2025" across two headings is no figure
    assert _rejected("Order intake was £2,025m.", UK) == ["currency:GBP:2025000000"]
    dollars = "Results\n                      2026 $m    2025 $m\nRevenue               812.5      790.1\n"
    assert _passes("Revenue was $812.5m.", dollars)
    assert _rejected("Bookings were $2,025m.", dollars) == ["currency:USD:2025000000"]


def test_a_year_with_a_glued_footnote_digit_is_a_heading() -> None:
    src = """Consolidated income statement
(£ million)
                      2026        20251
Revenue              3,104.6      2,951.0
Operating profit       402.7        377.9

1 Restated for the adoption of IFRS 18.
"""
    assert _cells(src, "Revenue") == [
        ("3,104.6", Decimal("3104600000.0"), "GBP", "2026"),
        ("2,951.0", Decimal("2951000000.0"), "GBP", "2025"),
    ]
    assert _rejected("Capital expenditure was £2,026m.", src) == ["currency:GBP:2026000000"]
    assert _rejected("Revenue was £20,251m.", src) == ["currency:GBP:20251000000"]
    # a row of five-digit figures alone is data, not a row of glued years
    data = "Units shipped\n                      Plant A     Plant B\nUnits                 20251       19874\n"
    assert [f.value for f in tieout.extract(data) if f.where] == [Decimal(20251), Decimal(19874)]


def test_range_headings_are_no_amounts() -> None:
    src = """Contractual obligations at December 31, 2026 were as follows (in millions):

                          Total    Less than 1 yr   1-3 years   3-5 years   After 5 years
Long-term debt          $ 2,410      $   120        $   310     $   705       $ 1,275
Operating leases            233          52             84          57            40
"""
    for claim in ("$1 million", "$3 million", "$5 million"):
        assert not _passes(f"The reserve was {claim}.", src)
    assert _passes("Long-term debt due in 1-3 years was $310 million.", src)


def test_biennium_headings_are_no_amounts() -> None:
    src = """                  TABLE 3. GENERAL FUND BALANCE
                  (dollars in millions)
                                           2023-25          2025-27
                                           Enacted          Proposed
Beginning balance ....................      2,904.1          1,877.3
"""
    assert _rejected("The biennium opened with $2.023 billion.", src) == ["currency:USD:2023000000"]
    fy = """                  TABLE 4. HIGHER EDUCATION
                  (dollars in billions)
                                       FY 2025-26     FY 2026-27
Universities ......................       11.42          11.87
"""
    assert _rejected("Spending totals $2.025 trillion.", fy) == ["currency:USD:2025000000000"]
    assert _passes("University spending is $11.42 billion.", fy)


# ------------------------------------------------------------------ one column's own note


def test_a_note_heading_one_column_scales_that_column_only() -> None:
    src = """                 DEMOGRAPHIC AND ECONOMIC STATISTICS

                              Personal Income      Per Capita       Unemployment
  Year      Population       (in thousands)    Personal Income        Rate
  2024       203,118         $12,904,377          $63,531             4.4%
  2025       206,904          13,522,019           65,354             3.9
"""
    assert _passes("Personal income was $13,522,019 thousand in 2025.", src)
    assert _rejected("The population was 206.904 million.", src) == ["number:206904000"]
    assert _rejected("Per capita income was $65.354 million.", src) == ["currency:USD:65354000"]


def test_a_note_in_the_last_columns_wrapped_heading_scales_that_column_only() -> None:
    src = """Issuer Purchases of Equity Securities

                                                                  Total Number of      Approximate Dollar
                                Total Number     Average Price    Shares Purchased as  Value of Shares that
                                of Shares        Paid per         Part of Publicly     May Yet Be Purchased
Period                          Purchased        Share            Announced Program    (in millions)
October 1 - October 31, 2026      311,420        $ 91.12            311,420            $ 702.5
November 1 - November 30, 2026    298,007        $ 92.40            298,007            $ 675.0
"""
    assert _passes("Shares were bought at $91.12 on average; $702.5 million remains.", src)
    assert _rejected("Acme spent $91.12 million on buybacks.", src) == ["currency:USD:91120000"]
    assert _rejected("Acme bought 311,420 million shares.", src) == ["number:311420000000"]


# ------------------------------------------------------------------ rate and yield columns


def test_a_yield_column_without_percent_signs_is_in_percent() -> None:
    src = """INVESTED ASSETS
(dollars in millions)
                               Carrying value     % of total     Book yield
Public corporate bonds             38,904             46.2           4.71
Residential mortgage loans          9,815             11.7           5.08
Total                              84,211            100.0           4.66
"""
    assert _cells(src, "Residential mortgage loans") == [
        ("9,815", Decimal("9815000000"), "USD", None),
        ("11.7", Decimal("11.7"), "percent", None),
        ("5.08", Decimal("5.08"), "percent", None),
    ]
    assert _passes("Residential mortgage loans yielded 5.08%.", src)
    assert _rejected("Mortgage loan income was $5.08 million.", src) == ["currency:USD:5080000"]


def test_an_average_balance_sheet_yield_rate_column_under_abbreviated_headings() -> None:
    src = """AVERAGE BALANCES AND RATES
(dollars in millions)                     Average    Interest    Yield/
                                          Balance    Inc./Exp.    Rate
Loans and leases                           38,112       601.9     6.32
Investment securities                      12,940       119.4     3.69
"""
    assert _cells(src, "Loans and leases") == [
        ("38,112", Decimal("38112000000"), "USD", None),
        ("601.9", Decimal("601900000.0"), "USD", None),
        ("6.32", Decimal("6.32"), "percent", None),
    ]
    assert _rejected("Loan fees were $6.32 million.", src) == ["currency:USD:6320000"]


def test_two_period_groups_side_by_side_keep_their_scale_and_periods() -> None:
    src = """AVERAGE BALANCE SHEET, YIELDS AND RATES
                                          Three Months Ended September 30, 2026   Three Months Ended September 30, 2025
(dollars in millions)                     Average    Interest    Yield/       Average    Interest    Yield/
                                          Balance    Inc./Exp.    Rate        Balance    Inc./Exp.    Rate
Loans and leases                           38,112       601.9     6.32%        36,540       570.2     6.24%
"""
    cells = _cells(src, "Loans and leases")
    assert [(v, u) for _, v, u, _ in cells] == [
        (Decimal("38112000000"), "USD"),
        (Decimal("601900000.0"), "USD"),
        (Decimal("6.32"), "percent"),
        (Decimal("36540000000"), "USD"),
        (Decimal("570200000.0"), "USD"),
        (Decimal("6.24"), "percent"),
    ]
    periods = [
        tieout.extract(src)[i].period
        for i, f in enumerate(tieout.extract(src))
        if f.text in ("38,112", "36,540")
    ]
    assert [(p.start.isoformat(), p.end.isoformat()) for p in periods if p] == [
        ("2026-07-01", "2026-09-30"),
        ("2025-07-01", "2025-09-30"),
    ]
    assert _passes("Average loans were $38,112 million, up from $36,540 million.", src)


def test_a_tax_rate_column_is_unscaled_money() -> None:
    src = """        ASSESSED VALUE OF TAXABLE PROPERTY
                       (dollars in thousands)

  Fiscal      Secured        Unsecured      Total Taxable     Total Direct
   Year       Property       Property       Assessed Value      Tax Rate
   2025     $24,118,302     $1,102,447       $25,220,749         1.0287
   2026      25,340,915      1,144,200        26,485,115         1.0306
"""
    assert [f.value for f in tieout.extract(src) if f.text == "1.0306"] == [Decimal("1.0306")]
    assert _passes("The total direct tax rate was $1.0306.", src)
    assert _rejected("The tax rate was $1,030.60.", src) == ["currency:USD:1030.6"]
    assert _passes("Total assessed value was $26,485,115 thousand.", src)


def test_a_fee_rate_column_is_neither_money_nor_a_known_percent() -> None:
    src = """AUM BY ASSET CLASS ($ in billions)
                          Sep 30, 2026   Sep 30, 2025   % Change   Fee rate Q3 26   Fee rate Q3 25
Active equity                  208.3          193.9        7.4          58.2           59.6
Alternatives                    44.6           40.1       11.2          88.7           87.9
"""
    assert _rejected("Alternatives AUM reached $88.7 billion.", src) == ["currency:USD:88700000000"]
    assert _rejected("Alternatives AUM rose by $11.2 billion.", src) == ["currency:USD:11200000000"]
    assert _rejected("Money market AUM was $26 billion.", src) == ["currency:USD:26000000000"]
    assert _passes("Alternatives AUM grew 11.2% to $44.6 billion.", src)


def test_a_percent_change_column_wins_over_the_rows_own_unit() -> None:
    src = """CONDENSED INCOME STATEMENT
(in thousands, except per share data and AUM)
                                          Q3 2026        Q3 2025     % Change
Total revenue                             688,210        640,004        7.5
Average AUM ($ in billions)                 704.8          631.0       11.7
"""
    assert _passes("Average AUM grew 11.7% to $704.8 billion.", src)
    assert _rejected("Average AUM rose by $11.7 billion.", src) == ["currency:USD:11700000000"]


def test_a_basis_heading_over_a_period_keeps_the_columns_period() -> None:
    src = """Statutory vs. GAAP Summary

(dollars in thousands)
                                            Statutory (SAP)                    GAAP
                                        9M 2026        9M 2025        9M 2026        9M 2025
Net income                              342,115        287,460        498,022        431,907
"""
    got = [
        (f.text, f.period.start.isoformat(), f.period.end.isoformat())
        for f in tieout.extract(src)
        if f.where and f.period
    ]
    assert got == [
        ("342,115", "2026-01-01", "2026-09-30"),
        ("287,460", "2025-01-01", "2025-09-30"),
        ("498,022", "2026-01-01", "2026-09-30"),
        ("431,907", "2025-01-01", "2025-09-30"),
    ]


# ------------------------------------------------------- columns in units other than money


def test_a_rent_rolls_area_and_share_columns_are_no_dollars() -> None:
    src = """                          RENT ROLL SUMMARY (as of October 1, 2026)
 Suite   Tenant                        RSF      % of NRA   Lease Exp.   Annual Rent    $/RSF
 100     Northgate Labs Inc.        41,508       14.2%     09/30/2030   $2,033,892    $49.00
 200     Cedar Clinical Group       33,120       11.3      01/31/2032    1,556,640     47.00
         Total / Wtd. Avg.         292,004      100.0%                 $13,213,180    $45.25
"""
    assert _rejected("Cedar Clinical Group pays $33,120 per year.", src) == [
        "currency:USD/year:33120"
    ]
    assert _rejected("Cedar pays $11.30 per RSF.", src) == ["currency:USD/sq ft:11.3"]
    assert _passes("Cedar Clinical Group leases 11.3% of NRA at $47.00 per RSF.", src)
    assert _passes("Cedar Clinical Group pays $1,556,640 a year.", src)


def test_percent_of_sales_headings_a_few_characters_off_head_only_their_columns() -> None:
    src = """Results of Operations
(Dollars in millions)
                                      % of              % of
                              2026    Net Sales   2025   Net Sales
Net sales                  $ 5,102     100.0   $ 4,770    100.0
Gross profit                 1,744      34.2     1,588     33.3
Operating income               702      13.8       611     12.8
"""
    assert _cells(src, "Operating income") == [
        ("702", Decimal("702000000"), "USD", "2026"),
        ("13.8", Decimal("13.8"), "percent", None),
        ("611", Decimal("611000000"), "USD", "2025"),
        ("12.8", Decimal("12.8"), "percent", None),
    ]
    assert _passes(
        "In 2025 gross profit was $1,588 million and operating income $611 million.", src
    )
    assert _rejected("Operating income grew 611%.", src) == ["percent:611"]


def test_columns_no_note_heads_keep_the_currency_their_own_cells_print() -> None:
    src = """                              Personal Income      Per Capita
  Year      Population       (in thousands)    Personal Income
  2024       203,118         $12,904,377          $63,531
  2025       206,904          13,522,019           65,354
"""
    assert _cells(src, "2025") == [
        ("206,904", Decimal("206904"), None, None),
        ("13,522,019", Decimal("13522019000"), "USD", None),
        ("65,354", Decimal("65354"), "USD", None),
    ]
    assert _passes("Per capita personal income was $65,354 in 2025.", src)
    assert _rejected("The population was $206,904.", src) == ["currency:USD:206904"]


def test_a_number_among_words_in_a_cell_takes_no_column_currency() -> None:
    src = """              MATURITY SCHEDULE - SERIES 2026B BONDS
 Maturity        Principal     Interest
 (June 1)          Amount        Rate       Yield       Price     CUSIP Suffix
   2034         $2,105,000      4.000%     3.380%     104.112        BK7
   2035          2,190,000      3.500      3.520       99.845        BL5

 $8,640,000  4.000% Term Bonds due June 1, 2043  Yield 3.960%  Price 100.318C  CUSIP 76881R BT2
 $9,315,000 4.000% Term Bonds due June 1, 2048* Yield 4.180%  Price  97.770    CUSIP 76881R BW5
"""
    assert _rejected("Each term bond costs $2,043.", src) == ["currency:USD:2043"]
    assert _rejected("The 2048 term bond costs $2,048.", src) == ["currency:USD:2048"]
    assert _passes("The 2035 maturity is $2,190,000 at a 3.52% yield.", src)


def test_a_loss_triangles_development_ages_are_headings_and_its_cells_are_scaled() -> None:
    src = """LOSS DEVELOPMENT — GENERAL LIABILITY
Cumulative incurred losses and allocated loss adjustment expenses, net of reinsurance
(in thousands of U.S. dollars)

Accident         Development age (months)
Year          12         24         36         48         60         72
2020       377,410    412,806    436,119    447,902    452,330    454,018
2021       391,225    430,617    455,840    466,173    470,559
"""
    assert [f.value for f in tieout.extract(src) if f.where and f.where.startswith("row 2021")] == [
        Decimal("391225000"),
        Decimal("430617000"),
        Decimal("455840000"),
        Decimal("466173000"),
        Decimal("470559000"),
    ]
    assert _passes("AY2021 losses at 12 months were $391,225 thousand.", src)
    assert _rejected("Reserves were $60,000.", src) == ["currency:USD:60000"]
    assert _rejected("Reserves were $72 thousand.", src) == ["currency:USD:72000"]


LEVELS_AT_ONE_DATE = """\
Plan assets:

|  |  | Basis of fair value measurement | Basis of fair value measurement |
| as of December 31 (in millions) | 2025 | Quoted prices (Level 1) | Observable inputs (Level 2) |
|---|---|---|---|
| Equities | $1,018 | $1,000 | $18 |
| Bonds | 246 | 62 | 184 |
"""


def test_level_columns_beside_one_balance_date_are_at_that_date() -> None:
    doc = tieout.Document.from_text("levels", LEVELS_AT_ONE_DATE)
    got = {f.text: f.period for f in doc.figures if f.where}
    for text in ("$1,018", "$18", "62", "184"):
        assert got[text] is not None and got[text].instant, text
        assert got[text].end.isoformat() == "2025-12-31", text


# the "$" is printed in the first column's total only; the second column's on its first row
SYMBOL_ON_A_LATER_ROW = """\
Condensed cash flows (in thousands)

|  | 2026 | 2025 |
|---|---|---|
| Net loss | (4,210) | $(3,870) |
| Depreciation | 1,022 | 944 |
| Net cash used in operating activities | $(3,188) | $(2,926) |
"""


def test_a_column_printing_its_currency_on_a_later_row_is_in_that_currency() -> None:
    doc = tieout.Document.from_text("cf", SYMBOL_ON_A_LATER_ROW)
    got = {f.text: (f.value, f.unit) for f in doc.figures if f.where}
    assert got["(4,210)"] == (-4_210_000, "USD")
    assert got["1,022"] == (1_022_000, "USD")
    assert got["944"] == (944_000, "USD")


# rates print "%" on their first and last rows only; the first row is the tax at that rate
RATE_RECONCILIATION = """\
Reconciliation (in millions, except percentages):

|  | 2025 | 2025 | 2024 | 2024 |
|---|---|---|---|---|
| Tax at the statutory rate | $3,150 | 21.0% | $2,940 | 21.0% |
| State taxes, net | 255 | 1.7 | 241 | 1.6 |
| Research credits | (96) | (0.6) | (88) | (0.6) |
| Provision for income taxes | $3,309 | 22.1% | $3,093 | 22.0% |

Rate reconciliation

| years ended June 30 | 2025 | 2024 |
|---|---|---|
| Statutory tax rate | 21.0% | 21.0% |
| Effect of foreign operations | 6.2 | (3.9) |
| Tax credits | (4.1) | (2.2) |
| Effective tax rate | 23.1% | 14.9% |
"""


def test_a_column_printing_percent_on_its_first_and_last_rows_is_in_percent() -> None:
    doc = tieout.Document.from_text("rates", RATE_RECONCILIATION)
    got = {f.text: (f.value, f.unit) for f in doc.figures if f.where}
    assert got["$3,150"] == (3_150_000_000, "USD")  # the tax at the rate, an amount
    assert got["255"] == (255_000_000, "USD")
    assert got["1.7"] == (Decimal("1.7"), "percent")
    assert got["(0.6)"] == (Decimal("-0.6"), "percent")
    assert got["6.2"] == (Decimal("6.2"), "percent")
    assert got["(2.2)"] == (Decimal("-2.2"), "percent")
