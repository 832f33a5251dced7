"""Alembic environment for tieout's database.

:mod:`tieout.store.migrate` (and so ``tieout db …`` and ``Store.open``) runs the migrations
on a connection it has already opened and locked, passed in ``config.attributes["connection"]``;
its transaction is the migration's, so a failed upgrade changes nothing. Run by plain
``alembic``, the database is ``sqlalchemy.url`` from the config, else ``$TIEOUT_DB``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

from tieout.store import tables as _tables  # noqa: F401  (registers the models' metadata)
from tieout.store.engine import database_url, locked_connection, make_engine


def _migrate(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        transactional_ddl=True,  # tieout's SQLite connections run DDL inside real BEGINs too
    )
    with context.begin_transaction():
        context.run_migrations()


def _run() -> None:
    if context.is_offline_mode():
        raise SystemExit(
            "tieout's migrations inspect the database; offline (--sql) mode is not supported"
        )
    given = context.config.attributes.get("connection")
    if given is not None:
        _migrate(given)
        return
    engine = make_engine(database_url(context.config.get_main_option("sqlalchemy.url")))
    try:
        with locked_connection(engine, "migrating the database") as connection:
            _migrate(connection)
    finally:
        engine.dispose()


_run()
