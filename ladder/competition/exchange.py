"""A Keizer season in the exchange JSON: read it, and write it back with the engine's numbers.

The format (docs/competitions.md §4)::

    {"case": ..., "seed": ..., "variant": ...,          # optional labels, kept as read
     "params": {every setting; fractions as "p/q"},
     "members": [{"id", "rating", "entry_round"}],
     "rounds": [{"round", "attendance", "bye", "games": [{"board", "white", "black", "result"}],
                 "pairing_ranking", "gap_used", "max_meetings_used",     # written by the engine
                 "iterations", "how", "standings": [[id, "p/q", value], ...]}],
     "final": [{"rank", "id", "rating", "points", "points_exact", "value", "played", "wins",
                "draws", "losses", "forfeit_wins", "forfeit_losses", "byes", "excused", "club",
                "absent", "pre_entry"}],
     "note": ...}

:func:`read_case` takes the input half (labels, settings, members, attendance, byes, games) and
ignores what the engine computes; :func:`write_case` writes the whole document, the computed
fields from this engine, so reading a written file and writing it again gives the same file.
A round still being played (a game without its result) is written with its pairing fields but
without a table; :func:`differences` lists where a file's recorded numbers differ from ours.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ladder.competition.errors import SeasonError
from ladder.competition.keizer_pairing import pair
from ladder.competition.keizer_params import KeizerParams, params_as_case, parse_params
from ladder.competition.keizer_table import KeizerTable, RoundTable, compute, scored_rounds
from ladder.competition.season import PlayedSeason, parse_season

_LABELS = ("case", "seed", "variant")


@dataclass(frozen=True)
class Case:
    """A season with its settings and the file's labels (None where the file has none)."""

    season: PlayedSeason
    params: KeizerParams
    name: str | None = None
    seed: Any = None
    variant: str | None = None
    note: str | None = None


