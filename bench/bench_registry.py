"""Benchmark: the metric registry's as-of lookups on SQLite and PostgreSQL (run by hand; prints figures).

    python bench/bench_registry.py                  # 100,000 metrics x 10 versions = 1,000,000 rows
    python bench/bench_registry.py --quick          # 10,000 metrics (under a minute)
    python bench/bench_registry.py --metrics 20000 --backend sqlite

Per backend (SQLite: a new file in a temp dir; PostgreSQL: a new schema ``bench_<random>``,
dropped at the end):

1. load: metric ``m000000`` … gets versions i = 0..9 taking effect on 2020-01-01 + 30*i days,
   each closed by the next, the last current. Bulk-inserted straight into ``metric_registry``
   (SQLAlchemy core executemany, 10,000 rows a transaction; ``--pg-load copy`` uses COPY), so
   the database's Type 2 rules (triggers on SQLite, exclusion constraint + partial unique index
   on PostgreSQL) check every row; then one overlapping row is tried and must be refused.
2. single: ``store.metric_as_of(key, date)`` for random keys and dates (median, p95), the SQL
   it ran and its query plan, and the same SQL run bare for comparison.
3. batch: ``store.metrics_as_of(pairs)`` for random (key, date) pairs (one query per 500 keys);
   every answer is checked against the arithmetic truth, a few against single lookups.
4. for comparison, ``store.import_metrics`` (the Type 2 code path, one metric at a time).

Dates run from 2019-12-01 (before any version: no answer) to 2021-06-30.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import event, insert, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from tieout.schemas.metric import MetricDefinition
from tieout.store import Store
from tieout.store.engine import make_engine, registry_refusal
from tieout.store.tables import MetricRow

PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
VERSIONS = 10
STEP_DAYS = 30
FIRST = date(2020, 1, 1)
LOW, HIGH = date(2019, 12, 1), date(2021, 6, 30)
CHUNK_ROWS = 10_000
COLUMNS = [
    "metric_key",
    "effective_from",
    "effective_to",
    "period_start",
    "period_end",
    "unit",
    "definition",
    "source_doc_id",
]


def key_of(n: int) -> str:
    return f"m{n:06d}"


def start_of(i: int) -> date:
    return FIRST + timedelta(days=STEP_DAYS * i)


def expected_version(on: date) -> int | None:
    """Which version (0..9) of any benchmark metric is in force on ``on``."""
    if on < FIRST:
        return None
    return min((on - FIRST).days // STEP_DAYS, VERSIONS - 1)


def rows_for(n: int) -> Iterator[dict[str, Any]]:
    key = key_of(n)
    for i in range(VERSIONS):
        yield {
            "metric_key": key,
            "effective_from": start_of(i),
            "effective_to": start_of(i + 1) if i < VERSIONS - 1 else None,
            "period_start": date(2026, 1, 1),
            "period_end": date(2026, 12, 31),
            "unit": "USD",
            "definition": f"{key} as defined in version {i}: cash out minus cash in, excluding financing",
            "source_doc_id": f"doc-{n % 1000:04d}",
        }


def pct(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


@contextmanager
def captured_sql() -> Iterator[list[tuple[str, Any]]]:
    """Every SELECT on ``metric_registry`` any engine runs inside, with its driver parameters."""
    seen: list[tuple[str, Any]] = []

    def grab(conn: Any, cursor: Any, statement: str, params: Any, ctx: Any, many: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "metric_registry" in statement:
            seen.append((statement, params))

    event.listen(Engine, "before_cursor_execute", grab)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", grab)


@contextmanager
def gc_time() -> Iterator[list[float]]:
    """Seconds spent in Python's cyclic garbage collector inside, and how many collections."""
    total = [0.0, 0.0]
    began = [0.0]

    def tick(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            total[0] += time.perf_counter() - began[0]
            total[1] += 1

    gc.callbacks.append(tick)
    try:
        yield total
    finally:
        gc.callbacks.remove(tick)


@contextmanager
def profiled(enabled: bool, label: str) -> Iterator[None]:
    if not enabled:
        yield
        return
    prof = cProfile.Profile()
    prof.enable()
    try:
        yield
    finally:
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
        body = out.getvalue()
        body = body[body.find("ncalls") :] if "ncalls" in body else body
        print(f"    profile of {label} (top 12 by own time):")
        for line in body.rstrip().splitlines():
            print(f"      {line}")


# -- 1. load --------------------------------------------------------------------------------


def load_insert(engine: Engine, n_metrics: int) -> None:
    per_chunk = CHUNK_ROWS // VERSIONS
    stmt = insert(MetricRow.__table__)  # type: ignore[attr-defined]
    for start in range(0, n_metrics, per_chunk):
        rows = [r for n in range(start, min(start + per_chunk, n_metrics)) for r in rows_for(n)]
        with engine.begin() as conn:
            conn.execute(stmt, rows)


def load_copy(engine: Engine, n_metrics: int) -> None:
    per_chunk = CHUNK_ROWS // VERSIONS
    raw = engine.raw_connection()
    try:
        pg = raw.driver_connection
        assert pg is not None
        with pg.cursor() as cur:
            for start in range(0, n_metrics, per_chunk):
                with cur.copy(f"COPY metric_registry ({', '.join(COLUMNS)}) FROM STDIN") as copy:
                    for n in range(start, min(start + per_chunk, n_metrics)):
                        for r in rows_for(n):
                            copy.write_row([r[c] for c in COLUMNS])
                pg.commit()
    finally:
        raw.close()


def check_load(engine: Engine, n_metrics: int) -> None:
    with engine.connect() as conn:
        total = conn.execute(text("SELECT count(*) FROM metric_registry")).scalar_one()
        current = conn.execute(
            text("SELECT count(*) FROM metric_registry WHERE effective_to IS NULL")
        ).scalar_one()
    ok = total == n_metrics * VERSIONS and current == n_metrics
    print(f"  rows stored       {total:,} ({current:,} current)   {'as loaded' if ok else 'WRONG'}")
    refused: list[float] = []
    message = ""
    for k in range(5):  # five keys spread over the table; the first may pay a cold cache
        bad = {
            "metric_key": key_of(n_metrics * k // 5 + n_metrics // 10),
            "effective_from": start_of(1) + timedelta(days=15),
            "effective_to": start_of(2) + timedelta(days=5),
            "period_start": date(2026, 1, 1),
            "period_end": date(2026, 12, 31),
            "unit": "USD",
            "definition": "an overlapping version",
            "source_doc_id": "doc-0000",
        }
        t0 = time.perf_counter()
        try:
            with engine.begin() as conn:
                conn.execute(insert(MetricRow.__table__), [bad])  # type: ignore[attr-defined]
        except DBAPIError as err:
            refused.append((time.perf_counter() - t0) * 1000)
            message = message or str(registry_refusal(err) or str(err.orig).splitlines()[0])
    if len(refused) < 5:
        print(
            f"  overlap ACCEPTED {5 - len(refused)} of 5 times: the Type 2 rules are not enforced"
        )
    print(
        f"  overlap refused   {len(refused)}/5 tries, median {statistics.median(refused):.1f} ms "
        f"(first {refused[0]:.1f} ms): {message}"
    )


def analyze(engine: Engine) -> float:
    t0 = time.perf_counter()
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "ANALYZE metric_registry" if engine.dialect.name == "postgresql" else "ANALYZE"
        )
    return time.perf_counter() - t0


# -- 2. single lookups ----------------------------------------------------------------------


def explain(engine: Engine, statement: str, params: Any) -> list[str]:
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            rows = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, params).all()
            return [str(r[-1]) for r in rows]
        rows = conn.exec_driver_sql("EXPLAIN " + statement, params).all()
        return [str(r[0]) for r in rows]


