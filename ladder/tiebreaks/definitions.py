"""The registry: every tie-break name -> the pure function computing its column."""

from __future__ import annotations

from collections.abc import Callable

from ladder.tiebreaks import buchholz, direct, own, rating_based, uscf
from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column

Definition = Callable[[Prepared, Code], Column]

DEFINITIONS: dict[str, Definition] = {
    "PTS": own.points,
    "DE": direct.direct_encounter,
    "WIN": own.wins,
    "WON": own.won,
    "BPG": own.black_games,
    "BWG": own.black_wins,
    "PS": own.progressive,
    "REP": own.rounds_elected,
    "STD": own.standard_points,
    "BH": buchholz.buchholz,
    "AOB": buchholz.average_of_opponents_buchholz,
    "FB": buchholz.fore_buchholz,
    "SB": buchholz.sonneborn_berger,
    "KS": buchholz.koya,
    "ARO": rating_based.aro,
    "TPR": rating_based.tpr,
    "PTP": rating_based.ptp,
    "APRO": rating_based.apro,
    "APPO": rating_based.appo,
    "MM": uscf.modified_median,
    "SOLK": uscf.solkoff,
    "HARK": uscf.harkness,
    "CUM": uscf.cumulative,
    "OPCUM": uscf.opponents_cumulative,
    "KASH": uscf.kashdan,
    "MB": uscf.most_blacks,
}

#: Art. 10: dropped when unrated players are present (unless they are given a rating).
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO"})

#: Art. 8 (note of 2026) / SPEC §7.2: not to be used in round-robins (the product warns).
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
