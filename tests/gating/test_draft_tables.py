"""A draft's own Markdown table: the currency its heading or note names is the cells'.

Agents summarise statements in tables ("| FY2026 (€ millions) |"); a bare cell there says
an amount in that currency and scale, and only that amount in the sources confirms it."""

from __future__ import annotations

import pytest

import tieout

SOURCE = """\
ACME plc — Annual report 2026

Consolidated income statement (€ millions)

                         2026      2025
Revenue               1,234.5   1,101.2
Operating profit        210.4     187.9
Net income              150.2     131.0

Cash at the year end was €88.1 million.
"""


def keys(draft: str, source: str = SOURCE) -> list[tuple[str, str, str]]:
    r = tieout.gate(draft, sources=[source])
    return [(c.text, c.key, c.status) for c in r.claims]


def test_cells_under_a_currency_heading_are_that_currencys_amounts() -> None:
    draft = (
        "| Metric | FY2026 (€ millions) | FY2025 (€ millions) |\n"
        "|---|---|---|\n"
        "| Revenue | 1,234.5 | 1,101.2 |\n"
        "| Net income | 150.2 | 131.0 |\n"
    )
    assert keys(draft) == [
        ("1,234.5", "currency:EUR:1234500000", "found"),
        ("1,101.2", "currency:EUR:1101200000", "found"),
        ("150.2", "currency:EUR:150200000", "found"),
        ("131.0", "currency:EUR:131000000", "found"),
    ]


def test_a_note_above_the_table_names_the_currency_too() -> None:
    draft = "(in € millions)\n\n| Metric | FY2026 |\n|---|---|\n| Revenue | 1,234.5 |\n| Net income | 150.2 |\n"
    assert keys(draft) == [
        ("1,234.5", "currency:EUR:1234500000", "found"),
        ("150.2", "currency:EUR:150200000", "found"),
    ]


@pytest.mark.parametrize("head", ["FY2026 ($M)", "FY2026 (US$ millions)", "FY2026 (£m)"])
def test_another_currency_is_refused_and_the_model_told_which(head: str) -> None:
    r = tieout.gate(f"| Metric | {head} |\n|---|---|\n| Revenue | 1,234.5 |\n", sources=[SOURCE])
    [claim] = r.claims
    assert (claim.status, claim.cls) == ("missing", "currency")
    assert claim.key.endswith(":1234500000") and not claim.key.startswith("currency:EUR")
    assert claim.hint == 'the sources have "1,234.5" (EUR), which is a different unit'
    assert "line 3: '1,234.5' (currency); the sources have \"1,234.5\" (EUR)" in r.message


def test_another_scale_is_refused() -> None:
    draft = "| Metric | FY2026 (€ thousands) |\n|---|---|\n| Revenue | 1,234.5 |\n"
    assert keys(draft) == [("1,234.5", "currency:EUR:1234500", "missing")]


def test_prose_in_another_currency_hears_which_currency_the_table_gives() -> None:
    r = tieout.gate("Revenue was $1,234.5 million.", sources=[SOURCE])
    [claim] = r.claims
    assert claim.reason == (
        'in neither this run\'s anchors nor its sources; source 1 has "1,234.5" (EUR), '
        "which is a different unit"
    )
    r = tieout.gate("Cash was $88.1 million.", sources=[SOURCE])
    assert r.claims[0].hint == 'the sources have "€88.1 million", which is a different unit'


def test_a_table_with_no_currency_keeps_bare_numbers() -> None:
    draft = "| Metric | FY2026 (millions) |\n|---|---|\n| Revenue | 1,234.5 |\n"
    assert keys(draft) == [("1,234.5", "number:1234500000", "found")]
