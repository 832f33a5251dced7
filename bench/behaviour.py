#!/usr/bin/env python3
"""Record what tieout reads and decides on the bundled files, to diff before and after a change
that must not change behaviour (a refactor, a speed-up).

    python bench/behaviour.py record OUT_DIR      # every output, one file each
    python bench/behaviour.py diff BEFORE AFTER   # exit 1 and list the files that differ

It records, through real subprocess runs of the CLI:
- ``tieout figures --format json`` (and ``--words``) on every readable file under
  ``sample_docs/`` and ``tests/data/``;
- ``tieout check --format json`` on every sample claim file, against the demo's database;
- ``tieout gate --format json`` on every sample draft, against the documents beside it,
  with and without each workflow of ``sample_docs/workflows.toml``;
- with ``--realdata DIR``, the ``SCORE`` lines of the real-document scripts in DIR.

Run ids, timestamps and timings are blanked so that two runs of unchanged code are equal.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tieout" / "sample_docs"
READABLE = {".txt", ".md", ".csv", ".tsv", ".html", ".htm", ".xlsx", ".pdf"}
_VOLATILE = re.compile(
    r'"(run_id|created_at|checked_at|recorded_at|at|id|stored_run)": ("[^"]*"|\d+)'
)
_TIMING = re.compile(r"\b\d+(\.\d+)? ?(s|ms|MB/s)\b|mb_per_s=\S+")


def _tieout(*args: str, cwd: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tieout", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    out = _VOLATILE.sub(lambda m: f'"{m.group(1)}": "…"', done.stdout)
    # the checkout's own path is no behaviour: two checkouts of one commit record alike
    return f"exit {done.returncode}\n{out}\n{done.stderr}".replace(str(ROOT), "ROOT")


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in READABLE)


def record(out: Path, realdata: Path | None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="tieout-behaviour-"))
    n = 0
    for folder in (SAMPLES, ROOT / "tests" / "data"):
        for path in _files(folder):
            name = str(path.relative_to(ROOT)).replace("/", "__")
            (out / f"figures__{name}.txt").write_text(
                _tieout("figures", str(path), "--format", "json", cwd=work)
            )
            (out / f"words__{name}.txt").write_text(
                _tieout("figures", str(path), "--words", "--format", "json", cwd=work)
            )
            n += 2
    db = str(work / "tieout-demo.db")
    _tieout("demo", "--db", db, cwd=work)
    for claims in sorted((SAMPLES / "claims").glob("*.json")) + sorted(
        (SAMPLES / "bad").glob("*.json")
    ):
        (out / f"check__{claims.name}.txt").write_text(
            _tieout("check", str(claims), "--format", "json", "--db", db, cwd=work)
        )
        n += 1
    workflows = re.findall(r"^\[(\w+)\]", (SAMPLES / "workflows.toml").read_text(), re.M)
    drafts = sorted(SAMPLES.rglob("draft*.md")) + sorted((ROOT / "tests" / "data").glob("draft*"))
    for draft in drafts:
        sources: list[str] = []
        for src in _files(draft.parent):
            if not src.name.startswith("draft"):
                sources += ["--source", str(src)]
        for workflow in [None, *workflows]:
            extra = (
                []
                if workflow is None
                else ["--config", str(SAMPLES / "workflows.toml"), "--workflow", workflow]
            )
            tag = workflow or "default"
            (out / f"gate__{draft.parent.name}__{draft.name}__{tag}.txt").write_text(
                _tieout(
                    "gate", str(draft), *sources, *extra, "--format", "json", "--db", db, cwd=work
                )
            )
            n += 1
    if realdata is not None:
        runs = {
            "score_claims": [str(realdata / "score_tatqa.py"), "claims"],
            "score_drafts": [str(realdata / "score_tatqa.py"), "drafts"],
            "score_filings": [str(realdata / "score_filings.py"), str(realdata / "filings")],
            "score_filings_stripped": [
                str(realdata / "score_filings.py"),
                str(realdata / "filings"),
                "--strip-ix",
            ],
        }
        for name, argv in runs.items():
            done = subprocess.run(
                [sys.executable, *argv], capture_output=True, text=True, check=False
            )
            score = [line for line in done.stdout.splitlines() if line.startswith("SCORE")]
            (out / f"{name}.txt").write_text(
                _TIMING.sub("…", "\n".join(score) or done.stdout + done.stderr) + "\n"
            )
            n += 1
    print(f"{n} outputs recorded in {out}")


def diff(before: Path, after: Path) -> int:
    names = sorted({p.name for p in before.iterdir()} | {p.name for p in after.iterdir()})
    changed = [
        n
        for n in names
        if not (before / n).exists()
        or not (after / n).exists()
        or (before / n).read_bytes() != (after / n).read_bytes()
    ]
    for name in changed:
        print(f"differs: {name}")
    print(f"{len(names) - len(changed)} of {len(names)} outputs identical")
    return 1 if changed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record every output into OUT_DIR")
    rec.add_argument("out", type=Path)
    rec.add_argument("--realdata", type=Path, help="also the SCORE lines of the scripts here")
    cmp_ = sub.add_parser("diff", help="compare two recordings")
    cmp_.add_argument("before", type=Path)
    cmp_.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "record":
        record(args.out, args.realdata)
        return 0
    return diff(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
