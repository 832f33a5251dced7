"""`tieout registry …`: what each metric means, its unit, period and authoritative document."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

import click

from tieout.cli._options import (
    date_option,
    db_option,
    fiscal_year_option,
    format_option,
    handles_errors,
    make_console,
    open_store,
)
from tieout.cli.render import print_json, print_records

if TYPE_CHECKING:
    from tieout.schemas import MetricDefinition

__all__ = ["registry"]


@click.group()
def registry() -> None:
    """Register what each metric means, its unit, period and authoritative document."""


@registry.command("add")
@click.argument("metric_key", metavar="METRIC")
@click.option("--definition", required=True, help="What the metric means, in words.")
@click.option(
    "--unit", required=True, help="USD, USD_thousands, percent, count, shares_thousands …"
)
@click.option("--source-doc", required=True, help="The authoritative document id.")
@date_option("--period-start", help="First day of the metric's period.")
@date_option("--period-end", help="Last day of the metric's period.")
@click.option(
    "--period", "period_text", metavar="PERIOD", help="Instead of start/end: 2026-07, Q3 2026 …"
)
@date_option("--effective-from", help="Default: today.")
@click.option(
    "--backdate",
    is_flag=True,
    help="Allow a date inside the history: the version then in force is split.",
)
@fiscal_year_option
@db_option
@handles_errors
def registry_add(
    metric_key: str,
    definition: str,
    unit: str,
    source_doc: str,
    period_start: date | None,
    period_end: date | None,
    period_text: str | None,
    effective_from: date | None,
    backdate: bool,
    fy_start: int,
    db: str | None,
) -> None:
    """Register a metric, or record a new version of it (the old one is closed)."""
    from tieout.errors import InputError
    from tieout.schemas import MetricDefinition

    if period_text:
        from tieout.periods import parse_dated_period

        p = parse_dated_period(period_text, fiscal_year_start_month=fy_start)
        period_start, period_end = p.start, p.end
    if period_start is None or period_end is None:
        raise InputError(
            "give the metric's period: --period 2026-07, or --period-start and --period-end"
        )
    defn = MetricDefinition.from_mapping(
        {
            "metric_key": metric_key,
            "definition": definition,
            "unit": unit,
            "period_start": period_start,
            "period_end": period_end,
            "source_doc_id": source_doc,
            "effective_from": effective_from or date.today(),
        }
    )
    with open_store(db) as store:
        outcome = store.set_metric(defn, backdate=backdate)
        known = source_doc in store.get_documents([source_doc])
    click.echo(f"{metric_key}: {outcome}")
    if not known:  # allowed: the registry may come before the documents
        click.echo(
            f"note: no document {source_doc!r} is ingested yet; "
            f"add it with `tieout docs add FILE --id {source_doc}`",
            err=True,
        )


@registry.command("import")
@click.argument("file", metavar="FILE.yaml|FILE.csv")
@click.option("--dry-run", is_flag=True, help="Show what would change; change nothing.")
@db_option
@handles_errors
def registry_import(file: str, dry_run: bool, db: str | None) -> None:
    """Import metric definitions from YAML or CSV, all or nothing."""
    from tieout.registry import load_metric_file

    defs = load_metric_file(file)
    with open_store(db) as store:
        plan = store.import_metrics(defs, dry_run=dry_run)
    parts = [f"+ {k} (new)" for k in plan.new]
    parts += [f"~ {k}: {', '.join(attrs)} changed" for k, attrs in plan.changed]
    parts.append(f"= {len(plan.unchanged)} unchanged")
    click.echo("   ".join(parts))
    if dry_run:
        click.echo("dry run: nothing was changed")


@registry.command("show")
@click.argument("metric_key", metavar="METRIC")
@date_option("--as-of", help="Default: today.")
@format_option(["text", "json"], "text", "json prints the version as one object.")
@db_option
@handles_errors
def registry_show(metric_key: str, as_of: date | None, fmt: str, db: str | None) -> None:
    """Show the version of a metric in force on a date."""
    from tieout.errors import UnknownMetric

    on = as_of or date.today()
    with open_store(db) as store:
        row = store.metric_as_of(metric_key, on)
    if row is None:
        raise UnknownMetric(metric_key, on)
    if fmt == "json":
        print_json(_version_json(row))
        return
    for name, value in _version_json(row).items():
        click.echo(f"{name:<15} {value or '—'}")


def _version_json(row: MetricDefinition) -> dict[str, Any]:
    """One metric version, as every ``--format json`` of the registry prints it."""
    return {
        "metric_key": row.metric_key,
        "definition": row.definition,
        "unit": row.unit,
        "period_start": row.period_start.isoformat(),
        "period_end": row.period_end.isoformat(),
        "source_doc_id": row.source_doc_id,
        "effective_from": row.effective_from.isoformat(),
        "effective_to": row.effective_to.isoformat() if row.effective_to else None,
    }


@registry.command("history")
@click.argument("metric_key", metavar="METRIC")
@format_option(["table", "json"], "table", "json prints every version with what it changed.")
@db_option
@handles_errors
def registry_history(metric_key: str, fmt: str, db: str | None) -> None:
    """Every version of a metric, oldest first, with what each one changed."""
    from tieout.errors import UnknownMetric
    from tieout.registry.history import changed_fields

    with open_store(db) as store:
        rows = store.metric_history(metric_key)
    if not rows:
        raise UnknownMetric(metric_key)
    versions: list[dict[str, Any]] = []
    previous = None
    for r in rows:
        changed: list[str] | None = None if previous is None else changed_fields(previous, r)
        versions.append({**_version_json(r), "changed": changed})
        previous = r
    if fmt == "json":
        print_json(versions)
        return
    print_records(
        make_console(),
        [
            (
                f"{v['effective_from']} – {v['effective_to'] or 'now'}  "
                + ("first version" if v["changed"] is None else _changed(v["changed"])),
                [v["definition"], _where(v)],
            )
            for v in versions
        ],
    )


def _changed(fields: list[str]) -> str:
    return f"changed {', '.join(fields)}" if fields else "unchanged"


def _where(v: dict[str, Any]) -> str:
    return f"{v['unit']} · {v['period_start']} – {v['period_end']} · source {v['source_doc_id']}"


@registry.command("export")
@date_option("--as-of", help="The versions in force on this date (default: today).")
@click.option(
    "--history",
    "full",
    is_flag=True,
    help="Every version of every metric, not only those in force.",
)
@format_option(["yaml", "csv"], "yaml", "The same formats `registry import` reads.")
@click.option("--output", "-o", metavar="FILE", help="Write here instead of standard output.")
@db_option
@handles_errors
def registry_export(
    as_of: date | None, full: bool, fmt: str, output: str | None, db: str | None
) -> None:
    """Write the registry in the format `registry import` reads (export then import changes nothing)."""
    from pathlib import Path

    from tieout.registry.files import dump_metrics

    with open_store(db) as store:
        if full:
            keys = [m.metric_key for m in store.list_metrics()]
            rows = [v for k in keys for v in store.metric_history(k)]
        else:
            rows = store.list_metrics(as_of or date.today())
    text = dump_metrics(rows, fmt)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"wrote {len(rows)} metric version{'s' if len(rows) != 1 else ''} to {output}")
    else:
        click.echo(text, nl=False)


@registry.command("list")
@date_option("--as-of")
@format_option(["table", "json"], "table", "json prints each version in force.")
@db_option
@handles_errors
def registry_list(as_of: date | None, fmt: str, db: str | None) -> None:
    """The metrics in force (today, or --as-of)."""
    with open_store(db) as store:
        rows = store.list_metrics(as_of or date.today())
    if fmt == "json":
        print_json([_version_json(r) for r in rows])
        return
    versions = [_version_json(r) for r in rows]
    records = [
        (f"{v['metric_key']}  (since {v['effective_from']})", [v["definition"], _where(v)])
        for v in versions
    ]
    empty = (
        f"no metrics in force on {as_of}"
        if as_of
        else "no metrics yet: `tieout registry add` or `tieout registry import`"
    )
    if not rows:
        click.echo(empty)
    print_records(make_console(), records)


registry.add_command(
    registry_add, name="set"
)  # issue 4's name for it; `add` reads better for a first version
