"""A footnote's mark printed as a superscript digit after a figure ("$2.94¹ billion",
"4,200²") is read past: the figure is the one before it, with its scale word after."""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout
from tieout.figures import extract

SOURCE = """\
Results for the year

Revenue was $2.94¹ billion and the margin 12.5² percent.

(in thousands)
                 2026¹       2025
Revenue         4,200²      3,100
Cost of sales   1,100       1,000
"""


def test_the_figure_reads_on_past_its_mark() -> None:
    figs = {f.text: f for f in extract(SOURCE)}
    assert (figs["$2.94¹ billion"].value, figs["$2.94¹ billion"].unit) == (
        Decimal("2940000000.00"),
        "USD",
    )
    assert (figs["12.5² percent"].value, figs["12.5² percent"].kind) == (Decimal("12.5"), "percent")
    assert (figs["4,200"].value, figs["4,200"].where) == (
        Decimal("4200000"),
        "row Revenue, column 2026",
    )


@pytest.mark.parametrize(
    "draft",
    ["Revenue was $2.94 billion.", "Revenue was $4.2 million.", "The margin was 12.5%."],
)
def test_the_marked_source_confirms_the_figure(draft: str) -> None:
    assert [c.status for c in tieout.gate(draft, sources=[SOURCE]).claims] == ["found"]


def test_a_marked_draft_figure_is_the_figure_and_saved_as_written() -> None:
    r = tieout.gate("Revenue was $2.94¹ billion.", sources=["Revenue was $2.94 billion."])
    [claim] = r.claims
    assert (claim.text, claim.key, claim.status) == (
        "$2.94¹ billion",
        "currency:USD:2940000000",
        "found",
    )
    assert r.sanitized_text == "Revenue was $2.94¹ billion."
    # before: read as "$2.94" alone, which an EPS of $2.94 confirmed
    r = tieout.gate("Revenue was $2.94¹ billion.", sources=["Diluted EPS was $2.94."])
    assert [(c.key, c.status) for c in r.claims] == [("currency:USD:2940000000", "missing")]


def test_a_power_of_ten_is_no_mark() -> None:
    assert [(f.text, f.value) for f in extract("Emissions of 10⁶ tonnes")] == [
        ("10", Decimal("10"))
    ]
    assert [(f.text, f.value) for f in extract("Space of 1,200 m²")] == [
        ("1,200 m²", Decimal("1200"))
    ]
