"""The free-text gate, rule by rule (issue 3, items 3-12): what counts as a claim, how it is
keyed and looked up, sanitise-then-validate, carve-outs, the marker, the model-facing message,
per-workflow configuration, anchors and which sources count.

Every test gates a real draft against real source text; nothing is mocked.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

import tieout
from tieout.errors import ConfigError, InputError, TieoutError
from tieout.gating import (
    MARKER,
    GateResult,
    WorkflowConfig,
    load_anchors,
    load_config,
    sanitize,
)

SAMPLES = Path(tieout.__file__).parent / "sample_docs"
WORKFLOWS = SAMPLES / "workflows.toml"
WORDS = WorkflowConfig(words=True)


def verdict(result: GateResult) -> str | list[str]:
    """'pass', or the rejected figures as seed 000 prints them: 'class:text'."""
    return "pass" if result.passed else [f"{c.cls}:{c.text}" for c in result.rejected]


def claims(result: GateResult) -> list[tuple[str, str, str, str]]:
    return [(c.cls, c.text, c.key, c.status) for c in result.claims]


def flat(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------- seeds 000 and 004

SEED000_SOURCE = """Revenue: $4,200,000 (up 23% QoQ). Gross margin 32%.
2.2 By Customer. Either party may terminate on 30 days notice."""


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        pytest.param("Revenue reached $4,200,000, up 23%.", "pass", id="prose comma"),
        pytest.param("Gross profit was $1,344,000.", ["currency:$1,344,000"], id="computed value"),
        pytest.param("Gross profit was $1,344,000 [not in source].", "pass", id="computed marked"),
        pytest.param(
            "Market salary for this role is $130k-$190k.",
            ["currency:$130k", "currency:$190k"],
            id="invented range",
        ),
        pytest.param("Termination is governed by §2.2.", "pass", id="real clause"),
        pytest.param("Termination is governed by §2.5.", ["numeric:§2.5"], id="invented clause"),
    ],
)
def test_seed_000_replay_gives_the_fixed_results(draft: str, expected: str | list[str]) -> None:
    assert verdict(tieout.gate(draft, sources=[SEED000_SOURCE])) == expected


def test_seed_000_details_keys_marked_count_and_where_the_clause_was_found() -> None:
    comma = tieout.gate("Revenue reached $4,200,000, up 23%.", sources=[SEED000_SOURCE])
    assert claims(comma) == [
        ("currency", "$4,200,000", "currency:USD:4200000", "found"),
        ("percent", "23%", "percent:23", "found"),
    ]
    marked = tieout.gate("Gross profit was $1,344,000 [not in source].", sources=[SEED000_SOURCE])
    assert marked.outcome == "pass"
    assert marked.marked == 1
    assert claims(marked) == [("currency", "$1,344,000", "currency:USD:1344000", "marked")]
    clause = tieout.gate("Termination is governed by §2.2.", sources=[SEED000_SOURCE])
    [c] = clause.claims
    assert (c.key, c.found_in) == ("section:2.2", "source 1")
    assert c.reason == 'found in source 1: the heading "2.2 By Customer"'


SEED004_FACTS = """9 channel definitions, each with its own voice rules and link discipline.
A (product, channel) pair may auto-publish only after 10+ reviewed drafts at 90%+ approval,
only on free-API channels, only with the master switch on and credentials set.
MIT licensed."""
SEED004_DRAFT = (
    "It ships nine channel definitions, holds a 90% approval bar "
    "before anything posts itself, and returns $90 of value a month."
)


@pytest.mark.parametrize("words", [False, True])
def test_seed_004_draft_rejects_exactly_the_dollar_ninety(words: bool) -> None:
    result = tieout.gate(SEED004_DRAFT, sources=[SEED004_FACTS], config=WorkflowConfig(words=words))
    assert [c.text for c in result.rejected] == ["$90"]
    [bad] = result.rejected
    assert (bad.cls, bad.key) == ("currency", "currency:USD:90")
    assert bad.reason == (
        "in neither this run's anchors nor its sources; "
        'source 1 has "90%", which is a different unit'
    )
    # the model is told too, in the line naming the figure
    assert bad.hint == 'the sources have "90%", which is a different unit'
    assert (
        "  - line 1: '$90' (currency); the sources have \"90%\", which is a different unit\n"
        in result.message
    )
    nine = result.claims[0]
    assert (nine.cls, nine.text, nine.key) == ("words", "nine", "number:9")
    assert nine.status == ("found" if words else "unchecked")


# --------------------------------------------------------------------------- what counts (item 3)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("We shipped 1234 units.", [("numeric", "1234", "number:1234")]),
        ("We shipped 1,234 units.", [("numeric", "1,234", "number:1234")]),
        ("Yield was 12.5 on average.", [("numeric", "12.5", "number:12.5")]),
        ("About 10k users.", [("numeric", "10k", "number:10000")]),
        ("About 2 million users.", [("numeric", "2 million", "number:2000000")]),
        ("Fee $5.", [("currency", "$5", "currency:USD:5")]),
        ("Churn 5%.", [("percent", "5%", "percent:5")]),
        (
            "Price €5 or £1,200 or ¥500.",
            [
                ("currency", "€5", "currency:EUR:5"),
                ("currency", "£1,200", "currency:GBP:1200"),
                ("currency", "¥500", "currency:JPY:500"),
            ],
        ),
        ("Up 50 bps.", [("percent", "50 bps", "percent:0.5")]),
        (
            "Years 1899 and 2100 are not years here.",
            [
                ("numeric", "1899", "number:1899"),
                ("numeric", "2100", "number:2100"),
            ],
        ),
    ],
)
def test_figures_that_count_as_claims(draft: str, expected: list[tuple[str, str, str]]) -> None:
    result = tieout.gate(draft, sources=[])
    assert [(c.cls, c.text, c.key) for c in result.claims] == expected
    assert all(c.status == "missing" for c in result.claims)
    assert not result.passed


@pytest.mark.parametrize(
    "draft",
    [
        "We hired 12 people and opened 3 offices.",
        "Founded in 1900, relaunched in 2019, planned to 2099.",
        "1. First item\n2. Second item\n10. Tenth item",
        "Signed 2026-03-01 and renewed 3/4/2026.",
        "Built on v1.2.3 and Python 3.11.7.",
        "Call 555-123-4567 today.",
        "The meeting is at 12:30.",
        "Q3 2026 and FY2026 and H1 2026.",
        "See the 10-K filing.",
    ],
)
def test_stingy_never_a_claim(draft: str) -> None:
    result = tieout.gate(draft, sources=[])
    assert result.passed
    assert result.claims == ()


def test_skipped_dates_times_phones_and_versions_are_listed_as_carve_outs() -> None:
    result = tieout.gate(
        "Signed 2026-03-01, at 12:30, call 555-123-4567,\nrunning 3.11.7.", sources=[]
    )
    assert [(c.kind, c.text, c.line) for c in result.carve_outs] == [
        ("date", "2026-03-01", 1),
        ("time", "12:30", 1),
        ("phone", "555-123-4567", 1),
        ("version", "3.11.7", 2),
    ]


# --------------------------------------------------------------------------- keys (item 4)


def test_keys_carry_the_unit_dollar_ninety_percent_and_bare_differ() -> None:
    result = tieout.gate("$90, 90% and 9,000.", sources=[])
    assert [c.key for c in result.claims] == ["currency:USD:90", "percent:90", "number:9000"]


@pytest.mark.parametrize(
    ("source", "draft", "reason"),
    [
        ("A 90% approval bar.", "It costs $90.", 'source 1 has "90%", which is a different unit'),
        ("It costs $90.", "A 90% approval bar.", 'source 1 has "$90", which is a different unit'),
        ("Up 9,000% since launch.", "We have 9,000 users.", 'source 1 has "9,000%"'),
    ],
)
def test_same_digits_in_another_unit_are_rejected_and_the_reason_says_so(
    source: str, draft: str, reason: str
) -> None:
    result = tieout.gate(draft, sources=[source])
    assert result.outcome == "rejected"
    [bad] = result.rejected
    assert bad.reason.startswith("in neither this run's anchors nor its sources; ")
    assert reason in bad.reason


@pytest.mark.parametrize(
    ("source", "draft"),
    [
        ("We sold 1,000 units.", "We sold 1000 units."),
        ("We sold 1000 units.", "We sold 1,000 units."),
        ("We have 2,000 users.", "We have 2k users."),
        ("We have 2k users.", "We have 2 thousand users."),
        ("We have 2 thousand users.", "We have 2,000 users."),
        ("Margin 32%.", "Margin 32 percent."),
        ("Margin 32 percent.", "Margin 32%."),
        ("Revenue $4,200,000.", "Revenue $4.2 million."),
        ("Revenue $4.2 million.", "Revenue $4,200,000."),
        ("Revenue $4,200,000.", "Revenue USD 4.2M."),
        ("A fee of $9,000.", "Some 9,000 of it."),  # a bare number may be stated in any unit
    ],
)
def test_one_claim_in_several_spellings(source: str, draft: str) -> None:
    result = tieout.gate(draft, sources=[source])
    assert result.outcome == "pass", claims(result)
    assert [c.status for c in result.claims] == ["found"]


SCALED_TABLE = """Consolidated results (in thousands)

