"""The registry: every tie-break name -> the pure function computing its terms and column.

Every definition first builds a :class:`~ladder.tiebreaks.terms.Tally` (the per-round terms
of every player, the cuts and how the terms combine); the column is computed from it by
:func:`~ladder.tiebreaks.terms.tally_column`, and the explanation reads the same tally.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ladder.tiebreaks import buchholz, direct, own, rating_based, uscf
from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column
from ladder.tiebreaks.terms import PTP, TPR, Tally, tally_column

TallyBuilder = Callable[[Prepared, Code], Tally]
Definition = Callable[[Prepared, Code], Column]


def _solkoff_family(name: str) -> TallyBuilder:
    return lambda prep, code: uscf.solkoff_tally(prep, name)


#: How each tie-break's terms are read from the prepared view.
TALLIES: dict[str, TallyBuilder] = {
    "PTS": own.pts_tally,  # C.07 5: points
    "DE": direct.de_tally,  # C.07 6: direct encounter among the tied
    "WIN": own.win_tally,  # C.07 7.1: rounds with a win's points
    "WON": own.won_tally,  # C.07 7.2: games won over the board
    "BPG": own.bpg_tally,  # C.07 7.3: games played with Black
    "BWG": own.bwg_tally,  # C.07 7.4: games won with Black
    "PS": own.ps_tally,  # C.07 7.5: progressive scores
    "REP": own.rep_tally,  # C.07 7.6: rounds one elected to play
    "STD": own.std_tally,  # C.07 7.7: standard points
    "BH": buchholz.bh_tally,  # C.07 8.1: Buchholz
    "AOB": buchholz.aob_tally,  # C.07 8.2: average of opponents' Buchholz
    "FB": buchholz.fb_tally,  # C.07 8.3: Fore Buchholz (final round drawn)
    "SB": buchholz.sb_tally,  # C.07 9.1: Sonneborn-Berger
    "KS": buchholz.ks_tally,  # C.07 9.2: Koya (opponents with >= 50 %)
    "ARO": rating_based.aro_tally,  # C.07 10.1: average rating of opponents
    "TPR": lambda prep, code: rating_based.aro_tally(prep, code, TPR),  # C.07 10.2
    "PTP": lambda prep, code: rating_based.aro_tally(prep, code, PTP),  # C.07 10.3
    "APRO": rating_based.apro_tally,  # C.07 10.4: average TPR of opponents
    "APPO": rating_based.appo_tally,  # C.07 10.5: average PTP of opponents
    "MM": _solkoff_family("MM"),  # US Chess 34E: modified median
    "SOLK": _solkoff_family("SOLK"),  # US Chess 34E: Solkoff
    "HARK": _solkoff_family("HARK"),  # US Chess 34E: Harkness
    "CUM": uscf.cum_tally,  # US Chess 34E: cumulative
    "OPCUM": uscf.opcum_tally,  # US Chess 34E: opponents' cumulative
    "KASH": uscf.kash_tally,  # US Chess 34E: Kashdan
    "MB": uscf.mb_tally,  # US Chess 34E: most blacks
}


def _column(name: str, prep: Prepared, code: Code) -> Column:
    return tally_column(code, TALLIES[name](prep, code))


#: Every tie-break name -> its column, computed from its tally.
DEFINITIONS: dict[str, Definition] = {name: partial(_column, name) for name in TALLIES}
# TPR and PTP without cuts are also the terms of APRO / APPO: computed once (same tally).
DEFINITIONS["TPR"] = rating_based.tpr_column
DEFINITIONS["PTP"] = rating_based.ptp_column


def tally(prep: Prepared, code: Code) -> Tally:
    """The tally of ``code`` on ``prep`` (what both its column and its explanation read)."""
    return TALLIES[code.name](prep, code)


#: Art. 10: dropped when unrated players are present (unless they are given a rating).
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO"})

#: Art. 8 (note of 2026) / docs/tiebreaks.md §2: not to be used in round-robins (the product warns).
BUCHHOLZ_TYPE = frozenset({"BH", "FB", "AOB", "MM", "SOLK", "HARK"})

#: Type A (art. 4.3): computed among the tied players themselves when ranking.
GROUP_BASED = frozenset({"DE"})

#: Documented default lists, used when neither the caller nor the file (TRF tag 202) gives
#: one (art. 4.1 has no default; these are the product's).
DEFAULT_ORDER = {
    "swiss": "BH/C1,BH,SB,WIN",
    "round_robin": "DE,SB,WIN,KS",
    "match": "DE,WIN",
    "casual": "WIN,WON",
    "bughouse": "WIN,WON",
}
