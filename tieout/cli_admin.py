"""`tieout docs …` and `tieout registry …`: the sources and the metric registry."""

from __future__ import annotations

from datetime import date
from typing import Any

import click

from tieout.cli import (
    _console,
    _date,
    _progress,
    _store,
    db_option,
    format_option,
    handles_errors,
)

__all__ = ["docs", "registry"]


fiscal_year_option = click.option(
    "--fiscal-year-start",
    "fy_start",
    type=click.IntRange(1, 12),
    default=1,
    show_default=True,
    metavar="MONTH",
    help="First month of the fiscal year, for --period FY2025 or Q3 FY2026 (10 = October).",
)

# --------------------------------------------------------------------------- docs


@click.group()
def docs() -> None:
    """Ingest and inspect source documents (snapshots by content hash)."""


@docs.command("add")
@click.argument("file", metavar="FILE|FOLDER")
@click.option(
    "--id", "doc_id", help="The id claims cite as source_doc_id (a single file needs one)."
)
@click.option(
    "--id-prefix",
    default="",
    metavar="TEXT",
    help="For a folder: put this before every id (ids are the files' relative paths).",
)
@click.option(
    "--period-start", callback=_date, metavar="DATE", help="First day the document reports on."
)
@click.option(
    "--period-end", callback=_date, metavar="DATE", help="Last day the document reports on."
)
@click.option(
    "--period",
    "period_text",
    metavar="PERIOD",
    help="Instead of start/end: 2026-07, Q3 2026, FY2025, H1 2026 …",
)
@click.option(
    "--published",
    callback=_date,
    metavar="DATE",
    help="Publication date (registry versions are judged as of it).",
)
@click.option("--scale", metavar="UNIT", help="Unit of bare table figures, e.g. USD_thousands.")
@click.option(
    "--numbers",
    default="auto",
    show_default=True,
    metavar="auto|point|comma",
    help="How the file writes figures: point 1,234.56; comma 1.234,56 (European filers); "
    "auto reads it off the file.",
)
@fiscal_year_option
@click.option("--quiet", "-q", is_flag=True, help="Print only the summary line.")
@format_option(["text", "json"], "text", "json prints each stored snapshot.")
@db_option
@handles_errors
def docs_add(
    file: str,
    doc_id: str | None,
    id_prefix: str,
    period_start: date | None,
    period_end: date | None,
    period_text: str | None,
    published: date | None,
    scale: str | None,
    numbers: str,
    fy_start: int,
    quiet: bool,
    fmt: str,
    db: str | None,
) -> None:
    """Ingest a source file as a snapshot of document ID, or a whole folder.

    Reads .txt, .md, .csv, .tsv, .html (.htm), .xlsx and .pdf; HTML, workbooks and PDFs are
    stored as the text tieout reads from them. A folder is read whole first (a bad file stops it before anything is stored), then
    every file is stored in one transaction, each under its path without the extension.
    """
    from pathlib import Path

    from tieout.documents.document import numbers_of
    from tieout.errors import InputError
    from tieout.operations import ingest_file

    numbers_of(numbers, "")  # a bad value is refused before any file is read
    if Path(file).is_dir():
        if doc_id is not None:
            raise InputError(
                f"{file} is a folder: its ids come from its file names, so drop --id "
                "(--id-prefix puts text before each)"
            )
        if period_text or period_start or period_end:
            raise InputError(
                f"{file} is a folder, whose files may cover different periods; drop the period "
                "options, or add dated files one by one"
            )
        _add_folder(file, id_prefix, published, scale, numbers, quiet, fmt, db)
        return
    if doc_id is None:
        raise InputError(f"give the document an id: tieout docs add {file} --id ID")
    if period_text:
        from tieout.periods import parse_dated_period

        p = parse_dated_period(period_text, fiscal_year_start_month=fy_start)
        period_start, period_end = p.start, p.end
    with _store(db) as store:
        rec, created = ingest_file(
            store,
            file,
            doc_id,
            period_start=period_start,
            period_end=period_end,
            published=published,
            scale=scale,
            numbers=numbers,
        )
    if fmt == "json":
        from tieout.console import print_json

        print_json([_doc_json(rec, created)])
        return
    what = "ingested" if created else "unchanged (same content already stored)"
    click.echo(
        f"{rec.doc_id}: {what}  sha256 {rec.sha256[:12]}  numbers {rec.numbers}"
        f"  snapshot {rec.snapshots}"
    )


