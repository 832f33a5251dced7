"""Bounds and approximations in every form sources write them: symbols (">$50M", "≥ 10%"),
caps ("shall not exceed", "up to an aggregate of"), words after the figure ("$25 million or
more", "120%+", "(approx.)") and other languages ("rund 95 Mio. €", "plus de 95 M€"). Each
states a figure only roughly, so it never confirms the same figure stated exactly; a draft
that keeps the hedge, or names the figure as a threshold, is confirmed."""

from __future__ import annotations

from dataclasses import replace

import pytest

import tieout
from tieout.figures import extract, hedged_phrase, is_bound, mark_draft_hedges
from tieout.gating.config import WorkflowConfig
from tieout.gating.gate import claim_class
from tieout.gating.lazy import LazySource


def _claims(draft: str, source: str) -> list[tuple[str, str]]:
    return [(c.key, c.status) for c in tieout.gate(draft, sources=[source]).claims]


# --------------------------------------------------------------------------- reading


@pytest.mark.parametrize(
    ("text", "figure", "hedged", "phrase", "bound"),
    [
        # symbols before the figure
        ("Pipeline coverage supports >$50M of FY2027 ARR.", "$50M", ">", ">$50M", True),
        ("Enterprise NRR ≥ 120% for the third quarter.", "120%", "≥", "≥120%", True),
        ("Water withdrawn in stressed basins: <1% of total.", "1%", "<", "<1%", True),
        ("Services margin ≤ 40%.", "40%", "≤", "≤40%", True),
        ("Interconnection queue: > 1,000 MW of solar.", "1,000 MW", ">", ">1,000 MW", True),
        ("Leverage <= 3.5x at close.", "3.5x", "<=", "<=3.5x", True),
        # caps and thresholds in words
        (
            "Development costs are not to exceed $40 million per year.",
            "$40 million",
            "not to exceed",
            "not to exceed $40 million",
            True,
        ),
        (
            "Hanseatic will pay up to an aggregate of $850 million.",
            "$850 million",
            "up to an aggregate of",
            "up to an aggregate of $850 million",
            True,
        ),
        (
            "Veloxa may receive a maximum of $65 million.",
            "$65 million",
            "maximum of",
            "maximum of $65 million",
            True,
        ),
        (
            "Peak sales could be as much as $3 billion.",
            "$3 billion",
            "as much as",
            "as much as $3 billion",
            True,
        ),
        (
            "Exits were each at greater than 3.0x.",
            "3.0x",
            "greater than",
            "greater than 3.0x",
            True,
        ),
        (
            "Realized proceeds exceeding $140 million.",
            "$140 million",
            "exceeding",
            "exceeding $140 million",
            True,
        ),
        (
            "an enterprise value in the region of $1.1 billion",
            "$1.1 billion",
            "in the region of",
            "in the region of $1.1 billion",
            False,
        ),
        (
            "at an approximate $1.1 billion valuation",
            "$1.1 billion",
            "approximate",
            "approximate $1.1 billion",
            False,
        ),
        # after the figure
        (
            "Commitments of $25 million or more qualify.",
            "$25 million",
            "or more",
            "$25 million or more",
            True,
        ),
        ("Exposure of 15% or less of commitments.", "15%", "or less", "15% or less", True),
        ("Board target: NRR of 120%+ by FY2027.", "120%", "+", "120%+", True),
        ("We underwrite to a 3x+ gross return.", "3x", "+", "3x+", True),
        (
            "We expect a $25 million-plus Series C.",
            "$25 million",
            "-plus",
            "$25 million-plus",
            True,
        ),
        (
            "Deals sized at $25 million and above.",
            "$25 million",
            "and above",
            "$25 million and above",
            True,
        ),
        (
            "EV at exit: $1.1 billion (approx.)",
            "$1.1 billion",
            "(approx.)",
            "$1.1 billion (approx.)",
            False,
        ),
        (
            "EV at exit was $1.1 billion, approximately.",
            "$1.1 billion",
            ", approximately",
            "$1.1 billion, approximately",
            False,
        ),
        ("Q4 bookings: $5.5M (est.)", "$5.5M", "(est.)", "$5.5M (est.)", False),
        # other languages
        (
            "Die Investitionen beliefen sich auf rund 95 Mio. €.",
            "95 Mio. €",
            "rund",
            "rund 95 Mio. €",
            False,
        ),
        (
            "Die Investitionen beliefen sich auf über 95 Mio. €.",
            "95 Mio. €",
            "über",
            "über 95 Mio. €",
            True,
        ),
        (
            "Die Investitionen werden bis zu 95 Mio. € betragen.",
            "95 Mio. €",
            "bis zu",
            "bis zu 95 Mio. €",
            True,
        ),
        (
            "Les investissements atteignent près de 95 M€.",
            "95 M€",
            "près de",
            "près de 95 M€",
            False,
        ),
        (
            "Les investissements atteignent plus de 95 M€.",
            "95 M€",
            "plus de",
            "plus de 95 M€",
            True,
        ),
        ("Investeringarna uppgick till drygt 95 MSEK.", "95 MSEK", "drygt", "drygt 95 MSEK", True),
        (
            "Investeringarna uppgick till omkring 95 MSEK.",
            "95 MSEK",
            "omkring",
            "omkring 95 MSEK",
            False,
        ),
    ],
)
def test_what_states_a_figure_only_roughly(
    text: str, figure: str, hedged: str, phrase: str, bound: bool
) -> None:
    [fig] = [f for f in extract(text, words=True) if f.text == figure]
    assert (fig.hedged, hedged_phrase(fig), is_bound(fig.hedged)) == (hedged, phrase, bound)


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("<table><tr><td>Units</td><td>4,200</td></tr></table>", "4,200"),  # a tag's end
        ("<b>Revenue</b>$4.2 million", "$4.2 million"),
        ("> Revenue was $4.2 million in the quarter.", "$4.2 million"),  # a Markdown quote
        ("Margin 12% -> 4,200 units", "4,200"),  # an arrow
        ("Revenue was $4.2 million + $1.1 million of grants.", "$4.2 million"),  # a sum
        ("Units: 4,200+300 returned", "4,200"),
        ("Revenue was $4.2 million, approximately 12% above plan.", "$4.2 million"),
        ("Revenue of $4.2 million plus interest.", "$4.2 million"),
        ("Payment of One Hundred Million U.S. Dollars ($100,000,000).", "$100,000,000"),
    ],
)
def test_what_does_not(text: str, figure: str) -> None:
    [fig] = [f for f in extract(text) if f.text == figure]
    assert fig.hedged == ""


