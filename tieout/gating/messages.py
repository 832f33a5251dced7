"""The words the gate says: to the model that wrote the draft, and to people.

Kept here, as templates, so the wording is one decision made in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

from tieout.gating.result import GateClaim

__all__ = [
    "MARKER",
    "aborted_message",
    "detached_hint",
    "disabled_message",
    "hedged_hint",
    "other_price_hint",
    "other_unit_hint",
    "pass_message",
    "rejection_message",
    "rounded_reason",
    "rounds_hint",
    "rounds_some_hint",
    "unreadable_hint",
]

#: The marker that exempts a line: the figure stays, labelled as unsourced.
MARKER = "[not in source]"

_REJECTED = """\
The draft was not saved. It states {count} that this run's sources and anchors do not contain:
{items}
Every specific figure you write must be copied from the sources. For each figure above, do one of two things:
  (1) replace it with the exact value the sources give, or
  (2) if it is a deliberate estimate that no source states, keep it and add the marker {marker} at the end of the same line.
Do not invent numbers, amounts, percentages or clause references, and do not respell a figure in words to get it past this check."""

_ITEM = "  - line {line}: {text!r} ({cls}){hint}"

_ABORTED = (
    "The run has ended: the draft was rejected {n} times in a row, so nothing was saved. "
    "The figures still missing from the sources were: {figures}."
)

_DISABLED = (
    "Workflow {name!r} has the gate switched off: nothing was checked, the draft may be saved."
)

_PASSED = (
    "Saved: every checked figure ({checked}) is in this run's sources or anchors{rounded}{marked}."
)

# what the gate tells the model (about "the sources") and the reviewer (about one source)
# when the sources state something close to a missing figure
# the figure is named as the draft must write it: a cell's own text ("755.4" under "(in
# thousands)") read alone in a draft is another figure
_ROUNDS = '{who} "{source}" ({value}), which it rounds: write that figure exactly, as {value}'
_ROUNDS_MANY = "{who} {listed}, each of which it rounds: write the one meant exactly"
_ROUNDED = 'rounds "{source}" ({value}) in {label}'
_ROUNDS_SOME = (
    "written to fewer than {digits} significant digits, it rounds figures {who} without telling "
    "which it means: write the figure a source states, exactly"
)
_OTHER_UNIT = '{who} "{source}", which is a different unit'
_OTHER_CELL_UNIT = '{who} "{source}" ({unit}), which is a different unit'
_OTHER_PRICE = '{who} "{source}" as a price per {theirs}, not per {yours}'
_HEDGED = (
    '{who} it only as an approximation or a bound ("{source}"): keep the words that '
    "say so, or write the exact figure the sources give"
)
_DETACHED = (
    "written with markup between the figure and its scale word, which cannot be checked: "
    "write them together ({example} for {written})"
)
_UNREADABLE = (
    "written with {how}, which cannot be checked: write it with {fix} "
    "as the sources do ({example} for {written})"
)
# how a figure with European separators is written, and the fix, by the separators it has
_SEPARATORS = {
    (True, False): ("a decimal comma", "a decimal point"),
    (False, True): ("dots between thousands", "commas between thousands"),
    (True, True): (
        "dots between thousands and a decimal comma",
        "commas between thousands and a decimal point",
    ),
}


def _who(label: str | None, one: str, many: str) -> str:
    """'source 1 states' of one source, 'the sources state' of them all."""
    return f"{label} {one}" if label else f"the sources {many}"


MAX_LISTED = 50  # the message goes back into the model's context: a bounded list


def rejection_message(rejected: Sequence[GateClaim]) -> str:
    count = f"{len(rejected)} figure{'s' if len(rejected) != 1 else ''}"
    items = "\n".join(
        _ITEM.format(line=c.line, text=c.text, cls=c.cls, hint=f"; {c.hint}" if c.hint else "")
        for c in rejected[:MAX_LISTED]
    )
    if len(rejected) > MAX_LISTED:
        rest = rejected[MAX_LISTED:]
        items += (
            f"\n  - and {len(rest):,} more figures, on lines {rest[0].line} to {rest[-1].line}: "
            "fix the ones above first, then save again to see the rest"
        )
    return _REJECTED.format(count=count, items=items, marker=MARKER)


def aborted_message(n: int, rejected: Sequence[GateClaim]) -> str:
    figures = ", ".join(repr(c.text) for c in rejected[:MAX_LISTED]) or "none"
    if len(rejected) > MAX_LISTED:
        figures += f" and {len(rejected) - MAX_LISTED:,} more"
    return _ABORTED.format(n=n, figures=figures)


def disabled_message(name: str) -> str:
    return _DISABLED.format(name=name)


def pass_message(checked: int, marked: int, rounded: int = 0) -> str:
    tail = (
        f"; {marked} figure{'s' if marked != 1 else ''} kept on lines marked {MARKER}"
        if marked
        else ""
    )
    rounds = f" ({rounded} of them written as roundings of the figures stated)" if rounded else ""
    return _PASSED.format(checked=checked, marked=tail, rounded=rounds)


def rounds_hint(
    source: str,
    value: str,
    *,
    label: str | None = None,
    also: Sequence[tuple[str, str]] = (),
) -> str:
    """What the sources (or the source ``label``) state that a missing figure of at least
    three significant digits rounds; ``also``: the other figures it rounds there (written,
    value), each named, since the nearest may be another row's."""
    who = _who(label, "states", "state")
    if also:
        named = [f'"{source}" ({value})', *(f'"{s}" ({v})' for s, v in also)]
        listed = ", ".join(named[:-1]) + " and " + named[-1]
        return _ROUNDS_MANY.format(who=who, listed=listed)
    return _ROUNDS.format(who=who, source=source, value=value)


