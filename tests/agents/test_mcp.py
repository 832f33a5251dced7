"""`tieout mcp`: the server runs as a subprocess and the SDK's own stdio client drives it."""

from __future__ import annotations

import copy
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.types import CallToolResult, TextContent

from tieout.agents.messages import FIXES
from tieout.demo import load_document_list, sample_docs_dir
from tieout.documents.ingest import ingest_file
from tieout.registry import load_metric_file
from tieout.schemas import claim_set_json_schema
from tieout.store import Store

CLAIM = {
    "metric_key": "cash_balance",
    "value": 1.4,
    "unit": "USD_millions",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": "investor-update-2026-08",
    "source_quote": "Cash in bank at month end was $1.4M",
    "source_locator": "section: Cash and runway, paragraph 1",
}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file holding the sample metrics and the six sample documents."""
    path = tmp_path_factory.mktemp("mcp") / "tieout.db"
    root = sample_docs_dir()
    with Store.open(f"sqlite:///{path}") as store:
        store.import_metrics(load_metric_file(root / "metrics.yaml"))
        for e in load_document_list(root / "documents.yaml"):
            ingest_file(
                store,
                root / str(e["file"]),
                str(e["id"]),
                period_start=e.get("period_start"),  # type: ignore[arg-type]
                period_end=e.get("period_end"),  # type: ignore[arg-type]
                published=e.get("published"),  # type: ignore[arg-type]
                scale=e.get("scale"),  # type: ignore[arg-type]
            )
    return path


def drive(db: Path, cwd: Path, steps: Callable[[ClientSession], Awaitable[None]]) -> None:
    """Start `python -m tieout mcp --db DB`, initialise a client session, run ``steps``."""
    from mcp.client.stdio import get_default_environment

    env = get_default_environment() | {"PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "tieout", "mcp", "--db", str(db)], cwd=cwd, env=env
    )

    async def main() -> None:
        with anyio.fail_after(30):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                await steps(s)

    anyio.run(main)


def text_of(result: CallToolResult) -> str:
    assert len(result.content) == 1
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


def test_an_agent_lists_the_tools_fixes_its_claims_and_its_draft(db: Path, tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    async def steps(session: ClientSession) -> None:
        listed = await session.list_tools()
        seen["tools"] = {t.name: t for t in listed.tools}

        bad = {k: v for k, v in CLAIM.items() if k != "source_quote"}
        seen["bad"] = await session.call_tool("submit_claims", {"claims": [bad]})
        seen["good"] = await session.call_tool("submit_claims", {"claims": [CLAIM]})
        seen["wrong"] = await session.call_tool(
            "submit_claims", {"claim_set": {"claims": [dict(CLAIM, value=1.423)]}}
        )

        draft = "# July update\n\nWe closed July with $1.9M in the bank.\n"
        args = {"draft": draft, "doc_ids": ["investor-update-2026-08"], "run_id": "run-1"}
        seen["rejected"] = await session.call_tool("save_document", args)
        fixed = dict(args, draft=draft.replace("$1.9M", "$1.4M"))
        seen["saved"] = await session.call_tool("save_document", fixed)

        seen["metric"] = await session.call_tool("lookup_metric", {"metric_key": "cash_balance"})
        seen["docs"] = await session.call_tool("list_documents", {})

    drive(db, tmp_path, steps)

    tools = seen["tools"]
    assert sorted(tools) == ["list_documents", "lookup_metric", "save_document", "submit_claims"]
    submit_schema = tools["submit_claims"].input_schema
    assert submit_schema["type"] == "object"
    assert submit_schema["$defs"] == claim_set_json_schema()["$defs"]
    assert submit_schema["properties"]["claims"]["items"] == {"$ref": "#/$defs/Claim"}
    assert tools["save_document"].input_schema["required"] == ["draft"]  # as POST /gate
    assert tools["lookup_metric"].input_schema["required"] == ["metric_key"]
    assert tools["list_documents"].input_schema["type"] == "object"

    bad = seen["bad"]
    assert bad.is_error is False
    bad_lines = text_of(bad).splitlines()
    assert bad_lines[:2] == [
        "Your claim set was not accepted: it has 1 problem. Fix every one and send the whole "
        "claim set again:",
        "  - claims[0].source_quote: field required — quote the sentence the value was taken "
        "from, verbatim",
    ]
    assert bad_lines[-1] == (
        "  - If you cannot supply source_doc_id and source_quote from the provided documents, "
        "set value to null and give missing_reason: say what is missing."
    )
    assert bad.structured_content == {
        "status": "invalid",
        "problems": [
            {
                "path": "claims[0].source_quote",
                "message": "field required — quote the sentence the value was taken from, verbatim",
            }
        ],
    }

    good = seen["good"]
    assert good.is_error is False
    assert good.structured_content is not None
    assert good.structured_content["counts"] == {
        "pass": 1,
        "warning": 0,
        "fail": 0,
        "unsupported": 0,
    }
    [row] = good.structured_content["claims"]
    assert (row["position"], row["verdict"], row["fixes"]) == (0, "pass", [])
    assert text_of(good).splitlines()[1].startswith("- claims[0] cash_balance: pass — ")

    wrong = seen["wrong"]
    lines = text_of(wrong).splitlines()
    assert lines[1].startswith(
        "- claims[0] cash_balance: fail — existence: value 1,423,000 USD not found in "
        "investor-update-2026-08; nearest figure 1,400,000 USD"
    )
    assert lines[2] == "  fix claims[0].value: " + FIXES["value"]  # the wording enforce uses
    assert lines[-1].startswith("Fix the failing claims and call submit_claims again")

    rejected = seen["rejected"]
    assert rejected.is_error is False
    assert rejected.structured_content is not None
    assert rejected.structured_content["outcome"] == "rejected"
    assert rejected.structured_content["rejections_in_a_row"] == 1
    assert [c["text"] for c in rejected.structured_content["rejected"]] == ["$1.9M"]
    assert text_of(rejected).startswith(
        "rejected (run run-1)\n\nThe draft was not saved. It states 1 figure"
    )
    assert "[not in source]" in text_of(rejected)

    saved = seen["saved"]
    assert saved.structured_content == {
        "outcome": "saved",
        "run_id": "run-1",
        "rejections_in_a_row": 0,
        "rejected": [],
        "text": "# July update\n\nWe closed July with $1.4M in the bank.\n",
    }
    assert text_of(saved) == (
        "saved (run run-1)\n\n# July update\n\nWe closed July with $1.4M in the bank.\n"
    )

    metric = seen["metric"]
    assert metric.structured_content == {
        "metric_key": "cash_balance",
        "definition": "Cash in bank at month end, excluding fixed deposits securing credit lines",
        "unit": "USD_millions",
        "period_start": "2026-07-01",
        "period_end": "2026-07-31",
        "authoritative_document": "investor-update-2026-08",
        "effective_from": "2026-08-05",
        "effective_to": None,
    }

    docs = seen["docs"].structured_content
    assert docs is not None
    assert [d["doc_id"] for d in docs["documents"]] == [
        "acme-10k-fy2019",
        "fin-summary-q3",
        "investor-update-2026-07",
        "investor-update-2026-08",
        "investor-update-2026-09",
        "msa-northwind-2026",
    ]
    first = text_of(seen["docs"]).splitlines()[0]
    assert (
        first
        == "acme-10k-fy2019: period 2016-10-01 to 2019-09-30, published 2019-11-15, 1 snapshot"
    )


def test_bad_arguments_are_one_line_tool_errors_and_the_third_strike_ends_the_run(
    db: Path, tmp_path: Path
) -> None:
    seen: dict[str, CallToolResult] = {}

    async def steps(session: ClientSession) -> None:
        seen["no_claims"] = await session.call_tool("submit_claims", {})
        seen["bad_date"] = await session.call_tool(
            "lookup_metric", {"metric_key": "cash_balance", "as_of": "last week"}
        )
        seen["unknown_metric"] = await session.call_tool(
            "lookup_metric", {"metric_key": "arr", "as_of": "2026-08-20"}
        )
        seen["unknown_doc"] = await session.call_tool(
            "save_document", {"text": "x", "doc_ids": ["nope"]}
        )
        seen["unknown_tool"] = await session.call_tool("delete_everything", {})
        draft = {"text": "Revenue was $9,999,999.", "sources": ["Revenue was $1,000,000."]}
        for n in (1, 2, 3, 4):
            seen[f"strike{n}"] = await session.call_tool(
                "save_document", dict(draft, run_id="run-3")
            )
        marked = dict(draft, text="Revenue was $9,999,999. [not in source]", run_id="run-4")
        seen["marked"] = await session.call_tool("save_document", marked)
        seen["as_of"] = await session.call_tool(
            "lookup_metric", {"metric_key": "cash_balance", "as_of": "2026-08-20"}
        )

    drive(db, tmp_path, steps)

    errors = {k: (seen[k].is_error, text_of(seen[k])) for k in list(seen)[:5]}
    assert errors == {
        "no_claims": (
            True,
            "submit_claims: give the claim set as `claims` (a list of claim objects) or "
            '`claim_set` ({"claims": [...]}, a list, or one claim)',
        ),
        "bad_date": (
            True,
            "lookup_metric: as_of: Input should be a valid date or datetime, input is too short",
        ),
        "unknown_metric": (
            True,
            "lookup_metric: metric 'arr' has no registry entry in force on 2026-08-20; "
            "register it with `tieout registry add` or `tieout registry import`",
        ),
        "unknown_doc": (
            True,
            "save_document: document 'nope' is not ingested; add it with "
            "`tieout docs add FILE --id nope` (see `tieout docs list`)",
        ),
        "unknown_tool": (
            True,
            "unknown tool 'delete_everything'; the tools are submit_claims, save_document, "
            "lookup_metric, list_documents",
        ),
    }
    outcomes = [seen[f"strike{n}"].structured_content for n in (1, 2, 3, 4)]
    assert [(o or {}).get("outcome") for o in outcomes] == [
        "rejected",
        "rejected",
        "aborted",
        "aborted",
    ]
    assert text_of(seen["strike3"]).startswith("aborted (run run-3)\n\n")
    assert text_of(seen["marked"]) == (  # the marker rule: a marked line is exempt
        "saved (run run-4)\n\nRevenue was $9,999,999. [not in source]"
    )
    assert seen["as_of"].is_error is False  # the server answered after every error
    assert text_of(seen["as_of"]).startswith(
        "cash_balance: Cash in bank at month end, excluding fixed deposits securing credit lines\n"
    )


def test_the_submit_claims_schema_accepts_what_parse_claims_accepts() -> None:
    import jsonschema

    from tieout.agents.mcp_server import ToolServer

    with Store.open("sqlite://") as store:
        [spec] = [t for t in ToolServer(store).tools() if t.name == "submit_claims"]
    validator = jsonschema.Draft202012Validator(spec.input_schema)
    assert validator.is_valid({"claims": [CLAIM]})
    assert validator.is_valid({"claim_set": [CLAIM]})
    assert validator.is_valid({"claim_set": CLAIM})
    missing = copy.deepcopy(CLAIM)
    del missing["source_quote"]
    assert not validator.is_valid({"claims": [missing]})
    assert not validator.is_valid({"claims": [CLAIM], "extra": 1})


def test_an_agent_can_neither_launder_its_sources_nor_choose_to_skip_the_gate(db: Path) -> None:
    from tieout.agents.mcp_server import ToolServer

    workflows = str(sample_docs_dir() / "workflows.toml")
    draft = {"text": "The cap is $999,999.", "sources": ["The cap is $250,000."], "run_id": "r"}
    with Store.open(f"sqlite:///{db}") as store:
        tools = ToolServer(store, workflows)
        first = tools.call("save_document", draft)
        assert first.data["outcome"] == "rejected"
        # a second save bringing a source that states the invented figure is refused
        laundered = tools.call("save_document", dict(draft, sources=["The cap is $999,999."]))
        assert (laundered.is_error, laundered.text) == (
            True,
            "save_document: run 'r' keeps the sources of its first save; omit sources and doc_ids, "
            "or start a new run (omit run_id)",
        )
        off = tools.call("save_document", dict(draft, workflow="financial_statement_summary"))
        assert (off.is_error, off.text) == (
            True,
            "save_document: workflow 'financial_statement_summary' is switched off on this server; "
            "omit workflow",
        )
        assert tools.call("save_document", {"text": "  \n"}).text == (
            "save_document: draft: there is nothing to save (the text is empty); send the document's text"
        )
        # pinned by the operator: the documents and the workflow are the server's
        pinned = ToolServer(
            store, workflows, workflow="contract_comparison", doc_ids=["msa-northwind-2026"]
        )
        own = pinned.call("save_document", {"text": "x", "sources": ["The cap is $999,999."]})
        assert (own.is_error, own.text) == (
            True,
            "save_document: this server takes its sources from the documents it was started with "
            "(msa-northwind-2026); omit sources",
        )
        other = pinned.call("save_document", {"text": "x", "workflow": "filing_summary"})
        assert other.text == (
            "save_document: this server gates every save with workflow 'contract_comparison'; omit workflow"
        )
        checked = pinned.call("save_document", {"text": "The cap is $999,999."})
        assert checked.data["outcome"] == "rejected"
        assert [c["text"] for c in checked.data["rejected"]] == ["$999,999"]


def test_a_run_id_with_a_control_character_is_a_tool_error(db: Path) -> None:
    from tieout.agents.mcp_server import ToolServer

    with Store.open(f"sqlite:///{db}") as store:
        reply = ToolServer(store).call(
            "save_document", {"text": "x", "sources": ["x"], "run_id": "run\x00-1"}
        )
    assert reply.is_error
    assert "run_id" in reply.text and "control or invisible characters" in reply.text


def test_a_tool_error_names_every_problem_and_the_draft_as_http_names_it(db: Path) -> None:
    from tieout.agents.mcp_server import ToolServer

    with Store.open(f"sqlite:///{db}") as store:
        tools = ToolServer(store)
        reply = tools.call("save_document", {"sources": ["x"], "bogus": 1})
        old_name = tools.call(
            "save_document", {"text": "Cash was $5.", "sources": ["Cash was $5."]}
        )
    assert reply.is_error
    assert reply.text == (
        "save_document: draft: Field required; bogus: Extra inputs are not permitted"
    )
    assert (old_name.is_error, old_name.data["outcome"]) == (False, "saved")  # "text" still read
