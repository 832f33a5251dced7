"""Type 2 in use: claims judged by the version in force, export that imports as a no-op."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from tieout.checks.runs import check_and_store
from tieout.documents.ingest import ingest_file
from tieout.registry import load_metric_file
from tieout.registry.files import dump_metrics
from tieout.schemas import MetricDefinition, parse_claims
from tieout.store import Store

AUG = "# Update\n\n## Burn\n\nNet burn for the month was $212k.\n"
OCT = "# Update\n\n## Burn\n\nNet burn for the month was $198k.\n"


def _metric(definition: str, effective_from: str) -> MetricDefinition:
    return MetricDefinition.from_mapping(
        {
            "metric_key": "net_burn",
            "definition": definition,
            "unit": "USD_thousands",
            "period_start": "2026-01-01",
            "period_end": "2026-12-31",
            "source_doc_id": "updates-2026",
            "effective_from": effective_from,
        }
    )


def _claim(value: int, month: int, quote: str) -> str:
    return (
        f'{{"metric_key": "net_burn", "value": {value}, "unit": "USD_thousands", '
        f'"period_start": "2026-01-01", "period_end": "2026-12-31", "source_doc_id": "updates-2026", '
        f'"source_quote": "{quote}", "source_locator": "section: Burn"}}'
    )


def test_claims_are_judged_by_the_version_in_force_when_their_document_was_published(
    db_url: str, tmp_path: Path
) -> None:
    with Store.open(db_url) as store:
        assert store.set_metric(_metric("Cash out minus cash in", "2026-01-01")) == "new"
        assert (
            store.set_metric(_metric("Cash out minus cash in, excluding financing", "2026-09-15"))
            == "changed"
        )
        verdicts = []
        for text, published in ((AUG, date(2026, 8, 5)), (OCT, date(2026, 10, 6))):
            path = tmp_path / f"update-{published.month}.md"
            path.write_text(text, encoding="utf-8")
            ingest_file(
                store,
                path,
                "updates-2026",
                period_start=date(2026, 1, 1),
                period_end=date(2026, 12, 31),
                published=published,
            )
            value = 212 if published.month == 8 else 198
            claims = parse_claims(
                _claim(value, published.month, f"Net burn for the month was ${value}k")
            )
            run = check_and_store(store, claims, f"claims-{published.month}.json")
            [report] = run.reports
            verdicts.append(
                (
                    str(report.verdict),
                    report.registry_row.definition if report.registry_row else None,
                )
            )
            _, stored = store.get_run(run.run_id)
            assert stored[0].registry_effective_from == report.registry_row.effective_from  # type: ignore[union-attr]
    assert verdicts == [
        ("pass", "Cash out minus cash in"),
        ("pass", "Cash out minus cash in, excluding financing"),
    ]


def test_export_then_import_changes_nothing(db_url: str, tmp_path: Path) -> None:
    samples = Path(__file__).resolve().parents[2] / "sample_docs"
    with Store.open(db_url) as store:
        store.import_metrics(load_metric_file(samples / "metrics.yaml"))
        store.import_metrics(load_metric_file(samples / "metrics-2026-09.yaml"))
        keys = [m.metric_key for m in store.list_metrics()]
        history = [v for k in keys for v in store.metric_history(k)]
        for fmt in ("yaml", "csv"):
            out = tmp_path / f"export.{fmt}"
            out.write_text(dump_metrics(history, fmt), encoding="utf-8")
            plan = store.import_metrics(load_metric_file(out))
            assert plan.new == [] and plan.changed == []
            assert len(plan.unchanged) == len(history)
        current = tmp_path / "current.yaml"
        current.write_text(dump_metrics(store.list_metrics(date(2026, 12, 1))), encoding="utf-8")
        plan = store.import_metrics(load_metric_file(current))
        assert plan.new == [] and plan.changed == []