def short(line: str, width: int = 150) -> str:
    return line if len(line) <= width else line[: width - 5] + " …}'"


def uses_pk(engine: Engine, plan: list[str]) -> bool:
    marks = (
        ("metric_registry_pkey",)
        if engine.dialect.name == "postgresql"
        else (
            "sqlite_autoindex_metric_registry_1",
            "PRIMARY KEY",
        )
    )
    return any(m in line for line in plan for m in marks)


def bare_sql(engine: Engine, queries: list[tuple[str, Any]]) -> list[float]:
    """Seconds per query when ``queries`` run bare on one open connection (rows fetched)."""
    times = []
    with engine.connect() as conn:
        for statement, params in queries:
            t0 = time.perf_counter()
            conn.exec_driver_sql(statement, params).all()
            times.append(time.perf_counter() - t0)
        conn.rollback()
    return times


def random_pairs(rng: random.Random, n_metrics: int, n: int) -> list[tuple[str, date]]:
    span = (HIGH - LOW).days
    return [
        (key_of(rng.randrange(n_metrics)), LOW + timedelta(days=rng.randint(0, span)))
        for _ in range(n)
    ]


def wrong_answers(found: dict[tuple[str, date], Any], pairs: list[tuple[str, date]]) -> int:
    bad = 0
    for key, on in pairs:
        v = found[(key, on)]
        i = expected_version(on)
        if i is None:
            bad += v is not None
        else:
            bad += v is None or (v.effective_from, v.metric_key) != (start_of(i), key)
    return bad


