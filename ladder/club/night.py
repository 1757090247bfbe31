"""A club night as plain data (docs/club-night.md §2): who plays, the boards so far, the byes asked
for, and the three things made from it — the TRF the pairing engine is asked (the coming round
posed as ``tests/data/pairings/README.md`` says), the tournament that goes into the ladder, and
the warnings of a hand-made pairing.

Pure: no Flask, no SQLAlchemy. The interface to the Swiss engine is TRF text only
(:func:`pose_round` → :func:`ladder.pairing.pair_trf_detailed`).

Start numbers are the pairing numbers: they are given at check-in by :func:`seed_key`
(:data:`PAIRING_NUMBER_RULE` is the rule in words, shown on the check-in page); a late entrant
takes the next free number and is re-ranked in the pairing list (C.04.2 D.2), which the TRF
says with ``XXC … rank`` and the ``001`` lines in pairing-list order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ladder.formats.trf import Exchange, ForbiddenPairs, PointValues, RoundByes
from ladder.formats.trf_write import pose_round as pose_exchange_round
from ladder.vocabulary.messages import N_, Message, msg
from ladder.vocabulary.numbers import HALF, points_text
from ladder.vocabulary.tournament import (
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Scoring,
    Tournament,
)

from ..names.hanzi import sort_reading

#: The rule that gives the pairing numbers, as the check-in page states it.
PAIRING_NUMBER_RULE = N_(
    "Pairing numbers follow the club ladder: players with at least one rated game by club "
    "rating, highest first; a provisional rating counts as it stands, and on equal ratings "
    "the established player comes first; players without a rated game (new members, guests) "
    "come last, in alphabetical order.")

#: A board's result as stored and tapped: White's score first; ``F`` marks a forfeit.
RESULTS = ("1-0", "½-½", "0-1", "1-0F", "0-1F", "0-0F")
_WHITE_KIND = {"1-0": Kind.WIN, "½-½": Kind.DRAW, "0-1": Kind.LOSS, "1-0F": Kind.FORFEIT_WIN,
               "0-1F": Kind.FORFEIT_LOSS, "0-0F": Kind.DOUBLE_FORFEIT}
#: The byes a player may ask for before a round (C.04.2 / TRF 240): half or zero points.
BYE_CODES = {"H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}


def seed_key(name: str, rating: float | None, games: int, provisional_games: int
             ) -> tuple[int, float, int, str]:
    """The sort key of :data:`PAIRING_NUMBER_RULE` (smaller sorts first).

    >>> keys = [seed_key("Bo", 1500, 3, 5), seed_key("Al", 1500, 30, 5),
    ...         seed_key("Cy", None, 0, 5), seed_key("Di", 1700, 2, 5)]
    >>> [k[3] for k in sorted(keys)]
    ['di', 'al', 'bo', 'cy']
    """
    # Names in alphabetical order: a Han name by its pinyin (王小明 as "wang xiao ming"),
    # not by code point, so a Chinese club's list reads in the order its members expect.
    key = sort_reading(name)
    if rating is None or games <= 0:
        return (1, 0.0, 0, key)
    provisional = 1 if games < provisional_games else 0
    return (0, -float(rating), provisional, key)


@dataclass(frozen=True)
class Entrant:
    """One player of the night: start (= pairing) number, name, the rating the TRF shows.

    ``joined`` is the first round the player is paired in (a late entrant's arrival);
    ``withdrawn_from`` the first round they are not paired in any more.
    """

    start_no: int
    name: str
    rating: int | None = None
    joined: int = 1
    withdrawn_from: int | None = None

    def present(self, round_no: int) -> bool:
        """True when the player is there to be paired in ``round_no``."""
        return self.joined <= round_no and (self.withdrawn_from is None
                                            or round_no < self.withdrawn_from)


@dataclass(frozen=True)
class SheetBoard:
    """One board of a round: White, Black (None: the pairing-allocated bye) and the result."""

    round: int
    board: int
    white: int
    black: int | None = None
    result: str | None = None  # one of RESULTS, None while the game is on


@dataclass(frozen=True)
class Sheet:
    """Everything the night knows, as plain data (built by the services from the tables)."""

    name: str
    rounds: int
    entrants: tuple[Entrant, ...]
    boards: tuple[SheetBoard, ...] = ()
    #: (round, start no., "H" or "Z"): the byes players asked for.
    byes: tuple[tuple[int, int, str], ...] = ()
    forbidden: tuple[tuple[int, int], ...] = ()
    initial_colour: str = "white1"  # or "black1": White of the top-ranked paired player, round 1
    pab_half: bool = False  # a pairing-allocated bye worth ½ (BBU 0.5), else a win
    kind: EventKind = EventKind.SWISS
    #: The pairing list (start numbers), when it differs from start-number order.
    order: tuple[int, ...] = field(default=())

    @property
    def scoring(self) -> Scoring:
        """Points per result: the PAB's value is the night's setting."""
        return Scoring(pairing_bye=HALF) if self.pab_half else Scoring()

    def entrant(self, start_no: int) -> Entrant:
        """The entrant with ``start_no`` (KeyError if none)."""
        for entrant in self.entrants:
            if entrant.start_no == start_no:
                return entrant
        raise KeyError(start_no)

    def paired_rounds(self) -> int:
        """The last round that has boards (0 before round 1)."""
        return max((b.round for b in self.boards), default=0)

    def pairing_list(self) -> tuple[int, ...]:
        """Start numbers in pairing-list order."""
        return self.order or tuple(sorted(e.start_no for e in self.entrants))


def result_of(sheet: Sheet, start_no: int, round_no: int) -> RoundResult:
    """Player ``start_no``'s round ``round_no`` as a result (boards first, then byes; absent
    otherwise: not yet arrived, withdrawn, or not on any board, all a zero-point bye)."""
    for board in sheet.boards:
        if board.round != round_no or start_no not in (board.white, board.black):
            continue
        if board.black is None:
            return RoundResult(round_no, Kind.PAIRING_BYE)
        if board.result is None:
            raise ValueError(f"round {round_no}, board {board.board} has no result")
        kind = _WHITE_KIND[board.result]
        if start_no == board.white:
            return RoundResult(round_no, kind, board.black, Colour.WHITE)
        return RoundResult(round_no, kind.mirror, board.white, Colour.BLACK)
    for bye_round, who, code in sheet.byes:
        if bye_round == round_no and who == start_no:
            return RoundResult(round_no, BYE_CODES[code])
    return RoundResult(round_no, Kind.ZERO_BYE)


def not_paired(sheet: Sheet, round_no: int) -> dict[int, str]:
    """The players not to be paired in ``round_no``, with their TRF code: a requested bye
    (``H``/``Z``), or ``Z`` for a withdrawn player or a late entrant not yet arrived."""
    codes: dict[int, str] = {}
    for entrant in sheet.entrants:
        if not entrant.present(round_no):
            codes[entrant.start_no] = "Z"
    for bye_round, who, code in sheet.byes:
        if bye_round == round_no:
            codes[who] = code
    return codes


def pose_round(sheet: Sheet, round_no: int) -> str:
    """The TRF that asks the engine for round ``round_no`` (tests/data/pairings/README.md),
    written by :func:`ladder.formats.trf_write.pose_round` as every posed round is
    (docs/pairing.md §2): rounds ``1..round_no-1`` as played; in round ``round_no``'s column
    ``0000 - H``/``Z`` for each player not to be paired (also as ``240`` records), with the
    bye's points in the score; the rounds, the initial colour (``rank`` when a late entrant
    was re-ranked), the forbidden pairs and a ½-point PAB as records in both spellings.
    """
    if not 1 <= round_no <= sheet.rounds:
        raise ValueError(f"round {round_no} is not a round of the event (1–{sheet.rounds})")
    t = to_tournament(sheet, round_no - 1)
    byes: dict[Kind, list[int]] = {}
    for start_no, code in not_paired(sheet, round_no).items():
        byes.setdefault(BYE_CODES.get(code, Kind.ZERO_BYE), []).append(start_no)
    order = sheet.pairing_list()
    exchange = Exchange(
        rounds=sheet.rounds,
        initial_colour=Colour.WHITE if sheet.initial_colour == "white1" else Colour.BLACK,
        pairing_order=order if order != tuple(sorted(e.start_no for e in sheet.entrants))
        else None,
        forbidden=tuple(ForbiddenPairs((first, second)) for first, second in sheet.forbidden),
        byes=tuple(RoundByes(kind, round_no, tuple(sorted(players)))
                   for kind, players in sorted(byes.items())),
        points=PointValues(pairing_bye=HALF) if sheet.pab_half else PointValues())
    return pose_exchange_round(t, exchange, round_no)


def to_tournament(sheet: Sheet, rounds: int | None = None, *,
                  tiebreak_codes: tuple[str, ...] = ()) -> Tournament:
    """The night as a tournament of rounds ``1..rounds`` (default: every round with boards
    whose games are all finished): what the standings rank and what goes into the ladder."""
    upto = sheet.paired_rounds() if rounds is None else rounds
    players = tuple(
        Player(start_no=e.start_no, name=e.name, rating=e.rating,
               results=tuple(result_of(sheet, e.start_no, r) for r in range(1, upto + 1)))
        for e in sorted(sheet.entrants, key=lambda e: e.start_no))
    return Tournament(name=sheet.name, players=players, rounds=max(upto, 1), kind=sheet.kind,
                      scoring=sheet.scoring, tiebreak_codes=tiebreak_codes)


def has_results(sheet: Sheet) -> bool:
    """True once a game of the night has a result: a night without one has nothing to put
    into the ladder (a pairing-allocated bye alone is no game)."""
    return any(b.result is not None and b.black is not None for b in sheet.boards)


def finished_rounds(sheet: Sheet) -> int:
    """The last round whose boards all have a result (rounds are finished in order)."""
    done = 0
    for round_no in range(1, sheet.paired_rounds() + 1):
        boards = [b for b in sheet.boards if b.round == round_no]
        if not boards or any(b.black is not None and b.result is None for b in boards):
            break
        done = round_no
    return done


# ---------------------------------------------------------------- a pairing made by hand


def _met(sheet: Sheet, before: int) -> set[frozenset[int]]:
    """Pairs that played a game (not a forfeit: C.04.1 b and the data's README) before."""
    pairs = set()
    for board in sheet.boards:
        if board.round < before and board.black is not None and board.result is not None \
                and not board.result.endswith("F"):
            pairs.add(frozenset((board.white, board.black)))
    return pairs


def _colours(sheet: Sheet, start_no: int, before: int) -> list[Colour]:
    """The colours ``start_no`` played with before round ``before`` (forfeits give none)."""
    seen = []
    for board in sorted(sheet.boards, key=lambda b: b.round):
        if board.round >= before or board.black is None or board.result is None \
                or board.result.endswith("F"):
            continue
        if board.white == start_no:
            seen.append(Colour.WHITE)
        elif board.black == start_no:
            seen.append(Colour.BLACK)
    return seen


def _preference(history: Sequence[Colour]) -> tuple[Colour | None, str | None]:
    """The colour a player is due and how strongly (C.04.3 A.6), from the colours of the games
    played: ``absolute`` (colour difference beyond ±1, or the same colour in the last two
    games), ``strong`` (difference ±1), ``mild`` (balanced: the other colour than the last),
    or none before a first game."""
    if not history:
        return None, None
    difference = history.count(Colour.WHITE) - history.count(Colour.BLACK)
    lower = Colour.BLACK if difference > 0 else Colour.WHITE
    other = Colour.BLACK if history[-1] is Colour.WHITE else Colour.WHITE
    if abs(difference) > 1:
        return lower, "absolute"
    if len(history) >= 2 and history[-1] == history[-2]:
        return other, "absolute"
    if difference:
        return lower, "strong"
    return other, "mild"


def _topscorer(sheet: Sheet, start_no: int, round_no: int) -> bool:
    """C.04.3 A.7: pairing the last round, a player with more than half the points possible."""
    if round_no != sheet.rounds:
        return False
    score = standings_scores(sheet, round_no - 1).get(start_no, Fraction(0))
    return 2 * score > (round_no - 1) * sheet.scoring.win


def _colour_warnings(sheet: Sheet, round_no: int, colour: Colour, who: int, top: bool
                     ) -> list[Message]:
    """The colour rules ``who`` playing ``colour`` in ``round_no`` breaks (C.04.1 f, g); on a
    board with a topscorer (``top``) in the last round the Dutch system allows it but counts
    it (C.04.3 C.10, C.11)."""
    after = [*_colours(sheet, who, round_no), colour]
    warnings = []
    if len(after) >= 3 and after[-1] == after[-2] == after[-3]:
        warnings.append(msg("C.04.1 g: %(player)s would have the same colour three times in a "
                            "row; in the last round the Dutch system allows it for a topscorer "
                            "or a topscorer's opponent, but as rarely as it can (C.04.3 C.11).",
                            player=who) if top else
                        msg("C.04.1 g: %(player)s would have the same colour three times in a "
                            "row.", player=who))
    if abs(after.count(Colour.WHITE) - after.count(Colour.BLACK)) > 2:
        warnings.append(msg("C.04.1 f: %(player)s's colour difference would be more than two; "
                            "in the last round the Dutch system allows it for a topscorer or a "
                            "topscorer's opponent, but as rarely as it can (C.04.3 C.10).",
                            player=who) if top else
                        msg("C.04.1 f: %(player)s's colour difference would be more than two.",
                            player=who))
    return warnings


def board_warnings(sheet: Sheet, round_no: int, white: int, black: int) -> list[Message]:
    """The rules a board of ``round_no`` made by hand breaks, one Message each (values name
    players by start number: ``white``, ``black``, ``player``): a rematch (C.1), a forbidden
    pair, two non-topscorers with the same absolute colour preference (C.3), and a colour
    against C.04.1 f or g. The Dutch system never pairs so (for a topscorer in the last round
    it keeps the colour breaches as few as it can)."""
    warnings: list[Message] = []
    pair = frozenset((white, black))
    if pair in _met(sheet, round_no):
        warnings.append(msg("C.04.1 b, C.04.3 C.1: %(white)s and %(black)s have already played "
                            "each other; no two players meet twice.", white=white, black=black))
    if pair in {frozenset(p) for p in sheet.forbidden}:
        warnings.append(msg("%(white)s and %(black)s are a forbidden pair (they must not be "
                            "paired).", white=white, black=black))
    white_due, white_how = _preference(_colours(sheet, white, round_no))
    black_due, black_how = _preference(_colours(sheet, black, round_no))
    top = _topscorer(sheet, white, round_no) or _topscorer(sheet, black, round_no)
    if white_how == black_how == "absolute" and white_due == black_due and not top:
        warnings.append(msg("C.04.3 C.3: %(white)s and %(black)s both have an absolute "
                            "preference for the same colour and neither is a topscorer: they "
                            "may not meet.", white=white, black=black))
    for who, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        warnings.extend(_colour_warnings(sheet, round_no, colour, who, top))
    return warnings


def bye_warnings(sheet: Sheet, round_no: int, pab: int) -> list[Message]:
    """C.04.1 d, C.04.3 C.2: the pairing-allocated bye for a player who has had it, or has
    already scored a win without playing (a full-point bye, a win by forfeit)."""
    for r in range(1, round_no):
        if result_of(sheet, pab, r).kind in (Kind.PAIRING_BYE, Kind.FULL_BYE,
                                             Kind.FORFEIT_WIN):
            return [msg("C.04.1 d, C.04.3 C.2: %(player)s has already had the "
                        "pairing-allocated bye or a win without playing, and may not have it "
                        "again.", player=pab)]
    return []


def manual_warnings(sheet: Sheet, round_no: int, pairs: Iterable[tuple[int, int]],
                    pab: int | None) -> list[Message]:
    """The rules a pairing of ``round_no`` made by hand breaks (:func:`board_warnings` of
    each board, :func:`bye_warnings` of the PAB)."""
    warnings = [w for white, black in pairs for w in board_warnings(sheet, round_no, white,
                                                                    black)]
    return warnings + (bye_warnings(sheet, round_no, pab) if pab is not None else [])


def _costs(sheet: Sheet, round_no: int, white: int, black: int) -> list[Message]:
    """What the Dutch quality criteria count against a board (not a broken rule): a player
    who does not get the colour they are due, strongly or mildly (C.04.3 C.12, C.13). An
    absolute preference not met is a broken rule (:func:`board_warnings`)."""
    costs = []
    for who, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        due, how = _preference(_colours(sheet, who, round_no))
        if due is None or due is colour or how == "absolute":
            continue
        costs.append(msg("%(player)s does not get the colour of their strong preference; the "
                         "Dutch system keeps such players as few as it can (C.04.3 C.12, "
                         "C.13).", player=who) if how == "strong" else
                     msg("%(player)s does not get the colour they are due (a mild "
                         "preference); the Dutch system keeps such players as few as it can "
                         "(C.04.3 C.12).", player=who))
    return costs


#: The first reason of a board changed by hand (what the organizer changed): such a board
#: shows every one of its reasons, not only the most decisive.
HAND_CHANGES = (
    N_("Changed by hand by the organizer: %(white)s and %(black)s changed colours on this "
       "board."),
    N_("Changed by hand by the organizer: %(player)s took the place of %(opponent)s on this "
       "board."),
    N_("Changed by hand by the organizer: %(player)s has the pairing-allocated bye instead of "
       "%(opponent)s."),
)


@dataclass(frozen=True)
class Swap:
    """A round after two players changed places by hand (:func:`swap_boards`)."""

    #: The round's boards in board order (the PAB last, ``black`` None), with the same numbers.
    boards: tuple[SheetBoard, ...]
    #: Board number → the reasons of each board the swap changed: what the organizer changed,
    #: then each rule it breaks and what the quality criteria count against it. Boards not
    #: in here are untouched and keep the engine's reasons.
    changed: Mapping[int, tuple[Message, ...]]
    #: Every rule the changed boards break (the round's warnings).
    warnings: tuple[Message, ...]


def _score_difference(scores: Mapping[int, Fraction], boards: Iterable[SheetBoard]) -> Fraction:
    return sum((abs(scores[b.white] - scores[b.black]) for b in boards if b.black is not None),
               Fraction(0))


def swap_boards(sheet: Sheet, round_no: int, first: int, second: int) -> Swap:
    """Round ``round_no``'s boards once ``first`` and ``second`` change places (on one board:
    they change colours), with the reasons of each board that changed."""
    swap = {first: second, second: first}
    before = sorted((b for b in sheet.boards if b.round == round_no), key=lambda b: b.board)
    after: list[SheetBoard] = []
    for board in before:
        if board.black is not None and {board.white, board.black} == {first, second}:
            after.append(SheetBoard(round_no, board.board, board.black, board.white))
        else:
            after.append(SheetBoard(round_no, board.board, swap.get(board.white, board.white),
                                 None if board.black is None
                                 else swap.get(board.black, board.black)))
    scores = standings_scores(sheet, round_no - 1)
    grew = _score_difference(scores, after) > _score_difference(scores, before)
    changed: dict[int, tuple[Message, ...]] = {}
    warnings: list[Message] = []
    for old, new in zip(before, after, strict=True):
        if (old.white, old.black) == (new.white, new.black):
            continue
        if new.black is None:
            what = msg(HAND_CHANGES[2], player=new.white, opponent=old.white)
            broken = bye_warnings(sheet, round_no, new.white)
            reasons = [what, *broken]
        else:
            if {old.white, old.black} == {new.white, new.black}:
                what = msg(HAND_CHANGES[0], white=new.white, black=new.black)
            else:
                moved = next(p for p in (new.white, new.black) if p not in (old.white,
                                                                             old.black))
                what = msg(HAND_CHANGES[1], player=moved, opponent=swap[moved])
            broken = board_warnings(sheet, round_no, new.white, new.black)
            reasons = [what, *broken, *_costs(sheet, round_no, new.white, new.black)]
            if grew and scores[new.white] != scores[new.black]:
                reasons.append(msg(
                    "%(white)s (%(score)s) and %(black)s (%(other)s) come from different "
                    "score groups, and the change makes the round's score differences larger; "
                    "the Dutch system keeps floats as few and as small as it can (C.04.3 C.6, "
                    "C.7).", white=new.white, black=new.black,
                    score=points_text(scores[new.white]),
                    other=points_text(scores[new.black])))
        changed[new.board] = tuple(reasons)
        warnings.extend(w for w in broken if w not in warnings)
    return Swap(tuple(after), changed, tuple(warnings))


def check_pairs(sheet: Sheet, round_no: int, pairs: Sequence[tuple[int, int]],
                pab: int | None) -> Message | None:
    """Why ``pairs`` cannot be round ``round_no`` at all (a player twice or missing, someone
    paired who is not to be paired), or None when every player to be paired has one board."""
    seen: list[int] = [p for pair in pairs for p in pair] + ([pab] if pab is not None else [])
    absent = not_paired(sheet, round_no)
    expected = {e.start_no for e in sheet.entrants if e.start_no not in absent}
    for who in seen:
        if seen.count(who) > 1:
            return msg("%(player)s is on two boards.", player=who)
        if who not in expected:
            return msg("%(player)s is not to be paired this round.", player=who)
    missing = sorted(expected - set(seen))
    if missing:
        return msg("%(player)s has no board.", player=missing[0])
    return None


def berger_round_count(players: int, double: bool = False) -> int:
    """The rounds of a round-robin of ``players`` by the Berger tables (C.05 Annex 1): n − 1
    for an even n, n for an odd n (each player rests once, against the dummy), twice that
    for a double round-robin; 0 below three players (no round-robin).

    >>> berger_round_count(6), berger_round_count(5), berger_round_count(6, double=True)
    (5, 5, 10)
    >>> berger_round_count(2)
    0
    """
    if players < 3:
        return 0
    return (players - 1 + players % 2) * (2 if double else 1)


def berger_pairs(sheet: Sheet, round_no: int, table: Sequence[Sequence[tuple[int, int]]]
                 ) -> list[tuple[int, int]]:
    """Round ``round_no`` of a round-robin from the Berger ``table`` (C.05 Annex 1; table
    numbers are pairing-list places): the boards whose two players are both present. A game
    against a withdrawn player is not played and is no result (C.05); the other player is
    free that round."""
    order = sheet.pairing_list()
    pairs = []
    for white, black in table[round_no - 1]:
        first, second = order[white - 1], order[black - 1]
        if sheet.entrant(first).present(round_no) and sheet.entrant(second).present(round_no):
            pairs.append((first, second))
    return pairs


def standings_scores(sheet: Sheet, rounds: int) -> Mapping[int, Fraction]:
    """Each start number's points after ``rounds`` rounds."""
    scoring = sheet.scoring
    return {e.start_no: sum((result_of(sheet, e.start_no, r).points(scoring)
                             for r in range(1, rounds + 1)), Fraction(0))
            for e in sheet.entrants}


__all__ = ["PAIRING_NUMBER_RULE", "RESULTS", "BYE_CODES", "Entrant", "SheetBoard", "Sheet",
           "seed_key", "result_of", "not_paired", "pose_round", "to_tournament",
           "finished_rounds", "manual_warnings", "board_warnings", "bye_warnings",
           "swap_boards", "Swap", "HAND_CHANGES", "check_pairs", "berger_pairs",
           "berger_round_count", "has_results",
           "standings_scores", "message_to_json", "message_from_json"]


def message_to_json(message: Message) -> object:
    """A Message as plain JSON data (stored with a board: the engine's reasons)."""
    return {"id": message.id, "plural": message.plural, "count": message.count,
            "values": [[key, message_to_json(value) if isinstance(value, Message) else value]
                       for key, value in message.values]}


def message_from_json(data: object) -> Message:
    """The Message :func:`message_to_json` stored."""
    if not isinstance(data, dict):
        return Message(str(data))
    values = tuple((str(key), message_from_json(value) if isinstance(value, dict) else value)
                   for key, value in data.get("values", []))
    return Message(str(data["id"]), values, plural=data.get("plural"), count=data.get("count"))
