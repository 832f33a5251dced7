"""`tieout docs add FOLDER`: every readable file, ids from paths, all or nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tieout.store import Store

UPDATE = """# Northwind — July 2026 update

Revenue for July was $1,204,000, up 8% on June. Net burn came to $310,500.
"""
TABLE = """Selected data (in thousands)

|            | 2026   | 2025   |
|------------|--------|--------|
| Net sales  | 48,120 | 41,907 |
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "sources"
    (root / "2026").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / "update-2026-07.md").write_text(UPDATE, encoding="utf-8")
    (root / "2026" / "selected.csv").write_text(
        'item,2026,2025\nNet sales,"48,120","41,907"\n', encoding="utf-8"
    )
    (root / "2026" / "tables.txt").write_text(TABLE, encoding="utf-8")
    (root / "deck.pptx").write_bytes(b"PK\x03\x04 not read")
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    return root


def test_a_folder_is_ingested_with_ids_from_its_paths(folder: Path, db_url: str) -> None:
    done = run("docs", "add", str(folder), "--id-prefix", "nw/", "--db", db_url, cwd=folder.parent)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [
        "nw/2026/selected",
        "nw/2026/tables",
        "nw/update-2026-07",
    ]
    assert all(": ingested  sha256 " in line for line in lines[:-1])
    assert lines[-1] == f"{folder}: 3 ingested, 0 unchanged; skipped 1 of other formats (deck.pptx)"
    again = run(
        "docs",
        "add",
        str(folder),
        "--id-prefix",
        "nw/",
        "-q",
        "--format",
        "json",
        "--db",
        db_url,
        cwd=folder.parent,
    )
    assert again.returncode == 0, again.stderr
    out = json.loads(again.stdout)
    assert [(d["doc_id"], d["created"], d["snapshot"]) for d in out["documents"]] == [
        ("nw/2026/selected", False, 1),
        ("nw/2026/tables", False, 1),
        ("nw/update-2026-07", False, 1),
    ]
    assert out["skipped"] == [str(folder / "deck.pptx")]
    with Store.open(db_url) as store:
        assert sorted(d.doc_id for d in store.list_documents()) == [
            "nw/2026/selected",
            "nw/2026/tables",
            "nw/update-2026-07",
        ]


def test_one_bad_file_stores_nothing(folder: Path, db_url: str) -> None:
    (folder / "2026" / "broken.md").write_bytes(b"Revenue \x00\x01 binary")
    done = run("docs", "add", str(folder), "--db", db_url, cwd=folder.parent)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"tieout: error: {folder / '2026' / 'broken.md'}: looks binary (it holds NUL bytes); "
        "give tieout a text file\n"
    )
    with Store.open(db_url) as store:
        assert store.list_documents() == []


def test_folder_mistakes_are_one_line_errors(folder: Path, sqlite_url: str) -> None:
    (folder / "update-2026-07.txt").write_text(UPDATE, encoding="utf-8")
    clash = run("docs", "add", str(folder), "--db", sqlite_url, cwd=folder.parent)
    assert (clash.returncode, clash.stderr) == (
        2,
        f"tieout: error: {folder / 'update-2026-07.md'} and {folder / 'update-2026-07.txt'} "
        "would both be document 'update-2026-07'; rename one, or add them one by one with --id\n",
    )
    empty = folder.parent / "empty"
    empty.mkdir()
    nothing = run("docs", "add", str(empty), "--db", sqlite_url, cwd=folder.parent)
    assert (nothing.returncode, nothing.stderr) == (
        2,
        f"tieout: error: {empty} holds no file tieout reads "
        "(.txt, .text, .md, .markdown, .csv, .tsv, .html, .htm, .xlsx, .pdf); nothing ingested\n",
    )
    named = run("docs", "add", str(folder), "--id", "x", "--db", sqlite_url, cwd=folder.parent)
    assert (named.returncode, named.stderr) == (
        2,
        f"tieout: error: {folder} is a folder: its ids come from its file names, so drop --id "
        "(--id-prefix puts text before each)\n",
    )
    dated = run("docs", "add", str(folder), "--period", "2026-07", "--db", sqlite_url, cwd=folder)
    assert (dated.returncode, dated.stderr) == (
        2,
        f"tieout: error: {folder} is a folder, whose files may cover different periods; drop "
        "the period options, or add dated files one by one\n",
    )
    one = run("docs", "add", "update-2026-07.md", "--db", sqlite_url, cwd=folder)
    assert (one.returncode, one.stderr) == (0, "")  # one file's id is its name: update-2026-07
    assert one.stdout.startswith("update-2026-07: ingested  sha256 ")
