"""tieout.enforce: the agent boundary — extract, validate, re-ask, queue for a person, check."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from _seed import seed_cash_update
from click.testing import CliRunner

import tieout
from tieout.agents import EnforceResult, enforce, extract_json
from tieout.agents.messages import NO_JSON, QUOTE_WITHOUT_DOC
from tieout.cli import main
from tieout.errors import InputError
from tieout.store import Store

UPDATE = """\
# Brightwell Labs — July 2026 investor update

## Cash and runway

Cash in bank at month end was $1.4M (as of July 31, 2026).
"""
DOC = tieout.Document.from_text(
    "investor-update-2026-08",
    UPDATE,
    period_start="2026-07-01",
    period_end="2026-07-31",
    published="2026-08-05",
)
GOOD: dict[str, Any] = {
    "metric_key": "cash_balance",
    "value": 1.4,
    "unit": "USD_millions",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": "investor-update-2026-08",
    "source_quote": "Cash in bank at month end was $1.4M",
    "source_locator": "section: Cash and runway, paragraph 1",
}
NO_QUOTE = {k: v for k, v in GOOD.items() if k != "source_quote"}

RULES = """\
Rules:
  - Return ONLY JSON: {"claims": [...]}, with no prose before or after it.
  - Every numeric claim needs metric_key, value (a JSON number), unit, period_start and period_end (YYYY-MM-DD), source_doc_id, source_quote and source_locator.
  - source_quote is the sentence the value was taken from, copied verbatim from the document named by source_doc_id.{quote_rule}
  - If you cannot supply source_doc_id and source_quote from the provided documents, set value to null and give missing_reason: say what is missing."""
QUOTE_RULE = (
    "\n  - A quote is only checkable with its document: never give source_quote without "
    "source_doc_id."
)


def claims_json(*claims: dict[str, Any]) -> str:
    return json.dumps({"claims": list(claims)})


class Script:
    """A stand-in model: answers each re-ask with the next reply and keeps what it was sent."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.sent: list[str] = []

    def __call__(self, message: str) -> str:
        self.sent.append(message)
        return self.replies.pop(0)


# --------------------------------------------------------------------------- the message


def test_a_missing_quote_is_reasked_with_the_exact_message_then_passes() -> None:
    model = Script(claims_json(GOOD))
    result = enforce(claims_json(NO_QUOTE), reask=model, documents=[DOC])
    assert model.sent == [
        "Your claim set was not accepted: it has 1 problem. Fix every one and send the whole "
        "claim set again:\n"
        "  - claims[0].source_quote: field required — quote the sentence the value was taken "
        "from, verbatim\n" + RULES.replace("{quote_rule}", "")
    ]
    assert result.outcome == "valid"
    assert result.reasks == 1
    assert [a.problems for a in result.attempts] == [
        [
            (
                "claims[0].source_quote",
                "field required — quote the sentence the value was taken from, verbatim",
            )
        ],
        [],
    ]
    assert [r.verdict.value for r in result.reports] == ["pass"]
    assert result.fix_message == ""
    assert result.passed


def test_every_problem_is_listed_by_path_with_the_quote_rule() -> None:
    no_doc = {k: v for k, v in GOOD.items() if k != "source_doc_id"}
    wrong_type = dict(GOOD, value="1.4M", period_end="July")
    missing_unit = {k: v for k, v in GOOD.items() if k != "unit"}
    model = Script(claims_json(GOOD))
    enforce(claims_json(no_doc, wrong_type, missing_unit), reask=model, documents=[DOC])
    (message,) = model.sent
    assert message == (
        "Your claim set was not accepted: it has 4 problems. Fix every one and send the whole "
        "claim set again:\n"
        f"  - claims[0].source_doc_id: {QUOTE_WITHOUT_DOC}\n"
        '  - claims[1].value: must be a JSON number or null, got string "1.4M" — write 1.4 and '
        "put the scale in unit (USD_millions)\n"
        "  - claims[1].period_end: must be a calendar date written YYYY-MM-DD, got string "
        '"July"\n'
        "  - claims[2].unit: field required — give the unit, e.g. USD, USD_millions, percent\n"
        + RULES.replace("{quote_rule}", QUOTE_RULE)
    )


