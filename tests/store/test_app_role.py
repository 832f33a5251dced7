"""The application role on PostgreSQL: it reads and appends, and cannot rewrite the audit trail.

The owner of a table may ``ALTER TABLE … DISABLE TRIGGER``, so the append-only triggers
(migrations 0005, 0006) bind only a role that owns nothing. ``tieout db grant-app-role``
makes that role; these tests connect as it and try both the normal work and the tampering.
Roles are cluster-wide: each test makes its own, dropped afterwards even when it fails.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
import sqlalchemy as sa
from _seed import CASH_CLAIM, CASH_UPDATE, DOC_ID, seed_cash_update
from click.testing import CliRunner
from psycopg import sql
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlmodel import SQLModel

from tieout.agents import enforce
from tieout.checks.runs import check_file
from tieout.cli import main
from tieout.errors import InputError, StorageError
from tieout.schemas import MetricDefinition
from tieout.store import RejectionRecord, RunRecord, Store
from tieout.store.app_role import AUDIT_TABLES, NEEDS, grant_app_role
from tieout.store.migrate import downgrade, upgrade
from tieout.web.auth import create_key, revoke_key, verify_key

Admin = psycopg.Connection[tuple[Any, ...]]
ON_POSTGRES = pytest.mark.parametrize("db_url", ["postgres"], indirect=True)

UPDATE_TEXT = CASH_UPDATE
GOOD = CASH_CLAIM
WRONG = {**GOOD, "value": 2.4}
NO_QUOTE = {k: v for k, v in GOOD.items() if k != "source_quote"}
T0 = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)
PASSWORD_VAR = "TIEOUT_TEST_APP_PASSWORD"


@pytest.fixture
def new_role(_postgres_admin: Admin) -> Iterator[Callable[[], str]]:
    """Hands out unique role names; every one that exists at the end is dropped."""
    names: list[str] = []

    def make() -> str:
        names.append(f"tieout_app_{secrets.token_hex(5)}")
        return names[-1]

    yield make
    for name in reversed(names):
        role = sql.Identifier(name)
        if _postgres_admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone():
            # a role that owns the test schema hands it back, so the schema fixture can drop it
            _postgres_admin.execute(sql.SQL("REASSIGN OWNED BY {} TO current_user").format(role))
            _postgres_admin.execute(sql.SQL("DROP OWNED BY {}").format(role))
            _postgres_admin.execute(sql.SQL("DROP ROLE {}").format(role))


def as_user(url: str, user: str) -> str:
    return make_url(url).set(username=user).render_as_string(hide_password=False)


def schema_of(url: str) -> str:
    return str(make_url(url).query["options"]).removeprefix("-csearch_path=")


@pytest.fixture
def at_head(db_url: str) -> str:
    """``db_url`` with tieout's schema built by the owner (the server's superuser)."""
    with Store.open(db_url):
        pass
    return db_url


def refusal(engine: sa.Engine, statement: str) -> str:
    """Run ``statement`` in its own transaction; it must be refused. Returns the message."""
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(statement))
    except DBAPIError as err:
        return str(err.orig).splitlines()[0]
    pytest.fail(f"the app role was allowed {statement!r}", pytrace=False)


def counts(engine: sa.Engine) -> dict[str, int]:
    with engine.connect() as conn:
        return {
            t: int(conn.execute(sa.text(f"SELECT count(*) FROM {t}")).scalar_one())
            for t in sorted(NEEDS)
        }


def in_process(*args: str) -> tuple[int, str, str]:
    """``tieout db grant-app-role ARGS`` through Click in this process: code, stdout, stderr."""
    result = CliRunner().invoke(main, ["db", "grant-app-role", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


class Script:
    """A stand-in model: answers each re-ask with the next reply."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)

    def __call__(self, message: str) -> str:
        return self.replies.pop(0)


# --------------------------------------------------------------------------- what is granted


@pytest.mark.postgres
@ON_POSTGRES
def test_every_table_has_its_privileges_and_the_audit_tables_are_the_triggered_ones(
    at_head: str,
) -> None:
    engine = sa.create_engine(at_head)
    try:
        with engine.connect() as conn:
            tables = set(
                conn.execute(
                    sa.text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
                ).scalars()
            )
            triggered = set(
                conn.execute(
                    sa.text(
                        "SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
                        "WHERE c.relnamespace = to_regnamespace(current_schema()) "
                        "AND t.tgname LIKE 'tr\\_%\\_append\\_only'"
                    )
                ).scalars()
            )
    finally:
        engine.dispose()
    assert tables == set(NEEDS) == set(SQLModel.metadata.tables) | {"alembic_version"}
    assert triggered == set(AUDIT_TABLES)
    for table in AUDIT_TABLES:  # read and append; review_queue's lock needs one UPDATE column
        assert NEEDS[table].table == ("SELECT", "INSERT"), table
        assert NEEDS[table].columns == ((("UPDATE", "id"),) if table == "review_queue" else ())


