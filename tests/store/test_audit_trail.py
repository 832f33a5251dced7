"""The audit trail (issue 6, item 1): what happened is stored append-only, on both backends.

Every table that records a claim, a check result, a verdict, a re-ask, a gate rejection,
an override or a calibration check refuses UPDATE and DELETE from raw SQL (PostgreSQL
also TRUNCATE), while inserts go on working; the code has no update or delete path for
them; an override leaves the checker's row untouched; enforce() logs every attempt.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from _seed import CASH_CLAIM, CASH_UPDATE, seed_cash_update
from sqlalchemy.exc import DBAPIError

import tieout
from tieout.agents import enforce
from tieout.agents.messages import reask_message
from tieout.store import (
    ClaimResultRecord,
    RejectionRecord,
    RunRecord,
    Store,
)

APPEND_ONLY = (
    "documents",
    "check_runs",
    "claim_results",
    "gate_rejections",
    "review_queue",
    "claim_overrides",
    "claim_attempts",
    "calibration_samples",
    "calibration_checks",
    "review_queue_resolutions",
)
#: Tables other tables point at (PostgreSQL refuses a plain TRUNCATE of them for that).
REFERENCED = ("check_runs", "claim_results", "calibration_samples", "review_queue")
#: The only tables whose rows the code may change: a metric version is closed when a newer
#: one takes over, and an API key is revoked.
MUTABLE = ("metric_registry", "api_keys")

UPDATE_TEXT = CASH_UPDATE
GOOD = CASH_CLAIM
NO_QUOTE = {k: v for k, v in GOOD.items() if k != "source_quote"}
T0 = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)  # Tuesday of 2026-W48


def claims_json(*claims: dict[str, Any]) -> str:
    return json.dumps({"claims": list(claims)})


class Script:
    """A stand-in model: answers each re-ask with the next reply and keeps what it was sent."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.sent: list[str] = []

    def __call__(self, message: str) -> str:
        self.sent.append(message)
        return self.replies.pop(0)


def ingest_update(store: Store, tmp_path: Path) -> None:
    seed_cash_update(store, tmp_path, UPDATE_TEXT)


def result(run_id: str, position: int, verdict: str, metric: str = "arr") -> ClaimResultRecord:
    return ClaimResultRecord(
        run_id=run_id,
        position=position,
        metric_key=metric,
        claim={"metric_key": metric, "value": "1.4", "unit": "USD_millions"},
        verdict=verdict,
        reason=f"the checker said {verdict}",
        checks=[],
        snapshot_sha256=None,
        registry_metric_key=None,
        registry_effective_from=None,
        checked_at=T0,
    )


def seed_every_table(store: Store, tmp_path: Path) -> None:
    """At least one row in each append-only table, each written the way the code writes it."""
    ingest_update(store, tmp_path)  # documents (and metric_registry)
    store.save_run(  # check_runs, claim_results
        RunRecord("r1", "claims.json", T0, {"pass": 1, "fail": 1}),
        [result("r1", 0, "pass"), result("r1", 1, "fail")],
    )
    store.log_rejections(  # gate_rejections
        [RejectionRecord("wf", "g1", "$9.9M", "currency", "not in any source", 3, T0)]
    )
    # review_queue and claim_attempts: an agent that never gets it right
    enforce(claims_json(NO_QUOTE), reask=Script(claims_json(NO_QUOTE)), store=store)
    (queued,) = store.review_queue()
    assert queued.id is not None
    store.resolve_queue_item(queued.id, "discarded", "not worth fixing", "Ana")  # its resolution
    fail_id = next(r.id for r in store.list_claim_results() if r.verdict == "fail")
    assert fail_id is not None
    store.override_claim(fail_id, "warning", reason="restated", reviewer="Ana")  # claim_overrides
    start = datetime(2026, 11, 23, tzinfo=UTC)
    items, _ = store.calibration_sample("2026-W48", start, datetime(2026, 11, 30, tzinfo=UTC), 5)
    assert len(items) == 1  # calibration_samples
    store.record_calibration([(items[0].sample_id, items[0].claim.id, True, "Bo", "")])


