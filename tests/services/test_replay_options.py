"""Club rating options and the replay (bug A): newcomers start from the club's options.

docs/club-rating.md §1 lets a club change the start rating, the K schedule, the thresholds, junior K
and a floor; docs/club-rating.md §2 requires a partial replay to give exactly what a replay from
scratch gives. A member created after such a change used to start at the model's default 1200.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select

from ladder.extensions import db
from ladder.models import ClubSettings, Entry, Event, Result
from ladder.services.club_settings import current_form, update_settings
from ladder.services.corrections import delete_event, edit_result, update_event
from ladder.services.ladder_check import check
from ladder.services.maintenance import rebuild
from ladder.services.members import relink, set_junior
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import direct_writes, member, publish_t, snapshot, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def _set(**options: object) -> None:
    """Change rating options through the settings service (which replays from scratch)."""
    update_settings(dataclasses.replace(current_form(), **options), actor="test")


def test_newcomer_starts_from_the_clubs_start_rating(ctx) -> None:
    """The minimal case of the issue: start 1500, then "Ann beats Bob" gives 1520 / 1480."""
    _set(start_rating=1500.0)
    publish_t(tournament(["Ann", "Bob"], [(1, 1, 2, W)]), dt.date(2025, 1, 7))
    ann, bob = member("Ann"), member("Bob")
    assert (ann.rating, ann.games) == (1520.0, 1)
    assert (bob.rating, bob.games) == (1480.0, 1)
    assert check() == []


def test_newcomer_in_a_later_event_starts_from_the_options(ctx) -> None:
    """A partial replay takes a brand-new member's state from the options, not the model."""
    _set(start_rating=1500.0, k_new=32.0)
    publish_t(tournament(["Ann", "Bob"], [(1, 1, 2, W)]), dt.date(2025, 1, 7))
    # Cai is new; Ann has an earlier row and none at or after this event: she keeps her state.
    publish_t(tournament(["Ann", "Cai"], [(1, 1, 2, D)]), dt.date(2025, 1, 14))
    assert member("Cai").games == 1
    before = snapshot()
    assert check() == []
    rebuild(actor="test")
    assert snapshot() == before


def test_member_reset_by_a_settings_change_starts_again_from_the_new_options(ctx) -> None:
    """An earlier member whose only event is inserted before their rows keeps exactness."""
    publish_t(tournament(["Ann", "Bob"], [(1, 1, 2, W)]), dt.date(2025, 1, 14))
    _set(start_rating=1000.0, rating_floor=1100.0)
    # Dee is new and plays before Ann's only event: replay starts at this earlier event.
    publish_t(tournament(["Dee", "Ann"], [(1, 1, 2, L)]), dt.date(2025, 1, 7))
    assert check() == []
    _set(start_rating=1600.0)
    dee = member("Dee").rating  # 1 counted game: provisional, so the game counts for both
    publish_t(tournament(["Eve", "Dee"], [(1, 1, 2, W)]), dt.date(2025, 1, 21))
    assert member("Eve").rating == pytest.approx(1600.0 + 40 * (1 - 1 / (1 + 10 ** (
        (dee - 1600.0) / 400))))
    assert check() == []


def test_relinked_entry_to_a_new_member_starts_from_the_options(ctx) -> None:
    """Re-linking an entry to a new member is a partial replay with a brand-new member."""
    _set(start_rating=1400.0)
    publish_t(tournament(["Ann", "Bob"], [(1, 1, 2, W)]), dt.date(2025, 1, 7))
    publish_t(tournament(["Ann", "Bob"], [(1, 2, 1, W)]), dt.date(2025, 1, 14))
    entry_id = db.session.scalar(
        select(Entry.id).join(Event).where(Event.date == dt.date(2025, 1, 14),
                                           Entry.raw_name == "Bob"))
    new = relink(entry_id, None, actor="test")
    # The new member beat Ann (1420 after night 1) from the club's start rating 1400.
    assert new.rating == pytest.approx(1400.0 + 40 * (1 - 1 / (1 + 10 ** ((1420.0 - 1400.0)
                                                                          / 400))))
    assert check() == []


# --- Property: any interleaving of settings changes, imports and corrections keeps check green.

NAMES = ["Ann", "Bob", "Cai", "Dee", "Eve", "Fay"]
DAY0 = dt.date(2025, 1, 6)

SETTINGS = st.fixed_dictionaries({}, optional={
    "start_rating": st.sampled_from([1000.0, 1200.0, 1500.0, 1733.25]),
    "k_new": st.sampled_from([40.0, 32.0, 25.5]),
    "k_established": st.sampled_from([20.0, 10.0, 16.0]),
    "k_threshold": st.sampled_from([0, 2, 4, 20]),
    "provisional_games": st.sampled_from([0, 1, 3, 5]),
    "junior_k": st.sampled_from([None, 40.0, 60.0]),
    "rating_floor": st.sampled_from([None, 1100.0, 1450.0]),
}).filter(bool)

