"""The HTTP API: a thin FastAPI skin over the same jobs the CLI runs.

``create_app(db)`` builds the app; ``tieout serve`` runs it with uvicorn. Every route needs
an API key (``Authorization: Bearer <key>``, see :mod:`tieout.web.auth`); tieout's errors
come back as ``{"error": "one line"}`` with 400 (unusable input), 404 (unknown id), 409
(registry conflict) or 503 (the database failed); bodies over ``max_body`` bytes get 413.

``tieout serve --openapi`` prints the OpenAPI document committed at
``tieout/web/openapi.json``.
"""

import hashlib
import json
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from tieout import __version__
from tieout.errors import (
    ClaimValidationError,
    InputError,
    NotFound,
    RegistryConflict,
    StorageError,
    TieoutError,
    UnknownDocument,
    UnknownMetric,
)
from tieout.registry import DocumentRecord, Store
from tieout.registry.records import ApiKeyRecord
from tieout.web.auth import ACTIONS, allowed, verify_key

__all__ = ["DEFAULT_MAX_BODY", "create_app", "openapi_document"]

#: The default limit on a request body: 5 MB.
DEFAULT_MAX_BODY = 5 * 1024 * 1024

_NO_KEY = "no API key; send the header `Authorization: Bearer <key>` (create one with `tieout keys create`)"
_BAD_KEY = "the API key is not valid or has been revoked"
_WRONG_ROLE = "a key with role {role!r} may not {what}; this needs role {roles}"
_TOO_LARGE = "the request body is over the limit of {limit} bytes"
_NUL = "text must not contain NUL characters (\\u0000)"
_WHAT = {
    "submit": "submit claims",
    "gate": "gate drafts",
    "read": "read stored runs",
    "lookup": "look up metrics or list documents",
    "documents": "add documents",
}

ASGIApp = Callable[
    [MutableMapping[str, Any], Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]],
    Awaitable[None],
]


# --------------------------------------------------------------------------- bodies


class ErrorBody(BaseModel):
    """Every error: one line saying what is wrong and how to fix it."""

    error: str
    problems: list[dict[str, str]] | None = Field(
        default=None, description="For a claim set that breaks the schema: each path and problem."
    )


def _no_nul(value: str | None) -> str | None:
    if value is not None and "\x00" in value:
        raise ValueError(_NUL)
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
    doc_ids: list[str] = Field(default_factory=list, description="Ingested documents as sources.")
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
        "(media_type html: stored as the text read from it)."
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


# --------------------------------------------------------------------------- the app


class _Deps:
    """The app's store, opened on first use (so the OpenAPI document needs no database)."""

    def __init__(self, db: str | None, config: str | None) -> None:
        self.db = db
        self.config = config
        self._store: Store | None = None
        self._lock = threading.Lock()

    @property
    def store(self) -> Store:
        with self._lock:
            if self._store is None:
                self._store = Store.open(self.db)
            return self._store

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None


def _json(data: Any, status: int = 200) -> Response:
    """JSON without floats: Decimals (and dates) are written as strings."""
    body = json.dumps(data, default=str, ensure_ascii=False)
    return Response(body, status_code=status, media_type="application/json")


def _error(status: int, message: str, **extra: Any) -> Response:
    lines = message.splitlines()
    return _json({"error": lines[0] if lines else message, **extra}, status)