def raw_engine(db_url: str) -> Iterator[sa.Engine]:
    engine = sa.create_engine(db_url)
    try:
        yield engine
    finally:
        engine.dispose()


@pytest.fixture
def seeded(db_url: str, store: Store, tmp_path: Path) -> Iterator[sa.Engine]:
    seed_every_table(store, tmp_path)
    yield from raw_engine(db_url)


def count(engine: sa.Engine, table: str) -> int:
    with engine.connect() as conn:
        return int(conn.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar_one())


def refusal(engine: sa.Engine, sql: str) -> str:
    """Run ``sql`` in its own transaction; it must be refused. Returns the database's message."""
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(sql))
    except DBAPIError as err:
        return str(err.orig)
    pytest.fail(
        f"{engine.dialect.name} accepted {sql!r}: the stored row was changed", pytrace=False
    )


def test_every_append_only_table_refuses_update_and_delete(seeded: sa.Engine) -> None:
    engine = seeded
    before = {table: count(engine, table) for table in APPEND_ONLY}
    assert all(before.values()), before  # every table holds a row, so a row trigger fires
    for table in APPEND_ONLY:
        for verb, sql in (
            ("UPDATE", f"UPDATE {table} SET id = id"),
            ("DELETE", f"DELETE FROM {table}"),
        ):
            message = refusal(engine, sql)
            assert f"tr_append_only: {table} is append-only" in message, (table, verb, message)
            assert f"({verb} refused)" in message, message
        if engine.dialect.name == "postgresql":
            message = refusal(engine, f"TRUNCATE {table} CASCADE")
            assert "tr_append_only: " in message and "is append-only" in message, message
            message = refusal(engine, f"TRUNCATE {table}").splitlines()[0]
            if table in REFERENCED:  # refused for its foreign keys before any trigger runs
                assert message == "cannot truncate a table referenced in a foreign key constraint"
            else:
                assert message == (
                    f"tr_append_only: {table} is append-only: its rows are never changed or "
                    "deleted (TRUNCATE refused)"
                )
    assert {table: count(engine, table) for table in APPEND_ONLY} == before


def test_a_refused_update_names_the_table_and_the_rule_exactly(seeded: sa.Engine) -> None:
    message = refusal(seeded, "UPDATE claim_results SET verdict = 'pass' WHERE verdict = 'fail'")
    assert message.splitlines()[0] == (
        "tr_append_only: claim_results is append-only: its rows are never changed or deleted "
        "(UPDATE refused)"
    )


def test_an_upsert_or_replace_cannot_rewrite_a_stored_row(seeded: sa.Engine) -> None:
    """Writing a stored row's id again must not replace the row.

    PostgreSQL's ``ON CONFLICT DO UPDATE`` and SQLite's upsert run the UPDATE trigger; SQLite's
    ``INSERT OR REPLACE`` deletes the old row without running DELETE triggers (unless
    recursive_triggers is on), so it needs a guard of its own.
    """
    engine = seeded
    with engine.connect() as conn:
        columns = [c["name"] for c in sa.inspect(conn).get_columns("claim_results")]
        (fail_id,) = conn.execute(
            sa.text("SELECT id FROM claim_results WHERE verdict = 'fail'")
        ).scalars()
    picked = ", ".join("'pass'" if c == "verdict" else c for c in columns)
    names = ", ".join(columns)
    upsert = (
        f"INSERT INTO claim_results ({names}) SELECT {picked} FROM claim_results "
        f"WHERE id = {fail_id} ON CONFLICT (id) DO UPDATE SET verdict = 'pass'"
    )
    assert "tr_append_only: claim_results is append-only" in refusal(engine, upsert)
    if engine.dialect.name == "sqlite":
        for table in APPEND_ONLY:
            replace = (
                f"INSERT OR REPLACE INTO {table} SELECT * FROM {table} "
                f"WHERE id = (SELECT min(id) FROM {table})"
            )
            assert f"tr_append_only: {table} is append-only" in refusal(engine, replace), table
        rewrite = f"REPLACE INTO claim_results ({names}) SELECT {picked} FROM claim_results WHERE id = {fail_id}"
        assert "tr_append_only: claim_results is append-only" in refusal(engine, rewrite)
    with engine.connect() as conn:
        verdict = conn.execute(
            sa.text("SELECT verdict FROM claim_results WHERE id = :id"), {"id": fail_id}
        ).scalar_one()
    assert verdict == "fail"


