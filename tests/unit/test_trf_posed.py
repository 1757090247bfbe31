"""read_posed_trf: a TRF posed for pairing read cell by cell as written (docs/pairing.md §2).

The engine's behaviour on whole files is proved by the reference rounds
(tests/unit/pairing/test_dutch_reference.py); here: what the reader keeps that ``read_trf``
does not (a blank cell), each record as written, and where it refuses.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ladder.formats import FormatError, PairingInputError, read_posed_trf, read_trf
from ladder.formats.limits import MAX_ROUNDS
from ladder.formats.trf import ForbiddenPairs
from ladder.formats.trf_posed import PosedCell
from ladder.pairing.so_far import tournament_so_far
from ladder.vocabulary.tournament import Colour, Kind


def p001(no: int, name: str, *cells: str, points: str) -> str:
    """A 001 line: start number 5-8, name 15-47, points 81-84, round r from 92 + 10(r-1)."""
    head = f"001 {no:>4} {'':5}{name:<33} {'':31} {points:>4}"
    assert len(head) == 84
    return (head.ljust(91) + "".join(f"{cell:<10}" for cell in cells)).rstrip()

# Round 1 played (1-2, 3-4); round 2 posed: 3 asked for a half-point bye, the others blank.
POSED = [
    "012 Posed", "XXR 3", "XXC white1",
    p001(1, "Ann", "   2 w 1", points="1.0"),
    p001(2, "Bob", "   1 b 0", points="0.0"),
    p001(3, "Cy", "   4 w =", "0000 - H", points="1.0"),
    p001(4, "Di", "   3 b =", points="0.5"),
]


def test_a_blank_cell_stays_blank_where_read_trf_makes_a_zero_bye() -> None:
    text = "\n".join(POSED)
    posed = read_posed_trf(text)
    assert [p.start_no for p in posed.players] == [1, 2, 3, 4]
    ann, cy = posed.players[0], posed.players[2]
    assert ann.cells == (PosedCell(2, Colour.WHITE, "1", True),)  # nothing after round 1
    assert cy.cells[1] == PosedCell(None, None, "H", True)
    assert cy.points == Fraction(1) and posed.players[3].points == Fraction(1, 2)
    # The finished-event reader gives Ann's round 2 as an absence worth nothing.
    assert read_trf(text).player(1).results[1].kind is Kind.ZERO_BYE
    # The engine's adapter: round 2 is the coming round, Cy is not to be paired in it.
    so_far = tournament_so_far(text)
    assert so_far.played_rounds == 1
    assert [pid + 1 for pid, p in so_far.players.items() if len(p.matches) > 1] == [3]


def test_a_blank_cell_before_a_written_one_is_kept_in_its_round() -> None:
    line = p001(1, "Ann", "", "0000 - Z", points="0.0")
    cells = read_posed_trf(line).players[0].cells
    assert cells == (PosedCell(None, None, " ", False), PosedCell(None, None, "Z", True))


def test_every_record_is_read_as_written() -> None:
    text = "\n".join([
        *POSED, "XXC rank", "152 B", "142 5", "XXP 1 4", "260   2   3 0002 0003",
        "240 H   2    1    2", "BBW  2.0", "BBU  0.5", "162  Z 0.5",
    ])
    posed = read_posed_trf(text)
    assert posed.rounds == 5  # the last of XXR 3 and 142 5
    assert posed.initial_colour is Colour.BLACK  # 152 B came after XXC white1
    assert posed.rank_order
    assert posed.forbidden == (ForbiddenPairs((1, 4)), ForbiddenPairs((2, 3), 2, 3))
    assert posed.byes == ((2, 1), (2, 2))
    assert posed.points == {"win": Fraction(2), "pairing_bye": Fraction(1, 2),
                            "zero_bye": Fraction(1, 2), "forfeit_loss": Fraction(1, 2)}


@pytest.mark.parametrize(("cell", "what"), [
    ("   2 x 1", "unknown colour %(code)s"),
    ("   1 w 1", "a player is listed as their own opponent"),
    ("0000 w 1", "a colour is given where there is no opponent"),
    ("   2 w ?", "unknown result %(code)s"),
    ("   2 - H", "a bye is given with an opponent"),
    ("   2 - 1", "a game is given without a colour"),
    ("  x2 w 1", "a start number must be a positive whole number"),
])
def test_a_cell_that_cannot_be_read_names_its_line(cell: str, what: str) -> None:
    with pytest.raises(PairingInputError) as caught:
        read_posed_trf("\n".join(["XXR 3", p001(1, "Ann", cell, points="1.0")]))
    message = caught.value.message
    assert message.id == "TRF line %(line)d: %(what)s"
    assert message.params["line"] == 2
    assert message.params["what"].id == what


def test_the_house_refusals_of_a_whole_file_apply() -> None:
    with pytest.raises(FormatError) as binary:
        read_posed_trf("XXR 3\n001\x00")
    assert binary.value.line == 2
    beyond = p001(1, "Ann", points="0.0").ljust(91 + 10 * MAX_ROUNDS) + "0000 - H"
    with pytest.raises(FormatError) as far:
        read_posed_trf(beyond)
    assert far.value.line == 1 and far.value.column == 92 + 10 * MAX_ROUNDS
    # Any line end, and a leading byte-order mark is no part of the first record.
    text = "\ufeff" + "\r\n".join(POSED[3:]) + "\rXXR 4"
    posed = read_posed_trf(text)
    assert [p.start_no for p in posed.players] == [1, 2, 3, 4] and posed.rounds == 4
