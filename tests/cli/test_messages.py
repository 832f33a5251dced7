"""Messages that lead to the fix (issue 22): each one as a user reads it, from real runs of
the CLI in a fresh folder with its own SQLite file."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from tests.cli.test_cli import SAMPLES, ok, tieout_cli

DRAFT = str(SAMPLES / "drafts/draft-contract-summary.md")
MSA = str(SAMPLES / "documents/msa-northwind-2026.txt")


def test_an_empty_claim_set_is_nothing_to_check_and_stores_nothing(tmp_path: Path) -> None:
    from tieout.store import Store

    (tmp_path / "none.json").write_text('{"claims": []}', encoding="utf-8")
    out = ok(tieout_cli("check", "none.json", cwd=tmp_path, db="t.db"))
    assert out == "none.json: holds no claims; nothing to check, nothing stored\n"
    data = json.loads(
        ok(tieout_cli("check", "none.json", "--format", "json", cwd=tmp_path, db="t.db"))
    )
    assert data == {
        "run_id": None,
        "source": "none.json",
        "counts": {"pass": 0, "warning": 0, "fail": 0, "unsupported": 0},
        "claims": [],
    }
    with Store.open(f"sqlite:///{tmp_path / 't.db'}") as store:
        assert store.list_runs() == []


def test_a_binary_claims_file_is_named_as_the_file_not_a_document(tmp_path: Path) -> None:
    (tmp_path / "binary.txt").write_bytes(b"PK\x03\x04\xff\xfe\x00")
    res = tieout_cli("check", "binary.txt", cwd=tmp_path, db="t.db")
    assert (res.returncode, res.stdout) == (2, "")
    assert (
        res.stderr
        == "tieout: error: binary.txt: is not UTF-8 text (invalid start byte at byte 4)\n"
    )


def test_piped_gate_output_is_never_hard_wrapped(tmp_path: Path) -> None:
    res = tieout_cli("gate", DRAFT, "--source", MSA, cwd=tmp_path, columns=80)
    assert res.returncode == 1, res.stderr
    lines = res.stdout.splitlines()
    # the message meant for the model, each sentence on its own line however long
    assert (
        "  Every specific figure you write must be copied from the sources. For each figure "
        "above, do one of two things:"
    ) in lines
    assert any(
        line.startswith("    (2) if it is a deliberate estimate")
        and line.endswith("at the end of the same line.")
        for line in lines
    )
    # what was not checked is shown with the words around it
    carved = next(line for line in lines if line.startswith("not checked"))
    assert 'line 5 date "- Term: March 1, 2026 to February 29,…"' in carved


def test_registry_add_notes_a_source_document_not_yet_ingested(tmp_path: Path) -> None:
    args = ("registry", "add", "mrr", "--definition", "Monthly recurring revenue", "--unit",
            "USD", "--period", "2026-07", "--effective-from", "2026-08-01")  # fmt: skip
    res = tieout_cli(*args, "--source-doc", "board-pack", cwd=tmp_path, db="t.db")
    assert (res.returncode, res.stdout) == (0, "mrr: new\n")
    assert res.stderr == (
        "note: no document 'board-pack' is ingested yet; "
        "add it with `tieout docs add FILE --id board-pack`\n"
    )
    (tmp_path / "board-pack.md").write_text("MRR was $10,000.\n", encoding="utf-8")
    ok(tieout_cli("docs", "add", "board-pack.md", cwd=tmp_path, db="t.db"))  # id from the name
    res = tieout_cli(
        *args[:-1], "2026-09-01", "--source-doc", "board-pack", cwd=tmp_path, db="t.db"
    )
    assert (res.returncode, res.stderr) == (0, "")


def test_review_sample_names_the_weeks_it_could_draw_and_makes_its_folder(tmp_path: Path) -> None:
    ok(tieout_cli("demo", cwd=tmp_path, db="d.db"))
    today = datetime.now(UTC).date().isocalendar()
    this_week = f"{today.year}-W{today.week:02d}"
    empty = ok(tieout_cli("review", "sample", "--week", "2020-W01", cwd=tmp_path, db="d.db"))
    assert empty == (
        "no passing claims were checked in 2020-W01; nothing sampled, no sheet written "
        f"(passing claims were checked in {this_week}: --week {this_week})\n"
    )
    drawn = ok(
        tieout_cli(
            "review",
            "sample",
            "--week",
            this_week,
            "--out",
            "sheets/new",
            cwd=tmp_path,
            db="d.db",
        )
    )
    assert drawn.startswith(f"{this_week}: drew 8 passing claims; wrote sheets/new/calibration-")
    assert (tmp_path / "sheets/new" / f"calibration-{this_week}.csv").is_file()


def test_a_snippet_in_a_reason_is_cut_at_words() -> None:
    import tieout

    words = "The order " + "of parts " * 8 + "worth $1,200 is due for delivery in January 2027 "
    doc = tieout.Document.from_text("po", words + "to the plant in Leeds, after inspection.")
    fig = next(f for f in doc.figures if f.value == 1200)
    shown = doc.snippet(fig.span, width=30)
    assert shown == "parts of parts of parts worth $1,200 is due for delivery in"
    assert doc.snippet(fig.span, width=200) == " ".join(doc.text.split())


def test_docs_show_counts_in_words(tmp_path: Path) -> None:
    doc = SAMPLES / "documents/investor-update-2026-08.md"
    ok(tieout_cli("docs", "add", str(doc), cwd=tmp_path, db="t.db"))
    out = ok(tieout_cli("docs", "show", "investor-update-2026-08", cwd=tmp_path, db="t.db"))
    assert "1 table, " in out and "1 tables" not in out