def test_inserts_still_work_after_refusals(seeded: sa.Engine, store: Store) -> None:
    refusal(seeded, "DELETE FROM claim_results")
    store.save_run(RunRecord("r2", "more.json", T0, {"fail": 1}), [result("r2", 0, "fail")])
    (new,) = store.list_claim_results(run_id="r2")
    assert new.id is not None
    store.override_claim(new.id, "pass", reason="the figure is right", reviewer="Ana")
    store.log_rejections([RejectionRecord("wf", "g2", "12%", "percent", "no source", 1, T0)])
    store.queue_for_review("b", "{}", [("document", "x")])
    assert count(seeded, "check_runs") == 2  # r1 and r2
    assert count(seeded, "claim_results") == 3
    assert count(seeded, "claim_overrides") == 2
    assert count(seeded, "gate_rejections") == 2
    assert count(seeded, "review_queue") == 2


def test_an_override_never_changes_the_checkers_row(seeded: sa.Engine, store: Store) -> None:
    (claim,) = [r for r in store.list_claim_results(run_id="r1") if r.verdict == "fail"]
    assert claim.id is not None
    with seeded.connect() as conn:
        before = conn.execute(
            sa.text("SELECT * FROM claim_results WHERE id = :id"), {"id": claim.id}
        ).one()
    store.override_claim(claim.id, "pass", reason="checked by hand", reviewer="Bo")
    with seeded.connect() as conn:
        after = conn.execute(
            sa.text("SELECT * FROM claim_results WHERE id = :id"), {"id": claim.id}
        ).one()
        overrides = conn.execute(
            sa.text(
                "SELECT original_verdict, verdict, reason, reviewer FROM claim_overrides "
                "WHERE claim_result_id = :id ORDER BY id"
            ),
            {"id": claim.id},
        ).all()
    assert after == before and after.verdict == "fail"
    assert [tuple(o) for o in overrides] == [
        ("fail", "warning", "restated", "Ana"),
        ("warning", "pass", "checked by hand", "Bo"),
    ]
    again = store.get_claim(claim.id)
    assert (again.verdict, again.effective_verdict) == ("fail", "pass")
    assert [o.verdict for o in again.overrides] == ["warning", "pass"]
    assert again.override is not None and again.override.reviewer == "Bo"


def test_stored_claims_carry_time_run_registry_version_and_snapshot(
    store: Store, tmp_path: Path
) -> None:
    ingest_update(store, tmp_path)
    before = datetime.now(UTC)
    done = enforce(claims_json(GOOD), store=store, source="agent-7")
    assert done.run_id is not None
    run, (claim,) = store.get_run(done.run_id)
    assert (run.run_id, run.source, claim.run_id) == (done.run_id, "agent-7", done.run_id)
    assert before <= claim.checked_at <= datetime.now(UTC)
    assert (claim.registry_metric_key, claim.registry_effective_from) == (
        "cash_balance",
        date(2026, 1, 1),
    )
    sha = store.get_document("investor-update-2026-08").sha256
    assert claim.snapshot_sha256 == sha and len(sha) == 64


# --------------------------------------------------------------------------- the re-ask log


