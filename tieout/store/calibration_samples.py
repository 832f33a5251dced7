"""Checker calibration: a reproducible weekly sample of passing claims, and what people found.

A week's sample is drawn once (seeded by the week, so the same claims come out however
often it is asked for) and stored; a person's checks are appended, the latest per sampled
claim counting. Both tables are append-only (migration 0005).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import insert
from sqlmodel import Session, col, select

from tieout.errors import InputError

from .records import CalibrationItem
from .runs import get_claim
from .tables import CalibrationCheckRow, CalibrationSampleRow, ClaimResultRow

__all__ = ["calibration_items", "record_checks", "sample_week", "seed_for"]

_UNKNOWN_SAMPLE = (
    "sample {sample_id} is not in any calibration sheet (see `tieout review sample`); "
    "was the sheet edited?"
)
_WRONG_CLAIM = (
    "sample {sample_id} is claim {want}, but the sheet says claim {got}; was the sheet edited?"
)


def seed_for(week: str) -> str:
    """The random seed of ``week``'s sample: fixed, so a redraw gives the same claims."""
    return f"tieout-calibration/{week}"


def sample_week(
    session: Session, week: str, start: datetime, end: datetime, n: int, at: datetime
) -> tuple[list[CalibrationItem], bool]:
    """``week``'s sample of passing claims checked in ``[start, end)``: ``(items, drawn_now)``.

    A week sampled before keeps its stored sample (``drawn_now`` False), whatever ``n``.
    """
    if not _sample_ids(session, week):
        candidates = [
            i
            for i in session.exec(
                select(ClaimResultRow.id)
                .where(ClaimResultRow.verdict == "pass")
                .where(col(ClaimResultRow.checked_at) >= start)
                .where(col(ClaimResultRow.checked_at) < end)
                .order_by(col(ClaimResultRow.id))
            )
            if i is not None
        ]
        seed = seed_for(week)
        chosen = sorted(random.Random(seed).sample(candidates, min(n, len(candidates))))
        if chosen:
            session.execute(
                insert(CalibrationSampleRow),
                [
                    {"week": week, "claim_result_id": cid, "seed": seed, "drawn_at": at}
                    for cid in chosen
                ],
            )
            session.flush()
            return calibration_items(session, week), True
        return [], True
    return calibration_items(session, week), False


def _sample_ids(session: Session, week: str) -> list[int]:
    stmt = select(CalibrationSampleRow.id).where(CalibrationSampleRow.week == week)
    return [i for i in session.exec(stmt) if i is not None]


def calibration_items(session: Session, week: str | None = None) -> list[CalibrationItem]:
    """Sampled claims (of ``week``, or every week), each with its latest check, by week then id."""
    stmt = select(CalibrationSampleRow)
    if week is not None:
        stmt = stmt.where(CalibrationSampleRow.week == week)
    samples = list(
        session.exec(stmt.order_by(col(CalibrationSampleRow.week), col(CalibrationSampleRow.id)))
    )
    if not samples:
        return []
    ids = [s.id for s in samples]
    latest: dict[int, CalibrationCheckRow] = {}
    for start in range(0, len(ids), 500):
        rows = session.exec(
            select(CalibrationCheckRow)
            .where(col(CalibrationCheckRow.sample_id).in_(ids[start : start + 500]))
            .order_by(col(CalibrationCheckRow.id))
        )
        for row in rows:
            latest[row.sample_id] = row
    items = []
    for s in samples:
        assert s.id is not None
        check = latest.get(s.id)
        items.append(
            CalibrationItem(
                sample_id=s.id,
                week=s.week,
                claim=get_claim(session, s.claim_result_id),
                drawn_at=s.drawn_at,
                confirmed=None if check is None else check.confirmed,
                reviewer=None if check is None else check.reviewer,
                note="" if check is None else check.note,
                recorded_at=None if check is None else check.recorded_at,
            )
        )
    return items


def record_checks(
    session: Session,
    checks: Sequence[tuple[int, int | None, bool, str, str]],
    at: datetime,
) -> int:
    """Append ``(sample_id, claim_id or None, confirmed, reviewer, note)`` checks; returns the count.

    Every sample id must exist (and match its claim id when one is given), or nothing is
    written.
    """
    for sample_id, claim_id, _, _, _ in checks:
        sample = session.get(CalibrationSampleRow, sample_id)
        if sample is None:
            raise InputError(_UNKNOWN_SAMPLE.format(sample_id=sample_id))
        if claim_id is not None and sample.claim_result_id != claim_id:
            raise InputError(
                _WRONG_CLAIM.format(sample_id=sample_id, want=sample.claim_result_id, got=claim_id)
            )
    if checks:
        session.execute(
            insert(CalibrationCheckRow),
            [
                {
                    "sample_id": sid,
                    "confirmed": ok,
                    "reviewer": reviewer,
                    "note": note,
                    "recorded_at": at,
                }
                for sid, _, ok, reviewer, note in checks
            ],
        )
        session.flush()
    return len(checks)
