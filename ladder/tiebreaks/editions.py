"""The four rule editions and how each one counts unplayed rounds.

* ``fide-2026`` — C.07 from 2026-03-01: art. 16 with the dummy caps 16.4.1 / 16.4.2.
* ``fide-2024`` — C.07 of 2023-09-01 / 2024-08-01: art. 16 without the caps.
* ``fide-2012`` — the earlier "virtual opponent" (C.02 13.15.2, C.07 before 2023-09-01).
* ``uscf``      — US Chess rules, 7th edition, rule 34E.

Three questions decide every Buchholz-like value, and each edition answers them here:

1. What does a participant's score look like to their opponents (the *adjusted* score)?
2. What does a participant's own unplayed round count as (dummy, virtual opponent or 0)?
3. When a modifier cuts, do voluntarily unplayed rounds go first (16.5)?
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from ladder.tiebreaks.errors import TiebreakError
from ladder.tiebreaks.wording import N_, TextMessage, label, msg
from ladder.vocabulary.tournament import Kind


@dataclass(frozen=True)
class Edition:
    """One set of rules for unplayed rounds.

    ``opponents_unplayed``: ``"fide16"`` (16.3: category 16.2.5 rounds count as draws, the rest
    at the points awarded) or ``"draw"`` (every unplayed round of an opponent counts as a draw:
    C.02 13.15 and US Chess 34E). ``own_unplayed``: ``"dummy"`` (16.4), ``"virtual"``
    (C.02 13.15.2) or ``"zero"`` (34E: an opponent with adjusted score 0).
    """

    name: str
    title: str
    opponents_unplayed: str
    own_unplayed: str
    dummy_caps: bool  # C.07-2026 16.4.1 / 16.4.2
    vur_cuts: bool  # C.07 16.5
    round_robin_15_2: bool  # C.07 15.2: round-robin forfeits count as games
    rr_forfeit_loss_unplayed_for_own: bool  # C.07-2026 15.2, exception for type-B tie-breaks
    in_force_from: dt.date | None
    default_order: str | None = None  # an edition-specific default list (US Chess 34E)


FIDE_2026 = Edition(
    "fide-2026", N_("FIDE C.07 from 2026-03-01 (art. 16 with the 16.4 caps)"),
    "fide16", "dummy", True, True, True, True, dt.date(2026, 3, 1),
)
FIDE_2024 = Edition(
    "fide-2024", N_("FIDE C.07 of 2023-09-01 / 2024-08-01 (art. 16, no caps)"),
    "fide16", "dummy", False, True, True, False, dt.date(2023, 9, 1),
)
FIDE_2012 = Edition(
    "fide-2012", N_("FIDE virtual opponent (C.02 13.15.2, before 2023-09-01)"),
    "draw", "virtual", False, False, False, False, None,
)
USCF = Edition(
    "uscf", N_("US Chess rules, 7th edition, rule 34E"),
    "draw", "zero", False, False, False, False, None, "MM,SOLK,CUM,OPCUM",
)

EDITIONS: dict[str, Edition] = {e.name: e for e in (FIDE_2026, FIDE_2024, FIDE_2012, USCF)}


def get_edition(name: str | Edition) -> Edition:
    """The edition called ``name``; a :class:`TiebreakError` naming it if there is none."""
    if isinstance(name, Edition):
        return name
    try:
        return EDITIONS[name.strip().lower()]
    except KeyError:
        raise TiebreakError(msg("unknown tie-break edition %(edition)r; known editions: "
                                "%(known)s", edition=name, known=", ".join(EDITIONS))) from None


def edition_for_date(start: dt.date | None) -> Edition:
    """The FIDE edition in force on an event's start date (TRF tag 042).

    No date: the current rules (fide-2026). US Chess is never chosen by date.
    """
    if start is None or start >= FIDE_2026.in_force_from:  # type: ignore[operator]
        return FIDE_2026
    if start >= FIDE_2024.in_force_from:  # type: ignore[operator]
        return FIDE_2024
    return FIDE_2012


# --- C.07 16.1 / 16.2: voluntarily unplayed rounds and the categories of unplayed rounds ---

#: 16.1.2: a VUR is a requested bye (half- or zero-point; every round after a withdrawal is a
#: zero-point bye, 16.1.1) or a forfeit loss. Reading: a double forfeit is a forfeit loss for
#: both players (C.07 does not name it), so it is a VUR and category 16.2.4.
VUR_KINDS = frozenset({Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT})
_PLAYED = frozenset(k for k in Kind if k.played)
_WITH_OPPONENT = frozenset(k for k in Kind if k.has_opponent)
_DOUBLE_FORFEIT = Kind.DOUBLE_FORFEIT

#: The 16.2 categories in words (message ids; the web edge translates them).
CATEGORY_TEXT: dict[str, str] = {
    "16.2.1": N_("16.2.1 pairing-allocated or full-point bye"),
    "16.2.2": N_("16.2.2 forfeit win"),
    "16.2.3": N_("16.2.3 requested bye followed by a round that was not voluntarily unplayed"),
    "16.2.4": N_("16.2.4 forfeit loss"),
    "16.2.5": N_("16.2.5 requested bye in the last round or followed only by voluntarily "
                 "unplayed rounds counts as a draw"),
}
_CATEGORY_OF_ROUND: dict[tuple[str, bool | Kind | None], str] = {
    ("16.2.5", True): N_("16.2.5 requested bye in the last round counts as a draw"),
    ("16.2.5", False): N_("16.2.5 requested bye followed only by voluntarily unplayed rounds "
                          "counts as a draw"),
    ("16.2.1", Kind.PAIRING_BYE): N_("16.2.1 pairing-allocated bye"),
    ("16.2.1", Kind.FULL_BYE): N_("16.2.1 full-point bye"),
}


_FIXED_CATEGORY: dict[Kind, str | None] = {
    Kind.PAIRING_BYE: "16.2.1", Kind.FULL_BYE: "16.2.1", Kind.FORFEIT_WIN: "16.2.2",
    Kind.FORFEIT_LOSS: "16.2.4", Kind.DOUBLE_FORFEIT: "16.2.4",
    **{k: None for k in Kind if k.played},
}


def categories(kinds: Sequence[Kind]) -> tuple[str | None, ...]:
    """The 16.2 category of each round (None for a game played over the board)."""
    out: list[str | None] = [None] * len(kinds)
    only_vurs_after = True  # true for the last round: "in the last round" (16.2.5)
    for r in range(len(kinds) - 1, -1, -1):
        kind = kinds[r]
        if kind in _FIXED_CATEGORY:
            out[r] = _FIXED_CATEGORY[kind]
        else:  # half or zero bye: a requested bye
            out[r] = "16.2.5" if only_vurs_after else "16.2.3"
        only_vurs_after = only_vurs_after and kind in VUR_KINDS
    return tuple(out)


def category_text(category: str | None, kind: Kind, last_round: bool) -> TextMessage:
    """A round's category in words, e.g. "16.2.5 requested bye in the last round counts as a
    draw" (a message; ``str()`` is the English)."""
    if category is None:
        return label(N_("played"))
    key: tuple[str, bool | Kind | None] = (
        (category, last_round) if category == "16.2.5" else (category, kind))
    return label(_CATEGORY_OF_ROUND.get(key, CATEGORY_TEXT[category]))


