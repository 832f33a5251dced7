"""Metric versions (Type 2 history): add, compare, close, and ask what was in force when.

Functions here take an open session; :class:`tieout.store.Store` owns the transactions.
A version row is never updated except to close it (set ``effective_to``).
"""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from sqlalchemy import select as sa_select
from sqlalchemy import update
from sqlmodel import Session, col, or_, select

from tieout.errors import RegistryConflict
from tieout.schemas.metric import MetricDefinition

from .records import ImportPlan, MetricVersion
from .tables import MetricRow

__all__ = [
    "ATTRIBUTES",
    "history",
    "list_in_force",
    "plan_import",
    "set_metric",
    "versions_as_of",
]

#: The attributes whose change makes a new version, in the order changes are reported.
ATTRIBUTES: tuple[str, ...] = ("definition", "unit", "period_start", "period_end", "source_doc_id")

#: The columns of a version, in :class:`MetricDefinition`'s field order.
_ROW_COLUMNS: tuple[str, ...] = tuple(MetricDefinition.model_fields)

#: Bound on parameters per ``IN (…)`` so large batches stay within every backend's limits.
_CHUNK = 500

_BACKDATED = (
    "metric {key!r}: a changed version must take effect after {latest} (when the version now "
    "in force began), got effective_from {given} (changed: {changed}); history is never "
    "rewritten, so date the change later"
)
_BEFORE_FIRST = (
    "metric {key!r}: effective_from {given} is before its first version ({first}); "
    "history is never rewritten, so date the change after {latest}"
)
_EFFECTIVE_TO_GIVEN = (
    "metric {key!r}: effective_to ({given}) is set by the registry when a newer version takes "
    "effect; leave it empty"
)
_RACE = "metric {key!r} was changed by another writer meanwhile; run the change again"


def to_version(row: MetricRow) -> MetricVersion:
    """A stored row as a frozen value (trusted data: not re-validated)."""
    return MetricDefinition.model_construct(**{name: getattr(row, name) for name in _ROW_COLUMNS})


def _to_row(m: MetricDefinition, effective_to: date | None = None) -> MetricRow:
    return MetricRow(
        metric_key=m.metric_key,
        effective_from=m.effective_from,
        period_start=m.period_start,
        period_end=m.period_end,
        unit=m.unit,
        definition=m.definition,
        source_doc_id=m.source_doc_id,
        effective_to=effective_to,
    )


def _in_force(rows: Sequence[MetricRow], on: date) -> MetricRow | None:
    for row in rows:
        if row.effective_from <= on and (row.effective_to is None or on < row.effective_to):
            return row
    return None


def _changed(row: MetricRow, m: MetricDefinition) -> list[str]:
    return [name for name in ATTRIBUTES if getattr(row, name) != getattr(m, name)]


def _rows(session: Session, metric_key: str) -> list[MetricRow]:
    stmt = (
        select(MetricRow)
        .where(MetricRow.metric_key == metric_key)
        .order_by(col(MetricRow.effective_from))
    )
    return list(session.exec(stmt))


def set_metric(
    session: Session, m: MetricDefinition, *, backdate: bool = False
) -> tuple[str, list[str]]:
    """Record ``m``; returns ``('new'|'changed'|'unchanged', changed attribute names)``.

    Raises :class:`RegistryConflict` for a change that would rewrite history. With
    ``backdate``, a change dated inside the history splits the version then in force (it
    ends where the change begins, and the change runs to where that version ended).
    """
    key = m.metric_key
    rows = _rows(session, key)
    if m.effective_to is not None:
        same = next((r for r in rows if r.effective_from == m.effective_from), None)
        if same is not None and not _changed(same, m) and same.effective_to == m.effective_to:
            return "unchanged", []
        raise RegistryConflict(_EFFECTIVE_TO_GIVEN.format(key=key, given=m.effective_to))
    if not rows:
        session.add(_to_row(m))
        session.flush()
        return "new", []
    in_force = _in_force(rows, m.effective_from)
    if in_force is not None and not _changed(in_force, m):
        return "unchanged", []
    latest = rows[-1]
    if backdate and m.effective_from <= latest.effective_from:
        return _split(session, rows, in_force, m)
    if in_force is None and m.effective_from < rows[0].effective_from:
        raise RegistryConflict(
            _BEFORE_FIRST.format(
                key=key,
                given=m.effective_from,
                first=rows[0].effective_from,
                latest=latest.effective_from,
            )
        )
    changed = _changed(latest, m)
    if m.effective_from <= latest.effective_from:
        raise RegistryConflict(
            _BACKDATED.format(
                key=key,
                latest=latest.effective_from,
                given=m.effective_from,
                changed=", ".join(changed),
            )
        )
    closed = session.execute(
        update(MetricRow)
        .where(
            col(MetricRow.metric_key) == key,
            col(MetricRow.effective_from) == latest.effective_from,
            col(MetricRow.effective_to).is_(None),
        )
        .values(effective_to=m.effective_from)
    )
    if closed.rowcount != 1:  # type: ignore[attr-defined]
        raise RegistryConflict(_RACE.format(key=key))
    session.add(_to_row(m))
    session.flush()
    return "changed", changed


