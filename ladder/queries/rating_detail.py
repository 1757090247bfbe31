"""Why a rating moved as it did: which games counted, and the hand calculation
(docs/club-rating.md §1, docs/qualities.md §2).

* :func:`uncounted_in_event` — for every stored result of an event, why it did not count for
  its player (None: it counted), from the pre-event statuses stored in the rating rows and the
  engine's own counting rule (:func:`ladder.rating.why_not_counted`).
* :func:`member_uncounted` — the same for every event of one member, from :func:`member_rounds`
  (profile).
* :func:`hand_calculation` — pure: K, each counted game's expected score (the engine's
  :func:`ladder.rating.club_elo.expected_score`) and actual score, the sums and the change.
* :func:`rating_detail` — the calculation of one member in one event, from the stored rows.

Names are not resolved here (templates call ``display_name``, docs/privacy.md).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import fsum
from typing import cast

from sqlalchemy import bindparam, select
from sqlalchemy.orm import aliased

from ..extensions import DbSession
from ..models import Entry, Event, EventStatus, RatingRow, Result
from ..rating import Uncounted, why_not_counted
from ..rating.club_elo import expected_score
from ..vocabulary.tournament import EventKind, Kind

#: The reasons shown as a mark on a single game (a bye is no game; an unrated event or a
#: bughouse night says so once, for all its games, at the top of the page).
GAME_REASONS = frozenset({Uncounted.PROTECTION, Uncounted.FORFEIT, Uncounted.UNRATED_GAME,
                          Uncounted.NOT_A_MEMBER})

_SCORE = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.LOSS: Fraction(0)}


def uncounted_in_event(event: Event, ratings: dict[int, RatingRow]
                       ) -> dict[int, Uncounted | None]:
    """Result id → why that round did not count for its player (None: it counted).

    ``event`` has its entries and results loaded; ``ratings`` maps member id → the event's
    rating row (whose ``provisional_before`` is the status the engine used).
    """
    member_of_entry = {entry.id: entry.member_id for entry in event.entries}
    rated, kind = bool(event.rated), EventKind(event.kind)
    out: dict[int, Uncounted | None] = {}
    for entry in event.entries:
        own = ratings.get(entry.member_id) if entry.member_id is not None else None
        for result in entry.results:
            opponent = member_of_entry.get(result.opponent_entry_id) \
                if result.opponent_entry_id else None
            theirs = ratings.get(opponent) if opponent is not None else None
            out[result.id] = why_not_counted(
                rated, kind, Kind(result.kind), entry.member_id if own else None,
                opponent if theirs else None,
                bool(own and own.provisional_before), bool(theirs and theirs.provisional_before))
    return out


#: One round of a member in a published event, as :func:`member_rounds` reads it: (event
#: id, event rated, event kind, entry id, result kind, outcome in halves, opponent's entry
#: id and member id (None: a bye; an unlinked opponent has no member), the member's and the
#: opponent's ``provisional_before`` there (None: no rating row).
MemberRound = tuple[int, bool, str, int, str, int | None, int | None, int | None,
                    bool | None, bool | None]

_MINE, _THEIRS = aliased(Entry), aliased(Entry)
_OWN_ROW, _OPP_ROW = aliased(RatingRow), aliased(RatingRow)
# Built once: aliases made per call cost more Python than the statement's round trip.
_MEMBER_ROUNDS = (
    select(Event.id, Event.rated, Event.kind, Result.entry_id, Result.kind,
           Result.outcome_halves, Result.opponent_entry_id, _THEIRS.member_id,
           _OWN_ROW.provisional_before, _OPP_ROW.provisional_before)
    .join(_MINE, _MINE.id == Result.entry_id)
    .join(Event, Event.id == _MINE.event_id)
    .outerjoin(_THEIRS, _THEIRS.id == Result.opponent_entry_id)
    .outerjoin(_OWN_ROW, (_OWN_ROW.event_id == Event.id)
               & (_OWN_ROW.member_id == _MINE.member_id))
    # The opponent's row keyed by their entry's event (the same event): the database then
    # finds it by its primary key instead of through every row of the opponent.
    .outerjoin(_OPP_ROW, (_OPP_ROW.event_id == _THEIRS.event_id)
               & (_OPP_ROW.member_id == _THEIRS.member_id) & (_THEIRS.event_id == Event.id))
    .where(_MINE.member_id == bindparam("member_id"), Event.status == EventStatus.PUBLISHED))


def member_rounds(session: DbSession, member_id: int) -> list[MemberRound]:
    """Every round of ``member_id`` in a published event (see :data:`MemberRound`), in one
    statement: what :func:`member_uncounted` and the profile's points and record read."""
    return [cast(MemberRound, tuple(row))
            for row in session.execute(_MEMBER_ROUNDS, {"member_id": member_id})]


