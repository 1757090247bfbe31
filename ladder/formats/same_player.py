"""One player typed two ways in one event ("Petrov Viktor" in round 1, "Viktor Petrov" in
round 2): which typed names may be one player, and the event with them made one (docs/desk.md §2).

A paste identifies players by their spelling (:func:`ladder.names.name_key`), so a player
written two ways becomes two players, each absent (a zero bye) in the other's rounds. The
organizer says on the confirm-names page that two typed names are one player; the event is then
published with one player: the rounds of both, the opponents' rounds pointing at the one kept.

Two typed names can be one player only when they never sat at the same round with a result
(a zero bye is the paste's "no line in this round") and never met each other. Start numbers
are renumbered 1..n in the order of first appearance, the kept player taking the earlier one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from ladder.names import NameIndex, SuggestionReason
from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.tournament import Kind, Player, RoundResult, Tournament

#: Two typed names scoring at least this against each other are suggested as one player
#: (the score of "given name and surname swapped" is 94; of an initial 85).
PAIR_SCORE = 90


@dataclass(frozen=True)
class SamePair:
    """Two typed names suggested as one player: the rows' start numbers (``first`` < ``second``),
    the score and reasons of the match, or the member both resemble."""

    first: int
    second: int
    score: int
    reasons: tuple[SuggestionReason, ...] = ()
    member: int | None = None


def _rounds(player: Player) -> set[int]:
    """The rounds in which ``player`` has a result other than an absence."""
    return {r.round for r in player.results if r.kind is not Kind.ZERO_BYE}


def can_be_one(t: Tournament, a: int, b: int) -> bool:
    """True when start numbers ``a`` and ``b`` may be one player: no round in which both have
    a result, and no game between them."""
    if a == b:
        return False
    pa, pb = t.player(a), t.player(b)
    if _rounds(pa) & _rounds(pb):
        return False
    return all(r.opponent != b for r in pa.results)


def candidates(t: Tournament) -> dict[int, list[int]]:
    """For each start number, the other rows it may be one player with (:func:`can_be_one`),
    in start-number order; rows with a result in every round have none."""
    rounds = {p.start_no: _rounds(p) for p in t.players}
    met = {p.start_no: {r.opponent for r in p.results if r.opponent is not None}
           for p in t.players}
    every = set(range(1, t.rounds + 1))
    open_rows = [no for no in sorted(rounds) if rounds[no] != every]
    out: dict[int, list[int]] = {}
    for a in open_rows:
        found = [b for b in open_rows
                 if b != a and not rounds[a] & rounds[b] and b not in met[a]]
        if found:
            out[a] = found
    return out


def suggested_pairs(t: Tournament, best_member: Mapping[int, int | None] | None = None,
                    score: int = PAIR_SCORE) -> list[SamePair]:
    """Typed names that look like one player: they match each other (at least ``score``), or
    their best member (``best_member``: start number → member id) is the same member; and
    they can be one (:func:`can_be_one`). Each row is in at most one pair (the best)."""
    index = NameIndex((p.start_no, p.name) for p in t.players)
    found: list[SamePair] = []
    for player in t.players:
        for s in index.suggest(player.name, limit=5):
            if s.candidate > player.start_no and s.score >= score \
                    and can_be_one(t, player.start_no, s.candidate):
                found.append(SamePair(player.start_no, s.candidate, s.score, tuple(s.reasons)))
    by_member: dict[int, list[int]] = {}
    for start_no, member in sorted((best_member or {}).items()):
        if member is not None:
            by_member.setdefault(member, []).append(start_no)
    for member, rows in by_member.items():
        if len(rows) == 2 and can_be_one(t, rows[0], rows[1]):
            found.append(SamePair(rows[0], rows[1], 100, (), member))
    found.sort(key=lambda p: (-p.score, p.first, p.second))
    used: set[int] = set()
    pairs = []
    for pair in found:
        if pair.first in used or pair.second in used:
            continue
        used.update((pair.first, pair.second))
        pairs.append(pair)
    return sorted(pairs, key=lambda p: p.first)


def check_same(t: Tournament, same: Mapping[int, int]) -> dict[int, Message]:
    """What is wrong with ``same`` (start number → the start number it is the same player
    as): per row, why it cannot be that player. Empty when all is well."""
    numbers = {p.start_no for p in t.players}
    errors: dict[int, Message] = {}
    for row, kept in same.items():
        if row not in numbers or kept not in numbers:
            errors[row] = msg("That row is not in the event.")
        elif kept in same:
            errors[row] = msg("“%(name)s” is itself marked as the same player as another row; "
                              "choose the row that stays.", name=t.player(kept).name)
        elif not can_be_one(t, row, kept):
            errors[row] = msg("“%(name)s” and “%(other)s” played in the same round or against "
                              "each other: they are two players.", name=t.player(row).name,
                              other=t.player(kept).name)
    groups: dict[int, list[int]] = {}
    for row, kept in same.items():
        if row not in errors:
            groups.setdefault(kept, []).append(row)
    for kept, rows in groups.items():
        taken = _rounds(t.player(kept))
        for row in sorted(rows):
            mine = _rounds(t.player(row))
            if mine & taken:
                errors[row] = msg("“%(name)s” and “%(other)s” played in the same round or "
                                  "against each other: they are two players.",
                                  name=t.player(row).name, other=t.player(kept).name)
            taken |= mine
    return errors


def merge_same(t: Tournament, same: Mapping[int, int]) -> tuple[Tournament, dict[int, int]]:
    """The event with each row of ``same`` made one player with the row it names (checked
    first with :func:`check_same`; a ValueError otherwise), and the renumbering: every
    original start number → the published one (a merged row → its kept player's)."""
    if check_same(t, same):
        raise ValueError("rows that cannot be one player")
    if not same:
        return t, {p.start_no: p.start_no for p in t.players}
    kept_players = [p for p in t.players if p.start_no not in same]
    renumber = {p.start_no: n for n, p in enumerate(kept_players, start=1)}
    for row, kept in same.items():
        renumber[row] = renumber[kept]
    merged_from: dict[int, list[Player]] = {}
    for row, kept in same.items():
        merged_from.setdefault(kept, []).append(t.player(row))
    players = []
    for player in kept_players:
        by_round = {r.round: r for r in player.results}
        for other in merged_from.get(player.start_no, ()):
            for r in other.results:
                if r.kind is not Kind.ZERO_BYE or r.round not in by_round:
                    by_round[r.round] = r
        results = tuple(_renumbered(by_round[n], renumber) for n in sorted(by_round))
        points = player.points if player.start_no not in merged_from else None
        players.append(dataclasses.replace(player, start_no=renumber[player.start_no],
                                           results=results, points=points, rank=None))
    return dataclasses.replace(t, players=tuple(players)), renumber


def _renumbered(result: RoundResult, renumber: Mapping[int, int]) -> RoundResult:
    if result.opponent is None:
        return result
    return dataclasses.replace(result, opponent=renumber[result.opponent])


__all__ = ["PAIR_SCORE", "SamePair", "can_be_one", "candidates", "check_same", "merge_same",
           "suggested_pairs"]
