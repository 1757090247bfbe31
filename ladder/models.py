"""The database model (docs/desk.md §1, docs/club-rating.md §2): members, events, entries, round
results, rating rows, organizers, audit log, merges and the club's settings.

Rating rows and the members' current rating/games columns are *derived*: only the replay
service writes them, and ``ladder check`` recomputes them from scratch to prove they are right.
"""

from __future__ import annotations

import datetime as dt
from enum import Enum as PyEnum
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from flask_login import UserMixin
from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    Enum,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .club.consent import GENERAL_CONSENT_AGE
from .extensions import db
from .vocabulary.tournament import Colour, EventKind, Kind


class Visibility(StrEnum):
    """Who may see the club's pages (docs/privacy.md)."""

    PRIVATE = "private"
    UNLISTED = "unlisted"
    PUBLIC = "public"


class EventStatus(StrEnum):
    """Whether an event is out (docs/desk.md §1). A draft is the organizer's alone: it is hidden
    from every public page and left out of the ladder's replay until it is published again."""

    DRAFT = "draft"
    PUBLISHED = "published"


def _enum(enum: type[PyEnum], length: int) -> Enum:
    """An enum column stored as its values in a VARCHAR (no native type, no migration)."""
    return Enum(enum, native_enum=False, create_constraint=False, length=length,
                values_callable=lambda members: [member.value for member in members],
                validate_strings=True)


if TYPE_CHECKING:
    # mypy cannot see through Flask-SQLAlchemy's db.Model; at run time it is exactly that.
    from sqlalchemy.orm import DeclarativeBase

    class Model(DeclarativeBase):
        """The declarative base as the type checker sees db.Model."""
else:
    Model = db.Model


#: Never reuse an id (SQLite's AUTOINCREMENT): a merge record, an audit entry or a publish
#: token that names a deleted row must never come to name a new one.
NO_REUSE = {"sqlite_autoincrement": True}


def column_limit(column: Any) -> int:
    """The length of a ``String(n)`` column (``Event.name``): the one place a text's limit
    comes from, for the declared forms and for the services that refuse a longer text."""
    length = column.property.columns[0].type.length
    if not isinstance(length, int):
        raise TypeError(f"{column} has no length")
    return length


