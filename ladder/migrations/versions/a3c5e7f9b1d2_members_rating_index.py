"""an index on the members' rating: the ladder page reads its window in rating order and stops
there, so a page of 50 lines costs the same on a roster of 2,000 or 8,000 (docs/qualities.md §2
"Growth"; queries/ladder.py, ladder_window)

Revision ID: a3c5e7f9b1d2
Revises: 2aab209b3441
Create Date: 2026-12-06 20:30:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a3c5e7f9b1d2'
down_revision = '2aab209b3441'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_members_rating'), ['rating'], unique=False)


def downgrade():
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_members_rating'))
