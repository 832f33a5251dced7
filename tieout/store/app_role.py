"""An application role on PostgreSQL that cannot rewrite the audit trail.

The audit tables refuse ``UPDATE`` and ``DELETE`` through triggers (migrations 0005 and 0006),
but whoever owns a table may ``ALTER TABLE … DISABLE TRIGGER``. So migrations run as the
owner, and the application connects as a role that owns nothing and holds only what
tieout's code does with each table (:data:`NEEDS`). :func:`grant_app_role` creates that role
and brings its privileges to exactly that set: what is missing is granted, what is extra
is revoked, and a second run changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from tieout.errors import InputError, StorageError

from .engine import check_reachable, database_url, display_url, locked_connection, make_engine
from .migrate import HEAD, current

__all__ = ["AUDIT_TABLES", "NEEDS", "GrantReport", "Need", "grant_app_role"]

#: The append-only tables (triggers of migrations 0005 and 0006).
AUDIT_TABLES = (
    "documents",
    "check_runs",
    "claim_results",
    "gate_rejections",
    "review_queue",
    "claim_overrides",
    "claim_attempts",
    "calibration_samples",
    "calibration_checks",
    "review_queue_resolutions",
)


@dataclass(frozen=True)
class Need:
    """Privileges on one table: whole-table ones, and ``(privilege, column)`` pairs."""

    table: tuple[str, ...]
    columns: tuple[tuple[str, str], ...] = ()


_READ_APPEND = Need(("SELECT", "INSERT"))
#: What the code does with each table, read from ``tieout/store/*.py``.
NEEDS: dict[str, Need] = {
    **{name: _READ_APPEND for name in AUDIT_TABLES},
    # review_queue.resolve locks the item (SELECT … FOR UPDATE), which PostgreSQL allows only with
    # UPDATE on some column; the append-only trigger still refuses every UPDATE.
    "review_queue": Need(("SELECT", "INSERT"), (("UPDATE", "id"),)),
    # metric_versions.set_metric closes a version: only effective_to changes (tr_metric_registry_history)
    "metric_registry": Need(("SELECT", "INSERT"), (("UPDATE", "effective_to"),)),
    # api_keys.revoke_api_key sets revoked_at
    "api_keys": Need(("SELECT", "INSERT"), (("UPDATE", "revoked_at"),)),
    # migrate.current reads the revision; only the owner migrates
    "alembic_version": Need(("SELECT",)),
}
_SEQUENCE_NEED = ("USAGE",)  # nextval() for the serial ids
_ORDER = ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER", "USAGE")
_COLUMN_PRIVILEGES = ("SELECT", "INSERT", "UPDATE", "REFERENCES")

_SQLITE = "roles are a PostgreSQL feature; a SQLite file is protected by file permissions"
_NOT_AT_HEAD = (
    "the schema of {url} is at revision {at}, not {head} (head); upgrade first: tieout db upgrade"
)
_NO_SCHEMA = (
    "the connection's search_path names no schema that user {me} may use; select tieout's "
    "schema in the URL (options=-csearch_path=SCHEMA) and run this as the owner of its tables"
)
_NO_TABLES = (
    "schema {schema} (the connection's current schema) holds no tieout table; select the "
    "schema tieout's tables live in with the URL's search_path"
)
_NOT_OWNER = (
    "user {me} does not own tieout's tables in schema {schema} (their owner is {owner}); "
    "run this as {owner}"
)
_CANNOT_CREATE = (
    "role {role} does not exist and user {me} may not create roles (no CREATEROLE); ask a "
    "superuser to run CREATE ROLE {role} LOGIN (or to give {me} CREATEROLE), then run this again"
)
_IS_SUPERUSER = (
    "role {role} is a superuser, which may disable the audit triggers; "
    "give the application a role that is not"
)
_IS_OWNER = (
    "role {role} owns tieout's tables, so it may disable the audit triggers; "
    "give the application a separate role"
)
_IS_MEMBER = (
    "role {role} is a member of {owner}, which owns tieout's tables, so it may disable the "
    "audit triggers; give the application a role that is not (or REVOKE {owner} FROM {role})"
)
_NO_USAGE = (
    "user {me} may not grant USAGE on schema {schema}; ask its owner to run "
    "GRANT USAGE ON SCHEMA {schema} TO {role}, then run this again"
)
_STILL_MAY = (
    "role {role} may still {what} through another role or PUBLIC; revoke that grant there, "
    "then run this again"
)
_STILL_MAY_NOT = "role {role} still may not {what}; run this as the owner of tieout's tables"


@dataclass
class GrantReport:
    """What :func:`grant_app_role` did: each statement run, and notes for the user."""

    role: str
    schema: str
    created: bool = False
    changes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _shown(name: str) -> str:
    """An identifier for messages: as typed when plain lower case, else quoted."""
    plain = name.isascii() and name.isidentifier() and name == name.lower()
    return name if plain else _quoted(name)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _ordered(privileges: set[str]) -> list[str]:
    return sorted(privileges, key=lambda p: (_ORDER.index(p) if p in _ORDER else len(_ORDER), p))


@contextmanager
def _engine(url: str | None) -> Iterator[Engine]:
    """A PostgreSQL engine for ``url``; any other backend is refused before connecting."""
    engine = make_engine(database_url(url))
    try:
        if engine.dialect.name != "postgresql":
            raise InputError(_SQLITE)
        check_reachable(engine)
        yield engine
    finally:
        engine.dispose()


def grant_app_role(url: str | None, role: str, *, password: str | None = None) -> GrantReport:
    """Create ``role`` if missing and give it exactly :data:`NEEDS` on tieout's schema.

    Run as the owner of tieout's tables, on a database at the head revision. ``password`` is
    set only when the role is created (hashed here, so the server's log never sees it). All
    or nothing: one transaction, under the lock schema changes take.
    """
    if not role:
        raise InputError("the role name is empty; name the role the application connects as")
    with _engine(url) as engine:
        shown_url = display_url(engine.url)
        with engine.connect() as conn:
            schema, me = conn.execute(text("SELECT current_schema(), current_user")).one()
        if schema is None:
            raise InputError(_NO_SCHEMA.format(me=_shown(me)))
        at = current(engine)
        if at != HEAD:
            raise InputError(_NOT_AT_HEAD.format(url=shown_url, at=at or "base", head=HEAD))
        with locked_connection(engine, f"granting role {role!r} on {shown_url}") as conn:
            return _grant(conn, role, password)


def _grant(conn: Connection, role: str, password: str | None) -> GrantReport:
    schema = conn.execute(text("SELECT current_schema()")).scalar_one()
    nsp = conn.execute(
        text("SELECT oid FROM pg_namespace WHERE nspname = :s"), {"s": schema}
    ).scalar_one()
    report = GrantReport(role, str(schema))
    _check_owner(conn, nsp, report)
    oid = _ensure_role(conn, role, password, nsp, report)
    _ensure_schema_usage(conn, oid, report)
    _reconcile(conn, nsp, oid, report)
    _verify(conn, nsp, oid, report)
    return report


def _owner(conn: Connection, nsp: int) -> tuple[int, str, bool]:
    """The tables' owner: its oid, its name, and whether the current user acts as it."""
    owners = conn.execute(
        text(
            "SELECT DISTINCT relowner, pg_get_userbyid(relowner), "
            "pg_has_role(current_user, relowner, 'USAGE') FROM pg_class "
            "WHERE relnamespace = :nsp AND relkind IN ('r', 'p') AND relname = ANY(:names) "
            "ORDER BY 2"
        ),
        {"nsp": nsp, "names": list(NEEDS)},
    ).all()
    if not owners:
        schema = conn.execute(text("SELECT current_schema()")).scalar_one()
        raise StorageError(_NO_TABLES.format(schema=_shown(schema)))
    refused = next((o for o in owners if not o[2]), None)
    first = refused or owners[0]
    return int(first[0]), str(first[1]), refused is None


def _check_owner(conn: Connection, nsp: int, report: GrantReport) -> None:
    _, owner, acts_as_owner = _owner(conn, nsp)
    if not acts_as_owner:
        me = conn.execute(text("SELECT current_user")).scalar_one()
        raise InputError(
            _NOT_OWNER.format(me=_shown(me), schema=_shown(report.schema), owner=_shown(owner))
        )


def _ensure_role(
    conn: Connection, role: str, password: str | None, nsp: int, report: GrantReport
) -> int:
    """The role's oid; created (LOGIN) if missing. Refused if it could disable triggers."""
    found = conn.execute(
        text("SELECT oid, rolsuper FROM pg_roles WHERE rolname = :r"), {"r": role}
    ).first()
    if found is None:
        me, may_create = conn.execute(
            text(
                "SELECT rolname, rolcreaterole OR rolsuper FROM pg_roles WHERE rolname = current_user"
            )
        ).one()
        if not may_create:
            raise InputError(_CANNOT_CREATE.format(role=_shown(role), me=_shown(me)))
        statement = f"CREATE ROLE {_quoted(role)} LOGIN"
        if password is not None:
            statement += " PASSWORD " + _literal(conn, _hashed(conn, role, password))
        _execute(conn, statement)
        how = "password from the environment" if password is not None else "no password"
        report.changes.append(f"CREATE ROLE {_shown(role)} LOGIN ({how})")
        report.created = True
        return int(
            conn.execute(
                text("SELECT oid FROM pg_roles WHERE rolname = :r"), {"r": role}
            ).scalar_one()
        )
    oid, superuser = int(found[0]), bool(found[1])
    if password is not None:
        report.notes.append(
            f"role {_shown(role)} exists already; its password is left as it is "
            "(change it with ALTER ROLE … PASSWORD)"
        )
    if superuser:
        raise InputError(_IS_SUPERUSER.format(role=_shown(role)))
    owner_oid, owner, _ = _owner(conn, nsp)
    if oid == owner_oid:
        raise InputError(_IS_OWNER.format(role=_shown(role)))
    member = conn.execute(
        text("SELECT pg_has_role(:r, :o, 'MEMBER')"), {"r": oid, "o": owner_oid}
    ).scalar_one()
    if member:
        raise InputError(_IS_MEMBER.format(role=_shown(role), owner=_shown(owner)))
    return oid


def _driver(conn: Connection) -> Any:
    """The psycopg connection under ``conn`` (same session, same transaction)."""
    driver = conn.connection.driver_connection
    assert driver is not None
    return driver


def _execute(conn: Connection, statement: str) -> None:
    """Run a statement with no parameters as written (identifiers are quoted by the caller)."""
    with _driver(conn).cursor() as cursor:
        cursor.execute(statement)


def _hashed(conn: Connection, role: str, password: str) -> str:
    """The password hashed by libpq as the server would (SCRAM by default)."""
    pgconn = _driver(conn).pgconn
    return bytes(pgconn.encrypt_password(password.encode(), role.encode())).decode("ascii")


def _literal(conn: Connection, value: str) -> str:
    from psycopg import sql

    return str(sql.Literal(value).as_string(_driver(conn)))


def _ensure_schema_usage(conn: Connection, oid: int, report: GrantReport) -> None:
    query = text("SELECT has_schema_privilege(:r, current_schema(), 'USAGE')")
    if conn.execute(query, {"r": oid}).scalar_one():
        return
    _execute(conn, f"GRANT USAGE ON SCHEMA {_quoted(report.schema)} TO {_quoted(report.role)}")
    if not conn.execute(query, {"r": oid}).scalar_one():  # a non-owner's GRANT only warns
        me = conn.execute(text("SELECT current_user")).scalar_one()
        raise InputError(
            _NO_USAGE.format(me=_shown(me), schema=_shown(report.schema), role=_shown(report.role))
        )
    report.changes.append(f"GRANT USAGE ON SCHEMA {_shown(report.schema)} TO {_shown(report.role)}")


# -- the privileges on each table and sequence -------------------------------------------


@dataclass(frozen=True)
class _Object:
    name: str
    kind: str  # "TABLE" or "SEQUENCE"
    table: set[str]
    columns: set[tuple[str, str]]


def _wanted(conn: Connection, nsp: int) -> dict[str, tuple[str, Need]]:
    """Each object to grant on: ``name → (kind, need)`` (tables of NEEDS and their sequences)."""
    tables = conn.execute(
        text(
            "SELECT relname FROM pg_class WHERE relnamespace = :nsp "
            "AND relkind IN ('r', 'p') AND relname = ANY(:names)"
        ),
        {"nsp": nsp, "names": list(NEEDS)},
    ).scalars()
    wanted = {str(t): ("TABLE", NEEDS[str(t)]) for t in tables}
    sequences = conn.execute(
        text(
            "SELECT DISTINCT s.relname FROM pg_depend d "
            "JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S' "
            "JOIN pg_class t ON t.oid = d.refobjid "
            "WHERE d.deptype IN ('a', 'i') AND t.relnamespace = :nsp AND t.relname = ANY(:names)"
        ),
        {"nsp": nsp, "names": list(wanted)},
    ).scalars()
    wanted.update((str(s), ("SEQUENCE", Need(_SEQUENCE_NEED))) for s in sequences)
    return wanted


def _held(conn: Connection, nsp: int, oid: int, names: list[str]) -> dict[str, _Object]:
    """The privileges granted to the role directly (not through PUBLIC or membership)."""
    held = {n: _Object(n, "", set(), set()) for n in names}
    rows = conn.execute(
        text(
            "SELECT c.relname, NULL, a.privilege_type FROM pg_class c, aclexplode(c.relacl) a "
            "WHERE c.relnamespace = :nsp AND c.relname = ANY(:names) AND a.grantee = :r "
            "UNION ALL "
            "SELECT c.relname, att.attname, a.privilege_type FROM pg_class c "
            "JOIN pg_attribute att ON att.attrelid = c.oid AND NOT att.attisdropped, "
            "aclexplode(att.attacl) a "
            "WHERE c.relnamespace = :nsp AND c.relname = ANY(:names) AND a.grantee = :r"
        ),
        {"nsp": nsp, "names": names, "r": oid},
    )
    for name, column, privilege in rows:
        if column is None:
            held[name].table.add(privilege)
        else:
            held[name].columns.add((privilege, column))
    return held


def _privileges(table: list[str], columns: list[tuple[str, str]]) -> str:
    parts = list(table)
    for privilege in _ordered({p for p, _ in columns}):
        names = sorted(c for p, c in columns if p == privilege)
        parts.append(f"{privilege} ({', '.join(names)})")
    return ", ".join(parts)


def _run(
    conn: Connection,
    verb: str,
    kind: str,
    name: str,
    role: str,
    table: list[str],
    columns: list[tuple[str, str]],
) -> str:
    """GRANT or REVOKE on one object; returns the statement as shown to the user."""
    to = "TO" if verb == "GRANT" else "FROM"
    on = "" if kind == "TABLE" else f"{kind} "

    def render(ident: Callable[[str], str]) -> str:
        what = _privileges(table, [(p, ident(c)) for p, c in columns])
        return f"{verb} {what} ON {on}{ident(name)} {to} {ident(role)}"

    _execute(conn, render(_quoted))
    return render(_shown)


def _reconcile(conn: Connection, nsp: int, oid: int, report: GrantReport) -> None:
    """Revoke direct grants tieout does not need, then grant what is missing."""
    wanted = _wanted(conn, nsp)
    names = sorted(wanted, key=lambda n: (wanted[n][0] == "SEQUENCE", n))
    role = report.role
    # table-level first: revoking UPDATE on a table also revokes UPDATE on its columns
    held = _held(conn, nsp, oid, names)
    for name in names:
        kind, need = wanted[name]
        extra = _ordered(held[name].table - set(need.table))
        if extra:
            report.changes.append(_run(conn, "REVOKE", kind, name, role, extra, []))
    held = _held(conn, nsp, oid, names)
    for name in names:
        kind, need = wanted[name]
        extra_cols = sorted(held[name].columns - set(need.columns))
        if extra_cols:
            report.changes.append(_run(conn, "REVOKE", kind, name, role, [], extra_cols))
    held = _held(conn, nsp, oid, names)
    for name in names:
        kind, need = wanted[name]
        missing = _ordered(set(need.table) - held[name].table)
        missing_cols = sorted(set(need.columns) - held[name].columns)
        if missing or missing_cols:
            report.changes.append(_run(conn, "GRANT", kind, name, role, missing, missing_cols))


def _verify(conn: Connection, nsp: int, oid: int, report: GrantReport) -> None:
    """What the role may do in effect (PUBLIC and memberships included) must be the need."""
    wanted = _wanted(conn, nsp)
    tables = [n for n, (kind, _) in wanted.items() if kind == "TABLE"]
    sequences = [n for n, (kind, _) in wanted.items() if kind == "SEQUENCE"]
    params = {"nsp": nsp, "r": oid}
    extra: list[str] = []
    missing: list[str] = []
    whole: set[tuple[str, str]] = set()  # (privilege, table) already reported for the table

    def compare(got: bool, expected: bool, what: str) -> bool:
        if got and not expected:
            extra.append(what)
        elif expected and not got:
            missing.append(what)
        return got != expected

    for name, privilege, got in conn.execute(
        text(
            "SELECT c.relname, p, has_table_privilege(:r, c.oid, p) FROM pg_class c, "
            "unnest(ARRAY['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES',"
            "'TRIGGER']) p WHERE c.relnamespace = :nsp AND c.relname = ANY(:names)"
        ),
        {**params, "names": tables},
    ):
        if compare(got, privilege in wanted[name][1].table, f"{privilege} {_shown(name)}"):
            whole.add((privilege, name))
    for name, column, privilege, got in conn.execute(
        text(
            "SELECT c.relname, att.attname, p, has_column_privilege(:r, c.oid, att.attnum, p) "
            "FROM pg_class c JOIN pg_attribute att ON att.attrelid = c.oid AND att.attnum > 0 "
            "AND NOT att.attisdropped, unnest(CAST(:privileges AS text[])) p "
            "WHERE c.relnamespace = :nsp AND c.relname = ANY(:names)"
        ),
        {**params, "names": tables, "privileges": list(_COLUMN_PRIVILEGES)},
    ):
        if (privilege, name) not in whole:
            need = wanted[name][1]
            expected = privilege in need.table or (privilege, column) in need.columns
            compare(got, expected, f"{privilege} ({_shown(column)}) {_shown(name)}")
    for name, privilege, got in conn.execute(
        text(
            "SELECT c.relname, p, has_sequence_privilege(:r, c.oid, p) FROM pg_class c, "
            "unnest(ARRAY['USAGE','SELECT','UPDATE']) p "
            "WHERE c.relnamespace = :nsp AND c.relname = ANY(:names)"
        ),
        {**params, "names": sequences},
    ):
        compare(got, privilege in _SEQUENCE_NEED, f"{privilege} {_shown(name)}")
    role = _shown(report.role)
    if extra:
        raise InputError(_STILL_MAY.format(role=role, what=_listing(extra)))
    if missing:
        raise InputError(_STILL_MAY_NOT.format(role=role, what=_listing(missing)))


def _listing(items: list[str]) -> str:
    shown = sorted(set(items))
    more = len(shown) - 3
    return ", ".join(shown[:3]) + (f" and {more} more" if more > 0 else "")