def test_a_cap_spelled_out_bounds_its_digits_too() -> None:
    text = (
        "The aggregate of all milestone payments shall not exceed One Billion Two Hundred "
        "Million U.S. Dollars ($1,200,000,000)."
    )
    [digits] = [f for f in extract(text) if f.text == "$1,200,000,000"]
    assert digits.hedged == "shall not exceed"


# --------------------------------------------------------------------------- the gate

SOURCES = [
    ("Pipeline coverage supports >$50M of FY2027 ARR.", "Pipeline supports $50M of ARR."),
    ("Top-decile cohorts show NRR >120%.", "Top-decile cohorts show NRR of 120%."),
    ("Adverse Reactions Occurring in ≥10% of Patients", "Fatigue occurred in 10% of patients."),
    ("Avoided emissions from the program: >2,500 tCO2e.", "The program avoided 2,500 tCO2e."),
    ("Hanseatic will pay up to an aggregate of $850 million.", "Hanseatic will pay $850 million."),
    ("Costs are not to exceed $1,500,000 per year.", "Costs are $1,500,000 per year."),
    ("Peak sales could be as much as $3 billion.", "Peak sales are forecast at $3 billion."),
    ("Leverage of no greater than 3.0x EBITDA.", "Leverage of 3.0x EBITDA."),
    ("Minimum commitment is $25 million or more.", "Minimum commitment is $25 million."),
    ("Board target: NRR of 120%+ by FY2027.", "NRR of 120%."),
    ("EV at exit: $1.1 billion (approx.)", "An EV at exit of $1.1 billion."),
    ("Die Investitionen beliefen sich auf rund 95 Mio. €.", "Capex was €95 million."),
    ("Les investissements atteignent plus de 95 M€.", "Capex was €95 million."),
    ("Investeringarna uppgick till cirka 95 MSEK.", "Capex was SEK 95 million."),
]


@pytest.mark.parametrize(("source", "draft"), SOURCES)
def test_a_bound_or_approximation_does_not_confirm_the_exact_figure(
    source: str, draft: str
) -> None:
    result = tieout.gate(draft, sources=[source])
    assert result.passed is False
    [claim] = result.rejected
    assert claim.status == "missing"
    assert claim.hint is not None
    assert claim.hint.startswith("the sources state it only as an approximation or a bound")


@pytest.mark.parametrize(("source", "draft"), SOURCES)
def test_a_workflow_that_accepts_hedges_passes_them(source: str, draft: str) -> None:
    assert tieout.gate(draft, sources=[source], config=WorkflowConfig(hedges="accept")).passed