def utcnow() -> dt.datetime:
    """The current time in UTC, naive (stored the same way on SQLite and PostgreSQL)."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class ClubSettings(Model):
    """The club's single settings row: visibility, name policy and rating options
    (docs/club-rating.md §1, docs/privacy.md)."""

    __tablename__ = "club_settings"
    id: Mapped[int] = mapped_column(primary_key=True)
    club_name: Mapped[str] = mapped_column(String(200), default="Chess Club")
    visibility: Mapped[Visibility] = mapped_column(_enum(Visibility, 10),
                                                   default=Visibility.PUBLIC)
    unlisted_token: Mapped[str | None] = mapped_column(String(64))
    initials_for_all: Mapped[bool] = mapped_column(Boolean, default=False)
    # The language pages take when the visitor chose none (docs/qualities.md §2); "" = the
    # browser's.
    default_language: Mapped[str] = mapped_column(String(10), default="", server_default="")
    # The club's IANA time zone (zoneinfo): every time shown is written in it; stored times
    # stay naive UTC (utcnow) and event dates are days, unaffected.
    timezone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    start_rating: Mapped[float] = mapped_column(Float, default=1200.0)
    k_new: Mapped[float] = mapped_column(Float, default=40.0)
    k_established: Mapped[float] = mapped_column(Float, default=20.0)
    k_threshold: Mapped[int] = mapped_column(Integer, default=20)
    provisional_games: Mapped[int] = mapped_column(Integer, default=5)
    junior_k: Mapped[float | None] = mapped_column(Float)
    rating_floor: Mapped[float | None] = mapped_column(Float)
    last_replay_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    # The ladder generation: every committed unit of work adds one (public pages' ETags).
    generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Seasons and pool health (docs/qualities.md §2). The counted games a member needs in a season
    # to qualify for "most improved" and "best performance" (one N for both, as the issue says).
    award_min_games: Mapped[int] = mapped_column(Integer, default=10, server_default="10")
    # Glicko-2's system constant tau for the lens beside the ladder (never the ladder itself).
    glicko_tau: Mapped[float] = mapped_column(Float, default=0.5, server_default="0.5")
    # Whether /health (inflation, activity, calibration) is public; organizers always see it.
    health_public: Mapped[bool] = mapped_column(Boolean, default=False,
                                                server_default=false())
    # How players' reported results are entered at a club night (docs/club-night.md §6):
    # "agree" (two reports that agree enter it) or "organizer" (every report waits for a tap).
    player_results: Mapped[str] = mapped_column(String(12), default="agree",
                                                server_default="agree")
    # The age under which a parent's or guardian's consent is asked (docs/privacy.md, "Consent
    # by country"): who consents for a junior (under it a parent or guardian and the child,
    # from it the junior), never who is a junior (under 18, ladder/club/consent.py JUNIOR_AGE).
    # No age is ever computed (no date of birth is stored); a new club gets the general
    # default, `ladder init --language` and the settings page the language's.
    consent_age: Mapped[int] = mapped_column(Integer, default=GENERAL_CONSENT_AGE,
                                             server_default=str(GENERAL_CONSENT_AGE))


class Member(Model):
    """A person on the roster. Nothing personal beyond a name, the junior flag and consent."""

    __tablename__ = "members"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200), index=True)
    junior: Mapped[bool] = mapped_column(Boolean, default=False)
    # Consent to show a junior's full name: parent *and* child, when, recorded by whom
    # (docs/privacy.md).
    consent_given: Mapped[bool] = mapped_column(Boolean, default=False)
    consent_date: Mapped[dt.date | None] = mapped_column(Date)
    consent_recorded_by: Mapped[str | None] = mapped_column(String(200))
    consent_note: Mapped[str | None] = mapped_column(String(500))
    merged_into_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    # Derived by the replay (current ladder state); never edited by hand. Indexed: the ladder
    # page reads one window of each group (established, provisional) in rating order and stops
    # there, whatever the roster's size (queries/ladder.py, ladder_window).
    rating: Mapped[float] = mapped_column(Float, default=1200.0, index=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    last_change: Mapped[float | None] = mapped_column(Float)

    entries: Mapped[list[Entry]] = relationship(back_populates="member")


class MemberAlias(Model):
    """A spelling a member was confirmed under besides their name (docs/desk.md §2): at a
    publish, a merge (the merged-away member's name and aliases) or a rename. Name matching
    uses aliases like names; ``merged_from`` lets an undo take back exactly what a merge
    brought."""

    __tablename__ = "member_aliases"
    __table_args__ = (UniqueConstraint("member_id", "name_key"), NO_REUSE)
    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"),
                                           index=True)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200), index=True)
    kind: Mapped[str] = mapped_column(String(10))  # publish|merge|rename|confirmed|relink
    merged_from: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class Event(Model):
    """A tournament or club night."""

    __tablename__ = "events"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    date: Mapped[dt.date] = mapped_column(Date, index=True)
    kind: Mapped[EventKind] = mapped_column(_enum(EventKind, 20), default=EventKind.SWISS)
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    tiebreak_edition: Mapped[str | None] = mapped_column(String(20))
    tiebreak_order: Mapped[str] = mapped_column(String(200), default="")
    # C.07 Art. 10: the rating the event gives unrated players (None: rating-based
    # tie-breaks are dropped while unrated players take part).
    unrated_rating: Mapped[int | None] = mapped_column(Integer)
    # The points of each kind of result (``ladder.vocabulary.tournament.scoring_text``:
    # "W=1 D=1/2 L=0 PAB=1/2"); None is the default 1 / ½ / 0 with the byes as a win.
    scoring: Mapped[str | None] = mapped_column(String(80))
    status: Mapped[EventStatus] = mapped_column(_enum(EventStatus, 10),
                                                default=EventStatus.PUBLISHED)
    source_format: Mapped[str | None] = mapped_column(String(10))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # Derived: the start numbers ranked first after the tie-breaks ("3" or "3,7" when shared,
    # "" for an empty event), refreshed inside every unit of work that changes the event
    # (services/derived.py); NULL until computed. The events list reads it instead of
    # ranking a hundred events per view.
    winners: Mapped[str | None] = mapped_column(String(400))

    entries: Mapped[list[Entry]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="Entry.start_no")
    teams: Mapped[list[BughouseTeam]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="BughouseTeam.position")

    __table_args__ = (Index("ix_events_date_id", "date", "id"), NO_REUSE)


class BughouseTeam(Model):
    """A team of two in a bughouse event: two start numbers of the event, an optional name.

    Start numbers (not entries) name the partners, as the event's standings do; ``position``
    keeps the order the organizer listed the teams in (the last tie-break of a shared place).
    Bughouse is never rated (docs/club-rating.md §1): teams only add team standings beside the
    individual ones.
    """

    __tablename__ = "bughouse_teams"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    first_no: Mapped[int] = mapped_column(Integer)
    second_no: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(100), default="")

    event: Mapped[Event] = relationship(back_populates="teams")


class Season(Model):
    """A named date range of the club's calendar, first and last day included
    (docs/qualities.md §2).

    Seasons never overlap (``ladder.club.seasons.validate_seasons``, checked by the service); a
    season's events are those dated inside it. Nothing is derived or stored per season: its
    page is computed from the stored rating rows.
    """

    __tablename__ = "seasons"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    first: Mapped[dt.date] = mapped_column(Date)
    last: Mapped[dt.date] = mapped_column(Date)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class Entry(Model):
    """A participant of an event, as typed, linked to a member once confirmed."""

    __tablename__ = "entries"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"), index=True)
    start_no: Mapped[int] = mapped_column(Integer)
    raw_name: Mapped[str] = mapped_column(String(200))
    typed_rating: Mapped[int | None] = mapped_column(Integer)

    event: Mapped[Event] = relationship(back_populates="entries")
    member: Mapped[Member | None] = relationship(back_populates="entries")
    results: Mapped[list[Result]] = relationship(
        back_populates="entry", cascade="all, delete-orphan", order_by="Result.round",
        foreign_keys="Result.entry_id")

    __table_args__ = (UniqueConstraint("event_id", "start_no"), NO_REUSE)


class Result(Model):
    """One entry's result in one round (a kind of docs/desk.md §1), with opponent and colour."""

    __tablename__ = "results"
    id: Mapped[int] = mapped_column(primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("entries.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    kind: Mapped[Kind] = mapped_column(_enum(Kind, 20))
    opponent_entry_id: Mapped[int | None] = mapped_column(
        ForeignKey("entries.id", ondelete="CASCADE"))
    colour: Mapped[Colour | None] = mapped_column(_enum(Colour, 1))
    # Over-the-board outcome in half points (2, 1, 0), only for unrated_played.
    outcome_halves: Mapped[int | None] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=1)

    entry: Mapped[Entry] = relationship(back_populates="results", foreign_keys=[entry_id])

    __table_args__ = (UniqueConstraint("entry_id", "round"), NO_REUSE)


class RatingRow(Model):
    """Per (event, member): rating before/after, K, counted games, expected and actual score.

    Derived data, rewritten by every replay and verified by ``ladder check``. It deliberately
    has no foreign keys: on PostgreSQL their per-row checks cost more than half of a full
    replay (measured with ``ladder bench replay``), and the replay itself is what keeps these
    rows consistent (it deletes the rows of every event it replays or deletes).
    """

    __tablename__ = "rating_rows"
    event_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    member_id: Mapped[int] = mapped_column(Integer, primary_key=True, index=True)
    rating_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    k: Mapped[float] = mapped_column(Float)
    games_before: Mapped[int] = mapped_column(Integer)
    games_counted: Mapped[int] = mapped_column(Integer)
    expected: Mapped[float] = mapped_column(Float)
    score: Mapped[float] = mapped_column(Float)
    provisional_before: Mapped[bool] = mapped_column(Boolean)


class User(UserMixin, Model):
    """An organizer account (an adult who logs in).

    The session cookie names a :class:`LoginSession`, not the account: ``get_id`` gives the
    token of the login this object was loaded through (see ``services/sessions.py``).
    """

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(80), unique=True)
    password_hash: Mapped[str] = mapped_column(String(300))
    # Checked on every request: logging out everywhere or changing the password bumps it, so
    # every session made before stops working (docs/qualities.md §1 sessions).
    session_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    # The login token this object was loaded with: a plain attribute, not a column.
    __allow_unmapped__ = True
    login_token: str | None = None

    def get_id(self) -> str:
        """What Flask-Login keeps in the session cookie: the login's token."""
        return self.login_token or ""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class AuditEntry(Model):
    """Who changed what, when, from which value to which (docs/club-rating.md §2)."""

    __tablename__ = "audit_log"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow, index=True)
    actor: Mapped[str] = mapped_column(String(80))
    action: Mapped[str] = mapped_column(String(40))
    event_id: Mapped[int | None] = mapped_column(Integer, index=True)  # no FK: survives deletion
    member_id: Mapped[int | None] = mapped_column(Integer, index=True)
    summary: Mapped[str] = mapped_column(String(500), default="")
    old_value: Mapped[str | None] = mapped_column(Text)
    new_value: Mapped[str | None] = mapped_column(Text)
    # JSON: names and numbers as they were at the time (players, event, round), for the
    # log's sentences; see ladder/web/audit_words.py.
    context: Mapped[str | None] = mapped_column(Text)


