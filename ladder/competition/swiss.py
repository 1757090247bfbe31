"""The slow Swiss: a FIDE Dutch tournament played one round (or a few) per club night
(docs/competitions.md §8).

The competition is one tournament whose rounds fall on different nights. Round r is paired by
the Dutch engine from everything before it, posed as the house poses any round
(docs/pairing.md §2): :func:`pose` writes the competition as a TRF with rounds 1..r-1 as played
and, for round r, every member who is not there as a requested bye (``240`` records and the
round's column), through :func:`ladder.formats.trf_write.pose_round` (as the night); the engine
(:func:`ladder.pairing.pair_trf_detailed`) answers. Who is not there, and what he gets
(:func:`absence_kind`, the club's settings in :class:`SwissRules`):

* away with notice (``excused``): the requested bye the club's rules give, ½ or 0 point
  (C.04.1 / C.04.2: a requested bye; ``excused_bye`` ``H`` or ``Z``);
* away for the club's team match (``club``): ``club_bye`` (``H``, ``Z`` or ``F``);
* absent without notice: a zero-point bye (``Z``);
* a late entrant's rounds before his entry: ``late_bye`` (``Z`` or ``H``), and from his entry
  on he is ranked by rating among the others (C.04.2 late entries: ``XXC rank`` with the
  ``001`` lines in the pairing order).

:func:`export` writes the whole competition the same way (every round's byes as ``240``
records too), so ``ladder pair --check`` re-pairs each round from the file exactly as it was
paired on its night, and ``ladder import`` reads it as any TRF.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any

from ladder.competition.errors import ParamError
from ladder.competition.record import CompetitionEntrant, Played, RecordedGame
from ladder.competition.season import (
    BLACK_FORFEIT_WIN,
    BLACK_WINS,
    CLUB,
    DOUBLE_FORFEIT,
    DRAW,
    EXCUSED,
    PRESENT,
    WHITE_FORFEIT_WIN,
    WHITE_WINS,
)
from ladder.formats.trf import Exchange, PointValues, RoundByes
from ladder.formats.trf_write import pose_round, write_exchange
from ladder.pairing.api import Refusal, RoundPairing
from ladder.vocabulary.numbers import HALF
from ladder.vocabulary.tournament import (
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Scoring,
    Tournament,
)

#: The requested byes a setting may give: half a point, none, a full point (TRF H, Z, F).
BYE_KINDS = {"H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE, "F": Kind.FULL_BYE}
MAX_ROUNDS = 30


@dataclass(frozen=True)
class SwissRules:
    """A slow Swiss's settings (docs/competitions.md §8, each with its default and why)."""

    #: Rounds in all (the engine relaxes the colour rules in the last one: XXR).
    rounds: int = 7
    #: Away with notice: the requested bye's value, ½ (``H``) or 0 (``Z``).
    excused_bye: str = "H"
    #: Away for the club's team match: ``H``, ``Z`` or a full point ``F``.
    club_bye: str = "H"
    #: Each round before a late entrant's entry: ``Z`` or ``H``.
    late_bye: str = "Z"
    #: The pairing-allocated bye worth ½ instead of a win (BBU 0.5).
    pab_half: bool = False
    #: The colour of the top-ranked player paired in round 1 (XXC white1 / black1).
    initial_colour: str = "white1"

    @property
    def scoring(self) -> Scoring:
        """Points of each result under these settings."""
        return Scoring(pairing_bye=HALF) if self.pab_half else Scoring()


_CHOICES: dict[str, tuple[str, ...]] = {"excused_bye": ("H", "Z"), "club_bye": ("H", "Z", "F"),
                                        "late_bye": ("Z", "H"),
                                        "initial_colour": ("white1", "black1")}
SWISS_DEFAULTS = SwissRules()


