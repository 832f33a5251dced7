"""A document's number convention, stored with it and used wherever it is read.

``tieout docs add FILE --numbers auto|point|comma`` settles it once (auto: read off the
file), the database keeps it (revision 0007), ``docs list``/``docs show`` show it, and a
stored snapshot is read by it again, never by a fresh guess. ``tieout gate --source FILE``
reads each file by its own convention (``--source-numbers`` overrides it). Run against
SQLite and PostgreSQL, and as real subprocesses for the command line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from tieout.documents.ingest import document_from_record, ingest_file
from tieout.gating import gate
from tieout.gating.index import document_index
from tieout.store import Store
from tieout.store.migrate import downgrade, upgrade

DATA = Path(__file__).parent.parent / "data"
REPORT = DATA / "konzernabschluss-2024.md"
DRAFT = DATA / "draft-musterwerk-2024.md"
RAPPORT = DATA / "rapport-annuel-2024.txt"

Result = subprocess.CompletedProcess[str]


@pytest.fixture
def raw(db_url: str) -> Iterator[sa.Engine]:
    """A plain SQLAlchemy engine on the test's database: raw SQL, none of tieout's code."""
    engine = sa.create_engine(db_url)
    yield engine
    engine.dispose()


# --------------------------------------------------------------------------- the store


def test_the_convention_is_stored_and_a_snapshot_is_read_by_it_again(store: Store) -> None:
    rec, created = ingest_file(store, REPORT, "musterwerk-2024", scale="EUR_thousands")
    assert created and rec.numbers == "comma"
    forced, _ = ingest_file(store, RAPPORT, "exemple-point", numbers="point")
    assert forced.numbers == "point"
    english, _ = ingest_file(store, DRAFT, "draft-as-source")
    assert english.numbers == "point"

    stored = store.get_document("musterwerk-2024")
    assert stored.numbers == "comma"
    assert {r.doc_id: r.numbers for r in store.list_documents()} == {
        "draft-as-source": "point",
        "exemple-point": "point",
        "musterwerk-2024": "comma",
    }
    doc = document_from_record(stored)
    assert doc.numbers == "comma"
    assert gate(DRAFT.read_text(encoding="utf-8"), [document_index(doc)]).passed
    # the forced convention is kept: the French report read as point confirms nothing
    point_doc = document_from_record(store.get_document("exemple-point"))
    assert point_doc.numbers == "point"
    assert not gate("The dividend is €2.40 a share.", [point_doc]).passed


def test_0007_downgrades_keeping_rows_and_guards_and_old_rows_read_as_point(
    db_url: str, raw: sa.Engine
) -> None:
    with Store.open(db_url) as store:
        ingest_file(store, REPORT, "musterwerk-2024")
    assert downgrade(raw, "0006") == ("0009", "0006")
    assert "numbers" not in {c["name"] for c in sa.inspect(raw).get_columns("documents")}
    with raw.connect() as conn:  # the snapshot stays, and so does 0005's append-only guard
        assert conn.execute(sa.text("SELECT doc_id FROM documents")).scalars().all() == [
            "musterwerk-2024"
        ]
    with pytest.raises(DBAPIError, match="append-only"), raw.begin() as conn:
        conn.execute(sa.text("DELETE FROM documents"))
    assert upgrade(raw) == ("0006", "0009")
    with Store.open(db_url) as store:
        # stored before 0007 knew conventions: it was read as point, and still is
        assert store.get_document("musterwerk-2024").numbers == "point"
        rec, created = ingest_file(store, REPORT, "musterwerk-2024")
        assert not created and rec.numbers == "point"  # the same snapshot, never rewritten


# --------------------------------------------------------------------------- the command line


def tieout_cli(*args: str, cwd: Path, db: str | None = None) -> Result:
    env = {k: v for k, v in os.environ.items() if k not in ("TIEOUT_DB", "NO_COLOR")}
    env.update(COLUMNS="200", PYTHONIOENCODING="utf-8")
    cmd = [sys.executable, "-m", "tieout", *args, *(["--db", db] if db else [])]
    return subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300
    )


def one_line_error(res: Result) -> str:
    assert res.returncode == 2, res
    assert res.stdout == "" and "Traceback" not in res.stderr
    [line] = res.stderr.splitlines()
    return line


def test_docs_add_with_numbers_list_and_show(sqlite_url: str, tmp_path: Path) -> None:
    shutil.copy(REPORT, tmp_path / "bericht.md")
    shutil.copy(RAPPORT, tmp_path / "rapport.txt")
    added = tieout_cli(
        "docs", "add", "bericht.md", "--id", "musterwerk-2024", "--scale", "EUR_thousands",
        cwd=tmp_path, db=sqlite_url,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    first = added.stdout.strip()
    assert first.startswith("musterwerk-2024: ingested  sha256 ")
    assert first.endswith("  numbers comma  snapshot 1")
    forced = tieout_cli(
        "docs", "add", "rapport.txt", "--id", "exemple", "--numbers", "point", "--format", "json",
        cwd=tmp_path, db=sqlite_url,
    )  # fmt: skip
    assert forced.returncode == 0, forced.stderr
    [entry] = json.loads(forced.stdout)
    assert (entry["doc_id"], entry["created"], entry["numbers"]) == ("exemple", True, "point")

    listed = tieout_cli("docs", "list", "--format", "json", cwd=tmp_path, db=sqlite_url)
    assert listed.returncode == 0, listed.stderr
    rows = {
        d["doc_id"]: (d["scale"], d["numbers"], d["snapshots"]) for d in json.loads(listed.stdout)
    }
    assert rows["musterwerk-2024"] == ("EUR_thousands", "comma", 1)
    assert rows["exemple"] == (None, "point", 1)

    shown = tieout_cli("docs", "show", "musterwerk-2024", cwd=tmp_path, db=sqlite_url)
    assert shown.returncode == 0, shown.stderr
    assert "scale EUR_thousands  numbers comma  snapshots 1" in shown.stdout

    # the ingested report confirms the English draft; an invented figure is refused
    shutil.copy(DRAFT, tmp_path / "draft.md")
    ok = tieout_cli("gate", "draft.md", "--doc", "musterwerk-2024", cwd=tmp_path, db=sqlite_url)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.startswith("PASSED — 12 figures found in the sources")
    draft = DRAFT.read_text(encoding="utf-8").replace("€187.3 million", "€197.3 million")
    (tmp_path / "invented.md").write_text(draft, encoding="utf-8")
    no = tieout_cli("gate", "invented.md", "--doc", "musterwerk-2024", cwd=tmp_path, db=sqlite_url)
    assert no.returncode == 1, no.stderr
    assert no.stdout.splitlines()[0] == "REJECTED — 1 figure not in the sources"
    assert "€197.3 million" in no.stdout.splitlines()[1]


def test_gate_reads_each_source_file_by_its_own_convention(tmp_path: Path) -> None:
    shutil.copy(REPORT, tmp_path / "bericht.md")
    prose = DRAFT.read_text(encoding="utf-8").split("\n\nNet income")[0] + "\n"
    (tmp_path / "draft.md").write_text(prose, encoding="utf-8")
    auto = tieout_cli("gate", "draft.md", "--source", "bericht.md", cwd=tmp_path)
    assert auto.returncode == 0, auto.stdout + auto.stderr
    assert auto.stdout.splitlines()[0] == "PASSED — 6 figures found in the sources"
    comma = tieout_cli(
        "gate", "draft.md", "--source", "bericht.md", "--source-numbers", "comma",
        "--format", "json", cwd=tmp_path,
    )  # fmt: skip
    assert comma.returncode == 0, comma.stderr
    found = json.loads(comma.stdout)["claims"]
    assert [(c["text"], c["status"], c["found_in"]) for c in found][:2] == [
        ("3.5%", "found", "source bericht.md"),
        ("€1,234.5 million", "found", "source bericht.md"),
    ]
    point = tieout_cli(
        "gate", "draft.md", "--source", "bericht.md", "--source-numbers", "point", cwd=tmp_path
    )
    assert point.returncode == 1, point.stderr
    assert point.stdout.splitlines()[0] == "REJECTED — 6 figures not in the sources"
    (tmp_path / "invented.md").write_text(prose.replace("15.2%", "16.2%"), encoding="utf-8")
    invented = tieout_cli("gate", "invented.md", "--source", "bericht.md", cwd=tmp_path)
    assert invented.returncode == 1
    assert invented.stdout.splitlines()[0] == "REJECTED — 1 figure not in the sources"
    (tmp_path / "eu-draft.md").write_text("Umsatz: 1.234,5 Mio. €\n", encoding="utf-8")
    eu = tieout_cli("gate", "eu-draft.md", "--source", "bericht.md", cwd=tmp_path)
    assert eu.returncode == 1  # a draft is read as point: its European figure is refused
    assert "(1,234.5 for 1.234,5)" in eu.stdout


def test_a_bad_convention_is_one_line_and_exit_2(sqlite_url: str, tmp_path: Path) -> None:
    shutil.copy(REPORT, tmp_path / "bericht.md")
    (tmp_path / "draft.md").write_text("Revenue rose 3.5%.\n", encoding="utf-8")
    bad = ("docs", "add", "bericht.md", "--id", "m", "--numbers", "european")
    line = one_line_error(tieout_cli(*bad, cwd=tmp_path, db=sqlite_url))
    assert line == (
        "tieout: error: --numbers 'european' is not one of auto, point, comma "
        "(point: 1,234.56; comma: 1.234,56; auto: read it off the document)"
    )
    assert not (tmp_path / "tieout.db").exists() and not Path(sqlite_url[10:]).exists()
    line = one_line_error(
        tieout_cli(
            "gate", "draft.md", "--source", "bericht.md", "--source-numbers", "de", cwd=tmp_path
        )
    )
    assert line.startswith("tieout: error: --source-numbers 'de' is not one of auto, point, comma")
    line = one_line_error(tieout_cli("figures", "bericht.md", "--numbers", "x", cwd=tmp_path))
    assert line.startswith("tieout: error: --numbers 'x' is not one of auto, point, comma")


def test_figures_command_reads_by_the_convention(tmp_path: Path) -> None:
    shutil.copy(RAPPORT, tmp_path / "rapport.txt")
    res = tieout_cli("figures", "rapport.txt", "--format", "json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    values = [(f["kind"], f["unit"], f["value"]) for f in json.loads(res.stdout)]
    assert ("percent", "percent", "4.1") in values and ("currency", "EUR", "2.40") in values
    res = tieout_cli(
        "figures", "rapport.txt", "--numbers", "point", "--format", "json", cwd=tmp_path
    )
    assert res.returncode == 0, res.stderr
    values = [(f["kind"], f["unit"], f["value"]) for f in json.loads(res.stdout)]
    assert ("percent", "percent", "4.1") not in values  # "4,1 %" is unreadable as point
