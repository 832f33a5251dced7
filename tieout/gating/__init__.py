"""The free-text gate: no figure is saved unless the run's sources state it.

``gate(draft, sources=…, anchors=…, config=…)`` checks one draft; ``SaveSession`` wraps it
as an agent's save tool with the three-strikes budget and the rejection log.

``tieout.gate`` is :func:`gate` itself (re-exported by ``tieout``); the package is named
``gating`` so that the name ``tieout.gate`` is a plain, typed function.
"""

from tieout.gating.config import CLAIM_CLASSES, SOURCE_KINDS, WorkflowConfig, load_config
from tieout.gating.gate import claim_class, gate, sanitize
from tieout.gating.index import SourceIndex, load_anchors
from tieout.gating.messages import MARKER
from tieout.gating.result import CarveOut, GateClaim, GateResult
from tieout.gating.session import SaveSession, recent_rejections
from tieout.gating.sources import clear_cache

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
