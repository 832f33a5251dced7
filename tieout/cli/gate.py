"""`tieout gate`: check a draft before it is saved."""

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
)
from tieout.cli.render import print_json

__all__ = ["gate_command"]


@click.command("gate")
@click.argument("draft", metavar="DRAFT")
@click.option(
    "--source",
    "sources",
    multiple=True,
    metavar="FILE",
    help="A source the draft may cite (.txt, .md, .csv, .html, .xlsx, .pdf); repeat for several.",
)
@click.option(
    "--source-numbers",
    default="auto",
    show_default=True,
    metavar="auto|point|comma",
    help="How the --source files write figures: point 1,234.56; comma 1.234,56 (European "
    "filers); auto reads it off each file. The draft is always read as point.",
)
@click.option(
    "--doc", "doc_ids", multiple=True, metavar="ID", help="An ingested document as a source."
)
@click.option("--anchors", metavar="FILE", help="JSON of the fields an extraction step produced.")
@click.option(
    "--facts", "facts_files", multiple=True, metavar="FILE", help="A fact sheet (TOML or YAML)."
)
@click.option("--workflow", metavar="NAME", help="Which workflow's settings to apply.")
@click.option(
    "--config",
    "config_path",
    metavar="FILE",
    help="Workflow settings (default: ./tieout.toml, or [tool.tieout] in ./pyproject.toml).",
)
@format_option(
    ["text", "json"], "text", "json lists every figure with its key, line and where it was found."
)
@db_option
@handles_errors
def gate_command(
    draft: str,
    sources: tuple[str, ...],
    source_numbers: str,
    doc_ids: tuple[str, ...],
    anchors: str | None,
    facts_files: tuple[str, ...],
    workflow: str | None,
    config_path: str | None,
    fmt: str,
    db: str | None,
) -> None:
    """Gate a draft: every figure must be in the sources, or the save is refused.

    Exit 0 when the draft may be saved, 1 when it is rejected, 2 on unusable input.
    """
    from tieout.documents import read_source
    from tieout.documents.document import numbers_of
    from tieout.errors import InputError
    from tieout.gating import gate, load_anchors
    from tieout.gating.sources import text_index

    numbers_of(source_numbers, "", "--source-numbers")  # refused before anything is read
    if not (sources or doc_ids or anchors or facts_files):
        raise InputError(
            "nothing to check the draft against: give --source FILE or --doc ID "
            "(or --anchors FILE, --facts FILE)"
        )
    text, _ = _read_draft(draft)
    indexes = []
    for path in sources:
        body, media = read_source(path)
        label = f"source {Path(path).name}"
        indexes.append(text_index(body, label, csv=media == "csv", numbers=source_numbers))
    if doc_ids:
        from tieout.documents.ingest import document_from_record
        from tieout.gating.index import document_index
        from tieout.store import Store

        with Store.open(db) as store:
            for doc_id in dict.fromkeys(doc_ids):  # each document once
                indexes.append(document_index(document_from_record(store.get_document(doc_id))))
    anchor_data = None
    if anchors:
        p = Path(anchors)
        if not p.is_file():
            raise InputError(f"{anchors}: no such file")
        anchor_data = load_anchors(p.read_bytes(), anchors)
    sheets = None
    if facts_files:
        from tieout.gating.facts import load_facts

        sheets = [load_facts(f) for f in facts_files]
    result = gate(text, indexes, anchor_data, config_path, workflow=workflow, facts=sheets)
    if fmt == "json":
        print_json(result.to_dict())
    else:
        _render(result)
    sys.exit(EXIT_OK if result.passed else EXIT_FAILED)


def _read_draft(path: str) -> tuple[str, str]:
    from tieout.documents import read_source

    if path == "-":
        return sys.stdin.read(), "text"
    return read_source(path)


def _render(result: object) -> None:
    from rich.markup import escape

    from tieout.gating import GateResult

    assert isinstance(result, GateResult)
    console = make_console()
    where = (
        f"  (workflow {result.workflow})"
        if result.workflow and result.workflow != "default"
        else ""
    )
    if result.outcome == "disabled":
        console.print(f"[yellow]NOT CHECKED[/yellow] — {escape(result.message)}")
        return
    checked = [c for c in result.claims if c.status in ("found", "rounded")]
    if result.passed:
        rounded = f" ({result.rounded} as roundings)" if result.rounded else ""
        marked = f", {result.marked} marked [not in source]" if result.marked else ""
        console.print(
            f"[green]PASSED[/green] — {len(checked)} figure{'s' if len(checked) != 1 else ''} "
            "found in the sources"
            f"{rounded}{escape(marked)}{where}",
            soft_wrap=True,
        )
        for c in result.claims:
            if c.status == "rounded":
                console.print(
                    f" line {c.line:<4} {c.cls:<9} {escape(c.text)}  [dim]{escape(c.reason)}[/dim]",
                    soft_wrap=True,
                )
    else:
        n = len(result.rejected)
        console.print(
            f"[bold red]REJECTED[/bold red] — {n} figure{'s' if n != 1 else ''} not in the sources{where}",
            soft_wrap=True,
        )
        for c in result.rejected:
            console.print(
                f" line {c.line:<4} {c.cls:<9} {escape(c.text)}  [dim]{escape(c.reason)}[/dim]",
                soft_wrap=True,
            )
        # handed to the model verbatim: never wrapped to the terminal's width
        console.print("\nMessage for the model:")
        console.print("  " + escape(result.message).replace("\n", "\n  "), soft_wrap=True)
    if result.carve_outs:
        parts = "; ".join(
            f"line {c.line} {c.kind} {_around(result.sanitized_text, c.span)}"
            for c in result.carve_outs
        )
        console.print(f"[dim]not checked, never a figure: {escape(parts)}[/dim]", soft_wrap=True)


def _around(text: str, span: tuple[int, int], reach: int = 24) -> str:
    """A carve-out shown with the words around it on its line: ``"September 20, 2026"``."""
    start, end = span
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    a = max(line_start, start - reach)
    b = min(line_end, end + reach)
    if a > line_start:
        a = text.find(" ", a, start) + 1 or start
    if b < line_end:
        b = text.rfind(" ", end, b) if text.rfind(" ", end, b) > 0 else end
    head = "…" if a > line_start else ""
    tail = "…" if b < line_end else ""
    return f'"{head}{text[a:b].strip()}{tail}"'
