"""`tieout check`, `tieout schema` and `tieout figures`: claims checked, the claims' schema,
the figures tieout reads in a file."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tieout.cli._options import (
    EXIT_FAILED,
    EXIT_OK,
    db_option,
    format_option,
    handles_errors,
    make_console,
    open_store,
    progress,
)
from tieout.cli.render import print_json, render_reports, summary_line

__all__ = ["check", "figures", "schema"]


@click.command()
@click.argument("claims_file", metavar="CLAIMS.json")
@format_option(["table", "json"], "table", "json prints every check's result.")
@click.option("--all-checks", is_flag=True, help="Run every check even after one fails.")
@click.option(
    "--fuzzy",
    "fuzzy",
    type=click.FloatRange(0, 100),
    default=90.0,
    show_default=True,
    help="Similarity (0-100) at which a quote counts as near-verbatim.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the summary line.")
@db_option
@handles_errors
def check(
    claims_file: str, fmt: str, all_checks: bool, fuzzy: float, quiet: bool, db: str | None
) -> None:
    """Check an agent's JSON claims against the ingested documents and the registry.

    Exit 0 when no claim fails, 1 when any fails, 2 on unusable input.
    """
    from tieout.checks.runs import check_and_store, load_claims_file, run_to_dict

    claims = load_claims_file(claims_file)  # validate before touching the database
    if not claims:
        if fmt == "json":
            counts = dict.fromkeys(("pass", "warning", "fail", "unsupported"), 0)
            print_json({"run_id": None, "source": claims_file, "counts": counts, "claims": []})
        else:
            click.echo(f"{claims_file}: holds no claims; nothing to check, nothing stored")
        return
    with open_store(db) as store, progress(len(claims), quiet or fmt == "json") as tick:
        run = check_and_store(
            store,
            claims,
            claims_file,
            all_checks=all_checks,
            fuzzy_threshold=fuzzy,
            progress=tick,
        )
    if fmt == "json":
        print_json(run_to_dict(run))
    else:
        console = make_console()
        if not quiet:
            render_reports(console, run.reports)
        console.print(f"{summary_line(run.counts)}  [dim](run {run.run_id})[/dim]")
    sys.exit(EXIT_FAILED if run.failed else EXIT_OK)


@click.command()
@handles_errors
def schema() -> None:
    """Print the JSON Schema (draft 2020-12) that agents' claim sets must satisfy."""
    from tieout.schemas import claim_set_json_schema

    print_json(claim_set_json_schema())


@click.command()
@click.argument("file", metavar="FILE")
@click.option("--words", is_flag=True, help="Also read spelled-out numbers.")
@click.option(
    "--scale",
    default=None,
    metavar="UNIT",
    help="Default scale for bare table figures (USD_thousands).",
)
@click.option(
    "--numbers",
    default="auto",
    show_default=True,
    metavar="auto|point|comma",
    help="How the file writes figures: point 1,234.56; comma 1.234,56; auto reads it off the file.",
)
@format_option(["table", "json"], "table", "json gives spans, kinds and Decimal values.")
@handles_errors
def figures(file: str, words: bool, scale: str | None, numbers: str, fmt: str) -> None:
    """List every figure tieout reads in a file, with its canonical value and context."""
    from tieout.documents import Document, read_source
    from tieout.documents.document import numbers_of

    numbers_of(numbers, "")  # a bad value is refused before the file is read
    text, media = read_source(file)
    doc = Document.from_text(Path(file).name, text, scale=scale, media_type=media, numbers=numbers)
    figs = doc.read().figures
    if words:
        from tieout.figures.reader import extract

        figs = tuple(extract(doc.text, words=True, layout=doc.layout))
    if fmt == "json":
        print_json(
            [
                {
                    "text": f.text,
                    "span": list(f.span),
                    "kind": f.kind,
                    "unit": f.unit or f.implied_unit,
                    "value": None if f.value is None else str(f.value),
                    "section": f.section,
                    "period": f.period.describe() if f.period else None,
                    "where": f.where,
                }
                for f in figs
            ]
        )
        return
    from rich.markup import escape

    from tieout.cli.render import data_table

    table = data_table(
        ("text", "kind", "value", "period", "where"),
        [
            (
                escape(f.text),
                f.kind,
                f.display()
                if f.kind != "number" or not f.implied_unit
                else f"{f.display()} (unit {f.implied_unit} from context)",
                f.period.describe() if f.period else "",
                escape(f.where or ""),
            )
            for f in figs
        ],
        wrap=("text", "value", "period", "where"),
    )
    table.title = f"{len(figs)} figures in {file}"
    make_console().print(table)
