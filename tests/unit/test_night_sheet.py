"""The club night's pure sheet: the pairing-number rule, the TRF posed to the engine (compared
column by column with shared bbpPairings cases), the tournament, hand-pairing warnings."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ladder.club.night import (
    Entrant,
    Sheet,
    SheetBoard,
    berger_pairs,
    berger_round_count,
    check_pairs,
    finished_rounds,
    has_results,
    manual_warnings,
    message_from_json,
    message_to_json,
    not_paired,
    pose_round,
    seed_key,
    swap_boards,
    to_tournament,
)
from ladder.formats.trf import read_exchange, read_trf
from ladder.pairing import berger_rounds
from ladder.vocabulary.messages import msg
from ladder.vocabulary.tournament import Colour, Kind
from tests.factories import TESTDATA

ROUND_COLUMN = 91


def test_pairing_numbers_follow_the_stated_rule() -> None:
    players = [("Established 1500", 1500, 40), ("Provisional 1500", 1500, 2),
               ("Provisional 1900", 1900, 1), ("Established 1600", 1600, 25),
               ("Zed Guest", None, 0), ("Ann New", 1200, 0)]
    order = sorted(players, key=lambda p: seed_key(p[0], p[1], p[2], provisional_games=5))
    assert [p[0] for p in order] == ["Provisional 1900", "Established 1600",
                                     "Established 1500", "Provisional 1500", "Ann New",
                                     "Zed Guest"]


def _sheet_from_trf(name: str) -> tuple[Sheet, str]:
    """A shared case read back into a sheet: boards, PABs, H/Z byes, late entries."""
    text = (TESTDATA / "night" / name).read_text()
    t = read_trf(text)
    boards, byes = [], []
    joined: dict[int, int] = {}
    for player in t.players:
        for result in player.results:
            if result.kind is Kind.PAIRING_BYE:
                boards.append(SheetBoard(result.round, 0, player.start_no, None, None))
            elif result.kind in (Kind.HALF_BYE, Kind.ZERO_BYE):
                byes.append((result.round, player.start_no,
                             "H" if result.kind is Kind.HALF_BYE else "Z"))
            elif result.colour is Colour.WHITE:
                code = {Kind.WIN: "1-0", Kind.DRAW: "½-½", Kind.LOSS: "0-1",
                        Kind.FORFEIT_WIN: "1-0F", Kind.FORFEIT_LOSS: "0-1F",
                        Kind.DOUBLE_FORFEIT: "0-0F"}[result.kind]
                boards.append(SheetBoard(result.round, 0, player.start_no, result.opponent, code))
        joined[player.start_no] = 1
    order = tuple(int(line[4:8]) for line in text.splitlines() if line.startswith("001"))
    entrants = tuple(Entrant(p.start_no, p.name, p.rating, joined[p.start_no])
                     for p in t.players)
    colour = "black1" if "XXC black1" in text else "white1"
    forbidden = tuple((int(a), int(b)) for line in text.splitlines() if line.startswith("XXP")
                      for a, b in [line.split()[1:3]])
    return Sheet(name="x", rounds=t.rounds, entrants=entrants, boards=tuple(boards),
                 byes=tuple(byes), forbidden=forbidden, initial_colour=colour,
                 order=order if order != tuple(sorted(order)) else (),
                 pab_half="BBU" in text), text


def _fields(line: str) -> list[str]:
    rest = line[ROUND_COLUMN:]
    return [rest[i:i + 10].rstrip() for i in range(0, len(rest), 10)]


def test_posed_round_has_the_shared_cases_columns() -> None:
    for name in ("club-005.trf", "club-007.trf"):
        sheet, text = _sheet_from_trf(name)
        theirs = {int(line[4:8]): line for line in text.splitlines() if line.startswith("001")}
        for round_no in range(1, sheet.rounds + 1):
            posed = pose_round(sheet, round_no)
            ours = [line for line in posed.splitlines() if line.startswith("001")]
            assert [int(line[4:8]) for line in ours] == list(theirs)  # the pairing list
            for line in ours:
                number = int(line[4:8])
                expected = _fields(theirs[number])[:round_no - 1]
                pending = _fields(theirs[number])[round_no - 1]
                if pending.startswith("0000") and pending[-1] in "HZ":
                    expected.append(pending)
                assert _fields(line) == expected, (name, round_no, number)
                assert line[:84].split()[1] == str(number)
            assert f"XXR {sheet.rounds}" in posed
            assert ("rank" in posed) == ("rank" in text)
            # The XXP records as the house's reader reads them (the writer aligns the numbers).
            posed_pairs = {group.players for group in read_exchange(posed).forbidden}
            assert all((a, b) in posed_pairs for a, b in sheet.forbidden)


def test_points_include_the_coming_rounds_bye() -> None:
    sheet = Sheet(name="n", rounds=3, entrants=tuple(Entrant(i, f"P{i}") for i in (1, 2, 3)),
                  boards=(SheetBoard(1, 1, 1, 2, "1-0"), SheetBoard(1, 2, 3, None)),
                  byes=((2, 1, "H"),), pab_half=True)
    lines = {int(line[4:8]): line for line in pose_round(sheet, 2).splitlines()
             if line.startswith("001")}
    assert lines[1][80:84].strip() == "1.5"   # a win and the coming half-point bye
    assert lines[3][80:84].strip() == "0.5"   # a ½-point PAB (BBU 0.5)
    assert "BBU  0.5" in pose_round(sheet, 2)
    assert not_paired(sheet, 2) == {1: "H"}


def test_late_entrant_and_withdrawal_are_not_paired() -> None:
    sheet = Sheet(name="n", rounds=4, entrants=(Entrant(1, "A"), Entrant(2, "B", joined=3),
                                                Entrant(3, "C", withdrawn_from=2)))
    assert not_paired(sheet, 1) == {2: "Z"}
    assert not_paired(sheet, 2) == {2: "Z", 3: "Z"}
    assert not_paired(sheet, 3) == {3: "Z"}


def test_tournament_of_the_night() -> None:
    sheet = Sheet(name="n", rounds=2, entrants=(Entrant(1, "A"), Entrant(2, "B"),
                                                Entrant(3, "C")),
                  boards=(SheetBoard(1, 1, 1, 2, "½-½"), SheetBoard(1, 2, 3, None),
                          SheetBoard(2, 1, 3, 1, "0-1F")))
    t = to_tournament(sheet, 2)
    assert [r.kind for r in t.player(1).results] == [Kind.DRAW, Kind.FORFEIT_WIN]
    assert [r.kind for r in t.player(3).results] == [Kind.PAIRING_BYE, Kind.FORFEIT_LOSS]
    assert t.player(2).results[1].kind is Kind.ZERO_BYE
    assert finished_rounds(sheet) == 2


def test_hand_pairing_warnings_name_the_rule() -> None:
    sheet = Sheet(name="n", rounds=3, entrants=tuple(Entrant(i, f"P{i}") for i in range(1, 5)),
                  boards=(SheetBoard(1, 1, 1, 2, "1-0"), SheetBoard(1, 2, 3, 4, "1-0"),
                          SheetBoard(2, 1, 1, 3, "1-0"), SheetBoard(2, 2, 4, 2, "1-0")),
                  forbidden=((1, 4),))
    warnings = manual_warnings(sheet, 3, [(1, 2), (4, 3)], None)
    ids = [w.id for w in warnings]
    assert any(i.startswith("C.04.1 b") for i in ids)          # 1 and 2 met in round 1
    assert any("three times" in i for i in ids)                 # 1: White three times
    clean = [(4, 1), (2, 3)]
    assert [w.id for w in manual_warnings(sheet, 3, clean, None)] == [
        "%(white)s and %(black)s are a forbidden pair (they must not be paired)."]
    assert manual_warnings(replace(sheet, forbidden=()), 3, clean, None) == []
    assert check_pairs(sheet, 3, [(1, 2)], None) is not None   # 3 and 4 have no board
    assert check_pairs(sheet, 3, [(1, 2), (1, 3)], None) is not None


def _two_rounds_played() -> Sheet:
    """Six players, two rounds played, round 3 of 4 paired (by the engine, say)."""
    return Sheet(name="n", rounds=4, entrants=tuple(Entrant(i, f"P{i}") for i in range(1, 7)),
                 boards=(SheetBoard(1, 1, 1, 4, "1-0"), SheetBoard(1, 2, 5, 2, "0-1"),
                         SheetBoard(1, 3, 3, 6, "½-½"),
                         SheetBoard(2, 1, 2, 1, "½-½"), SheetBoard(2, 2, 6, 3, "1-0"),
                         SheetBoard(2, 3, 4, 5, "1-0"),
                         SheetBoard(3, 1, 3, 1), SheetBoard(3, 2, 5, 2), SheetBoard(3, 3, 6, 4)))


def test_a_swap_changes_only_the_boards_it_touches_and_says_why() -> None:
    sheet = _two_rounds_played()
    # 2 and 4 change places: board 2 becomes 5-4 (a rematch of round 2, where 4 had White),
    # board 3 becomes 6-2; board 1 is untouched.
    swapped = swap_boards(sheet, 3, 2, 4)
    assert [(b.board, b.white, b.black) for b in swapped.boards] == [
        (1, 3, 1), (2, 5, 4), (3, 6, 2)]
    assert set(swapped.changed) == {2, 3}
    board2 = swapped.changed[2]
    assert board2[0].id.startswith("Changed by hand") and board2[0].params == {
        "player": 4, "opponent": 2}
    assert any("C.04.3 C.1" in m.id and m.params == {"white": 5, "black": 4} for m in board2)
    # 4 played Black then White: mildly due Black, gets Black — nothing counted against it.
    assert not any("does not get" in m.id for m in board2)
    assert [w.id for w in swapped.warnings] == [m.id for m in board2[1:] if "C.1" in m.id]
    board3 = swapped.changed[3]
    assert board3[0].params == {"player": 2, "opponent": 4}
    # 6 played Black then White: mildly due Black, but gets White (counted, C.12); 2 played
    # Black then White and gets Black. No rule is broken there.
    assert [m.params for m in board3 if "does not get" in m.id] == [{"player": 6}]
    assert not any(m.id.startswith("C.04") for m in board3)


def test_a_swap_names_the_absolute_colour_rules() -> None:
    # Rounds 1-2: 1 and 2 had White twice, 3 and 4 Black twice (absolute preferences); the
    # engine pairs round 3 as 3-1 and 4-2. 2 and 3 changing places gives 2-1 and 4-3: two
    # boards of players with the same absolute preference (C.3), 2 and 3 the same colour a
    # third time (C.04.1 g) and a colour difference of three (C.04.1 f).
    sheet = Sheet(name="n", rounds=5, entrants=tuple(Entrant(i, f"P{i}") for i in range(1, 5)),
                  boards=(SheetBoard(1, 1, 1, 3, "1-0"), SheetBoard(1, 2, 2, 4, "1-0"),
                          SheetBoard(2, 1, 1, 4, "1-0"), SheetBoard(2, 2, 2, 3, "1-0"),
                          SheetBoard(3, 1, 3, 1), SheetBoard(3, 2, 4, 2)))
    swapped = swap_boards(sheet, 3, 2, 3)
    assert [(b.white, b.black) for b in swapped.boards] == [(2, 1), (4, 3)]
    for number, who in ((1, 2), (2, 3)):
        ids = [m.id for m in swapped.changed[number]]
        assert ids[0].startswith("Changed by hand by the organizer: %(player)s took the place")
        assert sum(i.startswith("C.04.3 C.3:") for i in ids) == 1
        assert [m.params for m in swapped.changed[number]
                if m.id.startswith(("C.04.1 f:", "C.04.1 g:"))] == [{"player": who}] * 2
    # The same board changed by hand back again: a colour swap is said as one.
    again = swap_boards(replace(sheet, boards=swapped.boards + sheet.boards[:4]), 3, 4, 3)
    assert set(again.changed) == {2}
    assert again.changed[2][0].id.startswith("Changed by hand by the organizer: %(white)s and "
                                             "%(black)s changed colours")


def test_a_swap_with_the_bye_names_c2() -> None:
    sheet = Sheet(name="n", rounds=3, entrants=tuple(Entrant(i, f"P{i}") for i in range(1, 4)),
                  boards=(SheetBoard(1, 1, 1, 2, "1-0"), SheetBoard(1, 2, 3),
                          SheetBoard(2, 1, 3, 1), SheetBoard(2, 2, 2)))
    swapped = swap_boards(sheet, 2, 2, 3)
    assert [(b.white, b.black) for b in swapped.boards] == [(2, 1), (3, None)]
    bye = swapped.changed[2]
    assert bye[0].params == {"player": 3, "opponent": 2}
    assert any("C.04.3 C.2" in m.id for m in bye)
    assert any("C.04.1 b" in m.id for m in swapped.changed[1])  # 2 and 1 met in round 1


def test_round_robin_from_berger_with_a_withdrawal() -> None:
    sheet = Sheet(name="n", rounds=3, entrants=(Entrant(1, "A"), Entrant(2, "B"),
                                                Entrant(3, "C"), Entrant(4, "D",
                                                                         withdrawn_from=2)))
    table = berger_rounds(4)
    assert berger_pairs(sheet, 1, table) == table[0]
    second = berger_pairs(sheet, 2, table)
    assert all(4 not in pair for pair in second) and len(second) == 1


def test_messages_survive_json() -> None:
    message = msg("%(player)s gets the bye (%(why)s).", player=3, why=msg("lowest"))
    assert message_from_json(message_to_json(message)) == message
    assert str(message_from_json(message_to_json(message))) == "3 gets the bye (lowest)."
    assert Fraction(1) == 1


def test_a_round_robins_rounds_follow_from_the_players() -> None:
    """C.05 Annex 1: n − 1 rounds for an even n, n for an odd n (the dummy), twice that for a
    double round-robin; the Berger table itself has exactly that many rounds."""
    for players in range(3, 15):
        for double in (False, True):
            table = berger_rounds(players, 2 if double else 1)
            assert berger_round_count(players, double) == len(table)
    assert [berger_round_count(n) for n in (0, 1, 2, 3, 4, 5, 6)] == [0, 0, 0, 3, 3, 5, 5]


def test_a_night_has_results_only_once_a_game_has_one() -> None:
    entrants = tuple(Entrant(n, f"P{n}") for n in (1, 2, 3))
    paired = Sheet("N", 2, entrants, boards=(SheetBoard(1, 1, 1, 2), SheetBoard(1, 2, 3, None)))
    assert not has_results(Sheet("N", 2, entrants))
    assert not has_results(paired)  # a pairing-allocated bye alone is no game
    assert has_results(replace(paired, boards=(SheetBoard(1, 1, 1, 2, "0-0F"),
                                               SheetBoard(1, 2, 3, None))))
