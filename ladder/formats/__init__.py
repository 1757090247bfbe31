"""Readers and writers for tournament files: pure functions, no Flask, no database.

Public API::

    read_event(text, source, file_format=None)   THE entry point: detect, then read -> ReadResult
    detect_format(text, filename=None)   "trf", "pgn", "crosstable" or "paste" (FORMATS)
    FormatError                          every reader's error (file:line:column: message)
    read_trf(text, source)               TRF-16, TRF-2026 and TRF(x) -> Tournament
    write_trf(tournament)                Tournament -> TRF-16 text
    read_exchange(text, source)          TRF-2026 in-tournament exchange records -> Exchange
    read_posed_trf(text, source)         a TRF posed for pairing, every cell as written -> PosedTrf
    cut_to_round(text, round_no)         a finished TRF text cut to pose one of its rounds
    write_exchange(tournament, exchange) Tournament + Exchange -> TRF-2026 exchange text (CR LF)
    read_pgn_tournament(text, source)    PGN headers -> Tournament
    parse_paste / read_paste             pasted games, one per line -> ParseResult / Tournament
    parse_crosstable / read_crosstable   Swiss-Manager / chess-results crosstable text
    decode_text(data, source)            bytes -> text, refusing binary files
    limits                               the size limits every reader enforces (MAX_ROUNDS, ...)

Callers that read "an event's text" (the web desk, ``ladder import``, ``ladder tiebreaks``) use
:func:`read_event`; the format readers stay public for callers that know the format.

Each name is imported from its module on first use, so that a command that needs one reader
(``ladder pair`` reads TRF only) does not load the others (paste, crosstable, PGN).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names are, for the type checker; imported on use below
    from ladder.formats import limits
    from ladder.formats.crosstable import parse_crosstable, read_crosstable
    from ladder.formats.errors import FormatError
    from ladder.formats.event import (
        FORMAT_LABELS,
        FORMATS,
        ReadResult,
        detect_format,
        read_event,
    )
    from ladder.formats.paste import ParseResult, parse_paste, read_paste
    from ladder.formats.pgn import read_pgn_tournament
    from ladder.formats.text import decode_text
    from ladder.formats.trf import (
        Exchange,
        ForbiddenPairs,
        PointValues,
        RoundByes,
        read_exchange,
        read_trf,
    )
    from ladder.formats.trf_cut import cut_to_round
    from ladder.formats.trf_posed import PairingInputError, PosedTrf, read_posed_trf
    from ladder.formats.trf_write import write_exchange, write_trf

#: Each public name and the module of this package that defines it.
_HOME = {
    "parse_crosstable": "crosstable", "read_crosstable": "crosstable",
    "FormatError": "errors",
    "FORMAT_LABELS": "event", "FORMATS": "event", "ReadResult": "event",
    "detect_format": "event", "read_event": "event",
    "ParseResult": "paste", "parse_paste": "paste", "read_paste": "paste",
    "read_pgn_tournament": "pgn",
    "decode_text": "text",
    "cut_to_round": "trf_cut",
    "Exchange": "trf", "ForbiddenPairs": "trf", "PointValues": "trf", "RoundByes": "trf",
    "read_exchange": "trf", "read_trf": "trf",
    "PairingInputError": "trf_posed", "PosedTrf": "trf_posed", "read_posed_trf": "trf_posed",
    "write_exchange": "trf_write", "write_trf": "trf_write",
}

__all__ = ["FORMAT_LABELS", "FORMATS", "Exchange", "ForbiddenPairs", "FormatError",
           "PairingInputError", "ParseResult", "PointValues", "PosedTrf", "ReadResult",
           "RoundByes", "cut_to_round", "decode_text", "detect_format", "limits",
           "parse_crosstable", "parse_paste", "read_crosstable", "read_event", "read_exchange",
           "read_paste", "read_pgn_tournament", "read_posed_trf", "read_trf", "write_exchange",
           "write_trf"]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for (PEP 562)."""
    if name == "limits":
        return importlib.import_module(f"{__name__}.limits")
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # the next lookup finds it without this function
    return value


def __dir__() -> list[str]:
    """The public names, as if they had been imported."""
    return sorted({*globals(), *__all__})
