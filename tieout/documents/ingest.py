"""Ingest: a source file (or a folder of them) read, checked and stored as snapshots; a
stored snapshot turned back into a :class:`~tieout.documents.Document`.

Each function takes a :class:`~tieout.registry.Store` (opening nothing), does the work in
the store's transactions, and returns values for the caller to render.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tieout.documents import Document, read_source
from tieout.documents.readers import SUPPORTED
from tieout.errors import DocumentFormatError, InputError
from tieout.schemas.limits import document_problem

if TYPE_CHECKING:
    from tieout.store import DocumentRecord, Store

__all__ = [
    "document_from_record",
    "folder_files",
    "ingest_file",
    "ingest_folder",
    "prepare_document",
]


def prepare_document(
    path: str | Path,
    doc_id: str,
    *,
    period_start: date | None = None,
    period_end: date | None = None,
    published: date | None = None,
    scale: str | None = None,
    numbers: str = "auto",
) -> DocumentRecord:
    """Read and check a source file, ready to store; nothing is written. ``numbers`` is
    the convention its figures are written in ("auto": read off the file)."""
    from tieout.store import DocumentRecord

    text, media = read_source(path)
    problem = document_problem(text)
    if problem is not None:  # the same limit as POST /documents
        raise DocumentFormatError(str(path), problem)
    if period_start and period_end and period_start > period_end:
        raise InputError(f"--period-start {period_start} is after --period-end {period_end}")
    # Build (and read) the document now so a bad scale or unreadable structure fails before storing.
    doc = Document.from_text(
        doc_id,
        text,
        period_start=period_start,
        period_end=period_end,
        published=published,
        scale=scale,
        media_type=media,
        numbers=numbers,
    )
    doc.read()
    return DocumentRecord(
        doc_id=doc.doc_id,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        text=text,
        source_name=Path(path).name,
        media_type=media,
        period_start=doc.period.start if doc.period else None,
        period_end=doc.period.end if doc.period else None,
        published=published,
        scale=scale,
        ingested_at=datetime.now(UTC),
        numbers=doc.numbers,
    )


def ingest_file(
    store: Store,
    path: str | Path,
    doc_id: str,
    *,
    period_start: date | None = None,
    period_end: date | None = None,
    published: date | None = None,
    scale: str | None = None,
    numbers: str = "auto",
) -> tuple[DocumentRecord, bool]:
    """Read a source file and store it as a snapshot; (record, created?)."""
    rec = prepare_document(
        path,
        doc_id,
        period_start=period_start,
        period_end=period_end,
        published=published,
        scale=scale,
        numbers=numbers,
    )
    return store.add_document(rec)


def folder_files(folder: str | Path) -> tuple[list[tuple[str, Path]], list[Path]]:
    """The readable files under ``folder`` as ``(doc_id, path)``, and the files skipped.

    Ids are the paths relative to the folder without their extension (``2026/q3-update``);
    hidden files and folders are ignored; files of other formats are skipped. Two files
    that would share an id (``a.md`` and ``a.txt``) are refused.
    """
    root = Path(folder)
    files: list[tuple[str, Path]] = []
    skipped: list[Path] = []
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if any(part.startswith(".") for part in rel.parts) or not p.is_file():
            continue
        if p.suffix.lower() not in SUPPORTED:
            skipped.append(p)
            continue
        files.append((rel.with_suffix("").as_posix(), p))
    seen: dict[str, Path] = {}
    for doc_id, p in files:
        if doc_id in seen:
            raise InputError(
                f"{seen[doc_id]} and {p} would both be document {doc_id!r}; rename one, "
                "or add them one by one with --id"
            )
        seen[doc_id] = p
    return files, skipped


def ingest_folder(
    store: Store,
    folder: str | Path,
    *,
    id_prefix: str = "",
    tick: Callable[[int], None] | None = None,
    published: date | None = None,
    scale: str | None = None,
    numbers: str = "auto",
) -> tuple[list[tuple[DocumentRecord, bool]], list[Path]]:
    """Read every source file under ``folder``, then store them all in one transaction.

    Any unreadable file stops the ingest before anything is stored. Returns each stored
    ``(record, created?)`` and the files skipped for their format. ``tick(n)`` is called
    after each file is read.
    """
    files, skipped = folder_files(folder)
    if not files:
        raise InputError(
            f"{folder} holds no file tieout reads ({', '.join(SUPPORTED)}); nothing ingested"
        )
    recs = []
    for n, (doc_id, path) in enumerate(files, start=1):
        recs.append(
            prepare_document(
                path, id_prefix + doc_id, published=published, scale=scale, numbers=numbers
            )
        )
        if tick is not None:
            tick(n)
    return store.add_documents(recs), skipped


def document_from_record(rec: DocumentRecord) -> Document:
    return Document.from_text(
        rec.doc_id,
        rec.text,
        period_start=rec.period_start,
        period_end=rec.period_end,
        published=rec.published,
        scale=rec.scale,
        media_type=rec.media_type,
        source_name=rec.source_name,
        ingested_at=rec.ingested_at,
        sha256=rec.sha256,
        numbers=rec.numbers,  # as it was read when stored, never read off the text again
    )
