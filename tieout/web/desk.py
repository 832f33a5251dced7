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

The cookie holds the key itself (HttpOnly, SameSite=Strict) and is verified on every
request exactly like a Bearer header, so revoking a key logs its browser out at once. Every
form that changes something also carries a CSRF token: HMAC-SHA256 of the key id under the
key's stored digest (a secret the browser never sees), so it is stable across restarts.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from inspect import isawaitable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar
from urllib.parse import parse_qsl, quote, urlencode

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from tieout.errors import InputError, NotFound, StorageError, TieoutError
from tieout.web.auth import ACTIONS, allowed, verify_key

if TYPE_CHECKING:
    from tieout.registry import ClaimResultRecord, Store
    from tieout.registry.records import ApiKeyRecord

__all__ = ["COOKIE", "add_pages", "csrf_token"]

#: The cookie that holds the reviewer's API key.
COOKIE = "tieout_key"
#: The action a key's role must allow to use the pages (reviewer and admin).
ACTION = "read"
VERDICTS = ("pass", "warning", "fail", "unsupported")

_HERE = Path(__file__).resolve().parent
_T = TypeVar("_T")
_BAD_KEY = "that API key is not valid or has been revoked; paste a key from `tieout keys create --role reviewer`"
_NO_KEY = "paste an API key (create one with `tieout keys create --role reviewer`)"
_WRONG_ROLE = "a key with role {role!r} may not use the review pages; they need role {roles}"
_BAD_CSRF = (
    "the form's security token is missing or out of date; reload the page and submit it again"
)
_BAD_FORM = "the form could not be read; submit it from the page (Content-Type {got!r})"
_BAD_VERDICT = "{verdict!r} is not a verdict; filter by one of: " + ", ".join(VERDICTS)
_BAD_CLAIM_ID = "a claim id is a whole number (see the run's claims), got {got!r}"
_NO_ANSWERS = (
    "nothing to record: answer at least one claim yes or no (answers already recorded "
    "are not added again unless changed)"
)
_NO_REVIEWER = "the sheet needs the reviewer's name"

