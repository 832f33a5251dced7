"""The values the store hands out and takes in: frozen, plain, never ORM rows."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import date, datetime
from functools import cache
from typing import Any, TypeVar, cast

from tieout.errors import InputError
from tieout.schemas.metric import MetricDefinition
from tieout.schemas.review_status import status_in_force

__all__ = [
    "MAX_ROW_ID",
    "ApiKeyRecord",
    "AttemptRecord",
    "CalibrationItem",
    "ClaimResultRecord",
    "DocumentRecord",
    "ImportPlan",
    "MetricVersion",
    "OverrideRecord",
    "RejectionRecord",
    "ResolutionRecord",
    "ReviewItem",
    "RunRecord",
    "from_row",
]

#: The largest row id either backend stores (a signed 64-bit integer): a larger one names no
#: row, and is refused as unknown before SQLite raises OverflowError on it.
MAX_ROW_ID = 2**63 - 1

#: A stored version of a metric: a :class:`MetricDefinition` with ``effective_to`` filled
#: once a newer version has replaced it.
MetricVersion = MetricDefinition


_Record = TypeVar("_Record")


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls) if f.init)


def from_row(cls: type[_Record], row: object, **given: Any) -> _Record:
    """A record of class ``cls`` from a table row: the one row -> record mapper.

    Each field takes the row's attribute of the same name, unless it is ``given`` (a column
    named otherwise, a value converted, or one from another row); fields the row has no
    attribute for keep their defaults (``overrides``, ``events``).
    """
    names = _field_names(cast(type, cls))
    values = {n: getattr(row, n) for n in names if n not in given and hasattr(row, n)}
    record: _Record = cast(Any, cls)(**values, **given)
    return record


def _require_aware(name: str, value: datetime | None) -> None:
    if value is not None and value.tzinfo is None:
        raise InputError(f"{name} {value.isoformat()} has no time zone; give it in UTC")


@dataclass(frozen=True)
class DocumentRecord:
    """One snapshot of a source document; ``snapshots`` counts those stored under ``doc_id``."""

    doc_id: str
    sha256: str
    text: str
    source_name: str
    media_type: str
    period_start: date | None
    period_end: date | None
    published: date | None
    scale: str | None
    ingested_at: datetime | None = None
    snapshots: int = 1
    numbers: str = "point"  # the number convention its figures are read by: 'point' | 'comma'

    def __post_init__(self) -> None:
        _require_aware("DocumentRecord.ingested_at", self.ingested_at)


@dataclass(frozen=True)
class RunRecord:
    """One checking run: where the claims came from, when, and how many got each verdict."""

    run_id: str
    source: str
    created_at: datetime
    counts: dict[str, int]

    def __post_init__(self) -> None:
        _require_aware("RunRecord.created_at", self.created_at)


@dataclass(frozen=True)
class ClaimResultRecord:
    """The verdict on one claim, with the claim as JSON and every check's result.

    ``claim`` is JSON-able; Decimal values are stored (and returned) as strings.
    """

    run_id: str
    position: int
    metric_key: str
    claim: dict[str, Any]
    verdict: str
    reason: str
    checks: list[dict[str, Any]]
    snapshot_sha256: str | None
    registry_metric_key: str | None
    registry_effective_from: date | None
    checked_at: datetime
    id: int | None = None
    #: Reviewers' overrides, oldest first; the checker's ``verdict`` is never replaced.
    overrides: tuple[OverrideRecord, ...] = ()

    def __post_init__(self) -> None:
        _require_aware("ClaimResultRecord.checked_at", self.checked_at)

    @property
    def override(self) -> OverrideRecord | None:
        """The override in force (the latest), or ``None``."""
        return self.overrides[-1] if self.overrides else None

    @property
    def effective_verdict(self) -> str:
        """The verdict that counts: the latest override's, else the checker's."""
        return self.overrides[-1].verdict if self.overrides else self.verdict

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-able values: the claim, both verdicts, overrides, checks."""
        return {
            "id": self.id,
            "position": self.position,
            "metric_key": self.metric_key,
            "claim": self.claim,
            "verdict": self.verdict,
            "effective_verdict": self.effective_verdict,
            "overrides": [o.to_dict() for o in self.overrides],
            "reason": self.reason,
            "checks": self.checks,
            "snapshot_sha256": self.snapshot_sha256,
        }


@dataclass(frozen=True)
class OverrideRecord:
    """A reviewer's verdict on a stored claim, the verdict it replaced, why, and who."""

    claim_id: int
    original_verdict: str
    verdict: str
    reason: str
    reviewer: str
    created_at: datetime
    id: int | None = None
    #: who tieout authenticated ("API key desk-1 (k_…)", "OS user ana"); None: not recorded
    signed_in_as: str | None = None

    def __post_init__(self) -> None:
        _require_aware("OverrideRecord.created_at", self.created_at)

    def to_dict(self) -> dict[str, Any]:
        """The override as JSON-able values."""
        return {
            "id": self.id,
            "claim_id": self.claim_id,
            "from": self.original_verdict,
            "verdict": self.verdict,
            "reason": self.reason,
            "reviewer": self.reviewer,
            "signed_in_as": self.signed_in_as,
            "at": self.created_at.isoformat(),
        }


