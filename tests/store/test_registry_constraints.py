"""The database itself guards the metric history, on SQLite and PostgreSQL.

Every rule is attacked with raw SQL that bypasses tieout's code, and the database must refuse.
Through tieout's own transactions the refusal reaches the user as ``RegistryConflict``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tieout.errors import RegistryConflict, StorageError
from tieout.schemas.metric import MetricDefinition
from tieout.store import Store
from tieout.store.engine import make_engine, registry_refusal, transaction

OVERLAP = (
    "net_burn: versions may not overlap; each runs from its effective_from up to (not "
    "including) its effective_to, so close the version in force before opening the next"
)
ONE_CURRENT = (
    "net_burn: only one version may be current (effective_to empty); close the current "
    "version before opening another"
)
NEVER_EDITED = (
    "net_burn: a stored version is never changed in place; only its effective_to may change: "
    "set from empty, or moved earlier when a back-dated version is inserted"
)
EFFECTIVE_ORDER = "net_burn: effective_to must be after effective_from"
PERIOD_ORDER = "net_burn: period_start must be on or before period_end"

INSERT = text(
    "INSERT INTO metric_registry (metric_key, effective_from, effective_to, period_start, "
    "period_end, unit, definition, source_doc_id) VALUES (:metric_key, :start, :end, "
    ":period_start, :period_end, 'USD', 'cash out minus cash in', 'update-2026-08')"
)


@pytest.fixture
def engine(store: Store, db_url: str) -> Iterator[Engine]:
    """A plain engine on a database that ``Store.open`` has brought to the newest schema."""
    eng = make_engine(db_url)
    yield eng
    eng.dispose()


def insert(
    conn: Connection,
    start: str,
    end: str | None = None,
    *,
    key: str = "net_burn",
    period: tuple[str, str] = ("2026-07-01", "2026-07-31"),
) -> None:
    conn.execute(
        INSERT,
        {
            "metric_key": key,
            "start": start,
            "end": end,
            "period_start": period[0],
            "period_end": period[1],
        },
    )


def refused(engine: Engine, sql: str, params: dict[str, Any] | None = None) -> str:
    """Run raw SQL in its own transaction; assert the database refuses; return tieout's message."""
    with pytest.raises(IntegrityError) as caught, engine.begin() as conn:
        conn.execute(text(sql), params or {})
    conflict = registry_refusal(caught.value)
    assert conflict is not None, caught.value
    return str(conflict)


def refused_insert(engine: Engine, start: str, end: str | None = None, **kw: Any) -> str:
    with pytest.raises(IntegrityError) as caught, engine.begin() as conn:
        insert(conn, start, end, **kw)
    conflict = registry_refusal(caught.value)
    assert conflict is not None, caught.value
    return str(conflict)


def history(engine: Engine, key: str = "net_burn") -> list[tuple[date, date | None, str]]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT effective_from, effective_to, definition FROM metric_registry "
                "WHERE metric_key = :k ORDER BY effective_from"
            ),
            {"k": key},
        )
        return [(_d(a), _d(b) if b is not None else None, c) for a, b, c in rows]


def _d(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)


@pytest.fixture
def two_versions(engine: Engine) -> Engine:
    """net_burn: [2026-01-01, 2026-09-01) closed, then [2026-09-01, …) current."""
    with engine.begin() as conn:
        insert(conn, "2026-01-01", "2026-09-01")
        insert(conn, "2026-09-01")
    return engine


# --------------------------------------------------------------------------- no overlap


@pytest.mark.parametrize(
    ("start", "end"),
    [
        ("2026-06-01", "2026-07-01"),  # inside the closed version
        ("2025-12-01", "2026-02-01"),  # across the first version's start
        ("2026-08-01", "2026-10-01"),  # across the boundary between the two
        ("2026-01-01", "2026-02-01"),  # same start as an existing version
        ("2026-10-01", "2026-11-01"),  # inside the open-ended current version
    ],
)
def test_an_overlapping_version_is_refused(two_versions: Engine, start: str, end: str) -> None:
    assert refused_insert(two_versions, start, end) == OVERLAP
    assert len(history(two_versions)) == 2


def test_touching_versions_and_other_metrics_are_allowed(two_versions: Engine) -> None:
    with two_versions.begin() as conn:
        insert(conn, "2025-06-01", "2026-01-01")  # ends exactly where the first begins
        insert(conn, "2026-01-01", key="cash_balance")  # same dates, another metric
    assert [start for start, _, _ in history(two_versions)] == [
        date(2025, 6, 1),
        date(2026, 1, 1),
        date(2026, 9, 1),
    ]


