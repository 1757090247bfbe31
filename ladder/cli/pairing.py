"""``ladder pair FILE``: the next round of a TRF by the FIDE Dutch system (no database).

The file is posed as the pairing engines pose a round (docs/pairing.md §2: the rounds played,
and in the coming round's column only the players who are not to be paired; TRF-2026 ``240``
records of the coming round count as written in that column). The command
prints the boards with start numbers and names and the sentence that explains each; ``--out``
writes the engines' output format (:mod:`ladder.pairing.output_format`), ``--json`` one JSON
object. ``ladder pair --check FILE`` re-pairs every round of a finished TRF and prints each
round the engine pairs differently (bbpPairings's free pairings checker).

Exit status: 0 paired (or, with ``--check``, no round differs); 1 no legal pairing exists (the
reason on stderr), or with ``--check`` some round differs; 2 bad input (a file that cannot be
read, one line on stderr).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .group import EXIT_BAD_INPUT, _, fail, read_text_file

if TYPE_CHECKING:  # the engine is imported only when a command runs
    from ..pairing.api import RoundPairing

EXIT_NO_PAIRING = 1


@click.command("pair")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--out", "out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Also write the boards in the engines' format (count, then 'white black', "
                   "'n 0' for the pairing-allocated bye).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--check", "check", is_flag=True,
              help="Re-pair every round of a finished FILE and print the rounds that differ.")
def pair_command(file: str, out: str | None, as_json: bool, check: bool) -> None:
    """Pair the next round of the TRF FILE by the FIDE Dutch system (C.04.3)."""
    if check and out:
        fail(_("--out and --check cannot be used together"))
    text = read_text_file(file)
    if check:
        _check(text, file, as_json)
    else:
        _pair(text, file, out, as_json)


def _engine_error(file: str, error: Exception) -> None:
    """A file that cannot be paired as it stands: one line naming it, exit 2 (never a stack
    trace). A FormatError already names the file, line and column."""
    from ..formats import FormatError
    text = " ".join(str(error).split())
    fail(text if isinstance(error, FormatError) else f"{file}: {text}")


def _pair(text: str, file: str, out: str | None, as_json: bool) -> None:
    from ..formats import FormatError, read_trf
    from ..formats.trf_write import pose_coming_byes
    from ..pairing import Refusal, pair_trf_detailed
    from ..pairing.output_format import engine_output
    try:
        names = {player.start_no: player.name for player in read_trf(text, file).players}
        # TRF-2026 240 records of the coming round go into its column, as the engine reads it.
        result = pair_trf_detailed(pose_coming_byes(text, file))
    except (FormatError, ValueError) as error:
        _engine_error(file, error)
        return
    if isinstance(result, Refusal):
        if as_json:
            click.echo(json.dumps({"round": result.round, "refusal": str(result.reason)},
                                  ensure_ascii=False))
        click.echo(_("ladder pair: round %(round)d: no legal pairing: %(reason)s",
                     round=result.round, reason=str(result.reason)), err=True)
        sys.exit(EXIT_NO_PAIRING)
    if out:
        try:
            Path(out).write_text(engine_output(result), encoding="utf-8")
        except OSError as error:
            fail(_("%(path)s: cannot write: %(reason)s", path=out, reason=error.strerror))
    if as_json:
        click.echo(json.dumps(_pairing_document(result, names), ensure_ascii=False))
        return
    for line in _pairing_lines(result, names):
        click.echo(line)


def _pairing_document(result: RoundPairing, names: dict[int, str]) -> dict[str, object]:
    """The round as one JSON-ready object."""
    return {
        "round": result.round,
        "boards": [{"board": board.number, "white": board.white,
                    "white_name": names.get(board.white, ""), "black": board.black,
                    "black_name": names.get(board.black, ""),
                    "reasons": [str(reason) for reason in board.reasons]}
                   for board in result.boards],
        "pab": result.pab,
        "pab_name": None if result.pab is None else names.get(result.pab, ""),
        "pab_reason": None if result.pab_reason is None else str(result.pab_reason),
        "notes": [str(note) for note in result.notes],
    }


def _pairing_lines(result: RoundPairing, names: dict[int, str]) -> list[str]:
    """The round as a table: board, White and Black (start number and name), the reasons."""

    def who(start_no: int) -> str:
        return f"{start_no:>4} {names.get(start_no, '')}"

    cells = [(str(board.number), who(board.white), who(board.black), board.reasons)
             for board in result.boards]
    width = max([len(_("White"))] + [len(white) for _n, white, _b, _r in cells])
    lines = [_("Round %(round)d", round=result.round), ""]
    lines.append(f"{_('Board'):>5}  {_('White'):<{width}}  {_('Black')}")
    for number, white, black, reasons in cells:
        lines.append(f"{number:>5}  {white:<{width}}  {black}".rstrip())
        lines += [f"{'':>5}    · {reason}" for reason in reasons]
    if result.pab is not None:
        lines.append("")
        lines.append(_("Pairing-allocated bye: %(player)s", player=who(result.pab).strip()))
        if result.pab_reason is not None:
            lines.append(f"{'':>5}    · {result.pab_reason}")
    if result.notes:
        lines.append("")
        lines += [f"{_('Note')}: {note}" for note in result.notes]
    return lines


def _check(text: str, file: str, as_json: bool) -> None:
    from ..formats import FormatError
    from ..pairing.check import check_file
    try:
        report = check_file(text, file)
    except (FormatError, ValueError) as error:
        _engine_error(file, error)
        return
    checks, differing, verdict = report.rounds, report.differing, report.verdict()
    if as_json:
        click.echo(json.dumps({
            "rounds": len(checks), "differing": len(differing),
            "assumed": [str(line) for line in report.assumed],
            "evidently_not_dutch": report.evidently_not_dutch,
            "verdict": str(verdict) if verdict else None,
            "differences": [{"round": check.round,
                             "lines": [str(line) for line in check.describe()]}
                            for check in differing]}, ensure_ascii=False))
    else:
        for line in report.assumed:
            click.echo(f"{file}: {line}")
        for check in differing:
            for line in check.describe():
                click.echo(str(line))
        if verdict is not None:
            click.echo(f"{file}: {verdict}")
        click.echo(_("%(file)s: %(rounds)d rounds re-paired, %(differing)d differ",
                     file=file, rounds=len(checks), differing=len(differing)))
    sys.exit(EXIT_NO_PAIRING if differing else 0)


__all__ = ["EXIT_BAD_INPUT", "EXIT_NO_PAIRING", "pair_command"]