def test_a_null_value_without_a_reason_is_told_the_legal_way_out() -> None:
    null = {k: v for k, v in GOOD.items() if k not in ("value", "source_quote")}
    null["value"] = None
    result = enforce(claims_json(null))
    assert result.outcome == "needs_human"
    assert result.attempts[0].problems == [
        (
            "claims[0].missing_reason",
            "field required when value is null — explain what is missing: which document or "
            "figure could not be found",
        )
    ]


# --------------------------------------------------------------------------- extraction


@pytest.mark.parametrize(
    "response",
    [
        "Here are the claims you asked for:\n" + claims_json(GOOD) + "\nLet me know.",
        "Sure.\n```json\n" + claims_json(GOOD) + "\n```\nDone.",
        "```\n" + json.dumps([GOOD]) + "\n```",
        'Notes: {"tone": "upbeat"} and the claim: ' + json.dumps(GOOD) + " [1, 2]",
    ],
    ids=["prose", "json-fence", "bare-fence", "several-blocks"],
)
def test_the_claim_set_is_found_inside_prose_fences_and_among_other_json(response: str) -> None:
    result = enforce(response, documents=[DOC])
    assert (result.outcome, result.reasks) == ("valid", 0)
    assert [c.source_quote for c in result.claims] == ["Cash in bank at month end was $1.4M"]


def test_extract_json_puts_the_claim_like_block_first() -> None:
    text = 'a {"x": 1} b {"claims": []} c'
    assert extract_json(text) == ['{"claims": []}', '{"x": 1}', text]


def test_a_response_with_no_json_is_one_problem() -> None:
    model = Script(claims_json(GOOD))
    result = enforce("I could not find the figures.", reask=model, documents=[DOC])
    assert result.attempts[0].problems == [("document", NO_JSON)]
    assert model.sent[0].startswith(
        "Your claim set was not accepted: it has 1 problem. Fix every one and send the whole "
        "claim set again:\n  - document: no JSON claim set found in the response — reply with "
        "the JSON claim set only\n"
    )
    assert result.outcome == "valid"


# --------------------------------------------------------------------------- the re-ask budget


@pytest.mark.parametrize("max_reasks", [0, 1, 2])
def test_reask_is_called_at_most_max_reasks_times(max_reasks: int) -> None:
    model = Script(*[claims_json(NO_QUOTE)] * 3)
    result = enforce(claims_json(NO_QUOTE), reask=model, max_reasks=max_reasks)
    assert len(model.sent) == max_reasks == result.reasks
    assert len(result.attempts) == max_reasks + 1
    assert result.attempts[-1].message == ""
    assert result.outcome == "needs_human"
    assert result.claims == [] and result.reports == []


def test_without_reask_an_invalid_claim_set_goes_straight_to_a_person() -> None:
    result = enforce(claims_json(NO_QUOTE), source="run-7")
    assert result.outcome == "needs_human"
    assert result.queue_id is None
    assert result.review is not None
    assert (result.review.source, result.review.status) == ("run-7", "needs_human")
    assert result.review.raw_text == claims_json(NO_QUOTE)
    assert result.review.problems == result.attempts[0].problems


@pytest.mark.parametrize("bad", [-1, True, 1.0])
def test_a_bad_max_reasks_is_an_input_error(bad: Any) -> None:
    with pytest.raises(InputError, match="max_reasks must be a whole number of at least 0"):
        enforce(claims_json(GOOD), max_reasks=bad)


def test_a_reask_that_returns_no_text_is_an_input_error() -> None:
    with pytest.raises(InputError, match="reask must return the model's response as a string"):
        enforce(claims_json(NO_QUOTE), reask=lambda message: None)  # type: ignore[arg-type,return-value]


# --------------------------------------------------------------------------- the checks


