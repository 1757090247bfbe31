"""the club's time zone

Revision ID: a8c4e2f1d6b3
Revises: e7a1c2d3b4f5
Create Date: 2026-12-01 23:10:00

``club_settings.timezone``: an IANA zone name (``Asia/Seoul``); every time the pages show
(dashboard, audit log, print headers, "as of" lines, exports) is written in it. Existing
clubs keep UTC, which is what they were shown until now. Event dates are days, not times,
and are unaffected.
"""
from alembic import op
import sqlalchemy as sa


revision = 'a8c4e2f1d6b3'
down_revision = 'e7a1c2d3b4f5'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('timezone', sa.String(length=64),
                                      server_default='UTC', nullable=False))


def downgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.drop_column('timezone')
