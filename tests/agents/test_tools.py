"""`tieout tools`: function-calling definitions generated from the models, valid JSON Schema."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from tieout.agents import SaveDocumentArgs, tool_definitions
from tieout.cli import main
from tieout.errors import InputError
from tieout.schemas import claim_set_json_schema

CLAIM: dict[str, Any] = {
    "metric_key": "cash_balance",
    "value": 1.4,
    "unit": "USD_millions",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": "investor-update-2026-08",
    "source_quote": "Cash in bank at month end was $1.4M",
    "source_locator": "section: Cash and runway, paragraph 1",
}


def tools_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["tools", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def parameters(tool: dict[str, Any]) -> dict[str, Any]:
    schema = tool["function"]["parameters"] if "function" in tool else tool["input_schema"]
    assert isinstance(schema, dict)
    return schema


@pytest.mark.parametrize("fmt", ["openai", "anthropic"])
def test_every_tool_has_a_valid_object_schema(fmt: str) -> None:
    code, out, _ = tools_cli("--format", fmt)
    assert code == 0
    tools = json.loads(out)
    assert tools == tool_definitions(fmt)
    for tool in tools:
        schema = parameters(tool)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object"


def test_openai_and_anthropic_shapes() -> None:
    openai = tool_definitions("openai")
    anthropic = tool_definitions("anthropic")
    assert [sorted(t) for t in openai] == [["function", "type"]] * 2
    assert [t["type"] for t in openai] == ["function", "function"]
    assert [sorted(t["function"]) for t in openai] == [["description", "name", "parameters"]] * 2
    assert [sorted(t) for t in anthropic] == [["description", "input_schema", "name"]] * 2
    assert [t["function"]["name"] for t in openai] == ["submit_claims", "save_document"]
    assert [t["name"] for t in anthropic] == ["submit_claims", "save_document"]
    for o, a in zip(openai, anthropic, strict=True):
        assert o["function"]["description"] == a["description"]
        assert o["function"]["parameters"] == a["input_schema"]
    assert "set value to null and give missing_reason" in anthropic[0]["description"]
    assert "[not in source]" in anthropic[1]["description"]


def test_the_default_format_is_openai() -> None:
    assert json.loads(tools_cli()[1]) == tool_definitions("openai")


def test_submit_claims_takes_the_claim_set_schema() -> None:
    schema = parameters(tool_definitions("openai")[0])
    assert schema["$defs"] == claim_set_json_schema()["$defs"]
    validator = jsonschema.Draft202012Validator(schema)
    assert list(validator.iter_errors({"claims": [CLAIM]})) == []
    no_quote = {k: v for k, v in CLAIM.items() if k != "source_quote"}
    errors = [e.message for e in validator.iter_errors({"claims": [no_quote]})]
    assert errors == ["'source_quote' is a required property"]
    assert not validator.is_valid([CLAIM])  # function calling takes the object shape only


def test_save_document_takes_the_models_arguments() -> None:
    schema = parameters(tool_definitions("anthropic")[1])
    assert schema["properties"].keys() == {"draft", "sources", "doc_ids", "workflow", "run_id"}
    assert schema["required"] == ["draft"]
    assert schema == {**SaveDocumentArgs.model_json_schema(), "description": schema["description"]}
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid({"draft": "Cash was $1.4M.", "doc_ids": ["investor-update-2026-08"]})
    assert not validator.is_valid({"draft": "x", "sources": "not a list"})
    assert not validator.is_valid({"sources": []})


def test_an_unknown_format_is_an_input_error_and_a_cli_usage_error() -> None:
    with pytest.raises(
        InputError, match="unknown tool format 'gemini'; use one of openai, anthropic"
    ):
        tool_definitions("gemini")
    code, _, err = tools_cli("--format", "gemini")
    assert code == 2 and "'gemini' is not one of 'openai', 'anthropic'" in err
