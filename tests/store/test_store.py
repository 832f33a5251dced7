"""The store, on SQLite and PostgreSQL: metric versions, document snapshots, check runs."""

from __future__ import annotations

import hashlib
import sqlite3
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import tieout.registry
from tieout.errors import (
    ConfigError,
    InputError,
    NotFound,
    RegistryConflict,
    StorageError,
    UnknownDocument,
)
from tieout.schemas.metric import MetricDefinition
from tieout.store import (
    ClaimResultRecord,
    DocumentRecord,
    ImportPlan,
    RunRecord,
    Store,
    database_url,
)

JAN, MAR, JUN = date(2026, 1, 1), date(2026, 3, 1), date(2026, 6, 1)


def metric(key: str = "net_burn", **changes: Any) -> MetricDefinition:
    fields: dict[str, Any] = {
        "metric_key": key,
        "definition": "cash out minus cash in, operating only",
        "unit": "USD",
        "period_start": date(2026, 7, 1),
        "period_end": date(2026, 7, 31),
        "source_doc_id": "investor-update-2026-08",
        "effective_from": JAN,
    }
    fields.update(changes)
    return MetricDefinition(**fields)


# -- the URL ---------------------------------------------------------------------------------


def test_database_url_prefers_explicit_then_env_then_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TIEOUT_DB", raising=False)
    assert database_url() == "sqlite:///tieout.db"
    monkeypatch.setenv("TIEOUT_DB", "sqlite:////var/env.db")
    assert database_url() == "sqlite:////var/env.db"
    assert database_url("sqlite:////var/flag.db") == "sqlite:////var/flag.db"


def test_database_url_accepts_paths_and_plain_postgres_urls() -> None:
    assert database_url("data/t.db") == "sqlite:///data/t.db"
    assert database_url("/srv/t.db") == "sqlite:////srv/t.db"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"


def test_open_accepts_a_bare_path_and_keeps_data_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "reg.db"
    with Store.open(str(path)) as store:
        assert store.url == f"sqlite:///{path}"
        store.set_metric(metric())
    with Store.open(str(path)) as store:
        assert store.metric_history("net_burn") == [metric()]


def test_sqlite_file_is_in_wal_mode(sqlite_url: str, tmp_path: Path) -> None:
    Store.open(sqlite_url).close()
    conn = sqlite3.connect(tmp_path / "tieout.db")
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        conn.close()


def test_unreachable_postgres_names_the_url_without_password() -> None:
    with pytest.raises(StorageError) as info:
        Store.open("postgresql://postgres:s3cret@127.0.0.1:1/test")
    message = str(info.value)
    assert message.startswith(
        "cannot reach PostgreSQL database at postgresql+psycopg://postgres:***@127.0.0.1:1/test: "
    )
    assert "s3cret" not in message


def test_unknown_url_scheme_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="database URL 'nosuch://x' is not usable"):
        Store.open("nosuch://x")


# -- metrics: Type 2 -------------------------------------------------------------------------


def test_set_metric_new_then_identical_is_a_no_op(store: Store) -> None:
    assert store.set_metric(metric()) == "new"
    assert store.set_metric(metric()) == "unchanged"
    assert store.set_metric(metric(effective_from=JUN)) == "unchanged"
    assert store.metric_history("net_burn") == [metric()]


def test_a_change_closes_the_current_row_and_opens_a_new_one(store: Store) -> None:
    store.set_metric(metric())
    assert store.set_metric(metric(unit="USD_thousands", effective_from=MAR)) == "changed"
    assert store.metric_history("net_burn") == [
        metric(effective_to=MAR),
        metric(unit="USD_thousands", effective_from=MAR),
    ]


def test_metric_as_of_picks_the_version_in_force(store: Store) -> None:
    store.set_metric(metric())
    store.set_metric(metric(definition="incl. financing", effective_from=MAR))
    day_before = MAR - timedelta(days=1)
    old = store.metric_as_of("net_burn", day_before)
    assert old is not None and old.definition == "cash out minus cash in, operating only"
    new = store.metric_as_of("net_burn", MAR)
    assert new is not None and new.definition == "incl. financing"
    assert store.metric_as_of("net_burn", date(2025, 12, 31)) is None
    assert store.metric_as_of("nope", MAR) is None


