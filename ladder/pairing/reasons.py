"""Why each board is as it is, in sentences (Messages) the web edge translates.

Values name players by start number: ``white`` and ``black`` for the board's players,
``player`` (and ``opponent``) where one player is meant; scores are points as text (``2½``).
"""

from __future__ import annotations

from fractions import Fraction

from ladder.pairing.colours import Rule, ranks_higher
from ladder.pairing.dutch import Trace
from ladder.pairing.matching import Matcher
from ladder.pairing.round_state import WHITE, RoundPlayer, RoundState
from ladder.pairing.weights import compatible
from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.numbers import points_text


def _points(round_: RoundState, tenths: int) -> str:
    return points_text(Fraction(tenths, 10))


def _float_reason(round_: RoundState, white: RoundPlayer, black: RoundPlayer) -> Message | None:
    """C.04.3 A.4: the higher-scored player floats down to the other's score group."""
    if white.score == black.score:
        return None
    if white.score > black.score:
        return msg("White %(white)d floats down from score group %(score)s to meet %(black)d "
                   "(score %(other)s): that score group could not be paired completely "
                   "within itself (C.04.3 A.4).",
                   white=white.start_number, black=black.start_number,
                   score=_points(round_, white.score), other=_points(round_, black.score))
    return msg("Black %(black)d floats down from score group %(score)s to meet %(white)d "
               "(score %(other)s): that score group could not be paired completely "
               "within itself (C.04.3 A.4).",
               white=white.start_number, black=black.start_number,
               score=_points(round_, black.score), other=_points(round_, white.score))


def _natural_opponents(trace: Trace) -> dict[int, int]:
    """Per bracket, the pairing by the bracket's order alone (C.04.3 B.2/B.3: S1 against S2,
    the moved-down players forming S1 in a heterogeneous bracket), before any criterion.
    Worked out once a round (kept on the trace)."""
    if trace.natural is not None:
        return trace.natural
    natural: dict[int, int] = {}
    for ids, moved_down in trace.brackets:
        if moved_down:
            s1, s2 = ids[:moved_down], ids[moved_down:]
        else:
            half = len(ids) // 2
            s1, s2 = ids[:half], ids[half:]
        for a, b in zip(s1, s2, strict=False):
            natural[a] = b
            natural[b] = a
    trace.natural = natural
    return natural


def _avoided(round_: RoundState, trace: Trace, player: RoundPlayer,
             paired_with: int) -> Message | None:
    """C.04.1.a: the player's natural opponent was a rematch or a forbidden pair."""
    natural = _natural_opponents(trace).get(player.id)
    if natural is None or natural == paired_with:
        return None
    opponent = round_.players[natural]
    if any(m.played and m.opponent == natural for m in player.matches):
        return msg("By the order of the bracket %(player)d would have met %(opponent)d, but "
                   "they have already played each other (C.04.1.a).",
                   player=player.start_number, opponent=opponent.start_number)
    if natural in round_.forbidden[player.id]:
        return msg("By the order of the bracket %(player)d would have met %(opponent)d, but "
                   "the two may not be paired (a forbidden pair).",
                   player=player.start_number, opponent=opponent.start_number)
    return None


def _strength(player: RoundPlayer) -> str:
    if player.absolute:
        return "absolute"
    return "strong" if player.strong else "mild"


_DUE = {
    "absolute": msg("absolute"),
    "strong": msg("strong"),
    "mild": msg("mild"),
}


def _decider(white: RoundPlayer, black: RoundPlayer, rule: Rule) -> RoundPlayer:
    """The player whose preference the rule followed."""
    if rule is Rule.ABSOLUTE:
        candidates = [p for p in (white, black) if p.absolute]
        if len(candidates) == 2:
            return max(candidates, key=lambda p: p.colour_difference)
        return candidates[0]
    if rule is Rule.STRONG:
        return white if white.strong else black
    return white if white.preference == WHITE else black


