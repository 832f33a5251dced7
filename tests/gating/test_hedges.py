"""Approximations and bounds: a figure the sources state only as "about $800 million" is
not confirmed by a draft that states it exactly, since the draft then says more than any
source does."""

from __future__ import annotations

import pytest

import tieout
from tieout.errors import ConfigError
from tieout.figures import extract
from tieout.gating.config import WorkflowConfig

CALL = """Operator: Good morning. Our prepared remarks follow.
CFO: Adjusted EBITDA was about $800 million and transaction revenue a little over
$1 billion. Take rate was roughly 40 basis points, and we added some 4,200 institutions.
Net income was $212 million. Headcount is ~3,100.
"""
LETTER = (
    "Adjusted EBITDA of $801 million; transaction revenue of $1,046 million; 4,200 institutions."
)


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        ("EBITDA was about $800 million", "about"),
        ("revenue a little over $1 billion", "over"),
        ("a margin of ~40%", "~"),
        ("approximately USD 5 million", "approximately"),
        ("about US$5 million", "about"),
        ("more than 4,000 customers", "more than"),
        ("some four million dollars", "some"),
        ("revenue of $800 million", ""),
        ("up 12% year over year to $4.2 million", ""),
    ],
)
def test_what_marks_a_figure_as_an_approximation(text: str, hedged: str) -> None:
    figs = extract(text, words=True)
    assert figs[-1].hedged == hedged


@pytest.mark.parametrize(
    ("draft", "passed"),
    [
        ("Adjusted EBITDA was $800 million.", False),
        ("Adjusted EBITDA was about $800 million.", True),
        ("Adjusted EBITDA was approximately $800 million.", True),
        ("Transaction revenue was $1 billion.", False),
        ("Transaction revenue topped $1 billion, a little over it.", False),
        ("Transaction revenue was over $1 billion.", True),
        ("Take rate was 40 bps.", False),
        ("Headcount is 3,100.", False),
        ("Net income was $212 million.", True),  # stated exactly
        ("About 4,200 institutions joined.", True),
    ],
)
def test_an_exact_figure_is_not_confirmed_by_an_approximation(draft: str, passed: bool) -> None:
    assert tieout.gate(draft, sources=[CALL]).passed is passed


def test_the_rejection_says_how_the_source_states_it() -> None:
    [claim] = tieout.gate("Adjusted EBITDA was $800 million.", sources=[CALL]).rejected
    assert claim.hint == (
        'the sources state it only as an approximation or a bound ("about $800 million"): '
        "keep the words that say so, or write the exact figure the sources give"
    )


def test_an_exact_statement_in_another_source_confirms_it() -> None:
    result = tieout.gate(
        "We added 4,200 institutions; EBITDA was $801 million.", sources=[CALL, LETTER]
    )
    assert result.passed, result.message


def test_an_exact_statement_elsewhere_in_the_same_source_wins() -> None:
    source = "Revenue was about $4.2 million in the quarter.\n\n" * 3 + "Revenue: $4.2 million."
    assert tieout.gate("Revenue was $4.2 million.", sources=[source]).passed


def test_a_workflow_may_accept_approximations() -> None:
    config = WorkflowConfig(hedges="accept")
    assert tieout.gate("Adjusted EBITDA was $800 million.", sources=[CALL], config=config).passed


def test_hedges_must_be_reject_or_accept() -> None:
    with pytest.raises(ConfigError, match='hedges must be "reject" or "accept"'):
        WorkflowConfig.from_mapping("w", {"hedges": "sometimes"})


@pytest.mark.parametrize(
    ("source", "draft", "passed"),
    [
        # an approximation written to many digits is the figure (a lease's area, a headcount)
        ("Premises: approximately 18,450 rentable square feet.", "18,450 RSF", True),
        ("We had approximately 4,213 employees.", "Acme had 4,213 employees.", True),
        ("We had approximately 4,200 employees.", "Acme had 4,200 employees.", False),
        # a bound is no amount, however many digits it has
        ("Fees of up to $5,250,000 are payable.", "Fees of $5,250,000 are payable.", False),
        ("Fees of up to $5,250,000 are payable.", "Fees of up to $5,250,000 apply.", True),
        ("We have more than 4,213 customers.", "We have 4,213 customers.", False),
    ],
)
def test_a_bound_always_and_a_round_approximation_only(
    source: str, draft: str, passed: bool
) -> None:
    assert tieout.gate(draft, sources=[source]).passed is passed
