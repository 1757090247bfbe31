"""Regression: ``ladder import`` reads a Swiss-Manager crosstable as the web desk does.

Format detection used to exist twice: the desk recognised a crosstable, ``ladder import`` did
not (it read the text as pasted results and failed with "no result found"). Both now call
``ladder.formats.read_event``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import Event, Member
from ladder.services.importing import parse
from ladder.services.intake import IntakeForm, preview
from ladder.vocabulary.tournament import EventKind, Kind

# Written by hand in the layout chess-results prints and Swiss-Manager copies as text: a
# title, a heading row, then one row per player with columns separated by runs of spaces.
# Five players, three rounds: a pairing bye, a half-point bye and a zero bye; consistent
# pairings (every cell agrees with the opponent's row) and printed points.
CROSSTABLE = """\
Club Autumn Swiss 2025
Final Ranking crosstable after 3 Rounds

Rk.  Name          Rtg   FED  1.Rd  2.Rd  3.Rd  Pts.
1    Lee Ann       1500  ENG  4w1   2b½   3w1   2.5
2    Chen Bo       1400       3b1   1w½   5b½   2.0
3    Wu Cai        1350       2w0   5w0   1b0   0
4    Park Dee      1300       1b0   -½    -0    0.5
5    Quinn Zed     0          -1    3b1   2w½   2.5
"""


def test_cli_import_of_a_crosstable_publishes_it(app, runner, tmp_path: Path) -> None:
    path = tmp_path / "autumn.txt"
    path.write_text(CROSSTABLE, encoding="utf-8")
    result = runner.invoke(args=["import", str(path), "--date", "2025-10-01",
                                 "--name", "Autumn Swiss"])
    assert result.exit_code == 0, result.output
    assert "5 new members" in result.output
    with app.app_context():
        event = db.session.scalars(select(Event)).one()
        assert (event.name, event.source_format) == ("Autumn Swiss", "crosstable")
        assert db.session.scalar(select(func.count(Member.id))) == 5


def test_cli_and_web_read_the_same_tournament(app, tmp_path: Path) -> None:
    path = str(tmp_path / "autumn.txt")
    cli_tournament, cli_format = parse(CROSSTABLE, path, None)
    with app.app_context():
        web = preview(IntakeForm(name="Autumn Swiss", date="2025-10-01", text=CROSSTABLE,
                                 source="<paste>"))
    assert web.ok, [str(e) for e in web.parse_errors]
    assert (cli_format, web.file_format) == ("crosstable", "crosstable")
    assert web.tournament == cli_tournament
    # And it is the event written above, not merely the same misreading twice.
    t = cli_tournament
    assert (t.rounds, len(t.players), t.kind) == (3, 5, EventKind.SWISS)
    assert [r.kind for r in t.player(5).results] == [Kind.PAIRING_BYE, Kind.WIN, Kind.DRAW]
    assert [r.kind for r in t.player(4).results] == [Kind.LOSS, Kind.HALF_BYE, Kind.ZERO_BYE]
    assert t.player(1).points == Fraction(5, 2) and t.player(5).rating is None


def test_cli_refuses_a_limit_with_one_line(app, runner, tmp_path: Path) -> None:
    # A 21-byte file with a large round number used to hold ``ladder import`` for seconds.
    path = tmp_path / "tiny.txt"
    path.write_text("Round 99999999\nA - B 1-0\n", encoding="utf-8")
    result = runner.invoke(args=["import", str(path), "--date", "2025-10-01"])
    assert result.exit_code == 2
    message = result.output.strip()
    assert message.count("\n") == 0
    assert message == (f"ladder: error: {path}:1:7: round 99,999,999 is above the limit of "
                       "99 rounds")
    with app.app_context():
        assert db.session.scalar(select(func.count(Event.id))) == 0
