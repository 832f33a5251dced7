"""Every door gives the same verdicts: the Python API, the CLI, HTTP and the MCP tools.

One claim set (every sample claim file, every verdict kind) goes through each door against
the same database; the verdicts and reasons must be identical.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tieout.agents.mcp_server import ToolServer
from tieout.checks.runs import check_and_store
from tieout.demo import load_document_list, sample_docs_dir
from tieout.documents.ingest import ingest_file
from tieout.registry import load_metric_file
from tieout.schemas import parse_claims
from tieout.store import Store
from tieout.web.app import create_app
from tieout.web.auth import create_key

SAMPLES = sample_docs_dir()


def _claim_set() -> dict[str, Any]:
    claims: list[Any] = []
    for path in sorted((SAMPLES / "claims").glob("*.json")):
        claims += json.loads(path.read_text(encoding="utf-8"))["claims"]
    return {"claims": claims}


def _seed(url: str) -> None:
    with Store.open(url) as store:
        store.import_metrics(load_metric_file(SAMPLES / "metrics.yaml"))
        store.import_metrics(load_metric_file(SAMPLES / "metrics-2026-09.yaml"))
        for e in load_document_list(SAMPLES / "documents.yaml"):
            ingest_file(
                store, SAMPLES / str(e["file"]), str(e["id"]),
                period_start=e.get("period_start"), period_end=e.get("period_end"),  # type: ignore[arg-type]
                published=e.get("published"), scale=e.get("scale"),  # type: ignore[arg-type]
            )  # fmt: skip


def test_the_same_claims_get_the_same_verdicts_through_every_door(
    sqlite_url: str, tmp_path: Path
) -> None:
    _seed(sqlite_url)
    body = _claim_set()
    text = json.dumps(body)
    (tmp_path / "claims.json").write_text(text, encoding="utf-8")

    with Store.open(sqlite_url) as store:  # the Python API
        run = check_and_store(store, parse_claims(text), "python")
        python = [(r.claim.metric_key, str(r.verdict), r.reason) for r in run.reports]
        key = create_key(store, "agent")[1]
        mcp = ToolServer(store).call("submit_claims", body).data  # the MCP tool, in process

    cli = subprocess.run(  # the command line
        [sys.executable, "-m", "tieout", "check", "claims.json", "--format", "json", "--db", sqlite_url],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert cli.returncode == 1, cli.stderr  # the set has fails
    with TestClient(create_app(sqlite_url)) as client:  # HTTP
        http = client.post(
            "/claims/check", content=text, headers={"Authorization": f"Bearer {key}"}
        )
    assert http.status_code == 200, http.text

    def rows(data: dict[str, Any]) -> list[tuple[str, str, str]]:
        return [(c["claim"]["metric_key"], c["verdict"], c["reason"]) for c in data["claims"]]

    assert len(python) == 22
    assert {v for _, v, _ in python} == {"pass", "warning", "fail", "unsupported"}
    assert rows(json.loads(cli.stdout)) == python
    assert rows(http.json()) == python
    assert [(c["metric_key"], c["verdict"], c["reason"]) for c in mcp["claims"]] == python
