"""`tieout review override` (issue 6, item 3): a reviewer's verdict beside the checker's.

A fail never becomes a warning without a reason and a reviewer; refusals are one line on
stderr, exit 2, and store nothing; an accepted override is shown beside the original in
`review list` (table and json), counts for `--verdict`, and appears in every report format.
"""

from __future__ import annotations

import json
import os
import pwd
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from _seed import seed_cash_update
from hypothesis import given
from hypothesis import strategies as st

from tieout.checks.runs import check_and_store
from tieout.errors import InputError, NotFound
from tieout.schemas import parse_claims
from tieout.store import ClaimResultRecord, RunRecord, Store
from tieout.store.overrides import MAX_REASON, check_override

T0 = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)
UPDATE_TEXT = """\
# Brightwell Labs — July 2026 investor update

## Cash and runway

Cash in bank at month end was $1.4M (as of July 31, 2026).
"""
GOOD: dict[str, Any] = {
    "metric_key": "cash_balance",
    "value": 1.4,
    "unit": "USD_millions",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": "investor-update-2026-08",
    "source_quote": "Cash in bank at month end was $1.4M",
    "source_locator": "section: Cash and runway, paragraph 1",
}


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args], cwd=cwd, capture_output=True, text=True,
        check=False, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )  # fmt: skip


def result(position: int, verdict: str, metric: str) -> ClaimResultRecord:
    return ClaimResultRecord(
        run_id="r1",
        position=position,
        metric_key=metric,
        claim={"metric_key": metric, "value": "1.4", "unit": "USD_millions"},
        verdict=verdict,
        reason=f"{metric}: the checker said {verdict}",
        checks=[],
        snapshot_sha256=None,
        registry_metric_key=None,
        registry_effective_from=None,
        checked_at=T0,
    )


def seed(store: Store) -> dict[str, int]:
    """One run of three claims; returns their ids by metric."""
    store.save_run(
        RunRecord("r1", "claims.json", T0, {"fail": 1, "pass": 1, "unsupported": 1}),
        [result(0, "fail", "arr"), result(1, "pass", "cash"), result(2, "unsupported", "burn")],
    )
    return {r.metric_key: r.id for r in store.list_claim_results() if r.id is not None}


def no_overrides(store: Store) -> bool:
    return all(r.overrides == () for r in store.list_claim_results())


# --------------------------------------------------------------------------- refusals


