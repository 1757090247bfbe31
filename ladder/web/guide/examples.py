"""The guide's worked examples, computed live by the product's own engines (docs/qualities.md §2).

Nothing here is a number typed by hand: every value the guide pages print comes from the
rating engine (:func:`ladder.rating.rate_event`, :func:`~ladder.rating.event_rating`, with the
club's own :class:`~ladder.rating.RatingOptions`), the tie-break engine
(:func:`ladder.tiebreaks.calculate`, :func:`~ladder.tiebreaks.compute`), the Elo tools
(:func:`ladder.elo.classic_table`), the prize helper and the initials of :mod:`ladder.names`.
So a guide can never disagree with the code; the tests assert the numbers shown.

The example data are invented (no member of the club appears), so the guide of a private
club shows nothing of the club but its rating settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...club.prizes import Award, FinalStanding, Prize, distribute
from ...elo import classic_table
from ...elo.expected import TableRow
from ...names import initials
from ...queries.rating_detail import Calculation, GameLine, hand_calculation
from ...rating import (
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
    RatingRow,
    rate_event,
    replay,
)
from ...rating.club_elo import expected_score
from ...tiebreaks import CalcRound, calculate, compute
from ...vocabulary.tournament import (
    DEFAULT_SCORING,
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Tournament,
)

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
_SCORE = {W: Fraction(1), D: Fraction(1, 2), L: Fraction(0)}
_POINTS: dict[Kind, Fraction] = {kind: DEFAULT_SCORING.points(kind) for kind in Kind
                                 if kind is not Kind.UNRATED_PLAYED}


def _established_games(options: RatingOptions) -> int:
    """A number of counted games that makes a member established with the established K."""
    return max(options.k_threshold, options.provisional_games) + 10


def _event(pairings: list[Pairing], event_id: int = 1) -> EventInput:
    members = sorted({p.a for p in pairings} | {p.b for p in pairings if p.b is not None})
    return EventInput(event_id, True, EventKind.SWISS, tuple(members), tuple(pairings))


def _row(rows: list[RatingRow], member: int) -> RatingRow:
    return next(r for r in rows if r.member_id == member)


# --- The ladder guide -------------------------------------------------------------------

@dataclass(frozen=True)
class Settings:
    """The club's rating settings as the guide states them."""

    start: float
    k_new: float
    k_established: float
    k_threshold: int
    provisional_games: int
    junior_k: float | None
    junior_k_ceiling: float
    floor: float | None


@dataclass(frozen=True)
class Pair:
    """One rated game of an example: both players' rows."""

    first: RatingRow
    second: RatingRow


@dataclass(frozen=True)
class Expectation:
    """Expected score of a player against an opponent ``diff`` points stronger or weaker."""

    own: float
    opponent: float
    expected: float


@dataclass(frozen=True)
class LadderExamples:
    """Every example of the ladder guide (and the FAQ's rating answers)."""

    settings: Settings
    expectations: tuple[Expectation, ...]
    table: tuple[TableRow, ...]
    worked: Calculation  # docs/club-rating.md §1 example 1 (Ann) under the club's K
    worked_row: RatingRow
    worked_reversed_after: float  # the same night typed in the opposite order
    protection: Pair  # docs/club-rating.md §1 example 4: established beats provisional
    only_newcomers: tuple[RatingRow, ...]  # an established player meets only newcomers
    only_newcomers_established: RatingRow
    first_night: tuple[RatingRow, ...]  # docs/club-rating.md §1 example 3: a new club's first night
    k_rows: tuple[RatingRow, RatingRow]  # K fixed per event, then the lower K
    upset: Pair  # favourite beats outsider (FAQ: why so little)
    surprise: Pair  # outsider beats favourite
    correction_before: tuple[float, float]  # two nights, a result later corrected
    correction_after: tuple[float, float]