def single(
    store: Store, engine: Engine, rng: random.Random, n_metrics: int, n: int, prof: bool
) -> None:
    for key, on in random_pairs(rng, n_metrics, 20):  # warm the pool and the caches
        store.metric_as_of(key, on)
    pairs = random_pairs(rng, n_metrics, n)
    times: list[float] = []
    found = {}
    with captured_sql() as sql, gc_time() as gcs, profiled(prof, f"{n:,} metric_as_of calls"):
        for key, on in pairs:
            t0 = time.perf_counter()
            found[(key, on)] = store.metric_as_of(key, on)
            times.append(time.perf_counter() - t0)
    bad = wrong_answers(found, pairs)
    ms = [t * 1000 for t in times]
    print(
        f"  single lookups    {n:,} x metric_as_of: median {statistics.median(ms):.3f} ms, "
        f"p95 {pct(ms, 95):.3f} ms, {n / sum(times):,.0f}/s   "
        f"({len(sql) / n:.0f} query per call; {bad} wrong answers)"
    )
    statement, params = sql[0]
    print(f"    SQL: {' '.join(statement.split())}")
    plan = explain(engine, statement, params)
    print(f"    plan ({'primary-key index' if uses_pk(engine, plan) else 'NOT the primary key'}):")
    for line in plan:
        print(f"      {short(line)}")
    bare = [t * 1000 for t in bare_sql(engine, sql)]
    print(
        f"    the same {len(sql):,} queries bare on one connection: median {statistics.median(bare):.3f} ms, "
        f"p95 {pct(bare, 95):.3f} ms; Python's garbage collector took {gcs[0] / sum(times):.0%} of the calls"
    )


# -- 3. batch -------------------------------------------------------------------------------


def batch(
    store: Store, engine: Engine, rng: random.Random, n_metrics: int, n: int, prof: bool
) -> None:
    pairs = random_pairs(rng, n_metrics, n)
    distinct = len({k for k, _ in pairs})
    with captured_sql() as sql, gc_time() as gcs, profiled(prof, f"metrics_as_of of {n:,} pairs"):
        t0 = time.perf_counter()
        found = store.metrics_as_of(pairs)
        took = time.perf_counter() - t0
    bad = wrong_answers(found, pairs)
    sample = rng.sample(pairs, 20)
    agree = sum(store.metric_as_of(k, d) == found[(k, d)] for k, d in sample)
    answered = sum(v is not None for v in found.values())
    print(
        f"  batch             metrics_as_of({n:,} pairs, {distinct:,} keys): {took:.3f} s, "
        f"{n / took:,.0f} lookups/s   ({len(sql)} queries, {answered:,} in force, "
        f"{bad} wrong, {agree}/20 agree with metric_as_of)"
    )
    rows = 0
    bare_t0 = time.perf_counter()
    with engine.connect() as conn:
        for statement, params in sql:
            rows += len(conn.exec_driver_sql(statement, params).all())
        conn.rollback()
    bare = time.perf_counter() - bare_t0
    print(
        f"    the same {len(sql)} queries bare: {bare:.3f} s for {rows:,} rows ({bare / took:.0%} of the call); "
        f"Python's garbage collector: {gcs[0]:.3f} s ({gcs[0] / took:.0%}, {gcs[1]:.0f} collections); "
        f"the rest is SQLAlchemy building {rows:,} ORM rows and tieout the versions"
    )
    plan = explain(engine, *sql[0])
    print(
        f"    plan of one {min(distinct, 500)}-key query ({'primary-key index' if uses_pk(engine, plan) else 'NOT the primary key'}):"
    )
    for line in plan:
        print(f"      {short(line)}")


# -- 4. import through the Type 2 code path ------------------------------------------------


