"""`tieout report …`: reports on a run, on verdict rates, and on the checker's own precision."""

from __future__ import annotations

from typing import Any

import click

from tieout.cli._options import date_option, db_option, format_option, handles_errors, make_console
from tieout.cli.render import VERDICTS, print_json

__all__ = ["report_group"]


@click.group(name="report")
def report_group() -> None:
    """Reports: a stored run, verdict rates per metric, the checker's calibration."""


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

    from tieout.review import build_run_report, render_html, render_markdown
    from tieout.store import Store

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


@report_group.command("rates")
@click.option("--metric", "metric_key", metavar="METRIC", help="Only this metric.")
@date_option("--since", help="Only claims checked on or after this date.")
@click.option(
    "--by",
    type=click.Choice(["week", "month"]),
    default="week",
    show_default=True,
    help="The period to group by.",
)
@click.option("--chart", metavar="FILE", help="Also draw the rates to FILE (.png or .svg).")
@format_option(["table", "json"], "table", "json prints every row and flag.")
@db_option
@handles_errors
def report_rates_command(
    metric_key: str | None,
    since: Any,
    by: str,
    chart: str | None,
    fmt: str,
    db: str | None,
) -> None:
    """The rate of each verdict per metric per week or month, and metrics whose failures rise.

    A rising unsupported rate usually means retrieval is failing: the right document is not
    reaching the agent. Rates count the checker's verdicts, not reviewers' overrides.
    """
    from tieout.review.rates import verdict_rates, write_chart
    from tieout.store import Store

    if chart:
        from pathlib import Path

        from tieout.review.rates import BAD_CHART, CHART_FORMATS

        if Path(chart).suffix.lower() not in CHART_FORMATS:
            from tieout.errors import InputError

            raise InputError(BAD_CHART.format(name=chart))
        if not Path(chart).resolve().parent.is_dir():
            from tieout.errors import InputError

            raise InputError(f"--chart {chart}: its folder does not exist; create it first")
    with Store.open(db) as store:
        table = verdict_rates(store, metric_key=metric_key, since=since, by=by)
    if chart:
        write_chart(table, chart)
    if fmt == "json":
        print_json(table.to_dict() | ({"chart": chart} if chart else {}))
        return
    if not table.rows:
        click.echo("no stored claims match")
    else:
        from rich.table import Table

        out = Table(show_edge=False, pad_edge=False)
        for column in ("metric", by, "claims", *VERDICTS):
            out.add_column(column, justify="right" if column not in ("metric", by) else "left")
        for r in table.rows:
            out.add_row(
                r.metric_key,
                r.period,
                str(r.total),
                *(f"{r.rate(v):.0%}" if r.counts.get(v) else "·" for v in VERDICTS),
            )
        make_console().print(out)
        for flag in table.flags:
            click.echo(f"rising: {flag.message}")
    if chart:
        click.echo(f"wrote the chart to {chart}")


@report_group.command("calibration")
@format_option(["table", "json"], "table", "json prints each week's figures.")
@db_option
@handles_errors
def report_calibration_command(fmt: str, db: str | None) -> None:
    """The checker's precision on passes per week: confirmed / reviewed, with a 95% interval."""
    from tieout.review.calibration import calibration_weeks
    from tieout.store import Store

    with Store.open(db) as store:
        weeks = calibration_weeks(store)
    if fmt == "json":
        print_json([w.to_dict() for w in weeks])
        return
    if not weeks:
        click.echo("no calibration samples yet (`tieout review sample` draws one)")
        return
    from rich.table import Table

    out = Table(show_edge=False, pad_edge=False)
    for column in ("week", "sampled", "reviewed", "confirmed", "precision", "95% interval"):
        out.add_column(column, justify="left" if column == "week" else "right")
    for w in weeks:
        p = w.precision
        out.add_row(
            w.week,
            str(w.sampled),
            str(w.reviewed),
            str(w.confirmed),
            "—" if p is None else f"{p:.0%}",
            "—" if p is None else f"{w.low:.0%}–{w.high:.0%}",
        )
    make_console().print(out)
