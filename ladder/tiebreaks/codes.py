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
from ladder.tiebreaks.wording import N_, msg
from ladder.vocabulary.lists import halfwidth

#: Every tie-break name the engine knows, with a one-line description citing its article
#: (message ids: help texts, and the ``article`` of an explanation; translated at the web edge).
NAMES: dict[str, str] = {
    "PTS": N_("points (C.07 5)"),
    "DE": N_("direct encounter (C.07 6)"),
    "WIN": N_("number of wins, played or not (C.07 7.1)"),
    "WON": N_("number of games won over the board (C.07 7.2)"),
    "BPG": N_("number of games played with Black (C.07 7.3)"),
    "BWG": N_("number of games won with Black (C.07 7.4)"),
    "PS": N_("progressive score (C.07 7.5)"),
    "REP": N_("rounds one elected to play in (C.07 7.6; GE before 2024-08)"),
    "STD": N_("standard points (C.07 7.7)"),
    "BH": N_("Buchholz (C.07 8.1)"),
    "AOB": N_("average of opponents' Buchholz (C.07 8.2)"),
    "FB": N_("Fore Buchholz (C.07 8.3)"),
    "SB": N_("Sonneborn-Berger (C.07 9.1)"),
    "KS": N_("Koya system (C.07 9.2)"),
    "ARO": N_("average rating of opponents (C.07 10.1)"),
    "TPR": N_("tournament performance rating (C.07 10.2)"),
    "PTP": N_("perfect tournament performance (C.07 10.3)"),
    "APRO": N_("average performance rating of opponents (C.07 10.4)"),
    "APPO": N_("average perfect performance of opponents (C.07 10.5)"),
    "MM": N_("US Chess modified median (34E1)"),
    "SOLK": N_("US Chess Solkoff (34E)"),
    "HARK": N_("US Chess median / Harkness (34E)"),
    "CUM": N_("US Chess cumulative (34E)"),
    "OPCUM": N_("US Chess opponents' cumulative (34E)"),
    "KASH": N_("US Chess Kashdan (34E)"),
    "MB": N_("US Chess most blacks (34E)"),
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
        raise TiebreakError(msg("empty tie-break code"))
    if "/" in raw or "#" in raw:
        parts = re.split(r"[/#]", raw)
    else:
        # Handbook spelling "BH-C1", "KS-L-1": split only before a modifier letter.
        parts = re.split(r"-(?=[A-Za-z])", raw)
    head = parts[0].strip().upper()
    if ":" in head:
        head, _, score = head.partition(":")
        raise TiebreakError(msg(
            "tie-break code %(text)r: score selector ':%(score)s' is for team events, "
            "which this engine does not rank", text=raw, score=score))
    name = ALIASES.get(head, head)
    if name not in NAMES:
        raise TiebreakError(msg(
            "unknown tie-break code %(code)r in %(text)r; known codes: %(known)s",
            code=head, text=raw, known=", ".join(NAMES)))
    low = high = limit = 0
    forfeits_played = False
    for part in parts[1:]:
        mod = part.strip().upper()
        match = _MOD_RE.match(mod)
        if match is None:
            raise TiebreakError(msg("unknown modifier '/%(modifier)s' in tie-break code "
                                    "%(text)r", modifier=part.strip(), text=raw))
        if match["kind"]:
            n = int(match["n"])
            if n < 1:
                raise TiebreakError(msg("modifier '/%(modifier)s' in %(text)r must cut at "
                                        "least one value", modifier=mod, text=raw))
            allowed = _CUTTABLE if match["kind"] == "C" else _MEDIAN_OK
            if name not in allowed:
                raise TiebreakError(msg("modifier '/%(modifier)s' does not apply to %(name)s "
                                        "(in %(text)r)", modifier=mod, name=name, text=raw))
            if low or high:
                raise TiebreakError(msg("tie-break code %(text)r has more than one cut "
                                        "modifier", text=raw))
            low = n
            high = n if match["kind"] == "M" else 0
        elif match["lim"] is not None:
            if name != "KS":
                raise TiebreakError(msg("modifier '/%(modifier)s' (limit) only applies to KS "
                                        "(in %(text)r)", modifier=mod, text=raw))
            limit = int(match["lim"]) * (-1 if match["sign"] == "-" else 1)
        else:
            if name != "DE":
                raise TiebreakError(msg("modifier '/P' only applies to DE (in %(text)r)",
                                        text=raw))
            forfeits_played = True
    return Code(raw, name, low, high, limit, forfeits_played)


def parse_order(order: str | list[str] | tuple[str, ...]) -> tuple[Code, ...]:
    """Parse a comma-separated list (``"BH/C1,BH,SB"``) or a sequence of codes; a full-width
    comma or ``、`` (a Chinese keyboard's) separates codes too, and full-width letters are
    read as ASCII (:func:`ladder.vocabulary.lists.halfwidth`)."""
    items = halfwidth(order).split(",") if isinstance(order, str) else list(order)
    codes = tuple(parse_code(item) for item in items if item.strip())
    seen: set[str] = set()
    for code in codes:
        if code.text in seen:
            raise TiebreakError(msg("tie-break code %(text)r is listed twice", text=code.text))
        seen.add(code.text)
    return codes
