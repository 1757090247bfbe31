"""the players' phones at a club night (docs/club-night.md §6): each night's link (open or
not, how often its code was changed, a counter the phones' pages revalidate by), the phones'
check-ins and the names waiting for the organizer, the results the players report, the wrong
codes typed (throttling), and the club's setting for how reported results are entered

Revision ID: 2aab209b3441
Revises: 6bc6627a4159
Create Date: 2026-12-06 08:05:22.747485

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '2aab209b3441'
down_revision = '6bc6627a4159'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('code_attempts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_code_attempts'))
    )
    with op.batch_alter_table('code_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_code_attempts_address'), ['address'], unique=False)
        batch_op.create_index(batch_op.f('ix_code_attempts_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_code_attempts_night_id'), ['night_id'], unique=False)

    op.create_table('night_links',
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.Column('rotation', sa.Integer(), nullable=False),
    sa.Column('rotated_at', sa.DateTime(), nullable=True),
    sa.Column('activity', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['night_id'], ['nights.id'], name=op.f('fk_night_links_night_id_nights'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('night_id', name=op.f('pk_night_links'))
    )
    op.create_table('night_arrivals',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('junior', sa.Boolean(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_night_arrivals_member_id_members')),
    sa.ForeignKeyConstraint(['night_id'], ['nights.id'], name=op.f('fk_night_arrivals_night_id_nights'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['night_players.id'], name=op.f('fk_night_arrivals_player_id_night_players'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_arrivals')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('night_arrivals', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_arrivals_night_id'), ['night_id'], unique=False)

    op.create_table('night_reports',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('board_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('board_version', sa.Integer(), nullable=False),
    sa.Column('result', sa.String(length=4), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('form_key', sa.String(length=40), nullable=False),
    sa.Column('reported_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['board_id'], ['night_boards.id'], name=op.f('fk_night_reports_board_id_night_boards'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['night_id'], ['nights.id'], name=op.f('fk_night_reports_night_id_nights'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['night_players.id'], name=op.f('fk_night_reports_player_id_night_players'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_reports')),
    sa.UniqueConstraint('board_id', 'player_id', 'board_version', name='uq_night_reports_board_player_version'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('night_reports', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_reports_night_id'), ['night_id'], unique=False)

    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('player_results', sa.String(length=12), server_default='agree', nullable=False))



def downgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.drop_column('player_results')

    with op.batch_alter_table('night_reports', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_reports_night_id'))

    op.drop_table('night_reports')
    with op.batch_alter_table('night_arrivals', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_arrivals_night_id'))

    op.drop_table('night_arrivals')
    op.drop_table('night_links')
    with op.batch_alter_table('code_attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_code_attempts_night_id'))
        batch_op.drop_index(batch_op.f('ix_code_attempts_at'))
        batch_op.drop_index(batch_op.f('ix_code_attempts_address'))

    op.drop_table('code_attempts')
