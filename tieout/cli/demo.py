"""`tieout demo`: the whole job on the bundled sample documents."""

from __future__ import annotations

import click

from tieout.cli._options import db_option, format_option, handles_errors, make_console
from tieout.cli.render import claim_lines, print_json, summary_line

__all__ = ["demo"]


@click.command()
@db_option
@format_option(["table", "json"], "table", "json prints every claim's checks.")
@handles_errors
def demo(db: str | None, fmt: str) -> None:
    """Run the whole job on the bundled sample documents: register, ingest, check.

    It uses the database every command uses and adds to it: registering and ingesting the
    samples again changes nothing, and each demo stores three new runs.
    """
    from tieout.checks.runs import run_to_dict
    from tieout.demo import run_demo

    result = run_demo(db)
    if fmt == "json":
        runs = [run_to_dict(r) for r in result.runs]
        ids = iter(result.claim_ids)
        for run in runs:
            for claim in run["claims"]:
                claim["id"] = next(ids)
        print_json({"db": result.db, "runs": runs})
        return
    console = make_console()
    console.print(
        f"Registered {result.metrics} metrics, ingested {result.documents} documents, "
        f"checked {result.claims} claims in {result.db}",
        markup=False,
    )
    reports = [r for run in result.runs for r in run.reports]
    claim_lines(console, list(zip(result.claim_ids, reports, strict=True)))
    console.print(summary_line(result.counts))
    first = result.runs[0].run_id
    console.print("Next:", markup=False)
    for command, what in (
        ("tieout review list --verdict fail", "the failing claims, every reason"),
        (f"tieout report run {first}", "one run: each check, the source passage"),
        ("tieout registry list", "what each metric means"),
    ):
        console.print(f"  {command:<37} {what}", markup=False)
