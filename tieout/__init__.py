"""tieout: tie every figure an LLM agent writes back to its source, deterministically.

The public surface is re-exported here and loaded on first use, so ``import tieout``
(and ``tieout --help``) stays fast::

    import tieout
    docs = [tieout.Document.from_text("investor-update-2026-08", text, published="2026-08-05")]
    reports = tieout.check_claims(claims, docs)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "CheckResult": "tieout.checks",
    "Claim": "tieout.schemas",
    "ClaimFailed": "tieout.checks",
    "ClaimReport": "tieout.checks",
    "ClaimValidationError": "tieout.errors",
    "Document": "tieout.documents",
    "Evidence": "tieout.checks",
    "Figure": "tieout.figures",
    "GateResult": "tieout.gating",
    "SaveSession": "tieout.gating",
    "WorkflowConfig": "tieout.gating",
    "InputError": "tieout.errors",
    "MetricDefinition": "tieout.schemas",
    "Period": "tieout.periods",
    "Registry": "tieout.registry",
    "StatedFigure": "tieout.documents",
    "Status": "tieout.checks",
    "Store": "tieout.store",
    "TieoutError": "tieout.errors",
    "UnknownDocument": "tieout.errors",
    "UnknownMetric": "tieout.errors",
    "UnitNotRecognised": "tieout.errors",
    "Verdict": "tieout.checks",
    "check_claims": "tieout.checks",
    "enforce": "tieout.agents",
    "claim_set_json_schema": "tieout.schemas",
    "extract": "tieout.figures",
    "gate": "tieout.gating",
    "parse_claims": "tieout.schemas",
    "parse_period": "tieout.periods",
    "parse_unit": "tieout.units",
}

__all__ = [
    "CheckResult",
    "Claim",
    "ClaimFailed",
    "ClaimReport",
    "ClaimValidationError",
    "Document",
    "Evidence",
    "Figure",
    "GateResult",
    "InputError",
    "MetricDefinition",
    "Period",
    "Registry",
    "SaveSession",
    "StatedFigure",
    "Status",
    "Store",
    "TieoutError",
    "UnitNotRecognised",
    "UnknownDocument",
    "UnknownMetric",
    "Verdict",
    "WorkflowConfig",
    "__version__",
    "check_claims",
    "claim_set_json_schema",
    "enforce",
    "extract",
    "gate",
    "parse_claims",
    "parse_period",
    "parse_unit",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tieout' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:
    from tieout.agents import enforce
    from tieout.checks import (
        CheckResult,
        ClaimFailed,
        ClaimReport,
        Evidence,
        Status,
        Verdict,
        check_claims,
    )
    from tieout.documents import Document, StatedFigure
    from tieout.errors import (
        ClaimValidationError,
        InputError,
        TieoutError,
        UnitNotRecognised,
        UnknownDocument,
        UnknownMetric,
    )
    from tieout.figures.figure import Figure
    from tieout.figures.reader import extract
    from tieout.gating import GateResult, SaveSession, WorkflowConfig, gate
    from tieout.periods import Period, parse_period
    from tieout.registry import Registry
    from tieout.schemas import Claim, MetricDefinition, claim_set_json_schema, parse_claims
    from tieout.store import Store
    from tieout.units import parse_unit
