"""Alembic migrations, on SQLite and PostgreSQL: from empty, from the earlier layout, both ways.

The earlier layout is what ``SQLModel.metadata.create_all`` made before migrations existed:
today's models without the objects revision 0002 adds.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from datetime import UTC, date, datetime
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from click.testing import CliRunner
from sqlalchemy import MetaData, inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel

from tieout.cli import main
from tieout.errors import InputError, RegistryConflict, StorageError
from tieout.store import Store
from tieout.store import tables as _tables  # noqa: F401  (the models' metadata)
from tieout.store.engine import display_url, make_engine
from tieout.store.migrate import HEAD, SCRIPT_LOCATION, current, downgrade, history, upgrade

TIEOUT_TABLES = {
    "check_runs",
    "claim_results",
    "documents",
    "gate_rejections",
    "metric_registry",
    "review_queue",  # 0003
    "api_keys",  # 0004
    "claim_overrides",  # 0005
    "claim_attempts",
    "calibration_samples",
    "calibration_checks",
    "review_queue_resolutions",  # 0006
}
TABLES_AFTER_0002 = {
    "review_queue",
    "api_keys",
    "claim_overrides",
    "claim_attempts",
    "calibration_samples",
    "calibration_checks",
    "review_queue_resolutions",
}  # not in the layout create_all made before migrations
COLUMNS_AFTER_0002 = {
    "gate_rejections": ("source_sha256s",),  # added by 0005
    "documents": ("numbers",),  # added by 0007
}
ADDED_BY_0002 = {
    "ck_metric_registry_effective_order",
    "ck_metric_registry_period_order",
    "ex_metric_registry_no_overlap",
    "uq_metric_registry_one_current",
}
NOW = datetime(2026, 10, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A tieout engine on the test's empty database (nothing migrated yet)."""
    eng = make_engine(db_url)
    yield eng
    eng.dispose()


def earlier_layout() -> MetaData:
    """The tables as create_all made them before migrations: the models minus revision 0002."""
    md = MetaData()
    for table in SQLModel.metadata.sorted_tables:
        if table.name in TABLES_AFTER_0002:
            continue
        copy = table.to_metadata(md)
        for name in COLUMNS_AFTER_0002.get(table.name, ()):
            copy._columns.remove(copy.c[name])
        for c in [c for c in copy.constraints if c.name in ADDED_BY_0002]:
            copy.constraints.remove(c)
        for ix in [ix for ix in copy.indexes if ix.name in ADDED_BY_0002]:
            copy.indexes.remove(ix)
    return md


def drift(engine: Engine, metadata: MetaData) -> list[Any]:
    """What Alembic's autogenerate would change to make the database match ``metadata``."""
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(ctx, metadata))


def table_names(engine: Engine) -> set[str]:
    with engine.connect() as conn:
        return set(inspect(conn).get_table_names())


def insert_history(engine: Engine, key: str, *ranges: tuple[str, str | None]) -> None:
    """Raw rows in metric_registry: one per ``(effective_from, effective_to)``."""
    with engine.begin() as conn:
        for start, end in ranges:
            conn.execute(
                text(
                    "INSERT INTO metric_registry (metric_key, effective_from, effective_to, "
                    "period_start, period_end, unit, definition, source_doc_id) VALUES "
                    "(:metric_key, :start, :end, '2026-07-01', '2026-07-31', 'USD', "
                    ":definition, 'update-2026-08')"
                ),
                {"metric_key": key, "start": start, "end": end, "definition": f"as of {start}"},
            )


# --------------------------------------------------------------------------- the scripts


def test_head_constant_is_the_scripts_head() -> None:
    revisions = history()
    assert [(r.revision, r.down_revision, r.is_head) for r in revisions] == [
        ("0001", None, False),
        ("0002", "0001", False),
        ("0003", "0002", False),
        ("0004", "0003", False),
        ("0005", "0004", False),
        ("0006", "0005", False),
        ("0007", "0006", False),
        ("0008", "0007", False),
        ("0009", "0008", True),
    ]
    assert revisions[-1].revision == HEAD


def test_the_scripts_sit_inside_the_package_and_the_top_level_link_points_there() -> None:
    assert SCRIPT_LOCATION.parent.name == "store"
    assert (SCRIPT_LOCATION / "env.py").is_file()
    top = SCRIPT_LOCATION.parents[2] / "migrations"
    if top.exists():  # a source checkout, not an installed wheel
        assert top.resolve() == SCRIPT_LOCATION


# --------------------------------------------------------------------------- from empty


