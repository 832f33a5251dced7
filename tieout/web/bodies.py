"""The HTTP API's request bodies: a draft to gate and a document to ingest.

Text fields refuse a NUL character and a lone surrogate with the one line that says so
(PostgreSQL cannot store either); ``NUL_REFUSED`` is that line for a path segment too.
"""

from datetime import date

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["NUL_REFUSED", "DocumentIn", "GateRequest"]

NUL_REFUSED = "text must not contain NUL characters (\\u0000)"


def _no_nul(value: str | None) -> str | None:
    if value is not None and "\x00" in value:
        raise ValueError(NUL_REFUSED)
    if value is not None and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as err:  # "\ud800" escaped in the JSON: no character at all
            raise ValueError(
                f"must not contain a lone surrogate (\\u{ord(value[err.start]):04x} at "
                f"character {err.start}); send the text as UTF-8"
            ) from None
    return value


class GateRequest(BaseModel):
    """A draft and the sources it may cite."""

    model_config = ConfigDict(extra="forbid")

    draft: str = Field(description="The text the agent wants to save.")
    sources: list[str] = Field(default_factory=list, description="Source texts the draft may cite.")
    doc_ids: list[str] = Field(
        default_factory=list,
        description="Ingested documents as sources (an id given twice is read once).",
    )
    workflow: str | None = Field(default=None, description="A workflow configured on the server.")
    source_numbers: str = Field(
        default="auto",
        description="How the source texts write figures: point (1,234.56), comma (1.234,56) "
        "or auto (read off each one). The draft is always read as point.",
    )

    _check_draft = field_validator("draft", "workflow", "source_numbers")(_no_nul)

    @field_validator("sources", "doc_ids")
    @classmethod
    def _no_nul_items(cls, values: list[str]) -> list[str]:
        for v in values:
            _no_nul(v)
        return values


class DocumentIn(BaseModel):
    """A source document to ingest under ``id`` (same content again is a no-op)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=200, description="The document id claims cite.")
    text: str = Field(
        description="The document's text (plain, Markdown or CSV), or an HTML page "
        "(media_type html: stored as the text read from it); not empty.",
    )
    period_start: date | None = None
    period_end: date | None = None
    published: date | None = None
    scale: str | None = Field(default=None, description="Default scale, e.g. USD_thousands.")
    media_type: str = Field(default="text", description="text, markdown, csv or html.")
    numbers: str = Field(
        default="auto",
        description="How the text writes figures: point (1,234.56), comma (1.234,56, as "
        "European filers do) or auto (read off the text).",
    )

    _check_text = field_validator("id", "text", "scale", "media_type", "numbers")(_no_nul)
