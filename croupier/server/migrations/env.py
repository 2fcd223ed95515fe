"""Alembic's environment: runs the migrations on the connection :func:`croupier.server.db.upgrade`
hands over (``config.attributes["connection"]``); there is no ``alembic.ini`` and no offline
mode."""

from __future__ import annotations

from alembic import context

from croupier.server.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, transaction_per_migration=True)
with context.begin_transaction():
    context.run_migrations()
