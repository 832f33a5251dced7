"""Every user mistake at the ``tieout`` command line, run as real subprocesses.

The contract: exit code 2, exactly one line on stderr starting ``tieout: error:`` that names
the problem, no traceback, nothing on stdout, and nothing stored (no claim result, no
document snapshot, no metric). Mistakes that need no ordering run side by side to keep the
file quick; each test collects every broken promise before failing, naming the case.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any

import tieout

SAMPLES = Path(tieout.__file__).parent / "sample_docs"
SEED_DOC = "investor-update-2026-08"
SEED_CLAIMS = json.loads((SAMPLES / "claims/investor-updates.json").read_text(encoding="utf-8"))
SEED_CLAIM: dict[str, Any] = SEED_CLAIMS["claims"][0]  # the seed's own cash_balance claim: pass
NULL_CLAIM: dict[str, Any] = json.loads(
    (SAMPLES / "claims/q3-board-pack.json").read_text(encoding="utf-8")
)["claims"][7]  # arr: null with a missing_reason, unsupported

Result = subprocess.CompletedProcess[str]


def tieout_cli(*args: str, cwd: Path, db: str | None = None, env_db: str | None = None) -> Result:
    """Run ``python -m tieout ARGS [--db DB]`` in ``cwd``; TIEOUT_DB is ``env_db`` or unset."""
    env = {k: v for k, v in os.environ.items() if k != "TIEOUT_DB"}
    env.update(COLUMNS="200", PYTHONIOENCODING="utf-8", **({"TIEOUT_DB": env_db} if env_db else {}))
    cmd = [sys.executable, "-m", "tieout", *args, *(["--db", db] if db else [])]
    return subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300
    )


def tieout_many(commands: list[tuple[str, ...]], *, cwd: Path, db: str | None) -> list[Result]:
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda args: tieout_cli(*args, cwd=cwd, db=db), commands))


def refusal_problems(name: str, res: Result, phrases: tuple[str, ...]) -> list[str]:
    """What is wrong with ``res`` as a refusal (empty if it is a proper one)."""
    got = f"{name}: exit {res.returncode}, stdout {res.stdout[:200]!r}, stderr {res.stderr!r}"
    if "Traceback" in res.stderr or res.returncode != 2 or res.stdout:
        return [got]
    lines = res.stderr.splitlines()
    if len(lines) != 1 or not lines[0].startswith("tieout: error: "):
        return [got]
    return [f"{got}: lacks {p!r}" for p in phrases if p not in lines[0]]


def seed(url: str) -> None:
    """The metric registry and one document, so 'nothing stored' has something to compare."""
    from tieout.documents.ingest import ingest_file
    from tieout.registry import load_metric_file
    from tieout.store import Store

    with Store.open(url) as store:
        store.import_metrics(load_metric_file(SAMPLES / "metrics.yaml"))
        ingest_file(
            store,
            SAMPLES / f"documents/{SEED_DOC}.md",
            SEED_DOC,
            period_start=date(2026, 7, 1),
            period_end=date(2026, 7, 31),
            published=date(2026, 8, 5),
        )


def stored(url: str) -> tuple[int, list[tuple[str, int]], list[str]]:
    """(claim results, [(document, snapshots)], metric keys) as the library reads them."""
    from tieout.store import Store

    with Store.open(url) as store:
        return (
            len(store.list_claim_results()),
            [(d.doc_id, d.snapshots) for d in store.list_documents()],
            [m.metric_key for m in store.list_metrics()],
        )


def claims_json(*claims: dict[str, Any], **changes: Any) -> str:
    """A claims file: ``claims`` as given, the first one with ``changes`` applied."""
    first, *rest = claims
    return json.dumps({"claims": [{**first, **changes}, *rest]}, ensure_ascii=True)


# --------------------------------------------------------------------------- check

CHECK_CASES: list[tuple[str, str, bytes | None, tuple[str, ...]]] = [
    # (name, file argument, content to write (None: copy from bad/ or leave absent), phrases)
    ("malformed", "malformed.json", None, ("malformed.json: line 12, column 5", "property name")),
    ("missing field", "missing_field.json", None, ("claims[1].source_quote", "field required")),
    ("wrong type", "wrong_types.json", None, ("claims[0].value", "must be a JSON number", "1.4M")),
    (
        "many wrong types",
        "types.json",
        b'{"claims": [{"metric_key": 5, "value": true, "unit": 3, "period_start": "2026-02-30"}]}',
        ("types.json: claims[0].metric_key: must be a string", "more problems"),
    ),
    ("claims not a list", "notlist.json", b'{"claims": "x"}', ("claims: must be a list",)),
    ("empty file", "empty.json", b"", ("empty.json: is empty",)),
    ("no such file", "nope.json", None, ("nope.json: no such file",)),
    ("a directory", "folder", None, ("folder: is a folder; name a file",)),
    (
        "latin-1 bytes",
        "latin1.json",
        '{"claims": [{"metric_key": "café"}]}'.encode("latin-1"),
        ("latin1.json", "not UTF-8"),
    ),
    (
        "fullwidth digits in a string value",
        "fullwidth.json",
        claims_json(SEED_CLAIM, value="１.４").encode(),
        ("claims[0].value", "must be a JSON number", "１.４"),
    ),
    (
        "RTL mark in metric_key",
        "rtl.json",
        claims_json(SEED_CLAIM, metric_key="cash_balance\u200f").encode(),
        ("claims[0].metric_key",),
    ),
    (
        "NUL escaped in metric_key",
        "nul_key.json",
        claims_json(SEED_CLAIM, metric_key="cash\u0000balance").encode(),
        ("claims[0].metric_key", "\\u0000"),
    ),
]


def test_check_refuses_unusable_claims_files(sqlite_url: str, tmp_path: Path) -> None:
    seed(sqlite_url)
    for _, name, content, _ in CHECK_CASES:
        if (SAMPLES / "bad" / name).is_file():
            shutil.copy(SAMPLES / "bad" / name, tmp_path / name)
        elif content is not None:
            (tmp_path / name).write_bytes(content)
    (tmp_path / "folder").mkdir()
    before = stored(sqlite_url)

    results = tieout_many([("check", case[1]) for case in CHECK_CASES], cwd=tmp_path, db=sqlite_url)

    problems = [
        p
        for (label, _, _, phrases), res in zip(CHECK_CASES, results, strict=True)
        for p in refusal_problems(label, res, phrases)
    ]
    assert problems == []
    assert stored(sqlite_url) == before


# --------------------------------------------------------------------------- docs add

DOCS_CASES: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("binary", ("bin.txt",), ("bin.txt", "binary", "NUL")),
    ("latin-1", ("latin1.txt",), ("latin1.txt", "not UTF-8")),
    ("broken pdf", ("report.pdf",), ("report.pdf", "is not a readable PDF", "re-export it")),
    ("pptx", ("deck.pptx",), ("deck.pptx", "unsupported file type '.pptx'", ".txt", ".pdf")),
    ("directory", ("folder",), ("folder is a folder: its ids come from its file names",)),
    ("no such file", ("nope.md",), ("nope.md",)),
    ("empty", ("empty.md",), ("empty.md: is empty",)),
    (
        "period backwards",
        ("good.md", "--period-start", "2026-09-30", "--period-end", "2026-07-01"),
        ("--period-start 2026-09-30 is after --period-end 2026-07-01",),
    ),
    ("bad period", ("good.md", "--period", "2026-13"), ("period '2026-13' is not recognised",)),
    ("bad scale", ("good.md", "--scale", "USDM"), ("'USDM' is not recognised", "USD_thousands")),
]


def test_docs_add_refuses_bad_files(sqlite_url: str, tmp_path: Path) -> None:
    seed(sqlite_url)
    (tmp_path / "bin.txt").write_bytes(b"Cash was $1.4M\x00\x01\x02 in July\n")
    (tmp_path / "latin1.txt").write_bytes("Café revenue £1,200 in July\n".encode("latin-1"))
    (tmp_path / "report.pdf").write_bytes(b"%PDF-1.7\n")  # a header and nothing after it
    (tmp_path / "deck.pptx").write_bytes(b"PK\x03\x04")
    (tmp_path / "empty.md").write_bytes(b"")
    (tmp_path / "good.md").write_text("# Cash\n\nCash was $1.4M.\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    before = stored(sqlite_url)

    # the same id as the stored document: a refused file must not touch its snapshots either
    commands = [("docs", "add", *args, "--id", SEED_DOC) for _, args, _ in DOCS_CASES]
    results = tieout_many(commands, cwd=tmp_path, db=sqlite_url)

    problems = [
        p
        for (label, _, phrases), res in zip(DOCS_CASES, results, strict=True)
        for p in refusal_problems(label, res, phrases)
    ]
    assert problems == []
    assert stored(sqlite_url) == before


def test_a_bad_date_is_clicks_usage_error(sqlite_url: str, tmp_path: Path) -> None:
    (tmp_path / "good.md").write_text("# Cash\n\nCash was $1.4M.\n", encoding="utf-8")
    res = tieout_cli(
        "docs", "add", "good.md", "--id", "good", "--published", "2026-13-01",
        cwd=tmp_path, db=sqlite_url,
    )  # fmt: skip
    assert res.returncode == 2, res
    assert "Traceback" not in res.stderr and res.stdout == ""
    assert "Invalid value for '--published': '2026-13-01' is not a date" in res.stderr
    assert "YYYY-MM-DD" in res.stderr
    assert not (tmp_path / "tieout.db").exists()  # refused before any database was opened


# --------------------------------------------------------------------------- names that do not exist


def test_unknown_names_and_bad_registry_input(sqlite_url: str, tmp_path: Path) -> None:
    seed(sqlite_url)
    before = stored(sqlite_url)
    add = ("registry", "add", "mrr", "--definition", "Monthly recurring revenue")
    cases: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
        (
            "unknown unit",
            (*add, "--unit", "USDM", "--source-doc", SEED_DOC, "--period", "2026-07"),
            ("'USDM' is not recognised", "accepted forms: USD, USD_thousands, USD_millions"),
        ),
        (
            "no period",
            (*add, "--unit", "USD", "--source-doc", SEED_DOC),
            ("give the metric's period", "--period 2026-07"),
        ),
        (
            "registry show nope",
            ("registry", "show", "nope"),
            ("metric 'nope' has no registry entry", "tieout registry add"),
        ),
        (
            "registry history nope",
            ("registry", "history", "nope"),
            ("metric 'nope' has no registry entry", "tieout registry import"),
        ),
        (
            "docs show nope",
            ("docs", "show", "nope"),
            ("document 'nope' is not ingested", "tieout docs add FILE --id nope"),
        ),
        ("import missing file", ("registry", "import", "nope.yaml"), ("nope.yaml",)),
        ("import .json", ("registry", "import", "metrics.json"), ("'.json'", ".yaml", ".csv")),
    ]
    (tmp_path / "metrics.json").write_text("[]", encoding="utf-8")
    results = tieout_many([c[1] for c in cases], cwd=tmp_path, db=sqlite_url)
    problems = [
        p
        for (label, _, phrases), res in zip(cases, results, strict=True)
        for p in refusal_problems(label, res, phrases)
    ]
    assert problems == []
    assert "Value error" not in results[0].stderr  # pydantic's wording stays inside
    assert stored(sqlite_url) == before


# --------------------------------------------------------------------------- odd Unicode


def test_odd_unicode_in_claims_is_checked_without_a_traceback(db_url: str, tmp_path: Path) -> None:
    """Fullwidth digits and bidi controls inside strings are text; an escaped NUL is refused.

    PostgreSQL text cannot hold NUL, so the schema refuses it on every backend alike (naming
    the field) instead of a database error on one backend and a verdict on the other.
    """
    seed(db_url)
    odd = [
        {**SEED_CLAIM, "source_quote": "Cash in bank at month end was $１.４M"},
        {**SEED_CLAIM, "source_quote": "\u202eCash in bank at month end was $1.4M\u202c"},
        {**SEED_CLAIM, "source_locator": "section: Cash and runway\u200f, paragraph 1"},
    ]
    (tmp_path / "odd.json").write_text(json.dumps({"claims": odd}), encoding="utf-8")
    nul_fields = ["source_quote", "source_doc_id", "missing_reason"]
    for field in nul_fields:
        base = NULL_CLAIM if field == "missing_reason" else SEED_CLAIM
        claim = {**base, field: f"{base[field][:12]}\u0000{base[field][12:]}"}
        (tmp_path / f"nul_{field}.json").write_text(json.dumps({"claims": [claim]}), "utf-8")
    before = stored(db_url)

    commands: list[tuple[str, ...]] = [("check", "odd.json", "--format", "json")]
    commands += [("check", f"nul_{field}.json") for field in nul_fields]
    odd_res, *nul_results = tieout_many(commands, cwd=tmp_path, db=db_url)

    assert odd_res.returncode == 0, odd_res
    assert odd_res.stderr == ""
    data = json.loads(odd_res.stdout)
    verdicts = [c["verdict"] for c in data["claims"]]
    assert verdicts[0] == "pass"  # fullwidth digits read as the same $1.4M
    assert set(verdicts[1:]) <= {"pass", "warning"}, data
    assert data["claims"][1]["claim"]["source_quote"].startswith("\u202eCash")
    problems = [
        p
        for field, res in zip(nul_fields, nul_results, strict=True)
        for p in refusal_problems(field, res, (f"nul_{field}.json: claims[0].{field}", "NUL"))
    ]
    assert problems == []
    assert stored(db_url) == (before[0] + 3, before[1], before[2])


# --------------------------------------------------------------------------- a huge file


def test_twenty_thousand_claims(sqlite_url: str, tmp_path: Path) -> None:
    """A 20,000-claim file is checked and stored in one run, not refused or crashed."""
    from tieout.store import Store

    seed(sqlite_url)
    too_precise = SEED_CLAIMS["claims"][5]  # 1.423 against "$1.4M": fail
    # mostly cheap nulls so the file stays quick; one pass and one fail in every ten
    cycle = [SEED_CLAIM, too_precise, *[NULL_CLAIM] * 8]
    claims = [cycle[i % 10] for i in range(20_000)]
    (tmp_path / "huge.json").write_text(json.dumps({"claims": claims}), encoding="utf-8")

    res = tieout_cli("check", "huge.json", "-q", cwd=tmp_path, db=sqlite_url)

    assert res.returncode == 1, res
    assert res.stderr == ""
    [line] = res.stdout.splitlines()
    assert line.startswith("pass 2000 · warning 0 · fail 2000 · unsupported 16000  (run ")
    run_id = line.rsplit("(run ", 1)[1].rstrip(")")
    with Store.open(sqlite_url) as store:
        run, results = store.get_run(run_id)
        assert run.counts == {"pass": 2000, "warning": 0, "fail": 2000, "unsupported": 16000}
        assert len(results) == 20_000
        assert [r.position for r in results[:3]] == [0, 1, 2]
        assert results[-1].position == 19_999


# --------------------------------------------------------------------------- the database


def test_an_unreachable_database_is_named(tmp_path: Path) -> None:
    shutil.copy(SAMPLES / "claims/investor-updates.json", tmp_path / "claims.json")
    plain = "postgresql+psycopg://postgres@127.0.0.1:1/test"
    with_password = "postgresql://postgres:s3cret@127.0.0.1:1/test"
    env_res = tieout_cli("docs", "list", cwd=tmp_path, env_db=with_password)
    flag_res = tieout_cli("check", "claims.json", cwd=tmp_path, db=plain)

    masked = "postgresql+psycopg://postgres:***@127.0.0.1:1/test"
    problems = refusal_problems("--db", flag_res, (f"cannot reach PostgreSQL database at {plain}",))
    problems += refusal_problems("TIEOUT_DB", env_res, (f"database at {masked}",))
    assert problems == []
    assert "s3cret" not in env_res.stderr
    assert not (tmp_path / "tieout.db").exists()
