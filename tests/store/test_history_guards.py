"""Raw SQL cannot rewrite the metric history or the API keys (migration 0008), on SQLite
and on PostgreSQL as the owner: no version deleted, no date stored in another form, no key
deleted, un-revoked, renamed or given another role. Revoking a key once still works."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime

import pytest
import sqlalchemy as sa
from _sql import refusal
from sqlalchemy.exc import DBAPIError

from tieout.schemas import MetricDefinition
from tieout.store import Store
from tieout.store.engine import make_engine
from tieout.web.auth import create_key

NO_DELETE = (
    "tr_metric_registry_history: a stored version is never deleted; register a new version instead"
)
KEYS = "tr_api_keys_guard: an API key is never deleted or changed, only revoked once (`tieout keys revoke`)"
DATES = (
    "ck_metric_registry_dates: every date of a metric version is a calendar date written YYYY-MM-DD"
)
ROW = {
    "metric_key": "net_burn",
    "definition": "cash out minus cash in",
    "unit": "USD",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": "update-2026-08",
    "effective_from": "2026-01-01",
}
INSERT = (
    "INSERT INTO metric_registry (metric_key, effective_from, effective_to, period_start, "
    "period_end, unit, definition, source_doc_id) VALUES ('cash', {start}, NULL, "
    "'2026-07-01', '2026-07-31', 'USD', 'cash', 'd')"
)


@pytest.fixture
def engine(store: Store, db_url: str) -> Iterator[sa.Engine]:
    store.set_metric(MetricDefinition.from_mapping(ROW))
    store.set_metric(
        MetricDefinition.from_mapping(dict(ROW, effective_from="2026-06-01", unit="EUR"))
    )
    eng = make_engine(db_url)
    yield eng
    eng.dispose()


def test_no_metric_version_is_deleted(store: Store, engine: sa.Engine) -> None:
    assert refusal(engine, "DELETE FROM metric_registry") == f"{NO_DELETE} (DELETE refused)"
    assert refusal(engine, "DELETE FROM metric_registry WHERE effective_to IS NULL").startswith(
        NO_DELETE
    )
    if engine.dialect.name == "postgresql":
        assert (
            refusal(engine, "TRUNCATE metric_registry CASCADE") == f"{NO_DELETE} (TRUNCATE refused)"
        )
    assert [m.unit for m in store.metric_history("net_burn")] == ["USD", "EUR"]


@pytest.mark.parametrize("start", ["'02026-09-15'", "20260915", "'2026-9-15'", "'2026-02-30'"])
def test_a_date_in_another_form_never_breaks_a_read(
    store: Store, engine: sa.Engine, start: str
) -> None:
    sql = INSERT.format(start=start)
    if engine.dialect.name == "sqlite":  # its columns take any value: the trigger refuses it
        assert refusal(engine, sql) == DATES
        assert store.metric_history("cash") == []
    else:  # a date column: PostgreSQL stores a date or refuses the text
        try:
            with engine.begin() as conn:
                conn.execute(sa.text(sql))
        except DBAPIError:
            pass
        assert all(isinstance(m.effective_from, date) for m in store.metric_history("cash"))
    assert store.metric_as_of("net_burn", date(2026, 7, 1)) is not None  # reads still work


def test_an_api_key_is_never_deleted_un_revoked_renamed_or_raised(
    store: Store, engine: sa.Engine
) -> None:
    key_id = create_key(store, "agent", name="bot")[0].key_id
    where = f"WHERE key_id = '{key_id}'"
    assert (
        refusal(engine, f"UPDATE api_keys SET role = 'admin' {where}") == f"{KEYS} (UPDATE refused)"
    )
    assert (
        refusal(engine, f"UPDATE api_keys SET name = 'desk-1' {where}")
        == f"{KEYS} (UPDATE refused)"
    )
    assert refusal(engine, f"DELETE FROM api_keys {where}") == f"{KEYS} (DELETE refused)"
    _, revoked = store.revoke_api_key(key_id, datetime.now(UTC))  # the one change allowed
    assert revoked
    assert (
        refusal(engine, f"UPDATE api_keys SET revoked_at = NULL {where}")
        == f"{KEYS} (UPDATE refused)"
    )
    if engine.dialect.name == "postgresql":
        assert refusal(engine, "TRUNCATE api_keys") == f"{KEYS} (TRUNCATE refused)"
    (key,) = store.list_api_keys()
    assert (key.role, key.name, key.revoked_at is not None) == ("agent", "bot", True)


@pytest.mark.postgres
def test_postgres_refuses_a_gap_left_by_shortening_a_closed_version(
    store: Store, engine: sa.Engine
) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite has no deferred triggers")
    store.set_metric(
        MetricDefinition.from_mapping(dict(ROW, effective_from="2026-09-01", unit="GBP"))
    )
    message = refusal(
        engine,
        "UPDATE metric_registry SET effective_to = '2026-08-01' "
        "WHERE metric_key = 'net_burn' AND effective_from = '2026-06-01'",
    )
    assert message == (
        "tr_metric_registry_no_gap: net_burn: a closed version's effective_to moved earlier must "
        "meet the version that starts there; a gap would leave the metric unregistered from 2026-08-01"
    )
    # a back-dated version still cuts one in two, in one transaction
    store.set_metric(
        MetricDefinition.from_mapping(dict(ROW, effective_from="2026-07-01", unit="CHF")),
        backdate=True,
    )
    assert [
        (str(m.effective_from), str(m.effective_to)) for m in store.metric_history("net_burn")
    ] == [
        ("2026-01-01", "2026-06-01"),
        ("2026-06-01", "2026-07-01"),
        ("2026-07-01", "2026-09-01"),
        ("2026-09-01", "None"),
    ]
