"""`tieout docs …`: ingest and inspect the source documents."""

from __future__ import annotations

from datetime import date
from typing import Any

import click

from tieout.cli._options import (
    date_option,
    db_option,
    fiscal_year_option,
    format_option,
    handles_errors,
    make_console,
    open_store,
    progress,
)
from tieout.cli.render import print_json

__all__ = ["docs"]


@click.group()
def docs() -> None:
    """Ingest and inspect source documents (snapshots by content hash)."""


@docs.command("add")
@click.argument("file", metavar="FILE|FOLDER")
@click.option(
    "--id",
    "doc_id",
    help="The id claims cite as source_doc_id (default: the file's name without extension).",
)
@click.option(
    "--id-prefix",
    default="",
    metavar="TEXT",
    help="Put this before every id taken from a file's path (a folder's, or one file's).",
)
@date_option("--period-start", help="First day the document reports on.")
@date_option("--period-end", help="Last day the document reports on.")
@click.option(
    "--period",
    "period_text",
    metavar="PERIOD",
    help="Instead of start/end: 2026-07, Q3 2026, FY2025, H1 2026 …",
)
@date_option("--published", help="Publication date (registry versions are judged as of it).")
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
    from tieout.documents.ingest import ingest_file
    from tieout.errors import InputError

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
    if doc_id is None:  # a single file is cited by its name without the extension
        doc_id = id_prefix + Path(file).stem
    if period_text:
        from tieout.periods import parse_dated_period

        p = parse_dated_period(period_text, fiscal_year_start_month=fy_start)
        period_start, period_end = p.start, p.end
    with open_store(db) as store:
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
    from tieout.documents.ingest import folder_files, ingest_folder

    files, _ = folder_files(folder)
    with (
        open_store(db) as store,
        progress(len(files), quiet or fmt == "json", label="reading", at_least=20) as tick,
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
@format_option(["table", "json"], "table", "json prints every field of each latest snapshot.")
@db_option
@handles_errors
def docs_list(fmt: str, db: str | None) -> None:
    """List ingested documents (latest snapshot of each)."""
    from tieout.cli.render import data_table

    with open_store(db) as store:
        recs = store.list_documents()
    if fmt == "json":
        print_json([_record_json(r) for r in recs])
        return
    table = data_table(
        ("id", "period", "published", "snapshots"),
        [
            (
                r.doc_id,
                f"{r.period_start} – {r.period_end}" if r.period_start else "",
                str(r.published or ""),
                str(r.snapshots),
            )
            for r in recs
        ],
    )
    make_console().print(
        table if recs else "no documents yet: add one with `tieout docs add FILE --id ID`"
    )


def _record_json(rec: Any) -> dict[str, Any]:
    """A stored snapshot without its text, as ``docs list`` and ``docs show`` print it."""
    return {
        "doc_id": rec.doc_id,
        "source_name": rec.source_name,
        "media_type": rec.media_type,
        "sha256": rec.sha256,
        "period_start": rec.period_start.isoformat() if rec.period_start else None,
        "period_end": rec.period_end.isoformat() if rec.period_end else None,
        "published": rec.published.isoformat() if rec.published else None,
        "scale": rec.scale,
        "numbers": rec.numbers,
        "snapshots": rec.snapshots,
        "ingested_at": rec.ingested_at.isoformat() if rec.ingested_at else None,
    }


@docs.command("show")
@click.argument("doc_id", metavar="ID")
@click.option("--sections", is_flag=True, help="List the sections locators can point at.")
@format_option(["text", "json"], "text", "json prints the snapshot, its counts and sections.")
@db_option
@handles_errors
def docs_show(doc_id: str, sections: bool, fmt: str, db: str | None) -> None:
    """Show a document's metadata, and its sections or figure count."""
    from tieout.documents.ingest import document_from_record

    with open_store(db) as store:
        rec = store.get_document(doc_id)
    doc = document_from_record(rec)
    if fmt == "json":
        data = _record_json(rec)
        data |= {
            "figures": len(doc.figures),
            "tables": len(doc.layout.tables),
            "sections": [
                {
                    "kind": s.kind,
                    "title": s.title,
                    "number": s.number,
                    "index": s.index if s.kind == "paragraph" else None,
                    "parent": s.parent or None,
                    "span": list(s.span),
                }
                for s in doc.layout.sections
            ],
        }
        print_json(data)
        return
    console = make_console()
    console.print(f"[bold]{rec.doc_id}[/bold]  {rec.source_name}")
    console.print(f"sha256 {rec.sha256}", markup=False)
    console.print(
        f"period {doc.period.describe() if doc.period else '—'}  published {rec.published or '—'}",
        markup=False,
    )
    console.print(
        f"scale {rec.scale or '—'}  numbers {rec.numbers}  snapshots {rec.snapshots}", markup=False
    )
    console.print(
        f"{_count(len(doc.figures), 'figure')}, {_count(len(doc.layout.tables), 'table')}, "
        f"{_count(len(doc.layout.sections), 'section')}"
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


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
