"""Doors for agents: schema enforcement at the boundary, and tool definitions for function calling.

``tieout.enforce(response_text, reask=…)`` validates an agent's raw response, re-asks on
problems, sends what stays invalid to the review queue, and checks what is valid;
:func:`tool_definitions` gives ``submit_claims`` and ``save_document`` in OpenAI's or
Anthropic's function-calling shape.
"""

from __future__ import annotations

from tieout.agents.enforce import Attempt, EnforceResult, enforce, extract_json
from tieout.agents.tools import SaveDocumentArgs, tool_definitions

__all__ = [
    "Attempt",
    "EnforceResult",
    "SaveDocumentArgs",
    "enforce",
    "extract_json",
    "tool_definitions",
]