def _document(source: str | bytes | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(source, Mapping):
        return source
    try:
        data = json.loads(source)
    except json.JSONDecodeError as err:
        raise SeasonError("competition.case.json", None,
                          f"not valid JSON (line {err.lineno}, column {err.colno}): {err.msg}",
                          line=err.lineno, column=err.colno) from None
    except UnicodeDecodeError:
        raise SeasonError("competition.case.encoding", None,
                          "the file is not UTF-8 text") from None
    if not isinstance(data, Mapping):
        raise SeasonError("competition.case.object", None,
                          "expected a JSON object with params, members and rounds")
    return data


def read_case(source: str | bytes | Mapping[str, Any]) -> Case:
    """The season and settings of an exchange document (JSON text or its parsed mapping).

    Raises :class:`~ladder.competition.errors.SeasonError` (bad JSON, members, rounds) or
    :class:`~ladder.competition.errors.ParamError` (bad settings), naming the key.
    """
    data = _document(source)
    params = parse_params(data.get("params") or {})
    season = parse_season({"members": data.get("members"), "rounds": data.get("rounds", [])})
    name = data.get("case")
    return Case(season, params, None if name is None else str(name), data.get("seed"),
                data.get("variant"), data.get("note"))


def season_as_case(season: PlayedSeason) -> dict[str, Any]:
    """The season's input half as plain data (what :func:`ladder.competition.keizer.standings`
    takes): members, and per round the attendance, bye and games."""
    return {
        "members": [{"id": m.id, "rating": m.rating, "entry_round": m.entry_round}
                    for m in season.members],
        "rounds": [{"round": r.number, "attendance": dict(r.attendance), "bye": r.bye,
                    "games": [{"board": g.board, "white": g.white, "black": g.black,
                               "result": g.result} for g in r.games]}
                   for r in season.rounds],
    }


def _final_rows(season: PlayedSeason, table: RoundTable) -> list[dict[str, Any]]:
    rows = []
    for standing in table.standings:
        record = standing.record
        rows.append({
            "rank": standing.place, "id": standing.member_id,
            "rating": season.member(standing.member_id).rating,
            "points": round(float(standing.points), 6), "points_exact": str(standing.points),
            "value": standing.value, "played": record.played, "wins": record.wins,
            "draws": record.draws, "losses": record.losses,
            "forfeit_wins": record.forfeit_wins, "forfeit_losses": record.forfeit_losses,
            "byes": record.byes, "excused": record.excused, "club": record.club,
            # present but not paired scores as an unexcused absence, and is counted with them
            "absent": record.absent + record.unpaired, "pre_entry": record.pre_entry})
    return rows


def write_case(season: Mapping[str, Any] | PlayedSeason,
               params: Mapping[str, Any] | KeizerParams | None,
               *, name: str | None = None, seed: Any = None, variant: str | None = None,
               note: str | None = None) -> dict[str, Any]:
    """The whole exchange document of ``season`` under ``params``: the input as given, and per
    round the engine's pairing ranking, restriction level, passes, ``how`` and table; the
    final table. Labels that are None are left out."""
    parsed = parse_season(season)
    settings = parse_params(params)
    scored = scored_rounds(parsed)
    table = compute(parsed, settings, rounds=scored)
    document: dict[str, Any] = {key: value for key, value in zip(_LABELS, (name, seed, variant),
                                                                  strict=True)
                                if value is not None}
    plain = season_as_case(parsed)
    document["params"] = params_as_case(settings)
    document["members"] = plain["members"]
    document["rounds"] = []
    for index, round_data in enumerate(plain["rounds"]):
        round_no = index + 1
        if round_no <= scored + 1:
            before = KeizerTable(settings, parsed, table.rounds[:round_no - 1])
            pairing = pair(parsed, round_no, settings, table=before)
            round_data["pairing_ranking"] = list(pairing.ranking)
            round_data["gap_used"] = pairing.gap_used
            round_data["max_meetings_used"] = pairing.max_meetings_used
        if round_no <= scored:
            done = table.after(round_no)
            round_data["iterations"] = done.iterations
            round_data["how"] = done.how
            round_data["standings"] = [[s.member_id, str(s.points), s.value]
                                       for s in done.standings]
        document["rounds"].append(round_data)
    document["final"] = _final_rows(parsed, table.final) if table.final is not None else []
    if note is not None:
        document["note"] = note
    return document


def write_read_case(case: Case) -> dict[str, Any]:
    """:func:`write_case` of a case read by :func:`read_case`, with its labels."""
    return write_case(case.season, case.params, name=case.name, seed=case.seed,
                      variant=case.variant, note=case.note)


def dumps_case(document: Mapping[str, Any]) -> str:
    """The document as JSON text (UTF-8, keys in the order written)."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


_COMPUTED = ("pairing_ranking", "gap_used", "max_meetings_used", "iterations", "how",
             "standings")


def _boards(games: Any) -> list[list[Any]]:
    if not isinstance(games, list):
        return []
    return [[g.get("white"), g.get("black")] if isinstance(g, Mapping) else g for g in games]


def differences(source: str | bytes | Mapping[str, Any]) -> list[str]:
    """Where a document's recorded numbers differ from this engine's: the keys
    (``rounds[1].standings``, ``final``), empty when every recorded number agrees.

    ``rounds[i].pairing`` says the round's bye or boards (white and black, in board order) are
    not the ones this engine pairs from the rounds before (an organizer's change shows so).
    """
    data = _document(source)
    case = read_case(data)
    ours = write_read_case(case)
    found: list[str] = []
    recorded = data.get("rounds") or []
    for index, (theirs, mine) in enumerate(zip(recorded, ours["rounds"], strict=False)):
        found.extend(f"rounds[{index}].{key}" for key in _COMPUTED
                     if key in theirs and theirs[key] != mine.get(key))
        if "pairing_ranking" in mine:
            engine = pair(case.season, index + 1, case.params).as_dict()
            boards = [list(board) for board in engine["boards"]]
            if theirs.get("bye") != engine["bye"] or _boards(theirs.get("games")) != boards:
                found.append(f"rounds[{index}].pairing")
    if "final" in data and data["final"] != ours["final"]:
        found.append("final")
    return found
