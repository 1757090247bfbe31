"""The pairing engines' output format (bbpPairings, JaVaFo): a round's boards as plain text.

The first line is the number of lines that follow — the boards plus one line for the
pairing-allocated bye, if any — then one line ``white black`` per board in board order (start
numbers), and ``n 0`` for the player ``n`` who gets the pairing-allocated bye (bbpPairings
writes it after the boards). Lines end with LF.
"""

from __future__ import annotations

from ladder.pairing.api import RoundPairing


def engine_output(pairing: RoundPairing) -> str:
    """The round ``pairing`` in the engines' output format."""
    lines = [f"{board.white} {board.black}" for board in pairing.boards]
    if pairing.pab is not None:
        lines.append(f"{pairing.pab} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def read_engine_output(text: str) -> tuple[list[tuple[int, int]], int | None]:
    """The boards and the PAB of an engine's output (the inverse of :func:`engine_output`).

    Raises ValueError when the text is not in that format (the count disagrees, a line is not
    two numbers, two PAB lines).
    """
    lines = [line.split() for line in text.splitlines() if line.strip()]
    if not lines or len(lines[0]) != 1 or not lines[0][0].isdecimal():
        raise ValueError("the first line must be the number of pairs")
    if int(lines[0][0]) != len(lines) - 1:
        raise ValueError(f"the first line says {lines[0][0]} pairs but {len(lines) - 1} follow")
    boards: list[tuple[int, int]] = []
    pab: int | None = None
    for number, words in enumerate(lines[1:], start=2):
        if len(words) != 2 or not all(word.isdecimal() for word in words):
            raise ValueError(f"line {number}: expected two start numbers")
        white, black = int(words[0]), int(words[1])
        if black == 0:
            if pab is not None:
                raise ValueError(f"line {number}: a second pairing-allocated bye")
            pab = white
        else:
            boards.append((white, black))
    return boards, pab
