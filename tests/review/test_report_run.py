"""`tieout report run`: a stored run with each claim's checks and its marked source passage."""

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


def test_report_run_in_every_format(tmp_path: Path) -> None:
    assert run("demo", "--db", "d.db", cwd=tmp_path).returncode == 0
    db = f"sqlite:///{tmp_path / 'd.db'}"
    rows = json.loads(run("review", "list", "--db", db, "--format", "json", cwd=tmp_path).stdout)
    run_id = next(r["run_id"] for r in rows if r["metric_key"] == "net_sales_fy2019")

    md = run("report", "run", run_id, "--db", db, cwd=tmp_path)
    assert md.returncode == 0, md.stderr
    assert md.stdout.startswith(f"# Run {run_id}\n")
    assert "## 1. net_sales_fy2019 — pass" in md.stdout
    assert "Net sales **$260,174** $255,112" in md.stdout
    assert "| period_unit | fail | period: the claim covers 2019;" in md.stdout
    assert "- registry version: net_sales_fy2019 from 2019-11-15" in md.stdout

    out = tmp_path / "r.html"
    html = run(
        "report", "run", run_id, "--db", db, "--format", "html", "-o", str(out), cwd=tmp_path
    )
    assert html.returncode == 0 and out.read_text(encoding="utf-8").count("<mark>") >= 3
    assert "<mark>$260,174</mark>" in out.read_text(encoding="utf-8")

    data = json.loads(
        run("report", "run", run_id, "--db", db, "--format", "json", cwd=tmp_path).stdout
    )
    first = data["claims"][0]
    assert first["passage"]["figure"] == "$260,174" and first["passage"]["place"] == "row Net sales"
    assert [c["name"] for c in first["checks"]] == ["existence", "period_unit", "quote"]
    assert first["snapshot_sha256"] and first["registry_version"]["effective_from"] == "2019-11-15"

    missing = run("report", "run", "nope", "--db", db, cwd=tmp_path)
    assert (missing.returncode, missing.stderr) == (
        2,
        "tieout: error: run 'nope' is not stored (see `tieout review runs`)\n",
    )


def test_report_run_counts_the_verdicts_in_force(tmp_path: Path) -> None:
    assert run("demo", "--db", "d.db", cwd=tmp_path).returncode == 0
    db = f"sqlite:///{tmp_path / 'd.db'}"
    rows = json.loads(run("review", "list", "--db", db, "--format", "json", cwd=tmp_path).stdout)
    fail = next(r for r in rows if r["metric_key"] == "net_sales_fy2019" and r["verdict"] == "fail")
    done = run(
        "review", "override", str(fail["id"]), "--verdict", "warning", "--reason", "restated",
        "--reviewer", "M. Osei", "--db", db, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    md = run("report", "run", fail["run_id"], "--db", db, cwd=tmp_path).stdout
    assert md.splitlines()[2].endswith(
        "— pass 3 · warning 1 · fail 0 · unsupported 1 (after 1 override; the checker's: "
        "pass 3 · warning 0 · fail 1 · unsupported 1)"
    )
    data = json.loads(
        run("report", "run", fail["run_id"], "--db", db, "--format", "json", cwd=tmp_path).stdout
    )
    assert data["counts"]["fail"] == 1 and data["effective_counts"]["fail"] == 0
