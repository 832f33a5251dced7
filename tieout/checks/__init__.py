"""The checks: existence, period/unit, quote; the ordered pipeline; the verdict rubric."""

from tieout.checks.context import CheckOptions
from tieout.checks.pipeline import CHECKS, MetricLookup, check_claim, check_claims, iter_results
from tieout.checks.results import (
    RUBRIC,
    CheckResult,
    ClaimFailed,
    ClaimReport,
    Evidence,
    Finding,
    Status,
    Verdict,
)

__all__ = [
    "CHECKS",
    "RUBRIC",
    "CheckOptions",
    "CheckResult",
    "ClaimFailed",
    "ClaimReport",
    "Evidence",
    "Finding",
    "MetricLookup",
    "Status",
    "Verdict",
    "check_claim",
    "check_claims",
    "iter_results",
]
