"""Seeding shared by tests that check claims against a real stored document."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tieout.documents.ingest import ingest_file
from tieout.schemas import MetricDefinition

if TYPE_CHECKING:
    from tieout.store import Store

DOC_ID = "investor-update-2026-08"

#: The July 2026 update the seeded document holds.
CASH_UPDATE = """\
# Brightwell Labs — July 2026 investor update

## Cash and runway

Cash in bank at month end was $1.4M (as of July 31, 2026).
"""
#: A claim that passes every check against :data:`CASH_UPDATE`.
CASH_CLAIM: dict[str, Any] = {
    "metric_key": "cash_balance",
    "value": 1.4,
    "unit": "USD_millions",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": DOC_ID,
    "source_quote": "Cash in bank at month end was $1.4M",
    "source_locator": "section: Cash and runway, paragraph 1",
}


def seed_cash_update(store: Store, tmp_path: Path, text: str) -> None:
    """Store ``text`` as the July 2026 investor update and register ``cash_balance`` from it."""
    path = tmp_path / "update.md"
    path.write_text(text, encoding="utf-8")
    ingest_file(
        store,
        path,
        DOC_ID,
        period_start=date(2026, 7, 1),
        period_end=date(2026, 7, 31),
        published=date(2026, 8, 5),
    )
    store.set_metric(
        MetricDefinition(
            metric_key="cash_balance",
            period_start=date(2026, 7, 1),
            period_end=date(2026, 7, 31),
            unit="USD_millions",
            definition="Cash in bank at month end, excluding fixed deposits",
            source_doc_id=DOC_ID,
            effective_from=date(2026, 1, 1),
        )
    )
