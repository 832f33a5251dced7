"""`tieout review …` (the human review queue) and `tieout tools` (function-calling definitions)."""

from __future__ import annotations

import click

from tieout.cli import _console, db_option, format_option, handles_errors

__all__ = ["report_group", "review_group", "tools_command"]

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


@review_group.command("list")
@click.option(
    "--verdict",
    type=click.Choice(["pass", "warning", "fail", "unsupported"]),
    help="Only claims with this verdict.",
)
@click.option("--metric", "metric_key", metavar="METRIC", help="Only claims of this metric.")
@click.option("--run", "run_id", metavar="ID", help="Only claims of this run.")
@format_option(["table", "json"], "table", "json prints every check's result.")
@db_option
@handles_errors
def list_command(
    verdict: str | None, metric_key: str | None, run_id: str | None, fmt: str, db: str | None
) -> None:
    """Stored claims with their ids, verdicts and first reasons (oldest run first)."""
    from tieout.console import print_json
    from tieout.registry import Store

    with Store.open(db) as store:
        rows = store.list_claim_results(verdict=verdict, metric_key=metric_key, run_id=run_id)
    if fmt == "json":
        print_json(
            [
                {
                    "id": r.id,
                    "run_id": r.run_id,
                    "position": r.position,
                    "metric_key": r.metric_key,
                    "verdict": r.verdict,
                    "reason": r.reason,
                    "claim": r.claim,
                    "checks": r.checks,
                    "snapshot_sha256": r.snapshot_sha256,
                    "registry_version": None
                    if r.registry_effective_from is None
                    else f"{r.registry_metric_key}@{r.registry_effective_from.isoformat()}",
                    "checked_at": r.checked_at.isoformat(),
                }
                for r in rows
            ]
        )
        return
    if not rows:
        click.echo("no stored claims match")
        return
    from rich.table import Table
    from rich.text import Text

    from tieout.console import VERDICT_STYLE

    table = Table(show_edge=False, pad_edge=False)
    for column in ("id", "run", "metric", "value", "verdict", "reason"):
        table.add_column(column, overflow="fold")
    for r in rows:
        value = r.claim.get("value")
        shown = "null" if value is None else f"{value} {r.claim.get('unit', '')}".strip()
        table.add_row(
            str(r.id),
            r.run_id,
            r.metric_key,
            shown,
            Text(r.verdict, style=VERDICT_STYLE.get(r.verdict, "")),
            r.reason,
        )
    _console().print(table)


@click.group(name="report")
def report_group() -> None:
    """Reports on stored runs."""


@report_group.command("run")
@click.argument("run_id", metavar="RUN_ID")
@format_option(["md", "html", "json"], "md", "md and html mark the figure in its source passage.")
@click.option("--output", "-o", metavar="FILE", help="Write here instead of standard output.")
@db_option
@handles_errors
def report_run_command(run_id: str, fmt: str, output: str | None, db: str | None) -> None:
    """Per claim: the verdict, every check's reason, the registry version, the snapshot, the source."""
    import json
    from pathlib import Path

    from tieout.registry import Store
    from tieout.review import build_run_report, render_html, render_markdown

    with Store.open(db) as store:
        report = build_run_report(store, run_id)
    if fmt == "json":
        text = json.dumps(report.to_dict(), indent=2, default=str, ensure_ascii=False) + "\n"
    else:
        text = render_html(report) if fmt == "html" else render_markdown(report)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"wrote the report of run {run_id} to {output}")
    else:
        click.echo(text, nl=False)