@dataclass(frozen=True)
class AttemptRecord:
    """One response an agent gave :func:`tieout.enforce`, what was wrong, what it was told."""

    source: str
    attempt: int
    raw_text: str
    problems: list[tuple[str, str]]
    message: str
    outcome: str
    created_at: datetime
    run_id: str | None = None
    queue_id: int | None = None
    id: int | None = None

    def __post_init__(self) -> None:
        _require_aware("AttemptRecord.created_at", self.created_at)


@dataclass(frozen=True)
class CalibrationItem:
    """One sampled passing claim of a week's calibration sample, and the latest check of it."""

    sample_id: int
    week: str
    claim: ClaimResultRecord
    drawn_at: datetime
    confirmed: bool | None = None
    reviewer: str | None = None
    note: str = ""
    recorded_at: datetime | None = None


@dataclass(frozen=True)
class ImportPlan:
    """What an import does (or, on a dry run, would do), metric by metric."""

    new: list[str] = field(default_factory=list)
    changed: list[tuple[str, list[str]]] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    applied: bool = False

    def summary(self) -> str:
        """``"2 new, 1 changed, 3 unchanged"``, plus ``" (dry run, nothing applied)"`` if so."""
        text = f"{len(self.new)} new, {len(self.changed)} changed, {len(self.unchanged)} unchanged"
        return text if self.applied else f"{text} (dry run, nothing applied)"


#: The claim classes the free-text gate knows; a rejection names one of them.
CLAIM_CLASSES = ("currency", "percent", "numeric", "words")
_MAX_LINE = 2**31 - 1  # the largest INTEGER every backend stores


@dataclass(frozen=True)
class RejectionRecord:
    """One figure the free-text gate refused: where (workflow, run, 1-based line), what, why.

    ``workflow`` is ``""`` when the gate ran without one; ``figure`` is the text as written
    in the draft; ``reason`` is what the model was told.
    """

    workflow: str
    run_id: str
    figure: str
    claim_class: str
    reason: str
    line: int
    created_at: datetime
    id: int | None = None
    #: sha256 of each source the draft was gated against (texts and documents), in order.
    sources: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.claim_class not in CLAIM_CLASSES:
            raise InputError(
                f"RejectionRecord.claim_class {self.claim_class!r} is not a claim class; "
                f"use one of {', '.join(CLAIM_CLASSES)}"
            )
        line = self.line
        if isinstance(line, bool) or not isinstance(line, int) or not 1 <= line <= _MAX_LINE:
            raise InputError(
                f"RejectionRecord.line {line!r} is not a line number; lines count from 1"
            )
        _require_aware("RejectionRecord.created_at", self.created_at)


#: The roles an HTTP API key may hold (see :mod:`tieout.web.auth` for what each may do).
API_ROLES = ("agent", "reviewer", "admin")


@dataclass(frozen=True)
class ApiKeyRecord:
    """One HTTP API key as stored: public ``key_id``, ``role``, and the salted sha256 ``digest``.

    The key itself is shown once when created and never stored; ``revoked_at`` is set when
    the key is revoked.
    """

    key_id: str
    name: str
    role: str
    salt: str
    digest: str
    created_at: datetime
    revoked_at: datetime | None = None

    def __post_init__(self) -> None:
        if self.role not in API_ROLES:
            raise InputError(
                f"role {self.role!r} is not an API role; use one of {', '.join(API_ROLES)}"
            )
        _require_aware("ApiKeyRecord.created_at", self.created_at)
        _require_aware("ApiKeyRecord.revoked_at", self.revoked_at)

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


@dataclass(frozen=True)
class ResolutionRecord:
    """One event on a queued claim set: ``resolved``, ``discarded`` or ``reopened``, by whom, why."""

    queue_id: int
    outcome: str
    note: str
    reviewer: str
    resolved_at: datetime
    id: int | None = None

    def __post_init__(self) -> None:
        _require_aware("ResolutionRecord.resolved_at", self.resolved_at)

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-able values."""
        return {
            "id": self.id,
            "queue_id": self.queue_id,
            "outcome": self.outcome,
            "note": self.note,
            "reviewer": self.reviewer,
            "at": self.resolved_at.isoformat(),
        }


@dataclass(frozen=True)
class ReviewItem:
    """A claim set waiting for a person: the agent's raw response and every problem left in it.

    ``status`` is the status it was queued with (``"needs_human"``), never changed;
    ``problems`` holds ``(path, message)`` pairs; ``events`` what people did with it since,
    oldest first. :attr:`status_in_force` is the status that counts now.
    """

    source: str
    status: str
    raw_text: str
    problems: list[tuple[str, str]]
    created_at: datetime
    id: int | None = None
    events: list[ResolutionRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.status:
            raise InputError("ReviewItem.status is empty; use e.g. 'needs_human'")
        _require_aware("ReviewItem.created_at", self.created_at)

    @property
    def status_in_force(self) -> str:
        """The latest event's outcome (``reopened``: ``needs_human``), else :attr:`status`."""
        return status_in_force(self.status, self.events[-1].outcome if self.events else None)
