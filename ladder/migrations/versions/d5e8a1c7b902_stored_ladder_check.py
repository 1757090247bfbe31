"""the last ladder check, stored with its generation

Revision ID: d5e8a1c7b902
Revises: d5e8a1b2c3f4
Create Date: 2026-12-01 14:00:00

``ladder_checks``: one row, the generation the last check verified, a fingerprint of the
members' stored ratings, when, how many differences it found and the first of them; the
organizer's dashboard runs the check again only when either moved (docs/club-rating.md §2).
"""
from alembic import op
import sqlalchemy as sa


revision = 'd5e8a1c7b902'
down_revision = 'd5e8a1b2c3f4'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'ladder_checks',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('generation', sa.Integer(), nullable=False),
        sa.Column('fingerprint', sa.String(length=200), nullable=False),
        sa.Column('checked_at', sa.DateTime(), nullable=False),
        sa.Column('total', sa.Integer(), nullable=False),
        sa.Column('differences', sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_ladder_checks')))


def downgrade():
    op.drop_table('ladder_checks')
