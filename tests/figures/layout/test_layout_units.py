"""Which rows and columns of a statement a scale note governs, and which carry a unit of
their own: per-share rows under an "Earnings per share:" label, share counts "in
thousands" under a note "in millions", a unit in one column's heading or in a row's label,
operating statistics under "except ... operating statistics". Each text is printed the way
10-Ks, 10-Qs and investor decks print them; each gate test pairs a faithful draft with one
that invents a scale, which must be refused.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from _figures import figure, read

import tieout
from tieout.figures import Figure, extract
from tieout.figures.layout import read_layout
from tieout.gating import GateResult

D = Decimal


def span_of(f: Figure) -> tuple[date, date] | None:
    return None if f.period is None else (f.period.start, f.period.end)


def verdict(result: GateResult) -> str | list[str]:
    return "pass" if result.passed else [f"{c.cls}:{c.text}" for c in result.rejected]


Q2_2026 = (date(2026, 4, 1), date(2026, 6, 30))
H1_2026 = (date(2026, 1, 1), date(2026, 6, 30))

# --------------------------------------------------------------------------- per-share rows

TEN_Q = """\
HARBORVIEW LOGISTICS CORP.
CONDENSED CONSOLIDATED STATEMENTS OF INCOME
(in millions, except per share data)

                                         Three Months Ended        Six Months Ended
                                              June 30,                 June 30,
                                          2026        2025         2026        2025
Operating revenues                      $ 2,318.4   $ 2,101.9    $ 4,540.2   $ 4,077.5
Operating expenses                        1,905.7     1,771.3      3,760.8     3,455.0
Net income                              $   287.6   $   231.4    $   548.9   $   430.2

Net income per share:
  Basic                                 $    1.74   $    1.38    $    3.32   $    2.57
  Diluted                                    1.73        1.37         3.30        2.55

Weighted-average shares outstanding:
  Basic                                     165.3       167.7        165.4       167.4
  Diluted                                   166.2       168.9        166.3       168.7
"""


def test_rows_under_a_per_share_label_are_per_share_amounts_with_their_columns() -> None:
    figs = extract(TEN_Q)
    basic, diluted = figure(figs, "$    1.74"), figure(figs, "1.73")
    assert read(basic) == (D("1.74"), "USD", "currency")
    assert read(diluted) == (D("1.73"), "USD", "number")  # not $1.73 million
    assert (
        diluted.where
        == "row Net income per share: Diluted, column Three Months Ended June 30, 2026"
    )
    assert span_of(diluted) == Q2_2026
    assert span_of(figure(figs, "3.30")) == H1_2026
    # the share counts under their own label keep the statement's millions, and no currency
    shares = figure(figs, "166.2")
    assert read(shares) == (D(166_200_000), "shares", "number")
    assert span_of(shares) == Q2_2026
    # the amounts above are as before
    assert read(figure(figs, "1,905.7")) == (D(1_905_700_000), "USD", "number")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Diluted EPS was $1.73 for the quarter, against $1.37 a year earlier.", "pass"),
        ("Basic earnings per share were $3.32 for the first half.", "pass"),
        ("Diluted weighted-average shares were 166.2 million.", "pass"),
        ("Diluted EPS was $1.73 million.", ["currency:$1.73 million"]),
        ("Basic EPS came to 1,740,000 dollars.", ["currency:1,740,000 dollars"]),
    ],
)
def test_the_gate_on_per_share_rows(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[TEN_Q])) == expected


# an HTML filing's statement as the HTML reader writes it: no indent is left
HTML_STATEMENT = """\
(In millions, except per share amounts)

|  | Year Ended December 31, | Year Ended December 31, |
|  | 2026 | 2025 |
|---|---|---|
| Net sales | $3,912.0 | $3,604.8 |
| Costs and expenses: |  |  |
| Cost of sales | 2,466.3 | 2,391.0 |
| Selling and administrative | 902.5 | 1,148.1 |
| Total costs and expenses | 3,368.8 | 3,539.1 |
| Operating income | 543.2 | 65.7 |
| Net income (loss) | $402.7 | $(35.1) |
| Earnings (loss) per share: |  |  |
| Basic | $4.11 | $(0.36) |
| Diluted | $4.05 | $(0.36) |
| Weighted-average common shares outstanding: |  |  |
| Basic | 98.0 | 97.6 |
| Diluted | 99.4 | 97.6 |
"""


def test_a_label_row_of_a_markdown_table_heads_the_rows_under_it() -> None:
    figs = extract(HTML_STATEMENT)
    assert read(figure(figs, "$4.05")) == (D("4.05"), "USD", "currency")
    # the label row stays out of the row's own label (and so its locator)
    assert figure(figs, "$4.05").where == "row Diluted, column Year Ended December 31, 2026"
    assert read(figure(figs, "99.4")) == (D(99_400_000), "shares", "number")
    # a total closes its group: the rows after it are amounts again
    assert read(figure(figs, "3,368.8")) == (D(3_368_800_000), "USD", "number")
    assert read(figure(figs, "543.2")) == (D(543_200_000), "USD", "number")
    assert verdict(tieout.gate("Diluted EPS was $4.05.", sources=[HTML_STATEMENT])) == "pass"
    assert verdict(tieout.gate("Diluted EPS was $4.05 million.", sources=[HTML_STATEMENT])) == [
        "currency:$4.05 million"
    ]
    # a share count is no amount of money: it confirms the count, never dollars
    assert verdict(tieout.gate("Diluted shares were 99.4 million.", [HTML_STATEMENT])) == "pass"
    assert verdict(tieout.gate("Shares were $99.4 million.", [HTML_STATEMENT])) == [
        "currency:$99.4 million"
    ]


# --------------------------------------------------------------------------- share counts


@pytest.mark.parametrize(
    ("note", "shares"),
    [
        ("(In millions, except per share amounts; shares in thousands)", D(82_517_000)),
        ("(in millions, except per share data, and shares in thousands)", D(82_517_000)),
        ("(in thousands, except share and per share data)", D(82_517)),
        ("(in millions, except per share data)", D(82_517_000_000)),  # as the note says
    ],
)
def test_share_counts_take_the_scale_the_note_gives_shares(note: str, shares: Decimal) -> None:
    text = (
        f"{note}\n\n"
        "                                            2026        2025\n"
        "Net income                              $  512.3    $  466.0\n"
        "Weighted-average shares - basic           82,517      84,002\n"
        "Diluted net income per share            $   6.16    $   5.49\n"
    )
    figs = extract(text)
    unit = None if shares == 82_517 else "shares"  # a count: never a dollar amount
    assert read(figure(figs, "82,517")) == (shares, unit, "number")
    assert read(figure(figs, "$   6.16")) == (D("6.16"), "USD", "currency")
    net = D("512.3") * (1000 if "thousands," in note else 10**6)
    assert read(figure(figs, "$  512.3")) == (net, "USD", "currency")


def test_the_gate_on_shares_in_thousands() -> None:
    source = (
        "(In millions, except per share amounts; shares in thousands)\n\n"
        "                                            2026        2025\n"
        "Net income                              $  512.3    $  466.0\n"
        "Weighted-average shares - basic           82,517      84,002\n"
    )
    assert verdict(tieout.gate("Basic shares were 82.517 million.", sources=[source])) == "pass"
    assert verdict(tieout.gate("Basic shares were 82.517 billion.", sources=[source])) == [
        "numeric:82.517 billion"
    ]


# --------------------------------------------------------------------------- units of one column


SEGMENTS = """\
| Segment | Revenue ($M) | Growth (%) | Margin (bps chg) | Headcount |
|---|---:|---:|---:|---:|
| Payments | 918.2 | 11.5 | +140 | 2,640 |
| Lending | 455.0 | (3.1) | -20 | 1,180 |
"""


def test_a_unit_in_one_columns_heading_governs_that_column_only() -> None:
    [table] = read_layout(SEGMENTS).tables
    assert table.note is None
    assert sorted(table.col_notes) == [1]
    assert table.col_units == {2: "percent", 3: "basis_point"}
    figs = extract(SEGMENTS)
    assert read(figure(figs, "918.2")) == (D(918_200_000), "USD", "number")
    assert read(figure(figs, "11.5")) == (D("11.5"), "percent", "percent")
    assert read(figure(figs, "(3.1)")) == (D("-3.1"), "percent", "percent")
    assert read(figure(figs, "140")) == (D("1.40"), "basis_point", "percent")
    assert read(figure(figs, "2,640")) == (D(2640), None, "number")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Payments revenue was $918.2 million, up 11.5%; Lending fell 3.1%.", "pass"),
        ("Payments margin widened 140 bps.", "pass"),
        ("Payments had 2,640 employees.", "pass"),
        ("Payments backlog was $2.64 billion.", ["currency:$2.64 billion"]),
        ("Other income was $11.5 million.", ["currency:$11.5 million"]),
    ],
)
def test_the_gate_on_column_units(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[SEGMENTS])) == expected


KPIS = """\
| Metric | FY2026 | FY2025 |
|---|---:|---:|
| Revenue ($M) | 2,204.9 | 1,987.3 |
| Gross margin (%) | 58.2 | 56.9 |
| Employees | 6,120 | 5,840 |
| Diluted EPS ($) | 3.07 | 2.66 |
"""


def test_a_unit_in_a_rows_label_governs_that_row() -> None:
    figs = extract(KPIS)
    assert read(figure(figs, "2,204.9")) == (D(2_204_900_000), "USD", "number")
    assert read(figure(figs, "58.2")) == (D("58.2"), "percent", "percent")
    assert read(figure(figs, "6,120")) == (D(6120), None, "number")
    assert read(figure(figs, "3.07")) == (D("3.07"), "USD", "number")
    assert verdict(
        tieout.gate("Gross margin was 58.2% and diluted EPS $3.07.", sources=[KPIS])
    ) == ("pass")


SELECTED_DATA = """\
SELECTED OPERATING DATA
(in millions, except per share data, ratios and operating statistics)
                                          2026        2025
