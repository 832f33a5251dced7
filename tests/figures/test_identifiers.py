"""Identifiers, phone numbers and markers: digits a filing prints that are no figure, and
letters it glues to a figure that are no part of it."""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout
from tieout.figures import extract

COVER = """ACME HOLDINGS, INC.
(Exact name of registrant as specified in its charter)
Commission File No. 001-38412        IRS Employer Identification No. 47-2291847
1500 Market Street, Suite 4100, Philadelphia, PA 19107
CIK 0001723412; CUSIP 004239109; SEDOL 3134865; SIC code 3490; Form S-8 (No. 333-234567)
Northgate Life (NAIC Company Code 60054; FEIN 13-5581829); FDIC Cert. No. 57203; RSSD ID 3284070.
The Fund pays Rule 12b-1 fees. The protocol adopted EIP-1559 on chain ID 42161.
Registered office: company number 04567890. Tel +44 (0)20 7946 0958; fax 020 7946 0959;
investor line +44 20 7946 0961 or 0161 496 0000.
Acme had 4,213 employees and revenue of $1,234.5 million in 2026.
"""


def test_identifiers_and_phone_numbers_are_no_figures() -> None:
    # (small numbers remain, no claims: "S-8", the "+44" country code; "1500 Market
    # Street" is an address, "Rule 12b-1" one code)
    assert [f.text for f in extract(COVER)] == [
        "8",
        "44",
        "44",
        "4,213",
        "$1,234.5 million",
        "2026",
    ]


def test_identifiers_are_listed_as_what_they_are() -> None:
    skips: list[tuple[tuple[int, int], str, str]] = []
    extract(COVER, skips=skips)
    by_reason: dict[str, list[str]] = {}
    for _, text, reason in skips:
        by_reason.setdefault(reason, []).append(text)
    assert by_reason["phone"] == [
        "(0)20 7946 0958",
        "020 7946 0959",
        "20 7946 0961",
        "0161 496 0000",
    ]
    assert {
        "001-38412",
        "47-2291847",
        "1500",
        "4100",
        "19107",
        "0001723412",
        "60054",
        "12b-1",
        "1559",
    } <= set(by_reason["identifier"])


@pytest.mark.parametrize(
    "draft",
    [
        "Acme has 38,412 employees.",  # File No. 001-38412
        "Acme serves 2,291,847 customers.",  # EIN 47-2291847
        "Acme shipped 19,107 units.",  # the ZIP code
        "Acme operates 4,100 stores.",  # Suite 4100
        "Acme has 1,723,412 shareholders.",  # the CIK, zero-padded
        "The company wrote 60,054 new policies.",  # NAIC code
        "The bank serves 3,284,070 customers.",  # RSSD ID
        "Class C shares total 12 billion units.",  # Rule 12b-1
        "Meridian serves 1,559 institutional clients.",  # EIP-1559
        "The protocol has 42,161 depositors.",  # chain ID
        "We sold 7,946 units.",  # a London phone number
        "Acme employs 4,567,890 people.",  # the company number
    ],
)
def test_an_identifier_confirms_no_count(draft: str) -> None:
    result = tieout.gate(draft, sources=[COVER])
    assert not result.passed
    assert len(result.rejected) == 1


def test_a_figure_beside_an_identifier_still_passes() -> None:
    result = tieout.gate(
        "Acme had 4,213 employees and $1.2345 billion of revenue.", sources=[COVER]
    )
    assert result.passed, result.message


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Series 2026B Bonds", []),  # a series letter, never 2.026 trillion
        ("the 2026M notes", []),
        ("$9,870,000T   4.000%  Term Bonds due 2041", ["$9,870,000", "4.000%", "2041"]),
        ("Estimated collections $145,800,000E", ["$145,800,000"]),  # an estimate's mark
        ("Net position $412,530,118a", ["$412,530,118"]),  # a footnote's letter
        ("Assessed value 31,413,227P", ["31,413,227"]),
        ("2Q26 and 4G and 61R", []),  # a number glued to a letter alone is a code
        ("$1.2T of volume", ["$1.2T"]),
        ("1,234K units", ["1,234K"]),
    ],
)
def test_letters_glued_to_a_figure(text: str, read: list[str]) -> None:
    assert [f.text for f in extract(text)] == read


def test_a_term_bonds_marker_is_no_trillion() -> None:
    (fig, *_) = extract("$9,870,000T   4.000%  Term Bonds due 2041")
    assert (fig.value, fig.scale) == (Decimal(9870000), 1)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("(in $000s)", []),
        ("($000)", []),
        ("Amounts in $000", []),
        ("$000 | 2026 | 2025", ["2026", "2025"]),
        ("The fee was $000 last year.", ["$000"]),  # an amount: no source states it
        ("The fee was USD 000 last year.", ["USD 000"]),
        ("In $000, except share data", []),
        ("Revenue ($000)\n| Fees | 1,200 |", ["1,200"]),
    ],
)
def test_dollar_zeros_name_a_scale_only_where_a_scale_stands(text: str, read: list[str]) -> None:
    assert [f.text for f in extract(text)] == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Segment results\n\nS$'000 7,450 and 6,980", ["7,450", "6,980"]),
        ("Notes to the accounts.\nRMB'000 312", ["312"]),
        ("Group revenue fell. £'000 figures follow: 88", ["88"]),
        ("Interim report\n\nUS$ '000 5,020", ["5,020"]),
        ("Half year\n\n$A'000 61", ["61"]),
        ("Interim report\n\nHKD'000,000 415", ["415"]),
        ("He said '000 three times", ["000"]),  # no currency mark: left as written
    ],
)
def test_apostrophe_zeros_after_a_currency_mark_are_a_scale_wherever_they_stand(
    text: str, read: list[str]
) -> None:
    """ "HK$'000" heads a column in thousands of Hong Kong dollars; its zeros are never an
    amount of nothing, on a text's first line or below a heading."""
    assert [f.text for f in extract(text)] == read