@pytest.mark.postgres
@ON_POSTGRES
def test_the_app_role_cannot_disable_a_trigger_or_rewrite_the_audit_trail(
    at_head: str, new_role: Callable[[], str]
) -> None:
    role = new_role()
    with Store.open(at_head) as owner:  # a row in the queue, so its row trigger has one to fire on
        owner.queue_for_review("agent", "{}", [("claims", "no JSON")], created_at=T0)
        owner.save_run(RunRecord("r1", "claims.json", T0, {}), [])
    grant_app_role(at_head, role)
    schema = schema_of(at_head)
    engine = sa.create_engine(as_user(at_head, role))
    try:
        before = counts(engine)
        for table in AUDIT_TABLES:
            assert refusal(engine, f"ALTER TABLE {table} DISABLE TRIGGER ALL") == (
                f"must be owner of table {table}"
            )
            assert refusal(
                engine, f"ALTER TABLE {table} DISABLE TRIGGER tr_{table}_append_only"
            ) == (f"must be owner of table {table}")
            assert refusal(engine, f"DROP TRIGGER tr_{table}_append_only ON {table}") == (
                f"must be owner of relation {table}"
            )
            assert refusal(engine, f"DELETE FROM {table}") == f"permission denied for table {table}"
            assert refusal(engine, f"TRUNCATE {table}") == f"permission denied for table {table}"
            update = refusal(engine, f"UPDATE {table} SET id = id")
            if table == "review_queue":  # UPDATE (id) for the row lock: the trigger still refuses
                assert update == (
                    "tr_append_only: review_queue is append-only: its rows are never changed or "
                    "deleted (UPDATE refused)"
                )
            else:
                assert update == f"permission denied for table {table}"
        assert refusal(engine, "UPDATE review_queue SET status = 'resolved'") == (
            "permission denied for table review_queue"
        )
        assert refusal(engine, "UPDATE metric_registry SET definition = 'x'") == (
            "permission denied for table metric_registry"
        )
        assert refusal(engine, "UPDATE api_keys SET role = 'admin'") == (
            "permission denied for table api_keys"
        )
        assert refusal(engine, "DELETE FROM api_keys") == "permission denied for table api_keys"
        assert refusal(engine, "DROP TABLE claim_results") == "must be owner of table claim_results"
        assert refusal(engine, "CREATE TABLE shadow (id int)") == (
            f"permission denied for schema {schema}"
        )
        assert refusal(engine, "UPDATE alembic_version SET version_num = '0005'") == (
            "permission denied for table alembic_version"
        )
        assert counts(engine) == before and before["review_queue"] == 1
    finally:
        engine.dispose()


# --------------------------------------------------------------------------- the work goes on


