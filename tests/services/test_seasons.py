"""Seasons through the database (docs/organizer-guide.md §4): the service's rules, the season's
figures checked against the stored rating rows by an independent computation, and the ladder
"as of"."""

from __future__ import annotations

import datetime as dt
import math
from fractions import Fraction

import pytest
from flask import Flask
from sqlalchemy import func, select
from sqlalchemy.orm import aliased

from ladder.elo.fide import performance as fide_performance
from ladder.extensions import db
from ladder.models import AuditEntry, Entry, Event, RatingRow, Result, Season
from ladder.queries import ladder_lines
from ladder.queries.club import club_settings
from ladder.queries.history import event_inputs, ladder_at
from ladder.queries.seasons import find_season, season_page, season_summaries
from ladder.rating import replay
from ladder.services import InvalidInput, NotFound
from ladder.services.replay import rating_options
from ladder.services.seasons import create_season, delete_season, update_season
from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament
from tests.services.club_history import NIGHTS, SPRING, WINTER, night, publish_history

D = dt.date


def _count() -> int:
    return db.session.scalar(select(func.count()).select_from(Season))


def test_create_edit_delete_are_audited(ctx: Flask) -> None:
    season = create_season("  Winter   2025 ", D(2025, 1, 1), D(2025, 2, 28), "org")
    assert season.name == "Winter 2025"  # spaces tidied
    update_season(season.id, "Winter 2025", D(2025, 1, 1), D(2025, 3, 15), "org")
    assert db.session.get(Season, season.id).last == D(2025, 3, 15)
    delete_season(season.id, "org")
    assert _count() == 0
    actions = db.session.scalars(select(AuditEntry.action).order_by(AuditEntry.id)).all()
    assert actions[-3:] == ["season.create", "season.update", "season.delete"]
    with pytest.raises(NotFound):
        delete_season(season.id, "org")


@pytest.mark.parametrize("name, first, last, field, words", [
    ("Spring", D(2025, 2, 1), D(2025, 4, 30), "first",
     ["“Winter”", "“Spring”", "overlap", "2025-02-01", "2025-02-28"]),
    ("winter", D(2025, 6, 1), D(2025, 6, 30), "name", ["Two seasons are named", "winter"]),
    ("Backwards", D(2025, 8, 1), D(2025, 7, 1), "last", ["ends", "before it starts"]),
    ("   ", D(2025, 8, 1), D(2025, 8, 2), "name", ["needs a name"]),
    ("Same day", D(2025, 2, 28), D(2025, 2, 28), "first", ["overlap"]),
])
def test_refusals_name_the_problem_and_change_nothing(ctx: Flask, name: str, first: dt.date,
                                                      last: dt.date, field: str,
                                                      words: list[str]) -> None:
    create_season("Winter", D(2025, 1, 1), D(2025, 2, 28), "org")
    audits = db.session.scalar(select(func.count()).select_from(AuditEntry))
    with pytest.raises(InvalidInput) as refused:
        create_season(name, first, last, "org")
    assert refused.value.field == field
    for word in words:
        assert word in refused.value.message
    assert _count() == 1
    assert db.session.scalar(select(func.count()).select_from(AuditEntry)) == audits


def test_an_edit_may_keep_its_own_days_but_not_take_anothers(ctx: Flask) -> None:
    winter = create_season("Winter", D(2025, 1, 1), D(2025, 2, 28), "org")
    spring = create_season("Spring", D(2025, 3, 1), D(2025, 5, 31), "org")
    update_season(winter.id, "Winter", D(2024, 12, 1), D(2025, 2, 28), "org")  # its own days
    with pytest.raises(InvalidInput, match="overlap"):
        update_season(spring.id, "Spring", D(2025, 2, 15), D(2025, 5, 31), "org")
    assert db.session.get(Season, spring.id).first == D(2025, 3, 1)
    with pytest.raises(NotFound):
        update_season(99999, "X", D(2030, 1, 1), D(2030, 1, 2), "org")


