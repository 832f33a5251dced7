"""What a scale note leaves out: the rows its except clause names, and the things a note
counts rather than prices ("(tokens in thousands)")."""

from __future__ import annotations

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