Net sales                             $ 6,305     $ 5,918
Days inventory outstanding                  62          66
Number of restaurants at year end          947         902
Guests served                              118         109
Average check (in dollars)              $ 1,310     $ 1,275
Sales per square foot                 $   688     $   655
Lease-adjusted leverage ratio             2.85        3.10
"""


def test_operating_statistics_under_a_millions_note_are_not_millions() -> None:
    figs = extract(SELECTED_DATA)
    assert read(figure(figs, "$ 6,305")) == (D(6_305_000_000), "USD", "currency")
    assert read(figure(figs, "62")) == (D(62), None, "number")
    assert read(figure(figs, "947")) == (D(947), None, "number")
    assert read(figure(figs, "$ 1,310")) == (D(1310), "USD", "currency")
    assert read(figure(figs, "$   688")) == (D(688), "USD", "currency")
    assert read(figure(figs, "2.85")) == (D("2.85"), None, "number")
    assert verdict(tieout.gate("The average check was $1,310.", sources=[SELECTED_DATA])) == "pass"
    assert verdict(
        tieout.gate(
            "Catering sales were $1.31 billion; 947 million guests.", sources=[SELECTED_DATA]
        )
    ) == ["currency:$1.31 billion", "numeric:947 million"]


def test_a_count_row_keeps_the_tables_scale_when_the_note_excepts_only_per_share() -> None:
    text = (
        "(in thousands, except per share data)\n\n"
        "| | 2026 |\n|---|---|\n| Revenue | $52,118 |\n| Paying customers | 1,204 |\n"
    )
    assert read(figure(extract(text), "1,204")) == (D(1_204_000), "count", "number")


def test_a_sentence_ending_in_a_colon_above_a_headed_table_labels_no_row() -> None:
    text = (
        "Revenue by region was as follows:\n\n"
        "| Region | 2026 | 2025 |\n|---|---|---|\n| Americas | $1,204 | $1,118 |\n| EMEA | 655 | 610 |\n"
    )
    assert figure(extract(text), "$1,204").where == "row Americas, column 2026"


def test_a_note_alone_in_a_heading_cell_is_the_tables_and_a_dollar_heading_keeps_the_scale() -> (
    None
):
    text = (
        "| | (in millions) | | | |\n"
        "| | 2026 | 2025 | Change ($) | Change (%) |\n"
        "|---|---:|---:|---:|---:|\n"
        "| Revenue | 1,204.3 | 1,098.1 | 106.2 | 9.7 |\n"
        "| Operating income | 240.8 | 221.5 | 19.3 | 8.7 |\n"
    )
    [table] = read_layout(text).tables
    assert table.note is not None
    assert (table.col_notes, table.col_units) == ({}, {4: "percent"})
    figs = extract(text)
    assert read(figure(figs, "1,098.1")) == (D(1_098_100_000), None, "number")
    # the heading's "($)" names the column's currency, never a scale: $106.2 million
    assert table.col_currencies == {3: "USD"}
    assert read(figure(figs, "106.2")) == (D(106_200_000), "USD", "number")
    assert read(figure(figs, "9.7")) == (D("9.7"), "percent", "percent")


def test_a_row_naming_shares_that_is_an_amount_keeps_the_tables_scale_and_currency() -> None:
    text = (
        "(In millions, except per share amounts; shares in thousands)\n\n"
        "                                            2026        2025\n"
        "Net income                                $  512.3    $  466.0\n"
        "Proceeds from issuance of common shares       38.2        41.0\n"
        "Repurchases of common shares                (412.0)     (300.5)\n"
        "Common shares outstanding at year end       81,904      83,377\n"
    )
    figs = extract(text)
    assert read(figure(figs, "38.2")) == (D(38_200_000), "USD", "number")
    assert read(figure(figs, "(412.0)")) == (D(-412_000_000), "USD", "number")
    assert read(figure(figs, "81,904")) == (D(81_904_000), "shares", "number")


UK_SUMMARY = (
    "Group income statement summary\n\n"
    "£m                           FY25      FY24    Change\n"
    "Revenue                     412.6     389.1      6.0%\n"
    "Basic EPS (p)                18.4      (1.5)      n/m\n"
    "Dividend per share (pence)    7.2       6.8      5.9%\n"
)


def test_a_row_in_pence_holds_hundredths_of_a_pound() -> None:
    figs = extract(UK_SUMMARY)
    assert read(figure(figs, "18.4")) == (D("0.184"), "GBP", "currency")
    assert read(figure(figs, "(1.5)")) == (D("-0.015"), "GBP", "currency")
    assert read(figure(figs, "7.2")) == (D("0.072"), "GBP", "currency")
    assert read(figure(figs, "412.6")) == (D("412.6") * 10**6, "GBP", "number")
    draft = "Basic EPS was 18.4p and the dividend 7.2 pence; revenue was £412.6 million."
    assert verdict(tieout.gate(draft, sources=[UK_SUMMARY])) == "pass"
    assert verdict(tieout.gate("Basic EPS was 18.4 pounds.", sources=[UK_SUMMARY])) == [
        "currency:18.4 pounds"
    ]


def test_a_column_in_pence_holds_hundredths_of_a_pound() -> None:
    table = "| Year | EPS (p) | Revenue (£m) |\n|---|---|---|\n| FY25 | 18.4 | 412.6 |\n"
    figs = extract(table)
    assert read(figure(figs, "18.4")) == (D("0.184"), "GBP", "currency")
    assert verdict(tieout.gate("EPS was 18.4p.", sources=[table])) == "pass"


# --------------------------------------------------------------------------- share counts
# named for the per-share amounts they are used in

SHARES_USED = """\
CASCADE ANALYTICS, INC.
CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS
(in millions, except per share amounts)

                                                    2026        2025
Revenue                                          $ 2,140.5   $ 1,987.2
Net income                                           318.4       276.0
Net income per share, diluted                    $    2.52   $    2.20
Shares used in diluted per share calculation         126.3       125.5
Weighted average shares used in computing net income per share, basic   124.9   124.0
"""


def test_a_share_count_row_named_for_the_per_share_amount_is_shares() -> None:
    figs = extract(SHARES_USED)
    assert read(figure(figs, "126.3")) == (D(126_300_000), "shares", "number")
    assert read(figure(figs, "124.9")) == (D(124_900_000), "shares", "number")
    # the per-share row itself stays an unscaled amount per share
    assert read(figure(figs, "$    2.20")) == (D("2.20"), "USD", "currency")
    assert read(figure(figs, "318.4")) == (D(318_400_000), "USD", "number")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Diluted shares were 126.3 million, basic shares 124.9 million.", "pass"),
        ("Diluted EPS was $2.52.", "pass"),
        ("Diluted EPS was $126.3.", ["currency:$126.3"]),
        ("Basic EPS was $124.9 million.", ["currency:$124.9 million"]),
    ],
)
def test_the_gate_on_share_count_rows_named_for_per_share(
    draft: str, expected: str | list[str]
) -> None:
    assert verdict(tieout.gate(draft, sources=[SHARES_USED])) == expected


def test_an_html_10q_weighted_shares_row_is_thousands_of_shares() -> None:
    html_as_read = """\
(In thousands, except per share data)

| | 2026 | 2025 |
|---|---|---|
| Subscription revenue | $186,402 | $161,775 |
| Net loss per share, basic and diluted | $(0.09) | $(0.17) |
| Weighted-average shares used in computing net loss per share, basic and diluted | 91,482 | 86,117 |
"""
    figs = extract(html_as_read)
    assert read(figure(figs, "91,482")) == (D(91_482_000), "shares", "number")
    assert read(figure(figs, "$(0.09)")) == (D("-0.09"), "USD", "currency")
    assert (
        verdict(tieout.gate("Weighted-average shares were 91.482 million.", [html_as_read]))
        == "pass"
    )
    assert verdict(tieout.gate("Net loss per share was $91,482.", [html_as_read])) == [
        "currency:$91,482"
    ]


BANK_SHARES = """\
($ in millions, except per share data)                   4Q25       3Q25       4Q24
Net income                                            $   412    $   389    $   371
Period-end common shares outstanding (in millions)      142.3      143.1      145.8
"""


def test_a_share_count_row_with_its_own_note_is_shares_at_that_scale() -> None:
    [table] = read_layout(BANK_SHARES).tables
    assert [n.scale for n in table.row_notes.values()] == [10**6]
    figs = extract(BANK_SHARES)
    assert read(figure(figs, "142.3")) == (D(142_300_000), "shares", "number")
    assert read(figure(figs, "$   412")) == (D(412_000_000), "USD", "currency")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Shares outstanding were 142.3 million.", "pass"),
        ("Net income was $412 million.", "pass"),
        ("The bank had $142.3 million of common stock outstanding.", ["currency:$142.3 million"]),
        ("The bank had 142.3 million dollars of stock.", ["currency:142.3 million dollars"]),
    ],
)
def test_the_gate_on_a_share_count_row_with_its_own_note(
    draft: str, expected: str | list[str]
) -> None:
    assert verdict(tieout.gate(draft, sources=[BANK_SHARES])) == expected


# --------------------------------------------------------------------------- count and year
# columns beside a dollar column: a stock-option table

OPTIONS = """\
{note}
                                      Number of      Weighted-Average   Weighted-Average
                                      Options        Exercise Price     Remaining Term (years)
