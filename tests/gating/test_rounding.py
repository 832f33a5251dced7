"""Roundings in the gate: "$478.4 million" written from the cell 478,390 of a table
"(in thousands)". Refused by default, with the exact figure named for the model;
accepted where the workflow says ``rounding = "accept"`` and the figure keeps at least
three significant digits. The same answers from a text source read on demand and from an
ingested document read whole.

Every test gates a real draft against real source text; nothing is mocked.
"""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tieout
from tieout.documents import Document
from tieout.errors import ConfigError
from tieout.figures import parse_amount
from tieout.gating import GateResult, WorkflowConfig, clear_cache
from tieout.gating.rounding import rounds, significant

ACCEPT = WorkflowConfig(name="summary", rounding="accept")

MDNA = """\
Net revenues for the quarter increased $12.3 million, or 8.1%, to $165.2 million.
Gross margin was 71.4% compared to 69.8% in the prior-year period.

                                     Three Months Ended      Nine Months Ended
                                        September 30,          September 30,
(in thousands, except per share data)  2026        2025        2026        2025
Net revenues                      $  165,214  $  152,917  $  478,390  $  441,006
Research and development              41,032      37,518     120,884     109,115
Other income (expense), net           (1,102)       (844)     (2,977)     (3,015)
Net income                        $   49,712  $   36,601  $   45,486  $   37,175
Diluted net income per share      $     0.42  $     0.31  $     0.38  $     0.32
"""


def status(result: GateResult) -> dict[str, str]:
    return {c.text: c.status for c in result.claims}


def both_readings(draft: str, config: WorkflowConfig) -> list[GateResult]:
    """The draft gated against MDNA read on demand and against it ingested whole."""
    clear_cache()
    lazy = tieout.gate(draft, sources=[MDNA], config=config)
    doc = Document.from_text("mdna", MDNA)
    whole = tieout.gate(draft, sources=[doc], config=config)
    return [lazy, whole]


def test_a_rounding_is_refused_by_default_and_the_model_is_told_the_exact_figure() -> None:
    for result in both_readings("Nine-month net revenues were $478.4 million.", WorkflowConfig()):
        [bad] = result.rejected
        assert bad.text == "$478.4 million"
        assert bad.hint == (
            'the sources state "$ 478,390" (478,390,000 USD), which it rounds: '
            "write that figure exactly, as 478,390,000 USD"
        )
        assert bad.reason.startswith("in neither this run's anchors nor its sources; ")
        assert bad.reason.endswith(
            'states "$ 478,390" (478,390,000 USD), which it rounds: write that figure exactly, '
            "as 478,390,000 USD"
        )
        assert (
            "  - line 1: '$478.4 million' (currency); the sources state \"$ 478,390\" "
            "(478,390,000 USD), which it rounds: write that figure exactly, as 478,390,000 USD\n"
        ) in result.message


def test_accepted_roundings_pass_and_are_listed_with_what_they_round() -> None:
    draft = (
        "Nine-month net revenues were $478.4 million; nine-month R&D was $120.9 million.\n"
        "Net income was $49.7 million, or $0.42 a share.\n"
    )
    for result in both_readings(draft, ACCEPT):
        assert result.passed and result.outcome == "pass"
        assert status(result) == {
            "$478.4 million": "rounded",
            "$120.9 million": "rounded",
            "$49.7 million": "rounded",
            "$0.42": "found",
        }
        assert result.rounded == 3
        rd = next(c for c in result.claims if c.text == "$120.9 million")
        assert rd.reason.startswith('rounds "120,884" (120,884,000 USD) in ')
        assert result.message == (
            "Saved: every checked figure (4) is in this run's sources or anchors "
            "(3 of them written as roundings of the figures stated)."
        )
        assert result.to_dict()["rounded"] == 3


