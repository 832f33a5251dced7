"""Raw SQL cannot rewrite the metric history or the API keys.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05

Migration 0002 kept each stored metric version from being edited; these rules close what
raw SQL (as the database's owner, or on SQLite) could still do:

* ``metric_registry``: a version is never deleted (PostgreSQL also refuses ``TRUNCATE``).
  On SQLite, whose columns take any value, every date must be a calendar date written
  ``YYYY-MM-DD`` (``02026-09-15`` or an integer got past the overlap triggers, and every
  read of that metric then crashed); PostgreSQL's ``date`` columns hold nothing else.
* PostgreSQL: a closed version's ``effective_to`` moved earlier must meet a version that
  starts on that day (checked at commit, so a back-dated version inserted in the same
  transaction fills it); shortened alone it would leave a gap in the history. SQLite has no
  deferred triggers: there the gap is left to tieout's code.
* ``api_keys``: a key is never deleted and never changed, except to revoke it once
  (``revoked_at`` from empty to a time): a revoked key cannot be un-revoked, re-dated,
  renamed or given another role (PostgreSQL also refuses ``TRUNCATE``).

Each trigger's message begins with its name. Everything is created with ``IF NOT EXISTS``
or ``OR REPLACE``, so a database made by ``create_all`` from the current models upgrades too.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None

_NO_DELETE = (
    "tr_metric_registry_history: a stored version is never deleted; register a new version "
    "instead (%s refused)"
)
_KEYS_FROZEN = (
    "tr_api_keys_guard: an API key is never deleted or changed, only revoked once "
    "(`tieout keys revoke`) (%s refused)"
)

# -- PostgreSQL ----------------------------------------------------------------------------

_PG_FUNCTIONS = {
    "metric_registry_no_delete": f"""
CREATE OR REPLACE FUNCTION metric_registry_no_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION USING
        ERRCODE = 'insufficient_privilege',
        MESSAGE = format('{_NO_DELETE}', TG_OP);
END
$$
""",
    "metric_registry_no_gap": """
CREATE OR REPLACE FUNCTION metric_registry_no_gap() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.effective_to IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM metric_registry m
        WHERE m.metric_key = NEW.metric_key AND m.effective_from = NEW.effective_to)
    THEN
        RAISE EXCEPTION USING
            ERRCODE = 'check_violation',
            MESSAGE = format('tr_metric_registry_no_gap: %s: a closed version''s effective_to '
                             'moved earlier must meet the version that starts there; a gap '
                             'would leave the metric unregistered from %s', NEW.metric_key,
                             NEW.effective_to);
    END IF;
    RETURN NULL;
END
$$
""",
    "api_keys_guard": f"""
CREATE OR REPLACE FUNCTION api_keys_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE'
       AND (NEW.id, NEW.key_id, NEW.name, NEW.role, NEW.salt, NEW.digest, NEW.created_at)
           IS NOT DISTINCT FROM
           (OLD.id, OLD.key_id, OLD.name, OLD.role, OLD.salt, OLD.digest, OLD.created_at)
       AND (NEW.revoked_at IS NOT DISTINCT FROM OLD.revoked_at
            OR (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL))
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION USING
        ERRCODE = 'insufficient_privilege',
        MESSAGE = format('{_KEYS_FROZEN}', TG_OP);