Outstanding at December 31, 2024      6,412,880      $ 6.42             7.1
Granted                               1,105,000        14.85
Outstanding at September 30, 2025     6,611,390      $ 8.09             6.8
"""


def test_an_option_tables_count_and_term_columns_are_not_dollars() -> None:
    text = OPTIONS.format(note="Stock option activity")
    figs = extract(text)
    assert read(figure(figs, "6,611,390")) == (D(6_611_390), None, "number")
    assert read(figure(figs, "6.8")) == (D("6.8"), None, "number")
    assert read(figure(figs, "14.85")) == (D("14.85"), "USD", "number")
    assert read(figure(figs, "$ 8.09")) == (D("8.09"), "USD", "currency")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Options outstanding were 6,611,390, with 6.8 years remaining, at $8.09.", "pass"),
        ("Options were granted at $14.85.", "pass"),
        ("Outstanding options were worth $6,611,390.", ["currency:$6,611,390"]),
        ("2025 grants were $1,105,000.", ["currency:$1,105,000"]),
        ("The options carry $6.80 of remaining term value.", ["currency:$6.80"]),
        ("Outstanding options were worth $6.6 million.", ["currency:$6.6 million"]),
    ],
)
def test_the_gate_on_an_option_table(draft: str, expected: str | list[str]) -> None:
    result = tieout.gate(draft, sources=[OPTIONS.format(note="Stock option activity")])
    assert verdict(result) == expected
    assert "USD)" not in result.message  # no hint calls a count an amount of dollars


@pytest.mark.parametrize(
    ("note", "value", "unit"),
    [
        ("(in thousands, except per share data)", D(6_611_390_000), "shares"),
        ("(in thousands, except share and per share data)", D(6_611_390), None),
        ("($ in millions, except per share data; shares in thousands)", D(6_611_390_000), "shares"),
    ],
)
def test_an_option_tables_count_column_under_a_note_is_shares(
    note: str, value: Decimal, unit: str | None
) -> None:
    figs = extract(OPTIONS.format(note=note))
    assert read(figure(figs, "6,611,390")) == (value, unit, "number")
    assert read(figure(figs, "6.8")) == (D("6.8"), None, "number")  # years, unscaled
    result = tieout.gate("Options were worth $6,611,390 thousand.", [OPTIONS.format(note=note)])
    assert not result.passed


def test_a_column_naming_no_count_keeps_the_tables_currency() -> None:
    text = (
        "($ in thousands)\n"
        "                          Accounts Receivable     Allowance      Number of Accounts\n"
        "Balance at January 1           48,213               1,204              312\n"
    )
    figs = extract(text)
    assert read(figure(figs, "48,213")) == (D(48_213_000), "USD", "number")
    assert read(figure(figs, "312")) == (D(312_000), "count", "number")


# --------------------------------------------------------------------------- percent columns
# headed without parentheses


MDNA_CHANGES = """\
Results of Operations
(Dollars in millions)
                               2026        2025     $ Change    % Change
Net sales                  $ 4,812.6   $ 4,507.3    $ 305.3        6.8
Gross profit                 1,791.2     1,631.3      159.9        9.8
"""

MDNA_AMOUNT_PERCENT = """\
(Dollars in millions)
                                 2026                  2025
                           Amount        %       Amount        %
Net sales                 4,812.6    100.0      4,507.3    100.0
Gross profit              1,791.2     37.2      1,631.3     36.2
"""

BANK_YIELDS = """\
AVERAGE BALANCES, INTEREST AND YIELDS
($ in millions)               Average                 Yield/
                              Balance     Interest     Rate
Loans                          71,204       1,082      6.02
Interest-bearing deposits      72,518         608      3.35
"""


def test_a_column_headed_percent_change_holds_percents() -> None:
    [table] = read_layout(MDNA_CHANGES).tables
    assert table.col_units == {4: "percent"}
    figs = extract(MDNA_CHANGES)
    assert read(figure(figs, "6.8")) == (D("6.8"), "percent", "percent")
    assert read(figure(figs, "9.8")) == (D("9.8"), "percent", "percent")
    assert read(figure(figs, "159.9")) == (D(159_900_000), "USD", "number")


def test_the_percent_beside_an_mdna_amount_column_holds_percents() -> None:
    [table] = read_layout(MDNA_AMOUNT_PERCENT).tables
    assert table.col_units == {2: "percent", 4: "percent"}
    figs = extract(MDNA_AMOUNT_PERCENT)
    assert read(figure(figs, "37.2")) == (D("37.2"), "percent", "percent")
    assert read(figure(figs, "36.2")) == (D("36.2"), "percent", "percent")
    assert read(figure(figs, "1,631.3")) == (D(1_631_300_000), "USD", "number")


def test_a_banks_yield_rate_column_holds_percents() -> None:
    figs = extract(BANK_YIELDS)
    assert read(figure(figs, "6.02")) == (D("6.02"), "percent", "percent")
    assert read(figure(figs, "608")) == (D(608_000_000), "USD", "number")


@pytest.mark.parametrize(
    "heading",
    ["% Change", "Change %", "% of Net Sales", "Percent Change", "% Chg", "YoY %", "%", "Rate"],
)
def test_markdown_columns_headed_in_percent_words(heading: str) -> None:
    text = (
        "(Dollars in millions)\n\n"
        f"| | 2026 | 2025 | {heading} |\n|---|---:|---:|---:|\n"
        "| Net sales | $4,812.6 | $4,507.3 | 6.8 |\n"
        "| Gross profit | 1,791.2 | 1,631.3 | 9.8 |\n"
    )
    assert read(figure(extract(text), "9.8")) == (D("9.8"), "percent", "percent")
    assert verdict(tieout.gate("Gross profit grew 9.8%.", sources=[text])) == "pass"
    assert verdict(tieout.gate("Gross profit grew $9.8 million.", sources=[text])) == [
        "currency:$9.8 million"
    ]


@pytest.mark.parametrize(
    ("source", "draft", "expected"),
    [
        (MDNA_CHANGES, "Net sales grew 6.8% to $4,812.6 million.", "pass"),
        (MDNA_CHANGES, "Gross profit grew $9.8 million.", ["currency:$9.8 million"]),
        (MDNA_AMOUNT_PERCENT, "Gross margin was 37.2%, against 36.2%.", "pass"),
        (MDNA_AMOUNT_PERCENT, "Gross profit was $37.2 million.", ["currency:$37.2 million"]),
        (BANK_YIELDS, "Loans yielded 6.02% on $71,204 million.", "pass"),
        (BANK_YIELDS, "Deposit interest expense was $3.35 million.", ["currency:$3.35 million"]),
    ],
)
def test_the_gate_on_percent_columns(source: str, draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[source])) == expected


@pytest.mark.parametrize(
    "heading",
    ["YoY % Change", "QoQ % chg", "Y-o-Y % Chg.", "% Change vs. 4Q24", "% chg vs prior year"],
)
def test_a_change_column_headed_with_words_around_its_percent_holds_percents(
    heading: str,
) -> None:
    text = (
        f"($ in millions)                          4Q25       4Q24    {heading}\n"
        "Net interest income                    $ 1,184    $ 1,097       7.9\n"
        "Noninterest income                         436        398       9.5\n"
    )
    [table] = read_layout(text).tables
    assert table.col_units == {3: "percent"}
    figs = extract(text)
    assert read(figure(figs, "7.9")) == (D("7.9"), "percent", "percent")
    assert read(figure(figs, "436")) == (D(436_000_000), "USD", "number")
    assert verdict(tieout.gate("NII rose 7.9% and noninterest income 9.5%.", [text])) == "pass"
    assert verdict(tieout.gate("NII rose $7.9 million.", [text])) == ["currency:$7.9 million"]


@pytest.mark.parametrize(
    "heading", ["bps chg", "QoQ bps", "Δ bps", "YoY bp", "Change in basis points"]
)
def test_a_change_column_headed_in_basis_points_without_parentheses(heading: str) -> None:
    text = (
        f"($ in millions)                  4Q25       3Q25    {heading}\n"
        "Net interest income              1,184      1,152\n"
        "Net interest margin              3.12%      2.98%       14\n"
        "CET1 ratio                       11.4%      11.2%       20\n"
    )
    [table] = read_layout(text).tables
    assert table.col_units == {3: "basis_point"}
    assert read(figure(extract(text), "14")) == (D("0.14"), "basis_point", "percent")
    assert verdict(tieout.gate("NIM rose 14 bps and CET1 20 bps.", [text])) == "pass"
    assert verdict(tieout.gate("NIM contributed $14 million.", [text])) == ["currency:$14 million"]


@pytest.mark.parametrize(
    ("line", "headed"),
    [
        ("                 4Q25      4Q24    YoY % Change\n", True),
        ("                 4Q25      4Q24    % Change vs. 4Q24\n", True),
        ("                 4Q25      3Q25    QoQ bps\n", True),
        ("| | 4Q25 | bps chg |\n|---|---|---|\n| NIM | 3.12% | 14 |\n", True),
        ("Subprime loans rose on the back of a bp-linked swap.\n", False),
    ],
)
def test_percent_heading_finds_change_columns_headed_in_words(line: str, headed: bool) -> None:
    from tieout.figures.layout import percent_heading

    assert percent_heading(line) is headed
    assert percent_heading(line, line.lower()) is headed


def test_subprime_names_no_basis_points() -> None:
    text = (
        "($ in millions)                  2025       2024     Subprime\n"
        "Consumer loans                   1,184      1,152         14\n"
    )
    [table] = read_layout(text).tables
    assert table.col_units == {}
    assert read(figure(extract(text), "14")) == (D(14_000_000), "USD", "number")


# --------------------------------------------------------------------------- a scale note in
# the label cell of a table's heading line

CAP_TABLE = """\
(in thousands, except share and per share data)   Actual     Pro forma   Pro forma as adjusted
Cash and cash equivalents                         $ 48,213   $ 48,213    $ 193,613
Term loan, net of current portion                   59,482     59,482      59,482
"""

BANK_HEADING_LINE = """\
($ in millions)                          4Q25       4Q24    % Change vs. 4Q24
Net interest income                    $ 1,184    $ 1,097       7.9
Noninterest income                         436        398       9.5
"""


def test_a_note_heading_the_label_column_of_a_capitalization_table_scales_it() -> None:
    [table] = read_layout(CAP_TABLE).tables
    assert table.note is not None and table.note.scale == 1000
    assert table.columns[1:] == ("Actual", "Pro forma", "Pro forma as adjusted")
    assert [r.header for r in table.rows] == [True, False, False]
    figs = extract(CAP_TABLE)
    assert read(figure(figs, "$ 193,613")) == (D(193_613_000), "USD", "currency")
    assert read(figure(figs, "59,482")) == (D(59_482_000), "USD", "number")


def test_a_note_heading_the_label_column_beside_a_change_heading_scales_the_table() -> None:
    [table] = read_layout(BANK_HEADING_LINE).tables
    assert table.note is not None and (table.note.scale, table.note.currency) == (10**6, "USD")
    assert [r.header for r in table.rows] == [True, False, False]
    assert table.columns[1:3] == ("4Q25", "4Q24")
    figs = extract(BANK_HEADING_LINE)
    assert read(figure(figs, "$ 1,184")) == (D(1_184_000_000), "USD", "currency")
    assert read(figure(figs, "7.9")) == (D("7.9"), "percent", "percent")


@pytest.mark.parametrize(
    ("source", "draft", "expected"),
    [
        (CAP_TABLE, "Pro forma as adjusted cash was $193.613 million.", "pass"),
        (CAP_TABLE, "The term loan was $59.482 million.", "pass"),
        (
            CAP_TABLE,
            "Cash was $48,213 and the term loan $59,482.",
            ["currency:$48,213", "currency:$59,482"],
        ),
        (BANK_HEADING_LINE, "Net interest income was $1,184 million, up 7.9%.", "pass"),
        (BANK_HEADING_LINE, "Net interest income was $1,184.", ["currency:$1,184"]),
    ],
)
def test_the_gate_on_a_note_in_the_heading_line(
    source: str, draft: str, expected: str | list[str]
) -> None:
    assert verdict(tieout.gate(draft, sources=[source])) == expected


# --------------------------------------------------------------------------- a table's percent
# unit named once, in its title or its top-left heading cell, as fund factsheets print it

FACTSHEET = """\
## Performance (%)

