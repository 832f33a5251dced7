"""A table's caption names its own scale note, even when an earlier caption's words are a
prefix of it ("(in millions)" above one table, "(in millions of Canadian dollars)" above
the next)."""

from __future__ import annotations

import tieout
from tieout.figures import extract

SOURCE = """Quarterly Supplemental Information
(in millions)

                              2026        2025
Nareit FFO                 $  1,204   $  1,118
FFO per diluted share      $   2.41   $   2.27

Canadian operations
(in millions of Canadian dollars)

\tThree Months Ended September 30,\tNine Months Ended September 30,
\t2026\t2025\t2026\t2025
Revenue\t$812\t$774\t2,391\t2,210
"""


def test_the_longer_caption_gives_its_table_its_currency() -> None:
    keys = [f.key for f in extract(SOURCE) if f.where and f.where.startswith("row Revenue")]
    assert [(k[0], k[1]) for k in keys] == [("currency", "CAD")] * 2 + [("number", None)] * 2
    assert [k[2] for k in keys] == [812_000_000, 774_000_000, 2_391_000_000, 2_210_000_000]


def test_a_us_dollar_draft_is_not_confirmed_by_the_canadian_table() -> None:
    passed = tieout.gate("Canadian revenue was C$812 million.", sources=[SOURCE])
    assert passed.passed
    assert passed.claims[0].reason == 'found in source 1: "$812"'
    rejected = tieout.gate("Canadian revenue was US$812 million.", sources=[SOURCE])
    assert not rejected.passed
    assert rejected.claims[0].key == "currency:USD:812000000"
    # and the first table, whose note names no currency, still gives its dollars
    assert tieout.gate("FFO was $1,204 million.", sources=[SOURCE]).passed