END
$$
""",
}
_PG_TRIGGERS = {
    "tr_metric_registry_no_delete": (
        "metric_registry",
        "BEFORE DELETE",
        "ROW",
        "metric_registry_no_delete",
    ),
    "tr_metric_registry_no_truncate": (
        "metric_registry",
        "BEFORE TRUNCATE",
        "STATEMENT",
        "metric_registry_no_delete",
    ),
    "tr_api_keys_guard": ("api_keys", "BEFORE UPDATE OR DELETE", "ROW", "api_keys_guard"),
    "tr_api_keys_no_truncate": ("api_keys", "BEFORE TRUNCATE", "STATEMENT", "api_keys_guard"),
}


# Checked at commit: a back-dated version is inserted after the one it cuts is shortened.
_PG_NO_GAP = (
    "CREATE CONSTRAINT TRIGGER tr_metric_registry_no_gap AFTER UPDATE ON metric_registry "
    "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.effective_to IS NOT NULL "
    "AND NEW.effective_to IS DISTINCT FROM OLD.effective_to) "
    "EXECUTE FUNCTION metric_registry_no_gap()"
)


def _pg_upgrade() -> None:
    for body in _PG_FUNCTIONS.values():
        op.execute(sa.text(body))
    op.execute(sa.text("DROP TRIGGER IF EXISTS tr_metric_registry_no_gap ON metric_registry"))
    op.execute(sa.text(_PG_NO_GAP))
    for name, (table, when, each, function) in _PG_TRIGGERS.items():
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name} ON {table}"))
        op.execute(
            sa.text(
                f"CREATE TRIGGER {name} {when} ON {table} "
                f"FOR EACH {each} EXECUTE FUNCTION {function}()"
            )
        )


def _pg_downgrade() -> None:
    op.execute(sa.text("DROP TRIGGER IF EXISTS tr_metric_registry_no_gap ON metric_registry"))
    for name, (table, *_) in reversed(_PG_TRIGGERS.items()):
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name} ON {table}"))
    for function in reversed(_PG_FUNCTIONS):
        op.execute(sa.text(f"DROP FUNCTION IF EXISTS {function}()"))


# -- SQLite --------------------------------------------------------------------------------


def _bad_date(column: str) -> str:
    """SQL true when ``column`` is not a calendar date written YYYY-MM-DD (as text)."""
    return (
        f"(typeof({column}) IS NOT 'text' "
        f"OR {column} NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' "
        f"OR date({column}, '+0 days') IS NOT {column})"
    )


_DATES = " OR ".join(
    [_bad_date(f"NEW.{c}") for c in ("effective_from", "period_start", "period_end")]
    + [f"(NEW.effective_to IS NOT NULL AND {_bad_date('NEW.effective_to')})"]
)
_SQLITE_DATES = (
    "SELECT RAISE(ABORT, 'ck_metric_registry_dates: every date of a metric version is a "
    f"calendar date written YYYY-MM-DD') WHERE {_DATES};"
)
_KEYS_CHANGED = " OR ".join(
    f"NEW.{c} IS NOT OLD.{c}" for c in ("id", "key_id", "name", "role", "salt", "digest")
) + (
    " OR NEW.created_at IS NOT OLD.created_at"
    " OR (OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS NOT OLD.revoked_at)"
)
_SQLITE_TRIGGERS = {
    "tr_metric_registry_no_delete": (
        "BEFORE DELETE ON metric_registry",
        f"SELECT RAISE(ABORT, '{_NO_DELETE % 'DELETE'}');",
    ),
    "tr_metric_registry_dates_insert": ("BEFORE INSERT ON metric_registry", _SQLITE_DATES),
    "tr_metric_registry_dates_update": ("BEFORE UPDATE ON metric_registry", _SQLITE_DATES),
    "tr_api_keys_no_delete": (
        "BEFORE DELETE ON api_keys",
        f"SELECT RAISE(ABORT, '{_KEYS_FROZEN % 'DELETE'}');",
    ),
    "tr_api_keys_guard": (
        "BEFORE UPDATE ON api_keys",
        f"SELECT RAISE(ABORT, '{_KEYS_FROZEN % 'UPDATE'}') WHERE {_KEYS_CHANGED};",
    ),
}


def _sqlite_upgrade() -> None:
    for name, (when, body) in _SQLITE_TRIGGERS.items():
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name}"))
        op.execute(sa.text(f"CREATE TRIGGER {name} {when} FOR EACH ROW BEGIN {body} END"))


def _sqlite_downgrade() -> None:
    for name in reversed(_SQLITE_TRIGGERS):
        op.execute(sa.text(f"DROP TRIGGER IF EXISTS {name}"))


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _pg_upgrade()
    else:
        _sqlite_upgrade()


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _pg_downgrade()
    else:
        _sqlite_downgrade()
