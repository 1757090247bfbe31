"""the winners of each event, stored with the event

Revision ID: e7a1c2d3b4f5
Revises: d5e8a1c7b902
Create Date: 2026-12-01 14:10:00

``events.winners``: the start numbers ranked first after the event's tie-breaks, derived and
refreshed inside every unit of work that changes the event (docs/architecture.md §3: standings
computed once per change, not per view). Filled for the existing events by ``init_database`` right
after the upgrade (the ranking lives in the application, not in SQL).
"""
from alembic import op
import sqlalchemy as sa


revision = 'e7a1c2d3b4f5'
down_revision = 'd5e8a1c7b902'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('winners', sa.String(length=400), nullable=True))


def downgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_column('winners')