def _doc_json(rec: Any, created: bool) -> dict[str, Any]:
    return {
        "doc_id": rec.doc_id,
        "created": created,
        "sha256": rec.sha256,
        "snapshot": rec.snapshots,
        "source_name": rec.source_name,
        "numbers": rec.numbers,
    }


def _add_folder(
    folder: str,
    id_prefix: str,
    published: date | None,
    scale: str | None,
    numbers: str,
    quiet: bool,
    fmt: str,
    db: str | None,
) -> None:
    from tieout.operations import folder_files, ingest_folder

    files, _ = folder_files(folder)
    with (
        _store(db) as store,
        _progress(len(files), quiet or fmt == "json", label="reading", at_least=20) as tick,
    ):
        stored, skipped = ingest_folder(
            store,
            folder,
            id_prefix=id_prefix,
            tick=tick,
            published=published,
            scale=scale,
            numbers=numbers,
        )
    if fmt == "json":
        from tieout.console import print_json

        print_json(
            {
                "documents": [_doc_json(rec, created) for rec, created in stored],
                "skipped": [str(p) for p in skipped],
            }
        )
        return
    new = sum(1 for _, created in stored if created)
    if not quiet:
        for rec, created in stored:
            what = "ingested" if created else "unchanged"
            click.echo(
                f"{rec.doc_id}: {what}  sha256 {rec.sha256[:12]}  numbers {rec.numbers}"
                f"  snapshot {rec.snapshots}"
            )
    tail = ""
    if skipped:
        names = ", ".join(p.name for p in skipped[:5]) + (" …" if len(skipped) > 5 else "")
        tail = f"; skipped {len(skipped)} of other formats ({names})"
    click.echo(f"{folder}: {new} ingested, {len(stored) - new} unchanged{tail}")


@docs.command("list")
@db_option
@handles_errors
def docs_list(db: str | None) -> None:
    """List ingested documents (latest snapshot of each)."""
    from rich.table import Table

    with _store(db) as store:
        recs = store.list_documents()
    table = Table()
    for col in ("id", "file", "period", "published", "scale", "numbers", "snapshots", "sha256"):
        # ids are what users type next: never cut them, fold the rest instead
        wide = max((len(r.doc_id) for r in recs), default=2) if col == "id" else None
        table.add_column(col, no_wrap=col == "id", min_width=wide, overflow="fold")
    for r in recs:
        period = f"{r.period_start} – {r.period_end}" if r.period_start else ""
        table.add_row(
            r.doc_id,
            r.source_name,
            period,
            str(r.published or ""),
            r.scale or "",
            r.numbers,
            str(r.snapshots),
            r.sha256[:12],
        )
    _console().print(
        table if recs else "no documents yet: add one with `tieout docs add FILE --id ID`"
    )


@docs.command("show")
@click.argument("doc_id", metavar="ID")
@click.option("--sections", is_flag=True, help="List the sections locators can point at.")
@db_option
@handles_errors
def docs_show(doc_id: str, sections: bool, db: str | None) -> None:
    """Show a document's metadata, and its sections or figure count."""
    from tieout.operations import document_from_record

    with _store(db) as store:
        rec = store.get_document(doc_id)
    doc = document_from_record(rec)
    console = _console()
    console.print(f"[bold]{rec.doc_id}[/bold]  {rec.source_name}  sha256 {rec.sha256}")
    console.print(
        f"period {doc.period.describe() if doc.period else '—'}  published {rec.published or '—'}  "
        f"scale {rec.scale or '—'}  numbers {rec.numbers}  snapshots {rec.snapshots}"
    )
    console.print(
        f"{len(doc.figures)} figures, {len(doc.layout.tables)} tables, "
        f"{len(doc.layout.sections)} sections"
    )
    if sections:
        for s in doc.layout.sections:
            label = (
                f"§{s.number} {s.title}"
                if s.number
                else (f"¶{s.index}" if s.kind == "paragraph" else s.title)
            )
            under = f"  (under {s.parent})" if s.parent else ""
            console.print(f"  {s.kind:<9} {label}{under}  [dim]{s.span[0]}–{s.span[1]}[/dim]")


# --------------------------------------------------------------------------- registry


@click.group()
def registry() -> None:
    """Register what each metric means, its unit, period and authoritative document."""


