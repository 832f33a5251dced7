"""The reviewer's web pages, served beside the JSON API by ``tieout serve``.

Server-rendered (Jinja2, autoescaped), one CSS file and a few lines of JavaScript that only
scroll the source document to the marked figure. Routes (none in the OpenAPI document):

=================================  ==============================================================
``GET/POST /login``                paste an API key (role reviewer or admin); kept in a cookie
``GET/POST /logout``               forget the cookie
``GET /review/``                   the stored runs, newest first, with counts per verdict
``GET /review/runs/ID?verdict=V``  a run's claims, filtered by the verdict in force
``GET /review/claims/ID``          one claim: checks, source document with the figure marked,
                                   overrides; ``POST …/override`` records a reviewer's verdict
``GET /review/rates``              the verdict-rate chart and table
``GET /review/calibration[/WEEK]`` calibration weeks; a week's sheet, ``POST`` records it
=================================  ==============================================================

This module's router holds the pages under ``/review`` (and ``/`` and ``/static``); sign-in,
the key cookie and the forms' CSRF token are :mod:`tieout.web.login`'s, and how a page is
rendered or refused is :mod:`tieout.web.page`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

from tieout.errors import InputError, NotFound, TieoutError
from tieout.web.deps import StoreDep
from tieout.web.login import Reviewer, form, form_field
from tieout.web.page import VERDICTS, fail, render, storage

if TYPE_CHECKING:
    from tieout.store import ClaimResultRecord, Store
    from tieout.store.records import ApiKeyRecord

__all__ = ["router"]

_BAD_VERDICT = "{verdict!r} is not a verdict; filter by one of: " + ", ".join(VERDICTS)
_BAD_CLAIM_ID = "a claim id is a whole number (see the run's claims), got {got!r}"
_NO_ANSWERS = (
    "nothing to record: answer at least one claim yes or no (answers already recorded "
    "are not added again unless changed)"
)
_NO_REVIEWER = "the sheet needs the reviewer's name"

_HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class _Mark:
    """A piece of the source document: plain text, or marked as the quote or the figure."""

    text: str
    kind: str = ""  # "", "quote" or "figure"
    id: str = ""


router = APIRouter()

# ------------------------------------------------------------------ home and static files


@router.get("/", include_in_schema=False)
def home() -> Response:
    return RedirectResponse("/review/", 303)


@router.get("/static/{name}", include_in_schema=False)
def static(name: str) -> Response:
    if name not in {"review.css", "review.js"}:
        return Response("not found", 404, media_type="text/plain")
    media = "text/css" if name.endswith(".css") else "text/javascript"
    response = FileResponse(_HERE / "static" / name, media_type=media)
    response.headers["Cache-Control"] = "max-age=3600"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


# ------------------------------------------------------------------ runs and claims


@router.get("/review", include_in_schema=False)
def review_root() -> Response:
    return RedirectResponse("/review/", 303)


@router.get("/review/", include_in_schema=False)
def runs_page(request: Request, key: Reviewer, store: StoreDep) -> Response:
    runs = storage(request, key, lambda: store.list_runs())
    # each run's claims by the verdict in force (a reviewer's override counts as its verdict),
    # as the run's own page counts them and its links filter them
    counts: dict[str, dict[str, int]] = {}
    for r in storage(request, key, lambda: store.list_claim_results()):
        by = counts.setdefault(r.run_id, dict.fromkeys(VERDICTS, 0))
        by[r.effective_verdict] = by.get(r.effective_verdict, 0) + 1
    return render(request, "runs.html", key=key, runs=runs, counts=counts)


@router.get("/review/runs/{run_id}", include_in_schema=False)
def run_page(
    request: Request, key: Reviewer, store: StoreDep, run_id: str, verdict: str = ""
) -> Response:
    if verdict and verdict not in VERDICTS:
        fail(request, 400, "Unknown verdict", _BAD_VERDICT.format(verdict=verdict), key)
    run, results = storage(request, key, lambda: store.get_run(run_id))
    counts = {v: sum(r.effective_verdict == v for r in results) for v in VERDICTS}
    shown = [r for r in results if not verdict or r.effective_verdict == verdict]
    overridden = sum(r.override is not None for r in results)
    return render(
        request,
        "run.html",
        key=key,
        run=run,
        claims=shown,
        total=len(results),
        counts=counts,
        verdict=verdict,
        overridden=overridden,
    )


def _claim_page(
    request: Request,
    key: ApiKeyRecord,
    store: Store,
    claim_id: int,
    status: int = 200,
    *,
    error: str = "",
    typed: dict[str, str] | None = None,
    saved: bool = False,
) -> HTMLResponse:
    from tieout.review.report import claim_section

    section = storage(request, key, lambda: claim_section(store, claim_id))
    r: ClaimResultRecord = section.result
    _, siblings = storage(request, key, lambda: store.get_run(r.run_id))
    ids = [s.id for s in siblings]
    at = ids.index(r.id) if r.id in ids else -1
    prev_id = ids[at - 1] if at > 0 else None
    next_id = ids[at + 1] if 0 <= at < len(ids) - 1 else None
    document, marks, doc_note = _document(store, section)
    if typed is None:
        typed = {"verdict": "", "reason": "", "reviewer": ""}
    return render(
        request,
        "claim.html",
        status,
        key=key,
        r=r,
        section=section,
        document=document,
        marks=marks,
        doc_note=doc_note,
        prev_id=prev_id,
        next_id=next_id,
        position=at + 1,
        total=len(ids),
        error=error,
        typed=typed,
        saved=saved,
    )


@router.get("/review/claims/{claim_id}", include_in_schema=False)
def claim_get(
    request: Request, key: Reviewer, store: StoreDep, claim_id: str, saved: str = ""
) -> Response:
    return _claim_page(request, key, store, _claim_id(request, claim_id, key), saved=saved == "1")


@router.post("/review/claims/{claim_id}/override", include_in_schema=False)
async def claim_override(
    request: Request, key: Reviewer, store: StoreDep, claim_id: str
) -> Response:
    cid = _claim_id(request, claim_id, key)
    fields = await form(request, key)
    typed = {name: form_field(fields, name) for name in ("verdict", "reason", "reviewer")}

    def save() -> Response:
        try:
            storage(
                request,
                key,
                lambda: store.override_claim(
                    cid,
                    typed["verdict"],
                    reason=typed["reason"],
                    reviewer=typed["reviewer"],
                    signed_in_as=f"API key {key.name} ({key.key_id})",  # whoever signed in
                ),
            )
        except InputError as err:
            return _claim_page(request, key, store, cid, 400, error=str(err), typed=typed)
        return RedirectResponse(f"/review/claims/{cid}?saved=1#history", 303)

    return await run_in_threadpool(save)


# ------------------------------------------------------------------ rates and calibration


@router.get("/review/rates", include_in_schema=False)
def rates_page(
    request: Request,
    key: Reviewer,
    store: StoreDep,
    metric: str = "",
    since: str = "",
    by: str = "week",
) -> Response:
    from tieout.review.rates import chart_svg, verdict_rates

    if by not in ("week", "month"):
        fail(request, 400, "Unusable filter", f"by {by!r}: use week or month", key)
    start: date | None = None
    if since:
        try:
            start = date.fromisoformat(since)
        except ValueError:
            message = f"since {since!r} is not a date; write it as YYYY-MM-DD"
            fail(request, 400, "Unusable filter", message, key)
    try:
        table = storage(
            request,
            key,
            lambda: verdict_rates(store, metric_key=metric or None, since=start, by=by),
        )
    except InputError as err:
        fail(request, 400, "Unusable filter", str(err), key)
    svg = _inline_svg(chart_svg(table))
    return render(
        request,
        "rates.html",
        key=key,
        inline_style=True,
        table=table,
        svg=svg,
        metric=metric,
        since=since,
        by=by,
    )


@router.get("/review/calibration", include_in_schema=False)
def calibration_page(request: Request, key: Reviewer, store: StoreDep) -> Response:
    from tieout.review.calibration import calibration_weeks

    weeks = storage(request, key, lambda: calibration_weeks(store))
    return render(request, "calibration.html", key=key, weeks=weeks)


def _section_of(request: Request, key: ApiKeyRecord, store: Store, claim_id: int | None) -> Any:
    from tieout.review.report import claim_section

    if claim_id is None:
        return None
    return storage(request, key, lambda: claim_section(store, claim_id))


def _sheet_page(
    request: Request,
    key: ApiKeyRecord,
    store: Store,
    week: str,
    status: int = 200,
    *,
    error: str = "",
    typed: dict[str, str] | None = None,
    saved: int = 0,
) -> HTMLResponse:
    items = storage(request, key, lambda: store.calibration_items(week))
    if not items:
        message = f"week {week} has no calibration sample (draw one with `tieout review sample --week {week}`)"
        fail(request, 404, "Not found", message, key)
    rows = [(item, _section_of(request, key, store, item.claim.id)) for item in items]
    return render(
        request,
        "calibration_week.html",
        status,
        key=key,
        week=week,
        rows=rows,
        error=error,
        typed=typed or {},
        saved=saved,
    )


@router.get("/review/calibration/{week}", include_in_schema=False)
def calibration_week(
    request: Request, key: Reviewer, store: StoreDep, week: str, saved: str = ""
) -> Response:
    count = int(saved) if saved.isascii() and saved.isdigit() and len(saved) < 6 else 0
    return _sheet_page(request, key, store, week, saved=count)


@router.post("/review/calibration/{week}", include_in_schema=False)
async def calibration_record(
    request: Request, key: Reviewer, store: StoreDep, week: str
) -> Response:
    fields = await form(request, key)
    typed = {name: values[0] for name, values in fields.items() if name != "csrf"}

    def save() -> Response:
        items = storage(request, key, lambda: store.calibration_items(week))
        name = " ".join(typed.get("reviewer", "").split())
        checks: list[tuple[int, int | None, bool, str, str]] = []
        for item in items:
            answer = typed.get(f"confirmed-{item.sample_id}", "")
            note = typed.get(f"note-{item.sample_id}", "").strip()
            if answer not in ("yes", "no"):
                continue
            if item.confirmed == (answer == "yes") and item.note == note:
                continue  # already recorded as it stands: not appended again
            checks.append((item.sample_id, item.claim.id, answer == "yes", name, note))
        problem = _NO_REVIEWER if not name else _NO_ANSWERS if not checks else ""
        if problem:
            return _sheet_page(request, key, store, week, 400, error=problem, typed=typed)
        try:
            storage(request, key, lambda: store.record_calibration(checks))
        except InputError as err:
            return _sheet_page(request, key, store, week, 400, error=str(err), typed=typed)
        return RedirectResponse(
            f"/review/calibration/{quote(week, safe='')}?saved={len(checks)}", 303
        )

    return await run_in_threadpool(save)


# last: any other page under /review is a page-shaped 404, not the API's JSON
@router.get("/review/{rest:path}", include_in_schema=False)
def unknown_page(request: Request, key: Reviewer, rest: str) -> Response:
    fail(
        request,
        404,
        "Not found",
        f"there is no page at {request.url.path}; start again from the runs",
        key,
    )


# ---------------------------------------------------------------------- helpers


def _claim_id(request: Request, text: str, key: ApiKeyRecord) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        fail(request, 404, "Not found", _BAD_CLAIM_ID.format(got=text), key)
    return int(text)


def _inline_svg(svg: str) -> Markup:
    """An SVG document as markup to put inside a page: without its XML prolog."""
    start = svg.find("<svg")
    return Markup(svg[start:] if start >= 0 else svg)  # our own chart_svg output


def _document(store: Store, section: Any) -> tuple[str | None, list[_Mark], str]:
    """The source document cut into plain and marked pieces, and a note about it.

    The figure is the checker's evidence (preferring an occurrence inside the quoted span);
    the quote is the quote check's evidence. Without evidence the cited snapshot is shown
    unmarked when it is stored.
    """
    r = section.result
    text: str | None = section.document_text
    if text is None:
        doc_id = r.claim.get("source_doc_id")
        if not doc_id or not r.snapshot_sha256:
            return None, [], ""
        try:
            text = store.get_document(str(doc_id), r.snapshot_sha256).text
        except (NotFound, TieoutError):
            return None, [], ""
        return text, [_Mark(text)], "The checker found no passage for this figure to mark."
    from tieout.review.report import mark_pieces

    marks: list[_Mark] = []
    given: set[str] = set()
    for piece, kind in mark_pieces(text, section.span, section.quote_span):
        mark_id = kind if kind and kind not in given else ""
        given.add(kind)
        marks.append(_Mark(piece, kind, mark_id))
    return text, marks, ""
