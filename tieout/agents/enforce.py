"""Enforce the claim schema at the agent boundary (seed 003).

:func:`enforce` takes an agent's raw response, finds the JSON in it, and validates it with
:func:`~tieout.schemas.parse_claims`. A response that breaks the schema is answered with a
message listing every problem and the rules (including the legal way out: value null and a
missing_reason) and re-asked, up to ``max_reasks`` times; after that the claim set goes to a
person (the review queue, status ``needs_human``). A valid claim set is checked, and the
claims that fail get fix instructions the model can act on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Literal

from tieout.agents.messages import NO_JSON, QUOTE_WITHOUT_DOC, fix_message, reask_message
from tieout.errors import ClaimValidationError, InputError

if TYPE_CHECKING:
    from tieout.checks import ClaimReport, MetricLookup
    from tieout.documents import Document
    from tieout.schemas import Claim
    from tieout.store import ReviewItem, Store

__all__ = ["Attempt", "EnforceResult", "enforce", "extract_json"]

Outcome = Literal["valid", "needs_human"]

_FENCE = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\r?\n(.*?)```", re.S)
_CLAIM_KEYS = frozenset({"claims", "metric_key", "value", "source_doc_id", "source_quote"})
_BAD_REASKS = "max_reasks must be a whole number of at least 0, got {n!r}"
_BAD_REPLY = "reask must return the model's response as a string, got {kind}"


@dataclass(frozen=True)
class Attempt:
    """One response from the model: its text, the problems found, and the message sent back.

    ``message`` is ``""`` when nothing was sent back (the response was valid, or it was the
    last one and went to a person).
    """

    response: str
    problems: list[tuple[str, str]]
    message: str = ""
    at: datetime = field(default_factory=lambda: datetime.now(UTC), compare=False, repr=False)


@dataclass(frozen=True)
class EnforceResult:
    """What :func:`enforce` decided.

    ``outcome`` is ``"valid"`` (``claims`` and ``reports`` filled, ``fix_message`` says how
    to fix the claims that failed, ``""`` if none did) or ``"needs_human"`` (``review``
    holds the claim set; ``queue_id`` is its id when a store was given).
    """

    outcome: Outcome
    claims: list[Claim] = field(default_factory=list)
    reports: list[ClaimReport] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    fix_message: str = ""
    queue_id: int | None = None
    review: ReviewItem | None = None
    run_id: str | None = None

    @property
    def reasks(self) -> int:
        """How many times the model was asked again."""
        return sum(1 for a in self.attempts if a.message)

    @property
    def passed(self) -> bool:
        """Valid, and no claim failed its checks."""
        return self.outcome == "valid" and not self.fix_message


def extract_json(response_text: str) -> list[str]:
    """The JSON texts in a response, most likely claim set first.

    Candidates are the whole response, the contents of ````` fences, and every JSON object or
    array that decodes from an opening brace or bracket (outermost first). Those that look like
    a claim set (they name ``claims``, ``metric_key`` …) come before those that do not.
    """
    seen: list[str] = []

    def add(text: str) -> None:
        text = text.strip()
        if text and text not in seen:
            seen.append(text)

    add(response_text)
    for match in _FENCE.finditer(response_text):
        add(match.group(1))
    decoder = json.JSONDecoder()
    i = 0
    while i < len(response_text):
        if response_text[i] in "{[":
            try:
                _, end = decoder.raw_decode(response_text, i)
            except (ValueError, RecursionError):
                i += 1
                continue
            add(response_text[i:end])
            i = end
        else:
            i += 1
    decoded = [(text, _decode(text)) for text in seen]
    claimish = [text for text, value in decoded if _looks_like_claims(value)]
    jsonish = [text for text, value in decoded if value is not None and text not in claimish]
    rest = [text for text in seen if text not in claimish and text not in jsonish]
    return claimish + jsonish + rest


def _decode(text: str) -> object:
    try:
        value: object = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value


def _looks_like_claims(value: object) -> bool:
    if isinstance(value, dict):
        return bool(_CLAIM_KEYS & value.keys())
    if isinstance(value, list):
        return any(isinstance(v, dict) and _CLAIM_KEYS & v.keys() for v in value)
    return False


def _validate(response_text: str) -> tuple[list[Claim] | None, list[tuple[str, str]], bool]:
    """The claims, or the problems of the best candidate and whether a quote lacks its document."""
    from tieout.schemas import parse_claims

    candidates = extract_json(response_text)
    best: tuple[list[tuple[str, str]], bool] | None = None
    for text in candidates:
        try:
            return parse_claims(text), [], False
        except ClaimValidationError as exc:
            if best is None and _decode(text) is not None:
                best = _quote_rule(exc.problems, _decode(text))
    if best is None:
        return None, [("document", NO_JSON)], False
    return None, best[0], best[1]


def _quote_rule(problems: list[tuple[str, str]], raw: object) -> tuple[list[tuple[str, str]], bool]:
    """The problems, with a missing source_doc_id beside a given quote said as its own rule."""
    items: list[object] = []
    if isinstance(raw, dict):
        items = list(raw["claims"]) if isinstance(raw.get("claims"), list) else [raw]
    elif isinstance(raw, list):
        items = raw
    out, hit = [], False
    for path, message in problems:
        found = re.fullmatch(r"claims\[(\d+)\]\.source_doc_id", path)
        if found and message.startswith("field required"):
            index = int(found.group(1))
            item = items[index] if index < len(items) else None
            if isinstance(item, dict) and item.get("source_quote") is not None:
                out.append((path, QUOTE_WITHOUT_DOC))
                hit = True
                continue
        out.append((path, message))
    return out, hit


def enforce(
    response_text: str,
    reask: Callable[[str], str] | None = None,
    max_reasks: int = 1,
    *,
    documents: Mapping[str, Document] | Iterable[Document] | None = None,
    registry: MetricLookup | None = None,
    store: Store | None = None,
    source: str = "agent",
) -> EnforceResult:
    """Validate an agent's raw response, re-ask on problems, then check the claims.

    ``reask(message)`` sends the message to the model and returns its new response; it is
    called at most ``max_reasks`` times. A claim set still invalid after that goes to the
    review queue of ``store`` with status ``needs_human`` (without a store it is returned
    in ``EnforceResult.review``). A valid one is checked: in memory against ``documents``
    and ``registry``, or, with a ``store``, against the store's documents and registry, with
    the run stored (``run_id``).
    """
    if isinstance(max_reasks, bool) or not isinstance(max_reasks, int) or max_reasks < 0:
        raise InputError(_BAD_REASKS.format(n=max_reasks))
    attempts: list[Attempt] = []
    text = response_text
    while True:
        if not isinstance(text, str):
            raise InputError(_BAD_REPLY.format(kind=type(text).__name__))
        claims, problems, quote_without_doc = _validate(text)
        if claims is not None:
            attempts.append(Attempt(text, []))
            return _checked(claims, attempts, documents, registry, store, source)
        if reask is None or len(attempts) >= max_reasks:
            attempts.append(Attempt(text, problems))
            return _to_human(text, problems, attempts, store, source)
        message = reask_message(problems, quote_without_doc=quote_without_doc)
        attempts.append(Attempt(text, problems, message))
        text = reask(message)


def _checked(
    claims: list[Claim],
    attempts: list[Attempt],
    documents: Mapping[str, Document] | Iterable[Document] | None,
    registry: MetricLookup | None,
    store: Store | None,
    source: str,
) -> EnforceResult:
    run_id = None
    if store is not None:
        from tieout.checks.runs import check_and_store

        run = check_and_store(store, claims, source)
        reports, run_id = run.reports, run.run_id
        _log_attempts(store, source, attempts, "valid", run_id=run_id)
    else:
        from tieout.checks import check_claims

        reports = check_claims(claims, documents or {}, registry)
    return EnforceResult("valid", claims, reports, attempts, fix_message(reports), run_id=run_id)


def _to_human(
    text: str,
    problems: list[tuple[str, str]],
    attempts: list[Attempt],
    store: Store | None,
    source: str,
) -> EnforceResult:
    from tieout.schemas.review_status import NEEDS_HUMAN
    from tieout.store import ReviewItem

    now = datetime.now(UTC)
    queue_id = None
    if store is not None:
        queue_id = store.queue_for_review(source, text, problems, created_at=now)
        _log_attempts(store, source, attempts, "needs_human", queue_id=queue_id)
    review = ReviewItem(source, NEEDS_HUMAN, text, list(problems), now, queue_id)
    return EnforceResult("needs_human", attempts=attempts, queue_id=queue_id, review=review)


def _log_attempts(
    store: Store,
    source: str,
    attempts: list[Attempt],
    outcome: str,
    *,
    run_id: str | None = None,
    queue_id: int | None = None,
) -> None:
    """Put every response and re-ask of this claim set in the audit trail."""
    from tieout.store import AttemptRecord

    store.log_attempts(
        [
            AttemptRecord(
                source=source,
                attempt=n,
                raw_text=a.response,
                problems=list(a.problems),
                message=a.message,
                outcome=outcome,
                created_at=a.at,
                run_id=run_id,
                queue_id=queue_id,
            )
            for n, a in enumerate(attempts, start=1)
        ]
    )
