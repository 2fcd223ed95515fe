"""An index on events (stream, type): the house reads its own events by type (the dealers'
roster every few seconds, a player's responsible-gaming limits in the transaction of every
buy-in, the bots at start), which without it scans the whole house stream.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_events_stream_type", "events", ["stream", "type"])


def downgrade() -> None:
    op.drop_index("ix_events_stream_type", table_name="events")
