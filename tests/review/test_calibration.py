"""Checker calibration (issue 6, item 5): a weekly sample of passing claims a person verifies.

`tieout review sample` draws a reproducible sample (only the checker's passes of that ISO
week, at most N, stored so a redraw keeps it) and writes a CSV and an HTML sheet with the
figure marked in its source passage; `tieout review record` reads the person's verdicts
back (all rows or none); `tieout report calibration` gives precision on passes with a 95%
Wilson interval per week, the latest check of a sampled claim counting.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from _seed import CASH_CLAIM, CASH_UPDATE, seed_cash_update
from hypothesis import given
from hypothesis import strategies as st

from tieout.checks.runs import check_and_store
from tieout.errors import InputError
from tieout.review.calibration import (
    SHEET_COLUMNS,
    calibration_weeks,
    draw_sample,
    previous_week,
    read_sheet,
    sheet_csv,
    week_bounds,
    wilson_interval,
)
from tieout.review.rates import period_of
from tieout.schemas import parse_claims
from tieout.store import ClaimResultRecord, RunRecord, Store

COLUMNS = [
    "sample_id",
    "week",
    "claim_id",
    "run_id",
    "metric_key",
    "value",
    "unit",
    "period",
    "source_doc_id",
    "quote",
    "source_passage",
    "confirmed",
    "note",
    "reviewer",
]
W48_START = datetime(2026, 11, 23, tzinfo=UTC)  # Monday of 2026-W48
W48_END = datetime(2026, 11, 30, tzinfo=UTC)


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args], cwd=cwd, capture_output=True, text=True,
        check=False, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )  # fmt: skip


def claim(run_id: str, position: int, verdict: str, at: datetime) -> ClaimResultRecord:
    return ClaimResultRecord(
        run_id=run_id,
        position=position,
        metric_key="arr",
        claim={
            "metric_key": "arr",
            "value": str(position),
            "unit": "USD",
            "period_start": "2026-10-01",
            "period_end": "2026-10-31",
            "source_doc_id": "board-deck",
            "source_quote": f"ARR was ${position}",
        },
        verdict=verdict,
        reason=verdict,
        checks=[],
        snapshot_sha256=None,
        registry_metric_key=None,
        registry_effective_from=None,
        checked_at=at,
    )


def seed(store: Store) -> dict[str, list[int]]:
    """Claims around 2026-W48; returns the ids of each group.

    W48 holds 25 passes (the first at Monday 00:00, the last a microsecond before the next
    Monday) among fails, warnings and unsupported claims; W47 and W49 hold passes too.
    """
    w48 = [
        claim(
            "w48", i, "pass", W48_START + i * (W48_END - W48_START - timedelta(microseconds=1)) / 24
        )
        for i in range(25)
    ]
    others = [
        claim("w48", 25 + i, v, W48_START + timedelta(days=2, hours=i))
        for i, v in enumerate(["fail", "fail", "fail", "warning", "unsupported", "unsupported"])
    ]
    store.save_run(RunRecord("w48", "w48.json", W48_START, {}), w48 + others)
    store.save_run(
        RunRecord("w47", "w47.json", W48_START, {}),
        [claim("w47", i, "pass", W48_START - timedelta(seconds=i + 1)) for i in range(5)],
    )
    store.save_run(
        RunRecord("w49", "w49.json", W48_END, {}),
        [claim("w49", i, "pass", W48_END + timedelta(hours=i)) for i in range(3)],
    )
    rows = store.list_claim_results()
    return {
        "w48_pass": [r.id for r in rows if r.run_id == "w48" and r.verdict == "pass" and r.id],
        "w48_other": [r.id for r in rows if r.run_id == "w48" and r.verdict != "pass" and r.id],
        "w47": [r.id for r in rows if r.run_id == "w47" and r.id],
        "w49": [r.id for r in rows if r.run_id == "w49" and r.id],
    }


# --------------------------------------------------------------------------- the sample


def test_the_sample_is_reproducible_drawn_once_and_only_of_that_weeks_passes(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    ids = seed(store)
    assert len(ids["w48_pass"]) == 25 and ids["w48_pass"] == list(range(1, 26))
    items, drawn_now = draw_sample(store, "2026-W48", 20)
    assert drawn_now is True and len(items) == 20
    chosen = [i.claim.id or 0 for i in items]
    assert len(set(chosen)) == 20 and set(chosen) <= set(ids["w48_pass"])
    assert chosen == sorted(chosen)  # stored in claim order
    assert {i.claim.verdict for i in items} == {"pass"} and {i.week for i in items} == {"2026-W48"}
    assert all(i.confirmed is None and i.reviewer is None for i in items)
    # the same data in another fresh database draws the same claims
    with Store.open(f"sqlite:///{tmp_path / 'other.db'}") as other:
        assert seed(other) == ids
        again, _ = draw_sample(other, "2026-W48", 20)
    assert [i.claim.id for i in again] == chosen
    # fixed across processes and versions: this week's seed always gives these claims
    assert chosen == PINNED_W48
    # asked again, even for a different size, the stored sample stands
    kept, drawn_now = draw_sample(store, "2026-W48", 5)
    assert drawn_now is False and [i.claim.id for i in kept] == chosen
    assert [i.sample_id for i in kept] == [i.sample_id for i in items]
    # fewer passes than asked for: all of them; a week without passes: none, nothing stored
    w47, _ = draw_sample(store, "2026-W47", 20)
    assert [i.claim.id for i in w47] == ids["w47"]
    assert draw_sample(store, "2026-W50", 20) == ([], True)
    assert draw_sample(store, "2026-W50", 20) == ([], True)
    assert [i.claim.id for i in store.calibration_items()] == ids["w47"] + chosen  # by week


#: The claims of 2026-W48's sample of 20 from passes 1 to 25 (the seed is the week).
PINNED_W48 = [1, 2, 3, 5, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20, 22, 23, 24, 25]


def test_the_sample_never_exceeds_n_and_ignores_overrides(store: Store) -> None:
    ids = seed(store)
    # a reviewer's override does not make a checker's fail a pass, nor a pass a fail
    store.override_claim(ids["w48_other"][0], "pass", reason="fine", reviewer="Ana")
    store.override_claim(ids["w48_pass"][0], "fail", reason="wrong", reviewer="Ana")
    items, _ = draw_sample(store, "2026-W48", 25)
    assert [i.claim.id for i in items] == ids["w48_pass"]
    with pytest.raises(InputError, match=r"^--passing takes a whole number of at least 1, got 0$"):
        draw_sample(store, "2026-W49", 0)
    with pytest.raises(InputError, match=r"^'2026-48' is not an ISO week; write it like 2026-W48$"):
        draw_sample(store, "2026-48", 3)
    assert {i.week for i in store.calibration_items()} == {"2026-W48"}


# --------------------------------------------------------------------------- weeks


def test_week_bounds_and_previous_week() -> None:
    assert week_bounds("2026-W48") == (W48_START, W48_END)
    assert week_bounds(" 2026-W01 ") == (
        datetime(2025, 12, 29, tzinfo=UTC),
        datetime(2026, 1, 5, tzinfo=UTC),
    )
    assert week_bounds("2026-W53")[0] == datetime(2026, 12, 28, tzinfo=UTC)
    for bad in ("2026-48", "2025-W53", "2026-W00", "26-W48", "2026-w48", "2026-W48x", ""):
        with pytest.raises(InputError) as err:
            week_bounds(bad)
        assert str(err.value) == f"{bad!r} is not an ISO week; write it like 2026-W48"
    assert previous_week(date(2026, 12, 2)) == "2026-W48"
    assert previous_week(date(2026, 11, 30)) == "2026-W48"  # a Monday: last week is complete
    assert previous_week(date(2027, 1, 4)) == "2026-W53"


@given(st.dates(min_value=date(1000, 1, 1), max_value=date(9998, 12, 31)))
def test_week_bounds_contain_every_day_of_the_week(day: date) -> None:
    week = period_of(day, "week")
    start, end = week_bounds(week)
    assert start.date() <= day < end.date() and end - start == timedelta(days=7)
    assert start.isocalendar()[:2] == day.isocalendar()[:2] and start.weekday() == 0
    assert previous_week(day + timedelta(days=7)) == week


# --------------------------------------------------------------------------- the sheet


UPDATE_TEXT = CASH_UPDATE
GOOD = CASH_CLAIM


def real_run(store: Store, tmp_path: Path) -> str:
    """Claims checked for real against a stored document: two passes and a fail."""
    seed_cash_update(store, tmp_path, UPDATE_TEXT)
    claims = parse_claims(json.dumps({"claims": [GOOD, dict(GOOD, value=1.5), GOOD]}))
    return check_and_store(store, claims, "agent.json").run_id


def read_csv(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        return list(reader.fieldnames or []), list(reader)


def write_csv(path: Path, header: list[str], rows: list[dict[str, str]]) -> None:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def test_the_sheet_round_trip_on_the_command_line(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    run_id = real_run(store, tmp_path)
    _, (first, failed, third) = store.get_run(run_id)
    assert (first.verdict, failed.verdict, third.verdict) == ("pass", "fail", "pass")
    week = period_of(first.checked_at, "week")
    (tmp_path / "out").mkdir()
    csv_name, html_name = f"out/calibration-{week}.csv", f"out/calibration-{week}.html"

    drawn = cli("review", "sample", "--week", week, "--out", "out", "--db", db_url, cwd=tmp_path)
    assert (drawn.returncode, drawn.stderr) == (0, "")
    assert drawn.stdout == f"{week}: drew 2 passing claims; wrote {csv_name} and {html_name}\n"
    header, rows = read_csv(tmp_path / csv_name)
    assert header == COLUMNS == list(SHEET_COLUMNS)
    assert [r["claim_id"] for r in rows] == [str(first.id), str(third.id)]
    row = rows[0]
    passage = row.pop("source_passage")
    assert {k: row[k] for k in COLUMNS if k != "source_passage"} == {
        "sample_id": row["sample_id"],
        "week": week,
        "claim_id": str(first.id),
        "run_id": run_id,
        "metric_key": "cash_balance",
        "value": "1.4",
        "unit": "USD_millions",
        "period": "2026-07-01 – 2026-07-31",
        "source_doc_id": "investor-update-2026-08",
        "quote": "Cash in bank at month end was $1.4M",
        "confirmed": "",
        "note": "",
        "reviewer": "",
    }
    assert "Cash in bank at month end was [[$1.4M]] (as of July 31, 2026)." in passage
    assert passage.count("[[") == passage.count("]]") == 1
    page = (tmp_path / html_name).read_text(encoding="utf-8")
    assert f"<title>Calibration sheet {week}</title>" in page
    assert page.count("<mark>$1.4M</mark>") == 2
    assert f"tieout review record calibration-{week}.csv" in page

    # the person fills it in: one confirmed (reviewer from --reviewer), one wrongly passed
    header, rows = read_csv(tmp_path / csv_name)
    rows[0].update(confirmed=" Yes ", note="")
    rows[1].update(confirmed="n", note="the July figure is restated", reviewer="Bo Chen")
    write_csv(tmp_path / csv_name, header, rows)
    filled = (tmp_path / csv_name).read_bytes()

    # a second draw refuses to overwrite the sheet being filled in
    again = cli("review", "sample", "--week", week, "--out", "out", "--db", db_url, cwd=tmp_path)
    assert (again.returncode, again.stdout, again.stderr) == (
        2,
        "",
        f"tieout: error: {csv_name} and {html_name} already exist (a sheet being filled in?); "
        "record it first with `tieout review record`, or pass --force to rewrite\n",
    )
    assert (tmp_path / csv_name).read_bytes() == filled

    recorded = cli("review", "record", csv_name, "--reviewer", "Ana", "--db", db_url, cwd=tmp_path)
    assert (recorded.returncode, recorded.stderr) == (0, "")
    assert recorded.stdout == f"recorded 2 checks from {csv_name}: 1 confirmed, 1 wrongly passed\n"
    items = store.calibration_items(week)
    assert [(i.claim.id, i.confirmed, i.reviewer, i.note) for i in items] == [
        (first.id, True, "Ana", ""),
        (third.id, False, "Bo Chen", "the July figure is restated"),
    ]

    # --force rewrites the sheet from what is stored: the same claims, the recorded answers
    forced = cli(
        "review", "sample", "--week", week, "--out", "out", "--force", "--passing", "7",
        "--db", db_url, cwd=tmp_path,
    )  # fmt: skip
    assert forced.returncode == 0, forced.stderr
    assert forced.stdout == (
        f"{week}: kept the sample drawn earlier: 2 passing claims; wrote {csv_name} and {html_name}\n"
    )
    _, rows = read_csv(tmp_path / csv_name)
    assert [(r["claim_id"], r["confirmed"], r["reviewer"]) for r in rows] == [
        (str(first.id), "yes", "Ana"),
        (str(third.id), "no", "Bo Chen"),
    ]

    report = cli("report", "calibration", "--db", db_url, "--format", "json", cwd=tmp_path)
    assert json.loads(report.stdout) == [
        {
            "week": week,
            "sampled": 2,
            "reviewed": 2,
            "confirmed": 1,
            "precision": 0.5,
            "ci95": [0.0945, 0.9055],
        }
    ]


def test_sample_refuses_a_bad_week_or_folder(sqlite_url: str, tmp_path: Path) -> None:
    bad = cli("review", "sample", "--week", "2026-48", "--db", sqlite_url, cwd=tmp_path)
    assert (bad.returncode, bad.stdout, bad.stderr) == (
        2,
        "",
        "tieout: error: '2026-48' is not an ISO week; write it like 2026-W48\n",
    )
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    not_a_folder = cli(
        "review", "sample", "--week", "2026-W48", "--out", "a-file", "--db", sqlite_url,
        cwd=tmp_path,
    )  # fmt: skip
    assert (not_a_folder.returncode, not_a_folder.stdout) == (2, "")
    assert "Invalid value for '--out': Directory 'a-file' is a file." in not_a_folder.stderr
    empty = cli(
        "review", "sample", "--week", "2026-W48", "--out", "missing", "--db", sqlite_url,
        cwd=tmp_path,
    )  # fmt: skip
    assert (empty.returncode, empty.stdout, empty.stderr) == (
        0,
        "no passing claims were checked in 2026-W48; nothing sampled, no sheet written\n",
        "",
    )
    assert not list(tmp_path.glob("calibration-*"))
    assert not (tmp_path / "missing").exists()  # a folder is made only for a sheet


# --------------------------------------------------------------------------- recording


def sheet(store: Store, path: Path, week: str = "2026-W48", n: int = 20) -> list[dict[str, str]]:
    items, _ = draw_sample(store, week, n)
    path.write_text(sheet_csv(items, store), encoding="utf-8")
    return read_csv(path)[1]


YES = ["yes", "Y", "TRUE", "1", "confirmed", "Correct", "ok"]
NO = ["no", "N", "false", "0", "wrong", "Incorrect"]


def test_yes_and_no_variants_and_blank_rows(tmp_path: Path) -> None:
    path = tmp_path / "s.csv"
    rows = [
        {"sample_id": str(i + 1), "claim_id": str(i + 10), "confirmed": answer, "reviewer": "Ana"}
        for i, answer in enumerate([*YES, *NO, "", "  "])
    ]
    write_csv(path, ["sample_id", "claim_id", "confirmed", "note", "reviewer"], rows)
    checks, blank = read_sheet(path)
    assert blank == 2
    assert [c[2] for c in checks] == [True] * len(YES) + [False] * len(NO)
    assert checks[0] == (1, 10, True, "Ana", "")


def test_record_takes_the_filled_rows_and_skips_blank_ones(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    seed(store)
    rows = sheet(store, tmp_path / "s.csv")
    header = COLUMNS
    answers = ["yes"] * 15 + ["no"] * 3 + ["", ""]
    for row, answer in zip(rows, answers, strict=True):
        row["confirmed"] = answer
    rows[0]["reviewer"], rows[0]["note"] = "  Cy   Diaz ", " checked in the deck "
    write_csv(tmp_path / "s.csv", header, rows)
    out = cli("review", "record", "s.csv", "--reviewer", "Ana", "--db", db_url, cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout == (
        "recorded 18 checks from s.csv: 15 confirmed, 3 wrongly passed; 2 left blank\n"
    )
    items = store.calibration_items("2026-W48")
    assert [i.confirmed for i in items] == [True] * 15 + [False] * 3 + [None, None]
    assert (items[0].reviewer, items[0].note) == ("Cy Diaz", "checked in the deck")
    assert {i.reviewer for i in items[1:18]} == {"Ana"}

    table = cli("report", "calibration", "--db", db_url, cwd=tmp_path)
    assert [line.rstrip() for line in table.stdout.splitlines()] == [
        "week     ┃ sampled ┃ reviewed ┃ confirmed ┃ precision ┃ 95% interval",
        "━━━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━",
        "2026-W48 │      20 │       18 │        15 │       83% │      61%–94%",
    ]


def test_record_refusals_that_need_no_database(sqlite_url: str, tmp_path: Path) -> None:
    with Store.open(sqlite_url) as store:
        seed(store)
        rows = sheet(store, tmp_path / "s.csv")

    def attempt(name: str, edit: dict[int, dict[str, str]], *extra: str) -> tuple[int, str, str]:
        copy = [dict(r) for r in rows]
        for i, change in edit.items():
            copy[i].update(change)
        write_csv(tmp_path / name, COLUMNS, copy)
        out = cli("review", "record", name, *extra, "--db", sqlite_url, cwd=tmp_path)
        return out.returncode, out.stdout, out.stderr

    assert attempt(
        "bad.csv", {0: {"confirmed": "yes", "reviewer": "A"}, 1: {"confirmed": "maybe"}}
    ) == (
        2,
        "",
        "tieout: error: bad.csv, line 3: confirmed is 'maybe'; write yes or no (or leave it "
        "empty to skip the row)\n",
    )
    assert attempt(
        "who.csv", {0: {"confirmed": "yes", "reviewer": "A"}, 2: {"confirmed": "no"}}
    ) == (
        2,
        "",
        "tieout: error: who.csv, line 4: who checked this claim? fill the reviewer column or "
        "pass --reviewer NAME\n",
    )
    assert attempt("id.csv", {0: {"confirmed": "yes", "sample_id": "1a"}}, "--reviewer", "A") == (
        2,
        "",
        "tieout: error: id.csv, line 2: sample_id is '1a', not a whole number; was the sheet "
        "edited?\n",
    )
    (tmp_path / "notes.txt").write_text("just some notes\nnothing else\n", encoding="utf-8")
    notes = cli(
        "review", "record", "notes.txt", "--reviewer", "A", "--db", sqlite_url, cwd=tmp_path
    )
    assert (notes.returncode, notes.stderr) == (
        2,
        "tieout: error: notes.txt is not a calibration sheet: no sample_id, claim_id, confirmed "
        "column; use the CSV that `tieout review sample` wrote\n",
    )
    (tmp_path / "chart.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    png = cli("review", "record", "chart.png", "--reviewer", "A", "--db", sqlite_url, cwd=tmp_path)
    assert (png.returncode, png.stderr) == (
        2,
        "tieout: error: chart.png: not UTF-8 text (byte 0); save the sheet as UTF-8 CSV\n",
    )
    gone = cli("review", "record", "gone.csv", "--reviewer", "A", "--db", sqlite_url, cwd=tmp_path)
    assert (gone.returncode, gone.stderr) == (
        2,
        "tieout: error: gone.csv: no such file; give the CSV that `tieout review sample` wrote\n",
    )
    folder = cli("review", "record", ".", "--reviewer", "A", "--db", sqlite_url, cwd=tmp_path)
    assert (folder.returncode, folder.stderr) == (
        2,
        "tieout: error: . is a folder; give the sheet's CSV file\n",
    )
    with Store.open(sqlite_url) as store:
        assert {i.confirmed for i in store.calibration_items()} == {None}


def test_record_refuses_an_edited_sample_or_claim_id_and_records_nothing(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    seed(store)
    rows = sheet(store, tmp_path / "s.csv")
    for row in rows:
        row.update(confirmed="yes", reviewer="Ana")
    first, second = rows[0], rows[1]

    unknown = [dict(r) for r in rows]
    unknown[5]["sample_id"] = "999"
    write_csv(tmp_path / "u.csv", COLUMNS, unknown)
    out = cli("review", "record", "u.csv", "--db", db_url, cwd=tmp_path)
    assert (out.returncode, out.stdout, out.stderr) == (
        2,
        "",
        "tieout: error: sample 999 is not in any calibration sheet (see `tieout review "
        "sample`); was the sheet edited?\n",
    )
    swapped = [dict(r) for r in rows]
    swapped[1]["claim_id"] = first["claim_id"]
    write_csv(tmp_path / "c.csv", COLUMNS, swapped)
    out = cli("review", "record", "c.csv", "--db", db_url, cwd=tmp_path)
    assert (out.returncode, out.stdout, out.stderr) == (
        2,
        "",
        f"tieout: error: sample {second['sample_id']} is claim {second['claim_id']}, but the "
        f"sheet says claim {first['claim_id']}; was the sheet edited?\n",
    )
    assert {i.confirmed for i in store.calibration_items()} == {None}
    assert store.record_calibration([]) == 0


# --------------------------------------------------------------------------- precision


def test_wilson_interval_against_hand_computed_values() -> None:
    # 18 of 20: p = .9, z = 1.96: centre (.9 + z²/40) / (1 + z²/20), half-width
    # z·√(.9·.1/20 + z²/1600) / (1 + z²/20)  →  0.6990 … 0.9721
    low, high = wilson_interval(18, 20)
    assert low == pytest.approx(0.698966, abs=1e-6) and high == pytest.approx(0.972134, abs=1e-6)
    assert wilson_interval(3, 3) == pytest.approx((0.438503, 1.0), abs=1e-6)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0, abs=1e-12)


@given(st.integers(0, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_bounds_contain_p_and_lie_in_the_unit_interval(kn: tuple[int, int]) -> None:
    k, n = kn
    low, high = wilson_interval(k, n)
    p = k / n if n else 0.5
    assert 0.0 <= low <= p + 1e-12 and p - 1e-12 <= high <= 1.0
    if n:
        mirrored = wilson_interval(n - k, n)
        assert mirrored == pytest.approx((1 - high, 1 - low), abs=1e-9)


def test_report_calibration_counts_the_latest_check_of_each_sample(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    empty = cli("report", "calibration", "--db", db_url, cwd=tmp_path)
    assert (empty.returncode, empty.stdout) == (
        0,
        "no calibration samples yet (`tieout review sample` draws one)\n",
    )
    seed(store)
    w48, _ = draw_sample(store, "2026-W48", 20)
    w47, _ = draw_sample(store, "2026-W47", 20)
    draw_sample(store, "2026-W49", 2)
    first = [(i.sample_id, i.claim.id, n >= 2, "Ana", "") for n, i in enumerate(w48)]
    assert store.record_calibration(first) == 20  # 18 of 20 confirmed
    # a second look at sample 1 says it was right after all; the latest check counts
    store.record_calibration([(w48[0].sample_id, None, True, "Bo", "rechecked")])
    store.record_calibration([(i.sample_id, i.claim.id, True, "Ana", "") for i in w47[:3]])
    weeks = calibration_weeks(store)
    assert [w.to_dict() for w in weeks] == [
        {"week": "2026-W47", "sampled": 5, "reviewed": 3, "confirmed": 3, "precision": 1.0,
         "ci95": [0.4385, 1.0]},
        {"week": "2026-W48", "sampled": 20, "reviewed": 20, "confirmed": 19, "precision": 0.95,
         "ci95": [0.7639, 0.9911]},
        {"week": "2026-W49", "sampled": 2, "reviewed": 0, "confirmed": 0, "precision": None,
         "ci95": None},
    ]  # fmt: skip
    items = store.calibration_items("2026-W48")
    assert (items[0].confirmed, items[0].reviewer, items[0].note) == (True, "Bo", "rechecked")
    store.record_calibration([(w48[0].sample_id, None, False, "Cy", "")])  # back to 18 of 20
    table = cli("report", "calibration", "--db", db_url, cwd=tmp_path)
    assert [line.rstrip() for line in table.stdout.splitlines()] == [
        "week     ┃ sampled ┃ reviewed ┃ confirmed ┃ precision ┃ 95% interval",
        "━━━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━",
        "2026-W47 │       5 │        3 │         3 │      100% │     44%–100%",
        "2026-W48 │      20 │       20 │        18 │       90% │      70%–97%",
        "2026-W49 │       2 │        0 │         0 │         — │            —",
    ]
    js = json.loads(
        cli("report", "calibration", "--db", db_url, "--format", "json", cwd=tmp_path).stdout
    )
    assert js[1] == {
        "week": "2026-W48",
        "sampled": 20,
        "reviewed": 20,
        "confirmed": 18,
        "precision": 0.9,
        "ci95": [0.699, 0.9721],
    }


# --------------------------------------------------------------------------- all or nothing


def test_a_refused_sample_leaves_the_database_as_it_was(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    """Sheets already there: `review sample` exits 2 and must not have drawn the week either."""
    seed(store)
    for suffix in ("csv", "html"):
        (tmp_path / f"calibration-2026-W48.{suffix}").write_text("half filled", encoding="utf-8")
    out = cli("review", "sample", "--week", "2026-W48", "--db", db_url, cwd=tmp_path)
    assert (out.returncode, out.stdout, out.stderr) == (
        2,
        "",
        "tieout: error: calibration-2026-W48.csv and calibration-2026-W48.html already exist (a "
        "sheet being filled in?); record it first with `tieout review record`, or pass --force "
        "to rewrite\n",
    )
    assert (tmp_path / "calibration-2026-W48.csv").read_text(encoding="utf-8") == "half filled"
    assert store.calibration_items("2026-W48") == []


def test_an_error_names_the_line_of_the_file_where_the_row_is(
    sqlite_url: str, tmp_path: Path
) -> None:
    """A quote with a line break (the checker passes it) must not shift the line numbers."""
    with Store.open(sqlite_url) as store:
        _line_numbers(store, tmp_path)


def _line_numbers(store: Store, tmp_path: Path) -> None:
    real_run(store, tmp_path)  # two passes, whose quotes are on one line
    broken = dict(GOOD, source_quote="Cash in bank at\nmonth end was $1.4M")
    run_id = check_and_store(
        store, parse_claims(json.dumps({"claims": [broken, GOOD]})), "agent2.json"
    ).run_id
    _, (first, second) = store.get_run(run_id)
    assert (first.verdict, second.verdict) == ("pass", "pass")
    week = period_of(first.checked_at, "week")
    items, _ = draw_sample(store, week, 20)
    assert len(items) == 4
    path = tmp_path / "s.csv"
    path.write_text(sheet_csv(items, store), encoding="utf-8")
    _, rows = read_csv(path)
    last = rows[-1]
    last["confirmed"] = "maybe"
    write_csv(path, COLUMNS, rows)
    lines = path.read_text(encoding="utf-8").splitlines()
    where = next(
        n for n, line in enumerate(lines, start=1) if line.startswith(f"{last['sample_id']},")
    )
    with pytest.raises(InputError) as err:
        read_sheet(path, "Ana")
    assert str(err.value) == (
        f"{path}, line {where}: confirmed is 'maybe'; write yes or no (or leave it empty to "
        "skip the row)"
    )