GAME_KINDS = st.sampled_from([W, D, L, W, D, L, Kind.FORFEIT_WIN, Kind.DOUBLE_FORFEIT,
                              Kind.UNRATED_PLAYED])
EDIT_KINDS = st.sampled_from([W, D, L, Kind.FORFEIT_LOSS, Kind.UNRATED_PLAYED])


@st.composite
def _event(draw: st.DrawFn) -> tuple:
    """A small event: 2–5 of the names, one or two rounds of games, maybe a bye."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
    games, byes = [], []
    for round_no in (1, 2)[:draw(st.integers(1, 2))]:
        order = draw(st.permutations(range(1, len(names) + 1)))
        for white, black in zip(order[::2], order[1::2], strict=False):
            games.append((round_no, white, black, draw(GAME_KINDS)))
        if len(order) % 2:
            byes.append((round_no, order[-1], draw(st.sampled_from(
                [Kind.PAIRING_BYE, Kind.HALF_BYE, Kind.ZERO_BYE]))))
    day = draw(st.integers(0, 6))  # few dates: inserts before, between and on the same date
    rated = draw(st.sampled_from([True, True, True, False]))
    kind = draw(st.sampled_from([EventKind.SWISS, EventKind.SWISS, EventKind.BUGHOUSE]))
    return ("publish", names, games, byes, day, rated, kind)


STEPS = st.one_of(
    _event(), _event(),
    st.tuples(st.just("settings"), SETTINGS),
    st.tuples(st.just("edit"), st.integers(0, 10_000), EDIT_KINDS, st.integers(0, 2)),
    st.tuples(st.just("delete"), st.integers(0, 10_000)),
    st.tuples(st.just("move"), st.integers(0, 10_000), st.integers(0, 6), st.booleans()),
    st.tuples(st.just("relink_new"), st.integers(0, 10_000)),
    st.tuples(st.just("junior"), st.sampled_from(NAMES)),
)


def _reset_database() -> None:
    """Empty every table (each example starts from an empty club with default settings)."""
    db.session.rollback()
    with direct_writes():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(delete(table))
        db.session.add(ClubSettings())  # as ``ladder init`` leaves a new club
        db.session.commit()


def _pick(ids: list[int], index: int) -> int | None:
    return ids[index % len(ids)] if ids else None


def _run(step: tuple) -> None:
    """Apply one step through the real services (each replays as it does in the app)."""
    what = step[0]
    if what == "publish":
        _, names, games, byes, day, rated, kind = step
        t = tournament(names, games, byes=byes, kind=kind, name=f"Night {day}")
        publish_t(t, DAY0 + dt.timedelta(days=7 * day), rated=rated)
    elif what == "settings":
        _set(**step[1])
    elif what == "edit":
        ids = db.session.scalars(select(Result.id).where(
            Result.opponent_entry_id.is_not(None)).order_by(Result.id)).all()
        result_id = _pick(list(ids), step[1])
        if result_id is not None:
            result = db.session.get(Result, result_id)
            edit_result(result_id, step[2], result.version, actor="test",
                        outcome_halves=step[3] if step[2] is Kind.UNRATED_PLAYED else None)
    elif what == "delete":
        event_id = _pick(list(db.session.scalars(select(Event.id).order_by(Event.id))), step[1])
        if event_id is not None:
            delete_event(event_id, actor="test")
    elif what == "move":
        event_id = _pick(list(db.session.scalars(select(Event.id).order_by(Event.id))), step[1])
        if event_id is not None:
            event = db.session.get(Event, event_id)
            update_event(event_id, actor="test", version=event.version,
                         date=DAY0 + dt.timedelta(days=7 * step[2]), rated=step[3])
    elif what == "relink_new":
        entry_id = _pick(list(db.session.scalars(select(Entry.id).order_by(Entry.id))), step[1])
        if entry_id is not None:
            relink(entry_id, None, actor="test")
    elif what == "junior":
        found = member(step[1])
        if found is not None:
            set_junior(found.id, not found.junior, actor="test")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(STEPS, min_size=1, max_size=8))
def test_any_interleaving_keeps_check_green(ctx, steps: list[tuple]) -> None:
    """After every step, ``ladder check`` (a replay from scratch) agrees with what is stored."""
    _reset_database()
    for number, step in enumerate(steps, start=1):
        _run(step)
        differences = check()
        assert differences == [], f"after step {number} {step[0]}: {differences[:3]}"


def test_the_replay_reads_every_option_the_settings_hold(ctx) -> None:
    """The replay reads the options as plain values, not through the settings object: the
    same options, whichever are set."""
    from ladder.queries.club import club_settings
    from ladder.services import replay as replay_service
    for options in ({}, {"start_rating": 1500.0, "k_new": 32.0, "k_established": 16.0,
                         "k_threshold": 10, "provisional_games": 3, "junior_k": 40.0,
                         "rating_floor": 1000.0}):
        if options:
            _set(**options)
        db.session.rollback()
        read = replay_service._rating_options(db.session.connection())
        assert read == replay_service.rating_options(club_settings())
        assert read.floor == options.get("rating_floor") and read.junior_k == options.get(
            "junior_k")
