"""tieout: tie every figure an LLM agent writes back to its source, deterministically."""

from __future__ import annotations

__version__ = "0.1.0"
