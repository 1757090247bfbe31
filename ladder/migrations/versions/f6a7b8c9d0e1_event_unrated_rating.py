"""a rating for unrated players per event (C.07 Art. 10)

Revision ID: f6a7b8c9d0e1
Revises: e5f6a7b8c9d0
Create Date: 2026-12-01 15:00:00

``events.unrated_rating``: the rating the event gives its unrated players, so rating-based
tie-breaks (ARO, TPR, APRO, …) apply instead of being dropped (C.07 Art. 10).
"""
from alembic import op
import sqlalchemy as sa


revision = 'f6a7b8c9d0e1'
down_revision = 'e5f6a7b8c9d0'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('unrated_rating', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_column('unrated_rating')
