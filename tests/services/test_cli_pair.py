"""``ladder pair`` on real files: the next round (table, --json, --out), a refusal, bad input,
``--check`` on finished files (clean, and a tampered round), and ``ladder bench pairing``.

The expected pairings are bbpPairings v6's, from tests/data/pairings/driven-manifest.json.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ladder.cli import cli
from ladder.formats import Exchange, RoundByes, read_exchange, read_trf, write_exchange
from ladder.formats.trf_cut import cut_to_round
from ladder.pairing.output_format import read_engine_output
from ladder.vocabulary.tournament import Kind, Tournament
from tests.factories import TESTDATA

PAIRINGS = TESTDATA / "pairings"
MANIFEST = {entry["file"]: entry for entry in json.loads(
    (PAIRINGS / "driven-manifest.json").read_text(encoding="utf-8"))["tournaments"]}
BYES = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE)


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def finished(name: str) -> str:
    return (PAIRINGS / "driven" / name).read_text(encoding="utf-8")


def expected(name: str, round_no: int) -> tuple[list[tuple[int, int]], int | None]:
    """The reference's boards (sorted by White's start number, not in board order) and PAB."""
    detail = MANIFEST[f"driven/{name}"]["rounds_detail"][round_no - 1]
    assert detail["round"] == round_no
    return [tuple(pair) for pair in detail["pairs"]], detail["pab"]  # type: ignore[misc]


def posed(tmp_path: Path, name: str, round_no: int) -> Path:
    path = tmp_path / f"{Path(name).stem}-r{round_no}.trf"
    path.write_text(cut_to_round(finished(name), round_no), encoding="utf-8", newline="")
    return path


def test_pair_prints_boards_with_names_and_reasons(tmp_path: Path) -> None:
    result = run("pair", str(posed(tmp_path, "club-001.trf", 3)))
    assert result.exit_code == 0, result.output
    names = {p.start_no: p.name for p in read_trf(finished("club-001.trf")).players}
    pairs, pab = expected("club-001.trf", 3)
    lines = result.output.splitlines()
    assert lines[0] == "Round 3"
    for white, black in pairs:
        assert any(f"{white:>4} {names[white]}" in line and f"{black:>4} {names[black]}" in line
                   for line in lines), (white, black)
    assert pab is None and "Pairing-allocated bye" not in result.output


@pytest.mark.parametrize(("name", "round_no"), [("club-001.trf", 2), ("club-006.trf", 4),
                                                ("club-007.trf", 3), ("club-029.trf", 5)])
def test_pair_json_and_out_equal_the_endorsed_engine(tmp_path: Path, name: str,
                                                     round_no: int) -> None:
    out = tmp_path / "round.txt"
    result = run("pair", str(posed(tmp_path, name, round_no)), "--json", "--out", str(out))
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    pairs, pab = expected(name, round_no)
    assert document["round"] == round_no
    assert sorted((b["white"], b["black"]) for b in document["boards"]) == sorted(pairs)
    assert document["pab"] == pab
    assert [b["board"] for b in document["boards"]] == list(range(1, len(pairs) + 1))
    assert all(isinstance(reason, str) for b in document["boards"] for reason in b["reasons"])
    text = out.read_text(encoding="utf-8")
    assert int(text.splitlines()[0]) == len(pairs) + (pab is not None)
    boards, bye = read_engine_output(text)
    assert boards == [(b["white"], b["black"]) for b in document["boards"]]  # board order
    assert sorted(boards) == sorted(pairs) and bye == pab
    if pab is not None:
        assert text.splitlines()[-1] == f"{pab} 0"


def posed_by_exchange(text: str, round_no: int) -> str:
    """Round ``round_no`` of a finished file posed by our own writer (write_exchange)."""
    t = read_trf(text)
    exchange = read_exchange(text)
    byes: dict[Kind, list[int]] = {}
    for player in t.players:
        result = player.result_in(round_no)
        if result is not None and result.kind in BYES:
            byes.setdefault(result.kind, []).append(player.start_no)
    cut = Tournament(t.name, tuple(
        replace(p, results=tuple(r for r in p.results if r.round < round_no), points=None)
        for p in t.players), round_no - 1)
    return write_exchange(cut, Exchange(
        rounds=exchange.rounds, initial_colour=exchange.initial_colour,
        pairing_order=exchange.pairing_order, forbidden=exchange.forbidden,
        points=exchange.points,
        byes=tuple(RoundByes(kind, round_no, tuple(players)) for kind, players in byes.items())))


@pytest.mark.parametrize(("name", "round_no"), [("club-002.trf", 3), ("club-006.trf", 5),
                                                ("club-007.trf", 4), ("club-011.trf", 3)])
def test_our_exchange_writer_poses_rounds_the_engine_pairs_as_the_reference(
        tmp_path: Path, name: str, round_no: int) -> None:
    path = tmp_path / "posed.trf"
    path.write_text(posed_by_exchange(finished(name), round_no), encoding="utf-8", newline="")
    result = run("pair", str(path), "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    pairs, pab = expected(name, round_no)
    assert sorted((b["white"], b["black"]) for b in document["boards"]) == sorted(pairs)
    assert document["pab"] == pab


def test_no_legal_pairing_exits_1_with_the_reason_on_stderr() -> None:
    result = run("pair", str(PAIRINGS / "driven" / "nopair-013-r4.trf"))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "round 4: no legal pairing:" in result.stderr
    assert len(result.stderr.strip()) > len("ladder pair: round 4: no legal pairing: ")
    as_json = run("pair", str(PAIRINGS / "driven" / "nopair-013-r4.trf"), "--json")
    assert as_json.exit_code == 1 and json.loads(as_json.stdout)["refusal"]


def test_unreadable_files_give_one_clear_line(tmp_path: Path) -> None:
    missing = run("pair", str(tmp_path / "nope.trf"))
    assert missing.exit_code == 2 and "cannot read" in missing.stderr
    binary = tmp_path / "binary.trf"
    binary.write_bytes(b"001\x00\x01\x02")
    garbled = tmp_path / "garbled.trf"
    garbled.write_text(finished("club-001.trf").replace("XXR 7", "XXR seven"), encoding="utf-8")
    empty = tmp_path / "empty.trf"
    empty.write_text("012 nothing here\n", encoding="utf-8")
    for path in (binary, garbled, empty):
        result = run("pair", str(path))
        assert result.exit_code == 2, (path, result.output)
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "Traceback" not in result.stderr and str(path) in result.stderr


@pytest.mark.parametrize("name", ["club-001.trf", "club-006.trf", "club-007.trf", "club-055.trf"])
def test_check_reports_no_difference_on_finished_files(name: str) -> None:
    result = run("pair", "--check", str(PAIRINGS / "driven" / name))
    assert result.exit_code == 0, result.output
    rounds = MANIFEST[f"driven/{name}"]["rounds"]
    assert result.output.strip().endswith(f"{rounds} rounds re-paired, 0 differ")


def test_check_prints_each_differing_round(tmp_path: Path) -> None:
    # Swap the colours of round 3's game 2-1 (2 had White): the file now says 1-2.
    lines = finished("club-001.trf").splitlines()
    column = 91 + 20 + 5
    for index, line in enumerate(lines):
        if line[4:8] in ("   1", "   2"):
            colour = line[column]
            lines[index] = line[:column] + {"w": "b", "b": "w"}[colour] + line[column + 1:]
    path = tmp_path / "tampered.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("pair", "--check", str(path))
    assert result.exit_code == 1
    assert "round 3: in the file, not from the engine: 1-2" in result.output
    assert "round 3: from the engine, not in the file: 2-1" in result.output
    assert re.search(r"7 rounds re-paired, [1-7] differ$", result.output.strip())
    document = json.loads(run("pair", "--check", str(path), "--json").output)
    assert document["differing"] >= 1 and 3 in [d["round"] for d in document["differences"]]
    if document["differing"] < 3:  # a round or two: a slip, not another system
        assert not document["evidently_not_dutch"] and "evidently" not in result.output


@pytest.mark.parametrize(("name", "colour"), [("club-001.trf", "white1"),
                                              ("club-002.trf", "black1"),
                                              ("club-007.trf", "black1")])
def test_check_infers_the_initial_colour_a_file_does_not_give(tmp_path: Path, name: str,
                                                              colour: str) -> None:
    """Without XXC/152 (every chess-results export) the initial colour comes from round 1,
    as the endorsed checkers infer it; the reference files then re-pair identically."""
    lines = [line.replace(" white1", "").replace(" black1", "") if line.startswith("XXC")
             else line for line in finished(name).splitlines()]
    lines = [line for line in lines if line.strip() != "XXC"]
    assert not any(colour in line for line in lines)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("pair", "--check", str(path))
    assert result.exit_code == 0, result.output
    assert f"its round 1 shows {'White' if colour == 'white1' else 'Black'} for the " \
           f"top-ranked player paired (XXC {colour})." in result.output
    assert result.output.strip().endswith(" rounds re-paired, 0 differ")


@pytest.mark.parametrize("name", ["real-events/hobsonsbay_april_rapid_2025.trf",
                                  "real-events/dojo_classical_2022_grp3.trf"])
def test_check_reads_real_exports_and_says_they_were_not_paired_by_the_dutch_system(
        tmp_path: Path, name: str) -> None:
    """Real files (chess-results/Swiss-Manager and online exports): no XXC; one also without
    XXR here (as FIDE's own example file). They are checked, not refused, and the output says
    what was assumed and that the file was evidently not paired by the Dutch system with
    these pairing numbers."""
    path = str(TESTDATA / name)
    result = run("pair", "--check", path)
    assert result.exit_code == 1, result.output
    assert "gives no initial colour (XXC or 152): its round 1 shows" in result.output
    assert "was evidently not paired by the FIDE Dutch system" in result.output
    without_xxr = tmp_path / "no-xxr.trf"
    lines = (TESTDATA / name).read_text(encoding="utf-8").splitlines()
    without_xxr.write_text("\n".join(line for line in lines if not line.startswith("XXR"))
                           + "\n", encoding="utf-8")
    document = json.loads(run("pair", "--check", str(without_xxr), "--json").output)
    assert document["evidently_not_dutch"] is True and document["verdict"]
    assert any("no initial colour" in line for line in document["assumed"])
    rounds = document["rounds"]
    assert rounds == read_trf(without_xxr.read_text(encoding="utf-8")).rounds > 1
    assert f"The file gives no number of rounds (XXR or 142): the {rounds} rounds it holds." \
        in document["assumed"]


def test_check_and_out_together_are_refused(tmp_path: Path) -> None:
    result = run("pair", "--check", str(PAIRINGS / "driven" / "club-001.trf"), "--out",
                 str(tmp_path / "x.txt"))
    assert result.exit_code == 2 and not (tmp_path / "x.txt").exists()


def test_bench_pairing_prints_one_json_line() -> None:
    result = run("bench", "pairing", "--sizes", "10,11", "--rounds", "4", "--timed", "1,3")
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["bench"] == "pairing" and report["timed_rounds"] == [1, 3]
    for size in (10, 11):
        entry = report[f"players_{size}"]
        assert "refused_round" not in entry
        assert set(entry["seconds"]) == {"round_1", "round_3"}
        assert all(value >= 0 for value in entry["seconds"].values())
        assert entry["all_rounds"] >= sum(entry["seconds"].values()) - 1e-3
        assert set(entry["rounds_detail"]) == {"round_1", "round_3"}
        for figures in entry["rounds_detail"].values():
            assert figures["engine_cpu_s"] > 0 and figures["engine_peak_mib"] > 0
            assert figures["process_cpu_s"] > figures["engine_cpu_s"]  # start-up included
            assert "bbp_cpu_s" not in figures


FAKE_BBP = """#!{python}
# Stands in for bbpPairings (--dutch FILE -p OUT): pairs with this engine, writes its format.
import sys
from pathlib import Path
from ladder.pairing import pair_trf_detailed
from ladder.pairing.output_format import engine_output
_, system, posed, flag, out = sys.argv
assert (system, flag) == ("--dutch", "-p")
Path(out).write_text(engine_output(pair_trf_detailed(Path(posed).read_text())))
"""


#: Stands in for valgrind's massif: writes a report whose largest heap snapshot is 1.5 MiB.
FAKE_VALGRIND = """#!/bin/sh
for word in "$@"; do
  case "$word" in --massif-out-file=*) out="${word#--massif-out-file=}" ;; esac
