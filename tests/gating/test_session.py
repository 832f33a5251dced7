"""SaveSession: the gate as an agent's save tool, with three strikes and a rejection log."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import tieout
from tieout.gating import SaveSession, WorkflowConfig

if TYPE_CHECKING:
    from tieout.store import Store

WORKFLOWS = Path(tieout.__file__).parent / "sample_docs" / "workflows.toml"
SOURCE = """Revenue: $4,200,000 (up 23% QoQ). Gross margin 32%.
2.2 By Customer. Either party may terminate on 30 days notice."""

RANGE = "Salary band:\nMarket salary is $130k–$190k."  # rejected: $130k, $190k on line 2
CLAUSE = "Termination is governed by §2.5."  # rejected: §2.5
COMPUTED = "Gross profit was $1,344,000."  # rejected: $1,344,000
GOOD = "Revenue reached \u201c$4,200,000\u201d, per §2.2."  # passes; quotes are sanitised
NOT_FOUND = "in neither this run's anchors nor its sources"


def session(**kwargs: object) -> SaveSession:
    return SaveSession(
        sources=[SOURCE],
        config=WORKFLOWS,
        workflow="contract_comparison",
        run_id="run-7",
        **kwargs,  # type: ignore[arg-type]
    )


def test_two_rejections_then_a_pass_resets_the_count() -> None:
    saved: list[str] = []
    s = session(on_save=saved.append)
    first = s.save(RANGE)
    assert (first.outcome, first.passed, first.rejections_in_a_row) == ("rejected", False, 1)
    assert [c.text for c in first.rejected] == ["$130k", "$190k"]
    assert first.run_id == "run-7"
    second = s.save(CLAUSE)
    assert (second.outcome, second.rejections_in_a_row) == ("rejected", 2)
    third = s.save(GOOD)
    assert (third.outcome, third.passed, third.rejections_in_a_row) == ("pass", True, 0)
    assert s.rejections_in_a_row == 0
    assert saved == ['Revenue reached "$4,200,000", per §2.2.']
    # after the reset, two more rejections do not end the run
    assert s.save(CLAUSE).outcome == "rejected"
    assert s.save(COMPUTED).outcome == "rejected"
    assert not s.aborted


def test_three_rejections_in_a_row_abort_the_run_and_it_stays_aborted() -> None:
    saved: list[str] = []
    s = session(on_save=saved.append)
    assert s.save(RANGE).outcome == "rejected"
    assert s.save(CLAUSE).outcome == "rejected"
    third = s.save(COMPUTED)
    assert (third.outcome, third.passed, third.rejections_in_a_row) == ("aborted", False, 3)
    assert [c.text for c in third.rejected] == ["$1,344,000"]
    assert third.message == (
        "The run has ended: the draft was rejected 3 times in a row, so nothing was saved. "
        "The figures still missing from the sources were: '$1,344,000'."
    )
    assert s.aborted
    after = s.save(GOOD)  # a good draft cannot revive an ended run
    assert (after.outcome, after.passed, after.rejections_in_a_row) == ("aborted", False, 3)
    assert after.message.startswith("The run has ended: the draft was rejected 3 times in a row")
    assert saved == []
    assert len(s.log) == 4  # $130k, $190k, §2.5, $1,344,000; nothing logged after the end


def test_max_rejections_from_the_workflow(tmp_path: Path) -> None:
    cfg = tmp_path / "tieout.toml"
    cfg.write_text("[strict]\nmax_rejections = 1\n", encoding="utf-8")
    s = SaveSession(sources=[SOURCE], config=cfg, workflow="strict")
    assert s.save(CLAUSE).outcome == "aborted"


def test_on_save_gets_only_passing_drafts_sanitised() -> None:
    saved: list[str] = []
    s = session(on_save=saved.append)
    s.save(RANGE)
    s.save("Revenue $4,200,000\u200b\u00a0up 23%.")
    s.save("Gross profit was $1,344,000 [NOT IN SOURCE]")
    assert saved == ["Revenue $4,200,000 up 23%.", "Gross profit was $1,344,000 [NOT IN SOURCE]"]


def test_disabled_workflow_saves_everything() -> None:
    saved: list[str] = []
    s = SaveSession(
        sources=[], config=WORKFLOWS, workflow="financial_statement_summary", on_save=saved.append
    )
    for _ in range(4):
        result = s.save(COMPUTED)
        assert (result.outcome, result.passed) == ("disabled", True)
    assert saved == [COMPUTED] * 4
    assert s.log == []


def test_rejections_are_logged_in_the_session() -> None:
    s = session()
    before = datetime.now(UTC)
    s.save(RANGE)
    s.save(CLAUSE)
    s.save(GOOD)
    after = datetime.now(UTC)
    assert [(r.workflow, r.run_id, r.figure, r.claim_class, r.line, r.reason) for r in s.log] == [
        ("contract_comparison", "run-7", "$130k", "currency", 2, NOT_FOUND),
        ("contract_comparison", "run-7", "$190k", "currency", 2, NOT_FOUND),
        ("contract_comparison", "run-7", "§2.5", "numeric", 1, NOT_FOUND),
    ]
    assert all(before <= r.created_at <= after for r in s.log)
    assert all(r.created_at.tzinfo is not None for r in s.log)


def test_run_id_is_made_up_when_not_given() -> None:
    a, b = SaveSession(sources=[SOURCE]), SaveSession(sources=[SOURCE])
    assert a.run_id and b.run_id and a.run_id != b.run_id
    assert a.save(CLAUSE).run_id == a.run_id


def test_rejections_are_logged_to_the_store_and_read_back(store: Store) -> None:
    s = session(store=store)
    s.save(RANGE)
    s.save(CLAUSE)
    s.save(COMPUTED)  # aborts; this one is logged too
    s.save(CLAUSE)  # after the end: not gated, not logged
    back = store.recent_rejections("contract_comparison", 10)
    assert [(r.figure, r.claim_class, r.line, r.run_id, r.reason) for r in back] == [
        ("$1,344,000", "currency", 1, "run-7", NOT_FOUND),
        ("§2.5", "numeric", 1, "run-7", NOT_FOUND),
        ("$190k", "currency", 2, "run-7", NOT_FOUND),
        ("$130k", "currency", 2, "run-7", NOT_FOUND),
    ]
    assert all(r.id is not None for r in back)
    # each rejection names the exact source text it was judged against (the audit trail)
    assert {r.sources for r in back} == {(hashlib.sha256(SOURCE.encode()).hexdigest(),)}
    assert [r.figure for r in store.recent_rejections("contract_comparison", 2)] == [
        "$1,344,000",
        "§2.5",
    ]
    assert store.recent_rejections("financial_statement_summary", 10) == []


def test_recent_rejections_by_database_url(db_url: str) -> None:
    from tieout.gating import recent_rejections
    from tieout.store import Store

    with Store.open(db_url) as store:
        session(store=store).save(CLAUSE)
    [rec] = recent_rejections("contract_comparison", 5, db=db_url)
    assert (rec.figure, rec.claim_class, rec.workflow) == ("§2.5", "numeric", "contract_comparison")


def test_two_runs_share_the_workflow_log(store: Store) -> None:
    session(store=store).save(CLAUSE)
    SaveSession(
        sources=[SOURCE],
        config=WORKFLOWS,
        workflow="contract_comparison",
        run_id="run-8",
        store=store,
    ).save(COMPUTED)
    assert [(r.run_id, r.figure) for r in store.recent_rejections("contract_comparison")] == [
        ("run-8", "$1,344,000"),
        ("run-7", "§2.5"),
    ]


def test_a_named_workflow_config_logs_under_its_name() -> None:
    s = SaveSession(sources=[SOURCE], config=WorkflowConfig(name="contract_comparison"))
    result = s.save(CLAUSE)
    assert result.workflow == "contract_comparison"
    assert [r.workflow for r in s.log] == ["contract_comparison"]
