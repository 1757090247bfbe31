"""an event's scoring: the points of each kind of result

Revision ID: c7d2e9f1a3b5
Revises: b9d2f4a6c8e1
Create Date: 2026-12-03 09:00:00

``events.scoring`` (``ladder.vocabulary.tournament.scoring_text``: "W=1 D=1/2 L=0 PAB=1/2";
NULL is the default 1 / ½ / 0 with the byes as a win), so the event page, its tie-breaks and
its TRF count a half-point pairing-allocated bye as the club night that made it did. The
events of club nights finished with a ½-point PAB get that scoring now, and their stored
winners are cleared (NULL: ranked again by ``ladder init``'s fill and on the next view).
"""
from alembic import op
import sqlalchemy as sa


revision = 'c7d2e9f1a3b5'
down_revision = 'b9d2f4a6c8e1'
branch_labels = None
depends_on = None

HALF_PAB = "W=1 D=1/2 L=0 PAB=1/2"


def upgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('scoring', sa.String(length=80), nullable=True))
    nights = sa.table('nights', sa.column('event_id', sa.Integer),
                      sa.column('pab_half', sa.Boolean))
    events = sa.table('events', sa.column('id', sa.Integer), sa.column('scoring', sa.String),
                      sa.column('winners', sa.String))
    finished = sa.select(nights.c.event_id).where(nights.c.pab_half.is_(True),
                                                   nights.c.event_id.is_not(None))
    op.get_bind().execute(events.update().where(events.c.id.in_(finished))
                          .values(scoring=HALF_PAB, winners=None))


def downgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_column('scoring')
