"""How far a scale note reaches in a document, which lines above a table are headings,
and the artefacts of PDF- and HTML-to-text converters (dot leaders run straight into a
figure or filling the gaps between columns). Each text is printed the way ACFRs, official
statements, 10-Ks and earnings releases print them; each gate test pairs a faithful draft
with one that invents a scale, which must be refused.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout
from tieout.figures import Figure, extract
from tieout.gating import GateResult

D = Decimal


def figure(figs: list[Figure], text: str, nth: int = 0) -> Figure:
    found = [f for f in figs if f.text == text]
    assert len(found) > nth, f"no figure {text!r} in {[f.text for f in figs]}"
    return found[nth]


def verdict(result: GateResult) -> str | list[str]:
    return "pass" if result.passed else [c.key for c in result.rejected]


def gate(draft: str, source: str) -> str | list[str]:
    return verdict(tieout.gate(draft, sources=[source]))


# --------------------------------------------------------------------------- dot leaders


@pytest.mark.parametrize(
    ("line", "text", "value"),
    [
        ("Budget Stabilization Account .........2,811.0", "2,811.0", D("2811.0")),
        ("Total AV..............31,413,227", "31,413,227", D(31413227)),
        ("Net pension liability..........412.8", "412.8", D("412.8")),
        ("Total assets........8,912,440", "8,912,440", D(8912440)),
        ("Reserves ...5179.4", "5179.4", D("5179.4")),
        ("Reserves ....3.5%", "3.5%", D("3.5")),
        ("Reserves rose to...3.5% of revenue.", "3.5%", D("3.5")),
    ],
)
def test_a_dot_leader_run_into_a_figure_keeps_every_digit(
    line: str, text: str, value: Decimal
) -> None:
    figs = extract(line)
    assert [f.text for f in figs] == [text]
    assert figs[0].value == value


def test_two_dots_after_a_digit_are_no_leader() -> None:
    # "1..5" is no leader: the "5" is not read as a figure of its own
    assert [f.text for f in extract("pages 1..5")] == ["1"]


BUDGET = """TABLE 1. GENERAL FUND BALANCE SHEET
(dollars in millions)
                                           2023-25          2025-27
Unrestricted ending balance ..........2,368.4          3,664.8
Budget Stabilization Account .........2,811.0          2,437.2
   Total reserves ....................5,179.4          6,102.0
"""


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The BSA held $2,811.0 million.", "pass"),
        ("Total reserves were $5,179.4 million.", "pass"),
        ("The BSA held $811.0 million.", ["currency:USD:811000000"]),
        ("Total reserves were $179.4 million.", ["currency:USD:179400000"]),
    ],
)
def test_a_leader_glued_to_a_cell_in_the_gate(draft: str, expected: object) -> None:
    assert gate(draft, BUDGET) == expected


def test_a_figure_after_an_ellipsis_in_a_draft_is_a_claim() -> None:
    assert gate("Reserves rose to...3.5% of revenue.", "No figures here.") == ["percent:3.5"]


LEADERS_BETWEEN = """FIVE-YEAR SELECTED DATA
(In millions, except per share amounts)
                                   2026      2025      2024
Net sales.......................$4,213....$3,876....$3,602
Net income......................   419.......358.......244
Dividends per share.............  0.88......0.84......0.80
"""


def test_leaders_between_columns_part_the_cells() -> None:
    figs = extract(LEADERS_BETWEEN)
    got = [(f.text, f.value, f.where) for f in figs if f.where]
    assert got == [
        ("$4,213", D(4213) * 10**6, "row Net sales, column 2026"),
        ("$3,876", D(3876) * 10**6, "row Net sales, column 2025"),
        ("$3,602", D(3602) * 10**6, "row Net sales, column 2024"),
        ("419", D(419) * 10**6, "row Net income, column 2026"),
        ("358", D(358) * 10**6, "row Net income, column 2025"),
        ("244", D(244) * 10**6, "row Net income, column 2024"),
        ("0.88", D("0.88"), "row Dividends per share, column 2026"),
        ("0.84", D("0.84"), "row Dividends per share, column 2025"),
        ("0.80", D("0.80"), "row Dividends per share, column 2024"),
    ]
    draft = "Net income was $358 million in 2025 and dividends $0.84 per share."
    assert gate(draft, LEADERS_BETWEEN) == "pass"
    assert gate("Net income was $358 thousand.", LEADERS_BETWEEN) == ["currency:USD:358000"]