def test_store_open_builds_an_empty_database_at_head(db_url: str, engine: Engine) -> None:
    assert current(engine) is None
    with Store.open(db_url):
        pass
    assert current(engine) == HEAD
    assert table_names(engine) == TIEOUT_TABLES | {"alembic_version"}


@pytest.mark.postgres
@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_postgres_tables_land_in_the_schema_the_url_selects(engine: Engine) -> None:
    upgrade(engine)
    with engine.connect() as conn:
        schema = conn.execute(text("SELECT current_schema()")).scalar_one()
        found = conn.execute(
            text(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = :s "
                "UNION ALL SELECT p.proname FROM pg_proc p JOIN pg_namespace n "
                "ON n.oid = p.pronamespace WHERE n.nspname = :s "
                # btree_gist's own functions land here when the database lacked the extension
                "AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid "
                "AND d.deptype = 'e')"
            ),
            {"s": schema},
        )
        names = set(found.scalars())
    assert schema.startswith("t_")
    assert names == TIEOUT_TABLES | {
        "alembic_version",
        "metric_registry_history_guard",
        "tieout_append_only",
        "metric_registry_no_delete",  # 0008
        "metric_registry_no_gap",  # 0008
        "api_keys_guard",  # 0008
    }


def test_upgrade_downgrade_upgrade_leaves_no_drift_from_the_models(engine: Engine) -> None:
    assert upgrade(engine) == (None, HEAD)
    assert drift(engine, SQLModel.metadata) == []
    assert downgrade(engine, "0001") == (HEAD, "0001")
    assert drift(engine, earlier_layout()) == []
    assert downgrade(engine, "base") == ("0001", None)
    assert table_names(engine) == {"alembic_version"}
    assert upgrade(engine) == (None, HEAD)
    assert drift(engine, SQLModel.metadata) == []
    # and the comparison does see a difference when there is one
    with engine.begin() as conn:
        conn.execute(text("DROP INDEX uq_metric_registry_one_current"))
    [(op, index)] = drift(engine, SQLModel.metadata)
    assert (op, index.name) == ("add_index", "uq_metric_registry_one_current")


def test_downgrade_to_0001_removes_the_guarantees_and_upgrade_restores_them(
    engine: Engine,
) -> None:
    upgrade(engine)
    downgrade(engine, "0001")
    insert_history(engine, "net_burn", ("2026-01-01", None), ("2026-06-01", None))  # overlap
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM metric_registry"))
    upgrade(engine)
    with pytest.raises(IntegrityError):
        insert_history(engine, "net_burn", ("2026-01-01", None), ("2026-06-01", None))


def test_store_open_on_a_current_database_changes_nothing(db_url: str, engine: Engine) -> None:
    with Store.open(db_url):
        pass
    insert_history(engine, "net_burn", ("2026-01-01", None))
    with Store.open(db_url) as store:
        assert [v.effective_from for v in store.metric_history("net_burn")] == [date(2026, 1, 1)]
    assert current(engine) == HEAD


def test_many_processes_opening_one_empty_database_build_it_once(db_url: str) -> None:
    errors: list[BaseException] = []
    start = threading.Barrier(6)

    def open_it() -> None:
        start.wait()
        try:
            Store.open(db_url).close()
        except BaseException as err:  # collected for the assertion below
            errors.append(err)

    threads = [threading.Thread(target=open_it) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert current(db_url) == HEAD


# --------------------------------------------------------------------------- earlier layout


def build_earlier_database(engine: Engine) -> None:
    """The earlier create_all layout with rows in every table a metric version touches."""
    earlier_layout().create_all(engine)
    insert_history(engine, "net_burn", ("2026-01-01", "2026-09-01"), ("2026-09-01", None))
    insert_history(engine, "cash_balance", ("2026-01-01", None))
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO check_runs (id, run_id, source, created_at, counts) "
                "VALUES (1, 'run-1', 'claims.json', :now, '{}')"
            ),
            {"now": NOW},
        )
        conn.execute(
            text(
                "INSERT INTO claim_results (run_pk, position, metric_key, claim, verdict, "
                "reason, checks, registry_metric_key, registry_effective_from, checked_at) "
                "VALUES (1, 0, 'net_burn', '{}', 'pass', 'found', '[]', 'net_burn', "
                "'2026-01-01', :now)"
            ),
            {"now": NOW},
        )


def test_revision_0001_is_the_earlier_create_all_layout(engine: Engine) -> None:
    upgrade(engine, "0001")
    assert drift(engine, earlier_layout()) == []
    assert table_names(engine) == (TIEOUT_TABLES - TABLES_AFTER_0002) | {"alembic_version"}


