"""Working the review queue to an end (migration 0006): resolved, discarded, reopened.

The queue's own rows never change; each thing a reviewer does is an event appended to
``review_queue_resolutions`` (append-only like the other audit tables), and the latest event
gives an item's status in force. Refusals are one line, store nothing, and two reviewers
acting on one item at once cannot both succeed.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from _sql import refusal
from click.testing import CliRunner
from sqlalchemy.engine import make_url

from tieout.cli import main
from tieout.errors import InputError
from tieout.store import Store
from tieout.store.migrate import current, downgrade, upgrade
from tieout.store.records import ResolutionRecord
from tieout.store.review_queue import MAX_NOTE

TABLE = "review_queue_resolutions"
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
T1 = T0 + timedelta(hours=1)
T2 = T0 + timedelta(hours=2)
PROBLEMS = [("claims[0].source_quote", "field required")]


def queue(
    store: Store, source: str = "agent-1", status: str = "needs_human", at: datetime = T0
) -> int:
    return store.queue_for_review(source, '{"claims": []}', PROBLEMS, status=status, created_at=at)


@pytest.fixture
def raw(db_url: str) -> Iterator[sa.Engine]:
    """A plain SQLAlchemy engine on the test's database: raw SQL, none of tieout's code."""
    engine = sa.create_engine(db_url)
    yield engine
    engine.dispose()


def stored_events(engine: sa.Engine) -> list[tuple[object, ...]]:
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text(f"SELECT queue_id, outcome, note, reviewer FROM {TABLE} ORDER BY id")
        )
        return [tuple(r) for r in rows]


# --------------------------------------------------------------------------- the rules


def test_resolve_reopen_discard_appends_events_and_moves_the_status_in_force(
    store: Store, raw: sa.Engine
) -> None:
    first, second = queue(store, "agent-1"), queue(store, "agent-2", at=T1)
    assert [i.id for i in store.review_queue()] == [first, second]

    done = store.resolve_queue_item(
        first, "resolved", "  fixed the quote, resent  ", " Ana  B ", at=T1
    )
    assert done == ResolutionRecord(
        first, "resolved", "fixed the quote, resent", "Ana B", T1, done.id
    )
    assert done.id is not None
    assert [i.id for i in store.review_queue()] == [second]
    (item,) = store.review_queue("resolved")
    assert (item.id, item.status, item.status_in_force) == (first, "needs_human", "resolved")
    assert item.events == [done]

    store.resolve_queue_item(first, "reopened", "the resent set failed again", "Bo", at=T2)
    assert [i.id for i in store.review_queue()] == [first, second]
    assert store.review_queue("resolved") == []
    store.resolve_queue_item(first, "discarded", "duplicate of a later run", "Bo", at=T2)
    (item,) = store.review_queue("discarded")
    assert item.status_in_force == "discarded"
    assert [(e.outcome, e.reviewer, e.resolved_at) for e in item.events] == [
        ("resolved", "Ana B", T1),
        ("reopened", "Bo", T2),
        ("discarded", "Bo", T2),
    ]
    assert [(i.id, i.status_in_force) for i in store.review_queue(None)] == [
        (first, "discarded"),
        (second, "needs_human"),
    ]
    assert store.review_queue("all") == store.review_queue(None)
    assert store.review_queue(None)[1].events == []
    # the queue's own row is exactly as it was stored
    with raw.connect() as conn:
        statuses = conn.execute(sa.text("SELECT status FROM review_queue ORDER BY id")).scalars()
        assert list(statuses) == ["needs_human", "needs_human"]
    assert stored_events(raw) == [
        (first, "resolved", "fixed the quote, resent", "Ana B"),
        (first, "reopened", "the resent set failed again", "Bo"),
        (first, "discarded", "duplicate of a later run", "Bo"),
    ]


def test_the_latest_event_in_the_order_appended_counts_whatever_the_clock(store: Store) -> None:
    qid = queue(store)
    store.resolve_queue_item(qid, "resolved", "done", "Ana", at=T2)
    store.resolve_queue_item(qid, "reopened", "not done", "Bo", at=T1)  # an earlier clock
    (item,) = store.review_queue()
    assert (item.id, item.status_in_force) == (qid, "needs_human")
    assert [e.outcome for e in item.events] == ["resolved", "reopened"]


def test_the_stored_status_counts_until_the_first_event(store: Store) -> None:
    """An item queued as resolved is closed; queued with another status, it is open."""
    closed = queue(store, "a", status="resolved")
    other = queue(store, "b", status="escalated", at=T1)
    assert store.review_queue() == []
    assert [i.id for i in store.review_queue("resolved")] == [closed]
    assert [i.id for i in store.review_queue("escalated")] == [other]
    with pytest.raises(InputError) as caught:
        store.resolve_queue_item(closed, "discarded", "n", "Ana")
    assert str(caught.value) == (
        f"review queue item {closed} is already resolved; to change that, reopen it first "
        "(--outcome reopened)"
    )
    store.resolve_queue_item(closed, "reopened", "look again", "Ana")
    assert [i.id for i in store.review_queue()] == [closed]
    store.resolve_queue_item(other, "discarded", "not worth it", "Ana")
    assert [i.id for i in store.review_queue("discarded")] == [other]
    assert store.review_queue("escalated") == []


def test_the_sql_filter_and_the_records_agree_on_every_status(store: Store) -> None:
    ids = [queue(store, f"agent-{n}", at=T0 + timedelta(minutes=n)) for n in range(5)]
    store.resolve_queue_item(ids[1], "resolved", "n", "A")
    store.resolve_queue_item(ids[2], "discarded", "n", "A")
    store.resolve_queue_item(ids[3], "resolved", "n", "A")
    store.resolve_queue_item(ids[3], "reopened", "n", "A")
    store.resolve_queue_item(ids[4], "discarded", "n", "A")
    store.resolve_queue_item(ids[4], "reopened", "n", "A")
    store.resolve_queue_item(ids[4], "resolved", "n", "A")
    everything = store.review_queue(None)
    assert [i.status_in_force for i in everything] == [
        "needs_human",
        "resolved",
        "discarded",
        "needs_human",
        "resolved",
    ]
    for status in ("needs_human", "resolved", "discarded", "reopened"):
        assert store.review_queue(status) == [i for i in everything if i.status_in_force == status]


#: ``(queue_id, outcome, note, reviewer)`` and the exact refusal.
REFUSED: list[tuple[tuple[int, str, str, str], str]] = [
    (
        (1, "fixed", "n", "Ana"),
        "'fixed' is not an outcome; use one of: resolved, discarded, reopened",
    ),
    (
        (1, "resolved", "", "Ana"),
        "a resolution needs a note: say what was done with review queue item 1 (--note)",
    ),
    (
        (1, "resolved", " \n\t", "Ana"),
        "a resolution needs a note: say what was done with review queue item 1 (--note)",
    ),
    ((1, "resolved", "n", ""), "a resolution needs the reviewer's name (--reviewer)"),
    ((1, "resolved", "n", "   "), "a resolution needs the reviewer's name (--reviewer)"),
    (
        (1, "resolved", "x" * (MAX_NOTE + 1), "Ana"),
        f"the note is {MAX_NOTE + 1:,} characters; keep it under {MAX_NOTE:,}",
    ),
    (
        (True, "resolved", "n", "Ana"),
        "a review queue item id is a whole number (see `tieout review queue`), got True",
    ),
    (
        (987, "resolved", "n", "Ana"),
        "no review queue item 987; see `tieout review queue --status all`",
    ),
]


def test_bad_input_is_refused_in_one_line_and_nothing_is_stored(
    store: Store, raw: sa.Engine
) -> None:
    assert queue(store) == 1
    for args, message in REFUSED:
        with pytest.raises(InputError) as caught:
            store.resolve_queue_item(*args)
        assert str(caught.value) == message
    assert stored_events(raw) == []
    assert [i.id for i in store.review_queue()] == [1]


def test_a_naive_time_is_refused(store: Store) -> None:
    qid = queue(store)
    with pytest.raises(InputError) as caught:
        store.resolve_queue_item(qid, "resolved", "n", "Ana", at=datetime(2026, 12, 1, 9, 0))
    assert str(caught.value) == (
        "ResolutionRecord.resolved_at 2026-12-01T09:00:00 has no time zone; give it in UTC"
    )


def test_a_closed_item_is_only_reopened_and_an_open_one_never_is(
    store: Store, raw: sa.Engine
) -> None:
    qid = queue(store)
    with pytest.raises(InputError) as caught:
        store.resolve_queue_item(qid, "reopened", "again", "Ana")
    assert str(caught.value) == (
        f"review queue item {qid} is still open (status needs_human); there is nothing to "
        "reopen: resolve or discard it (--outcome resolved|discarded)"
    )
    store.resolve_queue_item(qid, "discarded", "not worth fixing", "Ana")
    for outcome in ("resolved", "discarded"):
        with pytest.raises(InputError) as caught:
            store.resolve_queue_item(qid, outcome, "again", "Bo")
        assert str(caught.value) == (
            f"review queue item {qid} is already discarded; to change that, reopen it first "
            "(--outcome reopened)"
        )
    store.resolve_queue_item(qid, "reopened", "worth it after all", "Bo")
    with pytest.raises(InputError, match="is still open"):
        store.resolve_queue_item(qid, "reopened", "twice", "Bo")
    assert [e[1] for e in stored_events(raw)] == ["discarded", "reopened"]


# --------------------------------------------------------------------------- append-only


def test_raw_sql_cannot_change_or_remove_an_event(store: Store, raw: sa.Engine) -> None:
    qid = queue(store)
    store.resolve_queue_item(qid, "discarded", "not worth fixing", "Ana")
    for verb, sql in (
        ("UPDATE", f"UPDATE {TABLE} SET outcome = 'resolved'"),
        ("DELETE", f"DELETE FROM {TABLE}"),
    ):
        assert refusal(raw, sql) == (
            f"tr_append_only: {TABLE} is append-only: its rows are never changed or deleted "
            f"({verb} refused)"
        )
    if raw.dialect.name == "postgresql":
        assert refusal(raw, f"TRUNCATE {TABLE}") == (
            f"tr_append_only: {TABLE} is append-only: its rows are never changed or deleted "
            "(TRUNCATE refused)"
        )
        # the queue itself now has a table pointing at it
        assert refusal(raw, "TRUNCATE review_queue") == (
            "cannot truncate a table referenced in a foreign key constraint"
        )
    else:
        assert refusal(raw, f"INSERT OR REPLACE INTO {TABLE} SELECT * FROM {TABLE}") == (
            f"tr_append_only: {TABLE} is append-only: a row with this key is stored already "
            "and is never replaced (INSERT refused)"
        )
    # an event must name a stored item (SQLite checks foreign keys where they are switched on)
    orphan = (
        f"INSERT INTO {TABLE} (queue_id, outcome, note, reviewer, resolved_at) "
        "VALUES (999, 'resolved', 'n', 'Ana', '2026-12-01 09:00:00+00:00')"
    )
    if raw.dialect.name == "sqlite":
        path = make_url(str(raw.url)).database
        assert path is not None
        con = sqlite3.connect(path, isolation_level=None)
        try:
            con.execute("PRAGMA foreign_keys = ON")
            with pytest.raises(sqlite3.IntegrityError, match=r"^FOREIGN KEY constraint failed$"):
                con.execute(orphan)
        finally:
            con.close()
    else:
        assert "fk_review_queue_resolutions_queue" in refusal(raw, orphan)
    assert stored_events(raw) == [(qid, "discarded", "not worth fixing", "Ana")]
    store.resolve_queue_item(qid, "reopened", "inserts still work", "Bo")
    assert len(stored_events(raw)) == 2


# --------------------------------------------------------------------------- two reviewers


def test_two_reviewers_at_once_cannot_both_close_an_item(store: Store, raw: sa.Engine) -> None:
    qid = queue(store)
    start = threading.Barrier(4)
    won: list[str] = []
    refused: list[str] = []

    def act(outcome: str, name: str) -> None:
        start.wait()
        try:
            store.resolve_queue_item(qid, outcome, f"{name} closes it", name)
            won.append(outcome)
        except InputError as err:
            refused.append(str(err))

    threads = [
        threading.Thread(target=act, args=(o, n))
        for o, n in (("resolved", "A"), ("discarded", "B"), ("resolved", "C"), ("discarded", "D"))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(won) == 1 and len(refused) == 3, (won, refused)
    assert set(refused) == {
        f"review queue item {qid} is already {won[0]}; to change that, reopen it first "
        "(--outcome reopened)"
    }
    assert [e[1] for e in stored_events(raw)] == won


def _blocked_by(engine: sa.Engine, pid: int) -> bool:
    with engine.connect() as conn:
        found = conn.execute(
            sa.text(
                "SELECT count(*) FROM pg_stat_activity WHERE :pid = ANY(pg_blocking_pids(pid))"
            ),
            {"pid": pid},
        ).scalar_one()
    return bool(found)


def test_a_reviewer_waits_for_the_one_holding_the_item_then_sees_their_event(
    db_url: str, store: Store, raw: sa.Engine
) -> None:
    """Deterministic: another transaction takes the item and appends an event, uncommitted.

    PostgreSQL: it holds the item's row lock (as resolve does); resolve must wait on it (seen
    in pg_blocking_pids), not read the queue before the event is committed. SQLite: it holds
    the write lock; resolve's BEGIN IMMEDIATE waits for it before reading anything.
    """
    qid = queue(store)
    outcome: list[BaseException | ResolutionRecord] = []

    def second_reviewer() -> None:
        try:
            outcome.append(store.resolve_queue_item(qid, "discarded", "not worth it", "Bo"))
        except BaseException as err:  # collected for the assertions below
            outcome.append(err)

    worker = threading.Thread(target=second_reviewer)
    event = (
        f"INSERT INTO {TABLE} (queue_id, outcome, note, reviewer, resolved_at) "
        "VALUES (:qid, 'resolved', 'fixed it', 'Ana', :at)"
    )
    if raw.dialect.name == "postgresql":
        with raw.connect() as conn:
            tx = conn.begin()
            conn.execute(
                sa.text("SELECT id FROM review_queue WHERE id = :qid FOR UPDATE"), {"qid": qid}
            )
            conn.execute(sa.text(event), {"qid": qid, "at": T1})
            pid = int(conn.execute(sa.text("SELECT pg_backend_pid()")).scalar_one())
            worker.start()
            deadline = time.monotonic() + 30
            while not _blocked_by(raw, pid):
                assert worker.is_alive() and time.monotonic() < deadline, outcome
                time.sleep(0.01)
            tx.commit()
    else:
        path = make_url(db_url).database
        assert path is not None
        con = sqlite3.connect(path, isolation_level=None)
        try:
            con.execute("BEGIN IMMEDIATE")
            con.execute(
                f"INSERT INTO {TABLE} (queue_id, outcome, note, reviewer, resolved_at) "
                "VALUES (?, 'resolved', 'fixed it', 'Ana', '2026-12-01 10:00:00.000000+00:00')",
                (qid,),
            )
            worker.start()
            time.sleep(0.3)
            assert worker.is_alive()  # waiting for the write lock (busy timeout 15 s)
            con.execute("COMMIT")
        finally:
            con.close()
    worker.join(60)
    (got,) = outcome
    assert isinstance(got, InputError), got
    assert str(got) == (
        f"review queue item {qid} is already resolved; to change that, reopen it first "
        "(--outcome reopened)"
    )
    assert stored_events(raw) == [(qid, "resolved", "fixed it", "Ana")]


# --------------------------------------------------------------------------- the command line


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m tieout review …`` in a process of its own, as a reviewer runs it."""
    return subprocess.run(
        [sys.executable, "-m", "tieout", "review", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env={**os.environ, "COLUMNS": "200", "TIEOUT_DB": ""},
    )


def quick(*args: str) -> tuple[int, str, str]:
    """The same command in this process (each subprocess costs most of a second)."""
    result = CliRunner(env={"COLUMNS": "200", "TIEOUT_DB": ""}).invoke(
        main, ["review", *args], catch_exceptions=False
    )
    return result.exit_code, result.stdout, result.stderr


def test_review_resolve_and_queue_end_to_end(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'queue.db'}"
    with Store.open(url) as store:
        first = store.queue_for_review("agent-1", "{}", PROBLEMS, created_at=T0)
        second = store.queue_for_review("agent-2", "[]", PROBLEMS, created_at=T1)

    done = cli(
        "resolve", str(first), "--outcome", "resolved", "--note", "fixed the quote, resent",
        "--reviewer", "Ana", "--db", url,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"review queue item {first}: resolved by Ana (fixed the quote, resent)\n"

    refused = cli(
        "resolve", str(first), "--outcome", "discarded", "--note", "n", "--reviewer", "Bo",
        "--db", url,
    )  # fmt: skip
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        f"tieout: error: review queue item {first} is already resolved; to change that, "
        "reopen it first (--outcome reopened)\n"
    )

    reopened = quick(
        "resolve", str(first), "--outcome", "reopened", "--note", "the resent set failed",
        "--reviewer", "Bo", "--format", "json", "--db", url,
    )  # fmt: skip
    assert reopened[0] == 0, reopened
    event = json.loads(reopened[1])
    assert {k: event[k] for k in ("queue_id", "outcome", "note", "reviewer")} == {
        "queue_id": first,
        "outcome": "reopened",
        "note": "the resent set failed",
        "reviewer": "Bo",
    }
    assert datetime.fromisoformat(event["at"]).tzinfo is not None

    listed = cli("queue", "--format", "json", "--db", url)
    assert listed.returncode == 0, listed.stderr
    items = json.loads(listed.stdout)
    assert [(i["id"], i["status"], [e["outcome"] for e in i["events"]]) for i in items] == [
        (first, "needs_human", ["resolved", "reopened"]),
        (second, "needs_human", []),
    ]
    assert items[0]["events"][0] | {"id": None, "at": None} == {
        "id": None,
        "queue_id": first,
        "outcome": "resolved",
        "note": "fixed the quote, resent",
        "reviewer": "Ana",
        "at": None,
    }

    assert quick(
        "resolve", str(first), "--outcome", "discarded", "--note", "duplicate", "--reviewer",
        "Bo", "--db", url,
    ) == (0, f"review queue item {first}: discarded by Bo (duplicate)\n", "")  # fmt: skip
    code, table, _ = quick("queue", "--status", "all", "--db", url)
    assert code == 0
    row = next(line for line in table.splitlines() if line.lstrip().startswith(str(first)))
    assert "discarded" in row and "resolved by Ana: fixed the quote, resent" in row
    assert "discarded by Bo: duplicate" in table
    code, out, _ = quick("queue", "--db", url)
    assert code == 0 and "agent-2" in out and "agent-1" not in out
    assert quick("queue", "--status", "resolved", "--db", url) == (
        0,
        "the review queue is empty (status resolved)\n",
        "",
    )


def test_review_resolve_refusals_are_one_line_and_exit_2(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'queue.db'}"
    with Store.open(url) as store:
        qid = store.queue_for_review("agent-1", "{}", PROBLEMS, created_at=T0)
    base = ("resolve", str(qid), "--db", url)
    assert quick(*base, "--outcome", "resolved", "--reviewer", "Bo") == (
        2,
        "",
        f"tieout: error: a resolution needs a note: say what was done with review queue item "
        f"{qid} (--note)\n",
    )
    assert quick(*base, "--outcome", "resolved", "--note", "n") == (
        2,
        "",
        "tieout: error: a resolution needs the reviewer's name (--reviewer)\n",
    )
    assert quick(*base, "--outcome", "reopened", "--note", "n", "--reviewer", "Bo") == (
        2,
        "",
        f"tieout: error: review queue item {qid} is still open (status needs_human); there is "
        "nothing to reopen: resolve or discard it (--outcome resolved|discarded)\n",
    )
    assert quick(
        "resolve", "404", "--outcome", "resolved", "--note", "n", "--reviewer", "Bo", "--db", url
    ) == (
        2,
        "",
        "tieout: error: no review queue item 404; see `tieout review queue --status all`\n",
    )
    code, _, err = quick(*base, "--outcome", "fixed", "--note", "n", "--reviewer", "Bo")
    assert code == 2 and "'fixed' is not one of 'resolved', 'discarded', 'reopened'" in err
    with Store.open(url) as store:
        (item,) = store.review_queue()
        assert (item.id, item.events) == (qid, [])


# --------------------------------------------------------------------------- the migration


def trigger_names(engine: sa.Engine) -> set[str]:
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            found = conn.execute(
                sa.text(
                    "SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
                    "WHERE NOT t.tgisinternal AND c.relname = :table "
                    "AND c.relnamespace = current_schema()::regnamespace"
                ),
                {"table": TABLE},
            )
        else:
            found = conn.execute(
                sa.text(
                    "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = :table"
                ),
                {"table": TABLE},
            )
        return set(found.scalars())


def test_0006_downgrades_to_0005_cleanly_and_upgrades_again(db_url: str, raw: sa.Engine) -> None:
    with Store.open(db_url) as store:
        qid = queue(store)
        store.resolve_queue_item(qid, "resolved", "fixed", "Ana")
    expected = (
        {f"tr_{TABLE}_append_only", f"tr_{TABLE}_no_truncate"}
        if raw.dialect.name == "postgresql"
        else {f"tr_{TABLE}_no_replace", f"tr_{TABLE}_no_update", f"tr_{TABLE}_no_delete"}
    )
    assert trigger_names(raw) == expected
    assert downgrade(raw, "0005") == ("0009", "0005")
    assert not sa.inspect(raw).has_table(TABLE)
    assert trigger_names(raw) == set()
    with raw.connect() as conn:  # the queue keeps its rows, and 0005's guard stays
        assert conn.execute(sa.text("SELECT id FROM review_queue")).scalars().all() == [qid]
    assert "tr_append_only: review_queue" in refusal(raw, "DELETE FROM review_queue")
    assert upgrade(raw) == ("0005", "0009")
    assert current(raw) == "0009" and trigger_names(raw) == expected
    with Store.open(db_url) as store:
        (item,) = store.review_queue()  # the event went with the table: open again
        assert (item.id, item.events) == (qid, [])
        store.resolve_queue_item(qid, "discarded", "after the round trip", "Bo")
        assert [i.id for i in store.review_queue("discarded")] == [qid]
