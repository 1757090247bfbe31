"""The entry point (detect_format, read_event) and the errors' message ids."""

from __future__ import annotations

import ast
import doctest
import pickle
from pathlib import Path

import pytest

import ladder.formats.event
from ladder.formats import FORMATS, FormatError, ReadResult, detect_format, read_event
from ladder.vocabulary.messages import Message, msg
from tests.factories import TESTDATA

FORMATS_DIR = Path(ladder.formats.event.__file__).parent
CROSSTABLE = "1  Lee Ann  1500  2w1  1.0\n2  Chen Bo  1400  1b0  0.0\n"
TRF = ("012 Club night\n"
       + "001    1      Lee,Ann                           1500".ljust(91) + "   2 w 1\n"
       + "001    2      Chen,Bo                           1400".ljust(91) + "   1 b 0\n")
PGN = '[Event "Night"]\n[Round "1"]\n[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n\n1. e4 1-0\n'
PASTE = "Round 1\nAnn Lee - Bo Chen 1-0\n"


@pytest.mark.parametrize(("text", "filename", "expected"), [
    (TRF, None, "trf"), (PGN, None, "pgn"), (CROSSTABLE, None, "crosstable"),
    (PASTE, None, "paste"), ("", None, "paste"),
    (PASTE, "results.trf", "trf"), (PASTE, "R.TRFX", "trf"), (TRF, "games.pgn", "pgn"),
    (CROSSTABLE, "<paste>", "crosstable"), (PGN, "notes.txt", "pgn"),
    # Line ends of every kind, a BOM, leading blank lines, tab-separated crosstables.
    (TRF.replace("\n", "\r"), None, "trf"), ("\ufeff" + TRF[TRF.index("001"):], None, "trf"),
    ("\ufeff" + PGN, None, "pgn"), ("\n\n" + CROSSTABLE.replace("\n", "\r"), None, "crosstable"),
    ("1\tLee Ann\t1500\t2w1\t1.0\n", None, "crosstable"),
    # A number and a cell on different lines is no crosstable row (the old pattern's "\s"
    # crossed line ends); a paste with board numbers is no crosstable either.
    ("1 Lee Ann\n2w1\n", None, "paste"), ("1. Ann Lee - Bo Chen 1-0\n", None, "paste"),
])
def test_detect_format(text: str, filename: str | None, expected: str) -> None:
    assert detect_format(text, filename) == expected


@pytest.mark.parametrize(("text", "file_format"), [(TRF, "trf"), (PGN, "pgn"),
                                                   (CROSSTABLE, "crosstable"), (PASTE, "paste")])
def test_read_event_reads_each_format(text: str, file_format: str) -> None:
    result = read_event(text, "<t>")
    assert isinstance(result, ReadResult) and result.ok and result.file_format == file_format
    t = result.require()
    assert t.rounds == 1 and len(t.players) == 2


def test_the_real_files_read_through_the_entry_point() -> None:
    files = sorted(path for folder in ("fide-exercises", "formats", "real-events")
                   for path in (TESTDATA / folder).glob("*.trf*"))
    files += sorted(TESTDATA.glob("pgn/*.pgn"))
    assert len(files) >= 15
    for path in files:
        result = read_event(path.read_text(encoding="utf-8"), str(path))
        assert result.ok, [str(e) for e in result.errors]
        assert result.file_format == ("pgn" if path.suffix == ".pgn" else "trf")


def test_every_error_of_a_paste_and_the_first_of_a_trf() -> None:
    pasted = read_event("Ann Lee 1-0\nRound 1\nBo Chen - Bo Chen 1-0\n", "<t>")
    assert pasted.tournament is None and [e.line for e in pasted.errors] == [1, 3]
    with pytest.raises(FormatError) as raised:
        pasted.require()
    assert raised.value is pasted.errors[0]
    trf = read_event(TRF.replace("   1 b 0", "   1 b 1"), "t.trf")
    assert trf.file_format == "trf" and len(trf.errors) == 1
    assert "results disagree" in trf.errors[0].message


def test_the_format_given_wins_and_an_unknown_one_is_a_caller_error() -> None:
    assert read_event(CROSSTABLE, "<t>", "paste").errors[0].message.startswith("no result found")
    with pytest.raises(ValueError, match="unknown format 'csv'"):
        read_event(PASTE, "<t>", "csv")
    assert FORMATS == ("trf", "pgn", "paste", "crosstable")


