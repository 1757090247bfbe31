"""Cut a finished TRF text so that it poses one of its rounds (``tests/data/pairings/README.md``).

To pose round r: every ``001`` line keeps rounds 1..r-1 as played; in round r's column only
a requested bye (``0000 - H``, ``Z`` or ``F``) stays, for the players who are not to be paired;
games, forfeits and the pairing-allocated bye (``U``) of round r are removed, and so is every
later round. The points column becomes the points of rounds 1..r-1 plus the points of round
r's requested bye. Every other line (``012``, ``XXR``, ``XXC``, ``XXP``, ``BBU`` …) is kept.

The text is cut as written, not read into a :class:`~ladder.vocabulary.tournament.Tournament`
and written again (:func:`ladder.formats.trf_write.pose_round` does that for the house's own
events): the reference cases and ``ladder pair --check`` pose exactly the lines they were given.
"""

from __future__ import annotations

from ladder.formats.trf_posed import PairingInputError
from ladder.vocabulary.messages import msg

_FIRST_ROUND = 91  # 0-based column of round 1's opponent; each round takes 10 columns
_REQUESTED_BYES = ("H", "Z", "F")


def _point_values(lines: list[str]) -> dict[str, float]:
    values = {"W": 1.0, "D": 0.5, "L": 0.0, "Z": 0.0, "F": 0.0, "U": 1.0}
    pab_given = False
    for line in lines:
        prefix = line[:3]
        if prefix in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            try:
                value = float(line[4:12].strip())
            except ValueError:
                raise PairingInputError(msg("The point value on line %(code)s is not a number.",
                                            code=prefix)) from None
            values[prefix[2]] = value
            if prefix == "BBU":
                pab_given = True
            elif prefix == "BBW" and not pab_given:
                values["U"] = value
    return values


def _entry_points(entry: str, values: dict[str, float]) -> float:
    """Points of one round's entry (``opponent colour result``) of a 001 line."""
    opponent, result = entry[0:4], entry[7:8].upper()
    if result in ("1", "W"):
        return values["W"]
    if result == "+":
        return values["W"]
    if result in ("=", "D"):
        return values["D"]
    if result == "H":
        return values["D"]
    if result == "F":
        return values["W"]
    if result == "U":
        return values["U"]
    if result == "-":
        return values["F"] if opponent.strip() not in ("", "0000") else values["Z"]
    if result in ("0", "L"):
        return values["L"]
    return values["Z"]


def cut_to_round(finished_trf_text: str, round_number: int) -> str:
    """The TRF that poses round ``round_number`` (1-based) of a finished tournament."""
    if round_number < 1:
        raise PairingInputError(msg("The round to pose must be 1 or more."))
    text = finished_trf_text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    values = _point_values(lines)
    out = []
    for line in lines:
        if not line.startswith("001"):
            out.append(line)
            continue
        head = line[:_FIRST_ROUND].ljust(_FIRST_ROUND)
        entries = []
        points = 0.0
        for index in range(round_number):
            start = _FIRST_ROUND + 10 * index
            entry = line[start:start + 8].ljust(8)
            if index < round_number - 1:
                entries.append(entry)
                if entry.strip():
                    points += _entry_points(entry, values)
            elif entry[0:4] == "0000" and entry[7:8].upper() in _REQUESTED_BYES:
                entries.append(f"0000 - {entry[7].upper()}")
                points += _entry_points(entry, values)
        rounds = "  ".join(entries).rstrip()
        head = head[:80] + f"{points:4.1f}" + head[84:]
        out.append((head + rounds).rstrip())
    return "\n".join(out)
