"""examples/agent_loop.py runs as a user would run it, and tells both stories."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "agent_loop.py"


def test_the_agent_loop_tells_both_stories() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE)], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    save, enforce = out.split("== (b) boundary enforcement: the claim set ==\n")

    # (a) invented figure -> rejection -> fixed draft -> saved
    assert save.count("save_document: ") == 2
    assert save.index("save_document: rejected") < save.index("save_document: pass")
    assert "    The draft was not saved. It states 1 figure" in save
    assert "      - line 1: '$1.6M' (currency)" in save
    assert "Saved: every checked figure (2) is in this run's sources or anchors." in save
    assert (
        "saved text: Brightwell ended July with $1.4M in cash and about 6.6 months of runway.\n"
        in save
    )

    # (b) a claim set missing a quote -> re-ask -> valid -> verdicts
    assert enforce.count("[tieout -> model]") == 1
    assert (
        "      - claims[0].source_quote: field required — quote the sentence the value was "
        "taken from, verbatim\n" in enforce
    )
    assert "enforce: valid after 1 re-ask(s)\n" in enforce
    assert "verdict: claims[0] cash_balance: pass\n" in enforce
    assert enforce.endswith("quote found verbatim in Cash and runway ¶1\n")
