"""The free-text gate: no figure is saved unless the run's sources state it.

``gate(draft, sources=…, anchors=…, config=…)`` checks one draft; ``SaveSession`` wraps it
as an agent's save tool with the three-strikes budget and the rejection log.

This package is itself callable, so ``tieout.gate(draft, sources=[…])`` works although
``tieout.gate`` names the package: calling it calls :func:`gate`.
"""

import sys
import types
from typing import Any

from tieout.gate.config import CLAIM_CLASSES, SOURCE_KINDS, WorkflowConfig, load_config
from tieout.gate.core import claim_class, gate, sanitize
from tieout.gate.messages import MARKER
from tieout.gate.result import CarveOut, GateClaim, GateResult
from tieout.gate.session import SaveSession, recent_rejections
from tieout.gate.sources import SourceIndex, clear_cache, load_anchors

__all__ = [
    "CLAIM_CLASSES",
    "MARKER",
    "SOURCE_KINDS",
    "CarveOut",
    "GateClaim",
    "GateResult",
    "SaveSession",
    "SourceIndex",
    "WorkflowConfig",
    "claim_class",
    "clear_cache",
    "gate",
    "load_anchors",
    "load_config",
    "recent_rejections",
    "sanitize",
]


class _CallableModule(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> GateResult:
        return gate(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
