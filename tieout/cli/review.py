"""`tieout review …`: the reviewer's desk on the command line.

The review queue, stored claims and runs, overrides, the weekly calibration sample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from tieout.cli._options import db_option, format_option, handles_errors, make_console
from tieout.cli.render import (
    VERDICT_STYLE,
    VERDICTS,
    data_table,
    format_value,
    print_json,
    print_records,
)

if TYPE_CHECKING:
    from tieout.store import ClaimResultRecord

__all__ = ["review_group"]

_EMPTY = "the review queue is empty (status {status})"

# resolve and override: who decides, always required (checked by the store, not by click)
reviewer_option = click.option(
    "--reviewer", default="", metavar="NAME", help="Who decides (required)."
)


@click.group(name="review")
def review_group() -> None:
    """Claim sets an agent could not get right, waiting for a person."""


@review_group.command("queue")
@click.option(
    "--status",
    default="needs_human",
    show_default=True,
    help="Only claim sets whose status in force is this (resolved, discarded, …; all: every one).",
)
@format_option(
    ["table", "json"],
    "table",
    "json prints each claim set's raw text, every problem and every resolution event.",
)
@db_option
@handles_errors
def queue_command(status: str, fmt: str, db: str | None) -> None:
    """List the review queue, oldest first, with each item's status in force.

    The status in force is the latest `tieout review resolve` event's (reopened: needs_human),
    else the status the claim set was queued with (needs_human).
    """
    from tieout.store import Store

    with Store.open(db) as store:
        items = store.review_queue(status)
    if fmt == "json":
        print_json(
            [
                {
                    "id": item.id,
                    "source": item.source,
                    "status": item.status_in_force,
                    "created_at": item.created_at.isoformat(),
                    "problems": [{"path": p, "message": m} for p, m in item.problems],
                    "raw_text": item.raw_text,
                    "events": [e.to_dict() for e in item.events],
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
    for column in ("id", "source", "status", "created", "problems", "events"):
        table.add_column(column, overflow="fold")
    for item in items:
        table.add_row(
            str(item.id),
            item.source,
            item.status_in_force,
            item.created_at.strftime("%Y-%m-%d %H:%M:%S"),
            "\n".join(f"{p}: {m}" for p, m in item.problems),
            "\n".join(
                f"{e.resolved_at:%Y-%m-%d %H:%M} {e.outcome} by {e.reviewer}: {e.note}"
                for e in item.events
            ),
        )
    make_console().print(table)


@review_group.command("resolve")
@click.argument("queue_id", type=int, metavar="QUEUE_ID")
@click.option(
    "--outcome",
    type=click.Choice(["resolved", "discarded", "reopened"]),
    required=True,
    help="resolved: fixed and submitted again; discarded: not worth fixing; reopened: back "
    "to needs_human.",
)
@click.option("--note", default="", help="What was done, or why (required).")
@reviewer_option
@format_option(["text", "json"], "text", "json prints the stored event.")
@db_option
@handles_errors
def resolve_command(
    queue_id: int, outcome: str, note: str, reviewer: str, fmt: str, db: str | None
) -> None:
    """Record what was done with a queued claim set; the queue's own record is never changed.

    QUEUE_ID is the id `tieout review queue` shows. A resolved or discarded item leaves the
    queue; reopen it to put it back. A note and a reviewer are always required.
    """
    from tieout.schemas.review_status import NEEDS_HUMAN, REOPENED
    from tieout.store import Store

    with Store.open(db) as store:
        done = store.resolve_queue_item(queue_id, outcome, note, reviewer)
    if fmt == "json":
        print_json(done.to_dict())
        return
    back = f", back to {NEEDS_HUMAN}" if outcome == REOPENED else ""
    click.echo(f"review queue item {queue_id}: {outcome} by {done.reviewer}{back} ({done.note})")


def _claim_json(r: ClaimResultRecord) -> dict[str, Any]:
    return r.to_dict() | {
        "run_id": r.run_id,
        "registry_version": None
        if r.registry_effective_from is None
        else f"{r.registry_metric_key}@{r.registry_effective_from.isoformat()}",
        "checked_at": r.checked_at.isoformat(),
    }


def _verdict_text(r: Any) -> Any:
    """The checker's verdict, and a reviewer's override beside it: ``fail → warning``."""
    from rich.text import Text

    shown = Text(r.verdict, style=VERDICT_STYLE.get(r.verdict, ""))
    o = r.override
    if o is not None:
        shown.stylize("strike")
        shown.append(" → ")
        shown.append(o.verdict, style=VERDICT_STYLE.get(o.verdict, ""))
        shown.append(f" ({o.reviewer})")
    return shown


@review_group.command("list")
@click.option(
    "--verdict",
    type=click.Choice(VERDICTS),
    help="Only claims whose verdict is now this (a reviewer's override counts).",
)
@click.option("--metric", "metric_key", metavar="METRIC", help="Only claims of this metric.")
@click.option("--run", "run_id", metavar="ID", help="Only claims of this run.")
@format_option(["table", "json"], "table", "json prints every check's result and override.")
@db_option
@handles_errors
def list_command(
    verdict: str | None, metric_key: str | None, run_id: str | None, fmt: str, db: str | None
) -> None:
    """Stored claims with their ids, verdicts and first reasons (oldest run first).

    An overridden claim shows the checker's verdict struck through beside the reviewer's.
    """
    from tieout.store import Store

    with Store.open(db) as store:
        rows = store.list_claim_results(metric_key=metric_key, run_id=run_id)
    if verdict is not None:
        rows = [r for r in rows if r.effective_verdict == verdict]
    if fmt == "json":
        print_json([_claim_json(r) for r in rows])
        return
    if not rows:
        click.echo("no stored claims match")
        return
    from rich.text import Text

    console = make_console()
    for r in rows:
        head = Text(f"{r.id}  ", style="bold")
        head.append_text(_verdict_text(r))
        value = format_value(r.claim.get("value"), r.claim.get("unit"))
        head.append(f"  {r.metric_key}  {value}  run {r.run_id}")
        console.print(head, no_wrap=True, overflow="fold")
        lines = [r.reason] if r.override is None else [r.reason, f"override: {r.override.reason}"]
        print_records(console, [("", lines)])


@review_group.command("runs")
@format_option(["table", "json"], "table", "json adds each run's whole source path.")
@db_option
@handles_errors
def runs_command(fmt: str, db: str | None) -> None:
    """Stored check runs, newest first, with their verdict counts."""
    from tieout.store import Store

    with Store.open(db) as store:
        runs = store.list_runs()
    if fmt == "json":
        print_json(
            [
                {
                    "run_id": r.run_id,
                    "source": r.source,
                    "created_at": r.created_at.isoformat(),
                    "counts": r.counts,
                }
                for r in runs
            ]
        )
        return
    if not runs:
        click.echo("no runs stored yet (`tieout check CLAIMS.json` makes one)")
        return
    table = data_table(
        ("run", "checked", *VERDICTS, "source"),
        [
            (
                r.run_id,
                r.created_at.strftime("%Y-%m-%d %H:%M"),
                *(str(r.counts.get(v, 0)) for v in VERDICTS),
                _file_name(r.source),
            )
            for r in runs
        ],
        wrap=("source",),
    )
    make_console().print(table)


def _file_name(source: str) -> str:
    """A run's source as a table shows it: a file by its name (``--format json``: the path)."""
    from pathlib import PurePath

    return PurePath(source).name if "/" in source or "\\" in source else source


