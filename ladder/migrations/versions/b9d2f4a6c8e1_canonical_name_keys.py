"""canonical name keys and NFC names

Revision ID: b9d2f4a6c8e1
Revises: 3174a15573c1
Create Date: 2026-12-02 04:10:00

Issue 25.1: the identity key of a name also drops default-ignorable characters (soft hyphens,
zero-width spaces), so a name typed with them is the same name; and typed names are stored in
NFC. Recomputes ``members.name_key`` and ``member_aliases.name_key`` and stores the names of
members, aliases, entries and bughouse teams in NFC. An alias whose new key equals another
alias of the same member is the same spelling: the later one goes. Downgrade keeps the data
(the old keys of names without invisible characters are the same).
"""
import unicodedata

import sqlalchemy as sa
from alembic import op

from ladder.names import name_key

revision = 'b9d2f4a6c8e1'
down_revision = '3174a15573c1'
branch_labels = None
depends_on = None


def _nfc(text):
    return unicodedata.normalize("NFC", text) if text else text


def upgrade():
    bind = op.get_bind()
    members = sa.table('members', sa.column('id'), sa.column('name'), sa.column('name_key'))
    for row in bind.execute(sa.select(members.c.id, members.c.name, members.c.name_key)).all():
        name = _nfc(row.name)
        key = name_key(name)[:200]
        if (name, key) != (row.name, row.name_key):
            bind.execute(members.update().where(members.c.id == row.id)
                         .values(name=name, name_key=key))
    aliases = sa.table('member_aliases', sa.column('id'), sa.column('member_id'),
                       sa.column('name'), sa.column('name_key'))
    seen = set()
    for alias in bind.execute(sa.select(aliases.c.id, aliases.c.member_id, aliases.c.name,
                                      aliases.c.name_key).order_by(aliases.c.id)).all():
        name = _nfc(alias.name)
        key = name_key(name)[:200]
        if (alias.member_id, key) in seen:
            bind.execute(aliases.delete().where(aliases.c.id == alias.id))
            continue
        seen.add((alias.member_id, key))
        if (name, key) != (alias.name, alias.name_key):
            bind.execute(aliases.update().where(aliases.c.id == alias.id)
                         .values(name=name, name_key=key))
    for table_name, column in (('entries', 'raw_name'), ('bughouse_teams', 'name')):
        table = sa.table(table_name, sa.column('id'), sa.column(column))
        for row_id, value in bind.execute(sa.select(table.c.id, table.c[column])).all():
            if value and _nfc(value) != value:
                bind.execute(table.update().where(table.c.id == row_id)
                             .values({column: _nfc(value)}))


def downgrade():
    pass