def _independent_table(first: dt.date, last: dt.date) -> dict[int, dict]:
    """The season table straight from the tables, without the pure core's season code:
    rating rows of the season's events, and the rated games from the results."""
    rows = db.session.execute(
        select(RatingRow, Event.date).join(Event, Event.id == RatingRow.event_id)
        .where(Event.date >= first, Event.date <= last)
        .order_by(Event.date, Event.id)).all()
    table: dict[int, dict] = {}
    before: dict[tuple[int, int], RatingRow] = {}
    for row, _date in rows:
        before[(row.event_id, row.member_id)] = row
        line = table.setdefault(row.member_id, {
            "events": 0, "games": 0, "score": Fraction(0), "start": row.rating_before,
            "played": 0, "opponents": [], "points": Fraction(0)})
        line["events"] += 1
        line["games"] += row.games_counted
        line["score"] += Fraction(row.score)
        line["end"] = row.rating_after
    mine, theirs = aliased(Entry), aliased(Entry)
    games = db.session.execute(
        select(mine.event_id, mine.member_id, theirs.member_id, Result.kind)
        .join(mine, mine.id == Result.entry_id).join(theirs, theirs.id == Result.opponent_entry_id)
        .join(Event, Event.id == mine.event_id)
        .where(Event.date >= first, Event.date <= last, Event.rated.is_(True),
               Event.kind != "bughouse",
               Result.kind.in_([Kind.WIN.value, Kind.DRAW.value, Kind.LOSS.value]))).all()
    for event_id, member, opponent, kind in games:  # each member's own result line
        line = table[member]
        line["played"] += 1
        own, opp = before[(event_id, member)], before[(event_id, opponent)]
        # docs/club-rating.md §1 protection rule: not for an established player against a
        # provisional one.
        if own.provisional_before or not opp.provisional_before:
            line["opponents"].append(int(Fraction(opp.rating_before) + Fraction(1, 2)))
            line["points"] += {"win": 1, "draw": Fraction(1, 2), "loss": 0}[str(kind)]
    return table


@pytest.mark.parametrize("which", [WINTER, SPRING])
def test_season_figures_equal_an_independent_computation(ctx: Flask, which: tuple) -> None:
    publish_history()
    name, first, last = which
    model = find_season(db.session, name.upper())
    assert model is not None
    settings = club_settings()
    page = season_page(db.session, settings, model)
    expected = _independent_table(first, last)
    table = {line.member_id: line for line in page.report.table}
    assert set(table) == set(expected) and len(table) >= 6
    # The protection rule is at work: someone played more rated games than counted.
    assert any(line.played > line.games for line in table.values())
    for member, want in expected.items():
        line = table[member]
        assert (line.events, line.games, line.played) == (want["events"], want["games"],
                                                         want["played"]), member
        assert line.score == want["score"] == want["points"]
        assert line.rating_start == want["start"] and line.rating_end == want["end"]
        assert math.isclose(line.change, want["end"] - want["start"])
        perf = (fide_performance(want["opponents"], want["points"]).performance
                if want["opponents"] else None)
        assert line.performance == perf, member
    # The awards follow their stated rules over the independent table.
    awards = {award.key: award for award in page.report.awards}
    n = settings.award_min_games
    improved = [(w["end"] - w["start"], w["games"], m) for m, w in expected.items()
                if w["games"] >= n and w["end"] > w["start"]]
    if improved:
        best = max(improved)[:2]
        assert [w.member_id for w in awards["most_improved"].winners] == sorted(
            m for c, g, m in improved if (c, g) == best)
    else:
        assert awards["most_improved"].winners == ()
    busiest = max((w["played"], w["games"]) for w in expected.values())
    assert [w.member_id for w in awards["most_active"].winners] == sorted(
        m for m, w in expected.items() if (w["played"], w["games"]) == busiest)
    assert str(n) in str(awards["most_improved"].rule)
    # The ladder at the season's end is the stored state after its last event.
    assert page.report.ladder == ladder_at(db.session, settings, last)
    assert [e.date for e in page.events] == sorted(
        (d for d, *_ in NIGHTS if first <= d <= last), reverse=True)


def test_the_award_minimum_is_the_clubs_setting(ctx: Flask) -> None:
    publish_history()
    settings = club_settings()
    db.session.expunge(settings)  # a setting tried without saving it
    settings.award_min_games = 1000
    page = season_page(db.session, settings, find_season(db.session, WINTER[0]))
    awards = {award.key: award for award in page.report.awards}
    assert awards["most_improved"].winners == () and awards["best_performance"].winners == ()
    assert "1000" in str(awards["best_performance"].rule)
    db.session.rollback()