@pytest.mark.postgres
@ON_POSTGRES
def test_the_whole_workflow_runs_as_the_app_role(
    at_head: str, new_role: Callable[[], str], tmp_path: Path
) -> None:
    role = new_role()
    grant_app_role(at_head, role)
    statements: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        statements.append(statement.split(None, 1)[0].upper())

    sa.event.listen(sa.Engine, "before_cursor_execute", record)
    try:
        store = Store.open(as_user(at_head, role))
    finally:
        sa.event.remove(sa.Engine, "before_cursor_execute", record)
    assert statements and set(statements) == {"SELECT"}  # no DDL, no lock: one revision check
    with store:
        seed_cash_update(store, tmp_path, UPDATE_TEXT)  # documents, metric_registry
        claims = tmp_path / "claims.json"
        claims.write_text(json.dumps({"claims": [GOOD, WRONG]}), encoding="utf-8")
        run = check_file(store, claims)  # check_runs, claim_results
        assert run.counts["pass"] == 1 and run.counts["fail"] == 1
        _, (passed, failed) = store.get_run(run.run_id)
        assert failed.id is not None and failed.verdict == "fail"
        override = store.override_claim(
            failed.id, "warning", reason="restated in the 10-Q", reviewer="Ana"
        )
        assert override.original_verdict == "fail"
        assert store.get_claim(failed.id).effective_verdict == "warning"
        done = enforce(  # claim_attempts, review_queue
            json.dumps({"claims": [NO_QUOTE]}),
            reask=Script(json.dumps({"claims": [NO_QUOTE]})),
            store=store,
            source="agent-7",
        )
        assert done.outcome == "needs_human" and done.queue_id is not None
        assert len(store.attempts()) == 2
        store.resolve_queue_item(done.queue_id, "resolved", "fixed by hand", "Ana")
        store.resolve_queue_item(done.queue_id, "reopened", "the fix was wrong", "Bo")
        assert [e.outcome for e in store.review_queue()[0].events] == ["resolved", "reopened"]
        store.log_rejections(
            [RejectionRecord("wf", "g1", "$9.9M", "currency", "not in any source", 3, T0)]
        )
        week = (datetime(2000, 1, 1, tzinfo=UTC), datetime(2100, 1, 1, tzinfo=UTC))
        items, drawn = store.calibration_sample("2026-W48", *week, 5)
        assert drawn and [i.claim.id for i in items] == [passed.id]
        assert store.record_calibration([(items[0].sample_id, passed.id, True, "Bo", "")]) == 1
        changed = MetricDefinition(  # closes the version in force: effective_to is set
            metric_key="cash_balance",
            period_start=date(2026, 7, 1),
            period_end=date(2026, 7, 31),
            unit="USD_millions",
            definition="Cash in bank at month end, including fixed deposits",
            source_doc_id=DOC_ID,
            effective_from=date(2026, 9, 1),
        )
        assert store.set_metric(changed) == "changed"
        first, second = store.metric_history("cash_balance")
        assert (first.effective_to, second.effective_to) == (date(2026, 9, 1), None)
        key, secret = create_key(store, "reviewer", "desk")
        assert verify_key(store, secret) == key
        revoked, now = revoke_key(store, key.key_id)
        assert now and revoked.revoked and verify_key(store, secret) is None
        engine = sa.create_engine(as_user(at_head, role))
        try:
            stored = counts(engine)
        finally:
            engine.dispose()
    assert stored == {
        "alembic_version": 1,
        "api_keys": 1,
        "calibration_checks": 1,
        "calibration_samples": 1,
        "check_runs": 1,
        "claim_attempts": 2,
        "claim_overrides": 1,
        "claim_results": 2,
        "documents": 1,
        "gate_rejections": 1,
        "metric_registry": 2,
        "review_queue": 1,
        "review_queue_resolutions": 2,
    }


@pytest.mark.postgres
@ON_POSTGRES
def test_opening_an_old_schema_as_the_app_role_says_to_upgrade_as_the_owner(
    at_head: str, new_role: Callable[[], str]
) -> None:
    role = new_role()
    grant_app_role(at_head, role)
    app = as_user(at_head, role)
    shown = make_url(app).render_as_string(hide_password=True)
    schema = schema_of(at_head)
    downgrade(at_head, "0005")
    with pytest.raises(StorageError) as old:
        Store.open(app)
    assert str(old.value) == (
        f"the database at {shown} is at schema revision 0005, not 0009 (head), and user "
        f"{role!r} may not change its schema (permission denied for schema {schema}); "
        "run `tieout db upgrade` as the owner of tieout's tables"
    )
    downgrade(at_head, "base")
    with pytest.raises(StorageError) as empty:
        Store.open(app)
    assert str(empty.value) == (
        f"the database at {shown} shows user {role!r} no tieout tables, and it may not create "
        f"them (permission denied for schema {schema}); run `tieout db upgrade` as the owner "
        f"of the schema, then `tieout db grant-app-role {role}`"
    )
    assert upgrade(at_head) == (None, "0009")  # nothing was left half-built; the owner can


# --------------------------------------------------------------------------- refusals


def test_sqlite_is_refused_without_creating_the_file(sqlite_url: str) -> None:
    with pytest.raises(InputError) as refused:
        grant_app_role(sqlite_url, "tieout_app")
    assert str(refused.value) == (
        "roles are a PostgreSQL feature; a SQLite file is protected by file permissions"
    )
    assert not Path(make_url(sqlite_url).database or "").exists()


@pytest.mark.postgres
@ON_POSTGRES
def test_a_schema_not_at_head_is_refused_and_no_role_is_made(
    db_url: str, new_role: Callable[[], str], _postgres_admin: Admin
) -> None:
    role = new_role()
    shown = make_url(db_url).render_as_string(hide_password=True)
    for revision, label in ((None, "base"), ("0005", "0005")):
        if revision is not None:
            upgrade(db_url, revision)
        with pytest.raises(InputError) as refused:
            grant_app_role(db_url, role)
        assert str(refused.value) == (
            f"the schema of {shown} is at revision {label}, not 0009 (head); "
            "upgrade first: tieout db upgrade"
        )
    assert (
        _postgres_admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchall()
        == []
    )