def _colour_reason(white: RoundPlayer, black: RoundPlayer, rule: Rule) -> Message:
    """C.04.3 E.1-E.5: the colour rule that decided the board."""
    w, b = white.start_number, black.start_number
    if rule is Rule.BOTH_MET:
        if white.preference is not None and black.preference is not None:
            return msg("Both colour preferences are met: %(white)d is due White (%(white_kind)s "
                       "preference) and %(black)d Black (%(black_kind)s) (C.04.3 E.1).",
                       white=w, black=b, white_kind=_DUE[_strength(white)],
                       black_kind=_DUE[_strength(black)])
        due = white if white.preference is not None else black
        return msg("%(player)d gets the colour they are due (%(kind)s preference); the "
                   "opponent has no preference (C.04.3 E.1).",
                   player=due.start_number, kind=_DUE[_strength(due)], white=w, black=b)
    if rule is Rule.ABSOLUTE:
        player = _decider(white, black, rule)
        return msg("Both are due the same colour; the absolute preference of %(player)d wins "
                   "(C.04.3 E.2).", player=player.start_number, white=w, black=b)
    if rule is Rule.STRONG:
        player = _decider(white, black, rule)
        return msg("Both are due the same colour; the strong preference of %(player)d wins "
                   "over a mild one (C.04.3 E.2).", player=player.start_number, white=w, black=b)
    if rule is Rule.ALTERNATION:
        # What colours._alternation does: each player's played games only (byes, forfeits and
        # absences are skipped, C.04.2 D.5), compared from each one's latest game back; the
        # first pair of games with different colours decides, and the colours swap from it.
        return msg("Both are due the same colour, equally strongly: comparing the games each "
                   "has played, from the latest back (a round without a game is skipped, "
                   "C.04.2 D.5), the most recent time one had White and the other Black, "
                   "%(white)d had Black; so %(white)d gets White now (C.04.3 E.3).",
                   white=w, black=b)
    if rule is Rule.HIGHER_RANK:
        player = white if ranks_higher(white, black) else black
        return msg("Both are due the same colour, equally strongly, and no earlier game tells "
                   "them apart: the higher-ranked %(player)d gets their preference "
                   "(C.04.3 E.4).", player=player.start_number, white=w, black=b)
    return msg("Neither player has a colour preference: %(white)d gets White by the initial "
               "colour and the higher-ranked player's pairing number (C.04.3 E.5).",
               white=w, black=b)


def board_reasons(round_: RoundState, trace: Trace, white: RoundPlayer, black: RoundPlayer,
                  rule: Rule) -> tuple[Message, ...]:
    """The reasons of one board: the float, a rematch avoided, the colour."""
    reasons: list[Message] = []
    floated = _float_reason(round_, white, black)
    if floated is not None:
        reasons.append(floated)
    for player, other in ((white, black), (black, white)):
        avoided = _avoided(round_, trace, player, other.id)
        if avoided is not None:
            reasons.append(avoided)
    reasons.append(_colour_reason(white, black, rule))
    return tuple(reasons)


def pab_reason(round_: RoundState, player: RoundPlayer) -> Message:
    """Why ``player`` gets the pairing-allocated bye (C.04.3 C.2, C.9, A.8)."""
    below = [p for pid in round_.to_pair
             if (p := round_.players[pid]).score < player.score
             or (p.score == player.score and p.rank > player.rank)]
    blocked = sorted(p.start_number for p in below if not p.eligible_for_bye)
    if blocked:
        return msg("%(player)d gets the pairing-allocated bye (score %(score)s): the players "
                   "below (%(others)s) may not receive it, having had a bye worth a win or a "
                   "win without playing (C.04.3 C.2).",
                   player=player.start_number, score=_points(round_, player.score),
                   others=", ".join(map(str, blocked)))
    return msg("%(player)d gets the pairing-allocated bye (score %(score)s): the player left "
               "over in the lowest score group, among those who may receive it (C.04.3 C.2, "
               "C.9).", player=player.start_number, score=_points(round_, player.score))


def refusal_reason(round_: RoundState) -> Message:
    """Why no legal pairing exists: who cannot be paired, or what cannot be met."""
    ids = round_.to_pair
    players = [round_.players[pid] for pid in ids]
    alone = [p.start_number for p in players
             if not any(q is not p and compatible(round_, p, q) for q in players)]
    if alone and (len(alone) > 1 or len(players) % 2 == 0 or not _any_eligible(players)):
        return msg("No legal pairing of round %(round)d: %(players)s cannot be paired with "
                   "anyone left, having played or being forbidden to meet every other player "
                   "to be paired (C.04.1.a).",
                   round=round_.round_number, players=", ".join(map(str, sorted(alone))))
    if len(players) % 2 and not _any_eligible(players):
        return msg("No legal pairing of round %(round)d: the number of players to pair is odd "
                   "and none of them may receive the pairing-allocated bye (C.04.3 C.2).",
                   round=round_.round_number)
    boards = _most_boards(round_, players)
    if 2 * boards + 1 < len(players):
        return msg("No legal pairing of round %(round)d: at most %(boards)d boards can be made "
                   "among the %(count)d players without a rematch, a forbidden pair or two "
                   "players with the same absolute colour preference (C.04.3 C.1, C.3).",
                   round=round_.round_number, boards=boards, count=len(players))
    return msg("No legal pairing of round %(round)d: every pairing leaves out a player who may "
               "not receive the pairing-allocated bye (C.04.3 C.2).", round=round_.round_number)


def _any_eligible(players: list[RoundPlayer]) -> bool:
    return any(p.eligible_for_bye for p in players)


def _most_boards(round_: RoundState, players: list[RoundPlayer]) -> int:
    """The largest number of legal boards (one maximum-cardinality matching)."""
    matcher = Matcher(len(players))
    for i, a in enumerate(players):
        for j in range(i):
            if compatible(round_, a, players[j]):
                matcher.set_weight(i, j, 1)
    matcher.compute()
    return sum(1 for v in range(len(players)) if matcher.mate(v) > v)


def round_notes(round_: RoundState, trace: Trace) -> tuple[Message, ...]:
    """Notes about the round as a whole (none so far: every step is a bounded matching)."""
    return ()
