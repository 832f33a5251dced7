"""Docs kept honest: the README names every command and states the rubric the code applies."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import click

from tieout.checks import RUBRIC
from tieout.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands(group: click.Group, prefix: str = "") -> list[str]:
    out = []
    for name, cmd in group.commands.items():
        full = f"{prefix}{name}"
        out.append(full)
        if isinstance(cmd, click.Group):
            out.extend(_commands(cmd, f"{full} "))
    return out


def test_every_command_is_in_the_readme() -> None:
    missing = [c for c in _commands(main) if f"tieout {c}" not in README and c not in README]
    assert missing == []


def test_readme_rubric_matches_the_code() -> None:
    rows = re.findall(r"^\| (pass|warning|fail|unsupported) \| (.+?) \|$", README, re.M)
    assert rows == [(str(v), text) for v, text in RUBRIC]


def test_readme_leads_with_the_two_commands() -> None:
    head = README[: README.index("## A short tour")]
    assert "pip install . && tieout demo" in head
    assert "pip install -e '.[dev]' && python -m pytest" in head


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install --quiet -e '.[dev]'" in ci
    assert "python -m pytest" in ci
    assert "TIEOUT_REQUIRE_POSTGRES=1" in ci


def test_committed_schema_is_what_tieout_schema_prints() -> None:
    printed = subprocess.run(
        [sys.executable, "-m", "tieout", "schema"], capture_output=True, text=True, check=True
    ).stdout
    import json

    committed = json.loads((ROOT / "tieout" / "schemas" / "claim.schema.json").read_text())
    assert json.loads(printed) == committed


def test_the_readme_sends_the_reader_to_pages_the_repository_holds() -> None:
    assert (ROOT / "ARCHITECTURE.md").is_file()
    assert "`ARCHITECTURE.md` is the map" in README
    for outside in re.findall(r"\(\.\./[^)]*\)|`\.\./[^`]*`", README):
        raise AssertionError(f"the README points outside the repository: {outside}")