def member_uncounted(member_id: int, rounds: Sequence[MemberRound],
                     ) -> dict[int, tuple[tuple[Uncounted, int], ...]]:
    """Event id → (reason, number of games) of the member's games that did not count there,
    from their :func:`member_rounds`.

    Only the per-game reasons (:data:`GAME_REASONS`) are listed: byes are no games, and an
    unrated event is marked as a whole.
    """
    counts: dict[int, Counter[Uncounted]] = defaultdict(Counter)
    for (event_id, rated, event_kind, _entry, kind, _halves, opponent_entry, opponent,
         own_prov, opp_prov) in rounds:
        if opponent_entry is None:
            continue  # a bye: no game
        reason = why_not_counted(
            bool(rated), EventKind(event_kind), Kind(kind),
            member_id if own_prov is not None else None,
            opponent if opp_prov is not None else None, bool(own_prov), bool(opp_prov))
        if reason in GAME_REASONS:
            counts[event_id][reason] += 1
    return {event_id: tuple(sorted(counter.items())) for event_id, counter in counts.items()}


@dataclass(frozen=True)
class GameLine:
    """One round of a player with an opponent, as the hand calculation lists it.

    ``expected`` and ``score`` are set only for a counted game; ``reason`` says why a game
    did not count.
    """

    round: int
    opponent_member_id: int | None
    opponent_start_no: int | None
    kind: Kind
    opponent_rating: float | None
    expected: float | None
    score: Fraction | None
    reason: Uncounted | None

    @property
    def counted(self) -> bool:
        """True when the game counted for this player's rating."""
        return self.reason is None


@dataclass(frozen=True)
class Calculation:
    """The hand calculation of one rating change: ``R + K × (S − E)`` with every number.

    ``change`` is the engine's ``K × Σ(S − E)``; ``rating_after`` is the engine's result,
    which differs from ``rating_before + change`` only when the club's floor lifted it.
    """

    rating_before: float
    k: float
    games: tuple[GameLine, ...]
    expected_total: float
    score_total: Fraction
    difference: float  # Σ(S − E), as the engine adds it up
    change: float  # K × Σ(S − E)
    rating_after: float
    floor: float | None = None

    @property
    def counted(self) -> tuple[GameLine, ...]:
        """The games that counted."""
        return tuple(game for game in self.games if game.counted)

    @property
    def uncounted(self) -> tuple[GameLine, ...]:
        """The games that did not count (each with its reason)."""
        return tuple(game for game in self.games if not game.counted)

    @property
    def floor_applied(self) -> bool:
        """True when the club's rating floor lifted the result."""
        return self.floor is not None and self.rating_after > self.rating_before + self.change \
            and self.rating_after == self.floor


def hand_calculation(rating_before: float, k: float, games: Sequence[GameLine],
                     rating_after: float, floor: float | None = None) -> Calculation:
    """Fill in each counted game's expected score and add everything up as the engine does.

    ``games`` carry their opponent's pre-event rating and, when counted, their score; the
    expected score is computed here by the engine's own function, and the change as
    ``K × fsum(S − E)`` exactly like :func:`ladder.rating.rate_event`.
    """
    filled: list[GameLine] = []
    counted: list[tuple[float, Fraction]] = []  # (E, S) of each counted game
    for game in games:
        score = game.score
        if game.counted and game.opponent_rating is not None and score is not None:
            e = expected_score(rating_before, game.opponent_rating)
            game = GameLine(game.round, game.opponent_member_id, game.opponent_start_no,
                            game.kind, game.opponent_rating, e, score, None)
            counted.append((e, score))
        filled.append(game)
    expected_total = fsum(e for e, _s in counted)
    score_total = sum((s for _e, s in counted), Fraction(0))
    difference = fsum(float(s) - e for e, s in counted)  # the engine's S − E terms
    change = k * difference if counted else 0.0
    return Calculation(rating_before, k, tuple(filled), expected_total, score_total,
                       difference, change, rating_after, floor)


def rating_detail(session: DbSession, event: Event, member_id: int,
                  floor: float | None = None) -> Calculation | None:
    """The hand calculation of ``member_id``'s rating change in ``event`` (None: no row).

    ``event`` has its entries and results loaded. Everything comes from the stored rows: the
    pre-event ratings and statuses of both players of each game, K, and the engine's result.
    """
    ratings = {row.member_id: row for row in session.scalars(
        select(RatingRow).where(RatingRow.event_id == event.id))}
    row = ratings.get(member_id)
    if row is None:
        return None
    reasons = uncounted_in_event(event, ratings)
    entry_of = {entry.id: entry for entry in event.entries}
    games = []
    for entry in event.entries:
        if entry.member_id != member_id:
            continue
        for result in sorted(entry.results, key=lambda r: r.round):
            if not result.opponent_entry_id:
                continue
            opponent = entry_of.get(result.opponent_entry_id)
            opp_member = opponent.member_id if opponent else None
            opp_row = ratings.get(opp_member) if opp_member is not None else None
            kind = Kind(result.kind)
            reason = reasons.get(result.id)
            games.append(GameLine(
                result.round, opp_member, opponent.start_no if opponent else None, kind,
                opp_row.rating_before if opp_row else None, None,
                _SCORE.get(kind) if reason is None else None, reason))
    return hand_calculation(row.rating_before, row.k, games, row.rating_after, floor)
