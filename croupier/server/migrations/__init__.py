"""Alembic migrations of the server's database (applied on start or by ``croupier db upgrade``)."""
