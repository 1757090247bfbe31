"""Hypothesis strategies for Keizer seasons and settings: every setting varied, seasons with
late entrants, every kind of absence, forfeits and double forfeits, byes, unpaired players and
rematches; each round paired by the engine or by hand (at random, as an organizer might)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from ladder.competition.keizer import pair_round
from ladder.competition.keizer_params import PARAM_NAMES

SHARES = ("0", "1/6", "1/4", "1/3", "7/20", "1/2", "2/3", "7/10", "1")
RESULTS = ("1-0", "0-1", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "+-", "-+", "--")
STATUSES = ("present",) * 6 + ("excused", "excused", "absent", "club")


@st.composite
def keizer_params(draw: st.DrawFn, partial: bool = True) -> dict[str, Any]:
    """Every setting drawn from its range; with ``partial`` a few keys left to their default."""
    share = st.sampled_from(SHARES)
    full: dict[str, Any] = {
        "value_mode": draw(st.sampled_from(("ratio", "fixed"))),
        "ratio": draw(st.sampled_from(("3", "2", "5/2", "4", "3/2"))),
        "top_value": draw(st.integers(1, 60)),
        "value_step": draw(st.integers(1, 3)),
        "count_start_value": draw(st.booleans()),
        "win_fraction": draw(st.sampled_from(("1", "1", "2/3", "1/2"))),
        "draw_fraction": draw(share),
        "loss_fraction": draw(st.sampled_from(("0", "0", "1/6", "1/20"))),
        "forfeit_win": draw(st.sampled_from(("opponent_value", "own_fraction"))),
        "forfeit_win_fraction": draw(share),
        "forfeit_loss_fraction": draw(st.sampled_from(("0", "0", "1/6"))),
        "bye_fraction": draw(share),
        "excused_fraction": draw(share),
        "excused_cap": draw(st.none() | st.integers(0, 4)),
        "unexcused_fraction": draw(st.sampled_from(("0", "0", "7/20"))),
        "club_fraction": draw(share),
        "pre_entry_fraction": draw(share),
        "recalc": draw(st.sampled_from(("fixpoint", "fixpoint", "frozen"))),
        "max_iterations": draw(st.sampled_from((1, 2, 3, 5, 50))),
        "cycle_rule": draw(st.sampled_from(("last", "average"))),
        "tie_break": draw(st.sampled_from(("rating", "previous"))),
        "rematch_gap": draw(st.integers(0, 5)),
        "max_meetings": draw(st.none() | st.integers(1, 3)),
        "forfeit_counts_as_meeting": draw(st.booleans()),
        "bye_rule": draw(st.sampled_from(("fewest_byes", "lowest"))),
        "colour_rule": draw(st.sampled_from(("balance", "kfc"))),
        "avoid_three": draw(st.booleans()),
    }
    assert set(full) == set(PARAM_NAMES)
    if not partial:
        return full
    dropped = draw(st.sets(st.sampled_from(sorted(full)), max_size=6))
    return {key: value for key, value in full.items() if key not in dropped}


def _random_round(draw: st.DrawFn, present: list[str]) -> tuple[str | None, list[list[str]]]:
    """An organizer's own pairing: any order; the odd one out the bye or left unpaired;
    sometimes one more left out."""
    order = draw(st.permutations(present))
    bye = None
    if len(order) % 2 and draw(st.booleans()):
        bye = order[-1]
    pairs = [list(order[i:i + 2]) for i in range(0, len(order) - 1, 2)]
    if pairs and draw(st.integers(0, 9)) == 0:
        pairs.pop()  # two present players not paired this night
    return bye, pairs


@st.composite
def seasons(draw: st.DrawFn, params: dict[str, Any], max_members: int = 9,
            max_rounds: int = 6, engine: bool | None = None) -> dict[str, Any]:
    """A season played round by round: attendance, a pairing (the engine's or a hand-made
    one), results. Ratings often equal (the members list decides)."""
    count = draw(st.integers(2, max_members))
    members: list[dict[str, Any]] = [{"id": f"P{i}",
                "rating": draw(st.sampled_from((1500, 1600, 1700, 1800)) | st.integers(1000, 2400)),
                "entry_round": draw(st.sampled_from((1, 1, 1, 1, 2, 3, 4)))}
               for i in range(count)]
    season: dict[str, Any] = {"members": members, "rounds": []}
    for number in range(1, draw(st.integers(1, max_rounds)) + 1):
        entered = [m["id"] for m in members if m["entry_round"] <= number]
        attendance = {}
        for member_id in entered:
            status = draw(st.sampled_from(STATUSES))
            if status != "absent" or draw(st.booleans()):  # an absence is often just unlisted
                attendance[member_id] = status
        round_: dict[str, Any] = {"round": number, "attendance": attendance, "bye": None,
                                  "games": []}
        season["rounds"].append(round_)
        present = [m for m in entered if attendance.get(m) == "present"]
        by_engine = draw(st.booleans()) if engine is None else engine
        if by_engine:
            pairing = pair_round(season, number, params)
            bye, pairs = pairing["bye"], [list(b) for b in pairing["boards"]]
        else:
            bye, pairs = _random_round(draw, present)
        round_["bye"] = bye
        round_["games"] = [{"board": i, "white": w, "black": b,
                            "result": draw(st.sampled_from(RESULTS))}
                           for i, (w, b) in enumerate(pairs, start=1)]
    return season