def test_metrics_as_of_answers_every_pair(store: Store) -> None:
    store.set_metric(metric())
    store.set_metric(metric("cash_balance", unit="USD_millions"))
    store.set_metric(metric(source_doc_id="board-deck-q1", effective_from=MAR))
    got = store.metrics_as_of(
        [("net_burn", JAN), ("net_burn", JUN), ("cash_balance", JUN), ("churn", JUN)]
    )
    assert got == {
        ("net_burn", JAN): metric(effective_to=MAR),
        ("net_burn", JUN): metric(source_doc_id="board-deck-q1", effective_from=MAR),
        ("cash_balance", JUN): metric("cash_balance", unit="USD_millions"),
        ("churn", JUN): None,
    }


def test_list_metrics_current_and_as_of(store: Store) -> None:
    store.set_metric(metric("net_burn"))
    store.set_metric(metric("cash_balance", effective_from=MAR))
    store.set_metric(metric("net_burn", unit="USD_thousands", effective_from=JUN))
    assert [(m.metric_key, m.unit) for m in store.list_metrics()] == [
        ("cash_balance", "USD"),
        ("net_burn", "USD_thousands"),
    ]
    assert [(m.metric_key, m.unit) for m in store.list_metrics(as_of=JAN)] == [("net_burn", "USD")]


def test_a_backdated_change_is_a_conflict_and_changes_nothing(store: Store) -> None:
    store.set_metric(metric(effective_from=MAR))
    with pytest.raises(RegistryConflict) as info:
        store.set_metric(metric(unit="percent", effective_from=MAR))
    assert str(info.value) == (
        "metric 'net_burn': a changed version must take effect after 2026-03-01 (when the "
        "version now in force began), got effective_from 2026-03-01 (changed: unit); history "
        "is never rewritten, so date the change later"
    )
    with pytest.raises(RegistryConflict, match="effective_from 2026-01-01 is before its first"):
        store.set_metric(metric(unit="percent", effective_from=JAN))
    assert store.metric_history("net_burn") == [metric(effective_from=MAR)]


def test_effective_to_is_the_registrys_to_set(store: Store) -> None:
    with pytest.raises(RegistryConflict) as info:
        store.set_metric(metric(effective_to=MAR))
    assert str(info.value) == (
        "metric 'net_burn': effective_to (2026-03-01) is set by the registry when a newer "
        "version takes effect; leave it empty"
    )
    assert store.metric_history("net_burn") == []


def test_exported_history_reimports_unchanged(store: Store) -> None:
    store.set_metric(metric())
    store.set_metric(metric(unit="USD_thousands", effective_from=MAR))
    plan = store.import_metrics(store.metric_history("net_burn"))
    assert plan == ImportPlan(unchanged=["net_burn", "net_burn"], applied=True)


def test_import_reports_new_changed_unchanged(store: Store) -> None:
    store.set_metric(metric("net_burn"))
    store.set_metric(metric("cash_balance"))
    plan = store.import_metrics(
        [
            metric("net_burn"),
            metric(
                "cash_balance",
                definition="usable liquidity",
                unit="USD_millions",
                effective_from=MAR,
            ),
            metric("runway_months", unit="count"),
        ]
    )
    assert plan == ImportPlan(
        new=["runway_months"],
        changed=[("cash_balance", ["definition", "unit"])],
        unchanged=["net_burn"],
        applied=True,
    )
    assert plan.summary() == "1 new, 1 changed, 1 unchanged"
    assert len(store.metric_history("cash_balance")) == 2


def test_import_dry_run_applies_nothing(store: Store) -> None:
    store.set_metric(metric())
    plan = store.import_metrics(
        [metric(unit="percent", effective_from=MAR), metric("churn")], dry_run=True
    )
    assert plan == ImportPlan(new=["churn"], changed=[("net_burn", ["unit"])], applied=False)
    assert plan.summary() == "1 new, 1 changed, 0 unchanged (dry run, nothing applied)"
    assert store.list_metrics() == [metric()]


