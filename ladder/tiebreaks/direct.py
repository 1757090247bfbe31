"""Direct encounter (C.07 art. 6): the separate standings of a group of tied participants."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.terms import EMPTY, Tally, terms_of
from ladder.vocabulary.tournament import Kind

_FORFEITS = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)


def encounters(prep: Prepared, i: int, group: set[int], forfeits_played: bool, *,
               rounds: bool = False) -> dict[int, list[int]]:
    """Points player ``i`` scored against each member of ``group`` (round by round), or,
    with ``rounds``, the (0-based) rounds of those encounters.

    6.1.1: forfeits are excluded unless 15.2 (round-robin) or the ``/P`` modifier includes
    them, and then they count as played games."""
    out: dict[int, list[int]] = {}
    for r, j in enumerate(prep.opp[i]):
        if j < 0 or j not in group:
            continue
        counts = prep.meets[i][r] or (forfeits_played and prep.kind[i][r] in _FORFEITS)
        if counts:
            out.setdefault(j, []).append(r if rounds else prep.pts[i][r])
    return out


def mutual_scores(prep: Prepared, group: Sequence[int],
                  forfeits_played: bool) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Each member's score against the others (6.1; 6.1.2: the average of several games
    against the same opponent) and how many of the others each one has not met."""
    members = set(group)
    scores: dict[int, Fraction] = {}
    missing: dict[int, int] = {}
    for i in group:
        met = encounters(prep, i, members, forfeits_played)
        total: int | Fraction = 0
        for v in met.values():
            total += v[0] if len(v) == 1 else Fraction(sum(v), len(v))
        scores[i] = total  # type: ignore[assignment]
        missing[i] = len(members) - 1 - len(met)
    return scores, missing


def de_order(prep: Prepared, group: Sequence[int], forfeits_played: bool = False,
             ) -> list[list[int]]:
    """Split a tied group into ordered subgroups by direct encounter (art. 6).

    6.2: when everybody met everybody, rank by the separate standings and reapply art. 6 to
    every sub-tie until nothing more resolves. 6.3: when not all have met, a participant who
    stays alone at the top of the separate standings whatever the missing games' results
    ranks first, then the same for second place, and so on; art. 6 is then reapplied to the
    rest. Reading of "whatever the outcome": the leader's score (all missing games lost) must
    exceed every other's score with all their missing games won.
    """
    group = list(group)
    if len(group) <= 1:
        return [group]
    scores, missing = mutual_scores(prep, group, forfeits_played)
    if all(m == 0 for m in missing.values()):
        ordered = sorted(group, key=lambda i: (-scores[i], prep.start_nos[i]))
        subgroups: list[list[int]] = []
        for i in ordered:
            if subgroups and scores[subgroups[-1][0]] == scores[i]:
                subgroups[-1].append(i)
            else:
                subgroups.append([i])
        if len(subgroups) == 1:
            return [group]
        result: list[list[int]] = []
        for sub in subgroups:
            result.extend(de_order(prep, sub, forfeits_played) if len(sub) > 1 else [sub])
        return result
    # 6.3, on the separate standings of the whole group.
    best = {i: scores[i] + prep.win * missing[i] for i in group}
    remaining = list(group)
    placed: list[list[int]] = []
    while len(remaining) > 1:
        leader = None
        for i in remaining:
            if all(scores[i] > best[j] for j in remaining if j != i):
                leader = i
                break
        if leader is None:
            break
        placed.append([leader])
        remaining.remove(leader)
    if not placed:
        return [group]
    if len(remaining) > 1:
        placed.extend(de_order(prep, remaining, forfeits_played))
    else:
        placed.append(remaining)
    return placed


def de_tally(prep: Prepared, code: Code) -> Tally:
    """DE as a number (6.1): one term per encounter with a player on the same points -- the
    points scored, or, against an opponent met k times, a k-th of them (6.1.2: the average of
    the games against the same opponent), so the terms add up to the score among all players
    with the same points. The encounters are those of :func:`encounters` (6.1.1: forfeits
    only under 15.2 or ``/P``). The terms are scaled by the unit times the least common
    multiple of the numbers of meetings, so they stay whole numbers."""
    points = prep.points
    forfeits_played = code.forfeits_played
    found: list[tuple[list[int], list[int], Counter[int] | None]] = []
    shares = 1
    for i, p in enumerate(points):
        opps, meets, kinds = prep.opp[i], prep.meets[i], prep.kind[i]
        rounds = [r for r, j in enumerate(opps) if points[j] == p and j >= 0 and (
            meets[r] or forfeits_played and kinds[r] in _FORFEITS)]
        if not rounds:
            found.append((rounds, rounds, None))
            continue
        met = [opps[r] for r in rounds]
        games = Counter(met) if len(set(met)) != len(met) else None
        if games:
            for k in games.values():
                shares = math.lcm(shares, k)
        found.append((rounds, met, games))
    out = []
    for (rounds, met, games), pts in zip(found, prep.pts, strict=False):
        if not rounds:
            out.append(EMPTY)
            continue
        if games is None:
            values = tuple([pts[r] * shares for r in rounds])
        else:
            values = tuple([pts[r] * shares // games[j] for r, j in zip(rounds, met, strict=False)])
        out.append(terms_of((tuple([r + 1 for r in rounds]), values, values,
                         (False,) * len(values), (None,) * len(values))))
    return Tally(prep, tuple(out), prep.unit * shares)
