"""The ordered pipeline: existence, then period/unit, then quote — cheapest first.

Each check is a small generator of findings that knows nothing of its name or of the
verdict; the pipeline stamps each finding with the check's name, stops after a fail
(later checks recorded as ``skipped``) unless ``all_checks``, and applies the rubric.
Three doors onto one stream: :func:`iter_results`, :func:`check_claims`, and
``ClaimReport.raise_for_failure()``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from tieout.checks.context import CheckOptions, ClaimContext
from tieout.checks.existence import existence
from tieout.checks.period_unit import period_unit
from tieout.checks.quote import quote
from tieout.checks.results import CheckResult, ClaimReport, Finding, Status, Verdict, worst
from tieout.documents import Document
from tieout.errors import InputError, TieoutError
from tieout.schemas import Claim, MetricDefinition

if TYPE_CHECKING:
    from tieout.periods import Period

__all__ = ["CHECKS", "MetricLookup", "check_claim", "check_claims", "iter_results", "registry_date"]

Check = Callable[[ClaimContext], Iterator[Finding]]

#: The checks, in the order they run.
CHECKS: tuple[tuple[str, Check], ...] = (
    ("existence", existence),
    ("period_unit", period_unit),
    ("quote", quote),
)


class MetricLookup(Protocol):
    """Anything that can say which registry row was in force: a Registry or a Store."""

    def metric_as_of(self, metric_key: str, on: date) -> MetricDefinition | None: ...

    def metric_history(self, metric_key: str) -> list[MetricDefinition]: ...


def registry_date(claim: Claim, doc: Document | None) -> date:
    """The date a claim is judged as of: the cited document's publication, else the period end."""
    if doc is not None and doc.published is not None:
        return doc.published
    return claim.period_end


def resolve_metric(
    registry: MetricLookup, claim: Claim, doc: Document | None
) -> tuple[MetricDefinition | None, str]:
    """The registry row in force for a claim, and a note when it had to fall back."""
    on = registry_date(claim, doc)
    row = registry.metric_as_of(claim.metric_key, on)
    if row is not None:
        return row, ""
    history = registry.metric_history(claim.metric_key)
    if history and on < history[0].effective_from:
        first = history[0]
        return first, (
            f"registry: no version of {claim.metric_key} was in force on {on}; "
            f"used the earliest ({first.effective_from})"
        )
    return None, ""


def _context(
    claim: Claim,
    doc: Document | None,
    metric: MetricDefinition | None,
    registry_given: bool,
    options: CheckOptions,
) -> ClaimContext:
    from tieout.units import parse_unit

    unit, unit_error = None, None
    try:
        unit = parse_unit(claim.unit)
    except TieoutError as exc:
        unit_error = str(exc)
    period = _period(claim.period_start, claim.period_end)
    return ClaimContext(claim, doc, metric, registry_given, unit, unit_error, period, options)


@lru_cache(maxsize=4096)
def _period(start: date, end: date) -> Period:
    """A claim's period (cached: a claim set names the same few periods again and again)."""
    from tieout.periods import Period

    return Period.from_dates(start, end)


def iter_results(ctx: ClaimContext) -> Iterator[CheckResult]:
    """Run the checks in order, yielding one stamped result per check."""
    failed = False
    for name, check in CHECKS:
        if failed and not ctx.options.all_checks:
            yield CheckResult(name, Status.SKIPPED, "not run: an earlier check failed")
            continue
        findings = list(check(ctx))
        status = worst([f.status for f in findings])
        decisive = next((f for f in findings if f.status is status), None)
        evidence = tuple(e for f in findings for e in f.evidence)
        reason = decisive.reason if decisive else "nothing to check"
        yield CheckResult(name, status, reason, evidence, decisive.field if decisive else None)
        failed = failed or status is Status.FAIL


