"""seasons, bughouse teams, award and Glicko-2 settings, public pool health

Revision ID: d5e8a1b2c3f4
Revises: f6a7b8c9d0e1
Create Date: 2026-12-02 09:00:00

* ``seasons``: named date ranges (first and last day included; the service refuses overlaps).
* ``bughouse_teams``: teams of two of a bughouse event, by the partners' start numbers.
* ``club_settings.award_min_games`` (counted games a member needs for "most improved" and
  "best performance"), ``glicko_tau`` (the Glicko-2 lens's system constant) and
  ``health_public`` (whether ``/health`` is public).
"""
from alembic import op
import sqlalchemy as sa


revision = 'd5e8a1b2c3f4'
down_revision = 'f6a7b8c9d0e1'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'seasons',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=200), nullable=False),
        sa.Column('first', sa.Date(), nullable=False),
        sa.Column('last', sa.Date(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_seasons')),
        sqlite_autoincrement=True)
    op.create_table(
        'bughouse_teams',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('first_no', sa.Integer(), nullable=False),
        sa.Column('second_no', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['events.id'], ondelete='CASCADE',
                                name=op.f('fk_bughouse_teams_event_id_events')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_bughouse_teams')),
        sqlite_autoincrement=True)
    with op.batch_alter_table('bughouse_teams', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bughouse_teams_event_id'), ['event_id'],
                              unique=False)
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('award_min_games', sa.Integer(), server_default='10',
                                      nullable=False))
        batch_op.add_column(sa.Column('glicko_tau', sa.Float(), server_default='0.5',
                                      nullable=False))
        batch_op.add_column(sa.Column('health_public', sa.Boolean(), server_default=sa.false(),
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.drop_column('health_public')
        batch_op.drop_column('glicko_tau')
        batch_op.drop_column('award_min_games')
    with op.batch_alter_table('bughouse_teams', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bughouse_teams_event_id'))
    op.drop_table('bughouse_teams')
    op.drop_table('seasons')
