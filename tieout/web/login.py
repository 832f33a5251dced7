"""The reviewer's sign-in: ``/login`` and ``/logout``, the key cookie, and the posted forms.

The cookie holds the key itself (HttpOnly, SameSite=Strict) and is verified on every
request exactly like a Bearer header, so revoking a key logs its browser out at once. Every
form that changes something also carries a CSRF token: HMAC-SHA256 of the key id under the
key's stored digest (a secret the browser never sees), so it is stable across restarts.

:func:`reviewer` is the pages' dependency for the signed-in key; :func:`form` reads a
posted form and refuses one without the key's CSRF token.
"""

from __future__ import annotations

import hmac
from typing import Annotated
from urllib.parse import parse_qsl, urlencode

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from tieout.store.records import ApiKeyRecord
from tieout.web.auth import ACTIONS, allowed, verify_key
from tieout.web.deps import get_store
from tieout.web.page import Respond, csrf_token, fail, render, storage

__all__ = ["ACTION", "COOKIE", "Reviewer", "form", "form_field", "reviewer", "router"]

#: The cookie that holds the reviewer's API key.
COOKIE = "tieout_key"
#: The action a key's role must allow to use the pages (reviewer and admin).
ACTION = "read"

_BAD_KEY = "that API key is not valid or has been revoked; paste a key from `tieout keys create --role reviewer`"
_NO_KEY = "paste an API key (create one with `tieout keys create --role reviewer`)"
_WRONG_ROLE = "a key with role {role!r} may not use the review pages; they need role {roles}"
_BAD_CSRF = (
    "the form's security token is missing or out of date; reload the page and submit it again"
)
_BAD_FORM = "the form could not be read; submit it from the page (Content-Type {got!r})"

router = APIRouter()


def reviewer(request: Request) -> ApiKeyRecord:
    """The logged-in key, or a redirect to /login (no or bad cookie) or a 403 page."""
    presented = request.cookies.get(COOKIE, "")
    key = (
        storage(request, None, lambda: verify_key(get_store(request), presented))
        if presented
        else None
    )
    if key is None:
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        response = RedirectResponse(f"/login?{urlencode({'next': target})}", 303)
        if presented:
            response.delete_cookie(COOKIE, path="/")
        raise Respond(response)
    if not allowed(key.role, ACTION):
        roles = " or ".join(sorted(ACTIONS[ACTION]))
        fail(
            request,
            403,
            "This key may not review",
            _WRONG_ROLE.format(role=key.role, roles=roles),
        )
    return key


Reviewer = Annotated[ApiKeyRecord, Depends(reviewer)]


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


def form_field(fields: dict[str, list[str]], name: str) -> str:
    """The form's field ``name`` (its first value), or ``""``."""
    values = fields.get(name) or [""]
    return values[0]


def _local(target: str) -> str:
    """``target`` if it is a path on this site, else the runs list (no open redirects)."""
    if target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/review/"


@router.get("/login", include_in_schema=False)
def login_page(request: Request, next: str = "/review/") -> Response:
    return render(request, "login.html", next=_local(next), error="")


@router.post("/login", include_in_schema=False)
async def login(request: Request) -> Response:
    fields = await form(request, None)
    presented = form_field(fields, "key").strip()
    target = _local(form_field(fields, "next"))
    if not presented:
        return render(request, "login.html", 400, next=target, error=_NO_KEY)
    key = await run_in_threadpool(
        storage, request, None, lambda: verify_key(get_store(request), presented)
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


@router.api_route("/logout", methods=["GET", "POST"], include_in_schema=False)
def logout() -> Response:
    response = RedirectResponse("/login", 303)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
    return response