| | 3 Mo | YTD | 1 Yr | 3 Yr | 5 Yr | 10 Yr | Since Inception |
|---|---|---|---|---|---|---|---|
| Class I (NAV) | 3.41 | 14.22 | 14.22 | 9.87 | 8.15 | 7.62 | 8.94 |
| Net assets ($M) | 1,204.5 | | | | | | |

## Top 10 holdings (% of net assets)

| Holding | Weight |
|---|---|
| Microsoft Corp. | 4.12 |
| Total | 29.83 |
"""


def test_a_percent_in_a_tables_title_makes_its_cells_percents() -> None:
    performance, holdings = read_layout(FACTSHEET).tables
    assert performance.col_units == dict.fromkeys(range(1, 8), "percent")
    assert holdings.col_units == {1: "percent"}
    figs = extract(FACTSHEET)
    assert read(figure(figs, "9.87")) == (D("9.87"), "percent", "percent")
    assert read(figure(figs, "29.83")) == (D("29.83"), "percent", "percent")
    assert read(figure(figs, "1,204.5")) == (D(1_204_500_000), "USD", "number")  # its own note


@pytest.mark.parametrize(
    "text",
    [
        "Average annual total returns (%)\n\n| | 1 Yr | 3 Yr |\n|---|---|---|\n| Class I | 14.22 | 9.87 |\n",
        "| Class (%) | 1 Yr | 3 Yr |\n|---|---|---|\n| Class I (NAV) | 14.22 | 9.87 |\n",
        "Returns (in %)\n                     1 Yr      3 Yr\nClass I             14.22      9.87\n",
    ],
)
def test_a_percent_in_a_caption_or_the_corner_cell_makes_the_cells_percents(text: str) -> None:
    assert read(figure(extract(text), "14.22")) == (D("14.22"), "percent", "percent")
    assert verdict(tieout.gate("Class I returned 14.22% and 9.87% a year.", [text])) == "pass"
    assert verdict(tieout.gate("Class I returned $14.22.", [text])) == ["currency:$14.22"]


def test_a_percent_caption_above_a_scale_note_names_no_unit_of_the_table() -> None:
    text = "Revenue growth (%)\n(in millions)\n\n| | 2025 | 2024 |\n|---|---|---|\n| Revenue | 14.22 | 9.87 |\n"
    [table] = read_layout(text).tables
    assert table.col_units == {}
    assert read(figure(extract(text), "14.22")) == (D(14_220_000), None, "number")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Class I returned 14.22% in 2025 and 9.87% a year over three years.", "pass"),
        ("The top ten holdings are 29.83% of net assets, led by Microsoft at 4.12%.", "pass"),
        ("Net assets were $1,204.5 million.", "pass"),
        ("Class I returned $14.22 per share.", ["currency:$14.22"]),
    ],
)
def test_the_gate_on_a_factsheet(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[FACTSHEET])) == expected


# --------------------------------------------------------------------------- a '%' in a cell
# of its own, as HTML-to-Markdown converters write EDGAR tables

SPLIT_PERCENT = """\
(In thousands)

| | 2026 | | | 2025 | | |
|---|---|---|---|---|---|---|
| Subscription revenue | $ | 186,402 | | $ | 161,775 | |
| Gross margin | | 78.4 | % | | 76.9 | % |
| Operating margin | | (2.1 | )% | | (4.6 | )% |
| Customers | | 1,204 | | | 1,118 | |
"""


def test_a_percent_sign_in_its_own_cell_belongs_to_the_figure_before_it() -> None:
    figs = extract(SPLIT_PERCENT)
    assert read(figure(figs, "78.4")) == (D("78.4"), "percent", "percent")
    assert read(figure(figs, "76.9")) == (D("76.9"), "percent", "percent")
    assert read(figure(figs, "186,402")) == (D(186_402_000), "USD", "number")
    assert read(figure(figs, "4.6")) == (D("4.6"), "percent", "percent")  # "(4.6 | )%"
    assert read(figure(figs, "1,118")) == (D(1_118_000), "count", "number")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Gross margin was 78.4%, up from 76.9%.", "pass"),
        ("Subscription revenue was $186.402 million.", "pass"),
        ("Gross margin was $78,400.", ["currency:$78,400"]),
        ("Gross margin was 78.4 thousand.", ["numeric:78.4 thousand"]),
    ],
)
def test_the_gate_on_split_percent_cells(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[SPLIT_PERCENT])) == expected


# --------------------------------------------------------------------------- a note above
# a short list of highlights

SUPPLEMENTAL = """\
Fourth Quarter 2026 Supplemental Information
(Unaudited, in thousands, except per share amounts)

Highlights
 - Nareit FFO of $1.02 per diluted share.
 - Same-property NOI increased 3.8%.
 - Occupancy was 94.7%, up 60 basis points.
 - Leased 1.2 million square feet.

                                           2026            2025
Nareit FFO                              $ 85,210        $ 79,955
FFO per diluted share                   $   1.02        $   0.96
"""

PROSE_BETWEEN = """\
(Unaudited, in thousands)

Management's discussion of funds from operations follows. Nareit FFO is a non-GAAP
measure that the Company believes is useful to investors, because it excludes gains
and losses on sales of real estate and impairments, which vary from period to period
and obscure the performance of the portfolio. It should be read with net income.
Management also reviews same-property results each quarter, as noted below.
FFO is reconciled to net income in the table that follows this discussion.
The Company does not consider FFO a substitute for net income.

                                           2026            2025
Nareit FFO                              $ 85,210        $ 79,955
"""


def test_a_note_above_a_short_bullet_list_scales_the_table_under_it() -> None:
    [table] = read_layout(SUPPLEMENTAL).tables
    assert table.note is not None and table.note.scale == 1000
    figs = extract(SUPPLEMENTAL)
    assert read(figure(figs, "$ 85,210")) == (D(85_210_000), "USD", "currency")
    assert read(figure(figs, "$   1.02")) == (D("1.02"), "USD", "currency")
    assert verdict(tieout.gate("Nareit FFO was $85.21 million.", [SUPPLEMENTAL])) == "pass"
    assert verdict(tieout.gate("Nareit FFO was $85,210.", [SUPPLEMENTAL])) == ["currency:$85,210"]


def test_a_header_note_on_its_own_line_holds_across_a_paragraph_of_prose() -> None:
    # "(Unaudited, in thousands)" heads the page: it holds for the table below the
    # discussion as it would for any other, until another note replaces it
    [table] = read_layout(PROSE_BETWEEN).tables
    assert table.note is not None and table.note.scale == 1000
    assert read(figure(extract(PROSE_BETWEEN), "$ 85,210")) == (
        D(85_210_000),
        "USD",
        "currency",
    )


def test_a_note_inside_a_sentence_does_not_reach_a_table_across_a_paragraph_of_prose() -> None:
    text = PROSE_BETWEEN.replace(
        "(Unaudited, in thousands)\n", "Fees are shown in the schedule (in thousands).\n"
    )
    [table] = read_layout(text).tables
    assert table.note is None
    assert read(figure(extract(text), "$ 85,210")) == (D(85_210), "USD", "currency")


# --------------------------------------------------------------------------- a numbered
# caption with its note at the end of the line (Japanese results)

TANSHIN = """\
1. Overview of Operating Results

(1) Consolidated Operating Results                               (Millions of yen)
                       Net sales       Operating income
