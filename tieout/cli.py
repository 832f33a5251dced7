"""The command line: a thin skin over the library.

Each command parses its options, calls one library function and renders the result.
One ``except TieoutError`` turns any error into a single line and exit code 2. Heavy
imports happen inside commands so ``tieout --help`` stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from tieout import __version__

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2


def _fail(message: str) -> None:
    click.echo(f"tieout: error: {message}", err=True)
    sys.exit(EXIT_UNUSABLE)


def handles_errors(fn: F) -> F:
    """Turn tieout's errors into one line on stderr and exit code 2."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from tieout.errors import TieoutError

        try:
            return fn(*args, **kwargs)
        except TieoutError as exc:
            _fail(str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__)
        except KeyboardInterrupt:
            click.echo("tieout: interrupted", err=True)
            sys.exit(130)

    return wrapper  # type: ignore[return-value]


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not a date; write it as YYYY-MM-DD, e.g. 2026-07-31"
        ) from None


def _store(db: str | None) -> Any:
    from tieout.store import Store

    return Store.open(db)


def _console(stderr: bool = False) -> Any:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def format_option(choices: list[str], default: str, help: str) -> Callable[[F], F]:
    """The ``--format`` option every reporting command has, in one place."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help=help,
    )


@contextmanager
def _progress(
    total: int, quiet: bool, label: str = "checking", at_least: int = 500
) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr for long runs at a terminal; nothing when quiet or piped.

    Shown only for ``at_least`` items or more; ``tick(done)`` moves it.
    """
    if quiet or total < at_least or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    step = 1 if total < 1000 else 100
    with Progress(
        label,
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=_console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("claims", total=total)

        def tick(done: int) -> None:
            if done % step == 0 or done == total:
                bar.update(task, completed=done)

        yield tick


db_option: Callable[[F], F] = click.option(
    "--db",
    envvar="TIEOUT_DB",
    default=None,
    metavar="URL",
    help="Database: a SQLite file path or any SQLAlchemy URL (default: tieout.db here; env TIEOUT_DB).",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="tieout")
def main() -> None:
    """Tie every figure an LLM agent writes back to its source, deterministically."""


# --------------------------------------------------------------------------- demo


@main.command()
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
    from tieout.console import print_json, render_reports, run_to_dict, summary_line
    from tieout.operations import run_demo

    result = run_demo(db_path)
    if fmt == "json":
        print_json({"db": str(result.db_path), "runs": [run_to_dict(r) for r in result.runs]})
        return
    console = _console()
    console.print(
        f"Registered {result.metrics} metrics, ingested {result.documents} documents, "
        f"checked {result.claims} claims  ([dim]{result.db_path}[/dim])\n"
    )
    rows = [(Path(run.source).name, r) for run in result.runs for r in run.reports]
    render_reports(console, rows)
    console.print(summary_line(result.counts))


# --------------------------------------------------------------------------- check


@main.command()
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
    from tieout.console import print_json, render_reports, run_to_dict, summary_line
    from tieout.operations import check_and_store, load_claims_file

    claims = load_claims_file(claims_file)  # validate before touching the database
    with _store(db) as store, _progress(len(claims), quiet or fmt == "json") as tick:
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
        console = _console()
        if not quiet:
            render_reports(console, [(claims_file, r) for r in run.reports])
        console.print(f"{summary_line(run.counts)}  [dim](run {run.run_id})[/dim]")
    sys.exit(EXIT_FAILED if run.failed else EXIT_OK)


@main.command()
@handles_errors
def schema() -> None:
    """Print the JSON Schema (draft 2020-12) that agents' claim sets must satisfy."""
    from tieout.console import print_json
    from tieout.schemas import claim_set_json_schema

    print_json(claim_set_json_schema())


# --------------------------------------------------------------------------- figures


@main.command()
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
    from tieout.console import print_json
    from tieout.documents import Document, read_source
    from tieout.documents.document import numbers_of

    numbers_of(numbers, "")  # a bad value is refused before the file is read
    text, media = read_source(file)
    doc = Document.from_text(Path(file).name, text, scale=scale, media_type=media, numbers=numbers)
    figs = doc.figures
    if words:
        from tieout.figures import extract

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
    from rich.table import Table

    table = Table(title=f"{len(figs)} figures in {file}")
    for col in ("text", "kind", "value", "period", "where"):
        table.add_column(col, overflow="fold")
    for f in figs:
        table.add_row(
            f.text,
            f.kind,
            f.display()
            if f.kind != "number" or not f.implied_unit
            else f"{f.display()} (unit {f.implied_unit} from context)",
            f.period.describe() if f.period else "",
            f.where or "",
        )
    _console().print(table)


from tieout.cli_admin import docs, registry  # noqa: E402  (the groups attach themselves below)

main.add_command(docs)
main.add_command(registry)

from tieout.cli_gate import gate_command  # noqa: E402

main.add_command(gate_command)

from tieout.cli_facts import facts  # noqa: E402

main.add_command(facts)

from tieout.cli_db import db_group  # noqa: E402

main.add_command(db_group)

from tieout.cli_mcp import mcp_command  # noqa: E402

main.add_command(mcp_command)

from tieout.cli_agents import tools_command  # noqa: E402
from tieout.cli_review import report_group, review_group  # noqa: E402

main.add_command(review_group)
main.add_command(tools_command)
main.add_command(report_group)

from tieout.cli_web import keys, serve  # noqa: E402

main.add_command(serve)
main.add_command(keys)
