"""A competition's files (docs/competitions.md §7, §8): the TRF and the Keizer exchange JSON.

* **TRF**: a slow Swiss as a TRF-2026 exchange file (:func:`ladder.competition.swiss.export`:
  ``XXR``/``142``, every round's requested byes as ``240`` records and ``0000 - H/Z`` cells),
  which ``ladder pair --check`` re-pairs round by round and ``ladder import`` reads; a
  round-robin as a TRF of its table (a game in the column of the round it was scheduled in);
  a Keizer competition's games as a TRF too (its Keizer points are in the JSON).
* **JSON**: a Keizer competition in the exchange format (:mod:`ladder.competition.exchange`):
  members by pairing number, no names.

Names come only from ``name`` — the one display-name function on public pages (juniors by
initials), full names on the organizer's.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import abort
from werkzeug.wrappers import Response

from ...competition.exchange import dumps_case, write_case
from ...competition.keizer_params import KeizerParams
from ...competition.record import Played, keizer_season
from ...competition.roundrobin import RoundRobinRules
from ...competition.roundrobin import tournament as round_robin_tournament
from ...competition.swiss import SwissRules, game_result
from ...competition.swiss import export as swiss_export
from ...extensions import db
from ...formats.trf_write import write_trf
from ...models import Competition
from ...queries.competitions import assemble, rules_of
from ...vocabulary.tournament import Kind, Player, RoundResult, Tournament


def _download(text: str, filename: str, mimetype: str) -> Response:
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _keizer_games(played: Played, rounds: int, name: str) -> Tournament:
    """A Keizer competition's games as a tournament: rounds without a game are zero byes
    (their Keizer points are the JSON's), the odd one out's bye is a pairing bye."""
    players = []
    for entrant in played.entrants:
        results = []
        for round_ in played.rounds[:rounds]:
            game = round_.game_of(entrant.number)
            if game is not None:
                results.append(game_result(game, entrant.number, round_.number))
            elif round_.bye == entrant.number:
                results.append(RoundResult(round_.number, Kind.PAIRING_BYE))
            else:
                results.append(RoundResult(round_.number, Kind.ZERO_BYE))
        players.append((entrant, tuple(results)))
    return Tournament(name=name, players=tuple(
        Player(start_no=e.number, name=e.name or f"#{e.number}", rating=e.rating,
               results=r) for e, r in players), rounds=max(rounds, 1))


def competition_trf(competition: Competition, name: Callable[[int], str]) -> str:
    """The competition's finished rounds as a TRF, players named by ``name``."""
    assembled = assemble(db.session, competition, name)
    played = assembled.played
    rules = rules_of(competition)
    done = played.complete_rounds()
    if isinstance(rules, SwissRules):
        return swiss_export(played, rules, competition.name, upto=done)
    if isinstance(rules, RoundRobinRules):
        return write_trf(round_robin_tournament(played, rules, competition.name, upto=done))
    return write_trf(_keizer_games(played, done, competition.name))


def competition_case(competition: Competition) -> str | None:
    """A Keizer competition in the exchange JSON (None for another system)."""
    rules = rules_of(competition)
    if not isinstance(rules, KeizerParams):
        return None
    played = assemble(db.session, competition).played
    document = write_case(keizer_season(played, upto=played.complete_rounds()), rules,
                          name=competition.name)
    return dumps_case(document)


def trf_download(competition: Competition, name: Callable[[int], str]) -> Response:
    """The TRF as a download."""
    return _download(competition_trf(competition, name), f"competition-{competition.id}.trf",
                     "text/plain")


def json_download(competition: Competition) -> Response:
    """The exchange JSON as a download (404 for a competition that is not Keizer)."""
    text = competition_case(competition)
    if text is None:
        abort(404)
    return _download(text, f"competition-{competition.id}.json", "application/json")


__all__ = ["competition_trf", "competition_case", "trf_download", "json_download"]
