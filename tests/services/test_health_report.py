"""Pool health from the database (docs/organizer-guide.md §4): every calibration number recomputed
in the test from the stored rating rows and the results table; the pool's drift from the members
table; the Glicko-2 lens rated independently from the same games."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import replace

import pytest
from flask import Flask
from sqlalchemy import select
from sqlalchemy.orm import aliased

from ladder.extensions import db
from ladder.models import Entry, Event, Member, RatingRow, Result
from ladder.queries.club import club_settings
from ladder.queries.health import health_report
from ladder.rating.glicko2 import DEFAULT_SETTINGS, RatingPeriod, expected_score, rate_history
from ladder.vocabulary.tournament import Kind
from tests.services.club_history import SPRING, WINTER, publish_history

SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def _games() -> list[tuple[int, object, int, int, float]]:
    """(event id, date, a, b, a's score) of every rated game, from the results table: the
    side with the smaller entry id, over the board, in rated events other than bughouse."""
    mine, theirs = aliased(Entry), aliased(Entry)
    return [(e, d, a, b, SCORE[str(k)]) for e, d, a, b, k in db.session.execute(
        select(Event.id, Event.date, mine.member_id, theirs.member_id, Result.kind)
        .join(mine, mine.id == Result.entry_id).join(theirs, theirs.id == Result.opponent_entry_id)
        .join(Event, Event.id == mine.event_id)
        .where(Result.entry_id < Result.opponent_entry_id, Event.rated.is_(True),
               Event.kind != "bughouse",
               Result.kind.in_([Kind.WIN.value, Kind.DRAW.value, Kind.LOSS.value]))
        .order_by(Event.date, Event.id, Result.entry_id, Result.round))]


def _ladder_figures(games: list, first=None, last=None) -> tuple[int, float, float, dict]:
    """Count, Brier score, log-loss and band counts of the ladder's predictions, computed
    here from the stored rows' frozen pre-event ratings."""
    before = {(r.event_id, r.member_id): r.rating_before
              for r in db.session.scalars(select(RatingRow))}
    brier, loss, bands = [], [], defaultdict(int)
    for event_id, date, a, b, score in games:
        if first is not None and not first <= date <= last:
            continue
        ra, rb = before[(event_id, a)], before[(event_id, b)]
        e = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
        brier.append((e - score) ** 2)
        p = min(max(e, 1e-6), 1 - 1e-6)
        loss.append(-(score * math.log(p) + (1 - score) * math.log(1 - p)))
        gap = abs(ra - rb)
        bands[next(low for low in (400, 200, 100, 50, 0) if gap >= low)] += 1
    return len(brier), math.fsum(brier) / len(brier), math.fsum(loss) / len(loss), dict(bands)


@pytest.fixture
def history(ctx: Flask) -> Flask:
    publish_history()
    return ctx


def test_ladder_calibration_recomputed_from_the_rating_rows(history: Flask) -> None:
    report = health_report(db.session, club_settings())
    games = _games()
    count, brier, loss, bands = _ladder_figures(games)
    overall = report.overall.ladder.calibration
    assert overall.count == count == report.games and count > 40
    assert math.isclose(overall.brier, brier, rel_tol=1e-12)
    assert math.isclose(overall.log_loss, loss, rel_tol=1e-12)
    assert {int(b.low): b.count for b in overall.bands if b.count} == bands
    # Per season, in calendar order, then every game (those outside the seasons too).
    assert [line.ladder.season.name if line.ladder.season else None
            for line in report.lines] == [WINTER[0], SPRING[0], None]
    for line, (_name, first, last) in zip(report.lines, (WINTER, SPRING), strict=False):
        n, b, l, _ = _ladder_figures(games, first, last)
        cal = line.ladder.calibration
        assert cal.count == n and math.isclose(cal.brier, b) and math.isclose(cal.log_loss, l)
    assert report.lines[0].ladder.calibration.count + report.lines[1].ladder.calibration.count \
        < count  # the June night is outside every season


def test_glicko_lens_predicts_the_same_games_out_of_sample(history: Flask) -> None:
    settings = club_settings()
    db.session.expunge(settings)  # a setting tried without saving it
    settings.glicko_tau = 0.8
    report = health_report(db.session, settings)
    # Rate the same games here, one period per published event (unrated ones have none).
    games = _games()
    events = db.session.execute(select(Event.id).where(Event.status == "published")
                                .order_by(Event.date, Event.id)).scalars().all()
    periods = [RatingPeriod(e, tuple((a, b, s) for ev, _d, a, b, s in games if ev == e))
               for e in events]
    history = rate_history(periods, replace(DEFAULT_SETTINGS, tau=0.8,
                                            initial_rating=settings.start_rating))
    befores = {p.event_id: p.before for p in history.periods}
    brier = [(expected_score(befores[e][a], befores[e][b]) - s) ** 2 for e, _d, a, b, s in games]
    glicko = report.overall.glicko.calibration
    assert glicko.count == report.overall.ladder.calibration.count == len(games)
    assert math.isclose(glicko.brier, math.fsum(brier) / len(brier), rel_tol=1e-12)
    assert report.tau == 0.8
    lens = {line.ladder.member_id: line for line in report.lens}
    for member, state in history.final.items():
        assert lens[member].glicko == state
        low, high = lens[member].band
        assert math.isclose(high - low, 4 * state.rd)
    verdict = report.overall.verdict
    ladder = report.overall.ladder.calibration
    if verdict.better == "glicko2":
        assert glicko.brier < ladder.brier and glicko.log_loss < ladder.log_loss
    elif verdict.better == "ladder":
        assert glicko.brier > ladder.brier and glicko.log_loss > ladder.log_loss
    db.session.rollback()


def test_pool_drift_and_activity_from_the_members_table(history: Flask) -> None:
    settings = club_settings()
    report = health_report(db.session, settings)
    last = report.series[-1]
    members = db.session.execute(select(Member.rating, Member.games)
                                 .where(Member.merged_into_id.is_(None))).all()
    established = [r for r, g in members if g >= settings.provisional_games]
    assert last.members == len(members) and last.established == len(established)
    assert math.isclose(last.mean, sum(established) / len(established))
    assert math.isclose(last.drift, last.mean - settings.start_rating)
    assert sum(m.games for m in report.months) == len(_games())
    assert report.events == db.session.query(Event).count()
    assert [m.month.month for m in report.months] == [1, 2, 3, 4, 5, 6]  # May has none


def test_an_empty_club_has_a_health_page_too(ctx: Flask) -> None:
    report = health_report(db.session, club_settings())
    assert report.games == 0 and report.series == () and report.lens == ()
    assert report.overall.verdict.better is None
