"""Per-game counting (ladder.rating.counting) agrees with the engine in every combination."""

from __future__ import annotations

import itertools

import pytest

from ladder.rating import (
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
    Uncounted,
    counts_for,
    rate_event,
    why_not_counted,
)
from ladder.vocabulary.tournament import PAIRED_KINDS, EventKind, Kind

OPTIONS = RatingOptions()


def _state(provisional: bool, rating: float) -> MemberState:
    return MemberState(rating, 0 if provisional else 30)


@pytest.mark.parametrize("kind,own_prov,opp_prov,rated,event_kind", list(itertools.product(
    PAIRED_KINDS, (True, False), (True, False), (True, False),
    (EventKind.SWISS, EventKind.CASUAL, EventKind.BUGHOUSE))))
def test_the_reason_is_none_exactly_when_the_engine_counts_the_game(
        kind: Kind, own_prov: bool, opp_prov: bool, rated: bool,
        event_kind: EventKind) -> None:
    event = EventInput(1, rated, event_kind, (1, 2), (Pairing(1, 2, kind),))
    rows, _ = rate_event(event, {1: _state(own_prov, 1500), 2: _state(opp_prov, 1400)},
                         OPTIONS)
    by_member = {row.member_id: row for row in rows}
    for me, other, mine, theirs in ((1, 2, own_prov, opp_prov), (2, 1, opp_prov, own_prov)):
        my_kind = kind if me == 1 else kind.mirror
        reason = why_not_counted(rated, event_kind, my_kind, me, other, mine, theirs)
        assert (reason is None) == (by_member[me].games_counted == 1), (me, reason)


def test_the_reasons_name_the_rule() -> None:
    swiss = EventKind.SWISS
    assert why_not_counted(True, swiss, Kind.WIN, 1, 2, False, True) is Uncounted.PROTECTION
    assert why_not_counted(True, swiss, Kind.LOSS, 1, 2, True, False) is None
    assert why_not_counted(True, swiss, Kind.FORFEIT_WIN, 1, 2, True, True) is Uncounted.FORFEIT
    assert why_not_counted(True, swiss, Kind.DOUBLE_FORFEIT, 1, 2, True, True) \
        is Uncounted.FORFEIT
    assert why_not_counted(True, swiss, Kind.UNRATED_PLAYED, 1, 2, True, True) \
        is Uncounted.UNRATED_GAME
    assert why_not_counted(True, swiss, Kind.HALF_BYE, 1, None, True, True) is Uncounted.BYE
    assert why_not_counted(False, swiss, Kind.WIN, 1, 2, True, True) is Uncounted.EVENT_UNRATED
    assert why_not_counted(True, EventKind.BUGHOUSE, Kind.WIN, 1, 2, True, True) \
        is Uncounted.BUGHOUSE
    assert why_not_counted(True, swiss, Kind.WIN, 1, None, True, True) is Uncounted.NOT_A_MEMBER


def test_the_protection_rule_table() -> None:
    # (own provisional, opponent provisional) -> counts for own
    assert counts_for(True, True) and counts_for(False, False)
    assert counts_for(True, False)  # a newcomer's game against an established player counts
    assert not counts_for(False, True)  # ... but not for the established player