def test_too_coarse_a_rounding_is_refused_even_when_roundings_are_accepted() -> None:
    # $1.1 million has two significant digits: it would round anything from 1.05 to 1.15 million
    for result in both_readings("Other expense, net, was $1.1 million.", ACCEPT):
        [bad] = result.rejected
        assert bad.hint == (  # it would round any amount from 1.05 to 1.15 million
            "written to fewer than 3 significant digits, it rounds figures the sources state "
            "without telling which it means: write the figure a source states, exactly"
        )
    for result in both_readings("Other expense, net, was $1.10 million.", ACCEPT):
        assert status(result) == {"$1.10 million": "rounded"}


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("Gross margin was 71.4%.", "found"),
        ("Gross margin was 71%.", "missing"),  # two significant digits
        ("Revenues were $165.21 million.", "rounded"),  # 165,214 thousand
        ("Revenues were $165.22 million.", "missing"),  # rounds 165,215 to 165,224
        ("Revenues were $165.2 million.", "found"),  # stated in the prose
        ("R&D was $120.88 million.", "rounded"),
        ("R&D was $120.89 million.", "missing"),
        ("R&D was $41 million.", "missing"),  # 41,032: two significant digits
        ("R&D was $41.0 million.", "rounded"),
        ("R&D was $41.03 million.", "rounded"),
        ("R&D was $41,032,500.", "missing"),  # more precise than the source: rounds nothing
        ("Net revenues were 478.4 million.", "rounded"),  # a bare number rounds a cell too
        ("Net revenues were €478.4 million.", "missing"),  # never another currency
        ("Net revenues were 478.4%.", "missing"),  # nor a percent
    ],
)
def test_what_counts_as_an_accepted_rounding(draft: str, expected: str) -> None:
    for result in both_readings(draft, ACCEPT):
        [claim] = [c for c in result.claims if c.status != "unchecked"]
        assert claim.status == expected, (draft, claim.reason)


def test_a_rounding_ends_at_half_a_step_either_side() -> None:
    source = (
        "(in thousands)\n\n                 2026\n"
        "Revenue       478,350\nCosts         478,380\nOther         478,420\nMisc          478,450\n"
    )
    for draft, expected in [
        ("Revenue was $478.4 million.", "rounded"),
        ("Revenue was $478.3 million.", "missing"),  # 478,350 rounds half up, to 478.4
        ("Revenue was $478.5 million.", "rounded"),  # 478,450
    ]:
        result = tieout.gate(draft, sources=[source], config=ACCEPT)
        assert status(result) == {draft.split(" was ")[1].rstrip("."): expected}
    result = tieout.gate("Revenue was $478.4 million.", sources=[source], config=ACCEPT)
    # the nearest figure is named; of two as near, the smaller
    assert result.claims[0].reason == 'rounds "478,380" (478,380,000) in source 1'


def test_bare_roundings_without_a_scale_note_and_in_basis_points() -> None:
    source = "Adjusted EBITDA margin improved 37 basis points. Cash was $2,345,678.\n"
    result = tieout.gate(
        "Cash was $2.35 million; margin rose 0.4%.", sources=[source], config=ACCEPT
    )
    assert status(result) == {
        "$2.35 million": "rounded",
        "0.4%": "missing",
    }  # 0.37 -> 0.4: one digit
    [bad] = result.rejected
    assert bad.hint == (
        "written to fewer than 3 significant digits, it rounds figures the sources state "
        "without telling which it means: write the figure a source states, exactly"
    )


def test_rounding_is_set_per_workflow_and_checked() -> None:
    assert WorkflowConfig().rounding == "reject"
    with pytest.raises(ConfigError) as err:
        WorkflowConfig.from_mapping("summary", {"rounding": "loose"})
    assert (
        str(err.value)
        == "workflow 'summary': rounding must be \"reject\" or \"accept\" (got 'loose')"
    )