def check_claim(
    position: int,
    claim: Claim,
    documents: Mapping[str, Document],
    registry: MetricLookup | None = None,
    options: CheckOptions | None = None,
) -> ClaimReport:
    """Check one claim and return its report."""
    options = options or CheckOptions()
    doc = documents.get(claim.source_doc_id) if claim.source_doc_id else None
    sha = doc.sha256 if doc is not None else None
    if claim.value is None:
        return ClaimReport(
            position,
            claim,
            Verdict.UNSUPPORTED,
            f'agent: "{claim.missing_reason}"',
            tuple(CheckResult(name, Status.SKIPPED, "no value to check") for name, _ in CHECKS),
            None,
            sha,
        )
    metric, note = (None, "")
    if registry is not None:
        metric, note = resolve_metric(registry, claim, doc)
        if metric is None:
            reason = (
                f"registry: metric {claim.metric_key!r} is not registered; register it with "
                "`tieout registry add` or `tieout registry import`"
            )
            return ClaimReport(
                position,
                claim,
                Verdict.UNSUPPORTED,
                reason,
                tuple(
                    CheckResult(name, Status.SKIPPED, "metric not registered") for name, _ in CHECKS
                ),
                None,
                sha,
            )
    ctx = _context(claim, doc, metric, registry is not None, options)
    results = tuple(iter_results(ctx))
    overall = worst([r.status for r in results])
    verdict = {Status.FAIL: Verdict.FAIL, Status.WARNING: Verdict.WARNING}.get(
        overall, Verdict.PASS
    )
    if verdict is Verdict.PASS:
        reason = next(r.reason for r in results if r.name == "quote" and r.status is Status.PASS)
        first = results[0]
        reason = f"{first.reason}; {reason}" if first.status is Status.PASS else reason
    else:
        decisive = next(r for r in results if r.status.value == verdict.value)
        said = decisive.reason
        # "quote not found in …" names its check already: never "quote: quote not found"
        reason = said if said.startswith(f"{decisive.name} ") else f"{decisive.name}: {said}"
    notes = (note,) if note else ()
    return ClaimReport(position, claim, verdict, reason, results, metric, sha, notes)


def check_claims(
    claims: Iterable[Claim | Mapping[str, Any]],
    documents: Mapping[str, Document] | Iterable[Document],
    registry: MetricLookup | None = None,
    *,
    all_checks: bool = False,
    fuzzy_threshold: float = 90.0,
) -> list[ClaimReport]:
    """Check claims against documents, entirely in memory.

    ``documents`` maps doc_id to :class:`Document` (or is an iterable of them). With
    ``registry=None`` the registry-dependent parts are skipped and each result says so.
    """
    documents = _documents_by_id(documents)
    if isinstance(claims, str | bytes | Mapping) or not isinstance(claims, Iterable):
        raise InputError(
            f"check_claims: claims must be a list of Claim objects or dicts, got "
            f"{type(claims).__name__}; for JSON text, pass tieout.parse_claims(text)"
        )
    options = CheckOptions(all_checks=all_checks, fuzzy_threshold=fuzzy_threshold)
    parsed = [c if isinstance(c, Claim) else _claim_from(c, i) for i, c in enumerate(claims)]
    return [check_claim(i, c, documents, registry, options) for i, c in enumerate(parsed)]


_NOT_DOCUMENTS = (
    "check_claims: documents must be Document objects (a list of them, or a dict by doc_id), "
    "got {got}; build one with tieout.Document.from_text(doc_id, text) or "
    "tieout.Document.from_file(path)"
)


def _documents_by_id(documents: object) -> Mapping[str, Document]:
    """``documents`` as a mapping by id, or an InputError naming what was given instead."""
    if isinstance(documents, Mapping):
        given = list(documents.values())
    elif isinstance(documents, Iterable) and not isinstance(documents, str | bytes):
        given = list(documents)
    else:
        raise InputError(_NOT_DOCUMENTS.format(got=type(documents).__name__))
    stray = next((d for d in given if not isinstance(d, Document)), None)
    if stray is not None:
        raise InputError(_NOT_DOCUMENTS.format(got=f"an item of type {type(stray).__name__}"))
    if isinstance(documents, Mapping):
        return documents
    return {d.doc_id: d for d in given}


def _claim_from(data: Mapping[str, Any], position: int) -> Claim:
    """Validate a claim given as a Python mapping through the same door as JSON text.

    Decimals and ints are written into the JSON as number literals (never through float),
    dates as ISO strings, so the result and any error are exactly what the JSON would give.
    """
    import json
    from decimal import Decimal

    from tieout.schemas import parse_claims

    if not isinstance(data, Mapping):
        raise InputError(
            f"check_claims: claims[{position}] must be a Claim or a dict, got {type(data).__name__}"
        )
    marks: dict[str, str] = {}

    def encode(value: object) -> object:
        if isinstance(value, Decimal | int) and not isinstance(value, bool):
            token = f"\x00num{len(marks)}\x00"
            marks[f'"{token}"'] = str(value)
            return token
        if isinstance(value, date):
            return value.isoformat()
        raise InputError(f"claims[{position}]: {type(value).__name__} is not a JSON value")

    def walk(value: object) -> object:
        if isinstance(value, Mapping):
            return {str(k): walk(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [walk(v) for v in value]
        if isinstance(value, Decimal | int | date) and not isinstance(value, bool):
            return encode(value)
        return value

    text = json.dumps(walk(data))
    for token, literal in marks.items():
        text = text.replace(json.dumps(token[1:-1]), literal)
    return parse_claims(text)[0]
