"""The demo club (``ladder demo``): a realistic season, loaded through the ordinary services."""

from __future__ import annotations

import random
import stat
import unicodedata
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import func, select, text

from ladder.demo import demo_login, load_demo
from ladder.demo.games import OPPOSITE
from ladder.demo.season_2026 import build_season
from ladder.extensions import db
from ladder.models import AuditEntry, Entry, Event, Member, Merge, Result
from ladder.queries import ladder_lines
from ladder.queries.club import club_settings
from ladder.services import ServiceError
from ladder.services.ladder_check import check
from ladder.services.setup import init_database, is_empty
from ladder.vocabulary.tournament import Kind


@pytest.fixture
def summary(ctx: Flask) -> str:
    """The demo loaded into the test's fresh, empty database; its summary."""
    assert is_empty()
    return load_demo()


def _visible() -> list[Member]:
    return list(db.session.scalars(select(Member).where(Member.merged_into_id.is_(None))))


def _scripts(name: str) -> set[str]:
    """Rough script of each letter of ``name``: hangul, han or latin."""
    found = set()
    for char in name:
        if not char.isalpha():
            continue
        label = unicodedata.name(char, "")
        found.add("hangul" if label.startswith("HANGUL") else
                  "han" if label.startswith("CJK") else "latin")
    return found


def test_roster_is_a_realistic_club(summary: str) -> None:
    """About 30 visible members from the club's world; ≥ 5 juniors, exactly one consent."""
    members = _visible()
    assert 28 <= len(members) <= 32
    scripts = [_scripts(m.name) for m in members]
    assert sum("hangul" in s for s in scripts) >= 2
    assert sum("han" in s for s in scripts) >= 2
    assert sum(s == {"latin"} for s in scripts) >= len(members) // 2
    assert {"Budi Santoso", "Siti Rahayu", "Dewi Lestari"} <= {m.name for m in members}
    juniors = [m for m in members if m.junior]
    assert len(juniors) >= 5
    consenting = [m for m in members if m.consent_given]
    assert len(consenting) == 1
    consent = consenting[0]
    assert consent.junior and consent.consent_date is not None
    assert consent.consent_recorded_by == "demo organizer"
    assert "parent" in consent.consent_note.lower() and "child" in consent.consent_note.lower()
    assert "30 members" in summary


def test_season_has_every_kind_of_event_and_result(summary: str) -> None:
    """12+ events of 4+ kinds, one unrated, one bughouse; every special result appears."""
    events = list(db.session.scalars(select(Event).order_by(Event.date)))
    assert len(events) >= 12
    assert len({e.kind for e in events}) >= 4
    assert any(e.kind == "bughouse" for e in events)
    assert sum(not e.rated for e in events) == 1
    assert all(e.date.year == 2026 and e.date.isoformat() < "2026-11-30" for e in events)
    assert (events[-1].date - events[0].date).days >= 150
    kinds = set(db.session.scalars(select(Result.kind).distinct()))
    for kind in ("pairing_bye", "half_bye", "zero_bye", "forfeit_win", "forfeit_loss",
                 "double_forfeit", "win", "draw", "loss"):
        assert kind in kinds, kind


def test_every_game_is_on_both_lines(summary: str) -> None:
    """Each paired result has its mirror on the opponent's line; byes have no opponent."""
    results = db.session.execute(
        select(Result.entry_id, Result.round, Result.kind, Result.opponent_entry_id,
               Result.colour)).all()
    by_key = {(r.entry_id, r.round): r for r in results}
    for r in results:
        if Kind(r.kind).is_bye:
            assert r.opponent_entry_id is None and r.colour is None
            continue
        mirror = by_key[(r.opponent_entry_id, r.round)]
        assert mirror.opponent_entry_id == r.entry_id
        assert Kind(mirror.kind) is OPPOSITE[Kind(r.kind)]
        assert {mirror.colour, r.colour} == {"w", "b"}


def test_merge_correction_and_verified_ladder(summary: str) -> None:
    """The duplicate was merged (recorded), one result corrected (audited), ladder verified."""
    merge = db.session.scalars(select(Merge)).one()
    source = db.session.get(Member, merge.source_id)
    target = db.session.get(Member, merge.target_id)
    assert (source.name, target.name) == ("Jon Smith", "John Smith")
    assert source.merged_into_id == target.id and merge.undone_at is None
    assert db.session.scalar(select(func.count()).select_from(Entry)
                             .where(Entry.member_id == source.id)) == 0
    assert db.session.scalar(select(Entry.raw_name).where(
        Entry.id == int(merge.moved_entry_ids))) == "Jon Smith"
    edits = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "result.edit")).all()
    assert len(edits) == 1 and edits[0].new_value == "draw"
    assert check() == []
    settings = club_settings()
    assert (settings.club_name, settings.visibility) == ("Riverside Chess Club", "public")