| Item     | 2026  |
|----------|-------|
| Revenue  | 4,200 |
| Costs    | 1,100 |
"""


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Revenue was $4.2 million.", "pass"),
        ("Revenue was $4,200,000.", "pass"),
        ("Revenue was 4.2 million.", "pass"),
        ("Revenue was 4,200.", "pass"),  # the cell as printed
        ("Revenue was $4,200.", ["currency:$4,200"]),  # four thousand dollars it is not
        ("Costs were $1.2 million.", ["currency:$1.2 million"]),
    ],
)
def test_scale_note_in_a_source_table(draft: str, expected: str | list[str]) -> None:
    result = tieout.gate(draft, sources=[SCALED_TABLE])
    assert verdict(result) == expected
    if expected == "pass":
        assert result.claims[0].reason == 'found in source 1: "4,200"'


def test_scale_note_in_a_draft_table_scales_the_draft_cell() -> None:
    draft = "Results (in thousands)\n\n| Item | 2026 |\n|---|---|\n| Revenue | 4,200 |\n"
    ok = tieout.gate(draft, sources=["Revenue was $4,200,000."])
    assert claims(ok) == [("numeric", "4,200", "number:4200000", "found")]
    bad = tieout.gate(draft, sources=["Revenue was $4,300,000."])
    assert [(c.text, c.key, c.line) for c in bad.rejected] == [("4,200", "number:4200000", 5)]


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "Salary $130k–$190k.",
            [("$130k", "currency:USD:130000"), ("$190k", "currency:USD:190000")],
        ),
        ("Between 10 to 20 thousand.", [("10", "number:10000"), ("20 thousand", "number:20000")]),
        ("From 1,000 to 2,000 seats.", [("1,000", "number:1000"), ("2,000", "number:2000")]),
    ],
)
def test_ranges_are_two_claims(draft: str, expected: list[tuple[str, str]]) -> None:
    result = tieout.gate(draft, sources=[])
    assert [(c.text, c.key) for c in result.rejected] == expected


def test_a_range_passes_only_when_both_ends_are_in_the_source() -> None:
    both = tieout.gate("Salary $130k-$190k.", sources=["Band: $130,000 to $190,000."])
    assert verdict(both) == "pass"
    one = tieout.gate("Salary $130k-$190k.", sources=["Floor: $130,000."])
    assert verdict(one) == ["currency:$190k"]


# --------------------------------------------------------------------------- sections (item 5)

HEADING = "2.2 By Customer. Either party may terminate on 30 days notice."


@pytest.mark.parametrize("ref", ["§2.2", "§ 2.2", "Section 2.2", "clause 2.2", "Clause 2.2"])
def test_section_references_match_a_bare_numbered_heading(ref: str) -> None:
    result = tieout.gate(f"Termination is governed by {ref}.", sources=[HEADING])
    [c] = result.claims
    assert (c.cls, c.text, c.key, c.status) == ("numeric", ref, "section:2.2", "found")


@pytest.mark.parametrize(
    ("draft", "source"),
    [
        ("§2.2", "See Section 2.2 for more."),
        ("Section 2.2", "§ 2.2 applies."),
        ("clause 2.2", "under § 2.2"),
    ],
)
def test_section_reference_spellings_match_each_other(draft: str, source: str) -> None:
    assert tieout.gate(f"As in {draft}.", sources=[source]).passed


@pytest.mark.parametrize(
    ("draft", "source"),
    [
        ("§12.2", HEADING),
        ("§2.25", HEADING),
        ("§2.2", "12.2 Other. Something.\n2.25 Odd. Something else."),
        ("§2.2", "It costs 2.2 dollars."),
        ("§11.10", "11.1 Cap. Liability is capped."),
    ],
)
def test_section_references_never_match_a_longer_or_other_number(draft: str, source: str) -> None:
    result = tieout.gate(f"See {draft}.", sources=[source])
    assert verdict(result) == [f"numeric:{draft}"]


# --------------------------------------------------------------------------- words (item 6)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "We raised five million dollars.",
            ("currency", "five million dollars", "currency:USD:5000000"),
        ),
        ("Margin was thirty-two percent.", ("percent", "thirty-two percent", "percent:32")),
        (
            "Revenue was four point two million.",
            ("numeric", "four point two million", "number:4200000"),
        ),
        (
            "Fees were nine hundred dollars.",
            ("currency", "nine hundred dollars", "currency:USD:900"),
        ),
        ("We have ten thousand users.", ("numeric", "ten thousand", "number:10000")),
    ],
)
def test_spelled_amounts_with_currency_percent_or_scale_are_always_checked(
    draft: str, expected: tuple[str, str, str]
) -> None:
    result = tieout.gate(draft, sources=[])  # the default workflow: words off
    assert [(c.cls, c.text, c.key) for c in result.rejected] == [expected]


@pytest.mark.parametrize(
    ("draft", "source"),
    [
        ("We raised five million dollars.", "Raised: $5,000,000."),
        ("Margin was thirty-two percent.", "Gross margin 32%."),
        ("Revenue was four point two million.", "Revenue 4,200,000."),
        ("Revenue was four point two million.", "Revenue $4.2 million."),
    ],
)
def test_spelled_amounts_match_their_digit_form_in_the_source(draft: str, source: str) -> None:
    assert tieout.gate(draft, sources=[source]).passed


@pytest.mark.parametrize(
    ("source", "draft"),
    [
        ("We raised five million dollars.", "We raised five million dollars."),
        ("We raised five million dollars.", "We raised $5,000,000."),
        ("Margin was thirty-two percent.", "Margin was 32%."),
        ("We run nine thousand channels.", "We run 9,000 channels."),
    ],
)
def test_spelled_figures_in_the_source_are_found(source: str, draft: str) -> None:
    assert verdict(tieout.gate(draft, sources=[source], config=WORDS)) == "pass"


def test_bare_spelled_counts_are_class_words_and_unchecked_by_default() -> None:
    result = tieout.gate("We run nine channels.", sources=[])
    assert result.passed
    [c] = result.claims
    assert (c.cls, c.text, c.key, c.status) == ("words", "nine", "number:9", "unchecked")
    assert c.reason == "the workflow does not check words claims"


def test_words_enabled_checks_bare_spelled_counts() -> None:
    bad = tieout.gate("Three people and four cars.", sources=[], config=WORDS)
    assert [(c.cls, c.text, c.key) for c in bad.rejected] == [
        ("words", "Three", "number:3"),
        ("words", "four", "number:4"),
    ]
    ok = tieout.gate("We run nine channels.", sources=["We run 9 channels."], config=WORDS)
    assert claims(ok) == [("words", "nine", "number:9", "found")]


@pytest.mark.parametrize(
    "draft", ["One of the channels is down.", "The one thing.", "No one knows.", "Three of them."]
)
def test_a_spelled_number_that_quantifies_no_noun_is_not_a_claim(draft: str) -> None:
    result = tieout.gate(draft, sources=[], config=WORDS)
    assert result.passed
    assert result.claims == ()


def test_words_from_the_config_file(tmp_path: Path) -> None:
    cfg = tmp_path / "tieout.toml"
    cfg.write_text("[facts_copy]\nwords = true\n", encoding="utf-8")
    result = tieout.gate("We run nine channels.", sources=[], config=cfg, workflow="facts_copy")
    assert verdict(result) == ["words:nine"]


# --------------------------------------------------------------------------- holes in the grammar


def test_currency_without_a_leading_zero_is_a_claim() -> None:
    assert verdict(tieout.gate("The fee is $.75 per unit.", sources=[])) == ["currency:$.75"]


def test_percent_without_a_leading_zero_is_a_claim() -> None:
    assert verdict(tieout.gate("Margin rose .5% this year.", sources=[])) == ["percent:.5%"]


def test_a_decimal_multiple_is_a_claim() -> None:
    result = tieout.gate("Revenue grew 12.5x in a year.", sources=["Revenue grew 3x."])
    assert not result.passed
    assert [c.text for c in result.rejected] == ["12.5x"]


_MULTIPLES_SOURCE = """Revenue grew 3x over two years; net leverage was 2.5x. We have 4 segments.
EV/EBITDA stood at 12.5 at year end, and $7 of cash per share.

