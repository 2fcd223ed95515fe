"""The first schema: the record (events, commands, ledger, tables), positions, accounts,
sessions; triggers that make the record insert-only; on PostgreSQL, a deferred check that every
ledger transaction sums to zero.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TIME = 32
HASH = 64
NAME = 200
APPEND_ONLY = ("events", "commands", "ledger_tx", "ledger_entries", "tables")


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("pos", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("stream", sa.String(NAME), nullable=False),
        sa.Column("seq", sa.BigInteger, nullable=False),
        sa.Column("type", sa.String(NAME), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("at", sa.String(TIME), nullable=False),
        sa.Column("actor", sa.String(NAME), nullable=True),
        sa.Column("command_id", sa.String(NAME), nullable=True),
        sa.Column("prev_hash", sa.String(HASH), nullable=False),
        sa.Column("hash", sa.String(HASH), nullable=False),
        sa.UniqueConstraint("stream", "seq", name="uq_events_stream_seq"),
    )
    op.create_index("ix_events_at", "events", ["at"])
    op.create_table(
        "commands",
        sa.Column("stream", sa.String(NAME), nullable=False),
        sa.Column("command_id", sa.String(NAME), nullable=False),
        sa.Column("actor", sa.String(NAME), nullable=True),
        sa.Column("first_seq", sa.BigInteger, nullable=False),
        sa.Column("last_seq", sa.BigInteger, nullable=False),
        sa.Column("at", sa.String(TIME), nullable=False),
        sa.PrimaryKeyConstraint("stream", "command_id", name="pk_commands"),
    )
    positions = op.create_table(
        "positions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("last", sa.BigInteger, nullable=False),
    )
    op.bulk_insert(positions, [{"id": 1, "last": 0}])
    op.create_table(
        "ledger_tx",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(NAME), nullable=False, unique=True),
        sa.Column("stream", sa.String(NAME), nullable=True),
        sa.Column("seq", sa.BigInteger, nullable=True),
        sa.Column("kind", sa.String(NAME), nullable=False),
        sa.Column("memo", sa.Text, nullable=False),
        sa.Column("at", sa.String(TIME), nullable=False),
    )
    op.create_table(
        "ledger_entries",
        sa.Column("tx_id", sa.Integer, sa.ForeignKey("ledger_tx.id"), nullable=False),
        sa.Column("n", sa.Integer, nullable=False),
        sa.Column("account", sa.String(NAME), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("tx_id", "n", name="pk_ledger_entries"),
    )
    op.create_index("ix_ledger_entries_account", "ledger_entries", ["account"])
    op.create_table(
        "tables",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(NAME), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("genesis", sa.String(HASH), nullable=False),
        sa.Column("at", sa.String(TIME), nullable=False),
        sa.Column("actor", sa.String(NAME), nullable=True),
    )
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(NAME), nullable=False, unique=True),
        sa.Column("role", sa.String(32), nullable=False),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(TIME), nullable=False),
        sa.Column("failed_attempts", sa.Integer, nullable=False),
        sa.Column("locked_until", sa.String(TIME), nullable=True),
        sa.Column("last_login_at", sa.String(TIME), nullable=True),
        sa.Column("must_change_password", sa.Boolean, nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(HASH), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("csrf", sa.String(HASH), nullable=False),
        sa.Column("created_at", sa.String(TIME), nullable=False),
        sa.Column("expires_at", sa.String(TIME), nullable=False),
        sa.Column("revoked_at", sa.String(TIME), nullable=True),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    if op.get_bind().dialect.name == "postgresql":
        _postgresql_guards()
    else:
        _sqlite_guards()


def _postgresql_guards() -> None:
    op.execute(
        """
        CREATE FUNCTION croupier_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'croupier: % is append-only (% refused)', TG_TABLE_NAME, TG_OP;
        END $$
        """
    )
    for table in APPEND_ONLY:
        op.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION croupier_append_only()"
        )
        op.execute(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION croupier_append_only()"
        )
    op.execute(
        """
        CREATE FUNCTION croupier_ledger_balances() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE total numeric;
        BEGIN
            SELECT sum(amount) INTO total FROM ledger_entries WHERE tx_id = NEW.tx_id;
            IF total <> 0 THEN
                RAISE EXCEPTION 'croupier: ledger transaction % sums to %, not 0',
                    NEW.tx_id, total;
            END IF;
            RETURN NULL;
        END $$
        """
    )
    op.execute(
        "CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries "
        "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION croupier_ledger_balances()"
    )


def _sqlite_guards() -> None:
    for table in APPEND_ONLY:
        for operation in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{operation.lower()} BEFORE {operation} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, 'croupier: {table} is append-only "
                f"({operation} refused)'); END"
            )


def downgrade() -> None:
    raise NotImplementedError("the record is append-only: there is no way back from 0001")
