"""The ``tieout`` command line, end to end, run as real subprocesses (``python -m tieout``).

Every test runs in its own ``tmp_path`` with its own database (``--db``), checks the exit
code and the words a user reads, and where something is stored reads it back through the
library (:class:`tieout.registry.Store`). COLUMNS is fixed so rich tables do not wrap.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import click
import yaml

import tieout

SAMPLES = Path(tieout.__file__).parent / "sample_docs"
EXPECTED: dict[str, Any] = yaml.safe_load((SAMPLES / "expected.yaml").read_text(encoding="utf-8"))
DOCUMENTS: list[dict[str, Any]] = yaml.safe_load(
    (SAMPLES / "documents.yaml").read_text(encoding="utf-8")
)
DEMO_SUMMARY = "pass 8 · warning 2 · fail 10 · unsupported 2"


def tieout_cli(
    *args: str, cwd: Path, db: str | None = None, columns: int = 200
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tieout ARGS [--db DB]`` in ``cwd``; TIEOUT_DB from outside is dropped."""
    env = {k: v for k, v in os.environ.items() if k not in ("TIEOUT_DB", "NO_COLOR")}
    env.update(COLUMNS=str(columns), PYTHONIOENCODING="utf-8")
    cmd = [sys.executable, "-m", "tieout", *args, *(["--db", db] if db else [])]
    return subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300
    )


