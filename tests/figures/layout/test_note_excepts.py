"""What a scale note leaves out: the rows its except clause names, and the things a note
counts rather than prices ("(tokens in thousands)")."""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout

LETTER = """## Financial highlights

| (in millions, except per share data and MTUs) | Q3 2025 | Q2 2025 |
|---|---|---|
| Net revenue | 1,234 | 1,100 |
| Operating income | 312 | 290 |
| MTUs (millions) | 9.8 | 8.7 |

## Note 6. Digital assets held for investment

(in thousands, except quantities of bitcoin and ether)

| | September 30, 2025 | December 31, 2024 |
|---|---|---|
| Bitcoin held (BTC) | 9,480 | 9,000 |
| Ether held (ETH) | 152,300 | 140,000 |
| Fair value of bitcoin | $608,412 | $843,300 |
"""

TOKENS = """Treasury (tokens in thousands)

                          2025      2024
HALC held                  140       120
"""


@pytest.mark.parametrize(
    "draft",
    [
        "MTU revenue was $9.8 million.",  # a count of users, no amount
        "Bitcoin holdings were worth $9.48 million.",  # coins, not $000s
        "Ether holdings were worth $152.3 million.",
    ],
)
def test_rows_the_except_clause_names_confirm_no_amount(draft: str) -> None:
    assert not tieout.gate(draft, sources=[LETTER]).passed


@pytest.mark.parametrize(
    "draft",
    [
        "Net revenue was $1,234 million and operating income $312 million.",
        "MTUs were 9.8 million.",
        "Meridian held 9,480 BTC worth $608.412 million.",
    ],
)
def test_the_rest_of_the_table_reads_as_before(draft: str) -> None:
    result = tieout.gate(draft, sources=[LETTER])
    assert result.passed, result.message


def test_a_note_that_names_what_it_counts_prices_nothing() -> None:
    assert not tieout.gate("The treasury was worth $140 thousand.", sources=[TOKENS]).passed
    assert tieout.gate("The treasury held 140,000 HALC.", sources=[TOKENS]).passed
    dollars = TOKENS.replace("tokens in thousands", "dollars in thousands")
    assert tieout.gate("The treasury was worth $140 thousand.", sources=[dollars]).passed


# a per-share computation: the group names the per-share amount, its rows the numerator
# (earnings, in millions) and the denominator (shares, in millions); a dividend row names
# its rate per share in brackets and is still an amount
PER_SHARE_COMPUTATION = """\
The computation of net income per share of Class X and Class Y stock (in millions, except \
per share amounts):

|  | 2025 | 2024 |
|---|---|---|
| Basic net income per share: |  |  |
| Allocation of distributed earnings (cash dividends paid) | $2,817 | $2,409 |
| Allocation of undistributed earnings | 19,366 | 17,052 |
| Number of shares used in basic computation | 6,130 | 6,244 |
| Basic net income per share | $3.62 | $3.12 |
| Dividends declared ($0.45 per share) | (2,760) | (2,400) |
"""


def test_a_per_share_group_leaves_the_numerators_amounts_and_shares_in_millions() -> None:
    doc = tieout.Document.from_text("eps", PER_SHARE_COMPUTATION)
    got = {f.text: (f.value, f.unit) for f in doc.figures if f.where}
    assert got["$2,817"] == (2_817_000_000, "USD")
    assert got["19,366"][0] == 19_366_000_000
    assert got["6,130"] == (6_130_000_000, "shares")
    assert got["$3.62"] == (Decimal("3.62"), "USD")  # the per-share amount itself, unscaled
    assert got["(2,760)"][0] == -2_760_000_000


PAR_VALUE = """\
BALANCE SHEETS (in millions)

|  | June 30, 2026 | June 30, 2025 |
|---|---|---|
| Total liabilities | $4,420 | $4,105 |
| Shareholders' equity: |  |  |
| Common stock, $0.01 par value; 2,000 shares authorized; 812 and 830 shares issued and \
outstanding | 8 | 8 |
| Retained earnings | 2,377 | 2,021 |
"""


def test_a_class_of_stock_at_par_value_under_a_group_is_an_amount() -> None:
    doc = tieout.Document.from_text("bs", PAR_VALUE)
    got = {f.text: (f.value, f.unit) for f in doc.figures if f.where and f.text == "8"}
    assert got["8"] == (8_000_000, "USD")


LABEL_FIGURES = """\
BALANCE SHEETS (in millions, except par value per share amounts)

|  | June 30, 2026 | June 30, 2025 |
|---|---|---|
| Accumulated other comprehensive loss, net of tax of $(41) and $12 | $(230) | $(180) |
| Common stock, $0.01 par value; 2,000 shares authorized; 812 and 830 shares issued | 8 | 8 |
| $750 5.25% notes due 2031 | 750 | 750 |
| Receivables, net of allowances of $19 and of $23, respectively | 1,402 | 1,377 |
"""


def test_figures_in_row_labels_take_the_tables_scale_but_rates_do_not() -> None:
    doc = tieout.Document.from_text("bs", LABEL_FIGURES)
    got = {f.text: (f.value, f.unit) for f in doc.figures}
    assert got["$(41)"] == (-41_000_000, "USD")  # the tax, in millions
    assert got["$12"] == (12_000_000, "USD")
    assert got["$(41)"] != got["$12"]
    assert got["$0.01"] == (Decimal("0.01"), "USD")  # the par value, per share
    assert got["2,000"] == (2_000_000_000, "shares")
    assert got["830"] == (830_000_000, "shares")
    assert got["$750"] == (750_000_000, "USD")
    assert got["5.25%"] == (Decimal("5.25"), "percent")
    assert got["2031"] == (2031, None)  # a year


def test_figures_listed_in_a_label_take_the_columns_periods_in_order() -> None:
    doc = tieout.Document.from_text("bs", LABEL_FIGURES)
    ends = {f.text: f.period.end.isoformat() for f in doc.figures if f.period and f.where is None}
    assert ends["$(41)"] == "2026-06-30"
    assert ends["$12"] == "2025-06-30"
    assert ends["812"] == "2026-06-30"
    assert ends["830"] == "2025-06-30"
    assert ends["$19"] == "2026-06-30"  # "… of $19 and of $23, respectively"
    assert ends["$23"] == "2025-06-30"


OPTION_ACTIVITY = """\
Stock option activity (in millions, except per share amounts):

|  | Options | Weighted-average exercise price | Aggregate intrinsic value |
|---|---|---|---|
| Outstanding at June 30, 2025 | 14 | $81.20 | $512 |
| Granted | 3 | 96.45 |  |
| Exercised | (2) | 60.10 | 88 |
| Outstanding at June 30, 2026 | 15 | $85.77 | $640 |
"""


def test_a_column_of_prices_per_share_is_not_at_the_tables_scale() -> None:
    doc = tieout.Document.from_text("options", OPTION_ACTIVITY)
    got = {f.text: (f.value, f.unit) for f in doc.figures if f.where}
    assert got["$81.20"] == (Decimal("81.20"), "USD")
    assert got["96.45"] == (Decimal("96.45"), "USD")
    assert got["$512"] == (512_000_000, "USD")  # the intrinsic value, in millions
    assert got["14"] == (14_000_000, "shares")