def test_enforce_with_a_store_logs_every_attempt_and_reask(store: Store, tmp_path: Path) -> None:
    ingest_update(store, tmp_path)
    model = Script(claims_json(GOOD))
    done = enforce(claims_json(NO_QUOTE), reask=model, store=store, source="agent-1")
    assert done.outcome == "valid" and done.run_id is not None
    first, second = store.attempts()
    assert (first.source, first.attempt, first.outcome) == ("agent-1", 1, "valid")
    assert first.raw_text == claims_json(NO_QUOTE)
    assert first.problems == [
        (
            "claims[0].source_quote",
            "field required — quote the sentence the value was taken from, verbatim",
        )
    ]
    assert first.message == model.sent[0] == reask_message(first.problems)
    assert (second.attempt, second.raw_text, second.problems, second.message) == (
        2,
        claims_json(GOOD),
        [],
        "",
    )
    assert {a.run_id for a in (first, second)} == {done.run_id}
    assert {a.queue_id for a in (first, second)} == {None}
    assert first.created_at <= second.created_at
    assert store.attempts(done.run_id) == [first, second]
    assert store.attempts("another-run") == []


def test_a_claim_set_given_up_on_logs_its_attempts_with_the_queue_id(store: Store) -> None:
    model = Script(claims_json(NO_QUOTE), "no JSON at all")
    done = enforce(claims_json(NO_QUOTE), reask=model, max_reasks=2, store=store, source="a2")
    assert done.outcome == "needs_human" and done.queue_id is not None
    logged = store.attempts()
    assert [(a.attempt, a.outcome, a.queue_id, a.run_id) for a in logged] == [
        (1, "needs_human", done.queue_id, None),
        (2, "needs_human", done.queue_id, None),
        (3, "needs_human", done.queue_id, None),
    ]
    assert [a.message for a in logged] == [*model.sent, ""]
    assert logged[2].raw_text == "no JSON at all"
    assert logged[2].problems == list(done.review.problems) if done.review else False


def test_review_attempts_shows_the_re_ask_log(store: Store) -> None:
    model = Script(claims_json(NO_QUOTE))
    done = enforce(claims_json(NO_QUOTE), reask=model, store=store, source="agent-9")
    assert done.outcome == "needs_human"

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tieout", "review", "attempts", *args, "--db", store.url],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
            env={**os.environ, "COLUMNS": "200"},  # a wide table: no cell is folded
        )

    listed = cli("--format", "json")
    assert listed.returncode == 0, listed.stderr
    rows = json.loads(listed.stdout)
    assert [
        (r["source"], r["attempt"], r["outcome"], r["queue_id"], r["reask"] != "") for r in rows
    ] == [
        ("agent-9", 1, "needs_human", done.queue_id, True),
        ("agent-9", 2, "needs_human", done.queue_id, False),
    ]
    assert rows[0]["problems"][0]["path"] == "claims[0].source_quote"
    table = cli()
    assert table.returncode == 0 and f"needs_human (review queue #{done.queue_id})" in table.stdout
    none = cli("--run", "no-such-run")
    assert (none.returncode, none.stdout) == (0, "no attempts stored for run no-such-run\n")


def test_enforce_without_a_store_writes_nothing(store: Store) -> None:
    enforce(claims_json(NO_QUOTE), reask=Script(claims_json(NO_QUOTE)), documents=[])
    assert store.attempts() == [] and store.review_queue(None) == []


# --------------------------------------------------------------------------- no mutating code

PACKAGE = Path(tieout.__file__).parent
_WORD = r"\b(?:UPDATE|DELETE\s+FROM|TRUNCATE)\s+(?:TABLE\s+)?\"?(\w+)"
_SQL = re.compile(_WORD, re.IGNORECASE)


def _sources() -> list[Path]:
    # Migrations may create triggers whose text names the verbs (CREATE TRIGGER … BEFORE
    # UPDATE OR DELETE ON …); they are scanned by the SQL-text rule below with that allowed.
    return sorted(PACKAGE.rglob("*.py"))


