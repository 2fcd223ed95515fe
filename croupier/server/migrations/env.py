"""Alembic's environment: runs the migrations on the connection :func:`croupier.server.db.upgrade`
hands over (``config.attributes["connection"]``); there is no ``alembic.ini`` and no offline
mode. Imported outside a migration run (pytest's doctest collection), it does nothing."""

from __future__ import annotations

from alembic import context

from croupier.server.schema import metadata


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(
        connection=connection, target_metadata=metadata, transaction_per_migration=True
    )
    with context.begin_transaction():
        context.run_migrations()


try:
    context.config  # noqa: B018 (present only while Alembic runs this file)
except AttributeError:
    pass
else:
    run()
