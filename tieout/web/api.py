"""The HTTP API's routes: check claims, gate a draft, look up a metric, list or add documents,
read a run. Each is given the caller's key (``need(action)``), the store and the settings
through ``Depends`` (see :mod:`tieout.web.deps`) and answers with :mod:`tieout.web.responses`.
"""

import hashlib
from datetime import UTC, date, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from tieout.errors import InputError, UnknownDocument, UnknownMetric
from tieout.store import DocumentRecord, Store
from tieout.store.records import ApiKeyRecord
from tieout.web.bodies import NUL_REFUSED, DocumentIn, GateRequest
from tieout.web.deps import SettingsDep, StoreDep, need
from tieout.web.responses import json_response, responses

__all__ = ["router"]

router = APIRouter()


@router.post(
    "/claims/check",
    summary="Check a claim set; store and return the run's per-claim verdicts",
    response_class=Response,
    responses=responses({200: "The run: run_id, counts, and each claim's verdict"}),
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ClaimSet"}}},
        }
    },
)
async def check_claims(
    request: Request,
    key: Annotated[ApiKeyRecord, Depends(need("submit"))],
    store: StoreDep,
    all_checks: bool = False,
) -> Response:
    body = await request.body()
    return await run_in_threadpool(_check, store, body, key, all_checks)


@router.post(
    "/gate",
    summary="Gate a draft: every figure must be in the sources",
    response_class=Response,
    responses=responses({200: "The gate's result (passed, message for the model)"}, 404),
)
def gate_draft(
    body: GateRequest,
    key: Annotated[ApiKeyRecord, Depends(need("gate"))],
    store: StoreDep,
    settings: SettingsDep,
) -> Response:
    from tieout.documents.document import numbers_of
    from tieout.documents.ingest import document_from_record
    from tieout.gating import gate
    from tieout.gating.index import document_index
    from tieout.gating.sources import text_index

    numbers_of(body.source_numbers, "", "source_numbers")  # refused before any reading
    workflow, doc_ids = settings.pins.resolve(
        settings.config, body.workflow, body.sources, body.doc_ids
    )
    indexes: list[Any] = [
        text_index(text, f"source {n}", numbers=body.source_numbers)
        for n, text in enumerate(body.sources, start=1)
    ]
    if doc_ids:
        found = store.get_documents(list(doc_ids))
        for doc_id in doc_ids:
            if doc_id not in found:
                raise UnknownDocument(doc_id)
            indexes.append(document_index(document_from_record(found[doc_id])))
    result = gate(
        body.draft,
        indexes,
        None,
        settings.config,
        workflow=workflow,
        source_numbers=body.source_numbers,
    )
    return json_response(result.to_dict())


@router.get(
    "/metrics/{key}",
    summary="A metric's registered definition in force on a date (default today)",
    response_class=Response,
    responses=responses({200: "The metric version"}, 404),
)
def get_metric(
    key: str,
    caller: Annotated[ApiKeyRecord, Depends(need("lookup"))],
    store: StoreDep,
    as_of: date | None = None,
) -> Response:
    _path_text(key)
    on = as_of or datetime.now(UTC).date()
    found = store.metric_as_of(key, on)
    if found is None:
        raise UnknownMetric(key, on)
    return json_response(found.model_dump(mode="json"))


@router.get(
    "/documents",
    summary="The ingested documents (latest snapshot of each, without text)",
    response_class=Response,
    responses=responses({200: "A list of documents"}),
)
def list_documents(
    caller: Annotated[ApiKeyRecord, Depends(need("lookup"))], store: StoreDep
) -> Response:
    return json_response([_doc(rec) for rec in store.list_documents()])


@router.post(
    "/documents",
    summary="Ingest a document (a new snapshot if its text changed)",
    response_class=Response,
    status_code=201,
    responses=responses(
        {201: "Stored as a new snapshot", 200: "This exact content was already stored"}, 409
    ),
)
def add_document(
    body: DocumentIn,
    caller: Annotated[ApiKeyRecord, Depends(need("documents"))],
    store: StoreDep,
) -> Response:
    rec, created = _ingest(store, body)
    return json_response(_doc(rec) | {"created": created}, 201 if created else 200)


@router.get(
    "/runs/{run_id}",
    summary="A stored check run and every claim's result",
    response_class=Response,
    responses=responses({200: "The run's report"}, 404),
)
def get_run(
    run_id: str, caller: Annotated[ApiKeyRecord, Depends(need("read"))], store: StoreDep
) -> Response:
    _path_text(run_id)
    run, results = store.get_run(run_id)
    return json_response(
        {
            "run_id": run.run_id,
            "source": run.source,
            "created_at": run.created_at.isoformat(),
            "counts": run.counts,
            "claims": [r.to_dict() for r in results],
        }
    )


def _path_text(value: str) -> None:
    """Refuse a NUL in a path segment (PostgreSQL cannot even compare one)."""
    if "\x00" in value:
        raise InputError(NUL_REFUSED.replace("text", "a path", 1))


def _check(store: Store, body: bytes, key: ApiKeyRecord, all_checks: bool) -> Response:
    from tieout.checks.runs import check_and_store, run_to_dict
    from tieout.schemas import parse_claims

    if not body.strip():
        raise InputError('the body is empty; send a claim set: {"claims": [...]}')
    claims = parse_claims(body, source="body")
    source = f"http ({key.name}, key {key.key_id})"  # the name a person gave the key first
    run = check_and_store(store, claims, source, all_checks=all_checks)
    return json_response(run_to_dict(run))


def _ingest(store: Store, body: DocumentIn) -> tuple[DocumentRecord, bool]:
    from tieout.documents import Document
    from tieout.documents.document import numbers_of
    from tieout.schemas.limits import document_problem

    numbers_of(body.numbers, "", "numbers")  # a bad value is refused before any reading
    text, media = body.text, body.media_type
    if media == "html":  # an HTML page is stored as the text tieout reads from it
        from tieout.documents.html import read_html

        text, media = read_html(text.encode("utf-8", "surrogatepass"), body.id), "markdown"
    problem = document_problem(text)
    if problem is not None:  # as `tieout docs add` refuses an empty or oversized file
        raise InputError(f"document {body.id!r}: {problem}")
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
