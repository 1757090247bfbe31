"""Which games counted for whom, and why a game did not (docs/club-rating.md §1), one game at a
time.

The engine (:mod:`ladder.rating.event_rating`) decides counting inside its hot loop. The pages need
the same decision per game, to mark the games that did not count and to show the hand
calculation of a rating change. This module answers it without re-deciding anything the
engine already exposes: whether a game is rated at all is asked of
:func:`ladder.rating.event_rating.rated_games` itself (a one-game event); only the protection rule,
which the engine inlines, is written here as :func:`counts_for`, and a test checks it
against :func:`~ladder.rating.event_rating.rate_event` in every combination.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from ladder.rating.event_rating import rated_games
from ladder.rating.types import EventInput, Pairing
from ladder.vocabulary.tournament import EventKind, Kind


class Uncounted(StrEnum):
    """Why a round did not count for a player's club rating (the reasons pages explain)."""

    EVENT_UNRATED = "event_unrated"  # the whole event was marked not rated
    BUGHOUSE = "bughouse"  # bughouse games are never rated
    BYE = "bye"  # no game was played (any bye)
    FORFEIT = "forfeit"  # forfeit win, forfeit loss, double forfeit
    UNRATED_GAME = "unrated_game"  # played, but recorded as not rated (TRF W/D/L)
    NOT_A_MEMBER = "not_a_member"  # the opponent is not linked to a club member
    PROTECTION = "protection"  # established player against a provisional one


def counts_for(own_provisional: bool, opponent_provisional: bool) -> bool:
    """The protection rule (docs/club-rating.md §1): does a rated game count for this player?

    A game between an established and a provisional player counts only for the provisional
    one; between two provisional or two established players it counts for both. Statuses
    are the ones held *before* the event.
    """
    return own_provisional or not opponent_provisional


@cache
def _engine_rates(rated: bool, event_kind: EventKind, kind: Kind) -> bool:
    """Whether the engine rates a game of ``kind`` between two members at all: asked of
    :func:`~ladder.rating.event_rating.rated_games` itself on a one-game event (cached: the answer
    depends only on these three values, and an event page asks once per result)."""
    probe = EventInput(0, rated, event_kind, (1, 2), (Pairing(1, 2, kind),))
    return bool(rated_games(probe))


def why_not_counted(rated: bool, event_kind: EventKind, kind: Kind, own: int | None,
                    opponent: int | None, own_provisional: bool,
                    opponent_provisional: bool) -> Uncounted | None:
    """Why the round ``kind`` of member ``own`` against ``opponent`` did not count (None: it
    counted). ``opponent`` is the opponent's member id (None: a bye, or an opponent who is not
    linked to a member); provisional statuses are the pre-event ones of the rating rows.
    """
    if not kind.has_opponent:
        return Uncounted.BYE
    if not rated:
        return Uncounted.EVENT_UNRATED
    if event_kind == EventKind.BUGHOUSE:
        return Uncounted.BUGHOUSE
    if kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
        return Uncounted.FORFEIT
    if kind is Kind.UNRATED_PLAYED:
        return Uncounted.UNRATED_GAME
    if own is None or opponent is None or own == opponent:
        return Uncounted.NOT_A_MEMBER
    if not _engine_rates(rated, event_kind, kind):
        return Uncounted.UNRATED_GAME
    if not counts_for(own_provisional, opponent_provisional):
        return Uncounted.PROTECTION
    return None
