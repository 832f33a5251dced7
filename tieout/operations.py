"""The jobs the CLI (and later the HTTP API and MCP server) run against a database.

Each function is one job: open nothing, take a :class:`~tieout.registry.Store`, do the
work in the store's transactions, and return values for the caller to render.
"""

from __future__ import annotations

import hashlib
import json
import sys
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tieout.errors import InputError

if TYPE_CHECKING:
    from tieout.checks import ClaimReport
    from tieout.documents import Document
    from tieout.schemas import Claim, MetricDefinition
    from tieout.store import DocumentRecord, Store

__all__ = ["CheckRun", "check_file", "document_from_record", "ingest_file", "load_claims_file"]


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
    from tieout.documents import Document, read_source
    from tieout.store import DocumentRecord

    text, media = read_source(path)
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
    from tieout.documents.readers import SUPPORTED

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
        from tieout.documents.readers import SUPPORTED

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
    from tieout.documents import Document

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


def load_claims_file(path: str | Path) -> list[Claim]:
    """Read and validate a claims file (JSON), naming the file in any error."""
    from tieout.schemas import parse_claims

    p = Path(path)
    if str(path) != "-" and not p.is_file():
        raise InputError(
            f"{path}: no such file" if not p.exists() else f"{path}: is a folder; name a file"
        )
    data = p.read_bytes() if str(path) != "-" else sys.stdin.buffer.read()
    if not data.strip():
        raise InputError(
            f'{path}: is empty; a claims file holds {{"claims": [...]}}, a list, or one claim'
        )
    return parse_claims(data, source=str(path))


class _Prefetched:
    """The registry rows a claim set needs, read in one query; the store answers the rest."""

    def __init__(
        self, store: Store, claims: Sequence[Claim], documents: dict[str, Document]
    ) -> None:
        from tieout.checks.pipeline import registry_date

        self._store = store
        pairs = {
            (c.metric_key, registry_date(c, documents.get(c.source_doc_id or "")))
            for c in claims
            if c.value is not None
        }
        self._rows = store.metrics_as_of(pairs) if pairs else {}
        self._history: dict[str, list[MetricDefinition]] = {}

    def metric_as_of(self, metric_key: str, on: date) -> MetricDefinition | None:
        if (metric_key, on) in self._rows:
            return self._rows[(metric_key, on)]
        return self._store.metric_as_of(metric_key, on)

    def metric_history(self, metric_key: str) -> list[MetricDefinition]:
        if metric_key not in self._history:
            self._history[metric_key] = self._store.metric_history(metric_key)
        return self._history[metric_key]


@dataclass(frozen=True)
class CheckRun:
    run_id: str
    source: str
    reports: list[ClaimReport]

    @property
    def counts(self) -> dict[str, int]:
        from tieout.checks import Verdict

        counts = {v.value: 0 for v in Verdict}
        for r in self.reports:
            counts[r.verdict.value] += 1
        return counts

    @property
    def failed(self) -> bool:
        return self.counts["fail"] > 0


def check_file(
    store: Store,
    path: str | Path,
    *,
    all_checks: bool = False,
    fuzzy_threshold: float = 90.0,
    progress: Callable[[int], None] | None = None,
) -> CheckRun:
    """Check a claims file against the stored documents and registry; store every result."""
    claims = load_claims_file(path)
    return check_and_store(
        store,
        claims,
        str(path),
        all_checks=all_checks,
        fuzzy_threshold=fuzzy_threshold,
        progress=progress,
    )


