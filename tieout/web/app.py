"""The HTTP API: a thin FastAPI skin over the same jobs the CLI runs.

``create_app(db)`` builds the app; ``tieout serve`` runs it with uvicorn. Every route needs
an API key (``Authorization: Bearer <key>``, see :mod:`tieout.web.auth`); tieout's errors
come back as ``{"error": "one line"}`` with 400 (unusable input), 404 (unknown id), 409
(registry conflict) or 503 (the database failed); bodies over ``max_body`` bytes get 413.

The routes are module-level routers: the API's in :mod:`tieout.web.api`, the reviewer's
pages in :mod:`tieout.web.login` and :mod:`tieout.web.desk`. What they share (the store,
the settings) is on ``app.state`` and reaches them through :mod:`tieout.web.deps`.

``tieout serve --openapi`` prints the OpenAPI document committed at
``tieout/web/openapi.json``.
"""

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException

from tieout import __version__
from tieout.errors import TieoutError
from tieout.web import api, desk, login
from tieout.web.deps import LazyStore, Settings
from tieout.web.limits import BodyLimit
from tieout.web.page import Respond, page_errors, responded
from tieout.web.responses import tieout_error, validation_error

__all__ = ["DEFAULT_MAX_BODY", "create_app", "openapi_document"]

#: The default limit on a request body: 5 MB.
DEFAULT_MAX_BODY = 5 * 1024 * 1024


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    yield
    app.state.lazy_store.close()


def create_app(
    db: str | None = None,
    *,
    max_body: int = DEFAULT_MAX_BODY,
    config: str | None = None,
    workflow: str | None = None,
    doc_ids: Sequence[str] = (),
) -> FastAPI:
    """The HTTP API over the database at ``db`` (see :func:`tieout.store.database_url`).

    ``config`` is the workflow settings file ``POST /gate`` uses (default: ``./tieout.toml``).
    ``workflow`` and ``doc_ids`` pin what ``POST /gate`` checks every draft with (``tieout
    serve --workflow --doc``): a caller may then choose no other workflow and send no
    sources of its own. Unpinned, a caller may not choose a workflow switched off.
    """
    from tieout.agents.pins import GatePins

    pins = GatePins(workflow, tuple(doc_ids))
    pins.check_config(config)  # an unknown pinned workflow is refused at start-up

    app = FastAPI(
        title="tieout",
        version=__version__,
        description="Tie every figure an LLM agent writes back to its source, deterministically.",
        lifespan=_lifespan,
    )
    app.state.lazy_store = LazyStore(db)
    app.state.settings = Settings(config, pins)
    app.add_middleware(BodyLimit, limit=max_body)
    app.add_exception_handler(TieoutError, tieout_error)
    # a page asked for with the wrong method answers with a page; the API keeps its JSON
    app.add_exception_handler(HTTPException, page_errors)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(Respond, responded)
    app.include_router(api.router)
    app.include_router(login.router)  # the reviewer's HTML pages (not in the OpenAPI)
    app.include_router(desk.router)
    _add_claim_schema(app)
    return app


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