_SAME_START = (
    "metric {key!r}: a different version already starts on {given}; versions are never "
    "edited in place, so give the change its own date"
)


def _split(
    session: Session, rows: Sequence[MetricRow], in_force: MetricRow | None, m: MetricDefinition
) -> tuple[str, list[str]]:
    """Insert a back-dated version inside the history (see :func:`set_metric`)."""
    key = m.metric_key
    if any(r.effective_from == m.effective_from for r in rows):
        raise RegistryConflict(_SAME_START.format(key=key, given=m.effective_from))
    if in_force is None:  # before the first version: it runs until the first begins
        session.add(_to_row(m, rows[0].effective_from))
        session.flush()
        return "changed", _changed(rows[0], m)
    old_end = in_force.effective_to
    end_clause = (
        col(MetricRow.effective_to).is_(None)
        if old_end is None
        else col(MetricRow.effective_to) == old_end
    )
    shortened = session.execute(
        update(MetricRow)
        .where(
            col(MetricRow.metric_key) == key,
            col(MetricRow.effective_from) == in_force.effective_from,
            end_clause,
        )
        .values(effective_to=m.effective_from)
    )
    if shortened.rowcount != 1:  # type: ignore[attr-defined]
        raise RegistryConflict(_RACE.format(key=key))
    session.add(_to_row(m, old_end))
    session.flush()
    return "changed", _changed(in_force, m)


def plan_import(session: Session, defs: Sequence[MetricDefinition]) -> ImportPlan:
    """Apply ``defs`` in order inside the caller's transaction; every conflict is raised at once."""
    plan = ImportPlan(applied=True)
    conflicts: list[str] = []
    for m in defs:
        try:
            outcome, changed = set_metric(session, m)
        except RegistryConflict as err:
            conflicts.append(str(err))
            continue
        if outcome == "new":
            plan.new.append(m.metric_key)
        elif outcome == "changed":
            plan.changed.append((m.metric_key, changed))
        else:
            plan.unchanged.append(m.metric_key)
    if conflicts:
        raise RegistryConflict("\n".join(conflicts))
    return plan


def history(session: Session, metric_key: str) -> list[MetricVersion]:
    """Every version of ``metric_key``, oldest first."""
    return [to_version(r) for r in _rows(session, metric_key)]


def versions_as_of(
    session: Session, pairs: Iterable[tuple[str, date]]
) -> dict[tuple[str, date], MetricVersion | None]:
    """The version in force for each ``(metric_key, date)``: one query per 500 distinct keys.

    Rows are read as plain tuples (no ORM objects) and the garbage collector is paused for
    the loop: a batch of 10,000 claims otherwise spends most of its time building and
    collecting objects it throws away.
    """
    wanted = list(dict.fromkeys(pairs))
    keys = sorted({key for key, _ in wanted})
    table = MetricRow.__table__  # type: ignore[attr-defined]
    cols = [table.c[name] for name in _ROW_COLUMNS]
    by_key: dict[str, list[MetricRow]] = defaultdict(list)
    paused = gc.isenabled()
    gc.disable()
    try:
        for start in range(0, len(keys), _CHUNK):
            stmt = (
                sa_select(*cols)
                .where(table.c.metric_key.in_(keys[start : start + _CHUNK]))
                .order_by(table.c.metric_key, table.c.effective_from)
            )
            for row in session.execute(stmt):
                by_key[row[0]].append(row)  # type: ignore[arg-type]
        out: dict[tuple[str, date], MetricVersion | None] = {}
        for key, on in wanted:
            found = _in_force(by_key.get(key, []), on)
            out[(key, on)] = _tuple_version(found) if found is not None else None
    finally:
        if paused:
            gc.enable()
    return out


def _tuple_version(row: Any) -> MetricVersion:
    return MetricDefinition.model_construct(**dict(zip(_ROW_COLUMNS, row, strict=True)))


def list_in_force(session: Session, as_of: date | None = None) -> list[MetricVersion]:
    """The version of every metric in force on ``as_of`` (the current one if ``None``), by key."""
    stmt = select(MetricRow)
    if as_of is None:
        stmt = stmt.where(col(MetricRow.effective_to).is_(None))
    else:
        stmt = stmt.where(
            col(MetricRow.effective_from) <= as_of,
            or_(col(MetricRow.effective_to).is_(None), col(MetricRow.effective_to) > as_of),
        )
    stmt = stmt.order_by(col(MetricRow.metric_key))
    return [to_version(r) for r in session.exec(stmt)]
