"""`tieout demo`: the whole job on the bundled sample documents."""

from __future__ import annotations

from pathlib import Path

import click

from tieout.cli._options import format_option, handles_errors, make_console
from tieout.cli.render import print_json, render_reports, summary_line

__all__ = ["demo"]


@click.command()
@click.option(
    "--db",
    "db_path",
    default="tieout-demo.db",
    show_default=True,
    metavar="PATH",
    help="The SQLite file the demo creates afresh.",
)
@format_option(["table", "json"], "table", "json prints every claim's checks.")
@handles_errors
def demo(db_path: str, fmt: str) -> None:
    """Run the whole job on the bundled sample documents: register, ingest, check."""
    from tieout.checks.runs import run_to_dict
    from tieout.demo import run_demo

    result = run_demo(db_path)
    if fmt == "json":
        print_json({"db": str(result.db_path), "runs": [run_to_dict(r) for r in result.runs]})
        return
    console = make_console()
    console.print(
        f"Registered {result.metrics} metrics, ingested {result.documents} documents, "
        f"checked {result.claims} claims  ([dim]{result.db_path}[/dim])\n"
    )
    rows = [(Path(run.source).name, r) for run in result.runs for r in run.reports]
    render_reports(console, rows)
    console.print(summary_line(result.counts))
