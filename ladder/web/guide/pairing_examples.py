"""The pairing chapter's worked examples, paired live by the product's own engines: the Dutch
engine (:func:`ladder.pairing.pair_trf_detailed`, asked through the posed TRF exactly as a club
night asks it) and the Berger tables (:func:`ladder.pairing.berger_rounds`). Invented players
only; nothing here is typed by hand."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...club.night import Entrant, Sheet, SheetBoard, pose_round
from ...pairing import Refusal, RoundPairing, berger_rounds, pair_trf_detailed
from ...vocabulary.messages import Message

#: Invented players (no member of any club), strongest first.
NAMES = ("Ana Reyes", "Bao Tran", "Citra Dewi", "Dong Wei", "Eun Ji", "Fajar Putra",
         "Gita Sari", "Hana Kim")
RATINGS = (1850, 1790, 1720, 1660, 1600, 1540, 1480, 1420)


@dataclass(frozen=True)
class ShownBoard:
    """One board of an example, by name."""

    number: int
    white: str
    black: str
    reasons: tuple[Message, ...] = ()


@dataclass(frozen=True)
class ShownRound:
    """An example round: its boards and who got the pairing-allocated bye (or why none)."""

    boards: tuple[ShownBoard, ...]
    pab: str | None
    refused: bool = False
    names: dict[int, str] = field(default_factory=dict)  # start no. -> name (the reasons')


def _sheet(players: int, **changes: object) -> Sheet:
    entrants = tuple(Entrant(i, NAMES[i - 1], RATINGS[i - 1]) for i in range(1, players + 1))
    return replace(Sheet(name="Example", rounds=3, entrants=entrants), **changes)  # type: ignore[arg-type]


def _shown(sheet: Sheet, answer: RoundPairing | Refusal) -> ShownRound:
    if isinstance(answer, Refusal):
        return ShownRound((), None, refused=True)
    name = {e.start_no: e.name for e in sheet.entrants}
    return ShownRound(tuple(ShownBoard(b.number, name[b.white], name[b.black], b.reasons)
                            for b in answer.boards),
                      name[answer.pab] if answer.pab is not None else None, names=name)


def pair(sheet: Sheet, round_no: int) -> ShownRound:
    """Round ``round_no`` of ``sheet`` as the Dutch engine pairs it."""
    return _shown(sheet, pair_trf_detailed(pose_round(sheet, round_no)))


def first_round() -> Sheet:
    """Eight players, round 1."""
    return _sheet(8)


def after_round_one() -> Sheet:
    """The eight after round 1: the top half won except on board 2 (a draw)."""
    answer = pair_trf_detailed(pose_round(first_round(), 1))
    assert isinstance(answer, RoundPairing)
    results = ("1-0", "½-½", "1-0", "0-1")
    boards = tuple(SheetBoard(1, b.number, b.white, b.black, results[i % 4])
                   for i, b in enumerate(answer.boards))
    return replace(first_round(), boards=boards)


def odd_round() -> Sheet:
    """Seven players: someone must get the pairing-allocated bye."""
    return _sheet(7)


def half_bye() -> Sheet:
    """Eight players, one of whom asked for a half-point bye in round 1."""
    return _sheet(8, byes=((1, 2, "H"),))


def forbidden() -> Sheet:
    """Eight players where the first and the fifth are siblings (they must not meet)."""
    return _sheet(8, forbidden=((1, 5),))


def late_entry() -> Sheet:
    """Seven players in round 1 and a late entrant (rated 1750) who arrives for round 2."""
    base = after_round_one()
    entrants = tuple(e for e in base.entrants if e.start_no != 8)
    boards = tuple(b for b in base.boards if 8 not in (b.white, b.black))
    late = Entrant(8, NAMES[7], 1750, joined=2)
    order = tuple(e.start_no for e in sorted((*entrants, late), key=lambda e: -(e.rating or 0)))
    return replace(base, entrants=(*entrants, late), boards=boards, order=order)


@dataclass(frozen=True)
class PairingExamples:
    """Every example of the chapter, each paired by the engine."""

    round_one: ShownRound
    round_two: ShownRound
    odd: ShownRound
    half_bye: ShownRound
    half_bye_player: str
    forbidden: ShownRound
    forbidden_pair: tuple[str, str]
    late: ShownRound
    late_player: str
    berger: tuple[tuple[tuple[int, int], ...], ...]
    berger_odd: tuple[tuple[tuple[int, int], ...], ...]


def pairing_examples() -> PairingExamples:
    """The chapter's examples, computed now."""
    late = late_entry()
    return PairingExamples(
        round_one=pair(first_round(), 1), round_two=pair(after_round_one(), 2),
        odd=pair(odd_round(), 1), half_bye=pair(half_bye(), 1), half_bye_player=NAMES[1],
        forbidden=pair(forbidden(), 1), forbidden_pair=(NAMES[0], NAMES[4]),
        late=pair(late, 2), late_player=NAMES[7],
        berger=tuple(tuple(r) for r in berger_rounds(6)),
        berger_odd=tuple(tuple(r) for r in berger_rounds(5)))
