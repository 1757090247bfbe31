"""Round-robin schedules by the FIDE Berger tables (C.05 Annex 1), and a withdrawal mid-event.

Pure: numbers in, numbers out. Players are pairing numbers 1..n.

The tables (C.05 Annex 1) for an even number of players N: there are N-1 rounds; player N
meets in round r the player ``p = (N/2 · (r-1)) mod (N-1) + 1`` — ``p`` has White in odd
rounds, N has White in even rounds — and the other boards pair ``p+k`` (White) with ``p-k``
(Black), k = 1 … N/2-1, counted round the circle 1 … N-1. That board with N is board 1 and the
others follow in the order of k, as the published tables print them (e.g. N = 8, round 2:
8-5, 6-4, 7-3, 1-2). For an odd number n the table of N = n+1 is used and the player who
would meet N has the bye (the dummy's game is left out).

A double round-robin plays the table twice, the second cycle with colours reversed. FIDE
recommends (C.05 Annex 1) swapping the first cycle's last two rounds so that nobody has the
same colour three times running across the cycles' seam; ``swap_last_two`` does that swap in
the first cycle only (the second cycle stays the unswapped table, colours reversed).
"""

from __future__ import annotations

from dataclasses import dataclass

Pair = tuple[int, int]


def _single_cycle(n: int) -> list[list[Pair]]:
    """The Berger table of ``n`` players, per round the boards (white, black); bye left out."""
    size = n + 1 if n % 2 else n  # odd n: the dummy n+1 is the bye
    circle = size - 1
    half = size // 2
    rounds: list[list[Pair]] = []
    for index in range(circle):  # index = round - 1
        p = (half * index) % circle + 1
        boards: list[Pair] = []
        if size == n:  # the board with the highest number exists only for even n
            boards.append((p, size) if index % 2 == 0 else (size, p))
        for k in range(1, half):
            white = (p - 1 + k) % circle + 1
            black = (p - 1 - k) % circle + 1
            boards.append((white, black))
        rounds.append(boards)
    return rounds


def berger_rounds(n: int, cycles: int = 1, swap_last_two: bool = False) -> list[list[Pair]]:
    """The rounds of a round-robin of ``n`` players (n ≥ 3) by the FIDE Berger tables.

    Each round is a list of boards ``(white, black)`` by pairing number, in board order; for odd
    ``n`` the player with the bye (who would meet the dummy n+1) is simply absent from the
    round. ``cycles`` cycles are played, every second cycle with colours reversed.
    ``swap_last_two`` swaps the first cycle's last two rounds (FIDE's recommendation for a
    double round-robin, C.05 Annex 1); later cycles keep the table's own order.
    """
    if n < 3:
        raise ValueError(f"a round-robin needs at least 3 players, not {n}")
    if cycles < 1:
        raise ValueError(f"cycles must be at least 1, not {cycles}")
    table = _single_cycle(n)
    rounds: list[list[Pair]] = []
    for cycle in range(cycles):
        if cycle % 2 == 0:
            cycle_rounds = [list(boards) for boards in table]
        else:
            cycle_rounds = [[(black, white) for white, black in boards] for boards in table]
        if cycle == 0 and swap_last_two and len(cycle_rounds) >= 2:
            cycle_rounds[-2], cycle_rounds[-1] = cycle_rounds[-1], cycle_rounds[-2]
        rounds.extend(cycle_rounds)
    return rounds


def bye_of_round(n: int, boards: list[Pair]) -> int | None:
    """The player of 1..n who is not on any of ``boards`` (odd n: the bye), or None."""
    seated = {player for board in boards for player in board}
    idle = [player for player in range(1, n + 1) if player not in seated]
    return idle[0] if len(idle) == 1 else None


@dataclass(frozen=True)
class Withdrawal:
    """A round-robin schedule after a player withdrew (see :func:`withdraw`)."""

    player: int
    first_absent_round: int  # 1-based
    #: The schedule with the withdrawn player's games from ``first_absent_round`` on left out.
    rounds: list[list[Pair]]
    #: The games that will not be played: (round, (white, black)). They are not results.
    not_played: list[tuple[int, Pair]]
    games_completed: int
    games_scheduled: int
    #: Whether the withdrawn player's games (and their opponents' games against them) count
    #: in the final standings: at least half of the scheduled games completed.
    counts_in_standings: bool


def withdraw(rounds: list[list[Pair]], player: int, first_absent_round: int,
             games_completed: int | None = None) -> Withdrawal:
    """The schedule ``rounds`` after ``player`` withdraws before round ``first_absent_round``.

    Our reading of the FIDE Tournament Rules for a round-robin (C.05, the conduct of the
    players): a withdrawn player's remaining games are simply not played — they are not
    results (not wins by forfeit for the opponents, not losses); each opponent is idle in that
    round, and the other boards stay as the table has them. If the player completed fewer than
    half of their scheduled games, the games they did play stay in the record (for rating) but
    are not counted in the final standings, neither for them nor against them; with half or
    more they count. ``games_completed`` defaults to the player's games scheduled before
    ``first_absent_round``; pass the number actually played when games were already missed.
    Several withdrawals: apply this to the ``rounds`` of the previous answer.
    """
    if not 1 <= first_absent_round <= len(rounds) + 1:
        raise ValueError(f"round {first_absent_round} is not in a schedule of {len(rounds)} rounds")
    kept: list[list[Pair]] = []
    not_played: list[tuple[int, Pair]] = []
    scheduled = 0
    before = 0
    for number, boards in enumerate(rounds, start=1):
        remaining: list[Pair] = []
        for board in boards:
            if player in board:
                scheduled += 1
                if number >= first_absent_round:
                    not_played.append((number, board))
                    continue
                before += 1
            remaining.append(board)
        kept.append(remaining)
    if scheduled == 0:
        raise ValueError(f"player {player} has no game in this schedule")
    completed = before if games_completed is None else games_completed
    return Withdrawal(player=player, first_absent_round=first_absent_round, rounds=kept,
                      not_played=not_played, games_completed=completed,
                      games_scheduled=scheduled, counts_in_standings=2 * completed >= scheduled)