def test_a_database_made_by_create_all_keeps_its_rows_and_gains_the_guarantees(
    db_url: str, engine: Engine
) -> None:
    build_earlier_database(engine)
    assert current(engine) is None

    with Store.open(db_url) as store:
        history_ = [(v.effective_from, v.effective_to) for v in store.metric_history("net_burn")]
        assert history_ == [
            (date(2026, 1, 1), date(2026, 9, 1)),
            (date(2026, 9, 1), None),
        ]
        assert [m.metric_key for m in store.list_metrics()] == ["cash_balance", "net_burn"]
        run, results = store.get_run("run-1")
        assert (run.run_id, results[0].registry_effective_from) == ("run-1", date(2026, 1, 1))

    assert current(engine) == HEAD
    assert drift(engine, SQLModel.metadata) == []
    with pytest.raises(IntegrityError, match=r"no_overlap|one_current"):
        insert_history(engine, "cash_balance", ("2026-03-01", None))


def test_a_database_made_by_create_all_from_todays_models_is_adopted_too(
    db_url: str, engine: Engine
) -> None:
    SQLModel.metadata.create_all(engine)
    insert_history(engine, "net_burn", ("2026-01-01", None))
    with Store.open(db_url) as store:
        assert len(store.metric_history("net_burn")) == 1
    assert current(engine) == HEAD
    assert drift(engine, SQLModel.metadata) == []


def test_an_earlier_database_with_a_broken_history_is_refused_and_left_as_it_was(
    db_url: str, engine: Engine
) -> None:
    earlier_layout().create_all(engine)
    insert_history(engine, "net_burn", ("2026-01-01", None), ("2026-06-01", None))
    insert_history(engine, "churn", ("2026-05-01", "2026-04-01"))
    with pytest.raises(RegistryConflict) as caught:
        Store.open(db_url)
    assert str(caught.value) == (
        "cannot add the metric-history guarantees: net_burn: overlapping versions; "
        "churn: effective_to on or before effective_from; correct those rows, then run "
        "`tieout db upgrade` again"
    )
    assert current(engine) is None
    assert drift(engine, earlier_layout()) == []


# --------------------------------------------------------------------------- refusals


def test_unknown_and_wrong_way_revisions_are_input_errors(engine: Engine) -> None:
    with pytest.raises(InputError) as caught:
        upgrade(engine, "0050")
    assert str(caught.value) == (
        "unknown revision '0050'; known revisions: base, 0001, 0002, 0003, 0004, 0005, 0006, 0007, 0008, 0009 (head) "
        "(see `tieout db history`)"
    )
    upgrade(engine, "0001")
    with pytest.raises(InputError) as caught:
        downgrade(engine, "0002")
    assert str(caught.value) == (
        "cannot downgrade to 0002: the database is at 0001; use `tieout db upgrade 0002`"
    )
    upgrade(engine)
    with pytest.raises(InputError) as caught:
        upgrade(engine, "0001")
    assert str(caught.value) == (
        "cannot upgrade to 0001: the database is at 0009; use `tieout db downgrade 0001`"
    )


