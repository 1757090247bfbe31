"""Hypothesis strategies for rating histories: members, ratings, options, events, stored states."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from ladder.rating import (
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
)
from ladder.vocabulary.tournament import EventKind, Kind

MEMBERS = st.integers(min_value=1, max_value=10)


RATINGS = st.floats(min_value=600.0, max_value=2800.0, allow_nan=False, allow_infinity=False)


PLAYED = st.sampled_from([Kind.WIN, Kind.DRAW, Kind.LOSS])


ANY_KIND = st.sampled_from(list(Kind))


OPTIONS = st.sampled_from([
    RatingOptions(),
    RatingOptions(k_new=32, k_established=32),
    RatingOptions(start_rating=1500.0, k_threshold=3, provisional_games=2, floor=1400.0),
    RatingOptions(junior_k=40.0, k_established=15.0, junior_k_ceiling=1900.0),
])


JUNIORS = st.frozensets(MEMBERS, max_size=4)


@st.composite
def pairings(draw: st.DrawFn, kinds: st.SearchStrategy[Kind] = ANY_KIND) -> Pairing:
    """A pairing; mostly played games, sometimes byes, forfeits or self-pairings."""
    kind = draw(kinds)
    a = draw(MEMBERS)
    if kind.is_bye:
        return Pairing(a, None, kind)
    outcome = draw(st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]))
    return Pairing(a, draw(MEMBERS), kind, outcome if kind is Kind.UNRATED_PLAYED else None)


@st.composite
def events(draw: st.DrawFn, event_id: int = 1) -> EventInput:
    """An event with a few extra participants and a mix of pairings."""
    played = draw(st.lists(pairings(PLAYED), max_size=12))
    other = draw(st.lists(pairings(), max_size=4))
    extra = draw(st.lists(MEMBERS, max_size=3))
    named = [p.a for p in played + other] + [p.b for p in played + other if p.b is not None]
    participants = tuple(sorted(set(named) | set(extra)))
    rated = draw(st.sampled_from([True, True, True, False]))  # mostly rated
    kind = draw(st.sampled_from([EventKind.SWISS, EventKind.CASUAL, EventKind.ROUND_ROBIN,
                                 EventKind.MATCH, EventKind.BUGHOUSE]))
    return EventInput(event_id, rated, kind, participants, tuple(played + other))


@st.composite
def event_lists(draw: st.DrawFn) -> list[EventInput]:
    """A few events in order."""
    n = draw(st.integers(min_value=1, max_value=6))
    return [draw(events(event_id=i)) for i in range(1, n + 1)]


STATES = st.dictionaries(
    MEMBERS, st.builds(MemberState, RATINGS, st.integers(min_value=0, max_value=30)), max_size=10
)