def ladder_examples(options: RatingOptions) -> LadderExamples:
    """Compute every example of the ladder guide under the club's ``options``."""
    settings = Settings(options.start_rating, options.k_new, options.k_established,
                        options.k_threshold, options.provisional_games, options.junior_k,
                        options.junior_k_ceiling, options.floor)
    many = _established_games(options)
    start = float(options.start_rating)
    expectations = tuple(Expectation(start, start + d, expected_score(start, start + d))
                         for d in (0, 100, 200, 400))

    # docs/club-rating.md §1 example 1: 1400 against 1500 (L), 1300 (W), 1600 (D), 1350 (W).
    opponents = [(1500.0, L), (1300.0, W), (1600.0, D), (1350.0, W)]
    state = {1: MemberState(1400.0, many)}
    pairings = []
    for i, (rating, kind) in enumerate(opponents, start=2):
        state[i] = MemberState(rating, many)
        pairings.append(Pairing(1, i, kind))
    rows, _ = rate_event(_event(pairings), state, options)
    ann = _row(rows, 1)
    games = [GameLine(r, i, i, kind, rating, None, _SCORE[kind], None)
             for r, (i, (rating, kind)) in enumerate(enumerate(opponents, start=2), start=1)]
    worked = hand_calculation(ann.rating_before, ann.k, games, ann.rating_after, options.floor)
    reversed_rows, _ = rate_event(_event(list(reversed(pairings))), state, options)

    # docs/club-rating.md §1 example 4: an established 1500 beats a newcomer at the start rating.
    est, new = 1, 2
    state = {est: MemberState(start + 300, many)}
    rows, _ = rate_event(_event([Pairing(est, new, W)]), state, options)
    protection = Pair(_row(rows, est), _row(rows, new))

    # An established player meets only newcomers all night: two wins and a loss.
    state = {1: MemberState(start + 200, many)}
    rows, _ = rate_event(_event([Pairing(1, 2, W), Pairing(1, 3, W), Pairing(4, 1, W)]),
                         state, options)
    only_newcomers_established = _row(rows, 1)
    only_newcomers = tuple(r for r in rows if r.member_id != 1)

    # docs/club-rating.md §1 example 3: the first night of a new club, four newcomers.
    rows, _ = rate_event(_event([Pairing(1, 2, W), Pairing(3, 4, D), Pairing(1, 3, W),
                                 Pairing(2, 4, L)]), {}, options)
    first_night = tuple(rows)

    # K is fixed for the whole event from the games before it, then changes.
    before = max(options.k_threshold - 1, 0)
    state = {1: MemberState(start, before), 2: MemberState(start, many),
             3: MemberState(start, many), 4: MemberState(start, many)}
    night1 = _event([Pairing(1, 2, W), Pairing(1, 3, W), Pairing(1, 4, D)], 1)
    night2 = _event([Pairing(1, 2, D)], 2)
    rows, _ = replay([night1, night2], state, options)
    k_rows = (next(r for r in rows if r.event_id == 1 and r.member_id == 1),
              next(r for r in rows if r.event_id == 2 and r.member_id == 1))

    # A favourite and an outsider, both established (the FAQ's "why so little").
    state = {1: MemberState(start + 300, many), 2: MemberState(start, many)}
    rows, _ = rate_event(_event([Pairing(1, 2, W)]), state, options)
    upset = Pair(_row(rows, 1), _row(rows, 2))
    rows, _ = rate_event(_event([Pairing(1, 2, L)]), state, options)
    surprise = Pair(_row(rows, 1), _row(rows, 2))

    # A correction: night 1's result is fixed after night 2; the replay moves both nights.
    state = {1: MemberState(start, many), 2: MemberState(start, many),
             3: MemberState(start, many)}
    typed = [_event([Pairing(1, 2, L)], 1), _event([Pairing(1, 3, W)], 2)]
    fixed = [_event([Pairing(1, 2, W)], 1), _event([Pairing(1, 3, W)], 2)]
    wrong, _ = replay(typed, state, options)
    right, _ = replay(fixed, state, options)

    def after(rows: list[RatingRow]) -> tuple[float, float]:
        mine = [r for r in rows if r.member_id == 1]
        return mine[0].rating_after, mine[1].rating_after

    return LadderExamples(
        settings=settings, expectations=expectations, table=classic_table(), worked=worked,
        worked_row=ann, worked_reversed_after=_row(reversed_rows, 1).rating_after,
        protection=protection, only_newcomers=only_newcomers,
        only_newcomers_established=only_newcomers_established,
        first_night=first_night, k_rows=k_rows, upset=upset, surprise=surprise,
        correction_before=after(wrong), correction_after=after(right))


# --- The tie-break guide ----------------------------------------------------------------

@dataclass(frozen=True)
class ExampleRecord:
    """One record of an example with its values (by code)."""

    label: str
    opponents: tuple[Fraction, ...]
    values: dict[str, Fraction | None]
    points: tuple[Fraction, ...] = ()  # the player's own points, round by round