def rounds_some_hint(digits: int, label: str | None = None) -> str:
    """Why a missing figure of fewer than ``digits`` significant digits names no figure it
    rounds: it rounds many ("$1.5bn" rounds any amount from $1.45bn to $1.55bn), and naming
    one would tell the model to write an unrelated figure."""
    who = _who(label, "states", "state")
    return _ROUNDS_SOME.format(digits=digits, who=who)


def unreadable_hint(written: str, example: str) -> str:
    """Why a figure written with European separators ("3,5" in "€3,5 Mio.", "1.234.567,89")
    or as a fraction the grammar does not read ("1/3%") is refused, and the fix
    (``example``: it as the sources write it)."""
    if any(c in written for c in "eE^×x*·"):  # "2.5e6", "1.2 × 10^9", "4×10⁻⁹"
        how, fix = "a power of ten", "every digit"
    elif any(c in written for c in "⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉"):  # "$⁴.⁷ million", "₄₇%"
        how, fix = "superscript or subscript digits", "plain digits"
    elif "." in written.partition("/")[0] and "/" in written:  # "$1.0412/100AV"
        how, fix = "a slash after a decimal amount", 'the word "per"'
    elif "," in written or "." in written:
        how, fix = _SEPARATORS["," in written, "." in written]
    else:  # "1/3", "3 1/3", "3⅓"
        how, fix = "a fraction", "a decimal point"
    return _UNREADABLE.format(how=how, fix=fix, example=example, written=written)


def rounded_reason(source: str, value: str, label: str) -> str:
    return _ROUNDED.format(source=source, value=value, label=label)


def other_unit_hint(source: str, label: str | None = None, unit: str | None = None) -> str:
    """The same magnitude the sources (or the source ``label``) state in another unit
    (``unit``: the currency a bare cell's table gives it, "1,234.5" under "(€ millions)")."""
    who = _who(label, "has", "have")
    if unit is not None:
        return _OTHER_CELL_UNIT.format(who=who, source=source, unit=unit)
    return _OTHER_UNIT.format(who=who, source=source)


def other_price_hint(source: str, theirs: str, yours: str, label: str | None = None) -> str:
    """The same amount the sources (or the source ``label``) state as the price of another
    unit ("$2.85/Mcf" for a draft's "$2.85/MMBtu")."""
    return _OTHER_PRICE.format(
        who=_who(label, "has", "have"), source=source, theirs=theirs, yours=yours
    )


def detached_hint(written: str, example: str) -> str:
    """Why "**$2.94**B" is refused: the scale word stands apart from its figure."""
    return _DETACHED.format(written=written, example=example)


def hedged_hint(source: str, label: str | None = None) -> str:
    """Why an exact "$800 million" is refused where the sources say "about $800 million"."""
    return _HEDGED.format(who=_who(label, "states", "state"), source=source)
