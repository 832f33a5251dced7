"""The demo: the bundled sample documents registered, ingested and checked in a fresh
SQLite file.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from tieout.checks.runs import CheckRun, check_file
from tieout.documents.ingest import ingest_file
from tieout.errors import InputError

__all__ = ["DemoResult", "load_document_list", "run_demo", "sample_docs_dir"]


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