@registry.command("add")
@click.argument("metric_key", metavar="METRIC")
@click.option("--definition", required=True, help="What the metric means, in words.")
@click.option("--unit", required=True, help="USD, USD_thousands, USD_millions, percent, count …")
@click.option("--source-doc", required=True, help="The authoritative document id.")
@click.option(
    "--period-start", callback=_date, metavar="DATE", help="First day of the metric's period."
)
@click.option(
    "--period-end", callback=_date, metavar="DATE", help="Last day of the metric's period."
)
@click.option(
    "--period", "period_text", metavar="PERIOD", help="Instead of start/end: 2026-07, Q3 2026 …"
)
@click.option("--effective-from", callback=_date, metavar="DATE", help="Default: today.")
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
    with _store(db) as store:
        outcome = store.set_metric(defn, backdate=backdate)
    click.echo(f"{metric_key}: {outcome}")


@registry.command("import")
@click.argument("file", metavar="FILE.yaml|FILE.csv")
@click.option("--dry-run", is_flag=True, help="Show what would change; change nothing.")
@db_option
@handles_errors
def registry_import(file: str, dry_run: bool, db: str | None) -> None:
    """Import metric definitions from YAML or CSV, all or nothing."""
    from tieout.registry import load_metric_file

    defs = load_metric_file(file)
    with _store(db) as store:
        plan = store.import_metrics(defs, dry_run=dry_run)
    parts = [f"+ {k} (new)" for k in plan.new]
    parts += [f"~ {k}: {', '.join(attrs)} changed" for k, attrs in plan.changed]
    parts.append(f"= {len(plan.unchanged)} unchanged")
    click.echo("   ".join(parts))
    if dry_run:
        click.echo("dry run: nothing was changed")


@registry.command("show")
@click.argument("metric_key", metavar="METRIC")
@click.option("--as-of", callback=_date, metavar="DATE", help="Default: today.")
@db_option
@handles_errors
def registry_show(metric_key: str, as_of: date | None, db: str | None) -> None:
    """Show the version of a metric in force on a date."""
    from tieout.errors import UnknownMetric

    on = as_of or date.today()
    with _store(db) as store:
        row = store.metric_as_of(metric_key, on)
    if row is None:
        raise UnknownMetric(metric_key, on)
    for name in (
        "metric_key",
        "definition",
        "unit",
        "period_start",
        "period_end",
        "source_doc_id",
        "effective_from",
        "effective_to",
    ):
        click.echo(f"{name:<15} {getattr(row, name) or '—'}")


@registry.command("history")
@click.argument("metric_key", metavar="METRIC")
@db_option
@handles_errors
def registry_history(metric_key: str, db: str | None) -> None:
    """Every version of a metric, oldest first, with what each one changed."""
    from rich.table import Table

    from tieout.errors import UnknownMetric
    from tieout.registry.history import changed_fields

    with _store(db) as store:
        rows = store.metric_history(metric_key)
    if not rows:
        raise UnknownMetric(metric_key)
    table = Table()
    for col in (
        "effective_from",
        "effective_to",
        "changed",
        "definition",
        "unit",
        "period",
        "source",
    ):
        table.add_column(col, overflow="fold")
    previous = None
    for r in rows:
        changed = (
            "first version" if previous is None else ", ".join(changed_fields(previous, r)) or "—"
        )
        table.add_row(
            str(r.effective_from),
            str(r.effective_to or "—"),
            changed,
            r.definition,
            r.unit,
            f"{r.period_start} – {r.period_end}",
            r.source_doc_id,
        )
        previous = r
    _console().print(table)


@registry.command("export")
@click.option(
    "--as-of",
    callback=_date,
    metavar="DATE",
    help="The versions in force on this date (default: today).",
)
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

    with _store(db) as store:
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
@click.option("--as-of", callback=_date, metavar="DATE")
@db_option
@handles_errors
def registry_list(as_of: date | None, db: str | None) -> None:
    """The metrics in force (today, or --as-of)."""
    from rich.table import Table

    with _store(db) as store:
        rows = store.list_metrics(as_of or date.today())
    table = Table()
    for col in ("metric", "unit", "period", "source", "effective_from", "definition"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(
            r.metric_key,
            r.unit,
            f"{r.period_start} – {r.period_end}",
            r.source_doc_id,
            str(r.effective_from),
            r.definition,
        )
    empty = (
        f"no metrics in force on {as_of}"
        if as_of
        else "no metrics yet: `tieout registry add` or `tieout registry import`"
    )
    _console().print(table if rows else empty)


registry.add_command(
    registry_add, name="set"
)  # issue 4's name for it; `add` reads better for a first version
