"""What the commands share: exit codes, the error handler, and the options and helpers
every command group uses (``--db``, ``--format``, dates, the store, the console, a
progress bar).

Command modules import this and :mod:`tieout.cli.render`, never :mod:`tieout.cli` itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from functools import wraps
from typing import Any, TypeVar

import click

__all__ = [
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_UNUSABLE",
    "date_option",
    "db_option",
    "fiscal_year_option",
    "format_option",
    "handles_errors",
    "make_console",
    "open_store",
    "parse_date",
    "progress",
]

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


def parse_date(ctx: click.Context, param: click.Parameter, value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not a date; write it as YYYY-MM-DD, e.g. 2026-07-31"
        ) from None


def open_store(db: str | None) -> Any:
    from tieout.store import Store

    return Store.open(db)


def make_console(stderr: bool = False) -> Any:
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
def progress(
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
        console=make_console(stderr=True),
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


def date_option(*param_decls: str, help: str | None = None) -> Callable[[F], F]:
    """An option whose value is a date written YYYY-MM-DD (``--as-of``, ``--published`` …)."""
    return click.option(*param_decls, callback=parse_date, metavar="DATE", help=help)


fiscal_year_option = click.option(
    "--fiscal-year-start",
    "fy_start",
    type=click.IntRange(1, 12),
    default=1,
    show_default=True,
    metavar="MONTH",
    help="First month of the fiscal year, for --period FY2025 or Q3 FY2026 (10 = October).",
)
