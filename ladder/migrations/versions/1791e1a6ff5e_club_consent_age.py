"""the age under which a guardian's consent is asked

Revision ID: 1791e1a6ff5e
Revises: e3f1a9c4b7d2
Create Date: 2026-12-08 10:00:00

``club_settings.consent_age``: who must consent before a junior's full name is shown — under
it a parent or guardian and the child, from it the junior themselves (docs/privacy.md,
"Consent by country"); a junior stays a member under 18 whatever it is. An existing
club gets the default of its language at the upgrade: Korean and Chinese 14 (PIPA Art. 22-2,
PIPL Art. 31), Indonesian 18 (UU PDP Art. 25 with the child protection law's under-18),
English and no language 16 (GDPR Art. 8). The table is written out here, not imported, so
this upgrade stays what it was when ladder/club/consent.py changes. No member's junior flag
or recorded consent changes: the age decides only which consent the form asks from now on.
"""
import sqlalchemy as sa
from alembic import op

revision = '1791e1a6ff5e'
down_revision = 'e3f1a9c4b7d2'
branch_labels = None
depends_on = None

GENERAL = 16
BY_LANGUAGE = {'ko': 14, 'zh_Hans': 14, 'id': 18, 'en': 16}


def upgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('consent_age', sa.Integer(),
                                      server_default=str(GENERAL), nullable=False))
    settings = sa.table('club_settings', sa.column('default_language'),
                        sa.column('consent_age'))
    for language, age in BY_LANGUAGE.items():
        if age != GENERAL:
            op.execute(settings.update().where(settings.c.default_language == language)
                       .values(consent_age=age))


def downgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.drop_column('consent_age')
