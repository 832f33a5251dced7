"""The words :func:`tieout.enforce` says to the model: re-ask messages and fix instructions.

Kept here, as templates, so the wording is one decision made in one place (as the gate's
are in :mod:`tieout.gating.messages`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tieout.checks import ClaimReport

__all__ = [
    "CHECK_FIXES",
    "FIXES",
    "NO_JSON",
    "QUOTE_WITHOUT_DOC",
    "claim_fix",
    "fix_message",
    "reask_message",
]

#: The problem when a response holds no JSON at all.
NO_JSON = "no JSON claim set found in the response — reply with the JSON claim set only"

#: The problem when a claim quotes a sentence but does not say which document it is from.
QUOTE_WITHOUT_DOC = (
    "a source_quote was given without a source_doc_id — give the id of the document the quote "
    "was copied from, or set value to null and give missing_reason"
)

_REASK = """\
Your claim set was not accepted: it has {count}. Fix every one and send the whole claim set again:
{items}
Rules:
  - Return ONLY JSON: {{"claims": [...]}}, with no prose before or after it.
  - Every numeric claim needs metric_key, value (a JSON number), unit, period_start and period_end (YYYY-MM-DD), source_doc_id, source_quote and source_locator.
  - source_quote is the sentence the value was taken from, copied verbatim from the document named by source_doc_id.{quote_rule}
  - If you cannot supply source_doc_id and source_quote from the provided documents, set value to null and give missing_reason: say what is missing."""

_QUOTE_RULE = "\n  - A quote is only checkable with its document: never give source_quote without source_doc_id."

_ITEM = "  - {path}: {message}"

_FIX = """\
{count} of {total} claims failed the checks against the documents. Fix each one and send the whole claim set again:
{items}
Do not invent or round figures. If the documents do not support a figure, set its value to null and give missing_reason: say what is missing."""

_FIX_ITEM = "  - claims[{position}] ({metric_key} {value}): {reason}\n    Fix: {fix}"

#: How to fix a failed check, by the claim field it concerns (``None``: not said).
FIXES: dict[str | None, str] = {
    "value": (
        "use the value exactly as the cited document states it (put the scale in unit, "
        "e.g. 1.4 with USD_millions), or cite the document that states your value"
    ),
    "unit": "fix the unit to the one the document uses for this figure (e.g. USD_thousands)",
    "period_start": "fix period_start and period_end to the period the document gives for this figure",
    "period_end": "fix period_start and period_end to the period the document gives for this figure",
    "period": "fix period_start and period_end to the period the document gives for this figure",
    "source_quote": (
        "copy source_quote verbatim from the cited document (the sentence that states the value)"
    ),
    "source_locator": "fix source_locator to the section and paragraph where the quote is",
    "source_doc_id": "cite the id of a document you were given that states this figure",
    "metric_key": "use the metric key the registry defines for this figure",
    None: "use the document's exact value, period and unit, and quote it verbatim",
}

#: The same, by check name, when a result names no field.
CHECK_FIXES: dict[str, str] = {
    "existence": FIXES["value"],
    "period_unit": "fix the period (period_start, period_end) or the unit to what the document states",
    "quote": FIXES["source_quote"],
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def reask_message(problems: Sequence[tuple[str, str]], *, quote_without_doc: bool = False) -> str:
    """Every problem by path, then the rules, including the legal way out (null + reason)."""
    items = "\n".join(_ITEM.format(path=path, message=message) for path, message in problems)
    return _REASK.format(
        count=_plural(len(problems), "problem"),
        items=items,
        quote_rule=_QUOTE_RULE if quote_without_doc else "",
    )


def claim_fix(report: ClaimReport) -> str:
    """How to fix one failed claim: by the field its failing check names, else by the check."""
    from tieout.checks import Status

    failed = next((c for c in report.checks if c.status is Status.FAIL), None)
    if failed is None:
        return FIXES[None]
    if failed.field in FIXES and failed.field is not None:
        return FIXES[failed.field]
    return CHECK_FIXES.get(failed.name, FIXES[None])


def fix_message(reports: Sequence[ClaimReport]) -> str:
    """Fix instructions for every claim whose verdict is fail; ``""`` when none failed."""
    from tieout.checks import Verdict

    failed = [r for r in reports if r.verdict is Verdict.FAIL]
    if not failed:
        return ""
    items = "\n".join(
        _FIX_ITEM.format(
            position=r.position,
            metric_key=r.claim.metric_key,
            value="null" if r.claim.value is None else f"{r.claim.value} {r.claim.unit}",
            reason=r.reason,
            fix=claim_fix(r),
        )
        for r in failed
    )
    return _FIX.format(count=len(failed), total=len(reports), items=items)