def test_import_is_all_or_nothing_and_reports_every_conflict(store: Store) -> None:
    store.set_metric(metric("net_burn", effective_from=MAR))
    store.set_metric(metric("cash_balance", effective_from=MAR))
    with pytest.raises(RegistryConflict) as info:
        store.import_metrics(
            [
                metric("churn"),
                metric("net_burn", unit="percent", effective_from=MAR),
                metric("cash_balance", unit="percent", effective_from=MAR),
            ]
        )
    lines = str(info.value).splitlines()
    assert [line.split(":")[0] for line in lines] == ["metric 'net_burn'", "metric 'cash_balance'"]
    assert [m.metric_key for m in store.list_metrics()] == ["cash_balance", "net_burn"]


def test_import_of_several_versions_in_one_go(store: Store) -> None:
    plan = store.import_metrics([metric(), metric(unit="USD_thousands", effective_from=MAR)])
    assert plan == ImportPlan(new=["net_burn"], changed=[("net_burn", ["unit"])], applied=True)
    assert store.metric_as_of("net_burn", JAN) == metric(effective_to=MAR)


# -- documents -------------------------------------------------------------------------------


def document(text: str = "Cash in bank at month end was $1.4M.", **changes: Any) -> DocumentRecord:
    fields: dict[str, Any] = {
        "doc_id": "investor-update-2026-08",
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "text": text,
        "source_name": "update.md",
        "media_type": "text/markdown",
        "period_start": date(2026, 7, 1),
        "period_end": date(2026, 7, 31),
        "published": date(2026, 8, 5),
        "scale": None,
    }
    fields.update(changes)
    return DocumentRecord(**fields)


def test_add_document_stores_a_snapshot_with_a_utc_timestamp(store: Store) -> None:
    cest = timezone(timedelta(hours=2))
    stored, added = store.add_document(
        document(ingested_at=datetime(2026, 8, 5, 12, 0, tzinfo=cest))
    )
    assert added is True
    assert stored == document(ingested_at=datetime(2026, 8, 5, 10, 0, tzinfo=UTC))
    got = store.get_document("investor-update-2026-08")
    assert got == stored
    assert got.ingested_at is not None and got.ingested_at.tzinfo == UTC


def test_same_content_again_is_a_no_op(store: Store) -> None:
    first, _ = store.add_document(document())
    again, added = store.add_document(document(source_name="renamed.md"))
    assert added is False
    assert again == first
    assert store.get_document("investor-update-2026-08").snapshots == 1


def test_new_content_is_a_new_snapshot_and_the_old_is_kept(store: Store) -> None:
    old, _ = store.add_document(document("Cash was $1.4M."))
    new, added = store.add_document(document("Cash was $1.5M (restated)."))
    assert added is True
    assert new.snapshots == 2
    latest = store.get_document("investor-update-2026-08")
    assert (latest.text, latest.snapshots) == ("Cash was $1.5M (restated).", 2)
    assert (
        store.get_document("investor-update-2026-08", sha256=old.sha256).text == "Cash was $1.4M."
    )


def test_unknown_document_and_unknown_snapshot(store: Store) -> None:
    with pytest.raises(UnknownDocument) as info:
        store.get_document("q9-update")
    assert str(info.value) == (
        "document 'q9-update' is not ingested; add it with "
        "`tieout docs add FILE --id q9-update` (see `tieout docs list`)"
    )
    store.add_document(document())
    with pytest.raises(NotFound) as missing:
        store.get_document("investor-update-2026-08", sha256="ab" * 32)
    assert str(missing.value) == (
        f"document 'investor-update-2026-08' has no snapshot with sha256 {'ab' * 32}; "
        "it has 1 snapshot (see `tieout docs list`)"
    )


def test_get_documents_and_list_documents_give_the_latest_of_each(store: Store) -> None:
    store.add_document(document("v1"))
    store.add_document(document("v2"))
    store.add_document(document("board deck", doc_id="board-deck-q2", scale="thousands"))
    got = store.get_documents(["investor-update-2026-08", "board-deck-q2", "missing"])
    assert {k: (v.text, v.snapshots) for k, v in got.items()} == {
        "investor-update-2026-08": ("v2", 2),
        "board-deck-q2": ("board deck", 1),
    }
    assert [(d.doc_id, d.text, d.snapshots, d.scale) for d in store.list_documents()] == [
        ("board-deck-q2", "board deck", 1, "thousands"),
        ("investor-update-2026-08", "v2", 2, None),
    ]
    assert store.get_documents([]) == {}


