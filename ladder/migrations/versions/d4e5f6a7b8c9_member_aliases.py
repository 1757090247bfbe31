"""member aliases

Revision ID: d4e5f6a7b8c9
Revises: c3a9f0d2e1b4
Create Date: 2026-12-01 13:00:00

``member_aliases``: every spelling a member was confirmed under (publish, merge, rename),
matched like the name (docs/desk.md §2). Existing data: the typed names of each member's entries
that differ from the member's name become ``publish`` aliases; the names of members merged
away (merges in force) become ``merge`` aliases of their target.
"""
import datetime as dt
import re
import unicodedata

from alembic import op
import sqlalchemy as sa


revision = 'd4e5f6a7b8c9'
down_revision = 'c3a9f0d2e1b4'
branch_labels = None
depends_on = None


def _key(name: str) -> str:
    # The identity key of ladder.names.name_key (NFKC, case-folded, spaces collapsed),
    # frozen here so the migration never changes when the package does.
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return re.sub(r"\s+", " ", text).strip()


def upgrade():
    op.create_table(
        'member_aliases',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('member_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=200), nullable=False),
        sa.Column('name_key', sa.String(length=200), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('merged_from', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['member_id'], ['members.id'], ondelete='CASCADE',
                                name=op.f('fk_member_aliases_member_id_members')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_member_aliases')),
        sa.UniqueConstraint('member_id', 'name_key', name=op.f('uq_member_aliases_member_id')),
        sqlite_autoincrement=True)
    with op.batch_alter_table('member_aliases', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_member_aliases_member_id'), ['member_id'])
        batch_op.create_index(batch_op.f('ix_member_aliases_name_key'), ['name_key'])

    bind = op.get_bind()
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    members = {mid: name for mid, name in bind.execute(sa.text("SELECT id, name FROM members"))}
    rows: dict[tuple[int, str], dict] = {}
    for member_id, raw in bind.execute(sa.text(
            "SELECT member_id, raw_name FROM entries WHERE member_id IS NOT NULL")):
        name = members.get(member_id)
        if name is None or _key(raw) == _key(name):
            continue
        rows.setdefault((member_id, _key(raw)), {
            "member_id": member_id, "name": raw[:200], "name_key": _key(raw)[:200],
            "kind": "publish", "merged_from": None, "created_at": now})
    for source, target in bind.execute(sa.text(
            "SELECT source_id, target_id FROM merges WHERE undone_at IS NULL")):
        name = members.get(source)
        if name is None or target not in members or _key(name) == _key(members[target]):
            continue
        rows[(target, _key(name))] = {
            "member_id": target, "name": name[:200], "name_key": _key(name)[:200],
            "kind": "merge", "merged_from": source, "created_at": now}
    if rows:
        table = sa.table('member_aliases', *(sa.column(c) for c in (
            "member_id", "name", "name_key", "kind", "merged_from", "created_at")))
        op.bulk_insert(table, list(rows.values()))


def downgrade():
    op.drop_table('member_aliases')
