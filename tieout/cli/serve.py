"""`tieout serve` (the HTTP API) and `tieout keys` (its API keys)."""

from __future__ import annotations

import click

from tieout.cli import _console, _store, db_option, handles_errors

__all__ = ["keys", "serve"]

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

    store = _store(db)  # open (and migrate) now: a bad --db fails here, not on the first request
    try:
        for doc_id in doc_ids:
            store.get_document(doc_id)  # an unknown pinned document is refused at start-up
    finally:
        store.close()
    app = create_app(db, max_body=max_body, config=config_path, workflow=workflow, doc_ids=doc_ids)
    uvicorn.run(app, host=host, port=port, log_level="info")


@click.group()
def keys() -> None:
    """API keys for the HTTP API: create (shown once), list, revoke."""


@keys.command("create")
@click.option(
    "--role",
    type=click.Choice(["agent", "reviewer", "admin"]),
    required=True,
    help="agent: submit and gate; reviewer: read; admin: everything.",
)
@click.option("--name", default=None, metavar="NAME", help="A label to recognise the key by.")
@db_option
@handles_errors
def keys_create(role: str, name: str | None, db: str | None) -> None:
    """Create an API key and print it ONCE (only its salted hash is stored)."""
    from tieout.web.auth import create_key

    with _store(db) as store:
        rec, key = create_key(store, role, name)
    click.echo(key)
    click.echo(
        f"key {rec.key_id} ({rec.role}, {rec.name!r}): store it now; it is not shown again",
        err=True,
    )


@keys.command("list")
@db_option
@handles_errors
def keys_list(db: str | None) -> None:
    """List the API keys (id, role, name, created, revoked); never the keys themselves."""
    from rich.markup import escape
    from rich.table import Table

    with _store(db) as store:
        found = store.list_api_keys()
    table = Table(title=f"{len(found)} API keys")
    for col in ("id", "role", "name", "created", "revoked"):
        table.add_column(col, overflow="fold")
    for rec in found:
        table.add_row(
            rec.key_id,
            rec.role,
            escape(rec.name),
            rec.created_at.strftime("%Y-%m-%d %H:%M UTC"),
            rec.revoked_at.strftime("%Y-%m-%d %H:%M UTC") if rec.revoked_at else "",
        )
    _console().print(table)


@keys.command("revoke")
@click.argument("key_id", metavar="ID")
@db_option
@handles_errors
def keys_revoke(key_id: str, db: str | None) -> None:
    """Revoke an API key by its id (see `tieout keys list`); it stops working at once."""
    from tieout.web.auth import revoke_key

    with _store(db) as store:
        rec, changed = revoke_key(store, key_id)
    if changed:
        click.echo(f"revoked key {rec.key_id} ({rec.role}, {rec.name!r})")
    else:
        assert rec.revoked_at is not None
        click.echo(f"key {rec.key_id} was already revoked on {rec.revoked_at:%Y-%m-%d %H:%M} UTC")