class Merge(Model):
    """A merge of a duplicate member (source) into another (target), and exactly what moved."""

    __tablename__ = "merges"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    source_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    target_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    actor: Mapped[str] = mapped_column(String(80))
    undone_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    moved_entry_ids: Mapped[str] = mapped_column(Text, default="")  # comma-separated entry ids


class LoginAttempt(Model):
    """A failed login, kept briefly for throttling per account and per address."""

    __tablename__ = "login_attempts"
    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(80), index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow, index=True)


class LoginSession(Model):
    """One login of an organizer. The session cookie carries its random token; logging out
    ends it, so a copied cookie stops working; a password change or "log out everywhere"
    bumps the organizer's ``session_version``, which ends every login made before."""

    __tablename__ = "login_sessions"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    ended_at: Mapped[dt.datetime | None] = mapped_column(DateTime)


class PublishToken(Model):
    """A one-time token of one preview: publishing it twice (a double click, two tabs, a retry)
    creates the event once; the second request is shown the event already published."""

    __tablename__ = "publish_tokens"
    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    event_id: Mapped[int | None] = mapped_column(Integer)  # no FK: survives a later delete
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class LadderCheck(Model):
    """The last ladder check (docs/club-rating.md §2): the generation it verified, when, and what it
    found.

    The organizer's dashboard shows it while the generation is unchanged (nothing was
    written, so a new check could only find the same) and the members' stored ratings still
    have the same ``fingerprint`` (an edit made outside the app moves no generation), and
    checks again otherwise; ``ladder check`` and the dashboard's "Check now" button always
    run it from scratch.
    """

    __tablename__ = "ladder_checks"
    id: Mapped[int] = mapped_column(primary_key=True)  # one row
    generation: Mapped[int] = mapped_column(Integer)
    fingerprint: Mapped[str] = mapped_column(String(200), default="")
    checked_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    total: Mapped[int] = mapped_column(Integer, default=0)  # differences found
    differences: Mapped[str] = mapped_column(Text, default="")  # the first ones, one a line