def test_cli_lists_accepted_roundings_and_refuses_a_bad_setting(tmp_path: Path) -> None:
    (tmp_path / "mdna.txt").write_text(MDNA, encoding="utf-8")
    (tmp_path / "draft.md").write_text(
        "Nine-month net revenues were $478.4 million.\nGross margin was 71.4%.\n", encoding="utf-8"
    )
    (tmp_path / "tieout.toml").write_text('[summary]\nrounding = "accept"\n', encoding="utf-8")
    run = [sys.executable, "-m", "tieout", "gate", "draft.md", "--source", "mdna.txt"]
    env = {"COLUMNS": "200", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"}
    ok = subprocess.run(
        [*run, "--workflow", "summary"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.splitlines() == [
        "PASSED — 2 figures found in the sources (1 as roundings)  (workflow summary)",
        ' line 1    currency  $478.4 million  rounds "$ 478,390" (478,390,000 USD) in source mdna.txt',
    ]
    strict = subprocess.run(run, cwd=tmp_path, capture_output=True, text=True, env=env)
    assert strict.returncode == 1
    assert "which it rounds: write that figure exactly" in strict.stdout
    (tmp_path / "tieout.toml").write_text('[summary]\nrounding = "yes"\n', encoding="utf-8")
    bad = subprocess.run(
        [*run, "--workflow", "summary"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().endswith(
        "workflow 'summary': rounding must be \"reject\" or \"accept\" (got 'yes')"
    )
    assert len(bad.stderr.strip().splitlines()) == 1


# --------------------------------------------------------------------------- properties

amounts = st.integers(min_value=1_000, max_value=999_999_999)


@settings(max_examples=60, deadline=None)
@given(thousands=amounts, places=st.integers(min_value=1, max_value=3))
def test_a_table_cell_rounded_to_millions_passes_and_any_other_last_digit_does_not(
    thousands: int, places: int
) -> None:
    source = f"(in thousands)\n\n                 2026\nRevenue   {thousands:>12,}\nStores              12\n"
    millions = (Decimal(thousands) / 1000).quantize(
        Decimal(1).scaleb(-places), rounding="ROUND_HALF_UP"
    )
    written = f"${millions:,} million"
    fig = parse_amount(written)
    assert fig is not None
    result = tieout.gate(f"Revenue was {written}.", sources=[source], config=ACCEPT)
    exact = millions * 1000 == thousands
    if exact:
        assert status(result) == {written: "found"}
    elif significant(fig) >= 3:
        assert status(result) == {written: "rounded"}, result.claims
    else:
        assert status(result) == {written: "missing"}
    step = Decimal(1).scaleb(-places)
    for other in (millions + step, millions - step):
        if other <= 0:
            continue
        text = f"${other:,} million"
        off = tieout.gate(f"Revenue was {text}.", sources=[source], config=ACCEPT)
        assert status(off) == {text: "missing"}, (source, text)


@given(value=st.decimals(min_value=0, max_value=10**9, places=4), places=st.integers(0, 3))
def test_rounds_is_half_up_rounding_of_the_magnitude(value: Decimal, places: int) -> None:
    step = Decimal(1).scaleb(-places)
    written = value.quantize(step, rounding="ROUND_HALF_UP")
    fig = parse_amount(f"{written:f}")
    if fig is None or fig.value is None or fig.precision != step:
        return
    assert rounds(value, fig) == (value != written)


def test_the_figure_a_rounding_hint_names_passes_when_written() -> None:
    """A cell's own text under "(in thousands)" is no figure a draft can copy: "$755.4" in a
    draft is 755.40 dollars. The hint names the figure as a draft must write it."""
    source = "(in thousands)\n\n| Item | Q3 |\n|---|---:|\n| Net burn | $755.4 |\n"
    [claim] = tieout.gate("Net burn was $755k.", sources=[source]).rejected
    assert claim.hint == (
        'the sources state "$755.4" (755,400 USD), which it rounds: write that figure exactly, '
        "as 755,400 USD"
    )
    assert not tieout.gate("Net burn was $755.4.", sources=[source]).passed
    assert tieout.gate("Net burn was 755,400 USD.", sources=[source]).passed