def test_refused_overrides_say_why_in_one_line_and_store_nothing(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    ids = seed(store)
    arr = str(ids["arr"])
    base = ("review", "override", arr, "--db", db_url)
    no_reason = (
        f"tieout: error: an override needs a reason: say why claim {arr} should be warning, "
        "not fail (--reason)\n"
    )
    cases = [
        (("--verdict", "warning", "--reviewer", "Ana"), no_reason),
        (("--verdict", "warning", "--reviewer", "Ana", "--reason", "  \t "), no_reason),
        (
            ("--verdict", "warning", "--reason", "restated in the Q3 deck"),
            "tieout: error: an override needs the reviewer's name (--reviewer)\n",
        ),
        (
            ("--verdict", "warning", "--reason", "restated", "--reviewer", "   "),
            "tieout: error: an override needs the reviewer's name (--reviewer)\n",
        ),
        (
            ("--verdict", "fail", "--reason", "still wrong", "--reviewer", "Ana"),
            f"tieout: error: claim {arr} is already fail; there is nothing to override\n",
        ),
    ]
    for extra, stderr in cases:
        out = cli(*base, *extra, cwd=tmp_path)
        assert (out.returncode, out.stdout, out.stderr) == (2, "", stderr), extra
    unknown = cli(
        "review", "override", "987654", "--verdict", "pass", "--reason", "r", "--reviewer", "Ana",
        "--db", db_url, cwd=tmp_path,
    )  # fmt: skip
    assert (unknown.returncode, unknown.stdout, unknown.stderr) == (
        2,
        "",
        "tieout: error: claim 987654 is not stored (see `tieout review list` for claim ids)\n",
    )
    assert no_overrides(store)


def test_the_library_refuses_the_same_rules(store: Store) -> None:
    ids = seed(store)
    with pytest.raises(
        InputError,
        match=r"^'maybe' is not a verdict; use one of: pass, warning, fail, unsupported$",
    ):
        store.override_claim(ids["arr"], "maybe", reason="r", reviewer="Ana")
    with pytest.raises(InputError) as long:
        store.override_claim(ids["arr"], "warning", reason="x" * (MAX_REASON + 1), reviewer="Ana")
    assert str(long.value) == "the reason is 4,001 characters; keep it under 4,000"
    with pytest.raises(NotFound):
        store.override_claim(424242, "warning", reason="r", reviewer="Ana")
    with pytest.raises(InputError, match="a claim id is a whole number"):
        store.override_claim(True, "warning", reason="r", reviewer="Ana")
    assert no_overrides(store)
    # at the limit it is kept whole, trimmed of surrounding space only
    done = store.override_claim(
        ids["arr"], "warning", reason=" " + "x" * MAX_REASON + " ", reviewer=" Ana \n Lima "
    )
    assert (len(done.reason), done.reviewer) == (MAX_REASON, "Ana Lima")


@given(st.text(alphabet=" \t\n\r\u00a0\u2003", max_size=12))
def test_a_blank_reason_is_always_refused(blank: str) -> None:
    with pytest.raises(
        InputError,
        match=r"^an override needs a reason: say why claim 7 should be warning, not fail \(--reason\)$",
    ):
        check_override(7, "fail", "warning", blank, "Ana")


@given(st.text(min_size=1, max_size=40).filter(lambda s: s.strip()))
def test_any_written_reason_is_kept_as_written_trimmed(reason: str) -> None:
    assert check_override(7, "fail", "warning", reason, "Ana") == (reason.strip(), "Ana")


# --------------------------------------------------------------------------- accepted


def test_an_accepted_override_is_shown_beside_the_original_everywhere(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    ids = seed(store)
    arr = ids["arr"]
    ok = cli(
        "review", "override", str(arr), "--verdict", "warning", "--reason",
        "restated in the Q3 deck", "--reviewer", "  Ana  Lima ", "--db", db_url, cwd=tmp_path,
    )  # fmt: skip
    assert (ok.returncode, ok.stderr) == (0, "")
    user = f"OS user {pwd.getpwuid(os.getuid()).pw_name}"  # who ran it, beside --reviewer
    assert (
        ok.stdout == f"claim {arr}: fail → warning by Ana Lima [{user}] (restated in the Q3 deck)\n"
    )
    stored = store.get_claim(arr)
    assert (stored.verdict, stored.effective_verdict, stored.reason) == (
        "fail",
        "warning",
        "arr: the checker said fail",
    )
    (o,) = stored.overrides
    assert (o.claim_id, o.original_verdict, o.verdict, o.reason, o.reviewer, o.signed_in_as) == (
        arr,
        "fail",
        "warning",
        "restated in the Q3 deck",
        "Ana Lima",
        user,
    )

    table = cli("review", "list", "--db", db_url, cwd=tmp_path)
    assert table.returncode == 0, table.stderr
    lines = [line.rstrip() for line in table.stdout.splitlines()]
    at = lines.index(f"{arr}  fail → warning (Ana Lima)  arr  1.4 USD_millions  run r1")
    assert lines[at + 1 : at + 3] == [
        "  arr: the checker said fail",
        "  override: restated in the Q3 deck",
    ]
    assert "pass  cash  1.4 USD_millions  run r1" in table.stdout

    listed = json.loads(
        cli("review", "list", "--db", db_url, "--format", "json", cwd=tmp_path).stdout
    )
    first = next(r for r in listed if r["id"] == arr)
    assert (first["verdict"], first["effective_verdict"]) == ("fail", "warning")
    assert first["overrides"] == [
        {
            "id": o.id,
            "claim_id": arr,
            "from": "fail",
            "verdict": "warning",
            "reason": "restated in the Q3 deck",
            "reviewer": "Ana Lima",
            "signed_in_as": user,
            "at": o.created_at.isoformat(),
        }
    ]
    untouched = next(r for r in listed if r["id"] == ids["cash"])
    assert (untouched["verdict"], untouched["effective_verdict"], untouched["overrides"]) == (
        "pass",
        "pass",
        [],
    )

    # --verdict filters on the verdict now in force, not the checker's
    warnings = cli(
        "review", "list", "--db", db_url, "--verdict", "warning", "--format", "json", cwd=tmp_path
    )
    assert [r["id"] for r in json.loads(warnings.stdout)] == [arr]
    fails = cli("review", "list", "--db", db_url, "--verdict", "fail", cwd=tmp_path)
    assert (fails.returncode, fails.stdout) == (0, "no stored claims match\n")

    # a second override replaces the first in force; both stay on record
    again = cli(
        "review", "override", str(arr), "--verdict", "pass", "--reason", "figure confirmed",
        "--reviewer", "Bo", "--format", "json", "--db", db_url, cwd=tmp_path,
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    shown = json.loads(again.stdout)
    assert {k: shown[k] for k in ("claim_id", "from", "verdict", "reason", "reviewer")} == {
        "claim_id": arr,
        "from": "warning",
        "verdict": "pass",
        "reason": "figure confirmed",
        "reviewer": "Bo",
    }
    now = store.get_claim(arr)
    assert [(x.original_verdict, x.verdict) for x in now.overrides] == [
        ("fail", "warning"),
        ("warning", "pass"),
    ]
    assert (now.verdict, now.effective_verdict) == ("fail", "pass")
    same = cli(
        "review", "override", str(arr), "--verdict", "pass", "--reason", "r", "--reviewer", "C",
        "--db", db_url, cwd=tmp_path,
    )  # fmt: skip
    assert (same.returncode, same.stderr) == (
        2,
        f"tieout: error: claim {arr} is already pass; there is nothing to override\n",
    )
    passes = json.loads(
        cli(
            "review", "list", "--db", db_url, "--verdict", "pass", "--format", "json", cwd=tmp_path
        ).stdout
    )
    assert sorted(r["id"] for r in passes) == sorted([arr, ids["cash"]])


def test_overrides_are_listed_oldest_first_whatever_the_clock(store: Store) -> None:
    ids = seed(store)
    later = datetime(2026, 12, 1, tzinfo=UTC)
    store.override_claim(ids["burn"], "warning", reason="one", reviewer="A", at=later)
    store.override_claim(ids["burn"], "pass", reason="two", reviewer="B", at=later)
    got = store.get_claim(ids["burn"])
    assert [(o.reason, o.original_verdict) for o in got.overrides] == [
        ("one", "unsupported"),
        ("two", "warning"),
    ]
    assert got.effective_verdict == "pass" and got.override is not None
    assert got.override.reason == "two"


# --------------------------------------------------------------------------- reports


def real_run(store: Store, tmp_path: Path) -> str:
    """A run checked for real against a stored document: one pass, one fail."""
    seed_cash_update(store, tmp_path, UPDATE_TEXT)
    claims = parse_claims(json.dumps({"claims": [GOOD, dict(GOOD, value=1.5)]}))
    return check_and_store(store, claims, "agent.json").run_id


def test_report_run_shows_the_override_beside_the_original_in_every_format(
    db_url: str, store: Store, tmp_path: Path
) -> None:
    run_id = real_run(store, tmp_path)
    _, (good, bad) = store.get_run(run_id)
    assert (good.verdict, bad.verdict) == ("pass", "fail")
    assert bad.id is not None
    at = datetime(2026, 12, 2, 10, 15, tzinfo=UTC)
    store.override_claim(bad.id, "warning", reason="rounding in the deck", reviewer="Ana", at=at)

    md = cli("report", "run", run_id, "--db", db_url, cwd=tmp_path)
    assert md.returncode == 0, md.stderr
    assert "## 1. cash_balance — pass\n" in md.stdout
    assert "## 2. cash_balance — fail → warning (overridden by Ana)\n" in md.stdout
    assert (
        "- override: fail → warning by Ana on 2026-12-02 10:15 UTC: rounding in the deck\n"
        in md.stdout
    )
    assert md.stdout.count("- override:") == 1
    assert "**$1.4M**" in md.stdout

    html = cli("report", "run", run_id, "--db", db_url, "--format", "html", cwd=tmp_path)
    assert html.returncode == 0, html.stderr
    assert (
        "<h2>2. cash_balance — <s><span class='fail'>fail</span></s> → "
        "<span class='warning'>warning</span> <small>(overridden by Ana)</small></h2>"
    ) in html.stdout
    assert (
        "<li>override: fail → warning by Ana on 2026-12-02 10:15 UTC: rounding in the deck</li>"
        in html.stdout
    )
    assert "<mark>$1.4M</mark>" in html.stdout

    data = json.loads(
        cli("report", "run", run_id, "--db", db_url, "--format", "json", cwd=tmp_path).stdout
    )
    first, second = data["claims"]
    assert (first["verdict"], first["effective_verdict"], first["overrides"]) == (
        "pass",
        "pass",
        [],
    )
    assert (second["verdict"], second["effective_verdict"]) == ("fail", "warning")
    assert [
        {k: o[k] for k in ("claim_id", "from", "verdict", "reason", "reviewer", "at")}
        for o in second["overrides"]
    ] == [
        {
            "claim_id": bad.id,
            "from": "fail",
            "verdict": "warning",
            "reason": "rounding in the deck",
            "reviewer": "Ana",
            "at": "2026-12-02T10:15:00+00:00",
        }
    ]
    # the run's stored counts are the checker's: an override rewrites no history
    assert (data["counts"].get("fail"), data["counts"].get("warning", 0)) == (1, 0)


def test_review_runs_lists_runs_newest_first(sqlite_url: str, tmp_path: Path) -> None:
    empty = cli("review", "runs", "--db", sqlite_url, cwd=tmp_path)
    assert (empty.returncode, empty.stdout) == (
        0,
        "no runs stored yet (`tieout check CLAIMS.json` makes one)\n",
    )
    with Store.open(sqlite_url) as store:
        seed(store)
        store.save_run(
            RunRecord("r0", "older.json", datetime(2026, 10, 1, 8, tzinfo=UTC), {"pass": 2}), []
        )
    table = cli("review", "runs", "--db", sqlite_url, cwd=tmp_path)
    assert [line.rstrip() for line in table.stdout.splitlines()] == [
        "run  checked           pass  warning  fail  unsupported  source",
        "r1   2026-11-24 09:30  1     0        1     1            claims.json",
        "r0   2026-10-01 08:00  2     0        0     0            older.json",
    ]
    js = json.loads(
        cli("review", "runs", "--db", sqlite_url, "--format", "json", cwd=tmp_path).stdout
    )
    assert js == [
        {
            "run_id": "r1",
            "source": "claims.json",
            "created_at": "2026-11-24T09:30:00+00:00",
            "counts": {"fail": 1, "pass": 1, "unsupported": 1},
        },
        {
            "run_id": "r0",
            "source": "older.json",
            "created_at": "2026-10-01T08:00:00+00:00",
            "counts": {"pass": 2},
        },
    ]
