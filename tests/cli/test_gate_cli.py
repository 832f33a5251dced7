"""`tieout gate` end to end, run as real subprocesses: verdicts, exit codes, JSON, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import tieout

SAMPLES = Path(tieout.__file__).parent / "sample_docs"
WORKFLOWS = str(SAMPLES / "workflows.toml")
CONTRACT_DRAFT = str(SAMPLES / "drafts/draft-contract-summary.md")
FIN_DRAFT = str(SAMPLES / "drafts/draft-fin-summary.md")
MSA = str(SAMPLES / "documents/msa-northwind-2026.txt")
FIN = str(SAMPLES / "documents/fin-summary-q3.md")

Result = subprocess.CompletedProcess[str]


def gate_cli(*args: str, cwd: Path) -> Result:
    """Run ``python -m tieout gate ARGS`` in ``cwd`` with a wide terminal and no TIEOUT_DB."""
    env = {k: v for k, v in os.environ.items() if k not in ("TIEOUT_DB", "NO_COLOR")}
    env.update(COLUMNS="200", PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "tieout", "gate", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )


def flat(text: str) -> str:
    return " ".join(text.split())


def test_sample_contract_draft_is_rejected_naming_each_figure(tmp_path: Path) -> None:
    res = gate_cli(
        CONTRACT_DRAFT,
        "--source",
        MSA,
        "--workflow",
        "contract_comparison",
        "--config",
        WORKFLOWS,
        cwd=tmp_path,
    )
    assert res.returncode == 1, res.stderr
    assert res.stderr == ""
    lines = res.stdout.splitlines()
    assert lines[0] == "REJECTED — 3 figures not in the sources  (workflow contract_comparison)"
    assert [flat(line) for line in lines[1:4]] == [
        "line 10 numeric §2.5 in neither this run's anchors nor its sources",
        "line 13 currency $130k in neither this run's anchors nor its sources",
        "line 13 currency $190k in neither this run's anchors nor its sources",
    ]
    out = flat(res.stdout)
    assert "Message for the model:" in out
    assert "- line 10: '§2.5' (numeric)" in out
    assert "- line 13: '$130k' (currency)" in out
    assert "- line 13: '$190k' (currency)" in out
    assert "(1) replace it with the exact value the sources give" in out
    assert "Do not invent numbers" in out


def test_sample_financial_draft_with_the_disabled_workflow_is_not_checked(tmp_path: Path) -> None:
    res = gate_cli(
        FIN_DRAFT,
        "--source",
        FIN,
        "--workflow",
        "financial_statement_summary",
        "--config",
        WORKFLOWS,
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stderr
    assert flat(res.stdout) == (
        "NOT CHECKED — Workflow 'financial_statement_summary' has the gate switched off: "
        "nothing was checked, the draft may be saved."
    )


def test_sample_financial_draft_passes_the_default_gate_with_its_marked_line(
    tmp_path: Path,
) -> None:
    res = gate_cli(FIN_DRAFT, "--source", FIN, cwd=tmp_path)
    assert res.returncode == 0, res.stdout
    assert flat(res.stdout) == "PASSED — 7 figures found in the sources, 1 marked [not in source]"


def test_json_format_parses_and_lists_every_figure(tmp_path: Path) -> None:
    res = gate_cli(
        CONTRACT_DRAFT,
        "--source",
        MSA,
        "--config",
        WORKFLOWS,
        "--workflow",
        "contract_comparison",
        "--format",
        "json",
        cwd=tmp_path,
    )
    assert res.returncode == 1
    data = json.loads(res.stdout)
    assert (data["passed"], data["outcome"], data["workflow"]) == (
        False,
        "rejected",
        "contract_comparison",
    )
    assert [(c["class"], c["text"], c["line"], c["key"]) for c in data["rejected"]] == [
        ("numeric", "§2.5", 10, "section:2.5"),
        ("currency", "$130k", 13, "currency:USD/year:130000"),
        ("currency", "$190k", 13, "currency:USD/year:190000"),
    ]
    text = Path(CONTRACT_DRAFT).read_text(encoding="utf-8")
    assert data["sanitized_text"] == text.replace("–", "-")
    for claim in data["claims"]:
        start, end = claim["span"]
        assert data["sanitized_text"][start:end] == claim["text"]
    assert data["message"].startswith("The draft was not saved. It states 3 figures")


def test_json_format_for_a_pass_with_anchors(tmp_path: Path) -> None:
    (tmp_path / "draft.md").write_text("Revenue was $4.2 million; fee $90.\n", encoding="utf-8")
    (tmp_path / "anchors.json").write_text(
        '{"revenue": {"value": 4.2, "unit": "USD_millions"}, "fee": "$90"}', encoding="utf-8"
    )
    res = gate_cli("draft.md", "--anchors", "anchors.json", "--format", "json", cwd=tmp_path)
    assert res.returncode == 0, res.stdout
    data = json.loads(res.stdout)
    assert [(c["text"], c["status"], c["found_in"]) for c in data["claims"]] == [
        ("$4.2 million", "found", "anchors"),
        ("$90", "found", "anchors"),
    ]


def test_draft_from_stdin(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "TIEOUT_DB"}
    env.update(COLUMNS="200", PYTHONIOENCODING="utf-8")
    res = subprocess.run(
        [sys.executable, "-m", "tieout", "gate", "-", "--source", MSA, "--format", "json"],
        input="The cap is $150,000 (§11.1); renewal at $200,000.\n",
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    assert res.returncode == 1
    assert [c["text"] for c in json.loads(res.stdout)["rejected"]] == ["$200,000"]


def test_ingested_document_as_source(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tieout.db'}"
    env = {k: v for k, v in os.environ.items() if k != "TIEOUT_DB"}
    add = subprocess.run(
        [sys.executable, "-m", "tieout", "docs", "add", MSA, "--id", "msa", "--db", db],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    assert add.returncode == 0, add.stderr
    (tmp_path / "ok.md").write_text("Cap is $150,000 under §11.1 and §2.2.\n", encoding="utf-8")
    ok = gate_cli("ok.md", "--doc", "msa", "--db", db, cwd=tmp_path)
    assert (ok.returncode, flat(ok.stdout)) == (0, "PASSED — 3 figures found in the sources")
    bad = gate_cli(CONTRACT_DRAFT, "--doc", "msa", "--db", db, "--format", "json", cwd=tmp_path)
    assert bad.returncode == 1
    assert [c["text"] for c in json.loads(bad.stdout)["rejected"]] == ["§2.5", "$130k", "$190k"]


def test_fact_sheet_option(tmp_path: Path) -> None:
    pytest.importorskip("tieout.gating.facts", reason="tieout/gating/facts.py not written yet")
    (tmp_path / "facts.toml").write_text(
        'name = "tieout"\n[facts]\n'
        'channels = "9 channel definitions, each with its own voice rules."\n'
        'approval = "auto-publish only after 10+ reviewed drafts at 90%+ approval."\n',
        encoding="utf-8",
    )
    (tmp_path / "draft.md").write_text(
        "It ships nine channel definitions, holds a 90% approval bar, "
        "and returns $90 of value a month.\n",
        encoding="utf-8",
    )
    res = gate_cli("draft.md", "--facts", "facts.toml", "--format", "json", cwd=tmp_path)
    assert res.returncode == 1
    assert [c["text"] for c in json.loads(res.stdout)["rejected"]] == ["$90"]


# --------------------------------------------------------------------------- unusable input


def test_bad_inputs_exit_2_with_one_error_line(tmp_path: Path) -> None:
    (tmp_path / "draft.md").write_text("Revenue $4,200,000.\n", encoding="utf-8")
    (tmp_path / "bad.json").write_text('{"fee": ', encoding="utf-8")
    (tmp_path / "bad.toml").write_text("[w\n", encoding="utf-8")
    (tmp_path / "values.toml").write_text("[w]\nenabled = 'yes'\n", encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'tieout.db'}"
    cases: dict[str, tuple[tuple[str, ...], str]] = {
        "missing draft": (("nope.md", "--source", FIN), "nope.md: no such file"),
        "missing source": (("draft.md", "--source", "nope.txt"), "nope.txt: no such file"),
        "missing anchors": (("draft.md", "--anchors", "nope.json"), "nope.json: no such file"),
        "bad anchors JSON": (
            ("draft.md", "--anchors", "bad.json"),
            "bad.json: not valid JSON at line 1, column 9",
        ),
        "unknown workflow": (
            ("draft.md", "--workflow", "nope", "--config", WORKFLOWS, "--source", FIN),
            "workflow 'nope' is not configured (known: contract_comparison, filing_summary, "
            f"financial_statement_summary); add [workflows.nope] to {WORKFLOWS}",
        ),
        "unknown workflow, no config": (
            ("draft.md", "--workflow", "nope", "--source", FIN),
            "workflow 'nope' is not configured (known: none configured)",
        ),
        "bad config TOML": (
            ("draft.md", "--config", "bad.toml", "--workflow", "w", "--source", FIN),
            "bad.toml: not valid TOML (",
        ),
        "bad config value": (
            ("draft.md", "--config", "values.toml", "--workflow", "w", "--source", FIN),
            "values.toml: workflow 'w': enabled must be true or false",
        ),
        "missing config": (
            ("draft.md", "--config", "nope.toml", "--workflow", "w", "--source", FIN),
            "nope.toml: no such configuration file",
        ),
        "unknown doc id": (
            ("draft.md", "--doc", "nosuch", "--db", db),
            "document 'nosuch' is not ingested",
        ),
        "bad format": (("draft.md", "--format", "yaml"), "yaml"),
        "no sources": (
            ("draft.md",),
            "nothing to check the draft against: give --source FILE or --doc ID",
        ),
    }
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(
            zip(
                cases,
                pool.map(lambda c: gate_cli(*c[0], cwd=tmp_path), cases.values()),
                strict=True,
            )
        )
    problems = []
    for name, res in results.items():
        phrase = cases[name][1]
        lines = res.stderr.splitlines()
        ok = (
            res.returncode == 2
            and res.stdout == ""
            and "Traceback" not in res.stderr
            and (
                (len(lines) == 1 and lines[0].startswith("tieout: error: ") and phrase in lines[0])
                or (name == "bad format" and phrase in res.stderr)  # click's own usage error
            )
        )
        if not ok:
            problems.append(
                f"{name}: exit {res.returncode}, stdout {res.stdout!r}, stderr {res.stderr!r}"
            )
    assert problems == []


@pytest.mark.parametrize(
    ("encoding", "bom"),
    [
        ("utf-16", b""),  # Python writes the byte-order mark itself
        ("utf-16-le", b""),  # as Windows tools save it: no mark at all
        ("utf-16-be", b"\xfe\xff"),
        ("utf-32", b""),
    ],
)
def test_a_source_in_utf16_or_utf32_is_read(tmp_path: Path, encoding: str, bom: bytes) -> None:
    source = tmp_path / "release.txt"
    source.write_bytes(bom + "Revenue was €4.2 million, up 12%.\n".encode(encoding))
    draft = tmp_path / "draft.md"
    draft.write_text("Revenue reached €4,200,000 (+12%); costs were €1.1 million.\n")
    res = gate_cli(str(draft), "--source", str(source), cwd=tmp_path)
    assert (res.returncode, res.stderr) == (1, "")
    assert res.stdout.splitlines()[0] == "REJECTED — 1 figure not in the sources"


def test_a_broken_utf16_source_is_refused_with_the_fix(tmp_path: Path) -> None:
    source = tmp_path / "release.txt"
    source.write_bytes(b"\xff\xfeR\x00e\x00v\x00\x00\xd8")  # a lone surrogate at the end
    draft = tmp_path / "draft.md"
    draft.write_text("Revenue was $4.2 million.\n")
    res = gate_cli(str(draft), "--source", str(source), cwd=tmp_path)
    assert (res.returncode, res.stdout) == (2, "")
    assert res.stderr == (
        f"tieout: error: {source}: is not valid UTF-16 (byte 8); re-save it as UTF-8\n"
    )
