"""The database guarantees the metric history (Type 2), not only the code.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02

For each metric: no two versions overlap (``[effective_from, effective_to)``, an empty
``effective_to`` runs for ever), at most one is current, ``effective_to`` comes after
``effective_from``, ``period_start`` is on or before ``period_end``, and a stored version is
never changed in place except to close it (``effective_to`` from empty to a date) or to
shorten it when a back-dated version is inserted inside it (``effective_to`` moved earlier).

* PostgreSQL: CHECK constraints, an exclusion constraint over a date range (btree_gist), a
  partial unique index, and a PL/pgSQL trigger for the no-edit rule.
* SQLite: the partial unique index and BEFORE INSERT / BEFORE UPDATE triggers (an existing
  table cannot gain CHECK constraints without a rebuild, which the foreign key from
  ``claim_results`` makes unsafe).

Constraint, index and trigger names are the ones :data:`tieout.registry.db.REGISTRY_RULES`
turns into :class:`tieout.errors.RegistryConflict` messages. Each step is skipped where it is
already in place, so a database made by ``create_all`` from the current models upgrades too.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tieout.errors import RegistryConflict, StorageError

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

# -- rows that would break the rules, found before any rule is added -----------------------

_BROKEN = {
    "overlapping versions": """
        SELECT DISTINCT a.metric_key FROM metric_registry a
        JOIN metric_registry b
          ON b.metric_key = a.metric_key AND b.effective_from > a.effective_from
        WHERE a.effective_to IS NULL OR a.effective_to > b.effective_from
    """,
    "effective_to on or before effective_from": """
        SELECT DISTINCT metric_key FROM metric_registry
        WHERE effective_to IS NOT NULL AND effective_to <= effective_from
    """,
    "period_start after period_end": """
        SELECT DISTINCT metric_key FROM metric_registry WHERE period_start > period_end
    """,
}
_CANNOT_UPGRADE = (
    "cannot add the metric-history guarantees: {problems}; correct those rows, then run "
    "`tieout db upgrade` again"
)


def _refuse_broken_history() -> None:
    bind = op.get_bind()
    problems = []
    for problem, query in _BROKEN.items():
        keys = sorted(str(k) for k in bind.execute(sa.text(query)).scalars())
        if keys:
            problems.append(f"{', '.join(keys)}: {problem}")
    if problems:
        raise RegistryConflict(_CANNOT_UPGRADE.format(problems="; ".join(problems)))


# -- PostgreSQL ----------------------------------------------------------------------------

_PG_CONSTRAINTS = {
    "ck_metric_registry_effective_order": (
        "CHECK (effective_to IS NULL OR effective_to > effective_from)"
    ),
    "ck_metric_registry_period_order": "CHECK (period_start <= period_end)",
    "ex_metric_registry_no_overlap": (
        "EXCLUDE USING gist (metric_key WITH =, daterange(effective_from, effective_to, '[)') WITH &&)"
    ),
}
_PG_GUARD = """
CREATE OR REPLACE FUNCTION metric_registry_history_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF (NEW.metric_key, NEW.effective_from, NEW.period_start, NEW.period_end, NEW.unit,
        NEW.definition, NEW.source_doc_id)
       IS DISTINCT FROM
       (OLD.metric_key, OLD.effective_from, OLD.period_start, OLD.period_end, OLD.unit,
        OLD.definition, OLD.source_doc_id)
       OR (NEW.effective_to IS DISTINCT FROM OLD.effective_to
           AND NOT (NEW.effective_to IS NOT NULL
                    AND (OLD.effective_to IS NULL OR NEW.effective_to < OLD.effective_to)))
    THEN
        RAISE EXCEPTION USING
            ERRCODE = 'check_violation',
            CONSTRAINT = 'tr_metric_registry_history',
            MESSAGE = format('tr_metric_registry_history: %s: a stored version is never changed '
                             'in place; only effective_to may change, set from empty or moved earlier by a back-dated version',
                             OLD.metric_key),
            DETAIL = format('Key (metric_key)=(%s)', OLD.metric_key);
    END IF;
    RETURN NEW;
