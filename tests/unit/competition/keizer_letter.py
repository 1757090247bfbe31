"""Keizer by the letter: a slow, plain second reading of the specification, for the tests only.

It reads the exchange format's raw dicts and follows the specification's sentences in their order
(docs/competitions.md §1 restates them): no shared code with ``ladder.competition``, no linear
forms, no memo, no matching algorithm — points recomputed from the games on every pass, the
pairing found by plain backtracking. It is meant to be obviously right, not fast (a dozen players
at most), so that where the engine and this reading disagree one of them misread the rules.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

DEFAULTS: dict[str, Any] = {
    "value_mode": "ratio", "ratio": "3", "top_value": 70, "value_step": 1,
    "count_start_value": True, "win_fraction": "1", "draw_fraction": "1/2",
    "loss_fraction": "0", "bye_fraction": "2/3", "excused_fraction": "1/3", "excused_cap": 5,
    "unexcused_fraction": "0", "club_fraction": "2/3", "pre_entry_fraction": "1/3",
    "forfeit_win": "opponent_value", "forfeit_win_fraction": "2/3",
    "forfeit_loss_fraction": "0", "recalc": "fixpoint", "max_iterations": 50,
    "cycle_rule": "last", "tie_break": "rating", "rematch_gap": 3, "max_meetings": None,
    "forfeit_counts_as_meeting": False, "bye_rule": "fewest_byes", "colour_rule": "balance",
    "avoid_three": True,
}
FORFEIT_RESULTS = ("+-", "-+", "--")


def settings(params: dict[str, Any]) -> dict[str, Any]:
    """The defaults overlaid with ``params``; the fractions as Fractions."""
    p = dict(DEFAULTS)
    p.update(params)
    for key, value in p.items():
        if key.endswith("_fraction") or key == "ratio":
            p[key] = Fraction(value)
    return p


# ---------------------------------------------------------------------------------- values

def value_list(n: int, p: dict[str, Any]) -> list[int]:
    """"From a ranking of the N-player field, place i (1-based) is worth top - (i-1)*step"."""
    step = p["value_step"]
    if p["value_mode"] == "ratio":
        bottom = max(1, math.floor(Fraction((n - 1) * step) / (p["ratio"] - 1)))
        top = bottom + (n - 1) * step
    else:
        top = p["top_value"]
    return [top - (i - 1) * step for i in range(1, n + 1)]


def values_of(ranking: list[str], p: dict[str, Any]) -> dict[str, int]:
    return dict(zip(ranking, value_list(len(ranking), p), strict=True))


# ---------------------------------------------------------------------------------- field

def members(season: dict[str, Any]) -> list[dict[str, Any]]:
    return season["members"]


def rating(season: dict[str, Any], mid: str) -> Any:
    return next(m for m in members(season) if m["id"] == mid)["rating"]


def order(season: dict[str, Any], mid: str) -> int:
    return [m["id"] for m in members(season)].index(mid)


def entry(season: dict[str, Any], mid: str) -> int:
    return next(m for m in members(season) if m["id"] == mid).get("entry_round", 1)


def field(season: dict[str, Any], r: int) -> list[str]:
    return [m["id"] for m in members(season) if m.get("entry_round", 1) <= r]


def rated_above(season: dict[str, Any], a: str, b: str) -> bool:
    """a ranks above b by rating: higher rating; same rating: earlier in the members list."""
    if rating(season, a) != rating(season, b):
        return bool(rating(season, a) > rating(season, b))
    return order(season, a) < order(season, b)


def paired_on(season: dict[str, Any], r: int, before: list[str]) -> list[str]:
    """Round 1: by rating. Later: the standings after r-1, each entrant at place
    1 + (players in the list rated higher), highest-rated entrant first."""
    ranking = list(before)
    newcomers = [x for x in field(season, r) if x not in ranking]
    # highest-rated first: a plain selection, no sort key
    while newcomers:
        best = newcomers[0]
        for x in newcomers[1:]:
            if rated_above(season, x, best):
                best = x
        newcomers.remove(best)
        higher = len([x for x in ranking if rated_above(season, x, best)])
        ranking.insert(higher, best)
    return ranking


# ---------------------------------------------------------------------------------- points

def what_happened(rnd: dict[str, Any], mid: str) -> tuple[str, Any]:
    for game in rnd.get("games") or []:
        if mid == game["white"]:
            return "game", (game["result"], "white", game["black"])
        if mid == game["black"]:
            return "game", (game["result"], "black", game["white"])
    if rnd.get("bye") == mid:
        return "bye", None
    status = (rnd.get("attendance") or {}).get(mid, "absent")
    if status == "present":
        return "present_unpaired", None
    return status, None


def round_points(season: dict[str, Any], s: int, mid: str, vals: dict[str, int],
                 p: dict[str, Any], excused_before: int) -> Fraction:
    """The points of round s for ``mid`` under ``vals`` (the table of points, row by row)."""
    own = vals[mid]
    if s < entry(season, mid):
        return p["pre_entry_fraction"] * own
    kind, detail = what_happened(season["rounds"][s - 1], mid)
    if kind == "game":
        result, side, opponent = detail
        opp = vals[opponent]
        if result == "1/2-1/2":
            return p["draw_fraction"] * opp
        if result == "--":
            return p["forfeit_loss_fraction"] * own
        i_won = (result in ("1-0", "+-")) if side == "white" else (result in ("0-1", "-+"))
        if result in ("+-", "-+"):
            if not i_won:
                return p["forfeit_loss_fraction"] * own
            if p["forfeit_win"] == "opponent_value":
                return p["win_fraction"] * opp
            return p["forfeit_win_fraction"] * own
        return (p["win_fraction"] if i_won else p["loss_fraction"]) * opp
    if kind == "bye":
        return p["bye_fraction"] * own
    if kind == "excused":
        cap = p["excused_cap"]
        if cap is None or excused_before < cap:
            return p["excused_fraction"] * own
        return Fraction(0)
    if kind == "club":
        return p["club_fraction"] * own
    return p["unexcused_fraction"] * own  # absent, or present but not paired


def excused_before(season: dict[str, Any], s: int, mid: str) -> int:
    """Excused absences of ``mid`` in rounds before s (in round order; pre-entry rounds and
    games do not count)."""
    count = 0
    for t in range(1, s):
        if t >= entry(season, mid) and what_happened(season["rounds"][t - 1], mid)[0] == "excused":
            count += 1
    return count


def total(season: dict[str, Any], r: int, mid: str, vals: dict[str, int],
          p: dict[str, Any]) -> Fraction:
    points = Fraction(vals[mid]) if p["count_start_value"] else Fraction(0)
    for s in range(1, r + 1):
        points += round_points(season, s, mid, vals, p, excused_before(season, s, mid))
    return points


def rank(season: dict[str, Any], points: dict[str, Fraction], p: dict[str, Any],
         previous: list[str]) -> list[str]:
    """By points; equal points: ``tie_break`` (plain insertion sort, pairwise comparison)."""
    def above(a: str, b: str) -> bool:
        if points[a] != points[b]:
            return points[a] > points[b]
        if p["tie_break"] == "previous" and previous.index(a) != previous.index(b):
            return previous.index(a) < previous.index(b)
        return rated_above(season, a, b)

    ranked: list[str] = []
    for x in points:
        i = 0
        while i < len(ranked) and above(ranked[i], x):
            i += 1
        ranked.insert(i, x)
    return ranked


def standings(season: dict[str, Any], params: dict[str, Any]) -> list[list[tuple[str, Fraction,
                                                                                int]]]:
    """After each round: (id, points, value) in rank order."""
    p = settings(params)
    out: list[list[tuple[str, Fraction, int]]] = []
    before: list[str] = []
    frozen: dict[str, Fraction] = {}
    for r in range(1, len(season["rounds"]) + 1):
        start = paired_on(season, r, before)
        if p["recalc"] == "frozen":
            vals = values_of(start, p)
            for mid in start:
                if mid not in frozen:  # enters now: start value and pre-entry rounds, value now
                    frozen[mid] = Fraction(vals[mid]) if p["count_start_value"] else Fraction(0)
                    frozen[mid] += (entry(season, mid) - 1) * p["pre_entry_fraction"] * vals[mid]
                frozen[mid] += round_points(season, r, mid, vals, p,
                                            excused_before(season, r, mid))
            points = {mid: frozen[mid] for mid in start}
            ranking = rank(season, points, p, start)
        else:
            seen = [start]
            history: list[dict[str, Fraction]] = []
            while True:
                vals = values_of(seen[-1], p)
                points = {mid: total(season, r, mid, vals, p) for mid in start}
                history.append(points)
                new = rank(season, points, p, start)
                if new == seen[-1]:
                    ranking = new
                    break
                if new in seen:
                    if p["cycle_rule"] == "average":
                        cycle = history[seen.index(new):]
                        points = {mid: sum((h[mid] for h in cycle), Fraction(0)) / len(cycle)
                                  for mid in start}
                        new = rank(season, points, p, start)
                    ranking = new
                    break
                if len(history) == p["max_iterations"]:
                    ranking = new
                    break
                seen.append(new)
        final_values = values_of(ranking, p)
        out.append([(mid, points[mid], final_values[mid]) for mid in ranking])
        before = ranking
    return out


# ---------------------------------------------------------------------------------- pairing

def _is_forfeit(game: dict[str, Any]) -> bool:
    return game["result"] in FORFEIT_RESULTS


def meetings(season: dict[str, Any], r: int, a: str, b: str, p: dict[str, Any]) -> list[int]:
    rounds = []
    for s in range(1, r):
        for game in season["rounds"][s - 1].get("games") or []:
            if {game["white"], game["black"]} == {a, b}:
                if not _is_forfeit(game) or p["forfeit_counts_as_meeting"]:
                    rounds.append(s)
    return rounds


def may_meet(season: dict[str, Any], r: int, a: str, b: str, gap: int, most: int | None,
             p: dict[str, Any]) -> bool:
    met = meetings(season, r, a, b, p)
    if met and not r - max(met) > gap:
        return False
    return most is None or len(met) < most


def colours(season: dict[str, Any], r: int, mid: str) -> list[str]:
    """White/black of the games over the board before round r (byes, forfeits: no colour)."""
    found = []
    for s in range(1, r):
        for game in season["rounds"][s - 1].get("games") or []:
            if _is_forfeit(game):
                continue
            if game["white"] == mid:
                found.append("W")
            elif game["black"] == mid:
                found.append("B")
    return found


def other(colour: str) -> str:
    return "B" if colour == "W" else "W"


def kfc_board(season: dict[str, Any], r: int, hi: str, lo: str, ch: list[str],
              cl: list[str]) -> tuple[str, str]:
    """KeizerForClubs: fewer whites gets white; equal: their last game reversed; else the
    lower ranked white."""
    wh, wl = ch.count("W"), cl.count("W")
    if wh < wl:
        return hi, lo
    if wl < wh:
        return lo, hi
    last = None
    for s in range(1, r):
        for game in season["rounds"][s - 1].get("games") or []:
            if {game["white"], game["black"]} == {hi, lo} and not _is_forfeit(game):
                last = game
    if last is not None:
        return last["black"], last["white"]
    return lo, hi


def colour_board(season: dict[str, Any], r: int, hi: str, lo: str,
                 p: dict[str, Any]) -> tuple[str, str]:
    """(white, black) for the higher ranked ``hi`` and the lower ranked ``lo``."""
    ch, cl = colours(season, r, hi), colours(season, r, lo)

    def give(player: str, colour: str) -> tuple[str, str]:
        partner = lo if player == hi else hi
        return (player, partner) if colour == "W" else (partner, player)

    if p["colour_rule"] == "kfc":
        return kfc_board(season, r, hi, lo, ch, cl)
    # (a) no three in a row
    if p["avoid_three"]:
        need_hi = other(ch[-1]) if len(ch) >= 2 and ch[-1] == ch[-2] else None
        need_lo = other(cl[-1]) if len(cl) >= 2 and cl[-1] == cl[-2] else None
        if need_hi and need_lo and need_hi == need_lo:
            pass  # both need the same colour: go on
        elif need_hi:
            return give(hi, need_hi)
        elif need_lo:
            return give(lo, need_lo)
    # (b) the smaller whites-minus-blacks gets white
    bh = ch.count("W") - ch.count("B")
    bl = cl.count("W") - cl.count("B")
    if bh < bl:
        return hi, lo
    if bl < bh:
        return lo, hi
    # (c) due the colour opposite the last game
    due_hi = other(ch[-1]) if ch else None
    due_lo = other(cl[-1]) if cl else None
    if due_hi and due_lo:
        return give(hi, due_hi)  # different: each his own; the same: the higher ranked
    if due_hi:
        return give(hi, due_hi)
    if due_lo:
        return give(lo, due_lo)
    # (d) nothing: the lower ranked white
    return lo, hi


def search(season: dict[str, Any], r: int, left: list[str], gap: int, most: int | None,
           p: dict[str, Any]) -> list[tuple[str, str]] | None:
    """Plain backtracking: the highest meets the first he may meet after which the rest pair."""
    if not left:
        return []
    a = left[0]
    for b in left[1:]:
        if may_meet(season, r, a, b, gap, most, p):
            rest = search(season, r, [x for x in left[1:] if x != b], gap, most, p)
            if rest is not None:
                return [(a, b), *rest]
    return None


def pair_round(season: dict[str, Any], r: int, params: dict[str, Any]) -> dict[str, Any]:
    p = settings(params)
    played = {"members": season["members"], "rounds": season["rounds"][:r - 1]}
    table = standings(played, params)
    before = [mid for mid, _, _ in table[-1]] if table else []
    ranking = paired_on(season, r, before)
    attendance = season["rounds"][r - 1].get("attendance") or {}
    present = [mid for mid in ranking if attendance.get(mid) == "present"]
    bye = None
    if len(present) % 2 == 1:
        if p["bye_rule"] == "lowest":
            bye = present[-1]
        else:
            counts = {mid: sum(1 for rnd in played["rounds"] if rnd.get("bye") == mid)
                      for mid in present}
            fewest = min(counts.values())
            bye = [mid for mid in present if counts[mid] == fewest][-1]
    players = [mid for mid in present if mid != bye]
    levels: list[tuple[int, int | None]] = []
    if p["max_meetings"] is not None:
        levels.append((p["rematch_gap"], p["max_meetings"]))
    for gap in range(p["rematch_gap"], -1, -1):
        levels.append((gap, None))
    for gap, most in levels:
        pairs = search(season, r, players, gap, most, p)
        if pairs is not None:
            boards = [colour_board(season, r, a, b, p) for a, b in pairs]
            return {"ranking": ranking, "bye": bye, "boards": boards, "gap_used": gap,
                    "max_meetings_used": most}
    raise AssertionError("gap 0 pairs everyone")