| Metric | 2025 | 2024 |
|---|---|---|
| Net leverage (x) | 3.1 | 6 |
"""


@pytest.mark.parametrize(
    ("draft", "rejected"),
    [
        ("It grew 3x.", []),
        ("Net leverage was 2.5x.", []),
        ("EV/EBITDA of 12.5x.", []),  # a decimal: the bare number of the source
        ("Leverage was 3.1x, down from 6x.", []),  # a table's cells, where no "x" is printed
        ("Leverage of 3-4x.", ["4x"]),  # the 3 is found as the source's "3x"
        # a whole multiple is a claim, and needs a multiple or a table's cell: never a
        # count ("4 segments") or an amount ("$7")
        ("It grew 4x.", ["4x"]),
        ("Returns were 7x.", ["7x"]),
        ("a 10X return", ["10X"]),
        ("It ran 2× faster.", ["2×"]),
    ],
)
def test_multiples_are_checked_against_multiples(draft: str, rejected: list[str]) -> None:
    result = tieout.gate(draft, sources=[_MULTIPLES_SOURCE])
    assert [c.text for c in result.rejected] == rejected
    assert result.passed == (not rejected)


# --------------------------------------------------------------------------- sanitise (item 7)


def test_sanitised_text_is_what_was_checked() -> None:
    draft = "Revenue \u201cgrew\u201d \u2014 to $4,2\u200b00,000\u00a0today."
    result = tieout.gate(draft, sources=["Revenue $4,200,000."])
    assert result.sanitized_text == 'Revenue "grew" - to $4,200,000 today.'
    assert result.sanitized_text == sanitize(draft)
    [c] = result.claims
    assert result.sanitized_text[c.span[0] : c.span[1]] == c.text == "$4,200,000"
    assert c.status == "found"


@pytest.mark.parametrize(
    "digits",
    [
        "\uff14,\uff12\uff10\uff10",
        "\u0664\u066c\u0662\u0660\u0660",
        "\u0664\u0662\u0660\u0660",
        "\u096a,\u0968\u0966\u0966",
    ],
    ids=["fullwidth", "arabic-indic", "arabic-indic-ungrouped", "devanagari"],
)
def test_digits_of_other_scripts_and_widths_are_claims(digits: str) -> None:
    bad = tieout.gate(f"Revenue {digits} units.", sources=[])
    [c] = bad.rejected
    assert (c.cls, c.key) == ("numeric", "number:4200")
    assert c.text in ("4,200", "4200")
    assert bad.sanitized_text == f"Revenue {c.text} units."
    ok = tieout.gate(f"Revenue {digits} units.", sources=["Revenue 4,200 units."])
    assert ok.passed


def test_currency_in_fullwidth_digits_is_checked() -> None:
    result = tieout.gate("Revenue $\uff14,\uff12\uff10\uff10,\uff10\uff10\uff10.", sources=[])
    assert verdict(result) == ["currency:$4,200,000"]


# --------------------------------------------------------------------------- carve-outs (item 8)


def test_urls_are_carve_outs_and_listed() -> None:
    draft = "See https://example.com/?q=4200000 and\nwww.example.com/report?rev=$4,200,000 ok"
    result = tieout.gate(draft, sources=[])
    assert result.passed
    assert result.claims == ()
    assert [(c.kind, c.text, c.line) for c in result.carve_outs] == [
        ("url", "https://example.com/?q=4200000", 1),
        ("url", "www.example.com/report?rev=$4,200,000", 2),
    ]


def test_urls_are_checked_when_the_workflow_says_so() -> None:
    draft = "See https://example.com/?q=4200000 for it."
    result = tieout.gate(draft, sources=[], config=WorkflowConfig(skip_urls=False))
    assert verdict(result) == ["numeric:4200000"]
    assert result.carve_outs == ()


def test_a_figure_after_a_url_is_still_checked() -> None:
    result = tieout.gate("See https://example.com/a for $5,000.", sources=[])
    assert verdict(result) == ["currency:$5,000"]


def test_a_v_prefixed_version_is_listed_as_a_carve_out() -> None:
    result = tieout.gate("Built on v1.2.3.", sources=[])
    assert [c.kind for c in result.carve_outs] == ["version"]
    assert "1.2.3" in result.carve_outs[0].text


FENCED = "Intro\n```python\nrevenue = 4200000\n```\nDone."


def test_fenced_code_is_checked_by_default() -> None:
    result = tieout.gate(FENCED, sources=[])
    assert [(c.cls, c.text, c.line) for c in result.rejected] == [("numeric", "4200000", 3)]
    assert result.carve_outs == ()


@pytest.mark.parametrize("fence", ["```", "~~~"])
def test_fenced_code_is_a_listed_carve_out_when_check_code_is_false(fence: str) -> None:
    draft = f"Intro\n{fence}python\nrevenue = 4200000\n{fence}\nTotal $5,000."
    result = tieout.gate(draft, sources=[], config=WorkflowConfig(check_code=False))
    assert verdict(result) == ["currency:$5,000"]  # outside the fence: still checked
    [code] = result.carve_outs
    assert (code.kind, code.line) == ("code", 2)
    assert code.text == f"{fence}python\nrevenue = 4200000\n{fence}"


def test_inline_code_is_checked() -> None:
    assert verdict(tieout.gate("Revenue `4,200,000` inline.", sources=[])) == ["numeric:4,200,000"]


# --------------------------------------------------------------------------- marker (item 9)


def test_marker_in_any_case_exempts_its_own_line_only() -> None:
    draft = "One $5,000 [NOT IN SOURCE]\nTwo $6,000\nThree $7,000 [Not In Source]"
    result = tieout.gate(draft, sources=[])
    assert [(c.text, c.line, c.status) for c in result.claims] == [
        ("$5,000", 1, "marked"),
        ("$6,000", 2, "missing"),
        ("$7,000", 3, "marked"),
    ]
    assert verdict(result) == ["currency:$6,000"]
    assert result.marked == 2
    assert result.sanitized_text == draft  # the marker stays in the saved text


def test_marker_on_the_next_line_does_not_exempt() -> None:
    result = tieout.gate(f"Cost $5,000\n{MARKER}", sources=[])
    assert verdict(result) == ["currency:$5,000"]
    assert result.marked == 0


@pytest.mark.parametrize(
    "draft",
    ["Cost $5,000 (Not specified).", "Cost $5,000 not in source.", "Cost $5,000 [not sourced]."],
)
def test_only_the_exact_marker_counts(draft: str) -> None:
    result = tieout.gate(draft, sources=[])
    assert verdict(result) == ["currency:$5,000"]
    assert result.marked == 0


def test_marked_figures_are_counted_in_a_pass() -> None:
    result = tieout.gate(
        "Revenue $4,200,000.\nProfit $1,344,000 [not in source]\nCost $2,856,000 [not in source]",
        sources=[SEED000_SOURCE],
    )
    assert result.outcome == "pass"
    assert result.marked == 2
    assert result.message == (
        "Saved: every checked figure (1) is in this run's sources or anchors; "
        "2 figures kept on lines marked [not in source]."
    )
    assert result.to_dict()["marked"] == 2


# --------------------------------------------------------------------------- message (item 10)

CONTRACT_DRAFT = (SAMPLES / "drafts/draft-contract-summary.md").read_text(encoding="utf-8")
MSA = (SAMPLES / "documents/msa-northwind-2026.txt").read_text(encoding="utf-8")


def test_sample_contract_draft_rejects_exactly_the_invented_clause_and_range() -> None:
    result = tieout.gate(
        CONTRACT_DRAFT, sources=[MSA], config=WORKFLOWS, workflow="contract_comparison"
    )
    assert result.outcome == "rejected"
    assert result.workflow == "contract_comparison"
    assert [(c.cls, c.text, c.line, c.key) for c in result.rejected] == [
        ("numeric", "§2.5", 10, "section:2.5"),
        ("currency", "$130k", 13, "currency:USD/year:130000"),
        ("currency", "$190k", 13, "currency:USD/year:190000"),
    ]
    found = {c.text for c in result.claims if c.status == "found"}
    assert {"§2.1", "§2.2", "§2.3", "USD 12,500", "$150,000", "§11.1", "§11.3"} <= found


def test_rejection_message_for_the_model() -> None:
    result = tieout.gate(
        CONTRACT_DRAFT, sources=[MSA], config=WORKFLOWS, workflow="contract_comparison"
    )
    msg = result.message
    lines = msg.splitlines()
    assert lines[0] == (
        "The draft was not saved. It states 3 figures that this run's sources and anchors "
        "do not contain:"
    )
    assert lines[1:4] == [
        "  - line 10: '§2.5' (numeric)",
        "  - line 13: '$130k' (currency)",
        "  - line 13: '$190k' (currency)",
    ]
    # exactly two ways out
    assert "(1) replace it with the exact value the sources give" in msg
    assert f"keep it and add the marker {MARKER} at the end of the same line" in msg
    assert "(2)" in msg and "(3)" not in msg
    assert "one of two things" in msg
    assert "Do not invent numbers" in msg


def test_rejection_message_for_one_figure_is_singular() -> None:
    result = tieout.gate("Termination is governed by §2.5.", sources=[SEED000_SOURCE])
    assert result.message.splitlines()[:2] == [
        "The draft was not saved. It states 1 figure that this run's sources and anchors "
        "do not contain:",
        "  - line 1: '§2.5' (numeric)",
    ]


def test_the_message_is_deterministic() -> None:
    a = tieout.gate(CONTRACT_DRAFT, sources=[MSA])
    b = tieout.gate(CONTRACT_DRAFT, sources=[MSA])
    assert a.message == b.message
    assert a.to_dict() == b.to_dict()


# --------------------------------------------------------------------------- config (item 12)


def test_disabled_workflow_passes_and_says_so() -> None:
    draft = (SAMPLES / "drafts/draft-fin-summary.md").read_text(encoding="utf-8")
    result = tieout.gate(
        draft + "\nInvented: $9,999,999.",
        sources=[],
        config=WORKFLOWS,
        workflow="financial_statement_summary",
    )
    assert (result.passed, result.outcome) == (True, "disabled")
    assert result.claims == () and result.rejected == ()
    assert result.workflow == "financial_statement_summary"
    assert result.message == (
        "Workflow 'financial_statement_summary' has the gate switched off: nothing was "
        "checked, the draft may be saved."
    )


def test_sample_workflows_are_the_seeds_two_and_a_filing_summary() -> None:
    workflows = load_config(WORKFLOWS)
    assert sorted(workflows) == [
        "contract_comparison",
        "filing_summary",
        "financial_statement_summary",
    ]
    cc, fs = workflows["contract_comparison"], workflows["financial_statement_summary"]
    fy = workflows["filing_summary"]
    assert (fy.enabled, fy.rounding, fy.claim_classes) == (
        True,
        "accept",
        ("currency", "percent", "numeric"),
    )
    assert (cc.rounding, fs.rounding) == ("reject", "reject")
    assert (cc.enabled, cc.claim_classes, cc.sources) == (
        True,
        ("numeric", "currency"),
        ("anchors", "extraction_source"),
    )
    assert (fs.enabled, fs.claim_classes, fs.sources) == (
        False,
        ("currency",),
        ("anchors", "extraction_source"),
    )


def test_claim_classes_limit_what_is_checked() -> None:
    cfg = WorkflowConfig(claim_classes=("currency",))
    result = tieout.gate(
        "Revenue $4,200,000 up 23% per §2.5 and 1,234 seats.", sources=[], config=cfg
    )
    assert [(c.cls, c.text, c.status, c.reason) for c in result.claims] == [
        (
            "currency",
            "$4,200,000",
            "missing",
            "in neither this run's anchors nor its sources (no sources were given)",
        ),
        ("percent", "23%", "unchecked", "the workflow does not check percent claims"),
        ("numeric", "§2.5", "unchecked", "the workflow does not check numeric claims"),
        ("numeric", "1,234", "unchecked", "the workflow does not check numeric claims"),
    ]
    assert verdict(result) == ["currency:$4,200,000"]


def test_contract_workflow_does_not_check_percent() -> None:
    result = tieout.gate(
        "Interest of 7% a month.", sources=[MSA], config=WORKFLOWS, workflow="contract_comparison"
    )
    assert result.passed
    assert [(c.cls, c.status) for c in result.claims] == [("percent", "unchecked")]


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("[w]\nenabled = 'yes'\n", "workflow 'w': enabled must be true or false"),
        ("[w]\nwords = 1\n", "workflow 'w': words must be true or false"),
        ("[w]\ncheck_code = 'no'\n", "workflow 'w': check_code must be true or false"),
        (
            "[w]\nclaim_classes = ['money']\n",
            "workflow 'w': claim_classes has 'money'; choose from currency, percent, numeric, words",
        ),
        (
            "[w]\nclaim_classes = 'currency'\n",
            "workflow 'w': claim_classes must be a list of strings",
        ),
        (
            "[w]\nsources = ['web']\n",
            "workflow 'w': sources has 'web'; choose from anchors, extraction_source, fact_sheet",
        ),
        ("[w]\nmax_rejections = 0\n", "workflow 'w': max_rejections must be a whole number >= 1"),
        (
            "[w]\nmax_rejections = true\n",
            "workflow 'w': max_rejections must be a whole number >= 1",
        ),
        (
            "[w]\ncolour = 'red'\n",
            "workflow 'w': unknown setting 'colour'; settings are check_code, claim_classes, "
            "enabled, hedges, max_rejections, rounding, skip_urls, sources, words",
        ),
        ("w = 3\n", "'w' must be a table such as [w] with enabled = true"),
    ],
)
def test_bad_config_values_are_refused_by_name(tmp_path: Path, toml: str, message: str) -> None:
    path = tmp_path / "tieout.toml"
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: {message}"
    with pytest.raises(ConfigError):
        tieout.gate("x", sources=[], config=path, workflow="w")


def test_bad_toml_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "tieout.toml"
    path.write_text("[w\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"not valid TOML \(") as err:
        load_config(path)
    assert str(err.value).startswith(f"{path}: not valid TOML (")
    with pytest.raises(ConfigError) as missing:
        load_config(tmp_path / "nope.toml")
    assert str(missing.value) == f"{tmp_path / 'nope.toml'}: no such configuration file"


def test_config_error_is_an_input_error_and_a_value_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as err:
        tieout.gate("x", sources=[], config=WORKFLOWS, workflow="nope")
    assert isinstance(err.value, InputError)
    assert isinstance(err.value, ValueError)
    assert isinstance(err.value, TieoutError)
    assert str(err.value) == (
        "workflow 'nope' is not configured (known: contract_comparison, filing_summary, "
        f"financial_statement_summary); add [workflows.nope] to {WORKFLOWS}"
    )


def test_unknown_workflow_with_no_config_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError) as err:
        tieout.gate("x", sources=[], workflow="w")
    assert str(err.value) == (
        "workflow 'w' is not configured (known: none configured); add [workflows.w] to "
        "tieout.toml (or [tool.tieout.workflows.w] to pyproject.toml), or give --config FILE"
    )


def test_config_found_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "tieout.toml").write_text("[workflows.w]\nenabled = false\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert tieout.gate("$5,000", sources=[], workflow="w").outcome == "disabled"


def test_config_from_pyproject(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[project]\nname = 'x'\n\n[tool.tieout.workflows.w]\nclaim_classes = ['percent']\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert load_config()["w"].claim_classes == ("percent",)
    result = tieout.gate("$5,000 and 7%.", sources=[], workflow="w")
    assert verdict(result) == ["percent:7%"]


def test_no_workflow_means_the_default_checks() -> None:
    result = tieout.gate("x", sources=[])
    assert result.workflow == "default"
    assert result.message == "Saved: every checked figure (0) is in this run's sources or anchors."


# --------------------------------------------------------------------------- anchors


def test_anchors_as_json_strings() -> None:
    anchors = load_anchors('{"fee": "$90", "rows": [{"n": "4,200 units"}]}')
    result = tieout.gate("Fee $90 for 4,200 units.", sources=[], anchors=anchors)
    assert [(c.text, c.status, c.found_in) for c in result.claims] == [
        ("$90", "found", "anchors"),
        ("4,200", "found", "anchors"),
    ]


@pytest.mark.parametrize(
    "draft", ["Revenue $4.2 million.", "Revenue $4,200,000.", "Revenue USD 4.2M."]
)
def test_anchor_value_with_unit(draft: str) -> None:
    anchors = load_anchors('{"revenue": {"value": 4.2, "unit": "USD_millions"}}')
    assert anchors == {"revenue": {"value": Decimal("4.2"), "unit": "USD_millions"}}
    result = tieout.gate(draft, sources=[], anchors=anchors)
    [c] = result.claims
    assert (c.status, c.reason) == ("found", 'found in anchors: "4.2 USD_millions"')


def test_anchor_value_with_unit_is_still_that_unit() -> None:
    anchors = load_anchors('{"revenue": {"value": 4.2, "unit": "USD_millions"}}')
    assert verdict(tieout.gate("Revenue €4.2 million.", sources=[], anchors=anchors)) == [
        "currency:€4.2 million"
    ]
    margin = load_anchors('{"m": {"value": 32, "unit": "percent"}}')
    assert tieout.gate("Margin 32%.", sources=[], anchors=margin).passed


def test_anchor_value_with_unit_from_plain_json_loads() -> None:
    anchors = json.loads('{"revenue": {"value": 4.2, "unit": "USD_millions"}}')
    assert tieout.gate("Revenue $4.2 million.", sources=[], anchors=anchors).passed


@pytest.mark.parametrize("draft", ["Fee $90.", "Approval 90%."])
def test_a_bare_anchor_number_never_matches_a_unit(draft: str) -> None:
    result = tieout.gate(draft, sources=[], anchors=load_anchors('{"fee": 90}'))
    assert not result.passed


def test_a_bare_anchor_number_matches_a_bare_number() -> None:
    anchors = load_anchors('{"n": 9000, "x": 9000.5}')
    result = tieout.gate("Count 9,000 and 9,000.5.", sources=[], anchors=anchors)
    assert [(c.text, c.status, c.reason) for c in result.claims] == [
        ("9,000", "found", 'found in anchors: "9000"'),
        ("9,000.5", "found", 'found in anchors: "9000.5"'),
    ]


def test_bad_anchors_json_names_the_place() -> None:
    with pytest.raises(InputError) as err:
        load_anchors('{"fee": ', "anchors.json")
    assert str(err.value).startswith("anchors.json: not valid JSON at line 1, column 9: ")


# --------------------------------------------------------------------------- which sources count


def test_sources_setting_anchors_only_ignores_the_source_text() -> None:
    cfg = WorkflowConfig(sources=("anchors",))
    ignored = tieout.gate("Revenue $4,200,000.", sources=["Revenue $4,200,000."], config=cfg)
    assert verdict(ignored) == ["currency:$4,200,000"]
    assert ignored.rejected[0].reason.endswith("(no sources were given)")
    used = tieout.gate("Revenue $4,200,000.", sources=[], anchors={"r": "$4,200,000"}, config=cfg)
    assert [c.found_in for c in used.claims] == ["anchors"]


def test_sources_setting_extraction_source_only_ignores_anchors() -> None:
    cfg = WorkflowConfig(sources=("extraction_source",))
    result = tieout.gate("Revenue $4,200,000.", sources=[], anchors={"r": "$4,200,000"}, config=cfg)
    assert verdict(result) == ["currency:$4,200,000"]
    ok = tieout.gate("Revenue $4,200,000.", sources=["Revenue $4,200,000."], config=cfg)
    assert [c.found_in for c in ok.claims] == ["source 1"]


def test_sources_setting_from_the_config_file(tmp_path: Path) -> None:
    path = tmp_path / "tieout.toml"
    path.write_text("[a]\nsources = ['anchors']\n", encoding="utf-8")
    result = tieout.gate("Fee $90.", sources=["Fee $90."], config=path, workflow="a")
    assert verdict(result) == ["currency:$90"]


def test_found_in_names_the_source_that_has_it() -> None:
    result = tieout.gate(
        "Revenue $4,200,000 with 32% margin.",
        sources=["Nothing here.", "Gross margin 32%.", "Revenue $4,200,000."],
    )
    assert [(c.text, c.found_in) for c in result.claims] == [
        ("$4,200,000", "source 3"),
        ("32%", "source 2"),
    ]


# --------------------------------------------------------------------------- fact sheets


def test_fact_sheet_is_a_source_of_its_own(tmp_path: Path) -> None:
    facts = pytest.importorskip(
        "tieout.gating.facts", reason="tieout/gating/facts.py not written yet"
    )
    path = tmp_path / "tieout-product.toml"
    path.write_text(
        'name = "tieout"\n[facts]\n'
        'channels = "9 channel definitions, each with its own voice rules."\n'
        'approval = "auto-publish only after 10+ reviewed drafts at 90%+ approval."\n',
        encoding="utf-8",
    )
    sheet = facts.load_facts(path)
    result = tieout.gate(SEED004_DRAFT, facts=sheet, config=WORDS)
    assert [(c.text, c.status, c.found_in) for c in result.claims] == [
        ("nine", "found", "fact sheet tieout"),
        ("90%", "found", "fact sheet tieout"),
        ("$90", "missing", None),
    ]
    off = tieout.gate(
        SEED004_DRAFT, facts=sheet, config=WorkflowConfig(words=True, sources=("anchors",))
    )
    assert [c.text for c in off.rejected] == ["nine", "90%", "$90"]


# --------------------------------------------------------------------------- result shape


def test_lines_spans_and_to_dict() -> None:
    draft = "# Title\r\n\r\nRevenue $4,200,000.\nSee §2.5 here."
    result = tieout.gate(draft, sources=[SEED000_SOURCE])
    assert [(c.text, c.line) for c in result.claims] == [("$4,200,000", 3), ("§2.5", 4)]
    for c in result.claims:
        assert result.sanitized_text[c.span[0] : c.span[1]] == c.text
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["outcome"] == "rejected" and data["passed"] is False
    assert data["rejected"] == [
        {
            "class": "numeric",
            "text": "§2.5",
            "span": [35, 39],
            "line": 4,
            "key": "section:2.5",
            "status": "missing",
            "found_in": None,
            "reason": "in neither this run's anchors nor its sources",
            "hint": None,
        }
    ]


def test_gate_is_callable_through_the_package_and_the_function() -> None:
    from tieout.gating import gate

    a = gate("Fee $90.", sources=["Fee $90."])
    b = tieout.gate("Fee $90.", sources=["Fee $90."])
    assert a == b
    assert a.passed
    assert flat(a.message) == "Saved: every checked figure (1) is in this run's sources or anchors."


def test_a_figure_written_with_a_decimal_comma_is_refused_not_passed_over() -> None:
    draft = (
        "Revenue grew to €3,5 Mio. in 2025.\n"
        "Margin rose 2,5 % [not in source].\n"
        "We shipped items 1,23 and 4.\n"
    )
    result = tieout.gate(draft, sources=["Revenue grew to €3.5 million in 2025."])
    assert [(c.text, c.cls, c.status) for c in result.claims] == [
        ("€3,5 Mio", "currency", "missing"),
        ("2,5 %", "percent", "marked"),
    ]
    [bad] = result.rejected
    assert bad.hint == (
        "written with a decimal comma, which cannot be checked: write it with a decimal point "
        "as the sources do (3.5 for 3,5)"
    )
    assert bad.key == "unreadable:€3,5 Mio"
    fixed = tieout.gate(
        draft.replace("€3,5 Mio.", "€3.5 million"),
        sources=["Revenue grew to €3.5 million in 2025."],
    )
    assert fixed.passed and fixed.marked == 1


def test_a_figure_with_dots_between_thousands_is_refused_with_the_fix() -> None:
    # "1.234.567,89 €" once read as the version 1.234.567 and the count 89: it passed
    source = "Umsatz 2025: EUR 1,234,567.89. Einwohner: 2,500,000."
    draft = "Umsatz 1.234.567,89 €.\nEinwohner 2.500.000.\nBuild 3.11.7 shipped.\n"
    result = tieout.gate(draft, sources=[source])
    assert [(c.text, c.cls, c.status) for c in result.claims] == [
        ("1.234.567,89 €", "currency", "missing"),
        ("2.500.000", "numeric", "missing"),
    ]
    assert [c.hint for c in result.rejected] == [
        "written with dots between thousands and a decimal comma, which cannot be checked: "
        "write it with commas between thousands and a decimal point as the sources do "
        "(1,234,567.89 for 1.234.567,89)",
        "written with dots between thousands, which cannot be checked: write it with commas "
        "between thousands as the sources do (2,500,000 for 2.500.000)",
    ]
    assert [(c.kind, c.text) for c in result.carve_outs] == [("version", "3.11.7")]
    fixed = tieout.gate("Umsatz EUR 1,234,567.89.\nEinwohner 2,500,000.\n", sources=[source])
    assert fixed.passed


def test_underscore_groups_are_read_as_one_figure_and_saved_as_written() -> None:
    # "1_000_000" read as a count of 1 (no claim): any million passed
    bad = tieout.gate("We sold 1_000_000 units.", sources=["Units sold: 1,000,001"])
    assert [(c.text, c.key, c.status) for c in bad.claims] == [
        ("1_000_000", "number:1000000", "missing")
    ]
    ok = tieout.gate("We sold 1_000_000 units; `x = 1_000_000`.", sources=["Units: 1,000,000"])
    assert ok.passed and ok.sanitized_text == "We sold 1_000_000 units; `x = 1_000_000`."


def test_a_swiss_figure_is_read_with_its_apostrophes_as_thousands_separators() -> None:
    # "CHF 2'800" once read as CHF 2 and 800: "CHF 2'900" passed on its "CHF 2"
    source = "Net sales CHF 1'234.5 million; a dividend of CHF 2'800 per share."
    ok = tieout.gate(
        "Net sales were CHF 1,234.5 million, the dividend CHF 2\u2019800.", sources=[source]
    )
    assert [(c.text, c.status) for c in ok.claims] == [
        ("CHF 1,234.5 million", "found"),
        ("CHF 2,800", "found"),
    ]
    assert ok.sanitized_text == "Net sales were CHF 1,234.5 million, the dividend CHF 2,800."
    bad = tieout.gate("The dividend was CHF 2'900.", sources=[source])
    assert [(c.text, c.status) for c in bad.claims] == [("CHF 2,900", "missing")]


def test_indian_swiss_and_german_figures_are_checked_against_a_filing_written_so() -> None:
    source = (Path(__file__).parent.parent / "data" / "international-2025.txt").read_text(
        encoding="utf-8"
    )
    draft = (
        "Revenue from operations was ₹12,345.6 crore in FY25, or Rs. 123,456 million.\n"
        "Other income was Rs. 234.5 crore and net profit ₹3.2 lakh crore.\n"
        "Net sales were CHF 1,234.5 million; the dividend CHF 2'800.\n"
        "Costs rose to $110m, fees to 50 bps, and the net loss was $1.2 million.\n"
        "Other income was ₹234 crore and net profit ₹3.2 lakh.\n"
    )
    result = tieout.gate(draft, sources=[source])
    assert [(c.text, c.status) for c in result.claims] == [
        ("₹12,345.6 crore", "found"),
        ("Rs. 123,456 million", "found"),
        ("Rs. 234.5 crore", "found"),  # a cell of the table "(₹ in crore)"
        ("₹3.2 lakh crore", "found"),
        ("CHF 1,234.5 million", "found"),
        ("CHF 2,800", "found"),
        ("$110m", "found"),  # restated in brackets: never a negative
        ("50 bps", "found"),
        ("$1.2 million", "found"),  # the loss "$(1.2) million", its scale past the bracket
        ("₹234 crore", "missing"),
        ("₹3.2 lakh", "missing"),  # 320,000 rupees, not 3.2 lakh crore
    ]


def test_a_bond_written_with_a_fraction_is_checked_not_passed_over() -> None:
    # "3 1/2%" was read as the count 3: any coupon written so passed
    source = "Long-term debt\n\nThe 3 1/2% Senior Notes due 2029 were issued at 99 3/4.\n"
    result = tieout.gate(
        "The 3.5% Senior Notes, issued at 99.75; the 3 3/4% Notes; a 1/3% fee.\n",
        sources=[source],
    )
    assert [(c.text, c.status) for c in result.claims] == [
        ("3.5%", "found"),
        ("99.75", "found"),
        ("3 3/4%", "missing"),
        ("1/3%", "missing"),
    ]
    assert result.rejected[1].hint == (
        "written with a fraction, which cannot be checked: write it with a decimal point as "
        "the sources do (0.3333… for 1/3)"
    )
    assert tieout.gate("The 3½% Senior Notes.", sources=[source]).passed


ROMAN_CONTRACT = """ARTICLE IX
TERMINATION

