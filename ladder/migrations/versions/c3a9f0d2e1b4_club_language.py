"""the club's default language

Revision ID: c3a9f0d2e1b4
Revises: b7d1e2f3a4c5
Create Date: 2026-12-01 12:00:00

``club_settings.default_language``: the language of the pages when a visitor chose none
(docs/qualities.md §2); empty means "follow the browser".
"""
from alembic import op
import sqlalchemy as sa


revision = 'c3a9f0d2e1b4'
down_revision = 'b7d1e2f3a4c5'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('default_language', sa.String(length=10),
                                      server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.drop_column('default_language')
