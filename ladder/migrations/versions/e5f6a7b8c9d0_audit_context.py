"""audit context

Revision ID: e5f6a7b8c9d0
Revises: d4e5f6a7b8c9
Create Date: 2026-12-01 14:00:00

``audit_log.context``: what the change was about as the organizer read it at the time (the
names of the players, the event, the round), so the log can say in words "Result of Ann Lee vs
Bo Chen, round 3: 1-0 → ½-½" even after a later rename or delete (docs/club-rating.md §2).
"""
from alembic import op
import sqlalchemy as sa


revision = 'e5f6a7b8c9d0'
down_revision = 'd4e5f6a7b8c9'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('audit_log', schema=None) as batch_op:
        batch_op.add_column(sa.Column('context', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('audit_log', schema=None) as batch_op:
        batch_op.drop_column('context')
