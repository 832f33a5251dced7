"""Markdown and LaTeX between a figure and its scale word: the figure would be read without
its scale (and "$2.94" of EPS would confirm "$2.94 billion"), so it is refused with the fix."""

from __future__ import annotations

import pytest

import tieout

SOURCE = "Diluted EPS was $2.94. Net sales were $2.94 billion, up from $2.61 billion."


@pytest.mark.parametrize(
    ("draft", "written", "example"),
    [
        ("Sales were **$2.94**B.", "$2.94**B", "$2.94 B"),
        ("Sales were `$2.94` billion.", "$2.94` billion", "$2.94 billion"),
        ("Sales were [$2.94](#note) billion.", "$2.94](#note) billion", "$2.94 billion"),
        ("Sales were $2.94[^1] billion.", "$2.94[^1] billion", "$2.94 billion"),
        ("Sales were $\\$2.94$ billion.", "$2.94$ billion", "$2.94 billion"),
        ("Sales were $2.94<br>billion.", "$2.94<br>billion", "$2.94 billion"),
    ],
)
def test_markup_between_a_figure_and_its_scale_is_refused(
    draft: str, written: str, example: str
) -> None:
    result = tieout.gate(draft, sources=[SOURCE])
    [claim] = result.rejected
    assert (claim.cls, claim.text) == ("currency", written)
    assert claim.hint == (
        "written with markup between the figure and its scale word, which cannot be checked: "
        f"write them together ({example} for {written})"
    )


@pytest.mark.parametrize(
    "draft",
    [
        "EPS was **$2.94**.",
        "Sales were **$2.94** billion.",
        "Sales were *$2.94* billion.",
        "**Net sales**: $2.94 billion[^12], up from `$2.61 billion`.",
        "See the note[^9999].",  # a footnote's reference is no figure
    ],
)
def test_markup_around_a_whole_figure_passes(draft: str) -> None:
    result = tieout.gate(draft, sources=[SOURCE])
    assert result.passed, result.message


def test_unchecked_code_is_no_figure_at_all() -> None:
    from tieout.gating.config import WorkflowConfig

    draft = "Summary.\n\n```\nsales = **$2.94**B\n```\n"
    result = tieout.gate(draft, sources=[SOURCE], config=WorkflowConfig(check_code=False))
    assert result.passed and not result.claims
    assert [c.kind for c in result.carve_outs] == ["code"]