def import_path(store: Store, n: int) -> None:
    defs = []
    for j in range(n // 2):
        for i, definition in enumerate(
            ("gross margin before freight", "gross margin after freight")
        ):
            defs.append(
                MetricDefinition(
                    metric_key=f"imp{j:05d}",
                    definition=definition,
                    unit="percent",
                    period_start=date(2026, 1, 1),
                    period_end=date(2026, 12, 31),
                    source_doc_id="doc-0001",
                    effective_from=start_of(6 * i),
                )
            )
    t0 = time.perf_counter()
    plan = store.import_metrics(defs)
    took = time.perf_counter() - t0
    print(
        f"  import_metrics    {len(defs):,} definitions ({len(plan.new)} new, {len(plan.changed)} changes) "
        f"in one transaction: {took:.3f} s, {len(defs) / took:,.0f}/s"
    )


# -- per backend ----------------------------------------------------------------------------


def run(label: str, url: str, args: argparse.Namespace, pg_copy: bool) -> None:
    print(
        f"\n{label}: {args.metrics:,} metrics x {VERSIONS} versions = {args.metrics * VERSIONS:,} rows"
    )
    t0 = time.perf_counter()
    store = Store.open(url)
    print(
        f"  Store.open        {time.perf_counter() - t0:.3f} s   (schema built by the migrations)"
    )
    engine = make_engine(url)
    try:
        loader: Callable[[Engine, int], None] = load_copy if pg_copy else load_insert
        how = "COPY" if pg_copy else f"core insert() executemany, {CHUNK_ROWS:,} rows a transaction"
        t0 = time.perf_counter()
        loader(engine, args.metrics)
        took = time.perf_counter() - t0
        rows = args.metrics * VERSIONS
        print(
            f"  load              {took:.2f} s   {rows / took:,.0f} rows/s   ({how}; Type 2 rules checked per row)"
        )
        print(f"  ANALYZE           {analyze(engine):.2f} s")
        check_load(engine, args.metrics)
        rng = random.Random(args.seed)
        single(store, engine, rng, args.metrics, args.lookups, args.profile)
        batch(store, engine, rng, args.metrics, args.batch, args.profile)
        import_path(store, args.imports)
    finally:
        engine.dispose()
        store.close()


def run_sqlite(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="tieout-bench-") as tmp:
        path = Path(tmp) / "registry.db"
        run(f"SQLite ({path.name} in a temp dir)", f"sqlite:///{path}", args, pg_copy=False)
        size = sum(p.stat().st_size for p in Path(tmp).iterdir())
        print(f"  file size         {size / 1e6:.0f} MB (database + WAL)")


def run_postgres(args: argparse.Namespace) -> None:
    try:
        import psycopg
    except ModuleNotFoundError:
        print("\nPostgreSQL: skipped, psycopg is not installed (pip install 'tieout[postgres]')")
        return
    from sqlalchemy.engine import make_url

    base = make_url(args.pg_url)
    conninfo = base.set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        admin = psycopg.connect(conninfo, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        print(f"\nPostgreSQL at {base.render_as_string()}: unreachable ({first}); skipped")
        return
    schema = f"bench_{secrets.token_hex(4)}"
    admin.execute(f"CREATE SCHEMA {schema}")
    try:
        url = base.update_query_dict({"options": f"-csearch_path={schema}"})
        label = f"PostgreSQL ({admin.info.parameter_status('server_version')}, schema {schema})"
        run(label, url.render_as_string(hide_password=False), args, pg_copy=args.pg_load == "copy")
        size = admin.execute(
            f"SELECT pg_total_relation_size('{schema}.metric_registry')"
        ).fetchone()
        if size:
            print(f"  table size        {size[0] / 1e6:.0f} MB (with its indexes)")
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--metrics", type=int, default=100_000, help="metrics to load (x10 versions)")
    ap.add_argument("--quick", action="store_true", help="10,000 metrics: under a minute")
    ap.add_argument("--lookups", type=int, default=1_000, help="single metric_as_of calls")
    ap.add_argument("--batch", type=int, default=10_000, help="(key, date) pairs in the batch")
    ap.add_argument("--imports", type=int, default=1_000, help="definitions for import_metrics")
    ap.add_argument("--backend", choices=["both", "sqlite", "postgresql"], default="both")
    ap.add_argument("--pg-url", default=PG_URL)
    ap.add_argument("--pg-load", choices=["insert", "copy"], default="copy")
    ap.add_argument("--profile", action="store_true", help="cProfile the lookups")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    if args.quick:
        args.metrics = 10_000
    started = time.perf_counter()
    if args.backend in ("both", "sqlite"):
        run_sqlite(args)
    if args.backend in ("both", "postgresql"):
        run_postgres(args)
    print(f"\ntotal {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