# --------------------------------------------------------------------------- one current


def test_a_second_current_version_is_refused(two_versions: Engine) -> None:
    # two open-ended versions always overlap too: either rule may speak first
    assert refused_insert(two_versions, "2026-12-01") in (ONE_CURRENT, OVERLAP)
    assert refused_insert(two_versions, "2025-01-01") in (ONE_CURRENT, OVERLAP)


def test_the_partial_unique_index_alone_refuses_a_second_current_version(
    two_versions: Engine,
) -> None:
    """With the overlap guard removed, the index still allows only one open version."""
    with two_versions.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(
                text("ALTER TABLE metric_registry DROP CONSTRAINT ex_metric_registry_no_overlap")
            )
        else:
            conn.execute(text("DROP TRIGGER tr_metric_registry_insert"))
    assert refused_insert(two_versions, "2026-12-01") == ONE_CURRENT
    with two_versions.begin() as conn:  # the index is partial: closed versions are not limited
        insert(conn, "2026-10-01", "2026-11-01")


# --------------------------------------------------------------------------- checks


@pytest.mark.parametrize(
    ("start", "end"), [("2027-01-01", "2027-01-01"), ("2027-03-01", "2027-02-01")]
)
def test_effective_to_must_be_after_effective_from(engine: Engine, start: str, end: str) -> None:
    assert refused_insert(engine, start, end) == EFFECTIVE_ORDER


def test_period_start_must_not_be_after_period_end(engine: Engine) -> None:
    assert refused_insert(engine, "2026-01-01", period=("2026-08-01", "2026-07-31")) == (
        PERIOD_ORDER
    )
    with engine.begin() as conn:  # a one-day period is fine
        insert(conn, "2026-01-01", period=("2026-07-31", "2026-07-31"))


# --------------------------------------------------------------------------- never edited


@pytest.mark.parametrize(
    "change",
    [
        "definition = 'gross burn'",
        "unit = 'EUR'",
        "source_doc_id = 'other-doc'",
        "period_end = '2026-07-30'",
        "effective_from = '2025-12-01'",
        "metric_key = 'gross_burn'",
    ],
)
@pytest.mark.parametrize("which", ["2026-01-01", "2026-09-01"])  # the closed and the current
def test_no_attribute_of_a_stored_version_is_updated(
    two_versions: Engine, change: str, which: str
) -> None:
    sql = f"UPDATE metric_registry SET {change} WHERE metric_key = :metric_key AND effective_from = :f"
    assert refused(two_versions, sql, {"metric_key": "net_burn", "f": which}) == NEVER_EDITED
    assert history(two_versions)[0][2] == "cash out minus cash in"


@pytest.mark.parametrize(
    "new_end",
    [
        "'2026-10-01'",  # lengthening it (would overlap, but is refused as an edit first)
        "NULL",  # reopening it
    ],
)
def test_a_closed_version_stays_closed_where_it_was(two_versions: Engine, new_end: str) -> None:
    sql = (
        f"UPDATE metric_registry SET effective_to = {new_end} "
        "WHERE metric_key = :metric_key AND effective_from = '2026-01-01'"
    )
    assert refused(two_versions, sql, {"metric_key": "net_burn"}) == NEVER_EDITED
    assert history(two_versions)[0][:2] == (date(2026, 1, 1), date(2026, 9, 1))


def test_a_closed_version_may_only_be_shortened_for_a_back_dated_one(two_versions: Engine) -> None:
    with two_versions.begin() as conn:
        conn.execute(
            text(
                "UPDATE metric_registry SET effective_to = '2026-08-01' "
                "WHERE metric_key = 'net_burn' AND effective_from = '2026-01-01'"
            )
        )
        insert(conn, "2026-08-01", "2026-09-01")
    assert [(a, b) for a, b, _ in history(two_versions)][:2] == [
        (date(2026, 1, 1), date(2026, 8, 1)),
        (date(2026, 8, 1), date(2026, 9, 1)),
    ]


def test_closing_the_current_version_then_opening_the_next_is_allowed(
    two_versions: Engine,
) -> None:
    with two_versions.begin() as conn:
        conn.execute(
            text(
                "UPDATE metric_registry SET effective_to = '2026-12-01' "
                "WHERE metric_key = 'net_burn' AND effective_to IS NULL"
            )
        )
        insert(conn, "2026-12-01")
    assert [(a, b) for a, b, _ in history(two_versions)] == [
        (date(2026, 1, 1), date(2026, 9, 1)),
        (date(2026, 9, 1), date(2026, 12, 1)),
        (date(2026, 12, 1), None),
    ]