def test_ladder_looks_alive(summary: str) -> None:
    """Everyone played; most members are established, a few newcomers still provisional."""
    lines = ladder_lines(db.session, club_settings())
    assert len(lines) == len(_visible())
    provisional = [line for line in lines if line.provisional]
    assert 1 <= len(provisional) <= len(lines) // 3
    ratings = [line.rating for line in lines]
    assert max(ratings) - min(ratings) > 200


def test_login_file_is_private_and_random(summary: str, ctx: Flask) -> None:
    """The demo organizer's login is written 0600 to the instance folder and read back."""
    path = Path(ctx.instance_path) / "demo_login.json"
    assert path.exists()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    login = demo_login()
    assert login is not None and login[0] == "demo" and len(login[1]) >= 12
    assert login[1] in path.read_text(encoding="utf-8")
    assert login[1] not in Path(load_demo.__code__.co_filename).read_text(encoding="utf-8")


def test_demo_refuses_a_database_in_use(summary: str) -> None:
    """A second load would mix with the data already there: refused, nothing changes."""
    events = db.session.scalar(select(func.count()).select_from(Event))
    with pytest.raises(ServiceError):
        load_demo()
    assert db.session.scalar(select(func.count()).select_from(Event)) == events


def test_demo_login_is_none_without_a_file(ctx: Flask) -> None:
    """No demo loaded: no login to show."""
    assert demo_login() is None


def test_season_simulation_is_deterministic() -> None:
    """The same seed gives the same season (pure: no database)."""
    first = build_season(random.Random(2026))
    second = build_season(random.Random(2026))
    assert [e.tournament for e in first] == [e.tournament for e in second]


def _reset_database() -> None:
    from ladder.services.changes import announce

    db.session.remove()
    db.drop_all()
    with db.engine.begin() as connection:
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    # Dropped without a session, as a restore would: said to the app's readers as a restore
    # says it (docs/architecture.md, "Caching"), else the club's state read before stays
    # trusted for up to CLUB_STATE_RECHECK seconds.
    announce(db.engine)
    init_database()


def test_loading_is_deterministic(ctx: Flask) -> None:
    """Two fresh loads give identical standings (same members, same unrounded ratings)."""
    def standings() -> list[tuple]:
        names = {m.id: m.name for m in db.session.scalars(select(Member))}
        return [(names[line.member_id], line) for line in
                ladder_lines(db.session, club_settings())]

    load_demo()
    first, first_login = standings(), demo_login()
    _reset_database()
    assert is_empty()
    load_demo()
    assert standings() == first
    assert demo_login() != first_login  # a fresh random password every time


def test_cli_demo_loads_once(runner) -> None:  # noqa: ANN001 - FlaskCliRunner
    """``ladder demo`` loads into an empty database; ``--if-empty`` then only prints the login."""
    result = runner.invoke(args=["demo"])
    assert result.exit_code == 0, result.output
    assert "Riverside Chess Club" in result.output
    assert "Demo organizer login: demo / " in result.output
    again = runner.invoke(args=["demo", "--if-empty"])
    assert again.exit_code == 0 and "Loaded" not in again.output
    assert "Demo organizer login: demo / " in again.output
    refused = runner.invoke(args=["demo"])
    assert refused.exit_code != 0


def test_the_demo_plays_a_keizer_competition_over_club_nights(summary: str) -> None:
    """The season's competition: two club nights played and finished into the ladder as their
    own events on their own dates, and two marks waiting for the next round."""
    from ladder.demo.competition import MEMBERS, NEXT_ROUND_MARKS, NIGHTS
    from ladder.models import Competition, CompetitionMark, Night

    competition = db.session.scalars(select(Competition)).one()
    assert competition.system == "keizer" and len(competition.members) == len(MEMBERS)
    nights = db.session.scalars(select(Night).order_by(Night.date)).all()
    assert [n.date for n in nights] == [date for date, _away in NIGHTS]
    for night in nights:
        event = db.session.get(Event, night.event_id)
        assert event is not None and event.date == night.date and event.rated
        players = db.session.scalar(select(func.count()).select_from(Entry)
                                    .where(Entry.event_id == event.id))
        assert players == len(MEMBERS) - len(dict(NIGHTS)[night.date])
    marks = db.session.scalars(select(CompetitionMark)).all()
    assert {(m.round, m.status) for m in marks} == {(len(NIGHTS) + 1, status)
                                                  for _name, status in NEXT_ROUND_MARKS}