def test_a_database_from_a_newer_tieout_is_refused(db_url: str, engine: Engine) -> None:
    upgrade(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    with pytest.raises(StorageError) as caught:
        Store.open(db_url)
    assert str(caught.value) == (
        f"the database at {display_url(db_url)} is at schema revision '0099', which this "
        "tieout does not know (its newest is 0009); upgrade tieout, or downgrade the database "
        "with the newer one"
    )


# --------------------------------------------------------------------------- tieout db


def run_db(*args: str) -> tuple[int, str, str]:
    env = {"COLUMNS": "200", "TIEOUT_DB": ""}
    result = CliRunner(env=env).invoke(main, ["db", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_db_commands_upgrade_downgrade_and_report(db_url: str) -> None:
    shown = display_url(db_url)
    assert run_db("current", "--db", db_url) == (
        0,
        "none (no tieout schema yet; `tieout db upgrade` creates it)\n",
        "",
    )
    assert run_db("upgrade", "--db", db_url) == (
        0,
        f"upgraded {shown} from base to 0009 (head)\n",
        "",
    )
    assert run_db("upgrade", "--db", db_url)[1] == f"{shown} is already at 0009 (head)\n"
    assert run_db("current", "--db", db_url)[1] == "0009 (head)\n"
    assert run_db("downgrade", "0001", "--db", db_url)[1] == (
        f"downgraded {shown} from 0009 (head) to 0001\n"
    )
    code, out, _ = run_db("history", "--db", db_url)
    lines = [line.split() for line in out.splitlines()]
    assert code == 0
    assert lines[0] == ["revision", "follows", "what", "it", "does"]
    assert lines[1][:2] == ["0001", "base"] and lines[1][-2:] == ["←", "current"]
    assert lines[2][:2] == ["0002", "0001"] and "current" not in lines[2]
    assert lines[4][:2] == ["0004", "0003"] and "current" not in lines[4]
    assert lines[5][:2] == ["0005", "0004"] and "current" not in lines[5]
    assert lines[6][:2] == ["0006", "0005"] and "current" not in lines[6]
    assert lines[7][:2] == ["0007", "0006"] and "current" not in lines[7]
    assert lines[8][:2] == ["0008", "0007"] and "current" not in lines[8]
    assert lines[9][:3] == ["0009", "(head)", "0008"] and "current" not in lines[9]
    assert run_db("downgrade", "base", "--db", db_url)[1] == (
        f"downgraded {shown} from 0001 to base\n"
    )
    assert run_db("current", "--db", db_url)[0] == 0


def test_db_command_errors_are_one_line_and_exit_2(db_url: str) -> None:
    assert run_db("downgrade", "zz", "--db", db_url) == (
        2,
        "",
        "tieout: error: unknown revision 'zz'; known revisions: base, 0001, 0002, 0003, 0004, 0005, 0006, 0007, 0008, 0009 (head) "
        "(see `tieout db history`)\n",
    )


@pytest.mark.skipif(os.name != "posix", reason="uses a file path that cannot be a database")
def test_db_upgrade_on_an_unopenable_sqlite_file_says_so(tmp_path: Any) -> None:
    code, out, err = run_db("upgrade", "--db", str(tmp_path / "missing-dir" / "x.db"))
    assert (code, out) == (2, "")
    assert err.startswith("tieout: error: cannot reach SQLite database at sqlite:///")


_PG_CATALOG = """
SELECT 'relation', c.relname, c.relkind::text FROM pg_class c
 WHERE c.relnamespace = to_regnamespace(current_schema())
UNION ALL
SELECT 'constraint', k.conname, pg_get_constraintdef(k.oid) FROM pg_constraint k
 WHERE k.connamespace = to_regnamespace(current_schema())
UNION ALL
SELECT 'trigger', g.tgname, replace(pg_get_triggerdef(g.oid), current_schema() || '.', '')
 FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
 WHERE c.relnamespace = to_regnamespace(current_schema()) AND NOT g.tgisinternal
UNION ALL
SELECT 'function', p.proname, md5(p.prosrc) FROM pg_proc p
 WHERE p.pronamespace = to_regnamespace(current_schema())
UNION ALL
SELECT 'index', i.indexname, replace(i.indexdef, current_schema() || '.', '') FROM pg_indexes i
 WHERE i.schemaname = current_schema()
UNION ALL
SELECT 'revision', version_num, '' FROM alembic_version
ORDER BY 1, 2, 3
"""


def _catalog(url: str) -> list[tuple[Any, ...]]:
    """Everything a schema holds that a migration makes: tables, constraints, indexes,
    triggers and their functions, and the revision."""
    eng = make_engine(url)
    try:
        with eng.connect() as conn:
            if eng.dialect.name == "sqlite":
                query = "SELECT type, name, sql FROM sqlite_master UNION ALL "
                query += "SELECT 'revision', version_num, '' FROM alembic_version ORDER BY 1, 2"
                return [tuple(row) for row in conn.execute(text(query))]
            return [tuple(row) for row in conn.execute(text(_PG_CATALOG))]
    finally:
        eng.dispose()


def test_a_replayed_schema_is_the_migrated_one(
    migrated_db_url: str, request: pytest.FixtureRequest, tmp_path: Any
) -> None:
    """The test databases that start at head (conftest's ``migrated_db_url``) hold exactly
    what a real migration of an empty database builds."""
    if migrated_db_url.startswith("sqlite"):
        fresh = f"sqlite:///{tmp_path / 'fresh.db'}"
        Store.open(fresh).close()
        assert _catalog(migrated_db_url) == _catalog(fresh)
        return
    admin = request.getfixturevalue("_postgres_admin")
    schema = f"fresh_{os.getpid()}"
    admin.execute(f"CREATE SCHEMA {schema}")
    try:
        fresh = migrated_db_url.replace(migrated_db_url.split("search_path%3D")[-1], schema)
        Store.open(fresh).close()
        replayed, migrated = _catalog(migrated_db_url), _catalog(fresh)
        assert replayed == migrated
        assert sum(1 for row in migrated if row[0] == "trigger") >= 4
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