def test_opening_the_next_before_closing_the_current_is_refused(two_versions: Engine) -> None:
    with pytest.raises(IntegrityError), two_versions.begin() as conn:
        insert(conn, "2026-12-01")
        conn.execute(
            text(
                "UPDATE metric_registry SET effective_to = '2026-12-01' "
                "WHERE metric_key = 'net_burn' AND effective_from = '2026-09-01'"
            )
        )
    assert len(history(two_versions)) == 2


def test_an_update_that_changes_nothing_is_allowed(two_versions: Engine) -> None:
    with two_versions.begin() as conn:
        conn.execute(text("UPDATE metric_registry SET definition = definition"))
    assert len(history(two_versions)) == 2


# --------------------------------------------------------------------------- through tieout


def test_a_refusal_inside_a_tieout_transaction_is_a_registry_conflict(
    two_versions: Engine,
) -> None:
    with (
        pytest.raises(RegistryConflict) as caught,
        transaction(two_versions, "setting metric 'net_burn'", write=True) as session,
    ):
        session.execute(
            INSERT,
            {
                "metric_key": "net_burn",
                "start": "2026-05-01",
                "end": "2026-06-01",
                "period_start": "2026-07-01",
                "period_end": "2026-07-31",
            },
        )
    assert str(caught.value) == OVERLAP
    assert not isinstance(caught.value, StorageError)
    assert isinstance(caught.value.__cause__, IntegrityError)


def test_a_refusal_names_the_metric_even_without_a_metric_key_parameter(
    two_versions: Engine,
) -> None:
    """PostgreSQL's error detail names the row; SQLite's trigger cannot, so the table is named."""
    sql = (
        "UPDATE metric_registry SET definition = 'x' "
        "WHERE metric_key = 'net_burn' AND effective_to IS NULL"
    )
    with (
        pytest.raises(RegistryConflict) as caught,
        transaction(two_versions, "editing", write=True) as session,
    ):
        session.execute(text(sql))
    expected = "net_burn" if two_versions.dialect.name == "postgresql" else "metric_registry"
    assert str(caught.value) == NEVER_EDITED.replace("net_burn", expected)


def test_other_database_errors_stay_storage_errors(engine: Engine) -> None:
    with (
        pytest.raises(StorageError) as caught,
        transaction(engine, "reading nonsense") as session,
    ):
        session.execute(text("SELECT * FROM no_such_table"))
    assert str(caught.value).startswith("reading nonsense failed: ")
    assert not isinstance(caught.value, RegistryConflict)


# --------------------------------------------------------------------------- Store still works


def metric(definition: str, effective_from: date, **changes: Any) -> MetricDefinition:
    fields: dict[str, Any] = {
        "metric_key": "net_burn",
        "definition": definition,
        "unit": "USD",
        "period_start": date(2026, 7, 1),
        "period_end": date(2026, 7, 31),
        "source_doc_id": "update-2026-08",
        "effective_from": effective_from,
    }
    fields.update(changes)
    return MetricDefinition(**fields)


def test_store_set_metric_closes_and_opens_within_the_rules(store: Store) -> None:
    assert store.set_metric(metric("cash out minus cash in", date(2026, 1, 1))) == "new"
    assert store.set_metric(metric("cash out minus cash in", date(2026, 3, 1))) == "unchanged"
    assert store.set_metric(metric("operating cash out", date(2026, 9, 1))) == "changed"
    assert store.set_metric(metric("operating cash out", date(2026, 12, 1), unit="EUR")) == (
        "changed"
    )
    versions = [
        (v.effective_from, v.effective_to, v.unit) for v in store.metric_history("net_burn")
    ]
    assert versions == [
        (date(2026, 1, 1), date(2026, 9, 1), "USD"),
        (date(2026, 9, 1), date(2026, 12, 1), "USD"),
        (date(2026, 12, 1), None, "EUR"),
    ]


def test_store_import_applies_several_changes_to_one_metric_in_one_transaction(
    store: Store,
) -> None:
    plan = store.import_metrics(
        [
            metric("v1", date(2026, 1, 1)),
            metric("v2", date(2026, 4, 1)),
            metric("v3", date(2026, 8, 1)),
        ]
    )
    assert plan.new == ["net_burn"]
    assert [key for key, _ in plan.changed] == ["net_burn", "net_burn"]
    assert [v.definition for v in store.metric_history("net_burn")] == ["v1", "v2", "v3"]
    assert [v.effective_to for v in store.metric_history("net_burn")] == [
        date(2026, 4, 1),
        date(2026, 8, 1),
        None,
    ]
