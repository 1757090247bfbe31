"""Loading the demo club into the database through the ordinary services.

Everything goes the way an organizer's work would: each event is published (names typed as
the members' names link exactly), the one duplicate is merged, one result is corrected, one
junior's consent is recorded, the team night's teams and the two seasons are recorded, the
season's Keizer competition plays its first two club nights (:mod:`.competition`), and the
pool-health page is made public. The whole demo is one unit of work: each service joins it.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import secrets
from pathlib import Path

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import func, select

from ..club.bughouse import BughouseTeam
from ..extensions import db
from ..models import Entry, Event, Member, Result, Visibility
from ..queries.club import club_settings
from ..services import InvalidInput, audit, use_case
from ..services.accounts import set_organizer
from ..services.bughouse import set_teams
from ..services.corrections import edit_result
from ..services.events import PublishRequest, exact_links, publish
from ..services.members import merge, record_consent
from ..services.seasons import create_season
from ..services.setup import is_empty
from ..vocabulary.tournament import Kind
from .competition import play_competition, roster_ids
from .people import (
    CONSENT_NOTE,
    CONSENT_RECORDED_BY,
    CONSENTING_JUNIOR,
    TYPO,
    TYPO_OF,
    junior_names,
)
from .season_2026 import (
    CORRECTED_EVENT,
    CORRECTED_ROUND,
    SEASONS,
    TEAM_NIGHT_SEED,
    TEAMS,
    DemoEvent,
    build_season,
    build_team_night,
)

SEED = 2026
ACTOR = "demo"
CLUB_NAME = "Riverside Chess Club"
LOGIN_FILE = "demo_login.json"
DEMO_USERNAME = "demo"
CONSENT_DATE = dt.date(2026, 9, 24)


@use_case
def load_demo() -> str:
    """Load the demo club into an empty database; returns a short human summary.

    One unit of work: the whole demo or nothing. Refuses a database that already has members
    or events (the demo would mix with them).
    """
    if not is_empty():
        raise InvalidInput(_("The demo club loads only into an empty database."))
    _configure_club()
    events = build_season(random.Random(SEED))
    for planned in events:
        _publish(planned)
    _record_consent()
    _merge_duplicate()
    corrected = _correct_result()
    team_night = build_team_night(random.Random(TEAM_NIGHT_SEED))
    _record_teams(_publish(team_night))
    events.append(team_night)
    seasons = [create_season(name, first, last, ACTOR) for name, first, last in SEASONS]
    play_competition(roster_ids(), seasons[-1].id)
    _create_login()
    return _summary(events, corrected)


def demo_login() -> tuple[str, str] | None:
    """The demo organizer's (username, password) from the instance folder, or None."""
    path = _login_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    if not isinstance(data, dict) or not data.get("username") or not data.get("password"):
        return None
    return str(data["username"]), str(data["password"])


def _login_path() -> Path:
    return Path(current_app.instance_path) / LOGIN_FILE


def _configure_club() -> None:
    """Name the club and make it public (a demo is for looking around)."""
    settings = club_settings()
    old = {"club_name": settings.club_name, "visibility": str(settings.visibility)}
    settings.club_name = CLUB_NAME
    settings.visibility = Visibility.PUBLIC
    settings.health_public = True  # the demo shows its pool health to every visitor
    audit.record(ACTOR, "settings.update", "Demo club settings", old=old,
                 new={"club_name": CLUB_NAME, "visibility": "public", "health_public": True})


def _publish(planned: DemoEvent) -> Event:
    """Publish one event; exact names link, new juniors get the junior flag."""
    links = exact_links(planned.tournament)
    juniors = junior_names()
    new_juniors = frozenset(p.start_no for p in planned.tournament.players
                            if links.get(p.start_no) is None and p.name in juniors)
    return publish(PublishRequest(
        tournament=planned.tournament, name=planned.name, date=planned.date,
        kind=planned.kind, rated=planned.rated, links=links, new_juniors=new_juniors),
        actor=ACTOR)


def _record_teams(event: Event) -> None:
    """The team night's teams: its start numbers go team by team (1 and 2, 3 and 4, …)."""
    set_teams(event.id, [BughouseTeam((2 * i + 1, 2 * i + 2), name)
                         for i, (_a, _b, name) in enumerate(TEAMS)], ACTOR)