class _BodyLimit:
    """413 for a body over ``limit`` bytes: by its Content-Length, and by what actually arrives."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                if not value.isdigit():
                    await _send(send, _error(400, "Content-Length is not a number of bytes"))
                    return
                if int(value) > self.limit:
                    await _send(send, _error(413, _TOO_LARGE.format(limit=self.limit)))
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _send(send, _error(413, _TOO_LARGE.format(limit=self.limit)))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _send(send: Callable[[Any], Awaitable[None]], response: Response) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": response.status_code,
            "headers": response.raw_headers,
        }
    )
    await send({"type": "http.response.body", "body": response.body})


_ERROR_CODES = {
    400: "Unusable input",
    401: "No valid API key",
    403: "The key's role may not do this",
    404: "Not found",
    409: "Conflicts with the registry",
    413: "Body too large",
}


def _responses(ok: dict[int, str], *more: int) -> dict[int | str, dict[str, Any]]:
    """The documented responses: ``ok`` codes, then 400/401/403/413 and ``more`` as ErrorBody."""
    out: dict[int | str, dict[str, Any]] = {code: {"description": d} for code, d in ok.items()}
    for code in sorted({400, 401, 403, 413, *more}):
        out[code] = {"model": ErrorBody, "description": _ERROR_CODES[code]}
    return out


def create_app(
    db: str | None = None,
    *,
    max_body: int = DEFAULT_MAX_BODY,
    config: str | None = None,
    workflow: str | None = None,
    doc_ids: Sequence[str] = (),
) -> FastAPI:
    """The HTTP API over the database at ``db`` (see :func:`tieout.registry.database_url`).

    ``config`` is the workflow settings file ``POST /gate`` uses (default: ``./tieout.toml``).
    ``workflow`` and ``doc_ids`` pin what ``POST /gate`` checks every draft with (``tieout
    serve --workflow --doc``): a caller may then choose no other workflow and send no
    sources of its own. Unpinned, a caller may not choose a workflow switched off.
    """
    from tieout.agents.pins import GatePins

    deps = _Deps(db, config)
    pins = GatePins(workflow, tuple(doc_ids))
    pins.check_config(config)  # an unknown pinned workflow is refused at start-up

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        deps.close()

    app = FastAPI(
        title="tieout",
        version=__version__,
        description="Tie every figure an LLM agent writes back to its source, deterministically.",
        lifespan=lifespan,
    )
    app.add_middleware(_BodyLimit, limit=max_body)
    _handlers(app)
    bearer = HTTPBearer(auto_error=False, description="An API key from `tieout keys create`.")

    def need(action: str) -> Callable[..., ApiKeyRecord]:
        def check(
            credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
        ) -> ApiKeyRecord:
            if credentials is None:
                raise HTTPException(401, _NO_KEY, headers={"WWW-Authenticate": "Bearer"})
            key = verify_key(deps.store, credentials.credentials)
            if key is None:
                raise HTTPException(401, _BAD_KEY, headers={"WWW-Authenticate": "Bearer"})
            if not allowed(key.role, action):
                roles = " or ".join(sorted(ACTIONS[action]))
                raise HTTPException(
                    403, _WRONG_ROLE.format(role=key.role, what=_WHAT[action], roles=roles)
                )
            return key

        return check

    @app.post(
        "/claims/check",
        summary="Check a claim set; store and return the run's per-claim verdicts",
        response_class=Response,
        responses=_responses({200: "The run: run_id, counts, and each claim's verdict"}),
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/ClaimSet"}}
                },
            }
        },
    )
    async def check_claims(
        request: Request,
        key: Annotated[ApiKeyRecord, Depends(need("submit"))],
        all_checks: bool = False,
    ) -> Response:
        body = await request.body()
        return await run_in_threadpool(_check, deps.store, body, key, all_checks)

    @app.post(
        "/gate",
        summary="Gate a draft: every figure must be in the sources",
        response_class=Response,
        responses=_responses({200: "The gate's result (passed, message for the model)"}, 404),
    )
    def gate_draft(
        body: GateRequest, key: Annotated[ApiKeyRecord, Depends(need("gate"))]
    ) -> Response:
        from tieout.documents.document import numbers_of
        from tieout.documents.ingest import document_from_record
        from tieout.gating import gate
        from tieout.gating.index import document_index
        from tieout.gating.sources import text_index

        numbers_of(body.source_numbers, "", "source_numbers")  # refused before any reading
        workflow, doc_ids = pins.resolve(deps.config, body.workflow, body.sources, body.doc_ids)
        indexes: list[Any] = [
            text_index(text, f"source {n}", numbers=body.source_numbers)
            for n, text in enumerate(body.sources, start=1)
        ]
        if doc_ids:
            found = deps.store.get_documents(list(doc_ids))
            for doc_id in doc_ids:
                if doc_id not in found:
                    raise UnknownDocument(doc_id)
                indexes.append(document_index(document_from_record(found[doc_id])))
        result = gate(
            body.draft,
            indexes,
            None,
            deps.config,
            workflow=workflow,
            source_numbers=body.source_numbers,
        )
        return _json(result.to_dict())

    @app.get(
        "/metrics/{key}",
        summary="A metric's registered definition in force on a date (default today)",
        response_class=Response,
        responses=_responses({200: "The metric version"}, 404),
    )
    def get_metric(
        key: str,
        caller: Annotated[ApiKeyRecord, Depends(need("lookup"))],
        as_of: date | None = None,
    ) -> Response:
        _path_text(key)
        on = as_of or datetime.now(UTC).date()
        found = deps.store.metric_as_of(key, on)
        if found is None:
            raise UnknownMetric(key, on)
        return _json(found.model_dump(mode="json"))

    @app.get(
        "/documents",
        summary="The ingested documents (latest snapshot of each, without text)",
        response_class=Response,
        responses=_responses({200: "A list of documents"}),
    )
    def list_documents(caller: Annotated[ApiKeyRecord, Depends(need("lookup"))]) -> Response:
        return _json([_doc(rec) for rec in deps.store.list_documents()])

    @app.post(
        "/documents",
        summary="Ingest a document (a new snapshot if its text changed)",
        response_class=Response,
        status_code=201,
        responses=_responses(
            {201: "Stored as a new snapshot", 200: "This exact content was already stored"}, 409
        ),
    )
    def add_document(
        body: DocumentIn, caller: Annotated[ApiKeyRecord, Depends(need("documents"))]
    ) -> Response:
        rec, created = _ingest(deps.store, body)
        return _json(_doc(rec) | {"created": created}, 201 if created else 200)

    @app.get(
        "/runs/{run_id}",
        summary="A stored check run and every claim's result",
        response_class=Response,
        responses=_responses({200: "The run's report"}, 404),
    )
    def get_run(run_id: str, caller: Annotated[ApiKeyRecord, Depends(need("read"))]) -> Response:
        _path_text(run_id)
        run, results = deps.store.get_run(run_id)
        return _json(
            {
                "run_id": run.run_id,
                "source": run.source,
                "created_at": run.created_at.isoformat(),
                "counts": run.counts,
                "claims": [r.to_dict() for r in results],
            }
        )

    from tieout.web.pages import add_pages  # the reviewer's HTML pages (not in the OpenAPI)

    add_pages(app, lambda: deps.store)
    _add_claim_schema(app)
    return app


def _path_text(value: str) -> None:
    """Refuse a NUL in a path segment (PostgreSQL cannot even compare one)."""
    if "\x00" in value:
        raise InputError(_NUL.replace("text", "a path", 1))


def _check(store: Store, body: bytes, key: ApiKeyRecord, all_checks: bool) -> Response:
    from tieout.checks.runs import check_and_store, run_to_dict
    from tieout.schemas import parse_claims

    if not body.strip():
        raise InputError('the body is empty; send a claim set: {"claims": [...]}')
    claims = parse_claims(body, source="body")
    run = check_and_store(store, claims, f"http (key {key.key_id})", all_checks=all_checks)
    return _json(run_to_dict(run))


def _ingest(store: Store, body: DocumentIn) -> tuple[DocumentRecord, bool]:
    from tieout.documents import Document
    from tieout.documents.document import numbers_of

    numbers_of(body.numbers, "", "numbers")  # a bad value is refused before any reading
    text, media = body.text, body.media_type
    if media == "html":  # an HTML page is stored as the text tieout reads from it
        from tieout.documents.html import read_html

        text, media = read_html(text.encode("utf-8", "surrogatepass"), body.id), "markdown"
    doc = Document.from_text(
        body.id,
        text,
        period_start=body.period_start,
        period_end=body.period_end,
        published=body.published,
        scale=body.scale,
        media_type=media,
        numbers=body.numbers,
    )
    doc.read()  # a bad scale or unreadable structure fails before anything is stored
    rec = DocumentRecord(
        doc_id=doc.doc_id,
        sha256=hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(),
        text=text,
        source_name=f"{body.id} (HTTP)",
        media_type=media,
        period_start=doc.period.start if doc.period else None,
        period_end=doc.period.end if doc.period else None,
        published=body.published,
        scale=body.scale,
        ingested_at=datetime.now(UTC),
        numbers=doc.numbers,
    )
    return store.add_document(rec)


def _doc(rec: DocumentRecord) -> dict[str, Any]:
    return {
        "id": rec.doc_id,
        "sha256": rec.sha256,
        "source_name": rec.source_name,
        "media_type": rec.media_type,
        "period_start": rec.period_start,
        "period_end": rec.period_end,
        "published": rec.published,
        "scale": rec.scale,
        "numbers": rec.numbers,
        "ingested_at": rec.ingested_at,
        "snapshots": rec.snapshots,
    }


def _handlers(app: FastAPI) -> None:
    async def tieout_error(_: Request, exc: Exception) -> Response:
        if isinstance(exc, ClaimValidationError):
            problems = [{"path": p, "message": m} for p, m in exc.problems]
            return _error(400, str(exc), problems=problems)
        status = 400
        if isinstance(exc, NotFound):
            status = 404
        elif isinstance(exc, RegistryConflict):
            status = 409
        elif isinstance(exc, StorageError):
            status = 503
        return _error(status, str(exc) or exc.__class__.__name__)

    async def http_error(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        detail = str(exc.detail)
        if exc.status_code == 400 and detail == "There was an error parsing the body":
            detail = "body: not readable JSON (is it UTF-8?); send a JSON object in UTF-8"
        response = _error(exc.status_code, detail)
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
        return _error(400, f"{first['path']}: {first['message']}{tail}", problems=problems)

    app.add_exception_handler(TieoutError, tieout_error)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)


def _add_claim_schema(app: FastAPI) -> None:
    """Put the published claim-set JSON Schema into the OpenAPI components, refs rewritten."""
    from tieout.schemas import claim_set_json_schema

    def build() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        from fastapi.openapi.utils import get_openapi

        doc = get_openapi(
            title=app.title,
            version=app.version,
            description=app.description,
            routes=app.routes,
        )
        schema = claim_set_json_schema()
        defs = schema.pop("$defs", {})
        schema.pop("$schema", None)
        text = json.dumps({"ClaimSet": schema, **defs}).replace(
            '"#/$defs/', '"#/components/schemas/'
        )
        doc.setdefault("components", {}).setdefault("schemas", {}).update(json.loads(text))
        app.openapi_schema = doc
        return doc

    app.openapi = build  # type: ignore[method-assign]


def openapi_document() -> dict[str, Any]:
    """The OpenAPI document the app serves at ``/openapi.json`` (no database needed)."""
    return create_app().openapi()
