"""`tieout report rates` (issue 6, item 4): verdict rates per metric per period, and flags.

A seeded history spread over ISO weeks and months; exact rows and rates; a metric whose
unsupported rate climbs is flagged as a likely retrieval problem, one whose fail rate climbs
as changed figures; nothing is flagged below MIN_CLAIMS or when the rate fell in the last
step; --by month, --since and --metric; --chart draws a real PNG or SVG.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tieout.errors import InputError
from tieout.review.calibration import week_bounds
from tieout.review.rates import (
    MIN_CLAIMS,
    RISE,
    period_of,
    rates_from,
    verdict_rates,
)
from tieout.store import ClaimResultRecord, RunRecord, Store

RETRIEVAL = "likely retrieval problem: the right document is not being retrieved"
CHANGED = (
    "figures or definitions may have changed: compare the source documents with the "
    "metric's registry entry"
)
MONDAY = {  # Monday 00:00 UTC of each ISO week used
    "2026-W44": datetime(2026, 10, 26, tzinfo=UTC),
    "2026-W45": datetime(2026, 11, 2, tzinfo=UTC),
    "2026-W46": datetime(2026, 11, 9, tzinfo=UTC),
    "2026-W47": datetime(2026, 11, 16, tzinfo=UTC),
    "2026-W48": datetime(2026, 11, 23, tzinfo=UTC),
}
# (metric, week) -> verdicts checked that week
HISTORY: dict[tuple[str, str], list[str]] = {
    # unsupported climbs 0 → 10% → 20% → 50%: flagged
    ("arr", "2026-W45"): ["pass"] * 10,
    ("arr", "2026-W46"): ["unsupported"] + ["pass"] * 9,
    ("arr", "2026-W47"): ["unsupported"] * 2 + ["pass"] * 8,
    ("arr", "2026-W48"): ["unsupported"] * 5 + ["pass"] * 5,
    # unsupported rose, then fell in the last step (60% → 40%): not flagged
    ("cash", "2026-W44"): ["pass"] * 4,
    ("cash", "2026-W45"): ["pass"] * 10,
    ("cash", "2026-W46"): ["pass"] * 10,
    ("cash", "2026-W47"): ["unsupported"] * 6 + ["pass"] * 4,
    ("cash", "2026-W48"): ["unsupported"] * 4 + ["warning"] + ["pass"] * 5,
    # every claim of the latest week fails, but only 4 of them: not flagged
    ("burn", "2026-W47"): ["pass"] * 5,
    ("burn", "2026-W48"): ["fail"] * 4,
    # the fail rate climbs 0 → 20% → 40% with exactly MIN_CLAIMS claims: flagged
    ("churn", "2026-W46"): ["pass"] * 5,
    ("churn", "2026-W47"): ["fail"] + ["pass"] * 4,
    ("churn", "2026-W48"): ["fail"] * 2 + ["pass"] * 3,
}
ARR_FLAG = (
    "arr: unsupported rate rose to 50% in 2026-W48 (from 10% before); "
    "likely retrieval problem: the right document is not being retrieved"
)
CHURN_FLAG = f"churn: fail rate rose to 40% in 2026-W48 (from 10% before); {CHANGED}"


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args], cwd=cwd, capture_output=True, text=True,
        check=False, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )  # fmt: skip


def seed(store: Store) -> None:
    """One run per week; claims spread over the week, the first at Monday 00:00 exactly,
    the last at Sunday 23:59:59 (both inside the week)."""
    for week, monday in MONDAY.items():
        verdicts = [(m, v) for (m, w), vs in HISTORY.items() if w == week for v in vs]
        if not verdicts:
            continue
        step = (timedelta(days=7) - timedelta(seconds=1)) / max(1, len(verdicts) - 1)
        results = [
            ClaimResultRecord(
                run_id=f"run-{week}",
                position=i,
                metric_key=m,
                claim={"metric_key": m, "value": "1", "unit": "USD"},
                verdict=v,
                reason=v,
                checks=[],
                snapshot_sha256=None,
                registry_metric_key=None,
                registry_effective_from=None,
                checked_at=monday + step * i,
            )
            for i, (m, v) in enumerate(verdicts)
        ]
        assert period_of(results[-1].checked_at, "week") == week
        store.save_run(RunRecord(f"run-{week}", "claims.json", monday, {}), results)


def as_rows(table_rows: list[dict[str, object]]) -> list[tuple[object, ...]]:
    return [(r["metric_key"], r["period"], r["claims"], r["counts"]) for r in table_rows]


def c(p: int = 0, w: int = 0, f: int = 0, u: int = 0) -> dict[str, int]:
    return {"pass": p, "warning": w, "fail": f, "unsupported": u}


WEEK_ROWS = [
    ("arr", "2026-W45", 10, c(p=10)),
    ("arr", "2026-W46", 10, c(p=9, u=1)),
    ("arr", "2026-W47", 10, c(p=8, u=2)),
    ("arr", "2026-W48", 10, c(p=5, u=5)),
    ("burn", "2026-W47", 5, c(p=5)),
    ("burn", "2026-W48", 4, c(f=4)),
    ("cash", "2026-W44", 4, c(p=4)),
    ("cash", "2026-W45", 10, c(p=10)),
    ("cash", "2026-W46", 10, c(p=10)),
    ("cash", "2026-W47", 10, c(p=4, u=6)),
    ("cash", "2026-W48", 10, c(p=5, w=1, u=4)),
    ("churn", "2026-W46", 5, c(p=5)),
    ("churn", "2026-W47", 5, c(p=4, f=1)),
    ("churn", "2026-W48", 5, c(p=3, f=2)),
]


def test_weekly_rates_rows_and_flags_exactly(db_url: str, store: Store, tmp_path: Path) -> None:
    seed(store)
    table = verdict_rates(store)
    assert as_rows([r.to_dict() for r in table.rows]) == WEEK_ROWS
    assert [f.message for f in table.flags] == [ARR_FLAG, CHURN_FLAG]
    arr = table.flags[0].to_dict()
    assert arr == {
        "metric_key": "arr",
        "verdict": "unsupported",
        "period": "2026-W48",
        "baseline": 0.1,
        "latest": 0.5,
        "message": ARR_FLAG,
    }
    assert table.rows[10].to_dict()["rates"] == {
        "pass": 0.5,
        "warning": 0.1,
        "fail": 0.0,
        "unsupported": 0.4,
    }

    out = cli("report", "rates", "--db", db_url, cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, "")
    lines = [line.rstrip() for line in out.stdout.splitlines()]
    assert lines == [
        "metric ┃ week     ┃ claims ┃ pass ┃ warning ┃ fail ┃ unsupported",
        "━━━━━━━╇━━━━━━━━━━╇━━━━━━━━╇━━━━━━╇━━━━━━━━━╇━━━━━━╇━━━━━━━━━━━━",
        "arr    │ 2026-W45 │     10 │ 100% │       · │    · │           ·",
        "arr    │ 2026-W46 │     10 │  90% │       · │    · │         10%",
        "arr    │ 2026-W47 │     10 │  80% │       · │    · │         20%",
        "arr    │ 2026-W48 │     10 │  50% │       · │    · │         50%",
        "burn   │ 2026-W47 │      5 │ 100% │       · │    · │           ·",
        "burn   │ 2026-W48 │      4 │    · │       · │ 100% │           ·",
        "cash   │ 2026-W44 │      4 │ 100% │       · │    · │           ·",
        "cash   │ 2026-W45 │     10 │ 100% │       · │    · │           ·",
        "cash   │ 2026-W46 │     10 │ 100% │       · │    · │           ·",
        "cash   │ 2026-W47 │     10 │  40% │       · │    · │         60%",
        "cash   │ 2026-W48 │     10 │  50% │     10% │    · │         40%",
        "churn  │ 2026-W46 │      5 │ 100% │       · │    · │           ·",
        "churn  │ 2026-W47 │      5 │  80% │       · │  20% │           ·",
        "churn  │ 2026-W48 │      5 │  60% │       · │  40% │           ·",
        f"rising: {ARR_FLAG}",
        f"rising: {CHURN_FLAG}",
    ]

    js = cli("report", "rates", "--db", db_url, "--format", "json", cwd=tmp_path)
    data = json.loads(js.stdout)
    assert data["by"] == "week" and as_rows(data["rows"]) == WEEK_ROWS
    assert [f["message"] for f in data["flags"]] == [ARR_FLAG, CHURN_FLAG]
    assert "chart" not in data


def test_filters_and_months(db_url: str, store: Store, tmp_path: Path) -> None:
    seed(store)
    by_month = verdict_rates(store, by="month")
    assert as_rows([r.to_dict() for r in by_month.rows]) == [
        ("arr", "2026-11", 40, c(p=32, u=8)),
        ("burn", "2026-11", 9, c(p=5, f=4)),
        ("cash", "2026-10", 3, c(p=3)),  # the 4th claim of W44 is on Sunday 1 November
        ("cash", "2026-11", 41, c(p=30, w=1, u=10)),
        ("churn", "2026-11", 15, c(p=12, f=3)),
    ]
    # cash: 24% (10 of 41) unsupported in November against 0% in October
    assert [f.message for f in by_month.flags] == [
        "cash: unsupported rate rose to 24% in 2026-11 (from 0% before); " + RETRIEVAL
    ]
    # --since: claims checked on or after the date (midnight UTC, so Monday 00:00 counts)
    since = verdict_rates(store, since=date(2026, 11, 16))
    assert [(r.metric_key, r.period) for r in since.rows] == [
        ("arr", "2026-W47"),
        ("arr", "2026-W48"),
        ("burn", "2026-W47"),
        ("burn", "2026-W48"),
        ("cash", "2026-W47"),
        ("cash", "2026-W48"),
        ("churn", "2026-W47"),
        ("churn", "2026-W48"),
    ]
    assert since.rows[0].total == 10
    assert [f.message for f in since.flags] == [
        "arr: unsupported rate rose to 50% in 2026-W48 (from 20% before); " + RETRIEVAL,
        f"churn: fail rate rose to 40% in 2026-W48 (from 20% before); {CHANGED}",
    ]
    # the last second of a week is before the next Monday
    assert verdict_rates(store, since=date(2026, 11, 30)).rows == []

    monthly = cli(
        "report", "rates", "--db", db_url, "--by", "month", "--metric", "cash",
        "--since", "2026-10-01", "--format", "json", cwd=tmp_path,
    )  # fmt: skip
    assert monthly.returncode == 0, monthly.stderr
    data = json.loads(monthly.stdout)
    assert data["by"] == "month"
    assert as_rows(data["rows"]) == [
        ("cash", "2026-10", 3, c(p=3)),  # the 4th claim of W44 is on Sunday 1 November
        ("cash", "2026-11", 41, c(p=30, w=1, u=10)),
    ]
    assert [f["message"] for f in data["flags"]] == [
        "cash: unsupported rate rose to 24% in 2026-11 (from 0% before); " + RETRIEVAL
    ]
    one = cli(
        "report",
        "rates",
        "--db",
        db_url,
        "--metric",
        "churn",
        "--since",
        "2026-11-23",
        cwd=tmp_path,
    )
    assert [line.rstrip() for line in one.stdout.splitlines()] == [
        "metric ┃ week     ┃ claims ┃ pass ┃ warning ┃ fail ┃ unsupported",
        "━━━━━━━╇━━━━━━━━━━╇━━━━━━━━╇━━━━━━╇━━━━━━━━━╇━━━━━━╇━━━━━━━━━━━━",
        "churn  │ 2026-W48 │      5 │  60% │       · │  40% │           ·",
    ]
    none = cli("report", "rates", "--db", db_url, "--metric", "nope", cwd=tmp_path)
    assert (none.returncode, none.stdout) == (0, "no stored claims match\n")


def test_rates_count_the_checkers_verdicts_not_overrides(store: Store) -> None:
    seed(store)
    before = verdict_rates(store, metric_key="arr")
    unsupported = [
        r for r in store.list_claim_results(metric_key="arr") if r.verdict == "unsupported"
    ]
    for r in unsupported:
        assert r.id is not None
        store.override_claim(r.id, "pass", reason="found in the appendix", reviewer="Ana")
    after = verdict_rates(store, metric_key="arr")
    assert after == before and [f.message for f in after.flags] == [ARR_FLAG]


# --------------------------------------------------------------------------- flag rules


def rows_of(metric: str, weeks: list[list[str]]) -> list[tuple[str, str, datetime]]:
    start = datetime(2026, 9, 7, 12, tzinfo=UTC)  # a Monday, 2026-W37
    return [
        (metric, verdict, start + timedelta(weeks=i, minutes=j))
        for i, verdicts in enumerate(weeks)
        for j, verdict in enumerate(verdicts)
    ]


def test_a_rise_of_exactly_rise_is_flagged_and_just_below_is_not() -> None:
    assert RISE == 0.10 and MIN_CLAIMS == 5
    exact = rates_from(
        rows_of("m", [["pass"] * 9 + ["unsupported"], ["pass"] * 8 + ["unsupported"] * 2])
    )
    assert [f.message for f in exact.flags] == [
        "m: unsupported rate rose to 20% in 2026-W38 (from 10% before); " + RETRIEVAL
    ]
    below = rates_from(
        rows_of("m", [["pass"] * 10 + ["unsupported"], ["pass"] * 9 + ["unsupported"] * 2])
    )  # 9.1% → 18.2%: a rise of 9.1 points
    assert below.flags == []


def test_the_baseline_is_the_mean_of_the_three_periods_before_the_latest() -> None:
    weeks = [
        ["unsupported"] * 10,
        ["pass"] * 10,
        ["pass"] * 10,
        ["pass"] * 10,
        ["unsupported"] + ["pass"] * 9,
    ]
    # five weeks: the first (100%) is outside the baseline; 0, 0, 0 → 10% is a rise of 10 points
    table = rates_from(rows_of("m", weeks))
    assert [f.to_dict()["baseline"] for f in table.flags] == [0.0]
    assert [f.message for f in table.flags] == [
        "m: unsupported rate rose to 10% in 2026-W41 (from 0% before); " + RETRIEVAL
    ]


def test_no_flag_with_a_single_period_or_too_few_claims() -> None:
    assert rates_from(rows_of("m", [["unsupported"] * 20])).flags == []
    few = rates_from(rows_of("m", [["pass"] * 10, ["fail"] * (MIN_CLAIMS - 1)]))
    assert few.flags == []
    enough = rates_from(rows_of("m", [["pass"] * 10, ["fail"] * MIN_CLAIMS]))
    assert [f.verdict for f in enough.flags] == ["fail"]


def test_a_bad_period_is_refused() -> None:
    with pytest.raises(InputError, match=r"^--by takes week or month, got 'year'$"):
        rates_from([], "year")
    with pytest.raises(InputError, match=r"^--by takes week or month, got 'day'$"):
        period_of(date(2026, 1, 1), "day")


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2999, 12, 31)))
def test_period_of_agrees_with_isocalendar_and_week_bounds(day: date) -> None:
    year, week, _ = day.isocalendar()
    assert period_of(day, "week") == f"{year}-W{week:02d}"
    assert period_of(day, "month") == f"{day.year}-{day.month:02d}"
    start, end = week_bounds(period_of(day, "week"))
    assert start.date() <= day < end.date() and start.weekday() == 0
    when = datetime(day.year, day.month, day.day, 23, 59, 59, tzinfo=UTC)
    assert period_of(when, "week") == period_of(day, "week")


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a", "b"]),
            st.sampled_from(["pass", "warning", "fail", "unsupported"]),
            st.integers(0, 400),
        ),
        max_size=60,
    )
)
def test_every_row_is_counted_once_and_rates_sum_to_one(
    spec: list[tuple[str, str, int]],
) -> None:
    start = datetime(2026, 1, 5, tzinfo=UTC)
    rows = [(m, v, start + timedelta(days=d)) for m, v, d in spec]
    table = rates_from(rows)
    assert sum(r.total for r in table.rows) == len(rows)
    for r in table.rows:
        assert sum(r.counts.values()) == r.total
        assert abs(sum(r.rate(v) for v in ("pass", "warning", "fail", "unsupported")) - 1) < 1e-9
    for f in table.flags:
        assert f.latest - f.baseline >= RISE - 1e-9


# --------------------------------------------------------------------------- charts


def test_charts_are_real_png_and_svg_and_other_names_are_refused(
    sqlite_url: str, tmp_path: Path
) -> None:
    with Store.open(sqlite_url) as store:
        seed(store)
    png = cli("report", "rates", "--db", sqlite_url, "--chart", "rates.png", cwd=tmp_path)
    assert (png.returncode, png.stderr) == (0, "")
    assert png.stdout.splitlines()[-1] == "wrote the chart to rates.png"
    data = (tmp_path / "rates.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000

    svg = cli(
        "report", "rates", "--db", sqlite_url, "--chart", "rates.SVG", "--format", "json",
        cwd=tmp_path,
    )  # fmt: skip
    assert svg.returncode == 0, svg.stderr
    assert json.loads(svg.stdout)["chart"] == "rates.SVG"
    root = ET.parse(tmp_path / "rates.SVG").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = (tmp_path / "rates.SVG").read_text(encoding="utf-8")
    for title in ("arr", "burn", "cash", "churn", "Verdict rates by week"):
        assert title in text

    jpg = cli("report", "rates", "--db", sqlite_url, "--chart", "rates.jpg", cwd=tmp_path)
    assert (jpg.returncode, jpg.stdout, jpg.stderr) == (
        2,
        "",
        "tieout: error: cannot draw a chart as 'rates.jpg': give a file name ending in .png "
        "or .svg\n",
    )
    missing = cli("report", "rates", "--db", sqlite_url, "--chart", "no/such/r.png", cwd=tmp_path)
    assert (missing.returncode, missing.stdout, missing.stderr) == (
        2,
        "",
        "tieout: error: --chart no/such/r.png: its folder does not exist; create it first\n",
    )
    assert sorted(
        p.name for p in tmp_path.iterdir() if p.suffix != ".db" and "-" not in p.name
    ) == [
        "rates.SVG",
        "rates.png",
    ]


def test_an_empty_history_still_draws_a_chart(tmp_path: Path) -> None:
    from tieout.review.rates import chart_svg, write_chart

    empty = rates_from([])
    root = ET.fromstring(chart_svg(empty))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    write_chart(empty, tmp_path / "e.png")
    assert (tmp_path / "e.png").read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(
        InputError,
        match=r"^cannot draw a chart as '.*e\.gif': give a file name ending in \.png or \.svg$",
    ):
        write_chart(empty, tmp_path / "e.gif")
    assert not (tmp_path / "e.gif").exists()