def _member_id(name: str) -> int:
    """The id of the visible member called exactly ``name``."""
    member_id = db.session.scalar(select(Member.id).where(
        Member.name == name, Member.merged_into_id.is_(None)))
    if member_id is None:
        raise LookupError(f"demo member {name!r} is missing")
    return member_id


def _record_consent() -> None:
    """The one junior whose parent and child agreed to show the full name."""
    record_consent(_member_id(CONSENTING_JUNIOR), True, ACTOR, date=CONSENT_DATE,
                   recorded_by=CONSENT_RECORDED_BY, note=CONSENT_NOTE)


def _merge_duplicate() -> None:
    """Merge the member created by the mistyped name into the real one."""
    merge(_member_id(TYPO), _member_id(TYPO_OF), actor=ACTOR)


def _correct_result() -> Result:
    """Correct the first decisive game of a round: it was really a draw."""
    result = db.session.scalars(
        select(Result).join(Entry, Entry.id == Result.entry_id)
        .join(Event, Event.id == Entry.event_id)
        .where(Event.name == CORRECTED_EVENT, Result.round == CORRECTED_ROUND,
               Result.colour == "w", Result.kind.in_([Kind.WIN.value, Kind.LOSS.value]))
        .order_by(Entry.start_no)).first()
    if result is None:
        raise LookupError("the demo has no decisive game to correct")
    return edit_result(result.id, Kind.DRAW.value, result.version, actor=ACTOR)


def _create_login() -> None:
    """A demo organizer with a fresh random password, kept in the instance folder (0600)."""
    password = secrets.token_urlsafe(12)
    set_organizer(DEMO_USERNAME, password, actor=ACTOR)
    path = _login_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.chmod(path, 0o600)  # also when the file existed with wider permissions
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump({"username": DEMO_USERNAME, "password": password}, handle)


def _summary(events: list[DemoEvent], corrected: Result) -> str:
    """One short paragraph on what was loaded."""
    visible = Member.merged_into_id.is_(None)
    members = db.session.scalar(select(func.count()).select_from(Member).where(visible))
    juniors = db.session.scalar(select(func.count()).select_from(Member)
                                .where(visible, Member.junior.is_(True)))
    games = db.session.scalar(select(func.count()).select_from(Result).where(
        Result.opponent_entry_id.is_not(None), Result.colour == "w"))
    event = corrected.entry.event
    return (f"Loaded the demo club “{CLUB_NAME}”: {members} members ({juniors} juniors), "
            f"{len(events)} events from {events[0].date.isoformat()} to "
            f"{events[-1].date.isoformat()}, {games} pairings; "
            f"merged the duplicate “{TYPO}” into “{TYPO_OF}” and corrected one result "
            f"(“{event.name}”, round {corrected.round}) to a draw.")


def database_kind() -> str:
    """``"empty"`` (no member, no event), ``"demo"`` (what ``ladder demo`` loaded: its only
    organizer is the demo's) or ``"club"`` (a club's own data: anything else)."""
    from ..models import User
    if is_empty():
        return "empty"
    logins = set(db.session.scalars(select(User.username)))
    return "demo" if logins == {DEMO_USERNAME} else "club"


@use_case
def remove_demo() -> None:
    """Take the demo club out of its database, leaving an empty club (``ladder demo --remove``).

    Only a database that is the demo (:func:`database_kind`): a club's own data is never
    deleted here. Every row goes except the schema's revision; the settings row stays, back
    at its defaults, and keeps counting its generation, so no page cached from the demo can
    be served again. The demo's login file goes too.
    """
    from ..models import ClubSettings
    if database_kind() != "demo":
        raise InvalidInput(_("This database holds more than the demo club (another organizer "
                             "login, or the club's own data); nothing was removed."))
    settings_table = ClubSettings.__table__
    for table in reversed(db.metadata.sorted_tables):
        if table is not settings_table:
            db.session.execute(table.delete())
    settings = club_settings()
    for column in settings_table.columns:
        if column.key in ("id", "generation"):
            continue
        default = column.default.arg if column.default is not None else None
        setattr(settings, column.key, None if callable(default) else default)
    audit.record("cli", "demo.remove", "Removed the demo club (the database is empty again)")
    _login_path().unlink(missing_ok=True)
