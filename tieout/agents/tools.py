"""Tool definitions for function calling: ``submit_claims`` and ``save_document``.

Generated from the models, so the definitions an agent builder pastes are the schemas tieout
validates with: ``submit_claims`` takes the claim set (:func:`tieout.schemas.claim_set_json_schema`,
in its ``{"claims": [...]}`` shape, since function calling wants an object at the top) and
``save_document`` takes :class:`SaveDocumentArgs`.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator

from tieout.errors import InputError

__all__ = ["FORMATS", "TOOLS", "SaveDocumentArgs", "submit_claims_schema", "tool_definitions"]

#: The function-calling shapes :func:`tool_definitions` can produce.
FORMATS = ("openai", "anthropic")

Format = Literal["openai", "anthropic"]

_SUBMIT_CLAIMS = (
    "Submit the numeric claims of your answer for checking against the source documents. "
    "Every claim gives metric_key, value, unit, period_start, period_end, source_doc_id, "
    "source_quote (copied verbatim) and source_locator. If you cannot source a figure from "
    "the provided documents, set value to null and give missing_reason. The reply is a "
    "verdict per claim and, for a claim that failed, what to fix."
)
_SAVE_DOCUMENT = (
    "Save a written draft. Every figure in the text must be copied from the run's sources; "
    "a figure they do not contain is rejected with the reason, and the draft is not saved. "
    "Replace a rejected figure with the exact value from the sources, or, for a deliberate "
    "estimate, add [not in source] at the end of its line. Three rejections in a row end the run."
)
_UNKNOWN_FORMAT = "unknown tool format {fmt!r}; use one of {formats}"


class SaveDocumentArgs(BaseModel):
    """The arguments of ``save_document``: the draft, and the sources its figures must come from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # named as HTTP's POST /gate names it; "text", its earlier name, is still read
    draft: str = Field(
        validation_alias=AliasChoices("draft", "text"),
        description="The draft to save, as plain text or Markdown.",
    )
    sources: list[str] = Field(
        default_factory=list,
        description="The texts of the source documents the draft's figures are taken from.",
    )
    doc_ids: list[str] = Field(
        default_factory=list,
        description="Ids of ingested documents the draft's figures are taken from.",
    )
    workflow: str | None = Field(
        default=None, description="The workflow whose gate settings apply, if any."
    )
    run_id: str | None = Field(
        default=None,
        description="The agent run this save belongs to; rejections count per run.",
    )

    @field_validator("run_id", "workflow")
    @classmethod
    def _visible(cls, value: str | None) -> str | None:
        if value is not None and any(unicodedata.category(c) in ("Cc", "Cf") for c in value):
            raise ValueError("must hold no control or invisible characters")
        return value


def submit_claims_schema() -> dict[str, Any]:
    """The claim set's JSON Schema in the ``{"claims": [...]}`` shape, as one object schema."""
    from tieout.schemas import claim_set_json_schema

    full = claim_set_json_schema()
    return {
        "$schema": full["$schema"],
        "type": "object",
        "description": 'The claim set: {"claims": [...]}.',
        "properties": {
            "claims": {
                "type": "array",
                "items": {"$ref": "#/$defs/Claim"},
                "description": "The numeric claims, one object per figure.",
            }
        },
        "required": ["claims"],
        "additionalProperties": False,
        "$defs": full["$defs"],
    }


def _save_document_schema() -> dict[str, Any]:
    schema = SaveDocumentArgs.model_json_schema()
    schema["description"] = "The draft and the sources its figures must come from."
    return schema


#: Each tool: its name, description and a builder of its parameters' JSON Schema.
TOOLS: tuple[tuple[str, str, Any], ...] = (
    ("submit_claims", _SUBMIT_CLAIMS, submit_claims_schema),
    ("save_document", _SAVE_DOCUMENT, _save_document_schema),
)


def tool_definitions(fmt: Format | str = "openai") -> list[dict[str, Any]]:
    """The tool definitions in OpenAI's or Anthropic's function-calling shape.

    OpenAI: ``[{"type": "function", "function": {"name", "description", "parameters"}}]``;
    Anthropic: ``[{"name", "description", "input_schema"}]``.
    """
    if fmt == "openai":
        return [
            {
                "type": "function",
                "function": {"name": name, "description": text, "parameters": build()},
            }
            for name, text, build in TOOLS
        ]
    if fmt == "anthropic":
        return [
            {"name": name, "description": text, "input_schema": build()}
            for name, text, build in TOOLS
        ]
    raise InputError(_UNKNOWN_FORMAT.format(fmt=fmt, formats=", ".join(FORMATS)))