@dataclass(frozen=True)
class EditionValue:
    """The bye example under one edition."""

    edition: str
    values: dict[str, Fraction | None]


@dataclass(frozen=True)
class TiebreakExamples:
    """Every example of the tie-break guide."""

    buchholz: tuple[ExampleRecord, ...]  # docs/tiebreaks.md §6: three tie-breaks, three winners
    buchholz_leaders: dict[str, tuple[str, ...]]  # code -> who has the best value
    sonneborn: tuple[ExampleRecord, ...]  # round-robin SB
    progressive: tuple[ExampleRecord, ...]
    own: dict[str, Fraction | None]  # WIN, WON, BPG, BWG, KS of one record
    ratings: dict[str, Fraction | None]  # ARO, TPR with every opponent rated
    unrated: dict[str, Fraction | None]  # ... and with one unrated opponent (Art. 10)
    bye: tuple[EditionValue, ...]  # the bye cap under each edition
    uscf: dict[str, Fraction | None]  # the US Chess set of one record
    direct: dict[int, Fraction | None]  # DE of a small tournament (start no. → value)
    direct_points: dict[int, Fraction]
    prizes: tuple[Award, ...]
    own_rounds: tuple[CalcRound, ...] = ()
    bye_rounds: tuple[CalcRound, ...] = ()
    prize_list: tuple[Prize, ...] = ()

    def pool_of(self, award: Award) -> int:
        """The cash (cents) of the places whose prizes ``award``'s group pooled."""
        return sum(p.cents for p in self.prize_list if p.place in award.pooled_places)

    def bye_real_total(self) -> Fraction:
        """The bye example's real opponents' scores added up (the rest of BH is the bye's)."""
        return sum((Fraction(r.opponent_score) for r in self.bye_rounds
                    if r.opponent_score is not None), Fraction(0))

    def bye_value(self, edition: str) -> Fraction | None:
        """What the unplayed round adds to BH (SOLK for US Chess) under ``edition``."""
        values = next(e.values for e in self.bye if e.edition == edition)
        total = values.get("SOLK" if edition == "uscf" else "BH")
        return None if total is None else total - self.bye_real_total()

    def virtual_terms(self) -> dict[str, Fraction | int]:
        """The terms of the fide-2012 virtual opponent for the bye round (C.02 13.15.2)."""
        r = next(i for i, row in enumerate(self.bye_rounds, start=1) if not row.kind.has_opponent)
        before = sum((_POINTS[row.kind] for row in self.bye_rounds[:r - 1]), Fraction(0))
        return {"spr": before, "sfpr": _POINTS[self.bye_rounds[r - 1].kind],
                "n": len(self.bye_rounds), "r": r}


#: The Buchholz example of docs/tiebreaks.md §6 (opponents' final scores).
BUCHHOLZ = (("Ana", (4, 3, 3, 2, 1)), ("Bo", (4, 3, Fraction(5, 2), 2, 2)),
            ("Cai", (3, 3, 3, Fraction(5, 2), 1)))
#: The round-robin SB example (kind, opponent's score).
SONNEBORN = (("Ana", ((D, 3), (W, Fraction(5, 2)), (D, Fraction(3, 2)), (W, 0))),
             ("Bo", ((D, 3), (D, Fraction(5, 2)), (W, Fraction(3, 2)), (W, 0))))
PROGRESSIVE = (("W W W L W", (W, W, W, L, W)), ("L W W W W", (L, W, W, W, W)))
#: The bye cap of docs/tiebreaks.md §6: four wins and a half-point bye in round 3.
BYE_ROUNDS = (CalcRound(W, Fraction(7, 2)), CalcRound(W, 3), CalcRound(Kind.HALF_BYE),
              CalcRound(W, Fraction(5, 2)), CalcRound(W, 2))
EDITION_CODES = {"fide-2026": "BH,BH/C1", "fide-2024": "BH,BH/C1", "fide-2012": "BH,BH/C1",
                 "uscf": "SOLK,MM"}
#: One record for the own-record tie-breaks: colours, a forfeit win, opponents' scores.
OWN_ROUNDS = (CalcRound(W, 3, Colour.WHITE, 1650), CalcRound(D, 4, Colour.BLACK, 1720),
              CalcRound(Kind.FORFEIT_WIN, 2), CalcRound(W, Fraction(5, 2), Colour.BLACK, 1580),
              CalcRound(L, Fraction(7, 2), Colour.WHITE, 1800))