def test_document_text_of_megabytes_round_trips(store: Store) -> None:
    text = "Revenue was €2,345,678 in Q2 — up 12%.\n" * 60_000  # ~2.4 MB
    store.add_document(document(text))
    assert store.get_document("investor-update-2026-08").text == text


def test_naive_timestamps_are_refused() -> None:
    with pytest.raises(InputError, match="has no time zone; give it in UTC"):
        document(ingested_at=datetime(2026, 8, 5, 12, 0))


# -- check runs ------------------------------------------------------------------------------

AT = datetime(2026, 8, 6, 9, 30, tzinfo=UTC)


def result(position: int, verdict: str = "pass", **changes: Any) -> ClaimResultRecord:
    fields: dict[str, Any] = {
        "run_id": "run-1",
        "position": position,
        "metric_key": "net_burn",
        "claim": {"metric_key": "net_burn", "value": "1.40", "unit": "USD_millions"},
        "verdict": verdict,
        "reason": "value, period and quote agree with the source",
        "checks": [{"check": "existence", "ok": True}, {"check": "quote", "ok": True}],
        "snapshot_sha256": "cd" * 32,
        "registry_metric_key": "net_burn",
        "registry_effective_from": JAN,
        "checked_at": AT,
    }
    fields.update(changes)
    return ClaimResultRecord(**fields)


RUN = RunRecord(
    run_id="run-1", source="agent-output.json", created_at=AT, counts={"pass": 1, "fail": 1}
)


def test_save_run_round_trips(store: Store) -> None:
    store.set_metric(metric())
    results = [
        result(0),
        result(
            1,
            "fail",
            metric_key="cash_balance",
            reason="not found in cited source",
            registry_metric_key=None,
            registry_effective_from=None,
            snapshot_sha256=None,
        ),
    ]
    run_pk = store.save_run(RUN, results)
    assert isinstance(run_pk, int)
    run, got = store.get_run("run-1")
    assert run == RUN
    assert all(isinstance(r.id, int) for r in got) and got[0].id != got[1].id
    assert [replace(r, id=None) for r in got] == results
    assert store.list_claim_results(verdict="fail") == [got[1]]
    assert store.list_claim_results(metric_key="net_burn", run_id="run-1") == [got[0]]
    assert store.list_claim_results(run_id="other") == []


def test_decimals_in_claims_are_stored_as_strings(store: Store) -> None:
    claim = {"value": Decimal("1.40"), "period_start": date(2026, 7, 1)}
    store.save_run(
        RUN, [result(0, claim=claim, registry_metric_key=None, registry_effective_from=None)]
    )
    assert store.get_run("run-1")[1][0].claim == {"value": "1.40", "period_start": "2026-07-01"}


def test_a_failing_insert_leaves_nothing_behind(store: Store) -> None:
    store.set_metric(metric())
    with pytest.raises(StorageError) as info:
        store.save_run(RUN, [result(0), result(1), result(1)])  # position 1 twice
    assert str(info.value).startswith("saving run 'run-1' failed: ")
    with pytest.raises(NotFound, match="run 'run-1' is not stored "):
        store.get_run("run-1")
    assert store.list_claim_results() == []


def test_a_result_must_point_at_a_stored_registry_version(store: Store) -> None:
    with pytest.raises(StorageError, match=r"^saving run 'run-1' failed: "):
        store.save_run(RUN, [result(0)])  # net_burn@2026-01-01 was never registered
    assert store.list_claim_results() == []


def test_results_must_belong_to_the_run_being_saved(store: Store) -> None:
    with pytest.raises(InputError) as info:
        store.save_run(RUN, [result(0, run_id="run-2")])
    assert str(info.value) == "results[0] belongs to run 'run-2', not to run 'run-1' being saved"


def test_registry_exports_are_complete_and_sorted() -> None:
    assert tieout.registry.__all__ == sorted(tieout.registry.__all__)
    assert {n for n in dir(tieout.registry) if not n.startswith("_")} >= set(
        tieout.registry.__all__
    )
