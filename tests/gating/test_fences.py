"""Fenced code blocks are found in one pass (issue 21, item 7: unclosed fences had made the
gate quadratic, 128 KB in 20 s; the growth is measured in bench/bench_hostile.py). The
blocks are exactly those the one regular expression found."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tieout import gate
from tieout.gating.config import WorkflowConfig
from tieout.gating.fences import fenced_blocks

# the expression the gate used: correct, but a scan to the end per unclosed fence
REFERENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?^[ \t]*\1[ \t]*$", re.M | re.S)
LINES = st.sampled_from(
    ["```", "~~~", "```python", " ```", "~~~ ", "text $4.7M", "", "````", "\t~~~"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(LINES, max_size=14))
def test_the_blocks_are_the_ones_the_expression_found(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert fenced_blocks(text) == [m.span() for m in REFERENCE.finditer(text)]


def test_unclosed_fences_open_nothing_and_a_closed_one_is_carved_out() -> None:
    closed = "```\nz = $9.9 million\n```\n"
    draft = closed + "Revenue was $4.7 million.\n" + "```python\nx = 1\n" * 3
    result = gate(draft, ["Revenue was $4.2 million."], config=WorkflowConfig(check_code=False))
    assert [c.text for c in result.claims] == ["$4.7 million"]
    assert [(c.kind, c.text, c.line) for c in result.carve_outs] == [("code", closed[:-1], 1)]
