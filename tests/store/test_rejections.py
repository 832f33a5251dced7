"""The gate's rejection log, on SQLite and PostgreSQL: written all at once, read newest first."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from tieout.errors import InputError, StorageError
from tieout.store import RejectionRecord, Store

T0 = datetime(2026, 9, 7, 9, 30, 0, 123456, tzinfo=UTC)
REASON = "'$130k' is a currency claim found in neither this run's anchors nor its sources"


def rejection(figure: str = "$130k", **changes: Any) -> RejectionRecord:
    fields: dict[str, Any] = {
        "workflow": "contract_comparison",
        "run_id": "run-1",
        "figure": figure,
        "claim_class": "currency",
        "reason": REASON,
        "line": 3,
        "created_at": T0,
    }
    fields.update(changes)
    return RejectionRecord(**fields)


def test_round_trip_keeps_every_field_and_gives_an_id(store: Store) -> None:
    rec = rejection(
        "§2.5",
        claim_class="numeric",
        reason="§2.5: no such clause",
        line=12,
        created_at=datetime(2026, 9, 7, 11, 30, 0, 123456, tzinfo=timezone(timedelta(hours=2))),
    )
    store.log_rejections([rec])
    [back] = store.recent_rejections("contract_comparison")
    assert back.id is not None
    assert replace(back, id=None) == rec
    assert back.created_at.tzinfo == UTC
    assert back.created_at == T0  # 11:30:00.123456+02:00 is 09:30:00.123456 UTC


def test_newest_first_and_same_instant_in_reverse_logging_order(store: Store) -> None:
    store.log_rejections([rejection("$1", created_at=T0), rejection("$2", created_at=T0)])
    store.log_rejections([rejection("$3", created_at=T0 + timedelta(seconds=1))])
    store.log_rejections([rejection("$0", created_at=T0 - timedelta(days=1))])
    got = [r.figure for r in store.recent_rejections("contract_comparison")]
    assert got == ["$3", "$2", "$1", "$0"]


def test_n_limits_to_the_latest(store: Store) -> None:
    store.log_rejections(
        [rejection(f"${i},000", created_at=T0 + timedelta(minutes=i)) for i in range(5)]
    )
    assert [r.figure for r in store.recent_rejections("contract_comparison", n=2)] == [
        "$4,000",
        "$3,000",
    ]
    assert len(store.recent_rejections("contract_comparison", n=1)) == 1
    assert len(store.recent_rejections("contract_comparison")) == 5


@pytest.mark.parametrize("n", [0, -1])
def test_n_below_one_is_refused(store: Store, n: int) -> None:
    with pytest.raises(InputError) as err:
        store.recent_rejections("contract_comparison", n=n)
    assert str(err.value) == (
        f"n must be a whole number of at least 1 (the rejections to return), got {n}"
    )


def test_only_the_workflow_asked_for_and_empty_means_no_workflow(store: Store) -> None:
    store.log_rejections(
        [
            rejection("$130k", workflow="contract_comparison"),
            rejection("$1,344,000", workflow="financial_statement_summary"),
            rejection("12.5%", workflow="", claim_class="percent"),
        ]
    )
    assert [r.figure for r in store.recent_rejections("contract_comparison")] == ["$130k"]
    assert [r.figure for r in store.recent_rejections("financial_statement_summary")] == [
        "$1,344,000"
    ]
    assert [r.figure for r in store.recent_rejections("")] == ["12.5%"]
    assert store.recent_rejections("press_release") == []


def test_logging_nothing_writes_nothing(store: Store) -> None:
    store.log_rejections([])
    assert store.recent_rejections("contract_comparison") == []


def test_a_record_the_database_refuses_leaves_the_whole_batch_unwritten(store: Store) -> None:
    store.log_rejections([rejection("$130k")])
    broken = rejection("$190k")
    object.__setattr__(broken, "figure", None)  # a caller's bug: NOT NULL is violated
    batch = [rejection("$1"), broken, rejection("$2")]
    with pytest.raises(StorageError, match=r"^logging gate rejections failed: "):
        store.log_rejections(batch)
    assert [r.figure for r in store.recent_rejections("contract_comparison")] == ["$130k"]


def test_something_not_a_record_in_the_middle_is_refused_before_writing(store: Store) -> None:
    batch: list[Any] = [rejection("$1"), {"figure": "$2"}, rejection("$3")]
    with pytest.raises(InputError) as err:
        store.log_rejections(batch)
    assert str(err.value) == "rejections[1] is a dict, not a RejectionRecord"
    assert store.recent_rejections("contract_comparison") == []


def test_the_log_survives_reopening(db_url: str) -> None:
    with Store.open(db_url) as first:
        first.log_rejections([rejection("$130k")])
    with Store.open(db_url) as second:
        assert [r.figure for r in second.recent_rejections("contract_comparison")] == ["$130k"]


# -- the record validates itself --------------------------------------------------------------


def test_a_naive_timestamp_is_refused_before_anything_is_written() -> None:
    with pytest.raises(InputError) as err:
        rejection(created_at=datetime(2026, 9, 7, 9, 30))
    assert str(err.value) == (
        "RejectionRecord.created_at 2026-09-07T09:30:00 has no time zone; give it in UTC"
    )


def test_an_unknown_claim_class_is_refused() -> None:
    with pytest.raises(InputError) as err:
        rejection(claim_class="section")
    assert str(err.value) == (
        "RejectionRecord.claim_class 'section' is not a claim class; "
        "use one of currency, percent, numeric, words"
    )


@pytest.mark.parametrize("line", [0, -2, 2**31, True, "3"])
def test_a_line_that_is_not_a_line_number_is_refused(line: object) -> None:
    with pytest.raises(InputError) as err:
        rejection(line=line)
    assert str(err.value) == (
        f"RejectionRecord.line {line!r} is not a line number; lines count from 1"
    )


def test_records_are_frozen() -> None:
    rec = rejection()
    with pytest.raises(AttributeError):
        rec.figure = "$1"  # type: ignore[misc]