@review_group.command("attempts")
@click.option("--run", "run_id", metavar="ID", help="Only the attempts that led to this run.")
@format_option(["table", "json"], "table", "json prints each response's raw text.")
@db_option
@handles_errors
def attempts_command(run_id: str | None, fmt: str, db: str | None) -> None:
    """Every response an agent gave `tieout.enforce`, its problems and the re-ask sent back."""
    from tieout.store import Store

    with Store.open(db) as store:
        rows = store.attempts(run_id)
    if fmt == "json":
        print_json(
            [
                {
                    "id": a.id,
                    "source": a.source,
                    "attempt": a.attempt,
                    "outcome": a.outcome,
                    "run_id": a.run_id,
                    "queue_id": a.queue_id,
                    "created_at": a.created_at.isoformat(),
                    "problems": [{"path": p, "message": m} for p, m in a.problems],
                    "reask": a.message,
                    "raw_text": a.raw_text,
                }
                for a in rows
            ]
        )
        return
    if not rows:
        click.echo("no attempts stored" + (f" for run {run_id}" if run_id else ""))
        return
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False)
    for column in ("id", "source", "try", "ended in", "problems", "re-asked"):
        table.add_column(column, overflow="fold")
    for a in rows:
        ended = a.run_id if a.run_id else f"review queue #{a.queue_id}"
        table.add_row(
            str(a.id),
            a.source,
            str(a.attempt),
            f"{a.outcome} ({ended})",
            "\n".join(f"{p}: {m}" for p, m in a.problems) or "none",
            "yes" if a.message else "no",
        )
    make_console().print(table)


@review_group.command("override")
@click.argument("claim_id", type=int, metavar="CLAIM_ID")
@click.option("--verdict", type=click.Choice(VERDICTS), required=True, help="The new verdict.")
@click.option("--reason", default="", help="Why the checker's verdict is wrong (required).")
@reviewer_option
@format_option(["text", "json"], "text", "json prints the stored override.")
@db_option
@handles_errors
def override_command(
    claim_id: int, verdict: str, reason: str, reviewer: str, fmt: str, db: str | None
) -> None:
    """Give a stored claim a reviewer's verdict, with a reason; the checker's stays on record.

    CLAIM_ID is the id `tieout review list` shows. A reason and a reviewer are always
    required: a fail is never quietly turned into a warning.
    """
    import getpass

    from tieout.store import Store

    try:
        user = getpass.getuser()
    except (OSError, KeyError):  # no login name in the environment or the password file
        user = "unknown"
    with Store.open(db) as store:
        done = store.override_claim(
            claim_id, verdict, reason=reason, reviewer=reviewer, signed_in_as=f"OS user {user}"
        )
    if fmt == "json":
        print_json(done.to_dict())
        return
    click.echo(
        f"claim {claim_id}: {done.original_verdict} → {done.verdict} by {done.reviewer} "
        f"[{done.signed_in_as}] ({done.reason})"
    )