def test_summaries_count_the_events_inside_each_season(ctx: Flask) -> None:
    publish_history()
    lines = season_summaries(db.session)
    assert [line.season.name for line in lines] == [SPRING[0], WINTER[0]]  # newest first
    counts = {line.season.name: line.events for line in lines}
    assert counts == {name: sum(1 for d, *_ in NIGHTS if first <= d <= last)
                      for name, first, last in (WINTER, SPRING)}


def _ladder_now() -> list[tuple]:
    return [(line.member_id, line.rating, line.games, line.provisional, line.rank,
             line.last_change) for line in ladder_lines(db.session, club_settings())]


def _as_of(day: dt.date | None) -> list[tuple]:
    return [(line.member_id, line.rating, line.games, line.provisional, line.rank,
             line.last_change) for line in ladder_at(db.session, club_settings(), day)]


def test_as_of_equals_the_ladder_after_the_last_event_on_or_before_the_date(ctx: Flask) -> None:
    import random
    rng = random.Random(5)
    after: dict[dt.date, list[tuple]] = {}
    for number, (date, players, rounds, rated, kind) in enumerate(NIGHTS, start=1):
        publish_t(night(rng, players, rounds, f"Night {number}", kind), date, rated=rated)
        after[date] = _ladder_now()  # the ladder after the last event of that day so far
    assert _as_of(NIGHTS[0][0] - dt.timedelta(days=1)) == []
    for date, ladder in after.items():
        assert _as_of(date) == ladder, date
        assert _as_of(date + dt.timedelta(days=1)) == ladder, date  # until the next event
    assert _as_of(None) == _as_of(D(2099, 1, 1)) == _ladder_now()


def test_as_of_after_a_back_dated_event_equals_a_replay_up_to_the_date(ctx: Flask) -> None:
    publish_history(seasons=False)
    # A forgotten night typed in later, dated between two published ones: replays follow.
    publish_t(tournament(["Ann Lee", "Hal Fox", "Bo Chen", "Gus Roy"],
                         [(1, 1, 2, Kind.LOSS), (1, 3, 4, Kind.WIN), (2, 1, 3, Kind.DRAW),
                          (2, 2, 4, Kind.WIN)], name="Forgotten night"), D(2025, 2, 25))
    options = rating_options(club_settings())
    everything = event_inputs(db.session)
    for day in (D(2025, 2, 4), D(2025, 2, 25), D(2025, 3, 10), D(2025, 12, 31)):
        inputs = [event for event, date in everything if date <= day]
        rows, final = replay(inputs, None, options)
        seen = {row.member_id for row in rows}
        expected = {m: (s.rating, s.games) for m, s in final.items() if m in seen}
        got = {line.member_id: (line.rating, line.games)
               for line in ladder_at(db.session, club_settings(), day)}
        assert got == expected, day


def test_merged_members_leave_the_as_of_ladder_too(ctx: Flask) -> None:
    from ladder.services.members import merge
    publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]), D(2025, 1, 7))
    publish_t(tournament(["Ann Lea", "Bo Chen"], [(1, 1, 2, Kind.DRAW)]), D(2025, 1, 14))
    ids = dict(db.session.execute(select(Entry.raw_name, Entry.member_id)).all())
    merge(ids["Ann Lea"], ids["Ann Lee"], actor="test")
    members = {line.member_id for line in ladder_at(db.session, club_settings(),
                                                    D(2025, 1, 31))}
    assert members == {ids["Ann Lee"], ids["Bo Chen"]}


def test_the_fast_reads_equal_the_pure_core_over_the_whole_history(ctx: Flask) -> None:
    from ladder.club.history import ladder_as_of, ladder_games
    from ladder.club.seasons import season_report
    from ladder.queries.history import history_games, stored_rows
    from ladder.queries.seasons import as_season, award_rules
    publish_history()
    settings = club_settings()
    rows = stored_rows(db.session)
    days = sorted({r.date for r in rows})
    for day in [days[0] - dt.timedelta(days=1), *days,
                *(d + dt.timedelta(days=3) for d in days)]:
        assert ladder_at(db.session, settings, day) == ladder_as_of(
            rows, day, settings.provisional_games), day
    games = ladder_games(history_games(db.session), rows)
    for name, _first, _last in (WINTER, SPRING):
        model = find_season(db.session, name)
        whole = season_report(as_season(model), rows, games, settings.provisional_games,
                              award_rules(settings))
        assert season_page(db.session, settings, model).report == whole