9.01 Termination for Cause. Either party may terminate under this Article IX.

ARTICLE X
MISCELLANEOUS
"""


@pytest.mark.parametrize("read_whole", [False, True])
def test_an_article_in_roman_numerals_is_found_only_where_the_source_names_it(
    read_whole: bool,
) -> None:
    source: object = ROMAN_CONTRACT
    if read_whole:
        source = tieout.Document.from_text("msa", ROMAN_CONTRACT, media_type="markdown")
    result = tieout.gate(
        "Termination is in Article IX and Article X; notices are in Article XI; see Article 9.",
        sources=[source],
    )
    assert [(c.text, c.key, c.status) for c in result.claims] == [
        ("Article IX", "section:IX", "found"),
        ("Article X", "section:X", "found"),
        ("Article XI", "section:XI", "missing"),  # only "ARTICLE X" and "ARTICLE IX" exist
        ("Article 9", "section:9", "missing"),  # the source numbers it IX: copy it so
    ]
    assert result.claims[0].found_in is not None


CREDIT = (
    "Section 7.11 Financial Covenants. The Consolidated Total Net Leverage Ratio shall not "
    "exceed 4.00 to 1.00; the Interest Coverage Ratio shall be at least 3.00 to 1.00. "
    "TVPI 1.85x."
)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # a bullet's figure, first on its line: no heading (was never checked)
        (
            "* 4.25 Maximum Total Net Leverage Ratio\n* 2.50 Minimum Interest Coverage",
            [("4.25", "missing"), ("2.50", "missing")],
        ),
        # a decimal that numbers nothing of the draft's: a figure (was a "heading")
        ("4.25 Maximum Leverage Ratio applies.", [("4.25", "missing")]),
        ("Key figures\n1.85 TVPI\n0.62 DPI", [("1.85", "found"), ("0.62", "missing")]),
        # the draft's own numbered parts stay structure
        ("2.1 By Supplier. It may end.\n2.2 By Customer. Either party.", []),
        ("1.1 Overview\nThe covenants are in Section 7.11.", [("Section 7.11", "found")]),
        # one section, then figures: "4.25" is no section of a list
        (
            "Under Section 7.11, 4.25 to 1.00 is the maximum.",
            [("Section 7.11", "found"), ("4.25 to 1.00", "missing")],
        ),
        # a covenant's ratio is one figure, a multiple ("4.00 to 1.00" is 4.00x)
        (
            "Leverage at most 4.00:1.00, or 4.0x; coverage at least 3.00 to 1.00, not 3.25 to 1.",
            [
                ("4.00:1.00", "found"),
                ("4.0x", "found"),
                ("3.00 to 1.00", "found"),
                ("3.25 to 1", "missing"),
            ],
        ),
    ],
)
def test_a_figure_first_on_its_line_or_after_a_section_is_a_claim(
    draft: str, expected: list[tuple[str, str]]
) -> None:
    result = tieout.gate(draft, sources=[CREDIT])
    assert [(c.text, c.status) for c in result.claims] == expected


def test_a_numbered_heading_of_the_source_confirms_no_term() -> None:
    # "4. Renewal" confirmed "four (4) renewal options", "## 3. Rent" a "3.0"
    source = (
        "## 3. Rent\nBase Rent is $42.50 per RSF.\n\n4. Renewal\n"
        "Tenant has one (1) renewal option of five (5) years.\n"
    )
    result = tieout.gate(
        "Tenant has four (4) renewal options and 3.0 spaces per RSF; one (1) option stands.",
        sources=[source],
    )
    assert [(c.text, c.status) for c in result.claims] == [
        ("4", "missing"),
        ("3.0", "missing"),
        ("1", "found"),
    ]
    # a draft's own numbered parts are structure
    own = tieout.gate("1. Summary\nBase Rent is $42.50 per RSF.\n2. Renewal\n", [source])
    assert [(c.text, c.status) for c in own.claims] == [("$42.50", "found")]


def test_a_quantity_is_found_only_in_its_own_unit() -> None:
    source = (
        "Capacity reached 1.2 GW; generation 2.91 TWh; production 412 Mboe/d; ARR $1.2 billion; "
        "p95 latency 120 ms.\n\n| Metric | 2025 |\n|---|---|\n| Gas (MMcf/d) | 1,200 |\n"
    )
    result = tieout.gate(
        "Capacity was 1.2 GW, not 1.2 MW; generation 2.34 GWh; production 412 Mboe/d "
        "(421 Mboe/d a year on); latency 12 ms; gas 1,200 MMcf/d; 1.5GW planned.",
        sources=[source],
    )
    assert [(c.key, c.status) for c in result.claims] == [
        ("quantity:GW:1.2", "found"),
        ("quantity:MW:1.2", "missing"),
        ("quantity:GWh:2.34", "missing"),
        ("quantity:Mboe/d:412", "found"),
        ("quantity:Mboe/d:421", "missing"),
        ("quantity:ms:12", "missing"),  # a unit makes a figure a claim, however small
        ("quantity:MMcf/d:1200", "found"),  # the table's bare cell, its unit in the row label
        ("quantity:GW:1.5", "missing"),
    ]


def test_a_bracketed_figure_and_a_margin_over_a_rate_are_claims() -> None:
    # "$[50,000,000]" read as a bare number (50,000,000 shares confirmed it), "[7]%" and
    # "S+275" were no claims at all
    source = (
        "Commitments of $50,000,000; 50,000,000 shares authorised. Applicable Margin: Term "
        "SOFR plus 2.75% per annum; ABR plus 175 basis points; a commitment fee of 0.375%."
    )
    result = tieout.gate(
        "A $[50,000,000] facility at S+275 (ABR + 175), then SOFR + 300; a [7]% fee, "
        "$[0.5] million of it, and a [0.375]% commitment fee.",
        sources=[source],
    )
    assert [(c.key, c.status) for c in result.claims] == [
        ("currency:USD:50000000", "found"),
        ("percent:2.75", "found"),
        ("percent:1.75", "found"),
        ("percent:3", "missing"),
        ("percent:7", "missing"),
        ("currency:USD:500000", "missing"),
        ("percent:0.375", "found"),
    ]
    assert result.sanitized_text.startswith("A $[50,000,000] facility")


def test_a_schedule_exhibit_or_annex_is_no_section_of_the_same_number() -> None:
    # "Schedule 2.05" passed on Section 2.05, "Section 1.1" on Schedule 1.1
    source = "Section 2.05 Commitments. See Schedule 1.1 and Exhibits 7.11 and 7.12; Annex 6."
    result = tieout.gate(
        "Schedule 2.05, Exhibit 7.11, Section 1.1, Section 6, Schedule 1.1, Exhibit 7.12, "
        "Annex 6 and Section 2.05.",
        sources=[source],
    )
    assert [(c.key, c.status) for c in result.claims] == [
        ("section:schedule:2.05", "missing"),
        ("section:exhibit:7.11", "found"),
        ("section:1.1", "missing"),
        ("section:6", "missing"),
        ("section:schedule:1.1", "found"),
        ("section:exhibit:7.12", "found"),
        ("section:annex:6", "found"),
        ("section:2.05", "found"),
    ]


def test_one_currency_never_confirms_another() -> None:
    source = (
        "Revenue was NT$839.25 billion; the Hong Kong unit earned HK$4.2 billion and "
        "US$812 million; a final dividend of 12.5 HK cents per share."
    )
    bad = tieout.gate(
        "Revenue was $839.25 billion. The unit earned RMB 4.2 billion and 812 million yuan. "
        "The dividend was 12.5 US cents.",
        sources=[source],
    )
    assert [(c.text, c.status) for c in bad.claims] == [
        ("$839.25 billion", "missing"),
        ("RMB 4.2 billion", "missing"),
        ("812 million yuan", "missing"),
        ("12.5 US cents", "missing"),
    ]
    ok = tieout.gate(
        "Revenue was NT$839.25 billion; HK$4.2 billion, or 4.2 billion Hong Kong dollars; "
        "a dividend of HK$0.125.",
        sources=[source],
    )
    assert ok.passed, ok.message


def test_a_slash_pair_is_two_claims_and_never_a_traceback() -> None:
    source = "SEC yield 2.84% (unsubsidized 2.61%); EPS estimates $11.85 and $12.90."
    result = tieout.gate(
        "Yields of 2.84/2.61%; EPS of $11.85/12.90; expense ratios 0.92/0.65%; $11/12.",
        sources=[source],
    )
    assert [(c.text, c.status) for c in result.claims] == [
        ("2.84", "found"),
        ("2.61%", "found"),
        ("$11.85", "found"),
        ("12.90", "found"),
        ("0.92", "missing"),
        ("0.65%", "missing"),
        ("$11/12", "missing"),  # eleven twelfths of a dollar: unreadable, refused
    ]


def test_a_fraction_alone_is_checked_and_saved_as_written() -> None:
    source = "The coupon steps up 0.25%; an arrangement fee of $750,000."
    ok = tieout.gate("The coupon steps up ¼%; the fee is $¾M.", sources=[source])
    assert [(c.text, c.status) for c in ok.claims] == [("¼%", "found"), ("$¾M", "found")]
    assert ok.sanitized_text == "The coupon steps up ¼%; the fee is $¾M."
    bad = tieout.gate("The coupon steps up ¾%.", sources=[source])
    assert [(c.text, c.status) for c in bad.claims] == [("¾%", "missing")]


def test_a_figure_in_scientific_notation_is_refused_with_the_digits_to_write() -> None:
    result = tieout.gate("Revenue was $2.5e6, or 2.5 × 10^6 dollars.", sources=["$2,500,000"])
    assert [(c.text, c.cls, c.status) for c in result.claims] == [
        ("$2.5e6", "currency", "missing"),
        ("2.5 × 10^6", "numeric", "missing"),
    ]
    assert result.rejected[0].hint == (
        "written with a power of ten, which cannot be checked: write it with every digit as "
        "the sources do (2,500,000 for 2.5e6)"
    )
    assert tieout.gate("Revenue was $2.5e6 [not in source].", sources=[]).passed


def test_an_amount_in_pence_is_a_currency_claim() -> None:
    # "47.2p" was skipped as a code like "4G": an invented EPS in pence passed unread
    source = "Basic EPS 45.6p (2024: 41.2p); a final dividend of 12.5 pence per share."
    result = tieout.gate("EPS was 47.2p; the dividend 12.5p, or £0.125.", sources=[source])
    assert [(c.text, c.cls, c.status) for c in result.claims] == [
        ("47.2p", "currency", "missing"),
        ("12.5p", "currency", "found"),
        ("£0.125", "currency", "found"),
    ]


def test_an_amount_in_cents_is_a_currency_claim() -> None:
    # "47 cents" was the bare count 47, never checked: an invented EPS passed
    source = "Diluted EPS was 45 cents, against $0.38 a year earlier, on a $300-million loan."
    result = tieout.gate(
        "EPS rose to $0.45 from 38 cents. EPS was 47 cents. The loan was $300 million.",
        sources=[source],
    )
    assert [(c.text, c.cls, c.status) for c in result.claims] == [
        ("$0.45", "currency", "found"),
        ("38 cents", "currency", "found"),
        ("47 cents", "currency", "missing"),
        ("$300 million", "currency", "found"),
    ]


# --------------------------------------------------------------------------- glued figures
# each of these drafts passed with every figure invented: the figures were never read


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "Revenue reached $1.2T and the dividend was 45.6c per share.\n"
            "Revenue grew 12%YoY; net margin was _15%_; costs were $4.2mil.",
            ["currency:$1.2T", "currency:45.6c", "percent:12%", "percent:15%", "currency:$4.2mil"],
        ),
        (
            "Margins were 12%/15%, c.12% at the low end.",
            ["percent:12%", "percent:15%", "percent:12%"],
        ),
        ("Revenue was RMB12.5 billion.", ["currency:RMB12.5 billion"]),
        ("Gross margin was 41\\% for the year.", ["percent:41\\%"]),
        ("Revenue was $4.2&nbsp;million.", ["currency:$4.2&nbsp;million"]),
        ("Margin was 12\u200e% for the year.", ["percent:12%"]),  # the mark sanitised away
        ("Revenue was $4\ufe0f\u20e32\ufe0f\u20e3 million.", ["currency:$42 million"]),  # keycaps
        ("Revenue growth is guided between 3 and 7%.", ["percent:3", "percent:7%"]),
        ("Revenue was 3,4 MSEK for the year.", ["currency:3,4 MSEK"]),
        (
            "|Source|Revenue|Growth|\n|---|---|---|\n|www.acme.com/ir|$4.2m|12%|",
            ["currency:$4.2m", "percent:12%"],
        ),
    ],
)
def test_figures_glued_to_letters_and_marks_are_claims(draft: str, expected: list[str]) -> None:
    source = "Acme Corp reported results for the quarter."
    assert verdict(tieout.gate(draft, sources=[source])) == expected


def test_glued_figures_pass_when_the_source_states_them() -> None:
    source = (
        "Revenue was $1.2 trillion; the dividend was 45.6 cents a share. Revenue grew 12% "
        "year over year and net margin was 15%; costs were $4.2 million. In China revenue "
        "was RMB12.5 billion, growth between 3% and 7%."
    )
    draft = (
        "Revenue reached $1.2T and the dividend was 45.6c per share.\n"
        "Revenue grew 12%YoY; net margin was _15%_; costs were $4.2mil.\n"
        "China: RMB12.5 billion, growth guided between 3 and 7%."
    )
    result = tieout.gate(draft, sources=[source])
    assert verdict(result) == "pass"
    assert [c.key for c in result.claims if c.status == "found"] == [
        "currency:USD:1200000000000",
        "currency:USD/share:0.456",
        "percent:12",
        "percent:15",
        "currency:USD:4200000",
        "currency:CNY:12500000000",
        "percent:3",
        "percent:7",
    ]


def test_markdown_emphasis_inside_a_figure_is_checked_with_its_unit() -> None:
    source = "Revenue was $4.2 million and margin 12%.\n\n(in millions)\n\n| Item | 2026 |\n|---|---|\n| Capex | 9.1 |\n"
    passed = tieout.gate("Revenue was **$4.2** million, margin **12**%.", sources=[source])
    assert passed.passed
    # "$**9.1** billion" was a bare 9.1, confirmed by the table's cell ($9.1 million)
    rejected = tieout.gate("Capex was $**9.1** billion.", sources=[source])
    assert [(c.text, c.cls) for c in rejected.rejected] == [("$**9.1** billion", "currency")]


_RELEASE = """Net interest margin of 3.12%, up 14 bps from the prior quarter. Same-store sales
rose 12% and margin expanded 4.1 per cent. The CEO pay ratio was 312:1. Net income was
$433.9 million; diluted EPS was $3.47.
"""


@pytest.mark.parametrize(
    ("draft", "rejected"),
    [
        ("Margin rose by a 14-basis-point step, a 14-bp rise.", []),
        ("Margin rose by a 27-basis-point step.", ["27-basis-point"]),
        ("A 27-bp improvement.", ["27-bp"]),
        ("The margin moved (27) bps.", ["(27) bps"]),
        ("The margin rose 27 b.p. on the year.", ["27 b.p."]),
        ("A 12-percent gain; margin of 4.1pc.", []),
        ("A 15-percent gain; margin of 4.7pc.", ["15-percent", "4.7pc"]),
        ("The pay ratio was 312:1.", []),
        ("The pay ratio was 321:1.", ["321:1"]),
        ("Net income was $433.9 million¹ for the year.", []),
        # "$3.47 billion¹" read as $3.47, which diluted EPS confirmed
        ("Net income was $3.47 billion¹ for the year.", ["$3.47 billion"]),
    ],
)
def test_compound_units_ratios_and_footnote_marks(draft: str, rejected: list[str]) -> None:
    result = tieout.gate(draft, sources=[_RELEASE])
    assert [c.text for c in result.rejected] == rejected


def test_a_year_in_prose_confirms_no_figure_but_a_table_cell_does() -> None:
    source = "In fiscal 2026 we opened stores.\n\n| Metric | FY26 |\n|---|---|\n| Stores | 2019 |\n"
    result = tieout.gate("We had 2,026 stores, up from 2,019.", sources=[source])
    assert [c.text for c in result.rejected] == ["2,026"]


def test_bad_arguments_are_input_errors_naming_the_argument() -> None:
    from tieout.errors import InputError

    with pytest.raises(InputError, match=r"^sources: expected a list .* got str \(a single"):
        tieout.gate("Revenue was $4.2M.", sources="Revenue was $4.2M.")
    with pytest.raises(InputError, match=r"^sources\[1\]: expected a text, .* got NoneType$"):
        tieout.gate("x", sources=["a", None])
    with pytest.raises(InputError, match=r"^draft: expected the text to save"):
        tieout.gate(None, sources=[])  # type: ignore[arg-type]
    assert tieout.gate("Revenue was $4.2M.", sources=None).passed is False


def test_anchors_keep_their_unit_beside_other_keys_and_drop_nan() -> None:
    anchors = {
        "cap": {"value": 250000, "unit": "USD", "clause": "12.3(b)"},
        "fee": {"value": "1,500", "unit": "USD"},
        "broken": float("nan"),
    }
    result = tieout.gate("The cap is $250,000 and the fee $1,500.", sources=[], anchors=anchors)
    assert result.passed
    from tieout.errors import InputError
    from tieout.gating.index import load_anchors

    with pytest.raises(InputError) as info:
        load_anchors('{"cap": NaN}', "anchors.json")
    assert str(info.value) == (
        "anchors.json: NaN is not a number tieout can check; write the figure or null"
    )


def test_a_marker_inside_an_html_comment_exempts_nothing() -> None:
    hidden = tieout.gate("The cap is $400,000. <!-- [not in source] -->", sources=[])
    assert [c.text for c in hidden.rejected] == ["$400,000"]
    shown = tieout.gate("The cap is $400,000. [not in source]", sources=[])
    assert shown.passed


def test_the_message_for_the_model_lists_fifty_figures_at_most() -> None:
    draft = "".join(f"Item {n} cost ${n},{n:03d}.\n" for n in range(1, 121))
    result = tieout.gate(draft, sources=[])
    assert len(result.rejected) == 120
    assert result.message.count("\n  - ") == 51
    assert "  - and 70 more figures, on lines 51 to 120: fix the ones above first" in result.message


_CONTRACT = """2.1 By Supplier. The Supplier may terminate on thirty (30) days' written notice.
2.2 By Customer. Either party may terminate for breach.
12.3 Limitation of Liability. Late payments bear interest at one and one-half percent
(1.5%) per month. See Sections 12.2 and 4.1.9.
"""


@pytest.mark.parametrize(
    ("draft", "rejected"),
    [
        ("Either side needs thirty (30) days' notice under Sec. 2.1.", []),
        ("Either side needs sixty (60) days' notice.", ["60"]),  # words and digits: a term
        ("Interest is 1.5% a month (one and one-half percent); see §4.1.9.", []),
        ("Interest is 0.5% a month.", ["0.5%"]),  # "one and one-half percent" read as 0.5%
        ("Liability is capped by Sections 12.3 and 4.1.8.", ["4.1.8"]),
        ("The fee grew 2.1x and 12.3%.", ["2.1x", "12.3%"]),  # a heading's number is no amount
        ("## 1.1 Summary\nTermination follows Section 2.2.", []),  # the draft's own numbering
    ],
)
def test_contract_terms_clauses_and_lists(draft: str, rejected: list[str]) -> None:
    result = tieout.gate(
        draft,
        sources=[_CONTRACT],
        config=Path(tieout.__file__).parent / "sample_docs" / "workflows.toml",
        workflow="filing_summary",
    )
    assert [c.text for c in result.rejected] == rejected
