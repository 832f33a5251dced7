"""The demo: the bundled sample documents registered, ingested and checked in the database
every other command uses (``--db``, else ``$TIEOUT_DB``, else ``tieout.db``).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from tieout.checks.runs import CheckRun, check_file
from tieout.documents.ingest import prepare_document
from tieout.errors import InputError

if TYPE_CHECKING:
    from tieout.schemas import MetricDefinition
    from tieout.store import DocumentRecord, Store

__all__ = ["DemoResult", "database_name", "load_document_list", "run_demo", "sample_docs_dir"]


def sample_docs_dir() -> Path:
    """The bundled sample documents (inside the installed package)."""
    return Path(__file__).parent / "sample_docs"


@dataclass(frozen=True)
class DemoResult:
    db: str  # the database, as a user would name it (a SQLite file's path, else its URL)
    metrics: int
    documents: int
    runs: list[CheckRun]
    claim_ids: list[int]  # each report's stored id (``review override ID``), runs in order

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


def database_name(url: str) -> str:
    """How the demo names a database: a SQLite file by its path, anything else by its URL."""
    from tieout.store.engine import display_url

    prefix = "sqlite:///"
    return url[len(prefix) :] if url.startswith(prefix) else display_url(url)


def run_demo(db: str | None = None) -> DemoResult:
    """Register the sample metrics, ingest the sample documents, check the sample claims.

    ``db`` is resolved as every command resolves ``--db`` (else ``$TIEOUT_DB``, else
    ``tieout.db``). Nothing there is deleted: registering and ingesting again what is already
    stored changes nothing, and each demo adds its three runs. A database that registers a
    sample metric or holds a sample document differently is refused before anything is
    written, since the demo's verdicts would no longer be the sample's.
    """
    from tieout.store import Store, database_url

    url = database_url(db)
    root = sample_docs_dir()
    entries = load_document_list(root / "documents.yaml")
    docs = [_prepare(root, e) for e in entries]
    metric_files = [root / "metrics.yaml", root / "metrics-2026-09.yaml"]
    histories = _sample_histories(metric_files)
    with Store.open(url) as store:
        _refuse_a_different_sample(store, database_name(url), histories, docs)
        _register(store, metric_files)
        store.add_documents(docs)
        runs = [check_file(store, f) for f in sorted((root / "claims").glob("*.json"))]
        ids = [r.id or 0 for run in runs for r in store.list_claim_results(run_id=run.run_id)]
    return DemoResult(database_name(url), len(histories), len(entries), runs, ids)


def _prepare(root: Path, e: dict[str, object]) -> DocumentRecord:
    return prepare_document(
        root / str(e["file"]),
        str(e["id"]),
        period_start=_d(e.get("period_start")),
        period_end=_d(e.get("period_end")),
        published=_d(e.get("published")),
        scale=e.get("scale"),  # type: ignore[arg-type]
        numbers=str(e.get("numbers") or "auto"),
    )


def _register(store: Store, files: list[Path]) -> None:
    from tieout.registry import load_metric_file

    for path in files:
        store.import_metrics(load_metric_file(path))


def _sample_histories(files: list[Path]) -> dict[str, list[MetricDefinition]]:
    """Every sample metric's history as the demo registers it (in a scratch database)."""
    from tieout.store import Store

    with (
        tempfile.TemporaryDirectory(prefix="tieout-demo-") as tmp,
        Store.open(f"sqlite:///{Path(tmp) / 'registry.db'}") as scratch,
    ):
        _register(scratch, files)
        keys = [m.metric_key for m in scratch.list_metrics()]
        return {k: scratch.metric_history(k) for k in keys}


def _refuse_a_different_sample(
    store: Store,
    name: str,
    histories: dict[str, list[MetricDefinition]],
    docs: list[DocumentRecord],
) -> None:
    differ = [
        f"metric {k}"
        for k, versions in histories.items()
        if (stored := store.metric_history(k)) and stored != versions
    ]
    held = store.get_documents(d.doc_id for d in docs)
    differ += [
        f"document {d.doc_id}"
        for d in docs
        if d.doc_id in held and held[d.doc_id].sha256 != d.sha256
    ]
    if differ:
        raise InputError(
            f"{name} already holds {', '.join(differ[:3])}{' …' if len(differ) > 3 else ''} "
            "unlike the sample's; run the demo in a database of its own: "
            "tieout demo --db tieout-demo.db"
        )


def _d(value: object) -> date | None:
    if value is None or isinstance(value, date):
        return value
    return date.fromisoformat(str(value))