FY2026               2,418,330           205,114
FY2025               2,237,164           214,093
"""


def test_a_numbered_caption_is_no_row_and_its_note_scales_the_table() -> None:
    [table] = read_layout(TANSHIN).tables
    assert table.note is not None and (table.note.scale, table.note.currency) == (10**6, "JPY")
    assert table.rows[0].header and table.columns == ("", "Net sales", "Operating income")
    figs = extract(TANSHIN)
    assert read(figure(figs, "2,418,330")) == (D(2_418_330) * 10**6, "JPY", "number")
    assert figure(figs, "214,093").where == "row FY2025, column Operating income"
    # the caption's "(1)" is no amount of yen
    assert read(figure(figs, "(1)")) == (D(-1), None, "number")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Net sales were ¥2,418,330 million, operating income ¥205,114 million.", "pass"),
        ("The company booked a one-off gain of ¥1 million.", ["currency:¥1 million"]),
    ],
)
def test_the_gate_on_a_numbered_caption(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[TANSHIN])) == expected


# --------------------------------------------------------------------------- the notes of
# Japanese results


@pytest.mark.parametrize(
    ("note", "scale"),
    [
        ("(Unit: Millions of yen)", 10**6),
        ("Unit: Millions of yen", 10**6),
        ("(Millions of yen, %)", 10**6),
        ("(Millions of yen, except per share data)", 10**6),
        ("(million yen)", 10**6),
        ("(Unit: million yen)", 10**6),
        ("(billion yen)", 10**9),
        ("(Unit: billion yen)", 10**9),
        ("(¥mn)", 10**6),
        ("(¥bn)", 10**9),
        ("(JPY bn)", 10**9),
        ("(JPY million)", 10**6),
        ("(hundred millions of yen)", 10**8),
        ("(Unit: 100 million yen)", 10**8),
        ("(¥100 million)", 10**8),
        ("(100 millions of yen)", 10**8),
        ("(in 100 millions of yen)", 10**8),
    ],
)
def test_the_notes_of_japanese_results_scale_their_tables_in_yen(note: str, scale: int) -> None:
    text = (
        f"Consolidated Financial Results {note}\n\n"
        "| | FY2026 | FY2025 |\n|---|---:|---:|\n"
        "| Revenue | 13,500 | 12,845 |\n| Operating profit | 1,284.5 | 1,197.4 |\n"
    )
    [table] = read_layout(text).tables
    assert table.note is not None and (table.note.scale, table.note.currency) == (scale, "JPY")
    figs = extract(text)
    assert read(figure(figs, "13,500")) == (D(13_500) * scale, "JPY", "number")
    assert read(figure(figs, "1,197.4")) == (D("1197.4") * scale, "JPY", "number")
    assert [f.text for f in figs if f.text in ("100", "(100)")] == []  # the note's "100"


def test_the_gate_on_a_forecast_in_hundred_millions_of_yen() -> None:
    text = (
        "Forecast for FY2026 (hundred millions of yen)\n\n"
        "| | FY2026 forecast | FY2025 actual |\n|---|---|---|\n"
        "| Revenue | 13,500 | 12,845 |\n| Operating profit | 1,500 | 1,420 |\n"
    )
    draft = "FY2026 revenue is forecast at ¥1.35 trillion and operating profit at ¥150 billion."
    assert verdict(tieout.gate(draft, sources=[text])) == "pass"
    assert verdict(tieout.gate("Operating profit will be ¥1,500 million.", [text])) == [
        "currency:¥1,500 million"
    ]


def test_the_gate_on_a_table_under_unit_millions_of_yen() -> None:
    text = (
        "(Unit: Millions of yen)\n"
        "                  FY2026     FY2025\n"
        "Revenue          1,284.5    1,197.4\n"
        "Operating profit   142.1      118.7\n"
    )
    draft = "Revenue was ¥1,284.5 million and operating profit ¥142.1 million."
    assert verdict(tieout.gate(draft, sources=[text])) == "pass"
    assert verdict(tieout.gate("Operating profit was ¥142.1 billion.", [text])) == [
        "currency:¥142.1 billion"
    ]


# --------------------------------------------------------------------------- a currency in
# a column's heading

PROXY_SCT = """\
SUMMARY COMPENSATION TABLE

| Name and Principal Position | Year | Salary ($) | Bonus ($) | Stock Awards ($) | Total ($) |
|---|---|---|---|---|---|
| Dana Whitcombe, Chief Executive Officer | 2026 | 1,150,000 | 250,000 | 8,624,917 | 11,886,805 |
| Luis Ortega, Chief Financial Officer | 2026 | 640,000 | — | 2,310,450 | 3,402,118 |
"""

PROXY_SCT_HTML = """\
<table>
<tr><th>Name</th><th>Year</th><th>Salary ($)</th><th>Bonus ($)</th><th>Total ($)</th></tr>
<tr><td>Dana Whitcombe</td><td>2026</td><td>1,150,000</td><td>250,000</td><td>11,886,805</td></tr>
</table>
"""


def test_columns_headed_in_dollars_with_no_note_hold_whole_dollars() -> None:
    [table] = read_layout(PROXY_SCT).tables
    assert table.note is None
    assert table.col_currencies == {2: "USD", 3: "USD", 4: "USD", 5: "USD"}
    figs = extract(PROXY_SCT)
    assert read(figure(figs, "1,150,000")) == (D(1_150_000), "USD", "number")
    assert read(figure(figs, "11,886,805")) == (D(11_886_805), "USD", "number")
    assert read(figure(figs, "2026")) == (D(2026), None, "number")  # the year's column


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The CEO's salary was $1,150,000 and her total pay $11.886805 million.", "pass"),
        ("The CFO's stock awards were $2,310,450.", "pass"),
        ("The CEO's salary was $1,150,000 thousand.", ["currency:$1,150,000 thousand"]),
        ("The CFO's salary was €640,000.", ["currency:€640,000"]),
    ],
)
def test_the_gate_on_a_summary_compensation_table(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[PROXY_SCT])) == expected


def test_the_gate_on_a_summary_compensation_table_in_html() -> None:
    from tieout.documents.html import read_html

    text = read_html(PROXY_SCT_HTML.encode("utf-8"), "def14a.html")
    assert read(figure(extract(text), "1,150,000")) == (D(1_150_000), "USD", "number")
    draft = "Salary was $1,150,000 and total pay $11,886,805."
    assert verdict(tieout.gate(draft, sources=[text])) == "pass"
    assert verdict(tieout.gate("Salary was $1,150,000,000.", [text])) == ["currency:$1,150,000,000"]


JP_PER_SHARE = """\
                       Basic EPS (Yen)     Dividend per share (Yen)