@pytest.mark.postgres
@ON_POSTGRES
def test_roles_that_could_disable_the_triggers_are_refused(
    at_head: str, new_role: Callable[[], str], _postgres_admin: Admin
) -> None:
    with pytest.raises(InputError) as superuser:
        grant_app_role(at_head, "postgres")
    assert str(superuser.value) == (
        "role postgres is a superuser, which may disable the audit triggers; "
        "give the application a role that is not"
    )
    member = new_role()
    _postgres_admin.execute(f"CREATE ROLE {member} LOGIN IN ROLE postgres")
    with pytest.raises(InputError) as in_owner:
        grant_app_role(at_head, member)
    assert str(in_owner.value) == (
        f"role {member} is a member of postgres, which owns tieout's tables, so it may disable "
        f"the audit triggers; give the application a role that is not (or REVOKE postgres FROM "
        f"{member})"
    )


@pytest.mark.postgres
@ON_POSTGRES
def test_extra_grants_are_revoked_and_grants_through_another_role_refused(
    at_head: str, new_role: Callable[[], str], _postgres_admin: Admin
) -> None:
    role, group = new_role(), new_role()
    schema = schema_of(at_head)
    for statement in (
        f"CREATE ROLE {role} LOGIN",
        f"GRANT UPDATE, DELETE, TRUNCATE ON {schema}.claim_results TO {role}",
        f"GRANT UPDATE ON {schema}.api_keys TO {role}",
        f"GRANT UPDATE (verdict) ON {schema}.claim_overrides TO {role}",
        f"GRANT SELECT, UPDATE ON SEQUENCE {schema}.documents_id_seq TO {role}",
    ):
        _postgres_admin.execute(statement)
    report = grant_app_role(at_head, role)
    assert not report.created
    changes = [c for c in report.changes if c.startswith("REVOKE") or " ON api_keys " in c]
    assert changes == [
        f"REVOKE UPDATE ON api_keys FROM {role}",
        f"REVOKE UPDATE, DELETE, TRUNCATE ON claim_results FROM {role}",
        f"REVOKE SELECT, UPDATE ON SEQUENCE documents_id_seq FROM {role}",
        f"REVOKE UPDATE (verdict) ON claim_overrides FROM {role}",
        f"GRANT SELECT, INSERT, UPDATE (revoked_at) ON api_keys TO {role}",
    ]
    engine = sa.create_engine(as_user(at_head, role))
    try:
        assert refusal(engine, "DELETE FROM claim_results") == (
            "permission denied for table claim_results"
        )
        assert refusal(engine, "SELECT setval('documents_id_seq', 99)") == (
            "permission denied for sequence documents_id_seq"
        )
    finally:
        engine.dispose()
    # a privilege reached through another role is not the command's to revoke: it says so
    _postgres_admin.execute(f"CREATE ROLE {group} NOLOGIN")
    _postgres_admin.execute(f"GRANT DELETE ON {schema}.claim_results TO {group}")
    _postgres_admin.execute(f"GRANT {group} TO {role}")
    with pytest.raises(InputError) as through:
        grant_app_role(at_head, role)
    assert str(through.value) == (
        f"role {role} may still DELETE claim_results through another role or PUBLIC; "
        "revoke that grant there, then run this again"
    )


@pytest.mark.postgres
@ON_POSTGRES
def test_an_owner_who_is_not_a_superuser(
    db_url: str, new_role: Callable[[], str], _postgres_admin: Admin
) -> None:
    """The usual set-up: the owner may not create roles; a DBA makes the role, the owner grants."""
    owner, role = new_role(), new_role()
    schema = schema_of(db_url)
    _postgres_admin.execute(f"CREATE ROLE {owner} LOGIN")
    _postgres_admin.execute(f"ALTER SCHEMA {schema} OWNER TO {owner}")
    owner_url = as_user(db_url, owner)
    with Store.open(owner_url):  # the owner builds the schema
        pass
    with pytest.raises(InputError) as cannot:
        grant_app_role(owner_url, role)
    assert str(cannot.value) == (
        f"role {role} does not exist and user {owner} may not create roles (no CREATEROLE); "
        f"ask a superuser to run CREATE ROLE {role} LOGIN (or to give {owner} CREATEROLE), "
        "then run this again"
    )
    _postgres_admin.execute(f"CREATE ROLE {role} LOGIN")
    with pytest.raises(InputError) as no_schema:  # run by the wrong role, which sees no schema
        grant_app_role(as_user(db_url, role), role)
    assert str(no_schema.value) == (
        f"the connection's search_path names no schema that user {role} may use; select "
        "tieout's schema in the URL (options=-csearch_path=SCHEMA) and run this as the owner "
        "of its tables"
    )
    with pytest.raises(InputError) as itself:
        grant_app_role(owner_url, owner)
    assert str(itself.value) == (
        f"role {owner} owns tieout's tables, so it may disable the audit triggers; "
        "give the application a separate role"
    )
    report = grant_app_role(owner_url, role)
    assert not report.created and f"GRANT USAGE ON SCHEMA {schema} TO {role}" in report.changes
    with Store.open(as_user(db_url, role)) as store:
        assert store.queue_for_review("agent", "{}", [("claims", "no JSON")]) == 1
    with pytest.raises(InputError) as not_owner:  # now it sees the tables, and owns none
        grant_app_role(as_user(db_url, role), role)
    assert str(not_owner.value) == (
        f"user {role} does not own tieout's tables in schema {schema} (their owner is {owner}); "
        f"run this as {owner}"
    )
    engine = sa.create_engine(as_user(db_url, role))
    try:
        assert refusal(engine, "ALTER TABLE review_queue DISABLE TRIGGER ALL") == (
            "must be owner of table review_queue"
        )
    finally:
        engine.dispose()


