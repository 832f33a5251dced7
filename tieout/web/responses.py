"""How the HTTP API answers: JSON without floats, and every error as one line.

tieout's errors come back as ``{"error": "one line"}`` with 400 (unusable input), 404
(unknown id), 409 (registry conflict) or 503 (the database failed); a claim set that breaks
the schema and a body FastAPI cannot validate also list each path and problem. The three
exception handlers here are what ``create_app`` installs for them.
"""

import json
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException

from tieout.errors import (
    ClaimValidationError,
    NotFound,
    RegistryConflict,
    StorageError,
)

__all__ = [
    "ErrorBody",
    "error_response",
    "http_error",
    "json_response",
    "responses",
    "tieout_error",
    "validation_error",
]


class ErrorBody(BaseModel):
    """Every error: one line saying what is wrong and how to fix it."""

    error: str
    problems: list[dict[str, str]] | None = Field(
        default=None, description="For a claim set that breaks the schema: each path and problem."
    )


def json_response(data: Any, status: int = 200) -> Response:
    """JSON without floats: Decimals (and dates) are written as strings."""
    body = json.dumps(data, default=str, ensure_ascii=False)
    return Response(body, status_code=status, media_type="application/json")


def error_response(status: int, message: str, **extra: Any) -> Response:
    lines = message.splitlines()
    return json_response({"error": lines[0] if lines else message, **extra}, status)


_ERROR_CODES = {
    400: "Unusable input",
    401: "No valid API key",
    403: "The key's role may not do this",
    404: "Not found",
    409: "Conflicts with the registry",
    413: "Body too large",
}


def responses(ok: dict[int, str], *more: int) -> dict[int | str, dict[str, Any]]:
    """The documented responses: ``ok`` codes, then 400/401/403/413 and ``more`` as ErrorBody."""
    out: dict[int | str, dict[str, Any]] = {code: {"description": d} for code, d in ok.items()}
    for code in sorted({400, 401, 403, 413, *more}):
        out[code] = {"model": ErrorBody, "description": _ERROR_CODES[code]}
    return out


async def tieout_error(_: Request, exc: Exception) -> Response:
    if isinstance(exc, ClaimValidationError):
        problems = [{"path": p, "message": m} for p, m in exc.problems]
        return error_response(400, str(exc), problems=problems)
    status = 400
    if isinstance(exc, NotFound):
        status = 404
    elif isinstance(exc, RegistryConflict):
        status = 409
    elif isinstance(exc, StorageError):
        status = 503
    return error_response(status, str(exc) or exc.__class__.__name__)


async def http_error(_: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    detail = str(exc.detail)
    if exc.status_code == 400 and detail == "There was an error parsing the body":
        detail = "body: not readable JSON (is it UTF-8?); send a JSON object in UTF-8"
    response = error_response(exc.status_code, detail)
    response.headers.update(exc.headers or {})
    return response


async def validation_error(_: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    problems = []
    for err in exc.errors():
        if err.get("type") == "json_invalid":  # the path would be a bare character offset
            loc = [p for p in err.get("loc", ()) if p != "body"]
            at = f" at character {loc[0]}" if loc else ""
            why = (err.get("ctx") or {}).get("error", "")
            detail = f" ({why})" if why else ""
            problems.append(
                {"path": "body", "message": f"not valid JSON{at}{detail}; send a JSON object"}
            )
            continue
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        message = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        problems.append({"path": where, "message": message})
    first = problems[0] if problems else {"path": "body", "message": "invalid"}
    more = len(problems) - 1
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
    return error_response(400, f"{first['path']}: {first['message']}{tail}", problems=problems)
