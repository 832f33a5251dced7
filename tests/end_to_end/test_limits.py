"""The limits hold the same on every door: a value, a date or a text beyond what finance
needs is refused with one short line by the Python API, the CLI, HTTP and the MCP tools."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tieout import check_claims
from tieout.agents.mcp_server import ToolServer
from tieout.agents.pins import GatePins
from tieout.documents import Document
from tieout.errors import ClaimValidationError, InputError
from tieout.store import Store
from tieout.web.app import create_app
from tieout.web.auth import create_key

SOURCE = "Revenue was $4.2 million."
CLAIM: dict[str, Any] = {
    "metric_key": "revenue",
    "value": 4.2,
    "unit": "USD_millions",
    "period_start": "2026-01-01",
    "period_end": "2026-03-31",
    "source_doc_id": "d",
    "source_quote": SOURCE,
    "source_locator": "paragraph 1",
}
DATE_LINE = "9999-12-31 is outside the dates tieout reads (1800-01-01 to 2199-12-31)"
FINE_LINE = (
    "has more than 20 digits after the decimal point — a value has at most 24 digits "
    "before the decimal point and 20 after it"
)
LARGE_LINE = (
    "is too large (10^24 or more) — a value has at most 24 digits before the decimal point "
    "and 20 after it; put the scale in unit (USD_billions) instead"
)
QUOTE_LINE = "is 10,000,000 characters long, over the limit of 5,000 — shorten it"


def _claim_text(value: str, **change: str) -> str:
    return json.dumps({"claims": [dict(CLAIM, **change)]}).replace(
        '"value": 4.2', f'"value": {value}'
    )


CASES = [
    (_claim_text("1e-1000000"), [("claims[0].value", FINE_LINE)]),
    (_claim_text("1e5000"), [("claims[0].value", LARGE_LINE)]),
    (_claim_text("4.2", period_end="9999-12-31"), [("claims[0].period_end", DATE_LINE)]),
    (_claim_text("4.2", source_quote="q" * 10_000_000), [("claims[0].source_quote", QUOTE_LINE)]),
]


@pytest.mark.parametrize(("text", "problems"), CASES, ids=["tiny", "huge", "date", "quote"])
def test_every_door_refuses_the_same_claim_with_the_same_short_line(
    sqlite_url: str, tmp_path: Path, text: str, problems: list[tuple[str, str]]
) -> None:
    with pytest.raises(ClaimValidationError) as python:  # the Python API, from a mapping
        claims = json.loads(text, parse_float=Decimal)["claims"]
        check_claims(claims, [Document.from_text("d", SOURCE)])
    assert python.value.problems == problems

    with Store.open(sqlite_url) as store:
        key = create_key(store, "agent")[1]
        mcp = ToolServer(store).call("submit_claims", {"claim_set": text}).data
    assert mcp["status"] == "invalid"
    assert [(p["path"], p["message"]) for p in mcp["problems"]] == problems

    (tmp_path / "claims.json").write_text(text, encoding="utf-8")
    cli = subprocess.run(
        [sys.executable, "-m", "tieout", "check", "claims.json", "--db", sqlite_url],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert cli.returncode == 2
    path, message = problems[0]
    assert cli.stderr == f"tieout: error: claims.json: {path}: {message}\n"

    with TestClient(create_app(sqlite_url, max_body=20 * 1024 * 1024)) as client:
        http = client.post(
            "/claims/check", content=text, headers={"Authorization": f"Bearer {key}"}
        )
    assert http.status_code == 400
    assert [(p["path"], p["message"]) for p in http.json()["problems"]] == problems
    assert len(http.text) < 1000  # no reason spells the value out


def test_a_document_dated_beyond_what_finance_needs_is_refused_on_every_door(
    sqlite_url: str, tmp_path: Path
) -> None:
    line = f"period_end: {DATE_LINE}"
    with pytest.raises(InputError, match=f"^{re.escape(line)}$"):
        Document.from_text("d", SOURCE, period_end="9999-12-31")
    (tmp_path / "d.txt").write_text(SOURCE, encoding="utf-8")
    cli = subprocess.run(
        [sys.executable, "-m", "tieout", "docs", "add", "d.txt", "--id", "d",
         "--period-end", "9999-12-31", "--db", sqlite_url],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert (cli.returncode, cli.stderr) == (2, f"tieout: error: {line}\n")
    with Store.open(sqlite_url) as store:
        key = create_key(store, "admin")[1]
        assert store.list_documents() == []
    with TestClient(create_app(sqlite_url)) as client:
        http = client.post(
            "/documents",
            json={"id": "d", "text": SOURCE, "period_end": "9999-12-31"},
            headers={"Authorization": f"Bearer {key}"},
        )
    assert (http.status_code, http.json()) == (400, {"error": line})


@pytest.mark.parametrize("text", ["", "  \n\t"])
def test_http_refuses_an_empty_document_as_the_cli_does(sqlite_url: str, text: str) -> None:
    with Store.open(sqlite_url) as store:
        key = create_key(store, "admin")[1]
    with TestClient(create_app(sqlite_url)) as client:
        http = client.post(
            "/documents", json={"id": "d", "text": text}, headers={"Authorization": f"Bearer {key}"}
        )
    assert (http.status_code, http.json()) == (
        400,
        {"error": "document 'd': the text is empty"},
    )
    with Store.open(sqlite_url) as store:
        assert store.list_documents() == []


def test_a_document_id_given_many_times_is_read_once() -> None:
    assert GatePins().resolve(None, None, [], ["a", "b", "a"] * 1000) == (None, ("a", "b"))


def test_the_gate_over_http_takes_one_id_sent_170_000_times(sqlite_url: str) -> None:
    with Store.open(sqlite_url) as store:
        key = create_key(store, "admin")[1]
    auth = {"Authorization": f"Bearer {key}"}
    with TestClient(create_app(sqlite_url)) as client:
        assert client.post("/documents", json={"id": "d", "text": SOURCE}, headers=auth).is_success
        gate = client.post(
            "/gate", json={"draft": "Revenue was $4.7 million.", "doc_ids": ["d"] * 170_000},
            headers=auth,
        )  # fmt: skip
    assert gate.status_code == 200
    assert gate.json()["passed"] is False


def test_a_document_over_5_mb_is_refused_by_docs_add_as_by_http(
    sqlite_url: str, tmp_path: Path
) -> None:
    text = SOURCE + "\n" + "x" * (5 * 1024 * 1024)
    line = f"the text is {len(text):,} bytes, over the limit of 5,242,880 bytes (5 MB) — split the document"
    (tmp_path / "big.txt").write_text(text, encoding="utf-8")
    cli = subprocess.run(
        [sys.executable, "-m", "tieout", "docs", "add", "big.txt", "--id", "big", "--db", sqlite_url],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert (cli.returncode, cli.stderr) == (2, f"tieout: error: big.txt: {line}\n")
    with Store.open(sqlite_url) as store:
        key = create_key(store, "admin")[1]
    with TestClient(create_app(sqlite_url, max_body=8 * 1024 * 1024)) as client:
        http = client.post(
            "/documents",
            json={"id": "big", "text": text},
            headers={"Authorization": f"Bearer {key}"},
        )
    assert (http.status_code, http.json()) == (400, {"error": f"document 'big': {line}"})
    with Store.open(sqlite_url) as store:
        assert store.list_documents() == []