# --------------------------------------------------------------------------- the command


@pytest.mark.postgres
@ON_POSTGRES
def test_the_command_grants_once_then_changes_nothing(
    at_head: str, new_role: Callable[[], str], _postgres_admin: Admin, tmp_path: Path
) -> None:
    role = new_role()
    schema = schema_of(at_head)

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tieout", "db", "grant-app-role", *args, "--db", at_head],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
            env={**os.environ, PASSWORD_VAR: "correct horse battery staple"},
        )

    unset = in_process(role, "--password-env", "TIEOUT_TEST_NO_SUCH_VAR", "--db", at_head)
    assert unset == (
        2,
        "",
        "tieout: error: environment variable TIEOUT_TEST_NO_SUCH_VAR is not set or empty; "
        "export the role's password in it\n",
    )
    first = cli(role, "--password-env", PASSWORD_VAR)
    assert first.returncode == 0, first.stderr
    sequences = [
        "api_keys",
        "calibration_checks",
        "calibration_samples",
        "check_runs",
        "claim_attempts",
        "claim_overrides",
        "claim_results",
        "documents",
        "gate_rejections",
        "review_queue",
        "review_queue_resolutions",
    ]
    read_append = "SELECT, INSERT ON {} TO " + role
    assert first.stdout.splitlines() == [
        f"CREATE ROLE {role} LOGIN (password from the environment)",
        f"GRANT USAGE ON SCHEMA {schema} TO {role}",
        f"GRANT SELECT ON alembic_version TO {role}",
        f"GRANT SELECT, INSERT, UPDATE (revoked_at) ON api_keys TO {role}",
        "GRANT " + read_append.format("calibration_checks"),
        "GRANT " + read_append.format("calibration_samples"),
        "GRANT " + read_append.format("check_runs"),
        "GRANT " + read_append.format("claim_attempts"),
        "GRANT " + read_append.format("claim_overrides"),
        "GRANT " + read_append.format("claim_results"),
        "GRANT " + read_append.format("documents"),
        "GRANT " + read_append.format("gate_rejections"),
        f"GRANT SELECT, INSERT, UPDATE (effective_to) ON metric_registry TO {role}",
        f"GRANT SELECT, INSERT, UPDATE (id) ON review_queue TO {role}",
        "GRANT " + read_append.format("review_queue_resolutions"),
        *(f"GRANT USAGE ON SEQUENCE {t}_id_seq TO {role}" for t in sequences),
        f"role {role} now holds only what tieout needs on schema {schema}",
    ]
    (stored,) = _postgres_admin.execute(
        "SELECT rolpassword FROM pg_authid WHERE rolname = %s", (role,)
    ).fetchone() or (None,)
    assert str(stored).startswith("SCRAM-SHA-256$")  # hashed before it reached the server
    again = cli(role, "--password-env", PASSWORD_VAR)
    assert (again.returncode, again.stderr) == (0, "")
    assert again.stdout == (
        f"role {role} exists already; its password is left as it is (change it with ALTER ROLE "
        "… PASSWORD)\n"
        f"role {role} already holds exactly what tieout needs on schema {schema}; nothing changed\n"
    )
    missing = tmp_path / "x.db"
    assert in_process(role, "--db", str(missing)) == (
        2,
        "",
        "tieout: error: roles are a PostgreSQL feature; a SQLite file is protected by file "
        "permissions\n",
    )
    assert not missing.exists()
