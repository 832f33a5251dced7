"""SaaS board decks and official statistics (BLS, BEA): figures a fabricated draft must not
pass on, and restatements a faithful one must."""

from __future__ import annotations

import pytest

import tieout
from tieout.figures import extract

UNIT_ECONOMICS = """## 4. Unit Economics

| | Q2 FY26 | Q3 FY26 |
|---|---:|---:|
| LTV / CAC | 3.4x | 3.9x |
| Magic number | 0.71 | 0.84 |
"""


@pytest.mark.parametrize(
    ("draft", "key"),
    [
        ("The magic number 0.97 was a record.", "number:0.97"),
        ("The CPI-U index number 318.2 was a new high.", "number:318.2"),
    ],
)
def test_decimal_after_lower_case_number_is_a_figure(draft: str, key: str) -> None:
    r = tieout.gate(draft, sources=[UNIT_ECONOMICS])
    assert r.carve_outs == ()
    assert not r.passed
    [claim] = r.claims
    assert (claim.key, claim.status) == (key, "missing")


def test_magic_number_in_the_source_passes() -> None:
    r = tieout.gate("The magic number reached 0.84 in Q3 FY26.", sources=[UNIT_ECONOMICS])
    assert r.passed, [(c.text, c.reason) for c in r.claims]


@pytest.mark.parametrize(
    "text", ["Quote account number 4417 when you call.", "See Number 3.2 in the list."]
)
def test_whole_identifier_after_number_stays_carved(text: str) -> None:
    assert extract(text) == []
