"""ladder generation, ids never reused, session versions, publish tokens

Revision ID: b7d1e2f3a4c5
Revises: a42ac160ef09
Create Date: 2026-12-01 10:30:00

* ``club_settings.generation``: every committed write adds one (ETags, page cache).
* SQLite ``AUTOINCREMENT`` on members, events, entries, results, audit_log and merges, so an
  id is never reused after a delete (a merge record or audit entry naming a deleted row must
  never come to name a new one). The tables are rebuilt with their data; each sequence starts
  above every id the table or any record naming it ever held. PostgreSQL's serial sequences
  never reuse ids, so nothing changes there.
* ``users.session_version`` and ``login_sessions``: a session cookie names one login; logging
  out ends it, logging out everywhere or a password change ends every older one.
* ``publish_tokens``: one-time tokens that make publishing a preview idempotent.
"""
from alembic import op
import sqlalchemy as sa


revision = 'b7d1e2f3a4c5'
down_revision = 'a42ac160ef09'
branch_labels = None
depends_on = None

NO_REUSE_TABLES = ("members", "events", "entries", "results", "audit_log", "merges")


def _highest_referenced(bind, table: str) -> int:
    """The largest id of ``table`` that any stored record names (deleted rows included)."""
    def scalar(sql: str) -> int:
        return int(bind.execute(sa.text(sql)).scalar() or 0)
    highest = scalar(f"SELECT MAX(id) FROM {table}")
    if table == "events":
        highest = max(highest, scalar("SELECT MAX(event_id) FROM audit_log"))
    if table == "members":
        highest = max(highest, scalar("SELECT MAX(member_id) FROM audit_log"),
                      scalar("SELECT MAX(source_id) FROM merges"),
                      scalar("SELECT MAX(target_id) FROM merges"))
    if table == "entries":
        for (ids,) in bind.execute(sa.text("SELECT moved_entry_ids FROM merges")):
            for part in (ids or "").split(","):
                if part.strip().isdigit():
                    highest = max(highest, int(part))
    return highest


def upgrade():
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('generation', sa.Integer(), server_default='0',
                                      nullable=False))
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_version', sa.Integer(), server_default='0',
                                      nullable=False))
    op.create_table(
        'login_sessions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token', sa.String(length=64), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('ended_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE',
                                name=op.f('fk_login_sessions_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_login_sessions')),
        sa.UniqueConstraint('token', name=op.f('uq_login_sessions_token')),
        sqlite_autoincrement=True)
    with op.batch_alter_table('login_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_sessions_user_id'), ['user_id'], unique=False)
    op.create_table(
        'publish_tokens',
        sa.Column('token', sa.String(length=64), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=True),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('token', name=op.f('pk_publish_tokens')))

    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        return
    for table in NO_REUSE_TABLES:
        with op.batch_alter_table(table, recreate="always",
                                  table_kwargs={"sqlite_autoincrement": True}):
            pass
    for table in NO_REUSE_TABLES:
        highest = _highest_referenced(bind, table)
        bind.execute(sa.text("DELETE FROM sqlite_sequence WHERE name = :t"), {"t": table})
        bind.execute(sa.text("INSERT INTO sqlite_sequence (name, seq) VALUES (:t, :seq)"),
                     {"t": table, "seq": highest})


def downgrade():
    op.drop_table('publish_tokens')
    op.drop_table('login_sessions')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('session_version')
    with op.batch_alter_table('club_settings', schema=None) as batch_op:
        batch_op.drop_column('generation')
