"""The words the gate says: to the model that wrote the draft, and to people.

Kept here, as templates, so the wording is one decision made in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

from tieout.gating.result import GateClaim

__all__ = ["MARKER", "aborted_message", "disabled_message", "pass_message", "rejection_message"]

#: The marker that exempts a line: the figure stays, labelled as unsourced.
MARKER = "[not in source]"

_REJECTED = """\
The draft was not saved. It states {count} that this run's sources and anchors do not contain:
{items}
Every specific figure you write must be copied from the sources. For each figure above, do one of two things:
  (1) replace it with the exact value the sources give, or
  (2) if it is a deliberate estimate that no source states, keep it and add the marker {marker} at the end of the same line.
Do not invent numbers, amounts, percentages or clause references, and do not respell a figure in words to get it past this check."""

_ITEM = "  - line {line}: {text!r} ({cls})"

_ABORTED = (
    "The run has ended: the draft was rejected {n} times in a row, so nothing was saved. "
    "The figures still missing from the sources were: {figures}."
)

_DISABLED = (
    "Workflow {name!r} has the gate switched off: nothing was checked, the draft may be saved."
)

_PASSED = "Saved: every checked figure ({checked}) is in this run's sources or anchors{marked}."


def rejection_message(rejected: Sequence[GateClaim]) -> str:
    count = f"{len(rejected)} figure{'s' if len(rejected) != 1 else ''}"
    items = "\n".join(_ITEM.format(line=c.line, text=c.text, cls=c.cls) for c in rejected)
    return _REJECTED.format(count=count, items=items, marker=MARKER)


def aborted_message(n: int, rejected: Sequence[GateClaim]) -> str:
    figures = ", ".join(repr(c.text) for c in rejected) or "none"
    return _ABORTED.format(n=n, figures=figures)


def disabled_message(name: str) -> str:
    return _DISABLED.format(name=name)


def pass_message(checked: int, marked: int) -> str:
    tail = (
        f"; {marked} figure{'s' if marked != 1 else ''} kept on lines marked {MARKER}"
        if marked
        else ""
    )
    return _PASSED.format(checked=checked, marked=tail)
