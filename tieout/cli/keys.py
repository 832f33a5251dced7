"""`tieout keys`: the HTTP API's keys."""

from __future__ import annotations

import click

from tieout.cli._options import db_option, format_option, handles_errors, make_console, open_store
from tieout.cli.render import data_table, print_json

__all__ = ["keys"]


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

    with open_store(db) as store:
        rec, key = create_key(store, role, name)
    click.echo(key)
    click.echo(
        f"key {rec.key_id} ({rec.role}, {rec.name!r}): store it now; it is not shown again",
        err=True,
    )


@keys.command("list")
@format_option(["table", "json"], "table", "json prints each key's record (never the key).")
@db_option
@handles_errors
def keys_list(fmt: str, db: str | None) -> None:
    """List the API keys (id, role, name, created, revoked); never the keys themselves."""
    from rich.text import Text

    with open_store(db) as store:
        found = store.list_api_keys()
    if fmt == "json":
        print_json(
            [
                {
                    "key_id": rec.key_id,
                    "role": rec.role,
                    "name": rec.name,
                    "created_at": rec.created_at.isoformat(),
                    "revoked_at": rec.revoked_at.isoformat() if rec.revoked_at else None,
                }
                for rec in found
            ]
        )
        return
    console = make_console()
    console.print(f"{len(found)} API key{'' if len(found) == 1 else 's'}")
    if found:
        table = data_table(
            ("id", "role", "name", "created", "revoked"),
            [
                (
                    rec.key_id,
                    rec.role,
                    Text(rec.name),
                    rec.created_at.strftime("%Y-%m-%d %H:%M UTC"),
                    rec.revoked_at.strftime("%Y-%m-%d %H:%M UTC") if rec.revoked_at else "",
                )
                for rec in found
            ],
            wrap=("name",),
        )
        console.print(table)


@keys.command("revoke")
@click.argument("key_id", metavar="ID")
@db_option
@handles_errors
def keys_revoke(key_id: str, db: str | None) -> None:
    """Revoke an API key by its id (see `tieout keys list`); it stops working at once."""
    from tieout.web.auth import revoke_key

    with open_store(db) as store:
        rec, changed = revoke_key(store, key_id)
    if changed:
        click.echo(f"revoked key {rec.key_id} ({rec.role}, {rec.name!r})")
    else:
        assert rec.revoked_at is not None
        click.echo(f"key {rec.key_id} was already revoked on {rec.revoked_at:%Y-%m-%d %H:%M} UTC")