UNRATED_ROUNDS = OWN_ROUNDS[:4] + (CalcRound(L, Fraction(7, 2), Colour.WHITE, None),)


def tiebreak_examples() -> TiebreakExamples:
    """Compute every example of the tie-break guide with the tie-break engine."""
    buchholz = tuple(
        ExampleRecord(name, tuple(Fraction(s) for s in scores),
               calculate([CalcRound(W, Fraction(s)) for s in scores], "BH,BH/C1,BH/M1"))
        for name, scores in BUCHHOLZ)
    sonneborn = tuple(
        ExampleRecord(name, tuple(Fraction(s) for _k, s in games),
               calculate([CalcRound(k, Fraction(s)) for k, s in games], "SB",
                         round_robin=True), tuple(_SCORE[k] for k, _s in games))
        for name, games in SONNEBORN)
    progressive = tuple(
        ExampleRecord(label, (), calculate([CalcRound(k, 2) for k in kinds], "PS,PS/C1"))
        for label, kinds in PROGRESSIVE)
    own = calculate(OWN_ROUNDS, "PTS,WIN,WON,BPG,BWG,KS")
    ratings = calculate(OWN_ROUNDS, "ARO,TPR")
    unrated = calculate(UNRATED_ROUNDS, "ARO,TPR")
    bye = tuple(EditionValue(edition, calculate(BYE_ROUNDS, codes, edition))
                for edition, codes in EDITION_CODES.items())
    uscf = calculate(OWN_ROUNDS, "MM,SOLK,CUM,KASH,MB", "uscf")
    t = _direct_tournament()
    table = compute(t, ["DE"], "fide-2026")
    direct = {p.start_no: table.value(p.start_no, "DE") for p in t.players}
    prize_list = (Prize(1, 30000), Prize(2, 20000), Prize(3, 10000))
    prizes = distribute(prize_list,
                        (FinalStanding("A", Fraction(4), 1), FinalStanding("B", Fraction(4), 2),
                         FinalStanding("C", Fraction(3), 3)))
    leaders = {}
    for code in ("BH", "BH/C1", "BH/M1"):
        best = max(r.values[code] or 0 for r in buchholz)
        leaders[code] = tuple(r.label for r in buchholz if r.values[code] == best)
    return TiebreakExamples(buchholz, leaders, sonneborn, progressive, own, ratings, unrated, bye,
                            uscf, direct,
                            {p.start_no: table.points[i] for i, p in enumerate(t.players)},
                            prizes, OWN_ROUNDS, BYE_ROUNDS, prize_list)


def _direct_tournament() -> Tournament:
    """Four players, two rounds: 1 and 2 tie on points, and 1 beat 2."""
    games = [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L), (2, 4, 2, L)]
    results: dict[int, list[RoundResult]] = {i: [] for i in range(1, 5)}
    for rnd, white, black, kind in games:
        results[white].append(RoundResult(rnd, kind, black, Colour.WHITE))
        results[black].append(RoundResult(rnd, kind.mirror, white, Colour.BLACK))
    players = tuple(Player(i, f"Player {i}", results=tuple(sorted(results[i],
                                                                    key=lambda r: r.round)))
                    for i in range(1, 5))
    return Tournament("example", players, 2, kind=EventKind.SWISS)


# --- The FAQ ------------------------------------------------------------------------------

#: Names whose initials the FAQ shows: each language's stock placeholder name ("John Doe",
#: 홍길동, 张小三), so that no real member's full name can appear on the page.
INITIALS_EXAMPLES = ("John Doe", "홍길동", "张小三")
#: More names in a language whose names the stock ones do not show: Indonesian names of two
#: words and of one word (a single name is common in Indonesia: "Budi" → "B.").
LOCAL_INITIALS_EXAMPLES = {"id": ("Siti Rahayu", "Budi")}


def initials_examples(locale: str = "en") -> tuple[tuple[str, str], ...]:
    """(name, initials) as public pages show a junior without consent (ladder.names): the
    stock names, then those of the reader's language."""
    names = INITIALS_EXAMPLES + LOCAL_INITIALS_EXAMPLES.get(locale.split("_")[0], ())
    return tuple((name, initials(name)) for name in names)
