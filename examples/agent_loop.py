"""A worked agent loop with a scripted stand-in model (no network, no API key).

Two stories, each the way an agent meets tieout:

(a) The save tool: the model proposes a draft with an invented figure; the gate inside the
    save tool rejects it and says why; the model sends a fixed draft; it is saved.
(b) Boundary enforcement: the model returns a claim set whose claim has no quote; tieout
    re-asks with every problem listed; the model sends a valid claim set; the checks give
    verdicts.

Run it: ``python examples/agent_loop.py``. Swap :class:`ScriptedModel` for a real client and
the loop is the same.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import tieout
from tieout.agents import EnforceResult
from tieout.gating import SaveSession

UPDATE = """\
# Brightwell Labs — July 2026 investor update

## Cash and runway

Cash in bank at month end was $1.4M (as of July 31, 2026).
At the July burn rate that gives us roughly 6.6 months of runway.
"""

CLAIM = {
    "metric_key": "cash_balance",
    "value": 1.4,
    "unit": "USD_millions",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": "investor-update-2026-08",
    "source_locator": "section: Cash and runway, paragraph 1",
}


class ScriptedModel:
    """Stands in for a model: answers each prompt with the next reply of a fixed script."""

    def __init__(self, name: str, replies: list[str]) -> None:
        self.name = name
        self._replies: Iterator[str] = iter(replies)

    def __call__(self, prompt: str) -> str:
        print(f"[tieout -> {self.name}]")
        print(_indent(prompt))
        reply = next(self._replies)
        print(f"[{self.name} -> tieout]")
        print(_indent(reply))
        return reply


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def save_tool_story() -> str:
    """(a) invented figure → rejection → fixed draft → saved. Returns the saved text."""
    print("== (a) the save tool: the gate inside it ==")
    model = ScriptedModel(
        "model",
        [
            "Brightwell ended July with $1.6M in cash and about 6.6 months of runway.",
            "Brightwell ended July with $1.4M in cash and about 6.6 months of runway.",
        ],
    )
    saved: list[str] = []
    session = SaveSession(sources=[UPDATE], on_save=saved.append)
    draft = model("Write one sentence on Brightwell's cash at the end of July 2026.")
    result = session.save(draft)
    print(f"save_document: {result.outcome}")
    while result.outcome == "rejected":
        draft = model(result.message)  # the rejection goes back as an ordinary tool response
        result = session.save(draft)
        print(f"save_document: {result.outcome}")
    print(result.message)
    return saved[0] if saved else ""


def enforce_story() -> EnforceResult:
    """(b) a claim set missing a quote → re-ask → valid → verdicts."""
    print("== (b) boundary enforcement: the claim set ==")
    fixed = dict(CLAIM, source_quote="Cash in bank at month end was $1.4M")
    model = ScriptedModel("model", ["```json\n" + json.dumps({"claims": [fixed]}) + "\n```"])
    first = "Here is the claim set:\n" + json.dumps({"claims": [CLAIM]}) + "\nAll figures sourced."
    print("[model -> tieout]")
    print(_indent(first))
    document = tieout.Document.from_text(
        "investor-update-2026-08",
        UPDATE,
        period_start="2026-07-01",
        period_end="2026-07-31",
        published="2026-08-05",
    )
    result = tieout.enforce(first, reask=model, max_reasks=1, documents=[document])
    print(f"enforce: {result.outcome} after {result.reasks} re-ask(s)")
    for report in result.reports:
        print(f"verdict: claims[{report.position}] {report.claim.metric_key}: {report.verdict}")
        print(f"  {report.reason}")
    return result


def main() -> None:
    saved = save_tool_story()
    print(f"saved text: {saved}")
    print()
    enforce_story()


if __name__ == "__main__":
    main()