FY2026                     188.72              64.00
FY2025                     191.05              58.00
"""


def test_columns_and_rows_headed_in_yen_are_yen_unscaled() -> None:
    figs = extract(JP_PER_SHARE)
    assert read(figure(figs, "188.72")) == (D("188.72"), "JPY", "number")
    # "Dividend per share (Yen)": a price per share, as the grammar keys "¥58 per share"
    assert read(figure(figs, "58.00")) == (D("58.00"), "JPY", "currency")
    assert figure(figs, "58.00").per == "share"
    draft = "Basic EPS was ¥188.72 and the dividend was ¥64 per share."
    assert verdict(tieout.gate(draft, sources=[JP_PER_SHARE])) == "pass"
    assert verdict(tieout.gate("Basic EPS was $188.72.", [JP_PER_SHARE])) == ["currency:$188.72"]
    rows = (
        "(Millions of yen)\n\n| | FY2026 | FY2025 |\n|---|---:|---:|\n"
        "| Revenue | 1,284.5 | 1,197.4 |\n| Basic EPS (yen) | 188.72 | 191.05 |\n"
    )
    assert read(figure(extract(rows), "188.72")) == (D("188.72"), "JPY", "number")
    assert verdict(tieout.gate("Basic EPS was ¥188.72 million.", [rows])) == [
        "currency:¥188.72 million"
    ]


def test_a_per_share_row_naming_shares_after_per_share_stays_per_share() -> None:
    text = (
        "(in millions, except per share amounts)\n\n"
        "                                                   2026        2025\n"
        "Cash dividends per share on shares outstanding    $ 0.96      $ 0.88\n"
        "Weighted average common shares outstanding          412.6       418.3\n"
    )
    figs = extract(text)
    assert read(figure(figs, "$ 0.96")) == (D("0.96"), "USD", "currency")
    assert read(figure(figs, "$ 0.88")) == (D("0.88"), "USD", "currency")  # not $0.88 million
    assert read(figure(figs, "412.6")) == (D(412_600_000), "shares", "number")


@pytest.mark.parametrize(
    ("text", "headed"),
    [
        (MDNA_CHANGES, True),
        (MDNA_AMOUNT_PERCENT, True),
        (BANK_YIELDS, True),
        ("| | 2026 | YoY % |\n|---|---|---|\n| Revenue | 4.8 | 6.8 |\n", True),
        ("| | 2026 | PERCENT OF SALES |\n|---|---|---|\n| Revenue | 4.8 | 6.8 |\n", True),
        ("Sales rose 6.8% at a separate rate of 5 percent; the yield was 4%.\n", False),
        (TEN_Q, False),
    ],
)
def test_percent_heading_finds_the_sources_whose_columns_may_be_percents(
    text: str, headed: bool
) -> None:
    from tieout.figures.layout import percent_heading

    assert percent_heading(text) is headed
    assert percent_heading(text, text.lower()) is headed


# --------------------------------------------------------------------------- a currency's
# scale note with an except clause


@pytest.mark.parametrize(
    ("note", "scale", "currency"),
    [
        ("($ millions, except per share amounts)", 10**6, "USD"),
        ("(US$ millions, except per-share data)", 10**6, "USD"),
        ("(€ millions, except per share data)", 10**6, "EUR"),
        ("(EUR millions, except per share data)", 10**6, "EUR"),
        ("(£ thousands, except per share amounts)", 1000, "GBP"),
        ("(¥ millions, except per share amounts)", 10**6, "JPY"),
        ("(Millions of yen, except per share data)", 10**6, "JPY"),
        ("($m, except per share data)", 10**6, "USD"),
    ],
)
def test_a_currency_and_scale_note_with_an_except_clause_scales_all_but_per_share_rows(
    note: str, scale: int, currency: str
) -> None:
    text = (
        f"Consolidated Results {note}\n\n"
        "| | FY2026 | FY2025 |\n|---|---:|---:|\n"
        "| Revenue | 1,284,512 | 1,201,377 |\n| Operating profit | 96,450 | 88,102 |\n"
        "| Diluted earnings per share | 131.42 | 118.06 |\n"
    )
    [table] = read_layout(text).tables
    assert table.note is not None
    assert (table.note.scale, table.note.currency, table.note.except_per_share) == (
        scale,
        currency,
        True,
    )
    figs = extract(text)
    assert read(figure(figs, "1,284,512")) == (D(1_284_512) * scale, currency, "number")
    assert read(figure(figs, "88,102")) == (D(88_102) * scale, currency, "number")
    assert read(figure(figs, "131.42")) == (D("131.42"), currency, "number")  # per share


@pytest.mark.parametrize(
    ("note", "shares", "unit"),
    [
        ("($ millions, except per share amounts; shares in thousands)", D(82_517_000), "shares"),
        ("(€ millions, except share and per share data)", D(82_517), None),
    ],
)
def test_a_currency_notes_except_clause_gives_share_counts_their_scale(
    note: str, shares: Decimal, unit: str | None
) -> None:
    text = (
        f"{note}\n\n"
        "                                            2026        2025\n"
        "Net income                                 512.3       466.0\n"
        "Weighted-average shares - basic           82,517      84,002\n"
    )
    figs = extract(text)
    assert read(figure(figs, "82,517")) == (shares, unit, "number")
    cur = "USD" if "$" in note else "EUR"
    assert read(figure(figs, "512.3")) == (D(512_300_000), cur, "number")


def test_the_gate_on_a_dollar_millions_note_with_an_except_clause() -> None:
    source = (
        "($ millions, except per share amounts)\n\n"
        "| | FY2026 | FY2025 |\n|---|---:|---:|\n"
        "| Revenue | 4,213.5 | 3,980.2 |\n| Diluted EPS | 2.41 | 2.07 |\n"
    )
    draft = "Revenue was $4.2135 billion and diluted EPS $2.41."
    assert verdict(tieout.gate(draft, sources=[source])) == "pass"
    assert verdict(tieout.gate("Revenue was $4,213.5.", sources=[source])) == ["currency:$4,213.5"]
    assert verdict(tieout.gate("Diluted EPS was $2.41 million.", sources=[source])) == [
        "currency:$2.41 million"
    ]


# --------------------------------------------------------------------------- "$000s"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            "| $000s | Q3 2026 | Q2 2026 |\n|---|---:|---:|\n| Revenue | 4,213.5 | 3,980.2 |\n",
            "USD",
        ),
        (
            "| US$000 | Q3 2026 | Q2 2026 |\n|---|---:|---:|\n| Revenue | 4,213.5 | 3,980.2 |\n",
            "USD",
        ),
        (
            "| | Q3 2026 | Q2 2026 |\n|---|---:|---:|\n| Revenue (€000) | 4,213.5 | 3,980.2 |\n",
            "EUR",
        ),
        ("USD 000s\tQ3 2026\tQ2 2026\nRevenue\t4,213.5\t3,980.2\n", "USD"),
        ("Segment results, in $000s\n\n\tQ3 2026\tQ2 2026\nRevenue\t4,213.5\t3,980.2\n", "USD"),
        (
            "€000                  Q3 2026     Q2 2026\nRevenue               4,213.5     3,980.2\n",
            "EUR",
        ),
    ],
)
def test_a_currency_and_000s_is_a_thousands_note_in_that_currency(text: str, code: str) -> None:
    figs = extract(text)
    revenue = figure(figs, "4,213.5")
    assert read(revenue) == (D(4_213_500), code, "number")
    assert span_of(revenue) == (date(2026, 7, 1), date(2026, 9, 30))
    assert read(figure(figs, "3,980.2")) == (D(3_980_200), code, "number")
    assert [f.text for f in figs if f.value == 0] == []  # the note's "000" is no figure


def test_the_gate_on_a_table_headed_in_dollar_000s() -> None:
    source = "| $000s | Q3 2026 | Q2 2026 |\n|---|---:|---:|\n| Revenue | 4,213.5 | 3,980.2 |\n"
    assert verdict(tieout.gate("Q3 revenue was $4.2135 million.", sources=[source])) == "pass"
    assert verdict(tieout.gate("Q3 revenue was $4,213.5.", sources=[source])) == [
        "currency:$4,213.5"
    ]


# --------------------------------------------------------------------------- a currency and
# a scale side by side: the captions and corner cells of Korean, Chinese, Nordic and German
# filings

_UNIT_CAPTIONS = [
    ("(Unit: KRW trillion)", D(10**12), "KRW"),
    ("(Unit: KRW billion)", D(10**9), "KRW"),
    ("(Unit: KRW billion, %)", D(10**9), "KRW"),
    ("(Unit: KRW 100 million)", D(10**8), "KRW"),
    ("(Unit: billion KRW)", D(10**9), "KRW"),
    ("(Unit: KRW bn)", D(10**9), "KRW"),
    ("(Unit: ₩ billion)", D(10**9), "KRW"),
    ("(Unit: USD million)", D(10**6), "USD"),
    ("(All amounts in RMB thousands unless otherwise stated)", D(1000), "CNY"),
    ("RMB million", D(10**6), "CNY"),
    ("Unit: RMB 10 thousand", D(10**4), "CNY"),  # 万元
    ("(Unit: 10 thousand yuan)", D(10**4), "CNY"),
    ("HK$ million", D(10**6), "HKD"),
    ("(NT$ thousands)", D(1000), "TWD"),
    ("(in NT$ thousands)", D(1000), "TWD"),
    ("(MSEK)", D(10**6), "SEK"),
    ("(DKKm)", D(10**6), "DKK"),
    ("DKK million", D(10**6), "DKK"),
    ("NOK million", D(10**6), "NOK"),
    ("CHF m", D(10**6), "CHF"),
    ("SEK m", D(10**6), "SEK"),
    ("(Mio. EUR)", D(10**6), "EUR"),
    ("in Mio. €", D(10**6), "EUR"),
    ("in TEUR", D(1000), "EUR"),
    ("T€", D(1000), "EUR"),
    ("(Mrd. EUR)", D(10**9), "EUR"),
    ("C$ millions", D(10**6), "CAD"),
]


@pytest.mark.parametrize(
    ("note", "scale", "code"), _UNIT_CAPTIONS, ids=[c[0] for c in _UNIT_CAPTIONS]
)
def test_a_unit_caption_of_a_currency_and_a_scale_scales_the_table(
    note: str, scale: Decimal, code: str
) -> None:
    text = f"{note}\n\n              2025      2024\nRevenue      4,321     3,210\n"
    figs = extract(text)
    assert read(figure(figs, "4,321")) == (D(4321) * scale, code, "number")
    assert [f.text for f in figs if f.span[0] < text.index("2025")] == []  # "10", "100"


_CORNER_CELLS = [
    ("SEK m", D(10**6), "SEK"),
    ("SEKm", D(10**6), "SEK"),
    ("MSEK", D(10**6), "SEK"),
    ("DKKm", D(10**6), "DKK"),
    ("NOKm", D(10**6), "NOK"),
    ("EURm", D(10**6), "EUR"),
    ("EUR m", D(10**6), "EUR"),
    ("EUR million", D(10**6), "EUR"),
    ("CHF m", D(10**6), "CHF"),
    ("CHF million", D(10**6), "CHF"),
    ("USD m", D(10**6), "USD"),
    ("RMB million", D(10**6), "CNY"),
    ("KRW bn", D(10**9), "KRW"),
    ("TEUR", D(1000), "EUR"),
    ("T€", D(1000), "EUR"),
    ("in TEUR", D(1000), "EUR"),
    ("Mio. EUR", D(10**6), "EUR"),
    ("₹ crore", D(10**7), "INR"),
    ("Rs crore", D(10**7), "INR"),
]


@pytest.mark.parametrize(
    ("head", "scale", "code"), _CORNER_CELLS, ids=[c[0] for c in _CORNER_CELLS]
)
def test_a_currency_and_a_scale_in_the_corner_cell_scales_the_table(
    head: str, scale: Decimal, code: str
) -> None:
    text = f"{head:<20}Q1 2026   Q1 2025\nNet sales          4,321     3,210\n"
    net_sales = figure(extract(text), "4,321")
    assert read(net_sales) == (D(4321) * scale, code, "number")
    assert net_sales.where == "row Net sales, column Q1 2026"


SAMSUNG = """\
Consolidated Financial Results
(Unit: KRW trillion)

                     1Q26     4Q25     1Q25      QoQ      YoY
Sales               79.14    75.79    71.92     4.4%    10.0%
Operating Profit     6.61     6.49     6.63     1.8%    -0.3%

Segment Operating Profit
(Unit: KRW billion)

                     1Q26      4Q25      1Q25
