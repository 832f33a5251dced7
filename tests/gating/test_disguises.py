"""Issue 21, items 1-4: no disguise lets a made-up figure past the gate. Whatever a renderer
would show as a figure is read as one or refused as unreadable, and a ``[not in source]``
marker exempts a line only where a reader sees it.

A corpus: each disguise written of the source's figure (true) and of a made-up one
(invented). Invented: never passed. True: passed, or refused as unreadable (never as
missing from the sources)."""

from __future__ import annotations

import pytest

from tieout import gate

SOURCE = "Revenue was $4.2 million. Growth was 47%."
UNREADABLE = "written with superscript or subscript digits, which cannot be checked"

# (name, the draft with {v} for the dollar figure's digits or {p} for the percent's)
DISGUISES = [
    ("superscript money", "Revenue was $⁴.{sv} million.", "unreadable"),
    ("superscript percent", "Growth was {sp}%.", "unreadable"),
    ("superscript grouped", "Revenue was ${sg}.", "unreadable"),
    ("subscript percent", "Growth was {bp}%.", "unreadable"),
    ("entity money", "Revenue was &#36;&#52;&#46;{ev} million.", "pass"),
    ("entity digits", "Revenue was $&#52;.{ev} million.", "pass"),
    ("hex entity digits", "Revenue was $&#x34;.{xv} million.", "pass"),
    ("entity percent", "Growth was {ep}%.", "pass"),
    ("url comma", "See www.acme.com/ir,$4.{v} million", "pass"),
    ("url em dash", "See www.acme.com/ir—$4.{v} million", "pass"),
    ("url colon", "See www.acme.com/ir:$4.{v} million", "pass"),
    ("url semicolon", "See www.acme.com/ir;$4.{v} million", "pass"),
    ("url zero-width space", "See www.acme.com/ir\u200b$4.{v} million", "pass"),
]
SMALL = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _fill(template: str, tenths: str, percent: str) -> str:
    return template.format(
        v=tenths,
        sv=tenths.translate(SMALL),
        sp=percent.translate(SMALL),
        bp=percent.translate(SUB),
        sg=f"4,{tenths}00,000".translate(SMALL),
        ev=f"&#{ord(tenths)};",
        xv=f"&#x{ord(tenths):x};",
        ep="".join(f"&#{ord(c)};" for c in percent),
    )


@pytest.mark.parametrize(
    ("template", "true_outcome"), [d[1:] for d in DISGUISES], ids=[d[0] for d in DISGUISES]
)
def test_a_disguised_figure_is_read_or_refused_never_passed_when_invented(
    template: str, true_outcome: str
) -> None:
    invented = gate(_fill(template, "7", "48"), [SOURCE])
    assert not invented.passed, invented.sanitized_text
    true = gate(_fill(template, "2", "47"), [SOURCE])
    if true_outcome == "pass":
        assert true.passed, [(c.text, c.reason) for c in true.claims]
    else:
        assert not true.passed
        assert all(c.reason.startswith(UNREADABLE) for c in true.claims if c.status == "missing")


@pytest.mark.parametrize(
    "mark",
    ["Revenue was $4.2 million¹.", "Revenue² was $4.2 million.", "See note ³ on page 4."],
)
def test_a_footnote_mark_is_no_figure(mark: str) -> None:
    assert gate(mark, [SOURCE]).passed


MARKER = "[not in source]"
HIDDEN_MARKERS = [
    f"<span hidden>{MARKER}</span>",
    f'<span style="display:none">{MARKER}</span>',
    f'<span style="visibility: hidden">{MARKER}</span>',
    f'<img alt="{MARKER}" src="x.png">',
    f'<abbr title="{MARKER}">note</abbr>',
    f'[note](https://acme.com "{MARKER}")',
    f"![{MARKER}](chart.png)",
    f"<template>{MARKER}</template>",
    f"<noscript>{MARKER}</noscript>",
    f"<script>{MARKER}</script>",
    f'<span style="color:#ffffff">{MARKER}</span>',
    f'<span style="color: white">{MARKER}</span>',
    f'<span style="font-size:0">{MARKER}</span>',
    f"<!-- {MARKER} -->",
    f"<div hidden>{MARKER}",  # unclosed: a browser hides the rest
]


@pytest.mark.parametrize("hidden", HIDDEN_MARKERS)
def test_a_marker_no_reader_sees_exempts_nothing(hidden: str) -> None:
    result = gate(f"Revenue was $4.7 million. {hidden}", [SOURCE])
    assert not result.passed
    assert result.marked == 0


@pytest.mark.parametrize(
    "shown",
    [MARKER, f"<b>{MARKER}</b>", f"*{MARKER}*", f'<span style="font-size:0.9em">{MARKER}</span>'],
)
def test_a_marker_a_reader_sees_still_exempts_its_line(shown: str) -> None:
    result = gate(f"Revenue was $4.7 million. {shown}", [SOURCE])
    assert result.passed
    assert result.marked == 1


def test_references_to_anything_but_a_figure_are_left_as_written() -> None:
    draft = "A &lt;b&gt; tag &amp; $4.2&nbsp;million"
    result = gate(draft, [SOURCE])
    assert result.passed
    assert result.sanitized_text == draft
