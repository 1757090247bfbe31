"""Pairings by the FIDE Dutch system (C.04.3, in force from 1 February 2026) and the Berger
round-robin tables (C.05 Annex 1). Pure: plain data in, plain data out.

Public API (the checks call exactly these):

* :func:`pair_trf` — the next round of a TRF posed as ``tests/data/pairings/README.md`` says:
  ``([(white, black), …], pab_start_no_or_None)``, or ``None`` when no legal pairing exists.
* :func:`pair_trf_detailed` — the same with the reasons per board (a :class:`RoundPairing`),
  or a :class:`Refusal` that says why.
* :func:`berger_rounds` — per round the boards ``(white, black)`` in board order, bye left out.
"""

from __future__ import annotations

from ladder.pairing.api import Board, Refusal, RoundPairing
from ladder.pairing.berger import berger_rounds
from ladder.pairing.next_round import pair_trf, pair_trf_detailed

__all__ = ["Board", "Refusal", "RoundPairing", "berger_rounds", "pair_trf", "pair_trf_detailed"]