class Night(Model):
    """A club night run in the app (docs/club-night.md §1): its settings and where it stands.

    The night's players, byes, forbidden pairs, rounds and boards are in the ``night_*``
    tables; when its last round is in, :func:`ladder.services.night_finish.finish` publishes
    it as an ordinary event (``event_id``) through the same path as an import. ``version``
    is checked by every change of the night's structure (a stale form is refused).
    """

    __tablename__ = "nights"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    date: Mapped[dt.date] = mapped_column(Date)
    kind: Mapped[EventKind] = mapped_column(_enum(EventKind, 20), default=EventKind.SWISS)
    system: Mapped[str] = mapped_column(String(10), default="dutch")  # dutch | berger
    rounds: Mapped[int] = mapped_column(Integer)
    pab_half: Mapped[bool] = mapped_column(Boolean, default=False)
    tiebreak_order: Mapped[str] = mapped_column(String(200), default="")
    double: Mapped[bool] = mapped_column(Boolean, default=False)
    swap_last_two: Mapped[bool] = mapped_column(Boolean, default=False)
    initial_colour: Mapped[str] = mapped_column(String(6), default="white1")
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    #: False once a round was paired by hand: the event then says it is not a pure Dutch pairing.
    pure: Mapped[bool] = mapped_column(Boolean, default=True)
    event_id: Mapped[int | None] = mapped_column(Integer)  # the published event, once finished
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    #: A round being paired in the background (services/night_pairing.py): which round, by
    #: which job (another cannot store over it), since when, when the job was last seen alive
    #: (a job whose worker stopped expires), and why the last one stored no round (JSON
    #: Message). Not part of ``version``: the job stores only if the night did not change.
    pairing_round: Mapped[int | None] = mapped_column(Integer)
    pairing_token: Mapped[str | None] = mapped_column(String(32))
    pairing_started_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    pairing_seen_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    pairing_note: Mapped[str | None] = mapped_column(Text)

    players: Mapped[list[NightPlayer]] = relationship(
        back_populates="night", cascade="all, delete-orphan", order_by="NightPlayer.start_no")
    boards: Mapped[list[NightBoard]] = relationship(
        cascade="all, delete-orphan", order_by="(NightBoard.round, NightBoard.number)")
    rounds_state: Mapped[list[NightRound]] = relationship(
        cascade="all, delete-orphan", order_by="NightRound.round")
    byes: Mapped[list[NightBye]] = relationship(cascade="all, delete-orphan")
    forbidden: Mapped[list[NightForbidden]] = relationship(cascade="all, delete-orphan")


