"""Bughouse teams of two (docs/organizer-guide.md §4): recorded per event, team points recomputed
from the results table, refused with reasons, gone with their event; never rated."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from flask import Flask
from sqlalchemy import func, select

from ladder.club.bughouse import BughouseTeam as Team
from ladder.extensions import db
from ladder.models import AuditEntry, BughouseTeam, Entry, RatingRow, Result
from ladder.queries.bughouse import hidden_words, team_view
from ladder.queries.club import club_settings
from ladder.queries.events import event_view, load_event
from ladder.services import InvalidInput, NotFound
from ladder.services.bughouse import set_teams
from ladder.services.corrections import delete_event
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import direct_writes, publish_t, snapshot, tournament

NAMES = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Kim", "Fay Ng", "Gus Roy", "Hal Fox"]


def _bughouse() -> int:
    """Eight players, teams (1, 2), (3, 4), (5, 6), (7, 8) facing each other."""
    games = [(1, 1, 3, Kind.WIN), (1, 4, 2, Kind.LOSS), (1, 5, 7, Kind.DRAW), (1, 8, 6, Kind.DRAW),
             (2, 1, 5, Kind.LOSS), (2, 6, 2, Kind.WIN), (2, 3, 7, Kind.WIN), (2, 8, 4, Kind.LOSS),
             (3, 1, 7, Kind.WIN), (3, 8, 2, Kind.LOSS), (3, 3, 5, Kind.DRAW), (3, 6, 4, Kind.DRAW)]
    t = tournament(NAMES, games, name="Bughouse night", kind=EventKind.BUGHOUSE)
    return publish_t(t, dt.date(2025, 3, 1)).id


def _points_from_results(event_id: int) -> dict[int, Fraction]:
    """Each start number's points, straight from the results table."""
    value = {"win": Fraction(1), "draw": Fraction(1, 2), "loss": Fraction(0)}
    points: dict[int, Fraction] = {}
    for start_no, kind in db.session.execute(
            select(Entry.start_no, Result.kind).join(Result, Result.entry_id == Entry.id)
            .where(Entry.event_id == event_id)):
        points[start_no] = points.get(start_no, Fraction(0)) + value[str(kind)]
    return points


def test_team_points_are_the_partners_points(ctx: Flask) -> None:
    event_id = _bughouse()
    before = snapshot()
    teams = [Team((1, 2), "Knights"), Team((3, 4), ""), Team((5, 6), "Rooks"),
             Team((7, 8), "Pawns")]
    set_teams(event_id, teams, "org")
    assert snapshot() == before  # never rated: nothing of the ladder moved
    view = team_view(event_view(db.session, load_event(db.session, event_id)))
    assert view is not None and not view.problems and view.unteamed == ()
    points = _points_from_results(event_id)
    got = {line.team.partners: line.points for line in view.standings}
    assert got == {t.partners: points[t.partners[0]] + points[t.partners[1]] for t in teams}
    # Team points first (more first), then the partners' individual places.
    totals = [line.points for line in view.standings]
    assert totals == sorted(totals, reverse=True)
    assert [line.place for line in view.standings][0] == 1
    for upper, lower in zip(view.standings, view.standings[1:], strict=False):
        if upper.points == lower.points:
            assert (upper.best_rank, upper.other_rank) <= (lower.best_rank, lower.other_rank)
    assert view.labels == tuple(line.team.name for line in view.standings)
    audit = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "event.teams")).one()
    assert audit.event_id == event_id and "1+2 Knights" in audit.new_value


def test_teams_are_replaced_and_removed(ctx: Flask) -> None:
    event_id = _bughouse()
    set_teams(event_id, [Team((1, 2)), Team((3, 4))], "org")
    set_teams(event_id, [Team((2, 1), "  Two   words "), Team((5, 6))], "org")
    stored = db.session.scalars(select(BughouseTeam).order_by(BughouseTeam.position)).all()
    assert [(t.first_no, t.second_no, t.name) for t in stored] == [(2, 1, "Two words"),
                                                                   (5, 6, "")]
    view = team_view(event_view(db.session, load_event(db.session, event_id)))
    assert view is not None and view.unteamed == (3, 4, 7, 8)
    set_teams(event_id, [], "org")
    assert db.session.scalar(select(func.count()).select_from(BughouseTeam)) == 0
    assert team_view(event_view(db.session, load_event(db.session, event_id))) is None


@pytest.mark.parametrize("teams, words", [
    ([Team((1, 2)), Team((2, 3))], ["Player 2 plays in teams 1 and 2"]),
    ([Team((1, 1))], ["names player 1 twice"]),
    ([Team((1, 9))], ["player 9 is not in this event"]),
])
def test_bad_teams_are_refused_and_change_nothing(ctx: Flask, teams: list[Team],
                                                  words: list[str]) -> None:
    event_id = _bughouse()
    set_teams(event_id, [Team((7, 8), "Kept")], "org")
    with pytest.raises(InvalidInput) as refused:
        set_teams(event_id, teams, "org")
    for word in words:
        assert word in refused.value.message
    assert [(t.first_no, t.second_no, t.name) for t in db.session.scalars(
        select(BughouseTeam))] == [(7, 8, "Kept")]


def test_only_bughouse_events_have_teams(ctx: Flask) -> None:
    swiss = publish_t(tournament(NAMES[:4], [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW)]),
                      dt.date(2025, 1, 7)).id
    with pytest.raises(InvalidInput, match="only for a bughouse event"):
        set_teams(swiss, [Team((1, 2))], "org")
    with pytest.raises(NotFound):
        set_teams(12345, [Team((1, 2))], "org")
    assert team_view(event_view(db.session, load_event(db.session, swiss))) is None


def test_teams_go_with_their_event(ctx: Flask) -> None:
    event_id = _bughouse()
    set_teams(event_id, [Team((1, 2)), Team((3, 4))], "org")
    delete_event(event_id, "org")
    assert db.session.scalar(select(func.count()).select_from(BughouseTeam)) == 0
    assert db.session.scalar(select(func.count()).select_from(RatingRow)) == 0


def test_a_team_name_holding_a_hidden_name_is_not_shown(ctx: Flask) -> None:
    event_id = _bughouse()
    from ladder.models import Member
    ann = db.session.scalar(select(Member).where(Member.name == "Ann Lee"))
    with direct_writes():
        ann.junior = True  # shown as initials on public pages
        db.session.commit()
    set_teams(event_id, [Team((1, 2), "Team Ann"), Team((3, 4), "Cai's crew")], "org")
    view = event_view(db.session, load_event(db.session, event_id))
    hidden = hidden_words(db.session, club_settings(), [r.member_id for r in view.rows])
    assert "ann lee" in hidden and "ann" in hidden and "cai" not in hidden
    teams = team_view(view, hidden)
    assert teams is not None
    labels = {line.team.partners: label
              for line, label in zip(teams.standings, teams.labels, strict=False)}
    assert labels == {(1, 2): "", (3, 4): "Cai's crew"}
