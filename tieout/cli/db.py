"""`tieout db …`: the database schema — upgrade, downgrade, the current revision, the history;
the application role on PostgreSQL."""

from __future__ import annotations

from typing import Any

import click

from tieout.cli._options import db_option, format_option, handles_errors, make_console
from tieout.cli.render import data_table, print_json

__all__ = ["db_group"]

_NONE = "none (no tieout schema yet; `tieout db upgrade` creates it)"


def _label(revision: str | None) -> str:
    from tieout.store.migrate import HEAD

    if revision is None:
        return "base"
    return f"{revision} (head)" if revision == HEAD else revision


def _url(db_url: str | None) -> str:
    from tieout.store import database_url
    from tieout.store.engine import display_url

    return display_url(database_url(db_url))


@click.group(name="db")
def db_group() -> None:
    """The database schema (Alembic migrations); `tieout` upgrades it on first use anyway."""


@db_group.command("upgrade")
@click.argument("revision", default="head", metavar="[REVISION]")
@db_option
@handles_errors
def upgrade_command(revision: str, db: str | None) -> None:
    """Upgrade the schema to REVISION (default: head), keeping every row."""
    from tieout.store.migrate import upgrade

    before, after = upgrade(db, revision)
    if before == after:
        click.echo(f"{_url(db)} is already at {_label(after)}")
    else:
        click.echo(f"upgraded {_url(db)} from {_label(before)} to {_label(after)}")


@db_group.command("downgrade")
@click.argument("revision", metavar="REVISION")
@db_option
@handles_errors
def downgrade_command(revision: str, db: str | None) -> None:
    """Downgrade the schema to REVISION; `base` drops every tieout table and its rows."""
    from tieout.store.migrate import downgrade

    before, after = downgrade(db, revision)
    if before == after:
        click.echo(f"{_url(db)} is already at {_label(after)}")
    else:
        click.echo(f"downgraded {_url(db)} from {_label(before)} to {_label(after)}")


@db_group.command("current")
@format_option(["text", "json"], "text", 'json prints {"revision": …, "head": …}.')
@db_option
@handles_errors
def current_command(fmt: str, db: str | None) -> None:
    """Print the database's schema revision."""
    from tieout.store.migrate import HEAD, current

    revision = current(db)
    if fmt == "json":
        print_json({"revision": revision, "head": revision == HEAD})
        return
    click.echo(_NONE if revision is None else _label(revision))


@db_group.command("history")
@format_option(["table", "json"], "table", "json prints every revision, oldest first.")
@db_option
@handles_errors
def history_command(fmt: str, db: str | None) -> None:
    """List every schema revision, oldest first, marking the database's own."""
    from tieout.store.migrate import current, history

    at = current(db)
    revisions: list[dict[str, Any]] = [
        {
            "revision": r.revision,
            "follows": r.down_revision,
            "message": r.message,
            "current": r.revision == at,
        }
        for r in history()
    ]
    if fmt == "json":
        print_json(revisions)
        return
    table = data_table(
        ("revision", "follows", "what it does", ""),
        [
            (
                _label(r["revision"]),
                r["follows"] or "base",
                r["message"],
                "← current" if r["current"] else "",
            )
            for r in revisions
        ],
        wrap=("what it does",),
    )
    make_console().print(table)


@db_group.command("grant-app-role")
@click.argument("role", metavar="ROLE")
@click.option(
    "--password-env",
    metavar="VAR",
    default=None,
    help="Give a new ROLE the password in environment variable VAR (never on the command line).",
)
@db_option
@handles_errors
def grant_app_role_command(role: str, password_env: str | None, db: str | None) -> None:
    """Create ROLE on PostgreSQL and grant it only what tieout needs (run as the owner).

    The application then connects as ROLE: it may read and append, but it owns no table, so
    it cannot disable the audit trail's triggers. Idempotent; run it again after an upgrade.
    """
    import os

    from tieout.errors import ConfigError
    from tieout.store.app_role import grant_app_role

    password = None
    if password_env is not None:
        password = os.environ.get(password_env)
        if not password:
            raise ConfigError(
                f"environment variable {password_env} is not set or empty; "
                "export the role's password in it"
            )
    report = grant_app_role(db, role, password=password)
    for line in (*report.changes, *report.notes):
        click.echo(line)
    if report.changes:
        click.echo(f"role {role} now holds only what tieout needs on schema {report.schema}")
    else:
        click.echo(
            f"role {role} already holds exactly what tieout needs on schema {report.schema}; "
            "nothing changed"
        )
