"""`tieout serve`: the HTTP API."""

from __future__ import annotations

import click

from tieout.cli._options import db_option, handles_errors, open_store

__all__ = ["serve"]

_DEFAULT_MAX_BODY: int = 5 * 1024 * 1024  # tieout.web.DEFAULT_MAX_BODY, without importing FastAPI


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to bind.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The port."
)
@click.option(
    "--max-body",
    type=click.IntRange(min=1),
    default=_DEFAULT_MAX_BODY,
    show_default=True,
    metavar="BYTES",
    help="Larger request bodies get 413.",
)
@click.option(
    "--config",
    "config_path",
    metavar="FILE",
    help="Workflow settings for POST /gate (default: ./tieout.toml).",
)
@click.option(
    "--workflow",
    metavar="NAME",
    help="Gate every POST /gate with this workflow; a caller may not choose another.",
)
@click.option(
    "--doc",
    "doc_ids",
    metavar="ID",
    multiple=True,
    help="The ingested documents POST /gate checks every draft against (repeatable); a "
    "caller may then send no sources of its own.",
)
@click.option("--openapi", is_flag=True, help="Print the OpenAPI document and exit.")
@db_option
@handles_errors
def serve(
    host: str,
    port: int,
    max_body: int,
    config_path: str | None,
    workflow: str | None,
    doc_ids: tuple[str, ...],
    openapi: bool,
    db: str | None,
) -> None:
    """Serve the HTTP API (FastAPI) with uvicorn; every request needs an API key.

    Routes: POST /claims/check, POST /gate, GET /metrics/KEY?as_of=DATE, GET and POST
    /documents, GET /runs/ID; the OpenAPI document is at /openapi.json. A caller of POST
    /gate names its sources and workflow unless --doc and --workflow pin them; a workflow
    switched off in the settings can't be chosen by a caller.
    """
    import json

    from tieout.web import create_app, openapi_document

    if openapi:
        click.echo(json.dumps(openapi_document(), indent=2, sort_keys=True))
        return
    import uvicorn

    store = open_store(
        db
    )  # open (and migrate) now: a bad --db fails here, not on the first request
    try:
        for doc_id in doc_ids:
            store.get_document(doc_id)  # an unknown pinned document is refused at start-up
    finally:
        store.close()
    app = create_app(db, max_body=max_body, config=config_path, workflow=workflow, doc_ids=doc_ids)
    uvicorn.run(app, host=host, port=port, log_level="info")
