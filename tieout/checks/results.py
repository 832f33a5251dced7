"""What the checks produce: findings, check results, verdicts and claim reports.

Results are values. A check yields :class:`Finding` s; the pipeline stamps each with the
check's name into a :class:`CheckResult`, and the rubric turns the results into one
:class:`Verdict` per claim. Raising is opt-in: ``CheckReport.raise_for_failure()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from tieout.errors import TieoutError

if TYPE_CHECKING:
    from tieout.schemas import Claim, MetricDefinition

__all__ = [
    "RUBRIC",
    "CheckResult",
    "ClaimFailed",
    "ClaimReport",
    "Evidence",
    "Finding",
    "Status",
    "Verdict",
    "worst",
]


class Status(StrEnum):
    PASS = "pass"
    WARNING = "warning"
    FAIL = "fail"
    SKIPPED = "skipped"


class Verdict(StrEnum):
    PASS = "pass"
    WARNING = "warning"
    FAIL = "fail"
    UNSUPPORTED = "unsupported"


#: The verdict rubric, one table: the README prints the same rows.
RUBRIC: tuple[tuple[Verdict, str], ...] = (
    (Verdict.PASS, "every check passed"),
    (Verdict.WARNING, "at least one check warned and none failed"),
    (Verdict.FAIL, "at least one check failed"),
    (
        Verdict.UNSUPPORTED,
        "the claim has no value (the agent said why), or its metric is not registered",
    ),
)

_RANK = {Status.SKIPPED: 0, Status.PASS: 1, Status.WARNING: 2, Status.FAIL: 3}


def worst(statuses: list[Status]) -> Status:
    return max(statuses, key=_RANK.__getitem__, default=Status.PASS)


@dataclass(frozen=True, slots=True)
class Evidence:
    """A place in a document that a check relied on."""

    doc_id: str
    span: tuple[int, int]
    text: str
    place: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "doc_id": self.doc_id,
            "span": list(self.span),
            "text": self.text,
            "place": self.place,
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """What a check found, before the pipeline says which check it was."""

    status: Status
    reason: str
    evidence: tuple[Evidence, ...] = ()
    field: str | None = None  # the claim field it concerns


@dataclass(frozen=True, slots=True)
class CheckResult:
    name: str
    status: Status
    reason: str
    evidence: tuple[Evidence, ...] = ()
    field: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": str(self.status),
            "reason": self.reason,
            "field": self.field,
            "evidence": [e.to_dict() for e in self.evidence],
        }


class ClaimFailed(ValueError, TieoutError):
    """Raised by ``raise_for_failure`` when a claim's verdict is fail."""

    def __init__(self, report: ClaimReport) -> None:
        self.report = report
        super().__init__(report.reason)

    def __str__(self) -> str:
        return (
            f"claim {self.report.position} ({self.report.claim.metric_key}): {self.report.reason}"
        )


@dataclass(frozen=True)
class ClaimReport:
    """The verdict on one claim, with every check's result."""

    position: int
    claim: Claim
    verdict: Verdict
    reason: str
    checks: tuple[CheckResult, ...] = ()
    registry_row: MetricDefinition | None = None
    snapshot_sha256: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def passed(self) -> bool:
        return self.verdict in (Verdict.PASS, Verdict.WARNING)

    def check(self, name: str) -> CheckResult:
        return next(c for c in self.checks if c.name == name)

    def raise_for_failure(self) -> ClaimReport:
        if self.verdict is Verdict.FAIL:
            raise ClaimFailed(self)
        return self

    def to_dict(self) -> dict[str, Any]:
        row = self.registry_row
        return {
            "position": self.position,
            "claim": self.claim.model_dump(mode="json", exclude_none=True),
            "verdict": str(self.verdict),
            "reason": self.reason,
            "checks": [c.to_dict() for c in self.checks],
            "registry_row": None
            if row is None
            else {"metric_key": row.metric_key, "effective_from": _iso(row.effective_from)},
            "snapshot_sha256": self.snapshot_sha256,
            "notes": list(self.notes),
        }


def _iso(d: date | None) -> str | None:
    return d.isoformat() if d else None