DS                  1,100     2,900     1,910
Harman                340       390       320
"""


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "Operating profit was KRW 6.61 trillion versus KRW 6.49 trillion in 4Q25. The DS "
            "division earned KRW 1.1 trillion (4Q25: KRW 2.9 trillion); Harman KRW 340 billion.",
            "pass",
        ),
        ("Sales were KRW 79.14 billion.", ["currency:KRW 79.14 billion"]),
        ("Harman earned US$340 million.", ["currency:US$340 million"]),
    ],
)
def test_the_gate_on_a_release_in_korean_won(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[SAMSUNG])) == expected


@pytest.mark.parametrize(
    ("note", "code"),
    [
        ("(in thousands of RMB)", "CNY"),
        ("(Amounts expressed in thousands of RMB)", "CNY"),
        ("(in thousands of Renminbi)", "CNY"),
        ("(in thousands of NT$)", "TWD"),
        ("(Amounts in thousands of NT dollars)", "TWD"),
        ("(in thousands of HK$)", "HKD"),
        # a currency the reader cannot map: no currency ("XXX"), so none is confirmed
        ("(in thousands of Ringgit)", "XXX"),
        ("(in thousands of Chilean pesos)", "XXX"),
    ],
)
def test_a_currency_named_after_of_in_a_note_is_the_tables(note: str, code: str) -> None:
    text = f"{note}\n\n              2025      2024\nRevenue      4,321     3,210\n"
    assert read(figure(extract(text), "4,321")) == (D(4_321_000), code, "number")


def test_the_gate_on_notes_in_rmb_and_nt_dollars() -> None:
    source = (
        "Consolidated Income Statement\n(Amounts expressed in thousands of RMB)\n\n"
        "                           2025          2024\n"
        "Revenue               4,321,000     3,210,000\n\n"
        "Taiwan subsidiary\n(in millions of NT$)\n\n"
        "                           2025          2024\n"
        "Net revenue               8,765         7,654\n"
    )
    draft = "Revenue was US$4,321 million in 2025; the Taiwan subsidiary's was US$8,765 million."
    assert verdict(tieout.gate(draft, sources=[source])) == [
        "currency:US$4,321 million",
        "currency:US$8,765 million",
    ]
    assert verdict(tieout.gate("Revenue was 4,321 million in 2025.", sources=[source])) == "pass"
    ringgit = (
        "(in thousands of Ringgit)\n\n              2025      2024\nRevenue      4,321     3,210\n"
    )
    assert verdict(tieout.gate("Revenue was $4.321 million.", sources=[ringgit])) == [
        "currency:$4.321 million"
    ]


# --------------------------------------------------------------------------- a unit caption
# no note is read from stops the note of the table above


def test_a_table_under_its_own_unit_caption_does_not_take_the_note_above() -> None:
    source = (
        "Group results\n(KRW billion)\n\n"
        "                 1Q26      1Q25\nSales          79,140    71,920\n\n"
        "US subsidiary results\n(Unit: USD million)\n\n"
        "                 1Q26      1Q25\nSales           4,321     3,210\n\n"
        "Margins\n(Unit: %)\n\n"
        "                   1Q26      1Q25\nOperating margin    8.4       7.9\n\n"
        "Headcount\n(Unit: thousand persons)\n\n"
        "                 1Q26      1Q25\nKorea             125       121\n"
    )
    group, us, margins, headcount = read_layout(source).tables
    assert group.note is not None and (group.note.scale, group.note.currency) == (10**9, "KRW")
    assert us.note is not None and (us.note.scale, us.note.currency) == (10**6, "USD")
    assert (margins.note, headcount.note) == (None, None)  # unread: no scale, not KRW billion
    figs = extract(source)
    # an operating margin is a percent by its name, whatever its caption says
    assert read(figure(figs, "8.4")) == (D("8.4"), "percent", "percent")
    assert read(figure(figs, "125")) == (D(125), None, "number")
    assert verdict(tieout.gate("US sales were US$4,321 million.", sources=[source])) == "pass"
    assert verdict(
        tieout.gate(
            "US sales were KRW 4.321 trillion; the margin KRW 8.4 billion; headcount 125 billion.",
            sources=[source],
        )
    ) == [
        "currency:KRW 4.321 trillion",
        "currency:KRW 8.4 billion",
        "numeric:125 billion",
    ]


def test_a_footnote_between_two_tables_does_not_stop_the_note_above() -> None:
    source = (
        "Results\n(in thousands)\n\n"
        "                 2025      2024\nRevenue        79,140    71,920\n"
        "(1) Includes stock-based compensation of $12 million.\n\n"
        "                 2025      2024\nOther           4,321     3,210\n"
    )
    assert read(figure(extract(source), "4,321")) == (D(4_321_000), None, "number")


def test_a_table_with_its_own_corner_unit_does_not_take_the_note_above() -> None:
    source = (
        "€m                 Q1 2026   Q1 2025\nNet sales          4,321     3,210\n\n"
        "USD m              Q1 2026   Q1 2025\nUS net sales       1,234     1,111\n\n"
        "Employees (thousand FTE)   Q1 2026   Q1 2025\nSweden                     1,234     1,111\n"
    )
    eur, usd, staff = read_layout(source).tables
    assert eur.note is not None and eur.note.currency == "EUR"
    assert usd.note is not None and usd.note.currency == "USD"
    # "(thousand FTE)": thousands of a unit of its own, no money, not €m
    assert staff.note is not None
    assert (staff.note.scale, staff.note.currency) == (D(1000), "count")
    assert verdict(tieout.gate("US net sales were USD 1,234 million.", [source])) == "pass"
    assert verdict(tieout.gate("US net sales were €1,234 million.", [source])) == [
        "currency:€1,234 million"
    ]


# --------------------------------------------------------------------------- column headings
# set apart from their rows by a blank line (HKEX statements, pdftotext)

HKEX_HEADINGS_APART = """\
CONSOLIDATED STATEMENT OF PROFIT OR LOSS

                                   2025          2024
                                RMB'000       RMB'000

Revenue                      12,345,678    10,987,654
Profit for the year           2,111,110     1,732,408
"""


@pytest.mark.parametrize(
    "source",
    [
        HKEX_HEADINGS_APART,
        HKEX_HEADINGS_APART.replace("\n\nRevenue", "\n\n\nRevenue"),  # two blank lines
        "\t2025\t2024\n\tRMB'000\tRMB'000\n\nRevenue\t12,345,678\t10,987,654\n",
    ],
    ids=["aligned", "two-blank-lines", "tab"],
)
def test_column_headings_a_blank_line_above_the_rows_head_them(source: str) -> None:
    [table] = read_layout(source).tables
    assert table.note is not None and (table.note.scale, table.note.currency) == (1000, "CNY")
    revenue = figure(extract(source), "12,345,678")
    assert read(revenue) == (D(12_345_678_000), "CNY", "number")
    assert revenue.where == "row Revenue, column 2025"
    assert span_of(revenue) == (date(2025, 1, 1), date(2025, 12, 31))


def test_the_gate_on_column_headings_a_blank_line_above_the_rows() -> None:
    draft = "Revenue for 2025 was RMB12,345,678 thousand, and profit RMB 2,111,110 thousand."
    assert verdict(tieout.gate(draft, sources=[HKEX_HEADINGS_APART])) == "pass"
    assert verdict(tieout.gate("Revenue was US$12,345,678 thousand.", [HKEX_HEADINGS_APART])) == [
        "currency:US$12,345,678 thousand"
    ]


def test_a_line_of_years_over_another_table_of_figures_is_not_its_headings() -> None:
    source = "Fiscal years          2025      2024\nRevenue              1,234     1,111\n\n" + (
        "                      2025      2024\n\nHeadcount            4,321     4,000\n"
    )
    # rows with figures end the headings: the first table stays apart from the second
    first, second = read_layout(source).tables
    assert [r.label for r in first.rows if not r.header] == ["Revenue"]
    assert [r.label for r in second.rows if not r.header] == ["Headcount"]


# --------------------------------------------------------------------------- a statement
# declared in a dollar other than the US dollar

HK_STATEMENT = """\
CONSOLIDATED STATEMENT OF PROFIT OR LOSS
For the year ended 31 December 2025
(Expressed in Hong Kong dollars)

                                   2025        2024
                                  $'000       $'000
Revenue                       4,321,000   3,210,000
Profit for the year             812,500     790,100
"""


@pytest.mark.parametrize(
    ("declaration", "columns", "code"),
    [
        ("(Expressed in Hong Kong dollars)", "$'000", "HKD"),
        ("(Amounts in Singapore dollars)", "$'000", "SGD"),
        ("Presented in Australian dollars", "$'000", "AUD"),
        ("(Expressed in Hong Kong dollars)", "Dollars in thousands", "HKD"),
        ("(Expressed in US dollars)", "$'000", "USD"),
        ("(Expressed in Renminbi)", "$'000", "XXX"),  # a "$" that is no dollar: unknown
        ("(Expressed in Hong Kong dollars)", "US$'000", "USD"),  # the column's own dollar
    ],
)
def test_a_bare_dollar_under_a_declared_currency_is_that_currency(
    declaration: str, columns: str, code: str
) -> None:
    source = HK_STATEMENT.replace("(Expressed in Hong Kong dollars)", declaration).replace(
        "$'000       $'000", f"{columns}       {columns}"
    )
    assert read(figure(extract(source), "4,321,000")) == (D(4_321_000_000), code, "number")


def test_a_dollar_cell_under_a_declared_currency_is_that_currency() -> None:
    source = (
        "(Amounts in Singapore dollars)\n\n"
        "                        2025          2024\n"
        "Revenue           $  4,321.5    $  3,210.4\n"
        "Net profit        $    812.6    $    790.1\n"
    )
    assert read(figure(extract(source), "$  4,321.5")) == (D("4321.5"), "SGD", "currency")
    assert verdict(tieout.gate("Revenue was S$4,321.5.", sources=[source])) == "pass"
    assert verdict(tieout.gate("Revenue was $4,321.5.", sources=[source])) == ["currency:$4,321.5"]


def test_the_gate_on_a_statement_in_hong_kong_dollars() -> None:
    faithful = "Revenue for 2025 was HK$4,321 million and profit HK$812.5 million."
    assert verdict(tieout.gate(faithful, sources=[HK_STATEMENT])) == "pass"
    assert verdict(
        tieout.gate("Revenue was US$4,321 million; profit $812.5 million.", [HK_STATEMENT])
    ) == ["currency:US$4,321 million", "currency:$812.5 million"]


# --------------------------------------------------------------------------- a "$" that a
# table's note or the whole document says is another dollar

CAD_RELEASE = """\
MAPLE BANK - FOURTH QUARTER 2025 RESULTS
All amounts are in Canadian dollars unless otherwise noted.

Reported net income was $2,104 million.

Selected results
(in millions of Canadian dollars)

