"""Support for the club-night tests: a stand-in Swiss engine (tests only) and a night of
players checked in through the services.

:func:`simple_engine` reads the posed TRF the way the real engine does (the ``001`` lines,
the points column, round columns, ``0000 - H/Z`` in the coming round) and pairs score groups
top-down avoiding rematches, colours by balance. It is not the Dutch system; it lets the app's
tests run the whole night whatever the engine branch's state.
"""

from __future__ import annotations

from ladder.pairing.api import Board, Refusal, RoundPairing
from ladder.vocabulary.messages import msg

ROUND_COLUMN = 91  # 0-based index of round 1's field


def _fields(line: str) -> list[str]:
    rest = line[ROUND_COLUMN:]
    return [rest[i:i + 10] for i in range(0, len(rest), 10)]


def simple_engine(trf: str) -> RoundPairing | Refusal:
    """Pair the coming round of ``trf`` (a stand-in for ``pair_trf_detailed``)."""
    lines = [line for line in trf.splitlines() if line.startswith("001")]
    rounds_played = max(len(_fields(line)) for line in lines)
    # The coming round is the first column not everyone has filled.
    coming = min(len(_fields(line)) for line in lines) + 1
    players = []
    for order, line in enumerate(lines):
        number = int(line[4:8])
        points = float(line[80:84])
        fields = _fields(line)
        met, colours, had_bye = set(), [], False
        for field in fields[:coming - 1]:
            if field[:4].strip() not in ("", "0000"):
                if field[7] not in "+-":
                    met.add(int(field[:4]))
                    colours.append(field[5])
            elif field[7] == "U":
                had_bye = True
        pending = len(fields) >= coming
        players.append({"no": number, "points": points, "order": order, "met": met,
                        "colours": colours, "bye": had_bye, "out": pending})
    del rounds_played
    todo = sorted((p for p in players if not p["out"]),
                  key=lambda p: (-p["points"], p["order"]))
    pab = None
    if len(todo) % 2:
        candidates = [p for p in reversed(todo) if not p["bye"]]
        if not candidates:
            return Refusal(coming, msg("no one can take the bye"))
        pab = candidates[0]["no"]
        todo = [p for p in todo if p["no"] != pab]
    boards = []
    while todo:
        top = todo.pop(0)
        partner = next((p for p in todo if p["no"] not in top["met"]), todo[0])
        todo.remove(partner)
        balance = top["colours"].count("w") - top["colours"].count("b")
        other = partner["colours"].count("w") - partner["colours"].count("b")
        white, black = (partner, top) if balance > other else (top, partner)
        boards.append(Board(len(boards) + 1, white["no"], black["no"],
                            (msg("%(white)s has White: fewer whites so far than %(black)s.",
                                 white=white["no"], black=black["no"]),)))
    return RoundPairing(coming, tuple(boards), pab,
                        msg("%(player)s gets the bye.", player=pab) if pab else None)