def parse_swiss_rules(data: Mapping[str, Any] | SwissRules | None) -> SwissRules:
    """The settings from a (partial) mapping; missing keys take their defaults. A bad key or
    value raises :class:`~ladder.competition.errors.ParamError` naming it.

    >>> parse_swiss_rules({"rounds": 6, "excused_bye": "Z"}).excused_bye
    'Z'
    """
    if data is None:
        return SWISS_DEFAULTS
    if isinstance(data, SwissRules):
        return data
    known = {f.name for f in fields(SwissRules)}
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            raise ParamError("keizer.param.unknown", str(key), "unknown setting", value=value)
        if key == "rounds":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ParamError("keizer.param.whole", key, "expected a whole number",
                                 value=value)
            if not 1 <= value <= MAX_ROUNDS:
                raise ParamError("competition.param.range", key,
                                 f"must be from 1 to {MAX_ROUNDS}", value=value, least=1,
                                 most=MAX_ROUNDS)
        elif key == "pab_half":
            if not isinstance(value, bool):
                raise ParamError("keizer.param.flag", key, "expected true or false",
                                 value=value)
        elif value not in _CHOICES[key]:
            raise ParamError("keizer.param.choice", key,
                             f"expected one of {', '.join(_CHOICES[key])}", value=value,
                             choices=_CHOICES[key])
        values[key] = value
    return replace(SWISS_DEFAULTS, **values)


def swiss_rules_as_dict(rules: SwissRules) -> dict[str, Any]:
    """Every setting as plain data (what the competition stores)."""
    return {f.name: getattr(rules, f.name) for f in fields(SwissRules)}


def pairing_order(played: Played, round_no: int) -> tuple[int, ...]:
    """The pairing numbers of the field of ``round_no`` in pairing-list order: by rating,
    highest first, unrated last, equal ratings by number (C.04.3 initial ranking); a late
    entrant is ranked among them by his rating (C.04.2)."""
    return tuple(e.number for e in sorted(played.field(round_no), key=_rank_key))


def _rank_key(entrant: CompetitionEntrant) -> tuple[int, int, int]:
    return (entrant.rating is None, -(entrant.rating or 0), entrant.number)


def absence_kind(status: str, rules: SwissRules) -> Kind:
    """What a member who is not paired in a round gets, by his attendance."""
    if status == EXCUSED:
        return BYE_KINDS[rules.excused_bye]
    if status == CLUB:
        return BYE_KINDS[rules.club_bye]
    return Kind.ZERO_BYE


_WHITE_KIND = {WHITE_WINS: Kind.WIN, DRAW: Kind.DRAW, BLACK_WINS: Kind.LOSS,
               WHITE_FORFEIT_WIN: Kind.FORFEIT_WIN, BLACK_FORFEIT_WIN: Kind.FORFEIT_LOSS,
               DOUBLE_FORFEIT: Kind.DOUBLE_FORFEIT}


def game_result(game: RecordedGame, number: int, round_no: int) -> RoundResult:
    """``number``'s side of a finished game as a round result."""
    if game.result is None:
        raise ValueError(f"round {round_no}: the game {game.white}-{game.black} has no result")
    kind = _WHITE_KIND[game.result]
    if number == game.white:
        return RoundResult(round_no, kind, game.black, Colour.WHITE)
    return RoundResult(round_no, kind.mirror, game.white, Colour.BLACK)


def result_of(played: Played, entrant: CompetitionEntrant, round_no: int,
              rules: SwissRules) -> RoundResult:
    """The entrant's round ``round_no``: his game, the pairing-allocated bye, or what his
    absence gives (before his entry: ``late_bye``)."""
    round_ = played.rounds[round_no - 1]
    if round_no < entrant.entry_round:
        return RoundResult(round_no, BYE_KINDS[rules.late_bye])
    game = round_.game_of(entrant.number)
    if game is not None:
        return game_result(game, entrant.number, round_no)
    if round_.bye == entrant.number:
        return RoundResult(round_no, Kind.PAIRING_BYE)
    return RoundResult(round_no, absence_kind(round_.status(entrant.number), rules))


def tournament(played: Played, rules: SwissRules, upto: int, name: str = "",
               round_no_for_field: int | None = None) -> Tournament:
    """The competition as a tournament of rounds ``1..upto``: every member entered by round
    ``round_no_for_field`` (default ``upto``), named as :class:`CompetitionEntrant` says."""
    field_round = upto if round_no_for_field is None else round_no_for_field
    players = tuple(
        Player(start_no=e.number, name=e.name or f"#{e.number}", rating=e.rating,
               results=tuple(result_of(played, e, r, rules) for r in range(1, upto + 1)))
        for e in played.field(max(field_round, 1)))
    return Tournament(name=name, players=players, rounds=max(upto, 1), kind=EventKind.SWISS,
                      scoring=rules.scoring)