def check_and_store(
    store: Store,
    claims: Sequence[Claim],
    source: str,
    *,
    all_checks: bool = False,
    fuzzy_threshold: float = 90.0,
    progress: Callable[[int], None] | None = None,
) -> CheckRun:
    from tieout.checks import CheckOptions, check_claim
    from tieout.store import ClaimResultRecord, RunRecord

    ids = {c.source_doc_id for c in claims if c.source_doc_id}
    records = store.get_documents(ids)
    documents = {doc_id: document_from_record(rec) for doc_id, rec in records.items()}
    options = CheckOptions(all_checks=all_checks, fuzzy_threshold=fuzzy_threshold)
    registry = _Prefetched(store, claims, documents)
    reports = []
    for i, claim in enumerate(claims):
        reports.append(check_claim(i, claim, documents, registry, options))
        if progress is not None:
            progress(i + 1)
    run = CheckRun(uuid.uuid4().hex[:12], source, reports)
    now = datetime.now(UTC)
    results = [
        ClaimResultRecord(
            run_id=run.run_id,
            position=r.position,
            metric_key=r.claim.metric_key,
            claim=json.loads(r.claim.model_dump_json(exclude_none=True)),
            verdict=r.verdict.value,
            reason=r.reason,
            checks=[c.to_dict() for c in r.checks],
            snapshot_sha256=r.snapshot_sha256,
            registry_metric_key=r.registry_row.metric_key if r.registry_row else None,
            registry_effective_from=r.registry_row.effective_from if r.registry_row else None,
            checked_at=now,
        )
        for r in reports
    ]
    store.save_run(RunRecord(run.run_id, source, now, run.counts), results)
    return run


# --------------------------------------------------------------------------- the demo


def sample_docs_dir() -> Path:
    """The bundled sample documents (inside the installed package)."""
    return Path(__file__).parent / "sample_docs"


@dataclass(frozen=True)
class DemoResult:
    db_path: Path
    metrics: int
    documents: int
    runs: list[CheckRun]

    @property
    def claims(self) -> int:
        return sum(len(r.reports) for r in self.runs)

    @property
    def counts(self) -> dict[str, int]:
        total: dict[str, int] = {}
        for run in self.runs:
            for k, v in run.counts.items():
                total[k] = total.get(k, 0) + v
        return total


def load_document_list(path: Path) -> list[dict[str, object]]:
    """Read a documents.yaml: a list of {file, id, period_start, period_end, published, scale,
    numbers}."""
    import yaml

    from tieout._yaml import load as strict_yaml

    try:
        data = strict_yaml(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path} line {mark.line + 1}" if mark is not None else str(path)
        problem = getattr(exc, "problem", None) or exc.__class__.__name__
        raise InputError(f"{where}: not valid YAML: {problem}") from None
    if not isinstance(data, list) or not all(
        isinstance(d, dict) and "file" in d and "id" in d for d in data
    ):
        raise InputError(f"{path}: expected a list of entries with 'file' and 'id'")
    return data


def run_demo(db_path: str | Path = "tieout-demo.db") -> DemoResult:
    """Register the sample metrics, ingest the sample documents, check the sample claims.

    The demo always starts from a fresh SQLite file at ``db_path``.
    """
    from tieout.registry import load_metric_file
    from tieout.store import Store

    db = Path(db_path)
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    root = sample_docs_dir()
    with Store.open(f"sqlite:///{db}") as store:
        metrics = load_metric_file(root / "metrics.yaml")
        store.import_metrics(metrics)
        later = root / "metrics-2026-09.yaml"
        if later.exists():
            store.import_metrics(load_metric_file(later))
        entries = load_document_list(root / "documents.yaml")
        for e in entries:
            ingest_file(
                store,
                root / str(e["file"]),
                str(e["id"]),
                period_start=_d(e.get("period_start")),
                period_end=_d(e.get("period_end")),
                published=_d(e.get("published")),
                scale=e.get("scale"),  # type: ignore[arg-type]
                numbers=str(e.get("numbers") or "auto"),
            )
        runs = [check_file(store, f) for f in sorted((root / "claims").glob("*.json"))]
        n_metrics = len({m.metric_key for m in store.list_metrics()})
    return DemoResult(db, n_metrics, len(entries), runs)


def _d(value: object) -> date | None:
    if value is None or isinstance(value, date):
        return value
    return date.fromisoformat(str(value))
