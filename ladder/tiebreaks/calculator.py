"""The interactive calculator's engine (docs/tiebreaks.md §6): one player's record, round by round.

The user types, per round, the result kind (and colour), the opponent's final score as the
edition sees it (the *adjusted* score, 16.3) and optionally the opponent's rating. The engine
builds a small tournament — the player (start number 1) and one stand-in opponent per round
(start numbers 2, 3, ...) whose score is fixed to the typed one — and runs the ordinary
definitions on it, so the calculator and the file-based tie-breaks cannot disagree.
Tie-breaks that need the opponents' own records (AOB, FB, APRO, APPO, DE, OPCUM) cannot be
computed from one record and are refused with a clear message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.compute_table import as_codes, compute_prepared
from ladder.tiebreaks.editions import Edition, get_edition
from ladder.tiebreaks.errors import TiebreakError
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.wording import msg
from ladder.vocabulary.tournament import (
    DEFAULT_SCORING,
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Scoring,
    Tournament,
)

NEEDS_TOURNAMENT = frozenset({"AOB", "FB", "APRO", "APPO", "DE", "OPCUM"})

@dataclass(frozen=True)
class CalcRound:
    """One round of the calculator: ``opponent_score`` is the opponent's final (adjusted)
    score; for a forfeit it is the scheduled opponent's (used by the 16.4.1 cap)."""

    kind: Kind
    opponent_score: Fraction | int | None = None
    colour: Colour | None = None
    opponent_rating: int | None = None
    outcome: Fraction | None = None  # unrated_played only
    #: The opponent's own cumulative score (their CUM, US Chess rule 34E), which
    #: one record cannot give: typed, it lets the calculator compute OPCUM (docs/tiebreaks.md §2).
    opponent_cumulative: Fraction | int | None = None


def record_view(rows: Sequence[CalcRound], edition: str | Edition = "fide-2026", *,
                rating: int | None = None, scoring: Scoring = DEFAULT_SCORING,
                round_robin: bool = False) -> Prepared:
    """The prepared view of one record (player index 0, stand-ins 1..)."""
    ed = get_edition(edition)
    own: list[RoundResult] = []
    stand_ins: list[Player] = []
    fixed: dict[int, Fraction] = {}
    for r, row in enumerate(rows, start=1):
        if row.kind.has_opponent:
            if row.opponent_score is None:
                raise TiebreakError(msg("round %(round)d: the opponent's score is missing",
                                        round=r))
            sno = len(stand_ins) + 2
            other = None if row.colour is None else (
                Colour.BLACK if row.colour is Colour.WHITE else Colour.WHITE)
            outcome = None if row.outcome is None else 1 - Fraction(row.outcome)
            own.append(RoundResult(r, row.kind, sno, row.colour, row.outcome))
            # Art. 10 looks at opponents met over the board only; a forfeit's stand-in gets
            # a placeholder rating that no rating-based tie-break ever reads.
            opp_rating = row.opponent_rating if row.kind.played else 1
            stand_ins.append(Player(sno, f"opponent in round {r}", opp_rating,
                                    (RoundResult(r, row.kind.mirror, 1, other, outcome),)))
            fixed[sno] = Fraction(row.opponent_score)
        else:
            own.append(RoundResult(r, row.kind))
    player = Player(1, "player", rating or 1, tuple(own))
    t = Tournament("calculator", (player, *stand_ins), len(rows), scoring=scoring,
                   kind=EventKind.SWISS)
    prep = Prepared(t, ed, round_robin=round_robin)
    # A stand-in's score is what the user typed, not what its one-round record adds up to.
    for score in fixed.values():
        if (score * prep.unit).denominator != 1:
            raise TiebreakError(msg("opponent score %(score)s does not fit the event's "
                                    "scoring", score=str(score)))
    prep._derive(prep.kind, prep.pts, prep.opp, prep.black, prep.half,
                 fixed_scores={prep.index[s]: int(v * prep.unit) for s, v in fixed.items()})
    _fix_cumulatives(prep, rows)
    return prep


def has_opponent_cumulatives(rows: Sequence[CalcRound]) -> bool:
    """True when every game played over the board has its opponent's cumulative score typed
    (what OPCUM needs: US Chess 34E sums the opponents' cumulative scores)."""
    return all(row.opponent_cumulative is not None for row in rows if row.kind.played)


def _fix_cumulatives(prep: Prepared, rows: Sequence[CalcRound]) -> None:
    """With every opponent's cumulative typed, OPCUM (US Chess rule 34E: the opponents'
    cumulative scores added up) reads those instead of
    the stand-ins' one-round records: the US Chess view's cumulative scores are pre-set."""
    if not has_opponent_cumulatives(rows) or not any(row.kind.played for row in rows):
        return
    from ladder.tiebreaks.uscf import cumulative_of, uscf_view
    view = uscf_view(prep)
    cums = [cumulative_of(view, i) for i in range(view.size)]
    stand_in = 0
    for row in rows:
        if row.kind.has_opponent:
            stand_in += 1
            if row.opponent_cumulative is not None:
                value = Fraction(row.opponent_cumulative) * view.unit
                if value.denominator != 1:
                    raise TiebreakError(msg("opponent's cumulative score %(score)s does not fit "
                                            "the event's scoring",
                                            score=str(row.opponent_cumulative)))
                cums[view.index[stand_in + 1]] = int(value)
    view.shared("cum", lambda _p: tuple(cums))


def calculate(rows: Sequence[CalcRound], codes: str | Sequence[str],
              edition: str | Edition = "fide-2026", *, rating: int | None = None,
              scoring: Scoring = DEFAULT_SCORING,
              round_robin: bool = False) -> dict[str, Fraction | None]:
    """Every tie-break in ``codes`` for the one record (keys spelled as given)."""
    parsed: tuple[Code, ...] = as_codes(codes)
    for code in parsed:
        if code.name in NEEDS_TOURNAMENT:
            raise TiebreakError(msg(
                "%(code)s needs the opponents' own records; use a whole tournament file",
                code=code.text))
    prep = record_view(rows, edition, rating=rating, scoring=scoring, round_robin=round_robin)
    table = compute_prepared(prep, parsed)
    return {c.text: table.columns[c.text].value(0) for c in parsed}
