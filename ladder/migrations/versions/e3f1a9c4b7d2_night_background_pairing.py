"""a club night's round paired in the background

Revision ID: e3f1a9c4b7d2
Revises: c7d2e9f1a3b5
Create Date: 2026-12-03 12:00:00

A big round is paired outside the request and the write lock (docs/club-night.md §3): the
night says which round is being paired (``pairing_round``), by which job (``pairing_token``:
another job cannot store over it), since when (``pairing_started_at``) and when the job was
last seen alive (``pairing_seen_at``: a job whose worker stopped expires), and why the last
background pairing did not store a round (``pairing_note``, a JSON Message).
"""
from alembic import op
import sqlalchemy as sa


revision = 'e3f1a9c4b7d2'
down_revision = 'c7d2e9f1a3b5'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pairing_round', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('pairing_token', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('pairing_started_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('pairing_seen_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('pairing_note', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.drop_column('pairing_note')
        batch_op.drop_column('pairing_seen_at')
        batch_op.drop_column('pairing_started_at')
        batch_op.drop_column('pairing_token')
        batch_op.drop_column('pairing_round')