class NightPlayer(Model):
    """One player checked in for a night: a member, or a guest known by name only until the
    night goes into the ladder (then a member, as an imported name would be)."""

    __tablename__ = "night_players"
    # Named in full: the naming convention's uq_<table>_<first column> would give both the
    # same name, which PostgreSQL refuses (constraint names share the relation namespace).
    __table_args__ = (UniqueConstraint("night_id", "start_no",
                                       name="uq_night_players_night_id_start_no"),
                      UniqueConstraint("night_id", "member_id",
                                       name="uq_night_players_night_id_member_id"), NO_REUSE)
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          index=True)
    start_no: Mapped[int] = mapped_column(Integer)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    name: Mapped[str] = mapped_column(String(200))
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    junior: Mapped[bool] = mapped_column(Boolean, default=False)
    rating: Mapped[float | None] = mapped_column(Float)  # club rating at check-in
    games: Mapped[int] = mapped_column(Integer, default=0)  # counted games at check-in
    joined: Mapped[int] = mapped_column(Integer, default=1)  # first round paired
    withdrawn_from: Mapped[int | None] = mapped_column(Integer)

    night: Mapped[Night] = relationship(back_populates="players")


class NightRound(Model):
    """A round of a night once paired: published or still a preview, paired by hand or not."""

    __tablename__ = "night_rounds"
    __table_args__ = (UniqueConstraint("night_id", "round"), NO_REUSE)
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          index=True)
    round: Mapped[int] = mapped_column(Integer)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    manual: Mapped[bool] = mapped_column(Boolean, default=False)
    #: JSON: the warnings of a hand-made change (Messages), the engine's notes.
    warnings: Mapped[str] = mapped_column(Text, default="[]")
    pab_reason: Mapped[str | None] = mapped_column(Text)  # JSON Message


