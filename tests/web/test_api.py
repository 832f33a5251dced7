"""The HTTP API over a real database (SQLite file and PostgreSQL): keys, roles, limits, verdicts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from tieout.cli import main
from tieout.registry import load_metric_file
from tieout.store import Store
from tieout.web import create_app, openapi_document
from tieout.web.auth import create_key, revoke_key, verify_key

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "tieout" / "sample_docs"
UPDATE_ID = "investor-update-2026-08"
SEED_CLAIM = {
    "metric_key": "cash_balance",
    "value": 1.4,
    "unit": "USD_millions",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": UPDATE_ID,
    "source_quote": "Cash in bank at month end was $1.4M",
    "source_locator": "section: Cash and runway, paragraph 1",
}
SOURCE = "Revenue for the quarter was $4.2 million, up 23% on the prior quarter."


class Api:
    """A TestClient on a fresh database with one key per role."""

    def __init__(self, client: TestClient, keys: dict[str, str], db_url: str) -> None:
        self.client = client
        self.keys = keys
        self.db_url = db_url

    def auth(self, role: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.keys[role]}"}


@pytest.fixture
def api(db_url: str) -> Iterator[Api]:
    with Store.open(db_url) as store:
        store.import_metrics(load_metric_file(SAMPLES / "metrics.yaml"))
        keys = {role: create_key(store, role)[1] for role in ("agent", "reviewer", "admin")}
    with TestClient(create_app(db_url, max_body=64 * 1024)) as client:
        yield Api(client, keys, db_url)


def add_update(api: Api) -> dict[str, object]:
    text = (SAMPLES / "documents" / f"{UPDATE_ID}.md").read_text(encoding="utf-8")
    body = {
        "id": UPDATE_ID,
        "text": text,
        "period_start": "2026-07-01",
        "period_end": "2026-07-31",
        "published": "2026-08-05",
        "media_type": "markdown",
    }
    resp = api.client.post("/documents", json=body, headers=api.auth("admin"))
    assert resp.status_code == 201, resp.text
    return dict(resp.json())


# --------------------------------------------------------------------------- keys and roles


def test_no_key_is_401_with_the_fix(api: Api) -> None:
    resp = api.client.get("/documents")
    assert resp.status_code == 401
    assert resp.headers["www-authenticate"] == "Bearer"
    assert resp.json() == {
        "error": "no API key; send the header `Authorization: Bearer <key>` "
        "(create one with `tieout keys create`)"
    }


@pytest.mark.parametrize(
    "header",
    [
        "Bearer tieout_000000000000_wrong",
        "Bearer not-a-key",
        "Basic dXNlcjpwYXNz",
    ],
)
def test_invalid_key_is_401(api: Api, header: str) -> None:
    resp = api.client.get("/documents", headers={"Authorization": header})
    assert resp.status_code == 401


def test_a_tampered_secret_is_401(api: Api) -> None:
    good = api.keys["admin"]
    resp = api.client.get("/documents", headers={"Authorization": f"Bearer {good[:-1]}x"})
    assert resp.status_code == 401
    assert resp.json() == {"error": "the API key is not valid or has been revoked"}


@pytest.mark.parametrize(
    ("role", "method", "path", "status"),
    [
        ("agent", "GET", "/documents", 200),  # as MCP's list_documents and lookup_metric
        ("agent", "GET", "/metrics/cash_balance", 200),
        ("agent", "GET", "/runs/abc", 403),
        ("agent", "POST", "/documents", 403),
        ("reviewer", "POST", "/claims/check", 403),
        ("reviewer", "POST", "/gate", 403),
        ("reviewer", "POST", "/documents", 403),
        ("reviewer", "GET", "/documents", 200),
        ("admin", "GET", "/documents", 200),
    ],
)
def test_roles(api: Api, role: str, method: str, path: str, status: int) -> None:
    resp = api.client.request(method, path, headers=api.auth(role), json={})
    assert resp.status_code == status, resp.text


def test_wrong_role_says_which_role_is_needed(api: Api) -> None:
    resp = api.client.post("/claims/check", json={"claims": []}, headers=api.auth("reviewer"))
    assert resp.json() == {
        "error": "a key with role 'reviewer' may not submit claims; this needs role admin or agent"
    }


def test_a_revoked_key_stops_working_at_once(api: Api) -> None:
    key = api.keys["reviewer"]
    assert api.client.get("/documents", headers=api.auth("reviewer")).status_code == 200
    with Store.open(api.db_url) as store:
        rec = verify_key(store, key)
        assert rec is not None
        assert revoke_key(store, rec.key_id)[1] is True
        assert revoke_key(store, rec.key_id)[1] is False
    assert api.client.get("/documents", headers=api.auth("reviewer")).status_code == 401


def test_only_the_salted_hash_is_stored(api: Api) -> None:
    with Store.open(api.db_url) as store:
        stored = store.list_api_keys()
    assert [k.role for k in stored] == ["agent", "reviewer", "admin"]
    for rec in stored:
        assert len(rec.digest) == 64 and len(rec.salt) == 32
        assert all(rec.digest not in key and rec.salt not in key for key in api.keys.values())
    assert len({k.salt for k in stored}) == 3


def test_keys_commands_create_list_revoke(sqlite_url: str) -> None:
    runner = CliRunner()
    made = runner.invoke(
        main, ["keys", "create", "--role", "agent", "--name", "bot", "--db", sqlite_url]
    )
    assert made.exit_code == 0, made.output
    key = made.stdout.strip()
    key_id = key.split("_")[1]
    assert made.stderr == f"key {key_id} (agent, 'bot'): store it now; it is not shown again\n"
    listed = runner.invoke(main, ["keys", "list", "--db", sqlite_url])
    assert key_id in listed.stdout and "bot" in listed.stdout and key not in listed.stdout
    revoked = runner.invoke(main, ["keys", "revoke", key_id, "--db", sqlite_url])
    assert revoked.stdout == f"revoked key {key_id} (agent, 'bot')\n"
    with Store.open(sqlite_url) as store:
        assert verify_key(store, key) is None
    unknown = runner.invoke(main, ["keys", "revoke", "nope", "--db", sqlite_url])
    assert unknown.exit_code == 2
    assert (
        unknown.stderr == "tieout: error: API key 'nope' does not exist (see `tieout keys list`)\n"
    )
    bad_role = runner.invoke(main, ["keys", "create", "--role", "root", "--db", sqlite_url])
    assert bad_role.exit_code == 2


# --------------------------------------------------------------------------- body size


def test_a_body_over_the_limit_is_413_by_content_length(api: Api) -> None:
    body = json.dumps({"draft": "x" * (64 * 1024), "sources": []})
    resp = api.client.post(
        "/gate", content=body, headers=api.auth("agent") | {"Content-Type": "application/json"}
    )
    assert resp.status_code == 413
    assert resp.json() == {"error": "the request body is over the limit of 65536 bytes"}


def test_a_streamed_body_over_the_limit_is_413(api: Api) -> None:
    def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked
        for _ in range(80):
            yield b"x" * 1024

    resp = api.client.post("/claims/check", content=chunks(), headers=api.auth("agent"))
    assert "content-length" not in resp.request.headers
    assert resp.status_code == 413


# --------------------------------------------------------------------------- the routes


def test_the_seed_claim_passes_and_its_run_can_be_read(api: Api) -> None:
    add_update(api)
    resp = api.client.post(
        "/claims/check", json={"claims": [SEED_CLAIM]}, headers=api.auth("agent")
    )
    assert resp.status_code == 200, resp.text
    run = resp.json()
    assert run["counts"] == {"pass": 1, "warning": 0, "fail": 0, "unsupported": 0}
    [claim] = run["claims"]
    assert claim["verdict"] == "pass"
    assert claim["claim"]["value"] == "1.4"  # Decimal, never a float
    stored = api.client.get(f"/runs/{run['run_id']}", headers=api.auth("reviewer"))
    assert stored.status_code == 200
    assert stored.json()["counts"] == run["counts"]
    assert [c["verdict"] for c in stored.json()["claims"]] == ["pass"]
    key_id = api.keys["agent"].split("_")[1]
    assert stored.json()["source"] == f"http (agent key, key {key_id})"  # the key's name first
    # a reviewer's override shows beside the checker's verdict, which never changes
    [before] = stored.json()["claims"]
    assert (before["effective_verdict"], before["overrides"]) == ("pass", [])
    with Store.open(api.db_url) as store:
        store.override_claim(
            before["id"], "fail", reason="the update was restated", reviewer="M. Osei"
        )
    [after] = api.client.get(f"/runs/{run['run_id']}", headers=api.auth("reviewer")).json()[
        "claims"
    ]
    assert (after["verdict"], after["effective_verdict"]) == ("pass", "fail")
    assert [(o["from"], o["verdict"], o["reason"], o["reviewer"]) for o in after["overrides"]] == [
        ("pass", "fail", "the update was restated", "M. Osei")
    ]


def test_an_invented_figure_fails_the_check(api: Api) -> None:
    add_update(api)
    invented = SEED_CLAIM | {"value": 1.423}
    resp = api.client.post("/claims/check", json=[invented], headers=api.auth("admin"))
    assert resp.status_code == 200
    assert [c["verdict"] for c in resp.json()["claims"]] == ["fail"]


def test_a_claim_set_that_breaks_the_schema_is_400_with_every_problem(api: Api) -> None:
    bad = {k: v for k, v in SEED_CLAIM.items() if k != "source_quote"}
    resp = api.client.post("/claims/check", json={"claims": [bad]}, headers=api.auth("agent"))
    assert resp.status_code == 400
    body = resp.json()
    assert body["error"].startswith("body: claims[0]")
    assert body["problems"][0]["path"].startswith("claims[0]")


@pytest.mark.parametrize("body", [b"", b"{not json", b"[1, 2]", b"null"])
def test_unusable_claim_bodies_are_400(api: Api, body: bytes) -> None:
    resp = api.client.post("/claims/check", content=body, headers=api.auth("agent"))
    assert resp.status_code == 400
    assert "\n" not in resp.json()["error"]


def test_the_gate_rejects_an_invented_figure(api: Api) -> None:
    draft = "Revenue for the quarter was $4.5 million, up 23%."
    resp = api.client.post(
        "/gate", json={"draft": draft, "sources": [SOURCE]}, headers=api.auth("agent")
    )
    assert resp.status_code == 200
    result = resp.json()
    assert result["passed"] is False and result["outcome"] == "rejected"
    assert [c["text"] for c in result["rejected"]] == ["$4.5 million"]
    assert result["message"].startswith("The draft was not saved.")
    fixed = draft.replace("4.5", "4.2")
    ok = api.client.post(
        "/gate", json={"draft": fixed, "sources": [SOURCE]}, headers=api.auth("agent")
    )
    assert ok.json()["passed"] is True


def test_the_gate_reads_ingested_documents(api: Api) -> None:
    add_update(api)
    body = {"draft": "Cash in bank at month end was $1.4M.", "doc_ids": [UPDATE_ID]}
    assert api.client.post("/gate", json=body, headers=api.auth("agent")).json()["passed"] is True
    unknown = api.client.post(
        "/gate", json={"draft": "x", "doc_ids": ["nope"]}, headers=api.auth("agent")
    )
    assert unknown.status_code == 404
    assert unknown.json()["error"].startswith("document 'nope' is not ingested")


def test_the_gate_refuses_an_unknown_workflow_and_bad_fields(api: Api) -> None:
    resp = api.client.post(
        "/gate", json={"draft": "x", "workflow": "nope"}, headers=api.auth("agent")
    )
    assert resp.status_code == 400
    assert resp.json()["error"].startswith("workflow 'nope' is not configured")
    extra = api.client.post("/gate", json={"draft": "x", "oops": 1}, headers=api.auth("agent"))
    assert extra.status_code == 400
    assert extra.json()["error"] == "oops: Extra inputs are not permitted"


def test_a_pinned_gate_takes_its_documents_and_workflow_from_the_server(api: Api) -> None:
    add_update(api)
    workflows = str(SAMPLES / "workflows.toml")
    auth = api.auth("agent")
    with TestClient(create_app(api.db_url, config=workflows)) as open_door:
        off = open_door.post(
            "/gate",
            json={
                "draft": "Cash was $9.9M.",
                "sources": [SOURCE],
                "workflow": "financial_statement_summary",
            },
            headers=auth,
        )
        assert (off.status_code, off.json()["error"]) == (
            400,
            "workflow 'financial_statement_summary' is switched off on this server; omit workflow",
        )
    pinned = create_app(
        api.db_url, config=workflows, workflow="contract_comparison", doc_ids=[UPDATE_ID]
    )
    with TestClient(pinned) as client:
        own = client.post(
            "/gate", json={"draft": "Cash was $9.9M.", "sources": ["Cash was $9.9M."]}, headers=auth
        )
        assert (own.status_code, own.json()["error"]) == (
            400,
            f"this server takes its sources from the documents it was started with ({UPDATE_ID}); "
            "omit sources",
        )
        other = client.post(
            "/gate", json={"draft": "x", "workflow": "filing_summary"}, headers=auth
        )
        assert other.json()["error"] == (
            "this server gates every save with workflow 'contract_comparison'; omit workflow"
        )
        checked = client.post("/gate", json={"draft": "Cash was $9.9M."}, headers=auth).json()
        assert (checked["outcome"], checked["workflow"]) == ("rejected", "contract_comparison")
        assert [c["text"] for c in checked["rejected"]] == ["$9.9M"]
        ok = client.post("/gate", json={"draft": "Cash in bank was $1.4M."}, headers=auth).json()
        assert ok["passed"] is True


def test_serve_refuses_an_unknown_pinned_document_or_workflow(api: Api) -> None:
    runner = CliRunner()
    doc = runner.invoke(main, ["serve", "--db", api.db_url, "--doc", "nope"])
    assert doc.exit_code == 2
    assert "document 'nope' is not ingested" in doc.output
    flow = runner.invoke(
        main,
        [
            "serve",
            "--db",
            api.db_url,
            "--config",
            str(SAMPLES / "workflows.toml"),
            "--workflow",
            "nope",
        ],
    )
    assert flow.exit_code == 2
    assert "workflow 'nope' is not configured" in flow.output


def test_metrics_as_of(api: Api) -> None:
    resp = api.client.get(
        "/metrics/cash_balance", params={"as_of": "2026-08-20"}, headers=api.auth("reviewer")
    )
    assert resp.status_code == 200
    assert resp.json()["unit"] == "USD_millions"
    assert resp.json()["source_doc_id"] == UPDATE_ID
    early = api.client.get(
        "/metrics/cash_balance", params={"as_of": "2020-01-01"}, headers=api.auth("reviewer")
    )
    assert early.status_code == 404
    assert early.json()["error"].startswith(
        "metric 'cash_balance' has no registry entry in force on 2020-01-01"
    )
    bad = api.client.get(
        "/metrics/cash_balance", params={"as_of": "soon"}, headers=api.auth("reviewer")
    )
    assert bad.status_code == 400


def test_documents_add_list_and_readd(api: Api) -> None:
    first = add_update(api)
    assert first["created"] is True and first["period_end"] == "2026-07-31"
    again = api.client.post(
        "/documents",
        json={
            "id": UPDATE_ID,
            "text": (SAMPLES / "documents" / f"{UPDATE_ID}.md").read_text(),
            "period_start": "2026-07-01",
            "period_end": "2026-07-31",
            "published": "2026-08-05",
            "media_type": "markdown",
        },
        headers=api.auth("admin"),
    )
    assert again.status_code == 200 and again.json()["created"] is False
    listed = api.client.get("/documents", headers=api.auth("reviewer")).json()
    assert [(d["id"], d["snapshots"]) for d in listed] == [(UPDATE_ID, 1)]
    assert "text" not in listed[0]
    bad = api.client.post(
        "/documents",
        json={"id": "x", "text": "t", "period_start": "2026-08-01", "period_end": "2026-07-01"},
        headers=api.auth("admin"),
    )
    assert bad.status_code == 400
    assert bad.json() == {
        "error": "document x: period_start 2026-08-01 is after period_end 2026-07-01"
    }


def test_a_european_report_is_stored_with_its_convention_and_confirms_a_draft(api: Api) -> None:
    report = (ROOT / "tests" / "data" / "konzernabschluss-2024.md").read_text(encoding="utf-8")
    body = {"id": "musterwerk-2024", "text": report, "media_type": "markdown"}
    resp = api.client.post("/documents", json=body, headers=api.auth("admin"))
    assert resp.status_code == 201, resp.text
    assert resp.json()["numbers"] == "comma"
    draft = "Revenue rose 3.5% to €1,234.5 million; 4,812 people."
    gated = api.client.post(
        "/gate", json={"draft": draft, "doc_ids": ["musterwerk-2024"]}, headers=api.auth("agent")
    )
    assert gated.json()["passed"] is True, gated.text
    as_text = {"draft": draft, "sources": [report]}
    assert api.client.post("/gate", json=as_text, headers=api.auth("agent")).json()["passed"]
    as_point = {**as_text, "source_numbers": "point"}
    rejected = api.client.post("/gate", json=as_point, headers=api.auth("agent")).json()
    assert [c["text"] for c in rejected["rejected"]] == ["3.5%", "€1,234.5 million", "4,812"]
    bad = api.client.post(
        "/gate", json={**as_text, "source_numbers": "eu"}, headers=api.auth("agent")
    )
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("source_numbers 'eu' is not one of auto, point, comma")
    bad = api.client.post("/documents", json={**body, "numbers": "x"}, headers=api.auth("admin"))
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("numbers 'x' is not one of auto, point, comma")


def test_an_html_page_is_ingested_as_the_text_read_from_it(api: Api) -> None:
    page = (SAMPLES / "filings" / "acme-annual-2025.html").read_text(encoding="utf-8")
    resp = api.client.post(
        "/documents",
        json={"id": "acme-annual-2025", "text": page, "media_type": "html"},
        headers=api.auth("admin"),
    )
    assert resp.status_code == 201, resp.text
    assert resp.json()["media_type"] == "markdown"
    gated = api.client.post(
        "/gate",
        json={
            "draft": "Revenue was $48,213,000; net loss was $3.4 million.",
            "doc_ids": ["acme-annual-2025"],
        },
        headers=api.auth("agent"),
    )
    assert gated.status_code == 200, gated.text
    assert [c["text"] for c in gated.json()["rejected"]] == ["$3.4 million"]
    bad = api.client.post(
        "/documents",
        json={"id": "x", "text": "no tags at all", "media_type": "html"},
        headers=api.auth("admin"),
    )
    assert (bad.status_code, bad.json()) == (
        400,
        {"error": "x: does not look like HTML (no tags near the start); save it as .txt instead"},
    )


def test_unknown_run_is_404(api: Api) -> None:
    resp = api.client.get("/runs/nope", headers=api.auth("admin"))
    assert resp.status_code == 404
    assert resp.json() == {"error": "run 'nope' is not stored (see `tieout review runs`)"}


# --------------------------------------------------------------------------- the document


def test_the_committed_openapi_document_is_what_the_app_serves(sqlite_url: str) -> None:
    committed = json.loads((ROOT / "tieout" / "web" / "openapi.json").read_text(encoding="utf-8"))
    assert openapi_document() == committed
    with TestClient(create_app(sqlite_url)) as client:
        assert client.get("/openapi.json").json() == committed
    assert set(committed["paths"]) == {
        "/claims/check",
        "/gate",
        "/metrics/{key}",
        "/documents",
        "/runs/{run_id}",
    }


def test_a_nul_in_a_path_is_400_on_every_backend(api: Api) -> None:
    for path in ("/metrics/a%00b", "/runs/a%00b"):
        resp = api.client.get(path, headers=api.auth("admin"))
        assert resp.status_code == 400
        assert resp.json() == {"error": "a path must not contain NUL characters (\\u0000)"}


def test_a_lone_surrogate_is_400_naming_the_field(api: Api) -> None:
    # "\ud800" escaped in JSON is no character: it was a 500 and a traceback
    headers = api.auth("admin") | {"Content-Type": "application/json"}
    gate = api.client.post("/gate", content=b'{"draft": "Revenue \\ud800 $4.2M"}', headers=headers)
    assert gate.status_code == 400
    assert gate.json()["error"] == (
        "draft: must not contain a lone surrogate (\\ud800 at character 8); send the text as UTF-8"
    )
    doc = api.client.post(
        "/documents", content=b'{"id": "d1", "text": "a \\udfff b"}', headers=headers
    )
    assert doc.status_code == 400
    assert doc.json()["error"].startswith("text: must not contain a lone surrogate (\\udfff")
    listed = api.client.get("/documents", headers=api.auth("admin")).json()
    assert "d1" not in {d["id"] for d in listed}


def test_a_body_that_is_no_json_is_400_saying_so(api: Api) -> None:
    headers = api.auth("agent") | {"Content-Type": "application/json"}
    bad = api.client.post("/gate", content=b'{"draft": "x",}', headers=headers)
    assert (bad.status_code, bad.json()["error"]) == (
        400,
        "body: not valid JSON at character 14 (Expecting property name enclosed in double "
        "quotes); send a JSON object",
    )
    latin = api.client.post("/gate", content=b'{"draft":"\xff"}', headers=headers)
    assert (latin.status_code, latin.json()) == (
        400,
        {"error": "body: not readable JSON (is it UTF-8?); send a JSON object in UTF-8"},
    )
