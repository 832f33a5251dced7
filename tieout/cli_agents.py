"""`tieout review …` (the human review queue) and `tieout tools` (function-calling definitions)."""

from __future__ import annotations

import click

from tieout.cli import _console, db_option, format_option, handles_errors

__all__ = ["review_group", "tools_command"]

_EMPTY = "the review queue is empty (status {status})"


@click.group(name="review")
def review_group() -> None:
    """Claim sets an agent could not get right, waiting for a person."""


@review_group.command("queue")
@click.option(
    "--status",
    default="needs_human",
    show_default=True,
    help="List the claim sets with this status.",
)
@format_option(
    ["table", "json"], "table", "json prints each claim set's raw text and every problem."
)
@db_option
@handles_errors
def queue_command(status: str, fmt: str, db: str | None) -> None:
    """List the review queue, oldest first."""
    from tieout.console import print_json
    from tieout.registry import Store

    with Store.open(db) as store:
        items = store.review_queue(status)
    if fmt == "json":
        print_json(
            [
                {
                    "id": item.id,
                    "source": item.source,
                    "status": item.status,
                    "created_at": item.created_at.isoformat(),
                    "problems": [{"path": p, "message": m} for p, m in item.problems],
                    "raw_text": item.raw_text,
                }
                for item in items
            ]
        )
        return
    if not items:
        click.echo(_EMPTY.format(status=status))
        return
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False)
    for column in ("id", "source", "status", "created", "problems"):
        table.add_column(column, overflow="fold")
    for item in items:
        table.add_row(
            str(item.id),
            item.source,
            item.status,
            item.created_at.strftime("%Y-%m-%d %H:%M:%S"),
            "\n".join(f"{p}: {m}" for p, m in item.problems),
        )
    _console().print(table)


@click.command(name="tools")
@format_option(["openai", "anthropic"], "openai", "The function-calling shape to print.")
@handles_errors
def tools_command(fmt: str) -> None:
    """Print the submit_claims and save_document tool definitions as JSON."""
    from tieout.agents.tools import tool_definitions
    from tieout.console import print_json

    print_json(tool_definitions(fmt))