def test_a_failing_claim_gets_fix_instructions() -> None:
    wrong = dict(GOOD, value=1.5)
    unquoted = dict(GOOD, source_quote="Cash was 1.4M")
    result = enforce(claims_json(GOOD, wrong, unquoted), documents=[DOC])
    assert [r.verdict.value for r in result.reports] == ["pass", "fail", "fail"]
    assert result.fix_message == (
        "2 of 3 claims failed the checks against the documents. Fix each one and send the whole "
        "claim set again:\n"
        "  - claims[1] (cash_balance 1.5 USD_millions): existence: value 1,500,000 USD not found "
        "in investor-update-2026-08; nearest figure 1,400,000 USD at "
        '"Cash in bank at month end was $1.4M (as of July 31, 2026)."\n'
        "    Fix: use the value exactly as the cited document states it (put the scale in unit, "
        "e.g. 1.4 with USD_millions), or cite the document that states your value\n"
        "  - claims[2] (cash_balance 1.4 USD_millions): quote not found in "
        'investor-update-2026-08: "Cash was 1.4M"\n'
        "    Fix: copy source_quote verbatim from the cited document (the sentence that states "
        "the value)\n"
        "Do not invent or round figures. If the documents do not support a figure, set its "
        "value to null and give missing_reason: say what is missing."
    )
    assert not result.passed


def test_tieout_enforce_is_the_function() -> None:
    assert tieout.enforce is enforce
    assert isinstance(tieout.enforce(claims_json(GOOD), documents=[DOC]), EnforceResult)


# --------------------------------------------------------------------------- with a store


def queue_cli(db_url: str, *args: str) -> tuple[int, str]:
    env = {"COLUMNS": "200", "TIEOUT_DB": ""}
    result = CliRunner(env=env).invoke(
        main, ["review", "queue", "--db", db_url, *args], catch_exceptions=False
    )
    return result.exit_code, result.stdout


def test_needs_human_is_stored_and_listed_by_the_cli(db_url: str, store: Store) -> None:
    before = datetime.now(UTC)
    model = Script(claims_json(NO_QUOTE))
    result = enforce(claims_json(NO_QUOTE), reask=model, store=store, source="run-42")
    assert result.outcome == "needs_human" and result.queue_id is not None
    (item,) = store.review_queue()
    assert (item.id, item.source, item.status) == (result.queue_id, "run-42", "needs_human")
    assert item.raw_text == claims_json(NO_QUOTE)
    assert item.problems == [
        (
            "claims[0].source_quote",
            "field required — quote the sentence the value was taken from, verbatim",
        )
    ]
    assert item.created_at.tzinfo is not None and before <= item.created_at
    assert store.review_queue("resolved") == []

    code, out = queue_cli(db_url, "--format", "json")
    assert code == 0
    (listed,) = json.loads(out)
    assert listed["id"] == result.queue_id
    assert (listed["source"], listed["status"]) == ("run-42", "needs_human")
    assert listed["problems"] == [
        {
            "path": "claims[0].source_quote",
            "message": "field required — quote the sentence the value was taken from, verbatim",
        }
    ]
    assert listed["raw_text"] == claims_json(NO_QUOTE)

    code, out = queue_cli(db_url)
    assert code == 0
    assert "run-42" in out and "needs_human" in out
    assert "claims[0].source_quote: field required" in out


def test_the_queue_lists_oldest_first_and_an_empty_queue_says_so(db_url: str, store: Store) -> None:
    assert queue_cli(db_url) == (0, "the review queue is empty (status needs_human)\n")
    later = store.queue_for_review(
        "b", "{}", [("document", "x")], created_at=datetime(2026, 12, 2, tzinfo=UTC)
    )
    earlier = store.queue_for_review("a", "[]", [], created_at=datetime(2026, 12, 1, tzinfo=UTC))
    assert [i.id for i in store.review_queue()] == [earlier, later]
    assert [i.source for i in store.review_queue(None)] == ["a", "b"]


def test_a_valid_claim_set_with_a_store_is_checked_and_its_run_stored(
    store: Store, tmp_path: Path
) -> None:
    seed_cash_update(store, tmp_path, UPDATE)
    result = enforce(claims_json(GOOD, dict(GOOD, value=1.5)), store=store, source="run-9")
    assert result.outcome == "valid" and result.run_id is not None
    run, results = store.get_run(result.run_id)
    assert run.source == "run-9"
    assert [r.verdict for r in results] == ["pass", "fail"]
    assert result.fix_message.startswith("1 of 2 claims failed the checks")
    assert store.review_queue() == []