done
printf 'snapshot=0\nmem_heap_B=524288\nsnapshot=1\nmem_heap_B=1572864\nmem_heap_B=0\n' > "$out"
"""


def test_bench_pairing_sets_the_engine_beside_another_executable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "bbpPairings.exe"
    fake.write_text(FAKE_BBP.format(python=sys.executable), encoding="utf-8")
    fake.chmod(0o755)
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "valgrind").write_text(FAKE_VALGRIND, encoding="utf-8")
    (tools / "valgrind").chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}:{os.environ['PATH']}")
    result = run("bench", "pairing", "--sizes", "12", "--rounds", "3", "--timed", "2",
                 "--bbp", str(fake), "--heap")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["bbp"] == str(fake)
    figures = report["players_12"]["rounds_detail"]["round_2"]
    assert figures["same_as_bbp"] is True
    assert figures["bbp_cpu_s"] > 0
    assert figures["engine_cpu_ratio"] == pytest.approx(
        figures["engine_cpu_s"] / figures["bbp_cpu_s"], abs=0.006)
    assert figures["process_cpu_ratio"] == pytest.approx(
        figures["process_cpu_s"] / figures["bbp_cpu_s"], abs=0.006)
    assert figures["bbp_heap_peak_mib"] == 1.5  # the report's largest snapshot
    assert figures["engine_heap_ratio"] == pytest.approx(figures["engine_peak_mib"] / 1.5,
                                                         abs=0.006)
    assert report["interpreter_peak_mib"] > 0


def test_requested_byes_given_only_as_240_records_are_not_paired(tmp_path: Path) -> None:
    # club-001 round 4: players 1 and 14 asked for a half-point bye.
    column = 91 + 30
    lines = []
    for line in cut_to_round(finished("club-001.trf"), 4).splitlines():
        if line.startswith("001") and line[column:column + 8] == "0000 - H":
            points = float(line[80:84]) - 0.5
            line = (line[:80] + f"{points:>4.1f}" + line[84:column]).rstrip()
        lines.append(line)
    lines.append("240 H 004    1   14")
    path = tmp_path / "byes-240.trf"
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8", newline="")
    result = run("pair", str(path), "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    pairs, pab = expected("club-001.trf", 4)
    assert sorted((b["white"], b["black"]) for b in document["boards"]) == sorted(pairs)
    assert document["pab"] == pab
    seated = {n for b in document["boards"] for n in (b["white"], b["black"])}
    assert not seated & {1, 14}
