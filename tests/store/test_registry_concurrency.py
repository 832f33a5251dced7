"""Type 2 under load: back-dated changes split the history, and concurrent writers lose nothing.

Issue 4: 8 writers applying 200 changes each to the same 10 metrics, concurrently, end with a
history that has no overlap, no gap and no lost change (every change is exactly one row),
on PostgreSQL and on SQLite. The database's own rules (exclusion constraint or triggers)
stand behind the code; a writer that loses a race is told so and tries again.
"""

from __future__ import annotations

import itertools
import threading
from datetime import date, timedelta

import pytest

from tieout.errors import RegistryConflict, StorageError
from tieout.schemas import MetricDefinition
from tieout.store import Store

START = date(2020, 1, 1)


def version(key: str, effective_from: date, definition: str) -> MetricDefinition:
    return MetricDefinition.from_mapping(
        {
            "metric_key": key,
            "definition": definition,
            "unit": "USD_thousands",
            "period_start": "2026-07-01",
            "period_end": "2026-07-31",
            "source_doc_id": "updates",
            "effective_from": effective_from,
        }
    )


def assert_contiguous(store: Store, key: str) -> list[MetricDefinition]:
    rows = store.metric_history(key)
    for a, b in itertools.pairwise(rows):
        assert a.effective_to == b.effective_from, (
            key,
            a.effective_from,
            a.effective_to,
            b.effective_from,
        )
    assert rows[-1].effective_to is None
    return rows


def test_a_back_dated_change_splits_the_version_in_force(db_url: str) -> None:
    with Store.open(db_url) as store:
        store.set_metric(version("net_burn", date(2026, 1, 1), "cash out minus cash in"))
        store.set_metric(version("net_burn", date(2026, 9, 1), "excluding financing"))
        with pytest.raises(RegistryConflict, match="history is never rewritten"):
            store.set_metric(version("net_burn", date(2026, 5, 1), "restated in May"))
        assert (
            store.set_metric(
                version("net_burn", date(2026, 5, 1), "restated in May"), backdate=True
            )
            == "changed"
        )
        assert (
            store.set_metric(
                version("net_burn", date(2025, 6, 1), "before records began"), backdate=True
            )
            == "changed"
        )
        rows = assert_contiguous(store, "net_burn")
        assert [(r.effective_from, r.definition) for r in rows] == [
            (date(2025, 6, 1), "before records began"),
            (date(2026, 1, 1), "cash out minus cash in"),
            (date(2026, 5, 1), "restated in May"),
            (date(2026, 9, 1), "excluding financing"),
        ]
        assert store.metric_as_of("net_burn", date(2026, 6, 15)).definition == "restated in May"  # type: ignore[union-attr]
        same = version("net_burn", date(2026, 5, 1), "something else")
        with pytest.raises(RegistryConflict, match="already starts on 2026-05-01"):
            store.set_metric(same, backdate=True)


WRITERS, CHANGES, METRICS = 8, 200, 10


def test_concurrent_writers_lose_no_change(db_url: str) -> None:
    with Store.open(db_url) as store:
        for m in range(METRICS):
            store.set_metric(version(f"m{m}", START, "first"))
    errors: list[BaseException] = []
    retries = [0]

    def writer(w: int) -> None:
        try:
            with Store.open(db_url) as store:
                for i in range(CHANGES):
                    n = w * CHANGES + i
                    change = version(f"m{n % METRICS}", START + timedelta(days=1 + n), f"w{w} c{i}")
                    for _attempt in range(200):
                        try:
                            assert store.set_metric(change, backdate=True) == "changed"
                            break
                        except (RegistryConflict, StorageError) as exc:  # lost a race: try again
                            if (
                                "another writer" not in str(exc)
                                and "overlap" not in str(exc)
                                and "locked" not in str(exc)
                            ):
                                raise
                            retries[0] += 1
                    else:
                        raise AssertionError(f"change {n} never applied")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with Store.open(db_url) as store:
        total = 0
        for m in range(METRICS):
            rows = assert_contiguous(store, f"m{m}")
            assert rows[0].effective_from == START
            total += len(rows) - 1
            assert (
                len({r.definition for r in rows[1:]}) == len(rows) - 1
            )  # every change exactly once
        assert total == WRITERS * CHANGES