class NightBoard(Model):
    """One board of a night's round; ``black_id`` None is the pairing-allocated bye."""

    __tablename__ = "night_boards"
    __table_args__ = (UniqueConstraint("night_id", "round", "number"), NO_REUSE)
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          index=True)
    round: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    white_id: Mapped[int] = mapped_column(ForeignKey("night_players.id", ondelete="CASCADE"))
    black_id: Mapped[int | None] = mapped_column(
        ForeignKey("night_players.id", ondelete="CASCADE"))
    result: Mapped[str | None] = mapped_column(String(4))  # ladder.club.night.RESULTS
    reasons: Mapped[str] = mapped_column(Text, default="[]")  # JSON Messages (the engine's why)
    version: Mapped[int] = mapped_column(Integer, default=1)


class NightBye(Model):
    """A bye a player asked for before a round: ``H`` (half a point) or ``Z`` (none)."""

    __tablename__ = "night_byes"
    __table_args__ = (UniqueConstraint("player_id", "round"), NO_REUSE)
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("night_players.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(1))


class NightForbidden(Model):
    """Two players of a night who must not be paired (siblings, one family): TRF ``XXP``."""

    __tablename__ = "night_forbidden"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          index=True)
    first_id: Mapped[int] = mapped_column(ForeignKey("night_players.id", ondelete="CASCADE"))
    second_id: Mapped[int] = mapped_column(ForeignKey("night_players.id", ondelete="CASCADE"))


class Competition(Model):
    """A season's competition across club nights (docs/competitions.md §7): Keizer, a slow
    Swiss or a slow round-robin, its rules (``settings``: JSON, the system's settings), its
    members and the nights that play its rounds. ``version`` is checked by every change of
    its structure (a stale form is refused)."""

    __tablename__ = "competitions"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    system: Mapped[str] = mapped_column(String(10))  # keizer | swiss | berger
    settings: Mapped[str] = mapped_column(Text, default="{}")
    #: How the table shows points: "exact" (29⅔) or "half" (to the nearest ½).
    points_display: Mapped[str] = mapped_column(String(5), default="exact")
    tiebreak_order: Mapped[str] = mapped_column(String(200), default="")
    season_id: Mapped[int | None] = mapped_column(ForeignKey("seasons.id", ondelete="SET NULL"))
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)

    members: Mapped[list[CompetitionMember]] = relationship(
        cascade="all, delete-orphan", order_by="CompetitionMember.number")
    nights: Mapped[list[CompetitionNight]] = relationship(
        cascade="all, delete-orphan", order_by="CompetitionNight.first_round")
    marks: Mapped[list[CompetitionMark]] = relationship(cascade="all, delete-orphan")