END
$$
"""
_NO_EXTENSION = (
    "cannot create the PostgreSQL extension btree_gist, which the metric registry's "
    "no-overlap rule needs ({reason}); ask a superuser to run `CREATE EXTENSION btree_gist;` "
    "in this database, then run `tieout db upgrade` again"
)


def _pg_constraint_exists(name: str) -> bool:
    found = op.get_bind().execute(
        sa.text(
            "SELECT 1 FROM pg_constraint "
            "WHERE conname = :name AND conrelid = to_regclass('metric_registry')"
        ),
        {"name": name},
    )
    return found.first() is not None


def _pg_upgrade() -> None:
    bind = op.get_bind()
    with bind.begin_nested():  # a refusal must not abort the transaction before we explain it
        try:
            bind.execute(sa.text("CREATE EXTENSION IF NOT EXISTS btree_gist"))
        except sa.exc.DBAPIError as err:
            reason = str(err.orig).strip().splitlines()[0]
            raise StorageError(_NO_EXTENSION.format(reason=reason)) from err
    for name, body in _PG_CONSTRAINTS.items():
        if not _pg_constraint_exists(name):
            op.execute(sa.text(f"ALTER TABLE metric_registry ADD CONSTRAINT {name} {body}"))
    op.execute(
        sa.text(
            "CREATE UNIQUE INDEX IF NOT EXISTS uq_metric_registry_one_current "
            "ON metric_registry (metric_key) WHERE effective_to IS NULL"
        )
    )
    op.execute(sa.text(_PG_GUARD))
    op.execute(sa.text("DROP TRIGGER IF EXISTS tr_metric_registry_history ON metric_registry"))
    op.execute(
        sa.text(
            "CREATE TRIGGER tr_metric_registry_history BEFORE UPDATE ON metric_registry "
            "FOR EACH ROW EXECUTE FUNCTION metric_registry_history_guard()"
        )
    )


def _pg_downgrade() -> None:
    op.execute(sa.text("DROP TRIGGER IF EXISTS tr_metric_registry_history ON metric_registry"))
    op.execute(sa.text("DROP FUNCTION IF EXISTS metric_registry_history_guard()"))
    op.execute(sa.text("DROP INDEX IF EXISTS uq_metric_registry_one_current"))
    for name in reversed(_PG_CONSTRAINTS):
        op.execute(sa.text(f"ALTER TABLE metric_registry DROP CONSTRAINT IF EXISTS {name}"))
    # btree_gist stays: other schemas in this database may use it.


# -- SQLite --------------------------------------------------------------------------------

# Dates are stored as ISO text, so comparing them as text compares them as dates.
_SQLITE_CHECKS = """
    SELECT RAISE(ABORT, 'ck_metric_registry_effective_order: effective_to must be after effective_from')
    WHERE NEW.effective_to IS NOT NULL AND NEW.effective_to <= NEW.effective_from;
    SELECT RAISE(ABORT, 'ck_metric_registry_period_order: period_start must be on or before period_end')
    WHERE NEW.period_start > NEW.period_end;
"""
_SQLITE_OVERLAP = """
    SELECT RAISE(ABORT, 'uq_metric_registry_one_current: only one version of a metric may be current')
    WHERE NEW.effective_to IS NULL AND EXISTS (
        SELECT 1 FROM metric_registry m
        WHERE m.metric_key = NEW.metric_key AND m.effective_to IS NULL {other});
    SELECT RAISE(ABORT, 'ex_metric_registry_no_overlap: versions of a metric may not overlap')
    WHERE EXISTS (
        SELECT 1 FROM metric_registry m
        WHERE m.metric_key = NEW.metric_key
          AND (m.effective_to IS NULL OR m.effective_to > NEW.effective_from)
          AND (NEW.effective_to IS NULL OR NEW.effective_to > m.effective_from) {other});
"""
_SQLITE_NOT_SELF = (
    "AND NOT (m.metric_key = OLD.metric_key AND m.effective_from = OLD.effective_from)"
)
_SQLITE_FROZEN = """
    SELECT RAISE(ABORT, 'tr_metric_registry_history: a stored version is never changed in place; only effective_to may change, set from empty or moved earlier by a back-dated version')
    WHERE NEW.metric_key IS NOT OLD.metric_key
       OR NEW.effective_from IS NOT OLD.effective_from
       OR NEW.period_start IS NOT OLD.period_start
       OR NEW.period_end IS NOT OLD.period_end
       OR NEW.unit IS NOT OLD.unit
       OR NEW.definition IS NOT OLD.definition
       OR NEW.source_doc_id IS NOT OLD.source_doc_id
       OR (NEW.effective_to IS NOT OLD.effective_to
           AND NOT (NEW.effective_to IS NOT NULL
                    AND (OLD.effective_to IS NULL OR NEW.effective_to < OLD.effective_to)));
"""
_SQLITE_TRIGGERS = {
    "tr_metric_registry_insert": (
        "BEFORE INSERT",
        _SQLITE_CHECKS + _SQLITE_OVERLAP.format(other=""),
    ),
    "tr_metric_registry_update": (
        "BEFORE UPDATE",
        _SQLITE_FROZEN + _SQLITE_CHECKS + _SQLITE_OVERLAP.format(other=_SQLITE_NOT_SELF),
    ),
}


def _sqlite_upgrade() -> None:
    op.execute(
        sa.text(
            "CREATE UNIQUE INDEX IF NOT EXISTS uq_metric_registry_one_current "
            "ON metric_registry (metric_key) WHERE effective_to IS NULL"
        )
    )
    for name, (when, body) in _SQLITE_TRIGGERS.items():
        op.execute(
            sa.text(
                f"CREATE TRIGGER IF NOT EXISTS {name} {when} ON metric_registry "
                f"FOR EACH ROW BEGIN {body} END"
            )
        )


def _sqlite_downgrade() -> None:
    for name in reversed(_SQLITE_TRIGGERS):
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name}"))
    op.execute(sa.text("DROP INDEX IF EXISTS uq_metric_registry_one_current"))


# -- both ----------------------------------------------------------------------------------


def _dialect() -> str:
    name = op.get_bind().dialect.name
    if name not in ("postgresql", "sqlite"):
        raise StorageError(
            f"tieout's metric registry supports SQLite and PostgreSQL, not {name}; "
            "use a sqlite:/// or postgresql:// URL"
        )
    return name


def upgrade() -> None:
    dialect = _dialect()
    _refuse_broken_history()
    if dialect == "postgresql":
        _pg_upgrade()
    else:
        _sqlite_upgrade()


def downgrade() -> None:
    if _dialect() == "postgresql":
        _pg_downgrade()
    else:
        _sqlite_downgrade()