def _byes(played: Played, round_no: int, rules: SwissRules) -> tuple[RoundByes, ...]:
    """The ``240`` records of round ``round_no``: everyone of its field not there."""
    round_ = played.rounds[round_no - 1] if round_no <= len(played.rounds) else None
    by_kind: dict[Kind, list[int]] = {}
    for entrant in played.field(round_no):
        if round_ is not None and (round_.game_of(entrant.number) is not None
                                   or round_.bye == entrant.number):
            continue
        status = round_.status(entrant.number) if round_ is not None else PRESENT
        if status == PRESENT:
            continue
        by_kind.setdefault(absence_kind(status, rules), []).append(entrant.number)
    return tuple(RoundByes(kind, round_no, tuple(sorted(numbers)))
                 for kind, numbers in sorted(by_kind.items()))


def _late_byes(played: Played, round_no: int, rules: SwissRules) -> tuple[RoundByes, ...]:
    """The ``240`` record of round ``round_no``'s late entrants not yet entered."""
    late = tuple(sorted(e.number for e in played.entrants if e.entry_round > round_no))
    return (RoundByes(BYE_KINDS[rules.late_bye], round_no, late),) if late else ()


def _exchange(played: Played, rules: SwissRules, field_round: int,
              bye_rounds: range) -> Exchange:
    order = pairing_order(played, field_round)
    members = set(order)
    byes: list[RoundByes] = []
    for round_no in bye_rounds:
        byes.extend(_byes(played, round_no, rules))
        byes.extend(RoundByes(b.kind, b.round, tuple(n for n in b.players if n in members))
                    for b in _late_byes(played, round_no, rules))
    return Exchange(
        rounds=rules.rounds,
        initial_colour=Colour.WHITE if rules.initial_colour == "white1" else Colour.BLACK,
        pairing_order=order if order != tuple(sorted(order)) else None,
        byes=tuple(b for b in byes if b.players),
        points=PointValues(pairing_bye=HALF) if rules.pab_half else PointValues())


def pose(played: Played, round_no: int, rules: SwissRules, name: str = "") -> str:
    """The TRF that asks the engine for round ``round_no``: rounds ``1..round_no-1`` as
    played, and the requested byes of round ``round_no`` (every member entered by then who
    is not there), in ``240`` records and in the round's column (docs/pairing.md §2).
    ``played`` holds the rounds before and round ``round_no``'s attendance."""
    if not 1 <= round_no <= rules.rounds:
        raise ValueError(f"round {round_no} is not a round of the competition "
                         f"(1-{rules.rounds})")
    t = tournament(played, rules, round_no - 1, name, round_no_for_field=round_no)
    return pose_round(t, _exchange(played, rules, round_no, range(round_no, round_no + 1)),
                      round_no)


Engine = Callable[[str], "RoundPairing | Refusal"]


def pair(played: Played, round_no: int, rules: SwissRules, engine: Engine,
         name: str = "") -> RoundPairing | Refusal:
    """Round ``round_no`` as the Dutch ``engine`` pairs it from :func:`pose` (boards by
    pairing number)."""
    return engine(pose(played, round_no, rules, name))


def export(played: Played, rules: SwissRules, name: str = "", upto: int | None = None) -> str:
    """The competition's rounds ``1..upto`` (default: every round with all its results) as a
    TRF-2026 exchange file: ``XXR``/``142`` the rounds, the initial colour, every round's
    requested byes as ``240`` records (and in the round columns), ``XXC rank`` when a late
    entrant was ranked in, ``BBU 0.5`` for a half-point PAB. ``ladder pair --check`` re-pairs
    each round from it; ``ladder import`` reads it."""
    last = played.complete_rounds() if upto is None else upto
    t = tournament(played, rules, last, name)
    if last == 0:
        t = replace(t, players=tuple(replace(p, results=()) for p in t.players), rounds=0)
    text = write_exchange(t, _exchange(played, rules, max(last, 1), range(1, last + 1)),
                          line_end="\n")
    return text


def points(played: Played, rules: SwissRules, upto: int) -> dict[int, Fraction]:
    """Each member's points after ``upto`` rounds."""
    scoring = rules.scoring
    return {e.number: sum((result_of(played, e, r, rules).points(scoring)
                           for r in range(1, upto + 1)), Fraction(0))
            for e in played.field(max(upto, 1))}


__all__ = ["SwissRules", "SWISS_DEFAULTS", "BYE_KINDS", "parse_swiss_rules",
           "swiss_rules_as_dict", "pairing_order", "absence_kind", "result_of", "tournament",
           "pose", "pair", "export", "points", "game_result"]
