"""Tie-break codes: parsing ``"BH/C1"``, ``"KS/L+1"``, ``"SB-C1"`` into a :class:`Code`.

The grammar is the one of TRF-2026 tags 202/212 (FIDE TEC "Mandatory tie-breaks"):
``NAME[/MOD]...`` with the modifiers ``Cn`` (cut the n least significant values, C.07 14.1/14.2),
``Mn`` (median: cut n least and n most significant, 14.3/14.4), ``L±n`` (Koya limit moved by
n half points, 14.5) and ``P`` (forfeits count as played against the scheduled opponent; only
meaningful for DE, 6.1.1). The Handbook's hyphen spelling (``BH-C1``) is accepted too, and codes
are case-insensitive. Anything else is a :class:`TiebreakError` naming the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ladder.tiebreaks.errors import TiebreakError

#: Every tie-break name the engine knows, with a one-line description (used in help texts).
NAMES: dict[str, str] = {
    "PTS": "points (C.07 5)",
    "DE": "direct encounter (C.07 6)",
    "WIN": "number of wins, played or not (C.07 7.1)",
    "WON": "number of games won over the board (C.07 7.2)",
    "BPG": "number of games played with Black (C.07 7.3)",
    "BWG": "number of games won with Black (C.07 7.4)",
    "PS": "progressive score (C.07 7.5)",
    "REP": "rounds one elected to play in (C.07 7.6; GE before 2024-08)",
    "STD": "standard points (C.07 7.7)",
    "BH": "Buchholz (C.07 8.1)",
    "AOB": "average of opponents' Buchholz (C.07 8.2)",
    "FB": "Fore Buchholz (C.07 8.3)",
    "SB": "Sonneborn-Berger (C.07 9.1)",
    "KS": "Koya system (C.07 9.2)",
    "ARO": "average rating of opponents (C.07 10.1)",
    "TPR": "tournament performance rating (C.07 10.2)",
    "PTP": "perfect tournament performance (C.07 10.3)",
    "APRO": "average performance rating of opponents (C.07 10.4)",
    "APPO": "average perfect performance of opponents (C.07 10.5)",
    "MM": "US Chess modified median (34E1)",
    "SOLK": "US Chess Solkoff (34E)",
    "HARK": "US Chess median / Harkness (34E)",
    "CUM": "US Chess cumulative (34E)",
    "OPCUM": "US Chess opponents' cumulative (34E)",
    "KASH": "US Chess Kashdan (34E)",
    "MB": "US Chess most blacks (34E)",
}

#: Old names that mean the same tie-break.
ALIASES = {"GE": "REP", "SOLKOFF": "SOLK"}

#: Which modifiers each tie-break accepts.
_CUTTABLE = {"BH", "FB", "SB", "AOB", "PS", "ARO", "TPR", "PTP", "APRO", "APPO"}
_MEDIAN_OK = {"BH", "FB", "SB", "AOB", "ARO", "TPR", "PTP", "APRO", "APPO"}

_MOD_RE = re.compile(r"^(?:(?P<kind>[CM])(?P<n>\d+)|L(?P<sign>[+-]?)(?P<lim>\d+)|(?P<flag>P))$")


@dataclass(frozen=True)
class Code:
    """One parsed tie-break code.

    ``text`` is the code exactly as written (the key of every output); ``name`` the
    canonical tie-break name; ``low``/``high`` how many least/most significant values are cut;
    ``limit`` the Koya limit shift in half points; ``forfeits_played`` the ``/P`` flag.
    """

    text: str
    name: str
    low: int = 0
    high: int = 0
    limit: int = 0
    forfeits_played: bool = False

    @property
    def has_cuts(self) -> bool:
        """True when the code drops results (a Cut or Median modifier, C.07 14.1–14.4)."""
        return bool(self.low or self.high)


def parse_code(text: str) -> Code:
    """Parse one code such as ``"BH/C1"``; raise :class:`TiebreakError` naming it if unknown."""
    raw = text.strip()
    if not raw:
        raise TiebreakError("empty tie-break code")
    if "/" in raw or "#" in raw:
        parts = re.split(r"[/#]", raw)
    else:
        # Handbook spelling "BH-C1", "KS-L-1": split only before a modifier letter.
        parts = re.split(r"-(?=[A-Za-z])", raw)
    head = parts[0].strip().upper()
    if ":" in head:
        head, _, score = head.partition(":")
        raise TiebreakError(
            f"tie-break code {raw!r}: score selector ':{score}' is for team events, "
            "which this engine does not rank"
        )
    name = ALIASES.get(head, head)
    if name not in NAMES:
        raise TiebreakError(
            f"unknown tie-break code {head!r} in {raw!r}; known codes: {', '.join(NAMES)}"
        )
    low = high = limit = 0
    forfeits_played = False
    for part in parts[1:]:
        mod = part.strip().upper()
        match = _MOD_RE.match(mod)
        if match is None:
            raise TiebreakError(f"unknown modifier '/{part.strip()}' in tie-break code {raw!r}")
        if match["kind"]:
            n = int(match["n"])
            if n < 1:
                raise TiebreakError(f"modifier '/{mod}' in {raw!r} must cut at least one value")
            allowed = _CUTTABLE if match["kind"] == "C" else _MEDIAN_OK
            if name not in allowed:
                raise TiebreakError(f"modifier '/{mod}' does not apply to {name} (in {raw!r})")
            if low or high:
                raise TiebreakError(f"tie-break code {raw!r} has more than one cut modifier")
            low = n
            high = n if match["kind"] == "M" else 0
        elif match["lim"] is not None:
            if name != "KS":
                raise TiebreakError(f"modifier '/{mod}' (limit) only applies to KS (in {raw!r})")
            limit = int(match["lim"]) * (-1 if match["sign"] == "-" else 1)
        else:
            if name != "DE":
                raise TiebreakError(f"modifier '/P' only applies to DE (in {raw!r})")
            forfeits_played = True
    return Code(raw, name, low, high, limit, forfeits_played)


def parse_order(order: str | list[str] | tuple[str, ...]) -> tuple[Code, ...]:
    """Parse a comma-separated list (``"BH/C1,BH,SB"``) or a sequence of codes."""
    items = order.split(",") if isinstance(order, str) else list(order)
    codes = tuple(parse_code(item) for item in items if item.strip())
    seen: set[str] = set()
    for code in codes:
        if code.text in seen:
            raise TiebreakError(f"tie-break code {code.text!r} is listed twice")
        seen.add(code.text)
    return codes
