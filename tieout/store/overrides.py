"""Reviewers' overrides: a new verdict on a stored claim, beside the checker's, never over it.

Every override names its reviewer and gives a reason; the claim's own row is never changed
(the table is append-only, see migration 0005), so the checker's verdict and each override
stay readable for ever. The latest override of a claim is the one in force.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlmodel import Session, col, select

from tieout.errors import InputError, NotFound
from tieout.schemas.limits import TEXT_LIMITS

from .records import MAX_ROW_ID, OverrideRecord, from_row
from .tables import ClaimResultRow, OverrideRow

__all__ = ["VERDICTS", "add_override", "check_override", "overrides_for"]

#: The verdicts a claim can have, from the checker or a reviewer.
VERDICTS = ("pass", "warning", "fail", "unsupported")
#: Longest reason stored; a longer one is refused, not cut.
MAX_REASON = 4000

_UNKNOWN_CLAIM = "claim {claim_id} is not stored (see `tieout review list` for claim ids)"
_BAD_VERDICT = "{verdict!r} is not a verdict; use one of: " + ", ".join(VERDICTS)
_NO_REASON = (
    "an override needs a reason: say why claim {claim_id} should be {verdict}, not {current} "
    "(--reason)"
)
_NO_REVIEWER = "an override needs the reviewer's name (--reviewer)"
_LONG_REASON = "the reason is {n:,} characters; keep it under {limit:,}"
_SAME = "claim {claim_id} is already {verdict}; there is nothing to override"
_BAD_ID = "a claim id is a whole number (see `tieout review list`), got {claim_id!r}"


def check_override(
    claim_id: int, current: str, verdict: str, reason: str, reviewer: str
) -> tuple[str, str]:
    """Refuse an override that breaks a rule; returns the trimmed ``(reason, reviewer)``.

    The rules: a known verdict, different from the one in force; a non-empty reason (at
    most :data:`MAX_REASON` characters); a non-empty reviewer name.
    """
    if verdict not in VERDICTS:
        raise InputError(_BAD_VERDICT.format(verdict=verdict))
    if verdict == current:
        raise InputError(_SAME.format(claim_id=claim_id, verdict=verdict))
    reason = (reason or "").strip()
    reviewer = " ".join((reviewer or "").split())
    if not reason:
        raise InputError(_NO_REASON.format(claim_id=claim_id, verdict=verdict, current=current))
    if len(reason) > MAX_REASON:
        raise InputError(_LONG_REASON.format(n=len(reason), limit=MAX_REASON))
    if not reviewer:
        raise InputError(_NO_REVIEWER)
    if len(reviewer) > TEXT_LIMITS["reviewer"]:
        raise InputError(
            f"the reviewer's name is {len(reviewer):,} characters; keep it under "
            f"{TEXT_LIMITS['reviewer']:,}"
        )
    return reason, reviewer


def _to_record(row: OverrideRow) -> OverrideRecord:
    return from_row(OverrideRecord, row, claim_id=row.claim_result_id)


def overrides_for(
    session: Session, claim_ids: Iterable[int]
) -> dict[int, tuple[OverrideRecord, ...]]:
    """Each claim's overrides, oldest first; claims without any are absent."""
    ids = sorted(set(claim_ids))
    found: dict[int, list[OverrideRecord]] = {}
    for start in range(0, len(ids), 500):  # bounded IN lists on every backend
        chunk = ids[start : start + 500]
        stmt = (
            select(OverrideRow)
            .where(col(OverrideRow.claim_result_id).in_(chunk))
            .order_by(col(OverrideRow.created_at), col(OverrideRow.id))
        )
        for row in session.exec(stmt):
            found.setdefault(row.claim_result_id, []).append(_to_record(row))
    return {k: tuple(v) for k, v in found.items()}


def add_override(
    session: Session,
    claim_id: int,
    verdict: str,
    reason: str,
    reviewer: str,
    at: datetime,
    signed_in_as: str | None = None,
) -> OverrideRecord:
    """Record an override of claim ``claim_id``; refused (:class:`InputError`) if it breaks a rule.

    The verdict it replaces is the one in force: the latest override's, else the checker's.
    """
    if isinstance(claim_id, bool) or not isinstance(claim_id, int):
        raise InputError(_BAD_ID.format(claim_id=claim_id))
    claim = session.get(ClaimResultRow, claim_id) if 0 < claim_id <= MAX_ROW_ID else None
    if claim is None:
        raise NotFound(_UNKNOWN_CLAIM.format(claim_id=claim_id))
    earlier = overrides_for(session, [claim_id]).get(claim_id, ())
    current = earlier[-1].verdict if earlier else claim.verdict
    reason, reviewer = check_override(claim_id, current, verdict, reason, reviewer)
    row = OverrideRow(
        claim_result_id=claim_id,
        original_verdict=current,
        verdict=verdict,
        reason=reason,
        reviewer=reviewer,
        signed_in_as=signed_in_as,
        created_at=at,
    )
    session.add(row)
    session.flush()
    return _to_record(row)
