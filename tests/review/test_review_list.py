"""`tieout review list`: stored claims found by verdict, metric and run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args], cwd=cwd, capture_output=True, text=True,
        check=False, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )  # fmt: skip


def test_review_list_filters_stored_claims(tmp_path: Path) -> None:
    assert run("demo", "--db", "d.db", cwd=tmp_path).returncode == 0
    db = f"sqlite:///{tmp_path / 'd.db'}"
    out = run(
        "review", "list", "--db", db, "--verdict", "unsupported", "--format", "json", cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert sorted(r["metric_key"] for r in rows) == ["arr", "liability_cap"]
    assert all(len(r["checks"]) == 3 and r["id"] for r in rows)
    every = json.loads(run("review", "list", "--db", db, "--format", "json", cwd=tmp_path).stdout)
    assert len(every) == 22
    one_run = every[0]["run_id"]
    by_run = json.loads(
        run("review", "list", "--db", db, "--run", one_run, "--format", "json", cwd=tmp_path).stdout
    )
    assert {r["run_id"] for r in by_run} == {one_run}
    table = run("review", "list", "--db", db, "--metric", "cash_balance", cwd=tmp_path)
    assert table.returncode == 0 and "cash_balance" in table.stdout and "arr" not in table.stdout
    none = run("review", "list", "--db", db, "--metric", "nope", cwd=tmp_path)
    assert none.stdout.strip() == "no stored claims match"
