"""The README's tour, run as written: every console command in it, in order, in a fresh
folder holding a copy of ``sample_docs``, through the real ``tieout`` command at 80 columns.

Each command must exit as its comment says (``# exit 1``; 0 otherwise), and every sample
output the README shows under a command must be what tieout prints: its lines, in order (a
line that is only "…" stands for lines left out, a line ending " …" for the rest of that
line; run ids, twelve hex digits, may differ).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
_BLOCK = re.compile(r"^```(console|bash)\n(.*?)^```", re.M | re.S)
_RUN_ID = re.compile(r"\b[0-9a-f]{12}\b")
_EXIT = re.compile(r"#.*\bexit (\d)\b")


@dataclass
class Step:
    command: str
    exit_code: int
    shown: list[str] = field(default_factory=list)  # the sample output under it


def _commands(block: str, prompt: bool) -> list[Step]:
    steps: list[Step] = []
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if prompt and not line.startswith("$ "):
            if steps:
                steps[-1].shown.append(line)
            i += 1
            continue
        text = line[2:] if prompt else line
        while text.rstrip().endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text.rstrip()[:-1] + " " + lines[i].strip()
        i += 1
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        code = _EXIT.search(text)
        command = text.split("  #")[0].split(" # ")[0].strip()
        steps.append(Step(command, int(code.group(1)) if code else 0))
    return steps


def readme_steps() -> list[Step]:
    """The README's commands in order; the demo's sample output is the tour's first text
    block (the demo runs once, from the first command)."""
    steps: list[Step] = []
    for kind, block in _BLOCK.findall(README):
        prompt = kind == "console" and any(line.startswith("$ ") for line in block.splitlines())
        for step in _commands(block, prompt):
            command = re.sub(r"^pip install [^&]*&&\s*", "", step.command)
            if command.startswith("python -m pytest"):
                continue  # the test suite itself
            step.command = command
            steps.append(step)
    tour = README[README.index("## A short tour") :]
    demo = re.search(r"^```text\n(.*?)^```", tour, re.M | re.S)
    assert demo is not None and steps[0].command == "tieout demo"
    steps[0].shown = demo.group(1).splitlines()
    return steps


def _shows(printed: str, shown: list[str]) -> list[str]:
    """The sample lines not printed in order ([] when the sample is what tieout prints)."""
    out = [_RUN_ID.sub("RUN", line.rstrip()) for line in printed.splitlines()]
    at, missing = 0, []
    for want in shown:
        want = _RUN_ID.sub("RUN", want.rstrip())
        if want.strip() == "…":
            continue
        prefix = want.endswith(" …")
        for j in range(at, len(out)):
            if out[j].startswith(want[:-2]) if prefix else out[j] == want:
                at = j + 1
                break
        else:
            missing.append(want)
    return missing


def test_the_readme_names_a_dozen_steps() -> None:
    commands = [s.command for s in readme_steps()]
    assert commands[0] == "tieout demo"
    assert len(commands) > 20
    assert all(c.startswith("tieout ") for c in commands), commands


@pytest.mark.skipif(shutil.which("bash") is None, reason="the README's commands are bash")
def test_every_readme_command_runs_as_written(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "tieout" / "sample_docs", tmp_path / "sample_docs")
    shim = tmp_path / ".bin"
    shim.mkdir()
    tieout = shim / "tieout"
    tieout.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tieout "$@"\n', encoding="utf-8")
    tieout.chmod(tieout.stat().st_mode | stat.S_IEXEC)
    env = {k: v for k, v in os.environ.items() if k not in ("TIEOUT_DB", "NO_COLOR")}
    env.update(
        PATH=f"{shim}{os.pathsep}{env.get('PATH', '')}",
        COLUMNS="80",
        PYTHONIOENCODING="utf-8",
        PYTHONPATH=str(ROOT),
    )
    problems = []
    for step in readme_steps():
        done = subprocess.run(
            ["bash", "-c", step.command],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=300,
        )
        if done.returncode != step.exit_code:
            problems.append(f"{step.command}: exit {done.returncode}, {done.stderr.strip()}")
            continue
        missing = _shows(done.stdout, step.shown)
        if missing:
            problems.append(f"{step.command}: not printed: {missing}\n{done.stdout}")
    assert problems == []