def test_a_refused_size_still_names_a_format() -> None:
    result = read_event("001 " + "x" * (3 * 1024 * 1024), "big.txt")
    assert result.file_format == "trf" and "too large" in result.errors[0].message


def test_module_example() -> None:
    assert doctest.testmod(ladder.formats.event).failed == 0


def test_format_error_carries_a_message_id_with_values() -> None:
    err = read_event("Round 1\nAnn Lee - Bo Chen 1-0\nAnn Lee - Cy Dow 1-0\n", "n.txt").errors[0]
    assert err.msg == msg("“%(name)s” is paired twice in round %(round)d (also on line "
                          "%(line)d)", name="Ann Lee", round=1, line=2)
    assert err.message == "“Ann Lee” is paired twice in round 1 (also on line 2)"
    assert str(err) == "n.txt:3:1: “Ann Lee” is paired twice in round 1 (also on line 2)"
    described = err.describe()
    assert described.id == "line %(line)d, column %(column)d: %(message)s"
    assert described.params["message"] is err.msg
    # The web edge translates the sentence and, inside it, the message.
    french = {"line %(line)d, column %(column)d: %(message)s":
              "ligne %(line)d, colonne %(column)d : %(message)s"}
    assert described.render(lambda i: french.get(i, i)).startswith("ligne 3, colonne 1 : “Ann")
    no_column = FormatError("a.trf", 4, None, msg("player has no name"))
    assert str(no_column.describe()) == "line 4: player has no name"
    whole = FormatError("a.trf", None, None, "plain text is accepted too")
    assert whole.describe() == Message("plain text is accepted too")


def test_format_error_pickles() -> None:
    err = FormatError("a.trf", 3, 7, msg("round %(round)d: x", round=2))
    again = pickle.loads(pickle.dumps(err))
    assert (again.source, again.line, again.column, again.msg) == ("a.trf", 3, 7, err.msg)
    assert str(again) == "a.trf:3:7: round 2: x"


def _message_argument(call: ast.Call) -> ast.expr | None:
    """The message argument of FormatError(source, line, column, message) or fail(message)."""
    name = call.func.id if isinstance(call.func, ast.Name) else ""
    if name == "FormatError":
        return call.args[3] if len(call.args) == 4 else None
    if name == "fail":
        return call.args[0] if call.args else None
    return None


def test_every_reader_message_is_a_message_id() -> None:
    # Every refusal goes through msg(): a whole sentence with named placeholders, extracted
    # for translation (babel.cfg registers msg and N_); never an f-string or a plain string.
    problems = []
    for path in sorted(FORMATS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.name}:{node.lineno}"
            if isinstance(node.func, ast.Name) and node.func.id in ("msg", "N_"):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.JoinedStr) or isinstance(first, ast.BinOp):
                    problems.append(f"{where}: {node.func.id}() of a built string")
                continue
            argument = _message_argument(node)
            if argument is None:
                continue
            if isinstance(argument, (ast.Constant, ast.JoinedStr, ast.BinOp)):
                problems.append(f"{where}: message is not a msg(...) id")
    assert problems == []


def test_the_package_stays_pure() -> None:
    # ladder.formats is pure core (docs/architecture.md §1): no Flask, SQLAlchemy, app layers.
    forbidden = ("flask", "flask_babel", "sqlalchemy", "ladder.models", "ladder.extensions",
                 "ladder.services", "ladder.queries", "ladder.web")
    found = []
    for path in sorted(FORMATS_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.name}: {n}" for n in names
                      if any(n == f or n.startswith(f + ".") for f in forbidden)]
    assert found == []


def test_every_public_name_is_there_when_asked_for() -> None:
    # The package imports each module on first use: every name of __all__ must resolve, to
    # the object its own module defines.
    import importlib

    import ladder.formats as formats
    assert set(formats.__all__) == {*formats._HOME, "limits"}
    for name in formats.__all__:
        value = getattr(formats, name)
        if name == "limits":
            assert value is importlib.import_module("ladder.formats.limits")
        else:
            home = importlib.import_module(f"ladder.formats.{formats._HOME[name]}")
            assert value is getattr(home, name), name
    with pytest.raises(AttributeError):
        formats.no_such_reader  # noqa: B018