def _string_constants(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            text = "".join(
                str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values
            )
            found.append((node.lineno, text))
    return found


def _mutating_calls(path: Path, tree: ast.AST) -> list[str]:
    """`update(X)`/`delete(X)` from sqlalchemy, `session.delete(…)`, and raw SQL that mutates."""
    problems = []
    sa_names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in (
            "sqlalchemy",
            "sqlmodel",
        ):
            for alias in node.names:
                if alias.name in ("update", "delete"):
                    sa_names.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        target = node.args[0] if node.args else None
        tname = target.id if isinstance(target, ast.Name) else ast.unparse(target) if target else ""
        if isinstance(fn, ast.Name) and fn.id in sa_names:
            problems.append(f"{path.name}:{node.lineno}: {fn.id}({tname})")
        elif isinstance(fn, ast.Attribute) and fn.attr in ("update", "delete"):
            owner = ast.unparse(fn.value)
            if owner in ("sa", "sqlalchemy", "sqlmodel") or (
                fn.attr == "delete" and ("session" in owner or owner in ("s", "conn"))
            ):
                problems.append(f"{path.name}:{node.lineno}: {owner}.{fn.attr}({tname})")
    return problems


def _row_tables() -> dict[str, str]:
    """SQLModel class name → table name, from tieout.registry.tables."""
    from sqlmodel import SQLModel

    import tieout.store.tables as tables

    return {
        name: str(obj.__tablename__)
        for name, obj in vars(tables).items()
        if isinstance(obj, type) and issubclass(obj, SQLModel) and hasattr(obj, "__tablename__")
    }


def test_no_module_has_an_update_or_delete_path_for_the_audit_tables() -> None:
    classes = _row_tables()
    assert {classes[c] for c in ("ClaimResultRow", "OverrideRow", "AttemptRow")} == {
        "claim_results",
        "claim_overrides",
        "claim_attempts",
    }
    offending: list[str] = []
    seen_mutations: list[str] = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for call in _mutating_calls(path, tree):
            seen_mutations.append(call)
            name = call.rsplit("(", 1)[1].rstrip(")")
            table = classes.get(name, name)
            if table not in MUTABLE:
                offending.append(call)
        in_migration = "migrations" in path.parts
        for line, text in _string_constants(tree):
            for m in _SQL.finditer(text):
                table = m.group(1).lower()
                if table in APPEND_ONLY and not (in_migration and "TRIGGER" in text.upper()):
                    offending.append(f"{path.name}:{line}: SQL {m.group(0)!r}")
    assert offending == []
    # the scan sees the one mutation that is allowed, so it can fail
    assert any("update(MetricRow)" in m for m in seen_mutations), seen_mutations


def test_the_scan_catches_a_mutation_of_an_audit_table() -> None:
    bad = (
        "from sqlalchemy import delete, update as upd\n"
        "def f(session):\n"
        "    session.execute(upd(ClaimResultRow).values(verdict='pass'))\n"
        "    session.execute(delete(OverrideRow))\n"
        "    session.delete(row)\n"
    )
    calls = _mutating_calls(Path("bad.py"), ast.parse(bad))
    assert sorted(calls) == [
        "bad.py:3: upd(ClaimResultRow)",
        "bad.py:4: delete(OverrideRow)",
        "bad.py:5: session.delete(row)",
    ]
    texts = [
        t for _, t in _string_constants(ast.parse("q = f'DELETE FROM claim_results WHERE id={x}'"))
    ]
    assert {m.group(1) for t in texts for m in _SQL.finditer(t)} == {"claim_results"}


def test_orm_rows_of_audit_tables_are_never_assigned_to() -> None:
    """No `row.verdict = …` style writes on a loaded row of an append-only table.

    The only attribute assignment on a loaded row the code may make is closing a metric
    version (metric_registry) or revoking an API key (api_keys).
    """
    offending = []
    for path in _sources():
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id in ("row", "claim", "run_row", "sample", "override")
                        and t.attr
                        in (
                            "verdict",
                            "reason",
                            "checks",
                            "confirmed",
                            "status",
                            "original_verdict",
                        )
                    ):
                        offending.append(f"{path.name}:{node.lineno}: {ast.unparse(t)}")
    assert offending == []
