"""Fuzzing the one entry point: any short text either reads or is refused with FormatErrors.

Never another exception (a ValueError from int(), an IndexError, a KeyError…), and whatever
comes out is bounded by the limits: rounds, players, errors and message lengths. No timing is
asserted (deadline=None): the size of what is produced is.

The texts are built from the pieces each format is made of — round headers, results, TRF
records at their columns, crosstable cells, PGN tags — with numbers from 0 to far beyond the
limits, so that the readers' edge cases are reached, not just their "no result found".
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ladder.formats import FORMATS, FormatError, ReadResult, read_event, write_trf
from ladder.formats.limits import (
    MAX_ERRORS,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_QUOTE,
    MAX_RATING,
    MAX_ROUNDS,
    MAX_START_NO,
    line_count,
)
from ladder.vocabulary.messages import Message

NUMBERS = st.one_of(
    st.integers(0, 12).map(str),
    st.sampled_from(["99", "100", "0000", "9999", "10000", "999999", "99999999",
                     "9" * 12, "9" * 4400, "0" * 30 + "1", "٣"]))
WORDS = st.sampled_from(["Ann", "Lee", "Bo", "Chen", "Jean-Luc", "Weiß", "GM", "ENG", "X",
                         "bye", "half bye", "½ bye", "absent", "pab", "vs", "v", "board",
                         "Round", "R", "Rd.", "<b>"])
SEPARATORS = st.sampled_from([" ", "  ", "\t", " - ", "-", "–", " − ", " vs ", ":", ".", "(",
                              ")", ",", "  ", "\n", "\r\n", "\r", "\x00", "\ufeff"])
RESULTS = st.sampled_from(["1-0", "0-1", "½-½", "1/2-1/2", "0.5-0.5", "=", "+:-", "-:+",
                           "1-0F", "0-0F", "1F-0F", "*", "0-0", "2-0", "1:0", "+", "-", "1",
                           "0", "½"])
CELLS = st.builds(lambda n, c, r: f"{n}{c}{r}", NUMBERS, st.sampled_from(["w", "b", "s", ""]),
                  st.sampled_from(["1", "0", "½", "=", "+", "-", "1/2", "x"]))
BYE_CELLS = st.sampled_from(["-1", "-½", "-0", "-", "+", "-x"])
PIECES = st.one_of(NUMBERS, WORDS, SEPARATORS, RESULTS, CELLS, BYE_CELLS,
                   st.text(max_size=3))


@st.composite
def paste_or_crosstable(draw: st.DrawFn) -> str:
    """Lines of words, numbers, results and cells: pastes, crosstables and nonsense."""
    lines = draw(st.lists(st.lists(PIECES, max_size=12).map(" ".join), max_size=8))
    return "\n".join(lines)


@st.composite
def trf(draw: st.DrawFn) -> str:
    """TRF records: headers (XXR, 142, 132, 162, XXS…) and 001 lines at their columns."""
    lines = []
    for _ in range(draw(st.integers(0, 4))):
        code = draw(st.sampled_from(["012", "042", "092", "132", "142", "162", "202", "XXR",
                                     "XXS", "250"]))
        lines.append(f"{code} " + draw(st.lists(PIECES, max_size=4).map(" ".join)))
    for _ in range(draw(st.integers(0, 4))):
        start = draw(NUMBERS.filter(lambda n: len(n) <= 4))
        head = f"001 {start:>4} m   {draw(WORDS):<33} {draw(NUMBERS)[:4]:>4}".ljust(91)
        cells = ""
        for _ in range(draw(st.integers(0, 4))):
            opponent = draw(st.sampled_from(["   1", "   2", "   3", "0000", "    ", "  99",
                                             "abcd"]))
            colour = draw(st.sampled_from("wb- x"))
            code = draw(st.sampled_from("10=+-WDLHFUZ ?"))
            cells += f"{opponent} {colour} {code}  "
        far = draw(st.sampled_from(["", " " * 990 + "   1 w 1", " " * 5000 + "x"]))
        lines.append((head + cells + far).rstrip())
    return draw(st.sampled_from(["\n", "\r\n", "\r"])).join(lines)


@st.composite
def pgn(draw: st.DrawFn) -> str:
    """Tag pairs with values from the pieces (rounds, Elos and names beyond the limits)."""
    lines = []
    for _ in range(draw(st.integers(0, 10))):
        tag = draw(st.sampled_from(["Event", "White", "Black", "Result", "Round", "WhiteElo",
                                    "BlackElo", "Date", "WhiteTitle"]))
        value = draw(st.one_of(PIECES, st.sampled_from(["A" * (MAX_NAME + 1), "3.1",
                                                        "2024.01.05"])))
        lines.append(f'[{tag} "{value}"]')
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "1. e4 e5 1-0", "["])))
    return "\n".join(lines)


NAMES = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eli Roth", "Fay Ng", "Gus Holm"]


@st.composite
def event(draw: st.DrawFn) -> str:
    """A valid small event written in one of the four formats, then mutated a few times:
    the mutations land deep in the readers (cross-checks, byes, ratings), past the first
    line."""
    n = draw(st.integers(2, len(NAMES)))
    rounds = draw(st.integers(1, 4))
    ratings = [draw(st.sampled_from([0, 1200, 1850, 2400])) for _ in range(n)]
    games: list[list[tuple[int, int | None, str]]] = []  # per round: (white, black, result)
    for _ in range(rounds):
        order = draw(st.permutations(range(1, n + 1)))
        pairs = [(order[i], order[i + 1], draw(st.sampled_from(["1-0", "0-1", "½-½"])))
                 for i in range(0, n - 1, 2)]
        byes = [(order[-1], None, "bye")] if n % 2 else []
        games.append([*pairs, *byes])
    file_format = draw(st.sampled_from(FORMATS))
    lines: list[str] = []
    if file_format == "paste":
        for r, round_games in enumerate(games, 1):
            lines.append(f"Round {r}")
            lines += [f"{NAMES[w - 1]} ({ratings[w - 1]}) - {NAMES[b - 1]} {res}" if b
                      else f"{NAMES[w - 1]} bye" for w, b, res in round_games]
    elif file_format == "pgn":
        for r, round_games in enumerate(games, 1):
            for w, b, res in round_games:
                if b:
                    lines += [f'[Round "{r}.1"]', f'[White "{NAMES[w - 1]}"]',
                              f'[Black "{NAMES[b - 1]}"]', f'[Result "{res.replace("½", "1/2")}"]',
                              f'[WhiteElo "{ratings[w - 1]}"]', "", "1. e4 e5 " + res, ""]
    else:
        cells: dict[int, list[str]] = {i: [] for i in range(1, n + 1)}
        for round_games in games:
            for w, b, res in round_games:
                if b is None:
                    cells[w].append("-1" if file_format == "crosstable" else "0000 - U")
                    continue
                left, right = {"1-0": ("1", "0"), "0-1": ("0", "1"), "½-½": ("½", "½")}[res]
                if file_format == "crosstable":
                    cells[w].append(f"{b}w{left}")
                    cells[b].append(f"{w}b{right}")
                else:
                    cells[w].append(f"{b:>4} w {left.replace('½', '=')}")
                    cells[b].append(f"{w:>4} b {right.replace('½', '=')}")
        if file_format == "crosstable":
            lines.append("Rk.  Name  Rtg  " + "  ".join(f"{r}.Rd" for r in range(1, rounds + 1)))
            lines += [f"{i}  {NAMES[i - 1]}  {ratings[i - 1]}  " + "  ".join(cells[i])
                      for i in range(1, n + 1)]
        else:
            lines.append(f"012 Fuzz open\nXXR {rounds}")
            lines += [f"001 {i:>4}      {NAMES[i - 1]:<33} {ratings[i - 1] or '':>4}".ljust(91)
                      + "  ".join(cells[i]) for i in range(1, n + 1)]
    text = "\n".join(lines)
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 3))
        text = text[:at] + draw(st.one_of(PIECES, st.just(""))) + text[at + cut:]
    return text


TEXTS = st.one_of(event(), paste_or_crosstable(), trf(), pgn(), st.text(max_size=60))


def check(text: str, result: ReadResult) -> None:
    """The invariants of every answer."""
    assert isinstance(result, ReadResult) and result.file_format in FORMATS
    assert (result.tournament is None) == bool(result.errors)
    lines = line_count(text)
    # One error per line at most, plus the whole-text ones (missing rounds) and the note.
    assert len(result.errors) <= min(lines + MAX_ROUNDS + 1, MAX_ERRORS + 1)
    for error in result.errors:
        assert isinstance(error, FormatError) and isinstance(error.msg, Message)
        english = str(error)
        assert "\n" not in english and english.startswith("<fuzz>")
        # Bounded whatever the input: quoted input is cut to MAX_QUOTE, names to MAX_NAME.
        assert len(error.message) <= 400 + 2 * MAX_NAME + 6 * MAX_QUOTE
        assert error.line is None or 1 <= error.line <= max(lines, 1)
        assert error.column is None or error.column >= 1
        assert str(error.describe())  # the translatable form renders too
    t = result.tournament
    if t is None:
        return
    assert 0 <= t.rounds <= MAX_ROUNDS and len(t.players) <= MAX_PLAYERS
    for player in t.players:
        assert 1 <= player.start_no <= MAX_START_NO
        assert player.rating is None or 0 < player.rating <= MAX_RATING
        assert len(player.results) <= t.rounds
        assert all(1 <= r.round <= t.rounds for r in player.results)
    write_trf(t)  # every event read fits a TRF (start numbers and ratings within 4 digits)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_detected_format_reads_or_refuses(text: str) -> None:
    check(text, read_event(text, "<fuzz>"))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS, st.sampled_from(FORMATS))
def test_every_format_reads_or_refuses_any_text(text: str, file_format: str) -> None:
    result = read_event(text, "<fuzz>", file_format)
    assert result.file_format == file_format
    check(text, result)