_CSP = (
    "default-src 'none'; style-src 'self'{inline}; script-src 'self'; img-src 'self' data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


class _Respond(Exception):
    """Stop handling a page and send ``response`` (a redirect or an error page)."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status_code)
        self.response = response


def csrf_token(key: ApiKeyRecord) -> str:
    """The CSRF token forms carry for ``key``: HMAC-SHA256 of its id under its stored digest."""
    return hmac.new(key.digest.encode(), f"csrf:{key.key_id}".encode(), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class _Mark:
    """A piece of the source document: plain text, or marked as the quote or the figure."""

    text: str
    kind: str = ""  # "", "quote" or "figure"
    id: str = ""


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(_HERE / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.globals["VERDICTS"] = VERDICTS
    return env


def add_pages(app: FastAPI, store: Callable[[], Store]) -> None:
    """Add the reviewer's pages to ``app``; ``store()`` returns the open store."""
    env = _environment()

    def render(
        request: Request,
        template: str,
        status: int = 200,
        *,
        key: ApiKeyRecord | None = None,
        inline_style: bool = False,
        **context: Any,
    ) -> HTMLResponse:
        body = env.get_template(template).render(
            request_path=request.url.path,
            key=key,
            csrf=csrf_token(key) if key is not None else "",
            **context,
        )
        response = HTMLResponse(body, status_code=status)
        response.headers["Content-Security-Policy"] = _CSP.format(
            inline=" 'unsafe-inline'" if inline_style else ""
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["Cache-Control"] = "no-store"
        return response

    def fail(
        request: Request, status: int, title: str, message: str, key: ApiKeyRecord | None = None
    ) -> NoReturn:
        raise _Respond(render(request, "error.html", status, key=key, title=title, message=message))

    def reviewer(request: Request) -> ApiKeyRecord:
        """The logged-in key, or a redirect to /login (no or bad cookie) or a 403 page."""
        presented = request.cookies.get(COOKIE, "")
        key = storage(request, None, lambda: verify_key(store(), presented)) if presented else None
        if key is None:
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            response = RedirectResponse(f"/login?{urlencode({'next': target})}", 303)
            if presented:
                response.delete_cookie(COOKIE, path="/")
            raise _Respond(response)
        if not allowed(key.role, ACTION):
            roles = " or ".join(sorted(ACTIONS[ACTION]))
            fail(
                request,
                403,
                "This key may not review",
                _WRONG_ROLE.format(role=key.role, roles=roles),
            )
        return key

    async def form(request: Request, key: ApiKeyRecord | None) -> dict[str, list[str]]:
        """The posted form's fields (each a list); a bad CSRF token is a 403 page."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/x-www-form-urlencoded":
            fail(request, 400, "Unusable form", _BAD_FORM.format(got=kind), key)
        body = (await request.body()).decode("utf-8", "replace")
        fields: dict[str, list[str]] = {}
        for name, value in parse_qsl(body, keep_blank_values=True):
            fields.setdefault(name, []).append(value.replace("\x00", ""))
        if key is not None:
            sent = (fields.get("csrf") or [""])[0]
            if not hmac.compare_digest(sent.encode(), csrf_token(key).encode()):
                fail(request, 403, "Form refused", _BAD_CSRF, key)
        return fields

    def storage(request: Request, key: ApiKeyRecord | None, call: Callable[[], _T]) -> _T:
        """Run a store call; unknown ids and a failed database become error pages."""
        try:
            return call()
        except NotFound as err:
            fail(request, 404, "Not found", str(err), key)
        except StorageError as err:
            fail(request, 503, "The database failed", str(err).splitlines()[0], key)

    async def responded(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, _Respond)
        return exc.response

    app.add_exception_handler(_Respond, responded)

    # a page asked for with the wrong method (a POST-only form opened by URL, say) answers
    # with a page, not the API's JSON; everything else keeps the API's handler
    api_errors = app.exception_handlers[HTTPException]

    async def page_errors(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        path = request.url.path
        if exc.status_code == 405 and (path.startswith("/review") or path == "/login"):
            response = render(
                request,
                "error.html",
                405,
                title="Not here",
                message=f"{path} does not take a {request.method} request; "
                "start again from the runs",
            )
            response.headers.update(exc.headers or {})
            return response
        result = api_errors(request, exc)
        return await result if isawaitable(result) else result

    app.add_exception_handler(HTTPException, page_errors)

    # ------------------------------------------------------------------ login

    @app.get("/", include_in_schema=False)
    def home() -> Response:
        return RedirectResponse("/review/", 303)

    @app.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> Response:
        if name not in {"review.css", "review.js"}:
            return Response("not found", 404, media_type="text/plain")
        media = "text/css" if name.endswith(".css") else "text/javascript"
        response = FileResponse(_HERE / "static" / name, media_type=media)
        response.headers["Cache-Control"] = "max-age=3600"
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response

    @app.get("/login", include_in_schema=False)
    def login_page(request: Request, next: str = "/review/") -> Response:
        return render(request, "login.html", next=_local(next), error="")

    @app.post("/login", include_in_schema=False)
    async def login(request: Request) -> Response:
        fields = await form(request, None)
        presented = _one(fields, "key").strip()
        target = _local(_one(fields, "next"))
        if not presented:
            return render(request, "login.html", 400, next=target, error=_NO_KEY)
        key = await run_in_threadpool(
            storage, request, None, lambda: verify_key(store(), presented)
        )
        if key is None:
            return render(request, "login.html", 401, next=target, error=_BAD_KEY)
        if not allowed(key.role, ACTION):
            roles = " or ".join(sorted(ACTIONS[ACTION]))
            message = _WRONG_ROLE.format(role=key.role, roles=roles)
            return render(request, "login.html", 403, next=target, error=message)
        response = RedirectResponse(target, 303)
        response.set_cookie(
            COOKIE,
            presented,
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
            path="/",
        )
        return response

    @app.api_route("/logout", methods=["GET", "POST"], include_in_schema=False)
    def logout() -> Response:
        response = RedirectResponse("/login", 303)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return response

    # ------------------------------------------------------------------ runs and claims

    @app.get("/review", include_in_schema=False)
    def review_root() -> Response:
        return RedirectResponse("/review/", 303)

    @app.get("/review/", include_in_schema=False)
    def runs_page(request: Request) -> Response:
        key = reviewer(request)
        runs = storage(request, key, lambda: store().list_runs())
        return render(request, "runs.html", key=key, runs=runs)

    @app.get("/review/runs/{run_id}", include_in_schema=False)
    def run_page(request: Request, run_id: str, verdict: str = "") -> Response:
        key = reviewer(request)
        if verdict and verdict not in VERDICTS:
            fail(request, 400, "Unknown verdict", _BAD_VERDICT.format(verdict=verdict), key)
        run, results = storage(request, key, lambda: store().get_run(run_id))
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

    def claim_page(
        request: Request,
        key: ApiKeyRecord,
        claim_id: int,
        status: int = 200,
        *,
        error: str = "",
        typed: dict[str, str] | None = None,
        saved: bool = False,
    ) -> HTMLResponse:
        from tieout.review.report import claim_section

        section = storage(request, key, lambda: claim_section(store(), claim_id))
        r: ClaimResultRecord = section.result
        _, siblings = storage(request, key, lambda: store().get_run(r.run_id))
        ids = [s.id for s in siblings]
        at = ids.index(r.id) if r.id in ids else -1
        prev_id = ids[at - 1] if at > 0 else None
        next_id = ids[at + 1] if 0 <= at < len(ids) - 1 else None
        document, marks, doc_note = _document(store(), section)
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

    @app.get("/review/claims/{claim_id}", include_in_schema=False)
    def claim_get(request: Request, claim_id: str, saved: str = "") -> Response:
        key = reviewer(request)
        return claim_page(request, key, _claim_id(request, claim_id, key, fail), saved=saved == "1")

    @app.post("/review/claims/{claim_id}/override", include_in_schema=False)
    async def claim_override(request: Request, claim_id: str) -> Response:
        key = await run_in_threadpool(reviewer, request)
        cid = _claim_id(request, claim_id, key, fail)
        fields = await form(request, key)
        typed = {name: _one(fields, name) for name in ("verdict", "reason", "reviewer")}

        def save() -> Response:
            try:
                storage(
                    request,
                    key,
                    lambda: store().override_claim(
                        cid, typed["verdict"], reason=typed["reason"], reviewer=typed["reviewer"]
                    ),
                )
            except InputError as err:
                return claim_page(request, key, cid, 400, error=str(err), typed=typed)
            return RedirectResponse(f"/review/claims/{cid}?saved=1#history", 303)

        return await run_in_threadpool(save)

    # ------------------------------------------------------------------ rates and calibration

    @app.get("/review/rates", include_in_schema=False)
    def rates_page(
        request: Request, metric: str = "", since: str = "", by: str = "week"
    ) -> Response:
        key = reviewer(request)
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
                lambda: verdict_rates(store(), metric_key=metric or None, since=start, by=by),
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

    @app.get("/review/calibration", include_in_schema=False)
    def calibration_page(request: Request) -> Response:
        key = reviewer(request)
        from tieout.review.calibration import calibration_weeks

        weeks = storage(request, key, lambda: calibration_weeks(store()))
        return render(request, "calibration.html", key=key, weeks=weeks)

    def section_of(request: Request, key: ApiKeyRecord, claim_id: int | None) -> Any:
        from tieout.review.report import claim_section

        if claim_id is None:
            return None
        return storage(request, key, lambda: claim_section(store(), claim_id))

    def sheet_page(
        request: Request,
        key: ApiKeyRecord,
        week: str,
        status: int = 200,
        *,
        error: str = "",
        typed: dict[str, str] | None = None,
        saved: int = 0,
    ) -> HTMLResponse:
        items = storage(request, key, lambda: store().calibration_items(week))
        if not items:
            message = f"week {week} has no calibration sample (draw one with `tieout review sample --week {week}`)"
            fail(request, 404, "Not found", message, key)
        rows = [(item, section_of(request, key, item.claim.id)) for item in items]
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

    @app.get("/review/calibration/{week}", include_in_schema=False)
    def calibration_week(request: Request, week: str, saved: str = "") -> Response:
        key = reviewer(request)
        count = int(saved) if saved.isascii() and saved.isdigit() and len(saved) < 6 else 0
        return sheet_page(request, key, week, saved=count)

    @app.post("/review/calibration/{week}", include_in_schema=False)
    async def calibration_record(request: Request, week: str) -> Response:
        key = await run_in_threadpool(reviewer, request)
        fields = await form(request, key)
        typed = {name: values[0] for name, values in fields.items() if name != "csrf"}

        def save() -> Response:
            items = storage(request, key, lambda: store().calibration_items(week))
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
                return sheet_page(request, key, week, 400, error=problem, typed=typed)
            try:
                storage(request, key, lambda: store().record_calibration(checks))
            except InputError as err:
                return sheet_page(request, key, week, 400, error=str(err), typed=typed)
            return RedirectResponse(
                f"/review/calibration/{quote(week, safe='')}?saved={len(checks)}", 303
            )

        return await run_in_threadpool(save)

    # last: any other page under /review is a page-shaped 404, not the API's JSON
    @app.get("/review/{rest:path}", include_in_schema=False)
    def unknown_page(request: Request, rest: str) -> Response:
        key = reviewer(request)
        fail(
            request,
            404,
            "Not found",
            f"there is no page at {request.url.path}; start again from the runs",
            key,
        )


# ---------------------------------------------------------------------- helpers


def _one(fields: dict[str, list[str]], name: str) -> str:
    values = fields.get(name) or [""]
    return values[0]


def _local(target: str) -> str:
    """``target`` if it is a path on this site, else the runs list (no open redirects)."""
    if target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/review/"


def _claim_id(request: Request, text: str, key: ApiKeyRecord, fail: Callable[..., NoReturn]) -> int:
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
