"""How far a scale note reaches: a page's running header, a section's title, the sentence
that introduces a table, and footnotes set between a caption and its table."""

from __future__ import annotations

from decimal import Decimal

import pytest
from _figures import stated

import tieout
from tieout.figures import normalize
from tieout.figures.layout import read_layout

D = Decimal

_RUNNING_HEADER = (
    "NORTHWIND TRADING CO. NOTES TO THE FINANCIAL STATEMENTS (continued) "
    "(in thousands, except per share amounts)\n\n"
    "8. Inventories\n\n"
    "Inventories are stated at the lower of cost and net realisable value. Cost is "
    "determined on a first-in, first-out basis for all of the company's product lines.\n\n"
    " | 2025 | 2024\n"
    "Raw materials | $7,315 | $6,902\n"
    "Finished goods | 11,480 | 10,266\n"
)


def test_a_running_header_note_holds_across_a_heading_and_prose() -> None:
    read = stated(_RUNNING_HEADER)
    assert read["$7,315"] == (D(7_315_000), "USD")
    assert read["11,480"] == (D(11_480_000), "USD")


def test_the_gate_reads_the_table_under_a_running_header_at_its_scale() -> None:
    passed = tieout.gate("Raw materials were $7.315 million in 2025.", sources=[_RUNNING_HEADER])
    assert passed.passed
    dropped = tieout.gate("Raw materials were $7,315 in 2025.", sources=[_RUNNING_HEADER])
    assert not dropped.passed


def test_a_note_in_a_sentence_of_prose_is_no_running_header() -> None:
    text = _RUNNING_HEADER.replace(
        "NORTHWIND TRADING CO. NOTES TO THE FINANCIAL STATEMENTS (continued) "
        "(in thousands, except per share amounts)",
        "Some schedules in this report are presented in thousands.",
    )
    assert stated(text)["$7,315"] == (D(7_315), "USD")


def test_a_later_header_note_replaces_the_earlier_one() -> None:
    text = (
        _RUNNING_HEADER
        + "\nNORTHWIND TRADING CO. SUPPLEMENTARY SCHEDULES (in millions)\n\n"
        + "Other schedules follow the order of the notes they support in each case.\n\n"
        + " | 2025 | 2024\n"
        + "Backlog | $2.4 | $2.1\n"
    )
    read = stated(text)
    assert read["$7,315"] == (D(7_315_000), "USD")
    assert read["$2.4"] == (D(2_400_000), "USD")


def test_a_sentence_introducing_the_table_gives_it_its_note() -> None:
    text = (
        "Orders are placed under master agreements of one to five years. Prices are set "
        "each quarter by reference to published indices. The table below presents order "
        "intake by region (in millions):\n\n"
        " | 2025 | 2024\n"
        "Americas | $412.8 | $398.5\n"
    )
    [table] = read_layout(normalize(text)).tables
    assert table.note is not None and table.note.scale == 1_000_000
    assert stated(text)["$412.8"] == (D(412_800_000), "USD")


@pytest.mark.parametrize(
    "footnote",
    [
        "(1) Includes a one-off rebate to a distributor.",
        "(a) Restated for the change in segments described in note 2, which moved the "
        "service business from the Americas to the international segment in the year.",
    ],
)
def test_a_footnote_between_the_caption_and_its_table_is_passed_over(footnote: str) -> None:
    text = (
        "The company recognised the following rebates (in millions):\n\n"
        f"{footnote}\n\n"
        " | 2025 | 2024\n"
        "Rebates (1) | $31.6 | $28.0\n"
    )
    assert stated(text)["$31.6"] == (D(31_600_000), "USD")


def test_a_numbered_caption_with_its_note_is_no_footnote() -> None:
    text = (
        "(2) Segment results                              (Millions of yen)\n"
        "                      Net sales       Operating income\n"
        "FY2025               1,204,330           98,114\n"
    )
    assert stated(text)["1,204,330"] == (D(1_204_330_000_000), "JPY")


def test_the_paragraph_introducing_a_table_gives_it_its_note_across_other_paragraphs() -> None:
    # as report text is often flattened: the introducing sentence, more paragraphs, the table
    text = (
        "Accrued liabilities are summarised as follows (in thousands):\n\n"
        "Warranty costs are estimated from the failure rates of the prior three years and "
        "are reviewed each quarter against the claims actually received.\n\n"
        " | 2025 | 2024\n"
        "Warranty | $2,904 | $2,611\n"
        "Payroll | 5,118 | 4,870\n"
    )
    read = stated(text)
    assert read["$2,904"] == (D(2_904_000), "USD")
    assert read["5,118"] == (D(5_118_000), "USD")
    assert tieout.gate("Warranty accruals were $2.904 million.", sources=[text]).passed
    assert not tieout.gate("Warranty accruals were $2,904.", sources=[text]).passed


def test_an_introducing_note_reaches_only_the_first_table_below_it() -> None:
    text = (
        "Accrued liabilities are summarised as follows (in thousands):\n\n"
        " | 2025 | 2024\nWarranty | $2,904 | $2,611\n\n"
        "Headcount at the year end was as follows.\n\n"
        " | 2025 | 2024\nEngineers | 1,312 | 1,250\n"
    )
    assert stated(text)["1,312"] == (D(1_312), None)


def test_a_note_broken_over_two_lines_still_names_the_table_scale() -> None:
    text = "Income is summarised as\nfollows (in\nthousands):\n\n | 2025 | 2024\nDomestic | $8,210 | $7,905\n"
    assert stated(text)["$8,210"] == (D(8_210_000), "USD")


def test_a_us_dollar_zeros_note_before_its_exceptions_isstated() -> None:
    text = (
        "Expressed in US $000's except share and per share amounts\n\n"
        " | 2025 | 2024\nCanada | 41,022 | 38,760\n"
    )
    assert stated(text)["41,022"] == (D(41_022_000), "USD")


def test_a_sentence_inside_a_paragraph_that_introduces_the_table_gives_its_note() -> None:
    text = (
        "QUARTERLY RESULTS\n\n"
        "The following summarizes results for each quarter of fiscal 2025 (in thousands, "
        "except percentages). Results of any quarter do not predict those of the year.\n\n"
        " | Q1 | Q2\nRevenues | $ 40,118 | $ 42,907\n"
    )
    assert stated(text)["$ 40,118"] == (D(40_118_000), "USD")


def test_a_section_titles_note_scales_the_amounts_in_its_prose() -> None:
    text = (
        "Comparison of Fiscal 2025 to Fiscal 2024 (in 000's)\n\n"
        "Net sales were $61,204 for fiscal 2025, up from $58,930, and the dividend stayed "
        "at $0.12 per share.\n"
    )
    read = stated(text)
    assert read["$61,204"] == (D(61_204_000), "USD")
    assert read["$0.12"] == (D("0.12"), "USD")
    assert tieout.gate("Net sales were $61.204 million.", sources=[text]).passed
    assert not tieout.gate("Net sales were $61,204.", sources=[text]).passed


def test_a_note_alone_on_its_line_does_not_scale_prose_past_the_paragraph_under_it() -> None:
    text = (
        "(in thousands)\n\nThe fund is managed by the county.\n\n"
        "The reserve stood at $94,300 at the year end.\n"
    )
    assert stated(text)["$94,300"] == (D(94_300), "USD")
