"""How the reviewer's pages answer: a template rendered with the security headers, or an error page.

Every page is rendered by :func:`render` (Jinja2, autoescaped) with a strict
Content-Security-Policy and ``Cache-Control: no-store``, and with the CSRF token its forms
carry (:func:`csrf_token`). A route stops with an error page by :func:`fail`, which raises
:class:`Respond`; ``create_app`` installs :func:`responded` to send it, and
:func:`page_errors` so that a page asked for with the wrong method answers with a page, not
the API's JSON.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.exceptions import HTTPException

from tieout.errors import NotFound, StorageError
from tieout.web.responses import http_error

if TYPE_CHECKING:
    from tieout.store.records import ApiKeyRecord

__all__ = [
    "VERDICTS",
    "Respond",
    "csrf_token",
    "fail",
    "page_errors",
    "render",
    "responded",
    "storage",
]

#: The verdicts a claim can have, in the order the pages show them.
VERDICTS = ("pass", "warning", "fail", "unsupported")

_HERE = Path(__file__).resolve().parent
_T = TypeVar("_T")

_CSP = (
    "default-src 'none'; style-src 'self'{inline}; script-src 'self'; img-src 'self' data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


class Respond(Exception):
    """Stop handling a page and send ``response`` (a redirect or an error page)."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status_code)
        self.response = response


def csrf_token(key: ApiKeyRecord) -> str:
    """The CSRF token forms carry for ``key``: HMAC-SHA256 of its id under its stored digest."""
    return hmac.new(key.digest.encode(), f"csrf:{key.key_id}".encode(), hashlib.sha256).hexdigest()


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(_HERE / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.globals["VERDICTS"] = VERDICTS
    env.filters["grouped"] = _grouped
    return env


def _grouped(value: Any) -> str:
    """A claim's number as the command line shows it: 1,284.6 (never 1284.6)."""
    from decimal import Decimal, InvalidOperation

    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return str(value)
    whole, _, frac = format(number, "f").partition(".")
    sign = "-" if whole.startswith("-") else ""
    grouped = f"{sign}{int(whole.lstrip('-') or 0):,}"
    return f"{grouped}.{frac}" if frac else grouped


_ENV = _environment()


def render(
    request: Request,
    template: str,
    status: int = 200,
    *,
    key: ApiKeyRecord | None = None,
    inline_style: bool = False,
    **context: Any,
) -> HTMLResponse:
    """``template`` rendered for ``key``'s browser, with the pages' security headers."""
    body = _ENV.get_template(template).render(
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
    """Stop handling the page: answer with the error page ``title``, ``message``."""
    raise Respond(render(request, "error.html", status, key=key, title=title, message=message))


def storage(request: Request, key: ApiKeyRecord | None, call: Callable[[], _T]) -> _T:
    """Run a store call; unknown ids and a failed database become error pages."""
    try:
        return call()
    except NotFound as err:
        fail(request, 404, "Not found", str(err), key)
    except StorageError as err:
        fail(request, 503, "The database failed", str(err).splitlines()[0], key)


async def responded(_: Request, exc: Exception) -> Response:
    """Send the response a :class:`Respond` carries."""
    assert isinstance(exc, Respond)
    return exc.response


async def page_errors(request: Request, exc: Exception) -> Response:
    """The app's HTTPException handler: a page for a page's 405, else the API's JSON."""
    assert isinstance(exc, HTTPException)
    path = request.url.path
    if exc.status_code == 405 and (path.startswith("/review") or path == "/login"):
        response = render(
            request,
            "error.html",
            405,
            title="Not here",
            message=f"{path} does not take a {request.method} request; start again from the runs",
        )
        response.headers.update(exc.headers or {})
        return response
    return await http_error(request, exc)
