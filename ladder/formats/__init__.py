"""Readers and writers for tournament files (TRF, PGN): pure functions, no Flask, no database.

Public API::

    FormatError                      every reader's error (file:line:column: message)
    read_trf(text, source)           TRF-16, TRF-2026 and TRF(x) -> Tournament
    write_trf(tournament)            Tournament -> TRF-16 text
    read_pgn_tournament(text, source)  PGN headers -> Tournament
"""

from ladder.formats.errors import FormatError
from ladder.formats.pgn import read_pgn_tournament
from ladder.formats.trf import read_trf
from ladder.formats.trf_write import write_trf

__all__ = ["FormatError", "read_pgn_tournament", "read_trf", "write_trf"]