class CompetitionMember(Model):
    """A member of a competition: the pairing number, the rating it ranks him by (the club
    rating when he joined; None: unrated) and the round he enters in."""

    __tablename__ = "competition_members"
    __table_args__ = (UniqueConstraint("competition_id", "member_id",
                                       name="uq_competition_members_member"),
                      UniqueConstraint("competition_id", "number",
                                       name="uq_competition_members_number"), NO_REUSE)
    id: Mapped[int] = mapped_column(primary_key=True)
    competition_id: Mapped[int] = mapped_column(
        ForeignKey("competitions.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    number: Mapped[int] = mapped_column(Integer)
    rating: Mapped[int | None] = mapped_column(Integer)
    entry_round: Mapped[int] = mapped_column(Integer, default=1)


class CompetitionNight(Model):
    """A club night that plays rounds ``first_round`` … ``first_round + rounds - 1`` of a
    competition (its night rounds 1 … ``rounds``), then ``catch_up`` rounds of postponed
    games (a round-robin)."""

    __tablename__ = "competition_nights"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    competition_id: Mapped[int] = mapped_column(
        ForeignKey("competitions.id", ondelete="CASCADE"), index=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          unique=True)
    first_round: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[int] = mapped_column(Integer, default=1)
    catch_up: Mapped[int] = mapped_column(Integer, default=0)


class CompetitionMark(Model):
    """A member's attendance marked before a round: ``excused`` (away with notice) or
    ``club`` (away for the club's team match); who marked it and when."""

    __tablename__ = "competition_marks"
    __table_args__ = (UniqueConstraint("competition_id", "round", "member_id",
                                       name="uq_competition_marks_round_member"), NO_REUSE)
    id: Mapped[int] = mapped_column(primary_key=True)
    competition_id: Mapped[int] = mapped_column(
        ForeignKey("competitions.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    status: Mapped[str] = mapped_column(String(10))
    marked_by: Mapped[str] = mapped_column(String(80), default="")
    marked_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class NightLink(Model):
    """A night's link for the players' phones (docs/club-night.md §6): whether it is open, and
    how often its code was changed (the code itself is derived from the server's secret,
    :func:`ladder.club.night_self.derive_code`). No row: open, never changed. ``activity``
    moves with every change the phones make or see that the night's version does not count
    (a report, a name waiting): the phones' pages and the desk revalidate by it."""

    __tablename__ = "night_links"
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          primary_key=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    rotation: Mapped[int] = mapped_column(Integer, default=0)
    rotated_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    activity: Mapped[int] = mapped_column(Integer, default=0)


class NightArrival(Model):
    """One phone's check-in at a night: a member it checked in, a player it says it is, or a
    typed name waiting for the organizer (``status`` "pending" until accepted or refused).
    The phone keeps only this row's id, in a signed cookie; ``player_id`` is who it is."""

    __tablename__ = "night_arrivals"
    __table_args__ = NO_REUSE
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          index=True)
    #: "member" (checked in from the phone), "claim" (a player already here), "request".
    kind: Mapped[str] = mapped_column(String(10))
    #: "pending" (a request), "here" (the phone is this player), "refused".
    status: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(200), default="")  # a request's typed name
    junior: Mapped[bool] = mapped_column(Boolean, default=False)  # said so on the phone
    #: The member a request's name is (the one comparison key): offered to the organizer.
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("night_players.id", ondelete="SET NULL"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class NightReport(Model):
    """A player's report of their board's result from their phone, for the board as it was
    (``board_version``): one row per board, player and version (a retry changes nothing);
    ``revision`` and ``form_key`` tell a retried form from a changed mind."""

    __tablename__ = "night_reports"
    __table_args__ = (UniqueConstraint("board_id", "player_id", "board_version",
                                       name="uq_night_reports_board_player_version"), NO_REUSE)
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          index=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("night_boards.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("night_players.id", ondelete="CASCADE"))
    board_version: Mapped[int] = mapped_column(Integer)
    result: Mapped[str] = mapped_column(String(4))  # ladder.club.night.RESULTS, White first
    revision: Mapped[int] = mapped_column(Integer, default=1)
    form_key: Mapped[str] = mapped_column(String(40))
    reported_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class CodeAttempt(Model):
    """A wrong night code typed, kept briefly for throttling per address and per night."""

    __tablename__ = "code_attempts"
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(Integer, index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow, index=True)