def test_the_rejection_quotes_the_source_with_its_hedge_in_place() -> None:
    [claim] = tieout.gate(
        "Minimum commitment is $25 million.", sources=["Commitments of $25 million or more."]
    ).rejected
    assert claim.reason == (
        "in neither this run's anchors nor its sources exactly; source 1 states it only as "
        'an approximation or a bound ("$25 million or more"): keep the words that say so, '
        "or write the exact figure the sources give"
    )
    [claim] = tieout.gate("Enterprise NRR was 120%.", sources=["Enterprise NRR ≥ 120%."]).rejected
    assert claim.hint == (
        'the sources state it only as an approximation or a bound ("≥120%"): keep the words '
        "that say so, or write the exact figure the sources give"
    )


@pytest.mark.parametrize(
    ("draft", "source"),
    [
        # the draft keeps the hedge: the same or an exact source confirms it
        ("Pipeline supports more than $50 million of ARR.", "Pipeline supports >$50M of ARR."),
        (
            "Pipeline supports more than $50 million of ARR.",
            "Pipeline supports $50 million of ARR.",
        ),
        ("Pipeline supports over $50 million of ARR.", "Pipeline supports $50M+ of ARR."),
        ("Enterprise NRR was at least 120%.", "Enterprise NRR ≥ 120%."),
        ("Capex was about €95 million.", "Die Investitionen beliefen sich auf rund 95 Mio. €."),
        # the draft names the figure as a threshold, which the bound states
        ("Publishing needs a 90% approval bar.", "Drafts publish only at 90%+ approval."),
        ("The cap is $1.2 billion.", "Payments shall not exceed $1,200,000,000."),
        ("Leverage at most 4.00:1.00, or 4.0x.", "Leverage shall not exceed 4.00 to 1.00."),
        # an exact statement elsewhere in the same source wins
        ("Revenue was $4.2 million.", "Revenue of >$4.2 million.\n\nRevenue: $4.2 million."),
        # markup and arithmetic are no bounds
        ("We sold 4,200 units.", "<table><tr><td>Units</td><td>4,200</td></tr></table>"),
        ("Revenue was $4.2 million.", "> Revenue was $4.2 million in the quarter."),
        ("Revenue was $4.2 million.", "Revenue was $4.2 million + $1.1 million of grants."),
        ("Revenue was $4.2 million.", "Revenue was $4.2 million, approximately 12% above plan."),
        # a p-value stated as the source states it
        ("The effect was significant (p<0.001).", "Survival improved (HR 0.71; p<0.001)."),
        # a long approximation is the figure, as before
        ("Acme had 4,213 employees.", "We had approximately 4,213 employees."),
    ],
)
def test_what_still_passes(draft: str, source: str) -> None:
    result = tieout.gate(draft, sources=[source])
    assert result.passed, result.message


def test_a_market_cap_is_no_threshold() -> None:
    text = "Market cap is $4.2 billion; a $4.2 billion market cap."
    assert [f.hedged for f in mark_draft_hedges(text, extract(text))] == ["", ""]
    assert _claims("Market cap is $4.2 billion.", "Market cap of more than $4.2 billion.") == [
        ("currency:USD:4200000000", "missing")
    ]


LONG = "\n\n".join(
    [
        "Hanseatic will pay Veloxa up to an aggregate of $850 million in milestones.",
        "| Metric | FY2026 |\n|---|---|\n| NRR | >120% |\n| Services margin | ≤ 40% |",
        "Avoided emissions from the program: >2,500 tCO2e; water <1% of total.",
        "Commitments of $25 million or more; a 3x+ gross return; EV $1.1 billion (approx.)",
        "Die Investitionen beliefen sich auf rund 95 Mio. €, davon über 12 Mio. € im Ausland.",
        "Revenue was $4.2 million, approximately 12% above plan; 4,200+300 units shipped.",
        "<table><tr><td>Units</td><td>7,350</td></tr></table>",
    ]
    * 40
)


def test_the_lazy_reading_answers_as_the_full_reading() -> None:
    reference = LazySource(LONG, "s").full()
    checked = 0
    for f in extract(LONG, words=True):
        for v in (f, replace(f, hedged="")):  # as stated, and as a draft states it exactly
            cls = claim_class(v) or "numeric"
            lazy = LazySource(LONG, "s").lookup(cls, v)
            want = reference.lookup(cls, v)
            assert (lazy is None) == (want is None), v
            if want is not None and not isinstance(want, str):
                assert not isinstance(lazy, str) and lazy is not None
                assert lazy.hedged == want.hedged, v
            checked += 1
    assert checked > 400