@review_group.command("sample")
@click.option(
    "--passing",
    "n",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="How many passing claims to draw.",
)
@click.option(
    "--week",
    metavar="YYYY-Www",
    help="The ISO week, e.g. 2026-W48, or this (default: last week).",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False),
    default=".",
    show_default=True,
    help="Folder for calibration-WEEK.csv and .html (made if it does not exist).",
)
@click.option("--force", is_flag=True, help="Rewrite sheet files that already exist.")
@format_option(["text", "json"], "text", "json prints the sampled claims.")
@db_option
@handles_errors
def sample_command(
    n: int, week: str | None, out_dir: str, force: bool, fmt: str, db: str | None
) -> None:
    """Draw a week's random sample of passing claims and write the review sheet (CSV and HTML).

    The draw is reproducible (seeded by the week) and stored: asking again for the same week
    gives the same claims. Fill `confirmed` (yes/no), `note` and `reviewer` in the CSV, then
    run `tieout review record`.
    """
    from datetime import UTC, datetime, timedelta
    from pathlib import Path

    from tieout.review.calibration import (
        draw_sample,
        previous_week,
        sheet_csv,
        sheet_html,
        week_bounds,
    )
    from tieout.store import Store

    week = (week or previous_week()).strip()
    if week.lower() == "this":
        week = previous_week(datetime.now(UTC).date() + timedelta(days=7))  # this ISO week
    week_bounds(week)  # a bad week fails before the database is touched
    folder = Path(out_dir)  # made when a sheet is written; click refuses a file
    csv_path, html_path = folder / f"calibration-{week}.csv", folder / f"calibration-{week}.html"
    there = [str(p) for p in (csv_path, html_path) if p.exists()]
    if there and not force:  # checked before anything is drawn or stored
        from tieout.errors import InputError

        raise InputError(
            f"{' and '.join(there)} already exist (a sheet being filled in?); record it first "
            "with `tieout review record`, or pass --force to rewrite"
        )
    with Store.open(db) as store:
        items, drawn_now = draw_sample(store, week, n)
        csv_text = sheet_csv(items, store)
        html_text = sheet_html(items, week, store)
        busy = [] if items else _weeks_with_passes(store)
    if items:
        folder.mkdir(parents=True, exist_ok=True)
        _write_whole(csv_path, csv_text)
        _write_whole(html_path, html_text)
    if fmt == "json":
        print_json(
            {
                "week": week,
                "drawn_now": drawn_now,
                "sampled": [
                    {"sample_id": i.sample_id, "claim_id": i.claim.id, "run_id": i.claim.run_id}
                    for i in items
                ],
                "csv": str(csv_path) if items else None,
                "html": str(html_path) if items else None,
            }
        )
        return
    if not items:
        click.echo(
            f"no passing claims were checked in {week}; nothing sampled, no sheet written"
            + (
                f" (passing claims were checked in {', '.join(busy)}: --week {busy[-1]})"
                if busy
                else ""
            )
        )
        return
    how = "drew" if drawn_now else "kept the sample drawn earlier:"
    click.echo(f"{week}: {how} {len(items)} passing claims; wrote {csv_path} and {html_path}")


def _weeks_with_passes(store: Any) -> list[str]:
    """The ISO weeks in which passing claims were checked, oldest first (the last five)."""
    weeks = {
        f"{d.isocalendar().year}-W{d.isocalendar().week:02d}"
        for r in store.list_claim_results(verdict="pass")
        for d in [r.checked_at.date()]
    }
    return sorted(weeks)[-5:]


def _write_whole(path: Any, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file, then a rename)."""
    import os
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


@review_group.command("record")
@click.argument("sheet", metavar="SHEET.csv")
@click.option("--reviewer", metavar="NAME", help="Who checked rows whose reviewer column is empty.")
@db_option
@handles_errors
def record_command(sheet: str, reviewer: str | None, db: str | None) -> None:
    """Record a person's verdicts from a filled calibration sheet (all rows or none)."""
    from tieout.review.calibration import read_sheet
    from tieout.store import Store

    checks, blank = read_sheet(sheet, reviewer)
    with Store.open(db) as store:
        stored = store.record_calibration(checks)
    confirmed = sum(1 for c in checks if c[2])
    tail = f"; {blank} left blank" if blank else ""
    click.echo(
        f"recorded {stored} checks from {sheet}: {confirmed} confirmed, "
        f"{stored - confirmed} wrongly passed{tail}"
    )