def adjusted_score(edition: Edition, pts: Sequence[int], kinds: Sequence[Kind],
                   cats: Sequence[str | None], draw: int) -> int:
    """A participant's score as their opponents' tie-breaks see it (scaled integers).

    fide-2024/2026, 16.3: unplayed rounds count at the points awarded (16.3.1), except
    category 16.2.5, which counts as a draw (16.3.2). fide-2012 (C.02 13.15.3) and US Chess
    (34E): every unplayed round of an opponent counts as a draw.
    """
    if edition.opponents_unplayed == "fide16":
        return sum(draw if cat == "16.2.5" else p for p, cat in zip(pts, cats, strict=False))
    return sum([p if k in _PLAYED else draw for p, k in zip(pts, kinds, strict=False)])


def own_unplayed_value(edition: Edition, *, own_score: int, kind: Kind, round_index: int,
                       rounds: int, pts: Sequence[int], opp_adjusted: int | None,
                       win: int, draw: int) -> int:
    """What one of the participant's own unplayed rounds counts as, as an opponent's score.

    * fide-2024 (16.4): a dummy opponent whose score is the participant's own final score.
    * fide-2026: the same, capped: for a forfeit (won or lost) at the scheduled opponent's
      adjusted score (16.4.1); for every other unplayed round at draw x rounds (16.4.2).
    * fide-2012 (C.02 13.15.2): the virtual opponent, SPR + (1 - SfPR) + 0.5 (n - R); in a
      double forfeit nobody scored, so the virtual opponent scores 0 in that round too.
    * uscf (34E): an opponent with adjusted score 0.
    """
    if edition.own_unplayed == "dummy":
        value = own_score
        if edition.dummy_caps:
            if kind in _WITH_OPPONENT and opp_adjusted is not None:
                value = min(value, opp_adjusted)  # 16.4.1
            else:
                value = min(value, draw * rounds)  # 16.4.2
        return value
    if edition.own_unplayed == "virtual":
        before = sum(pts[:round_index])  # SPR
        later = draw * (rounds - round_index - 1)  # 0.5 x (n - R)
        if kind is _DOUBLE_FORFEIT:
            return before + later
        return before + (win - pts[round_index]) + later
    return 0