def tieout_many(
    commands: list[tuple[str, ...]], *, cwd: Path, db: str | None = None
) -> list[subprocess.CompletedProcess[str]]:
    """Run independent commands side by side (each is ~0.9 s of imports); results in order."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda args: tieout_cli(*args, cwd=cwd, db=db), commands))


def ok(res: subprocess.CompletedProcess[str], code: int = 0) -> str:
    """Assert the exit code and a clean stderr; return stdout."""
    assert res.returncode == code, (res.returncode, res.stdout, res.stderr)
    assert res.stderr == "", res.stderr
    return res.stdout


def run_id(stdout: str) -> str:
    found = re.search(r"\(run ([0-9a-f]{12})\)", stdout)
    assert found, stdout
    return found.group(1)


def doc_add_args(entry: dict[str, Any]) -> list[str]:
    """``docs add`` arguments for one documents.yaml entry, with all its metadata."""
    args = ["docs", "add", f"sample_docs/{entry['file']}", "--id", entry["id"]]
    for key in ("period_start", "period_end", "published", "scale"):
        if entry.get(key) is not None:
            args += [f"--{key.replace('_', '-')}", str(entry[key])]
    return args


def expected_verdicts(claim_file: str) -> list[str]:
    return [c["verdict"] for c in EXPECTED["claims"][claim_file]]


# --------------------------------------------------------------------------- demo


def test_demo_uses_the_default_database_and_adds_to_it(tmp_path: Path) -> None:
    from tieout.store import Store

    first = ok(tieout_cli("demo", cwd=tmp_path, columns=80))
    lines = first.rstrip().splitlines()
    assert lines[0] == "Registered 11 metrics, ingested 6 documents, checked 22 claims in tieout.db"
    assert lines[1].split() == ["#", "metric", "value", "verdict", "reason"]
    assert len(lines) == 1 + 1 + 22 + 1 + 4  # one line per claim, the summary, what next
    assert all(len(line) <= 80 for line in lines)
    assert lines[24] == DEMO_SUMMARY
    assert lines[25] == "Next:"
    assert [line.split()[:3] for line in lines[26:]] == [
        ["tieout", "review", "list"],
        ["tieout", "report", "run"],
        ["tieout", "registry", "list"],
    ]
    assert re.match(
        r"^ 1  net_sales_fy2019 +260,174 USD_thousands  pass +260,174,000 USD", lines[2]
    )
    assert (tmp_path / "tieout.db").is_file()

    # the next steps it names read the same database
    listed = ok(tieout_cli("review", "list", "--verdict", "fail", cwd=tmp_path))
    assert listed.count(" fail ") == 10
    report = ok(tieout_cli(*lines[27].split()[1:4], cwd=tmp_path))
    assert "acme-10k-fy2019" in report

    second = ok(tieout_cli("demo", cwd=tmp_path, columns=80)).splitlines()
    assert second[0] == lines[0]  # registering and ingesting again changes nothing
    assert second[2].startswith("23  net_sales_fy2019")  # the stored ids, new runs
    assert second[24] == DEMO_SUMMARY
    with Store.open(f"sqlite:///{tmp_path / 'tieout.db'}") as store:
        results = store.list_claim_results()
        assert len(results) == 44
        assert len({r.run_id for r in results}) == 6
        assert len(store.list_documents()) == 6
        assert len(store.metric_history("net_burn")) == 2


def test_demo_follows_db_then_tieout_db(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR",)}
    env.update(TIEOUT_DB="from-env.db", COLUMNS="80")
    cmd = [sys.executable, "-m", "tieout", "demo", "--format", "json"]
    done = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["db"] == "from-env.db"
    assert [c["id"] for run in data["runs"] for c in run["claims"]] == list(range(1, 23))
    claims = [c for run in data["runs"] for c in run["claims"]]
    by_file = {
        Path(run["source"]).name: [c["verdict"] for c in run["claims"]] for run in data["runs"]
    }
    assert by_file == {Path(f).name: expected_verdicts(f) for f in EXPECTED["claims"]}
    assert len(claims) == 22
    listed = subprocess.run(
        [sys.executable, "-m", "tieout", "review", "list", "--format", "json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert len(json.loads(listed.stdout)) == 22

    out = ok(tieout_cli("demo", "--db", "flag.db", cwd=tmp_path, columns=80))
    assert out.splitlines()[0].endswith("checked 22 claims in flag.db")
    assert not (tmp_path / "tieout.db").exists()


def test_demo_refuses_a_database_that_registers_a_sample_metric_otherwise(
    tmp_path: Path,
) -> None:
    from tieout.store import Store

    added = tieout_cli(
        "registry",
        "add",
        "net_burn",
        "--definition",
        "Our own burn",
        "--unit",
        "USD",
        "--source-doc",
        "board-pack",
        "--period",
        "2026-07",
        "--effective-from",
        "2026-08-01",
        cwd=tmp_path,
    )
    assert added.returncode == 0, added.stderr
    res = tieout_cli("demo", cwd=tmp_path)
    assert res.returncode == 2, res.stdout
    assert res.stderr == (
        "tieout: error: tieout.db already holds metric net_burn unlike the sample's; "
        "run the demo in a database of its own: tieout demo --db tieout-demo.db\n"
    )
    with Store.open(f"sqlite:///{tmp_path / 'tieout.db'}") as store:
        assert [m.metric_key for m in store.list_metrics()] == ["net_burn"]
        assert store.list_documents() == []
        assert store.list_claim_results() == []


# --------------------------------------------------------------------------- the README flow


def test_readme_flow(db_url: str, tmp_path: Path) -> None:
    from tieout.store import Store

    shutil.copytree(SAMPLES, tmp_path / "sample_docs")

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return tieout_cli(*args, cwd=tmp_path, db=db_url)

    out = ok(cli("registry", "import", "sample_docs/metrics.yaml"))
    assert out.count("(new)") == 11
    assert "+ cash_balance (new)" in out and "= 0 unchanged" in out

    out = ok(cli("registry", "import", "--dry-run", "sample_docs/metrics-2026-09.yaml"))
    assert "~ net_burn: definition, period_start, period_end, source_doc_id changed" in out
    assert "dry run: nothing was changed" in out
    with Store.open(db_url) as store:
        [only] = store.metric_history("net_burn")
        assert only.definition == "Cash out minus cash in"

    # side by side: ingesting different documents at once must work on both backends
    added = tieout_many([tuple(doc_add_args(e)) for e in DOCUMENTS], cwd=tmp_path, db=db_url)
    for entry, res in zip(DOCUMENTS, added, strict=True):
        out = ok(res)
        assert out.startswith(f"{entry['id']}: ingested  sha256 "), out
        assert out.rstrip().endswith("snapshot 1")

    reads = [
        ("docs", "list"),
        ("docs", "show", "investor-update-2026-08", "--sections"),
        ("docs", "list", "--format", "json"),
    ]
    listed, shown, as_json = (ok(r) for r in tieout_many(reads, cwd=tmp_path, db=db_url))
    for entry in DOCUMENTS:
        assert entry["id"] in listed
    scales = {d["doc_id"]: d["scale"] for d in json.loads(as_json)}
    assert scales["acme-10k-fy2019"] == "USD_thousands"  # the 10-K's scale

    assert "period July 2026  published 2026-08-05" in shown
    assert re.search(r"heading\s+Cash and runway", shown), shown

    seed = json.loads((SAMPLES / "claims/investor-updates.json").read_text(encoding="utf-8"))
    (tmp_path / "one.json").write_text(json.dumps({"claims": seed["claims"][:1]}), encoding="utf-8")
    out = ok(cli("check", "one.json"))
    assert out.splitlines()[0] == "1  pass  cash_balance  1.4 USD_millions", out
    assert out.splitlines()[1].startswith("  1,400,000 USD found in investor-update-2026-08")
    assert out.rstrip().splitlines()[-1].startswith("pass 1 · warning 0 · fail 0 · unsupported 0")
    one_run = run_id(out)

    res = cli("check", "sample_docs/claims/investor-updates.json", "--format", "json")
    data = json.loads(ok(res, code=1))  # it has fails: exit 1
    assert [c["verdict"] for c in data["claims"]] == expected_verdicts(
        "claims/investor-updates.json"
    )
    for claim in data["claims"]:
        assert [c["name"] for c in claim["checks"]] == ["existence", "period_unit", "quote"]
    assert data["counts"] == {"pass": 3, "warning": 2, "fail": 4, "unsupported": 0}

    with Store.open(db_url) as store:
        run, results = store.get_run(data["run_id"])
        assert run.source == "sample_docs/claims/investor-updates.json"
        assert run.counts == data["counts"]
        assert [r.verdict for r in results] == expected_verdicts("claims/investor-updates.json")
        assert [len(r.checks) for r in results] == [3] * 9
        assert [r.verdict for r in store.list_claim_results(run_id=one_run)] == ["pass"]
        assert len(store.list_claim_results()) == 1 + 9
        assert len(store.metric_history("net_burn")) == 1  # the dry run changed nothing


# --------------------------------------------------------------------------- docs snapshots


def test_docs_add_same_file_twice_then_changed(sqlite_url: str, tmp_path: Path) -> None:
    from tieout.store import Store

    doc = tmp_path / "update.md"
    doc.write_text("# Cash\n\nCash in bank at month end was $1.4M.\n", encoding="utf-8")
    args = ("docs", "add", "update.md", "--id", "update", "--period", "2026-07")

    first = ok(tieout_cli(*args, cwd=tmp_path, db=sqlite_url))
    assert first.startswith("update: ingested  sha256 ") and first.rstrip().endswith("snapshot 1")
    again = ok(tieout_cli(*args, cwd=tmp_path, db=sqlite_url))
    assert again.startswith("update: unchanged (same content already stored)")
    assert again.rstrip().endswith("snapshot 1")

    doc.write_text("# Cash\n\nCash in bank at month end was $1.5M.\n", encoding="utf-8")
    changed = ok(tieout_cli(*args, cwd=tmp_path, db=sqlite_url))
    assert changed.startswith("update: ingested  sha256 ")
    assert changed.rstrip().endswith("snapshot 2")
    assert changed.split()[3] != first.split()[3]  # a new sha256

    with Store.open(sqlite_url) as store:
        rec = store.get_document("update")
        assert rec.snapshots == 2
        assert "$1.5M" in rec.text
        assert (str(rec.period_start), str(rec.period_end)) == ("2026-07-01", "2026-07-31")


def test_docs_list_shows_whole_ids_at_80_columns(sqlite_url: str, tmp_path: Path) -> None:
    from tieout.documents.ingest import ingest_file
    from tieout.store import Store

    with Store.open(sqlite_url) as store:
        ingest_file(
            store, SAMPLES / "documents/investor-update-2026-08.md", "investor-update-2026-08"
        )
    out = ok(tieout_cli("docs", "list", cwd=tmp_path, db=sqlite_url, columns=80))
    assert "investor-update-2026-08" in out


# --------------------------------------------------------------------------- registry


def test_registry_add_show_history_list(sqlite_url: str, tmp_path: Path) -> None:
    def cli(*args: str) -> str:
        done = tieout_cli(*args, cwd=tmp_path, db=sqlite_url)
        assert done.returncode == 0, done.stderr
        assert done.stderr.startswith("note: no document 'doc-") or done.stderr == ""
        return done.stdout

    add = ("registry", "add", "mrr", "--unit", "USD", "--definition")
    old = (*add, "Monthly recurring revenue", "--source-doc", "doc-a", "--period", "2020-07")
    assert cli(*old, "--effective-from", "2020-08-01") == "mrr: new\n"
    new = (*add, "MRR excluding one-off fees", "--source-doc", "doc-b", "--period", "2020-08")
    assert cli(*new, "--effective-from", "2021-01-01") == "mrr: changed\n"

    reads = [
        ("registry", "show", "mrr", "--as-of", "2020-12-31"),
        ("registry", "show", "mrr"),
        ("registry", "history", "mrr"),
        ("registry", "list", "--as-of", "2020-09-01"),
    ]
    then, today, history, listed_then = (
        ok(r) for r in tieout_many(reads, cwd=tmp_path, db=sqlite_url)
    )

    def fields(out: str) -> dict[str, str]:
        return dict(line.split(None, 1) for line in out.splitlines())

    assert fields(then) == {
        "metric_key": "mrr",
        "definition": "Monthly recurring revenue",
        "unit": "USD",
        "period_start": "2020-07-01",
        "period_end": "2020-07-31",
        "source_doc_id": "doc-a",
        "effective_from": "2020-08-01",
        "effective_to": "2021-01-01",
    }
    now = fields(today)
    assert now["definition"] == "MRR excluding one-off fees"
    assert (now["effective_from"], now["effective_to"]) == ("2021-01-01", "—")

    assert history.index("Monthly recurring revenue") < history.index("MRR excluding one-off fees")
    assert "2020-07-01 – 2020-07-31" in history and "2020-08-01 – 2020-08-31" in history

    assert "Monthly recurring revenue" in listed_then and "one-off" not in listed_then


def test_schema_prints_the_json_schema(tmp_path: Path) -> None:
    schema = json.loads(ok(tieout_cli("schema", cwd=tmp_path)))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "Claim" in schema["$defs"]
    assert not (tmp_path / "tieout.db").exists()  # printing the schema touches no database


# --------------------------------------------------------------------------- help


def _command_paths(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = []
    for name, cmd in sorted(group.commands.items()):
        paths.append((*prefix, name))
        if isinstance(cmd, click.Group):
            paths += _command_paths(cmd, (*prefix, name))
    return paths


def _command(path: tuple[str, ...]) -> click.Command:
    from tieout.cli import main

    cmd: click.Command = main
    for name in path:
        assert isinstance(cmd, click.Group)
        cmd = cmd.commands[name]
    return cmd


def test_help_lists_every_command_and_every_command_has_help(tmp_path: Path) -> None:
    from tieout.cli import main

    top = ok(tieout_cli("--help", cwd=tmp_path))
    assert set(main.commands) == {
        "demo",
        "check",
        "schema",
        "figures",
        "docs",
        "registry",
        "gate",
        "facts",
        "db",
        "review",
        "tools",
        "mcp",
        "serve",
        "keys",
        "report",
    }
    for name in main.commands:
        assert re.search(rf"^\s+{name}\s+\S", top, re.MULTILINE), name
    assert (
        ok(tieout_cli("--version", cwd=tmp_path)).strip() == f"tieout, version {tieout.__version__}"
    )

    paths = _command_paths(main)
    assert ("docs", "add") in paths and ("registry", "history") in paths
    helps = tieout_many([(*path, "--help") for path in paths], cwd=tmp_path)
    for path, res in zip(paths, helps, strict=True):
        cmd = _command(path)
        assert (cmd.help or "").strip(), f"tieout {' '.join(path)} has no help text"
        out = ok(res)
        assert out.startswith("Usage: "), out
        first_line = " ".join(cmd.help.strip().splitlines()[0].split())  # type: ignore[union-attr]
        assert first_line in " ".join(out.split()), (path, out)
    assert not (tmp_path / "tieout.db").exists()


# --------------------------------------------------------------------------- figures


def test_figures_scale_applies_to_bare_table_cells(tmp_path: Path) -> None:
    path = str(SAMPLES / "documents/acme-10k-fy2019.txt")

    res = tieout_cli("figures", path, "--format", "json", "--scale", "USD_thousands", cwd=tmp_path)
    figs = json.loads(ok(res))
    [cell] = [f for f in figs if f["text"] == "$260,174"]
    assert cell["value"] == "260174000"
    assert cell["unit"] == "USD"
    assert cell["where"] == "row Net sales, column 2019"
    assert cell["period"] == "FY2019 (Oct 2018–Sep 2019)"
    [eps] = [f for f in figs if f["text"] == "$0.48"]
    assert eps["value"] == "0.48"  # per-share rows are plain dollars, never scaled