\t4Q25\t3Q25
Revenue\t$8,120\t$7,944
Net income\t2,104\t1,987
"""


@pytest.mark.parametrize(
    ("declaration", "note", "prose", "cells"),
    [
        # the note names the dollar: its "$" cells are in it (they were US dollars)
        ("", "(in millions of Canadian dollars)", "USD", "CAD"),
        ("", "(in millions of Australian dollars)", "USD", "AUD"),
        ("", "(in € millions)", "USD", "XXX"),  # a "$" in a euro table: unknown
        # the document declares it for all its amounts: prose and tables below it
        (
            "All amounts are in Canadian dollars unless otherwise noted.",
            "($ in millions)",
            "CAD",
            "CAD",
        ),
        (
            "Amounts are in Australian dollars unless otherwise stated.",
            "(in millions)",
            "AUD",
            "AUD",
        ),
        # ... except a table that names the US dollar, and a "$" the document does not
        # declare for all its amounts
        ("All amounts are in Canadian dollars.", "(in millions of U.S. dollars)", "CAD", "USD"),
        ("Segment results are presented in Canadian dollars.", "(in millions)", "USD", "USD"),
    ],
)
def test_a_bare_dollar_is_the_dollar_its_note_or_document_declares(
    declaration: str, note: str, prose: str, cells: str
) -> None:
    source = CAD_RELEASE.replace(
        "All amounts are in Canadian dollars unless otherwise noted.", declaration
    ).replace("(in millions of Canadian dollars)", note)
    figs = extract(source)
    assert read(figure(figs, "$2,104 million")) == (D(2_104_000_000), prose, "currency")
    assert read(figure(figs, "$8,120")) == (D(8_120_000_000), cells, "currency")


def test_a_document_ingested_in_a_dollar_reads_its_bare_dollars_in_it() -> None:
    # `docs add --scale CAD`: "$" in prose and in the table is the Canadian dollar,
    # and so are the table's bare cells; "US$" stays the US dollar
    source = (
        "Reported net income was $2,104 million (US$1,500 million).\n\n"
        "Selected results\n(in millions)\n\n\t4Q25\t3Q25\nRevenue\t$8,120\t$7,944\n"
        "Net income\t2,104\t1,987\n"
    )
    figs = extract(source, default_currency="CAD")
    assert [
        read(figure(figs, t)) for t in ("$2,104 million", "US$1,500 million", "$8,120", "2,104")
    ] == [
        (D(2_104_000_000), "CAD", "currency"),
        (D(1_500_000_000), "USD", "currency"),
        (D(8_120_000_000), "CAD", "currency"),
        (D(2_104_000_000), "CAD", "number"),
    ]
    assert read(figure(extract(source), "$8,120")) == (D(8_120_000_000), "USD", "currency")


def test_the_gate_on_a_release_in_canadian_dollars() -> None:
    faithful = "Revenue was C$8,120 million and net income C$2,104 million."
    assert verdict(tieout.gate(faithful, sources=[CAD_RELEASE])) == "pass"
    assert verdict(
        tieout.gate("Revenue was US$8,120 million; net income $2,104 million.", [CAD_RELEASE])
    ) == ["currency:US$8,120 million", "currency:$2,104 million"]


def test_a_count_row_under_a_note_naming_no_currency_confirms_no_dollars() -> None:
    text = (
        "(in thousands)\n\n| | 2026 | 2025 |\n|---|---|---|\n"
        "| Revenue | $84,120 | $79,900 |\n| Customers | 14,870 | 12,410 |\n"
        "| Employees | 4,310 | 4,120 |\n| Backlog | 6,250 | 5,900 |\n"
    )
    assert read(figure(extract(text), "4,310")) == (D(4_310_000), "count", "number")
    assert verdict(tieout.gate("We had 14.87 million customers.", sources=[text])) == "pass"
    assert verdict(
        tieout.gate("CAC was $14.87 million and payroll $4.31 million.", sources=[text])
    ) == ["currency:$14.87 million", "currency:$4.31 million"]
    assert verdict(tieout.gate("Backlog was $6.25 million.", sources=[text])) == "pass"


# --------------------------------------------------------------------------- operating rows
# beside the financials, under one scale note

OPERATING = """\
# Selected financial and operating data

(in millions, except per share, per boe and per unit amounts)

| | Q3 2026 | Q3 2025 |
|---|---|---|
| Revenue | $3,412 | $3,105 |
| Production (Mboe/d) | 412 | 389 |
| Natural gas (MMcf/d) | 1,200 | 1,150 |
| Realized oil price ($/bbl) | 72.40 | 78.15 |
| Realized gas price ($/Mcf) | 2.85 | 2.41 |
| Proved reserves (MMboe) | 1,245 | 1,198 |
| Lease operating expense per boe | 9.85 | 10.12 |
| Generation (GWh) | 6,310 | 5,990 |
| Scope 1 emissions (tCO2e) | 48,200 | 51,700 |
"""


def test_a_row_in_a_unit_of_measure_takes_neither_the_notes_scale_nor_its_currency() -> None:
    figs = extract(OPERATING)
    assert read(figure(figs, "$3,412")) == (D(3_412_000_000), "USD", "currency")
    # each in the unit its label names, as the grammar keys "412 Mboe/d" (see
    # tests/test_layout_cells.py): no scale, no currency
    assert read(figure(figs, "412")) == (D(412), "Mboe/d", "quantity")
    assert read(figure(figs, "1,200")) == (D(1200), "MMcf/d", "quantity")
    assert read(figure(figs, "1,245")) == (D(1245), "MMboe", "quantity")
    assert read(figure(figs, "6,310")) == (D(6310), "GWh", "quantity")
    assert read(figure(figs, "48,200")) == (D(48200), "tCO2e", "quantity")
    # a price per unit of measure: the table's currency, never its scale, per that unit
    assert read(figure(figs, "72.40")) == (D("72.40"), "USD", "currency")
    assert figure(figs, "72.40").per == "bbl"
    assert read(figure(figs, "2.85")) == (D("2.85"), "USD", "currency")
    assert figure(figs, "2.85").per == "Mcf"
    assert read(figure(figs, "9.85")) == (D("9.85"), "USD", "currency")
    assert figure(figs, "9.85").per == "boe"


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Realized prices were $72.40/bbl for oil and $2.85/Mcf for gas.", "pass"),
        ("Production was 412 Mboe/d and reserves 1,245 MMboe; LOE was $9.85 per boe.", "pass"),
        ("Production contributed $412 million of revenue.", ["currency:$412 million"]),
        ("Natural gas sales were $1.2 billion.", ["currency:$1.2 billion"]),
        ("Reserves were valued at $1.245 billion.", ["currency:$1.245 billion"]),
        ("The oil hedge lost $72.4 million.", ["currency:$72.4 million"]),
        ("Carbon costs were $48,200.", ["currency:$48,200"]),
    ],
)
def test_the_gate_on_operating_rows(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[OPERATING])) == expected


RETAIL = """\
Selected operating data
(in thousands, except per share data)

                              Fiscal 2026     Fiscal 2025
Net sales                     $ 8,412,300     $ 7,990,100
Transactions                      198,450         191,020
Selling square feet                52,310          50,870
Inventory turns (x)                   5.2             4.9
Customers                          14,870          12,410
"""


def test_counts_area_and_turns_under_a_thousands_note_are_no_dollars() -> None:
    figs = extract(RETAIL)
    assert read(figure(figs, "$ 8,412,300")) == (D(8_412_300_000), "USD", "currency")
    # counts: at the table's scale, marked as counts (never in its currency)
    assert read(figure(figs, "198,450")) == (D(198_450_000), "count", "number")
    assert read(figure(figs, "14,870")) == (D(14_870_000), "count", "number")
    # area and a multiple: in their own unit, unscaled
    assert read(figure(figs, "52,310")) == (D(52310), None, "number")
    assert read(figure(figs, "5.2")) == (D("5.2"), None, "number")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Net sales were $8.4123 billion on 198,450 transactions.", "pass"),
        ("Selling square feet were 52,310; inventory turned 5.2x.", "pass"),
        ("Transaction fees were $198.45 million.", ["currency:$198.45 million"]),
        ("Occupancy cost was $52.31 million.", ["currency:$52.31 million"]),
        ("Shrink was $5,200.", ["currency:$5,200"]),
        # a count under the note confirms no dollar amount (the gate's unscaled-cell lookup
        # skips figures the layout marked as counts)
        ("Customer acquisition cost was $14.87 million.", ["currency:$14.87 million"]),
    ],
)
def test_the_gate_on_counts_area_and_turns(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[RETAIL])) == expected


# --------------------------------------------------------------------------- a contract's
# tables: counts and areas beside amounts

LEASE = """\
## Basic Lease Information

| Item | Term |
|---|---|
| Premises | Suite 1200, approximately 18,450 rentable square feet ("RSF") |
| Term | One hundred twenty-six (126) months |
| Base Rent (Year 1) | $42.50 per RSF per annum ($784,125.00 annually; $65,343.75 monthly) |

| Item | Detail |
|---|---|
| Premises | Suite 900, approximately 7,210 rentable square feet |
| Security deposit | 130,687.50 |
| Parking | $150 per space per month |
| Pricing | Tier 3 |

## Order Form

| Product | Seats | Unit Price | Annual Fee |
|---|---|---|---|
| Lumen Analytics | 1,250 | $18/user/month | $270,000 |
"""


def test_counts_and_areas_in_a_contracts_tables_take_no_currency() -> None:
    figs = extract(LEASE)
    # "Suite 1200", "Suite 900": identifiers, no figures at all
    assert not [f for f in figs if f.text in ("1200", "900")]
    assert read(figure(figs, "18,450 rentable square feet")) == (D(18450), "RSF", "quantity")
    # "One hundred twenty-six (126) months": the unit after the bracket is the figure's
    assert read(figure(figs, "126")) == (D(126), "month", "quantity")
    assert read(figure(figs, "7,210 rentable square feet")) == (D(7210), "RSF", "quantity")
    assert read(figure(figs, "3")) == (D(3), None, "number")  # "Tier 3"
    assert read(figure(figs, "1,250")) == (D(1250), None, "number")  # under "Seats"
    # a bare amount in the same tables keeps the table's currency
    assert read(figure(figs, "130,687.50")) == (D("130687.50"), "USD", "number")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Monthly base rent is $65,343.75 on 18,450 RSF for 126 months.", "pass"),
        ("The deposit is $130,687.50; Lumen Analytics has 1,250 seats.", "pass"),
        (
            "Monthly Base Rent is $18,450 and the admin fee is $126.",
            ["currency:$18,450", "currency:$126"],
        ),
        ("Lumen Analytics costs $1,250 per month.", ["currency:$1,250"]),
        ("Suite rent is $1,200 and the tier fee $3.", ["currency:$1,200", "currency:$3"]),
        ("Rent for the second suite is $7,210.", ["currency:$7,210"]),
    ],
)
def test_the_gate_on_a_contracts_tables(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[LEASE])) == expected


def test_per_share_rows_abbreviated_are_per_share_amounts() -> None:
    # "DPS 0.95" under "($ in millions, except per share data)" was $950,000, so "total
    # dividends of $0.95 million" passed and the faithful "BVPS $61.20" was refused
    text = (
        "($ in millions, except per share data)\n\n"
        "|  | 4Q25 | 3Q25 |\n|---|---|---|\n| Net income | 1,245 | 1,180 |\n"
        "| DPS | 0.95 | 0.90 |\n| BVPS | 61.20 | 60.11 |\n| TBVPS | 48.07 | 47.12 |\n"
    )
    figs = extract(text)
    assert [figure(figs, t).value for t in ("0.95", "61.20", "48.07")] == [
        Decimal("0.95"),
        Decimal("61.20"),
        Decimal("48.07"),
    ]
    assert figure(figs, "1,245").value == Decimal(1_245_000_000)
    result = tieout.gate("Dividends totalled $0.95 million; book value $61.20 a share.", [text])
    assert verdict(result) == ["currency:$0.95 million"]
