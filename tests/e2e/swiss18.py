"""An 18-player, 5-round Swiss with long names (the print test's event; also used by hand).

Pairings by the circle method (no pair meets twice), results from the start numbers, with
draws, a half-point bye and a forfeit, so every column of the standings and the crosstable
is exercised. Names are long on purpose: printed, each must stay on one line.
"""

from __future__ import annotations

import datetime as dt

from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament

NAMES = [
    "Alexandra Wiśniewska-Kowalczyk", "Maximiliano Fernández Castellanos",
    "Oluwaseun Adebayo-Okafor",
    "Bartholomew Featherstonehaugh", "Ni Luh Putu Ayu Kusumawardani", "Konstantinos Papadopoulos",
    "Siddharth Venkataraman Iyer", "Jean-Baptiste Delacroix-Moreau", "Magdalena Grzegorzewska",
    "Muhammad Rizky Pratama Putra", "Anneliese Hohenzollern-Berg", "Thorvaldur Gudmundsson",
    "Guadalupe Villanueva Herrera", "Christopher Montgomery-Smythe", "Dang Thi Phuong Thao",
    "Rafaela Albuquerque Pereira", "Aleksandr Vladimirovich Orlov", "Bernadette O'Sullivan-Byrne",
]


def swiss18_games() -> tuple[list[tuple], list[tuple]]:
    """(games, byes) for :func:`tests.factories.tournament`."""
    n = len(NAMES)
    games, byes = [], []
    ring = list(range(2, n + 1))
    for round_no in range(1, 6):
        order = [1] + ring
        for board in range(n // 2):
            a, b = order[board], order[n - 1 - board]
            white, black = (a, b) if (round_no + board) % 2 else (b, a)
            if round_no == 3 and board == 8:  # one absence: a half-point bye and a forfeit win
                byes.append((round_no, white, Kind.HALF_BYE))
                byes.append((round_no, black, Kind.PAIRING_BYE))
                continue
            if round_no == 4 and board == 7:
                games.append((round_no, white, black, Kind.FORFEIT_WIN))
                continue
            diff = (white - black) % 5
            kind = (Kind.DRAW if diff == 0
                    else (Kind.WIN if white < black or diff == 1 else Kind.LOSS))
            games.append((round_no, white, black, kind))
        ring = ring[-1:] + ring[:-1]
    return games, byes


def publish_swiss18(date: dt.date = dt.date(2026, 11, 26)) -> int:
    """Publish the event (inside an app context); its id."""
    games, byes = swiss18_games()
    t = tournament(NAMES, games, name="Riverside Autumn Open 2026 — Section A", byes=byes)
    return publish_t(t, date).id
