"""``bench_pairing()``: the pairing speed benchmark of docs/qualities.md §1 and docs/pairing.md §6.

For each size, a deterministic synthetic Swiss (seeded ratings and results): every round is
posed as the engines pose it (:func:`ladder.formats.write_exchange`: the rounds played, the
total number of rounds, the initial colour, about 3 % requested half-point byes from round 2
on) and paired by the engine; the results come from the ratings (a seeded Elo expectation
with draws). Building the text is not measured.

Per timed round (1, 5 and 9 by default) three figures, each named for what it covers:

* ``engine_cpu_s``: CPU seconds of :func:`ladder.pairing.pair_trf_detailed` in this process
  (the engine alone: reading the TRF, the matchings, the reasons), the mean of enough calls
  to last a few tenths of a second; ``engine_peak_mib``: the most memory the engine's Python
  objects held during one call (``tracemalloc``, in a call that is not timed);
* ``process_cpu_s`` and ``process_peak_mib``: a whole ``ladder pair FILE --out OUT`` process
  (the interpreter's start, the imports, the engine, the output): user + system CPU seconds
  as the operating system counts the finished child (the median of a few runs), and its peak
  resident size as GNU time reads it (None where ``/usr/bin/time`` is missing);
* with ``bbp`` (the path of a bbpPairings executable): the same whole-process figures of
  ``bbpPairings --dutch FILE -p OUT`` on the same posed file, whether its answer equals the
  engine's, and the ratios (engine CPU / bbp CPU, process CPU / bbp CPU, process peak / bbp
  peak);
* with ``bbp`` and ``heap`` (valgrind installed), the memory of the two pairings themselves, without
  their runtimes: ``bbp_heap_peak_mib``, the most heap bbpPairings held (valgrind's massif,
  ``mem_heap_B``), beside ``engine_peak_mib``, and their ratio ``engine_heap_ratio``. The
  whole-process peak of a Python program starts at the interpreter's own (``python -c
  pass``, ``interpreter_peak_mib`` in the report), already more than twice bbpPairings'
  whole process; these two figures compare what each engine allocates to pair the round.

``seconds`` keeps, per timed round, the CPU seconds of the call that paired the round for
the tournament (one call; the detail above is measured apart), ``all_rounds`` their sum over
every round. Targets on a 2-core machine: 30 players ≤ 0.2 s, 60 ≤ 0.5 s, 500 ≤ 30 s per
round.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from ladder.formats import Exchange, RoundByes, write_exchange
from ladder.vocabulary.tournament import Colour, Kind, Player, RoundResult, Tournament

#: Seconds per round the issue asks for, by number of players.
TARGETS = {30: 0.2, 60: 0.5, 500: 30.0}
#: Repeat a measurement until it has lasted this many CPU seconds (at most :data:`MAX_RUNS`).
SPAN = 0.3
MAX_RUNS = 25
#: ``ladder pair`` as a child process (the console script's entry point).
_LADDER = ("-c", "import sys; from ladder.cli import main; sys.argv[0] = 'ladder'; main()")


def bench_pairing(sizes: tuple[int, ...] = (30, 60, 500), rounds: int = 9,
                  timed: tuple[int, ...] = (1, 5, 9), seed: int = 2026,
                  bbp: str | None = None, processes: bool = True,
                  heap: bool = False) -> dict[str, object]:
    """Engine and whole-process CPU seconds and peak memory to pair each timed round of a
    synthetic Swiss of each size (beside bbpPairings' when ``bbp`` is given); one JSON object.

    ``processes=False`` leaves out the whole-process figures (and bbpPairings); ``heap=True``
    adds bbpPairings' heap peak (valgrind, slow) beside the engine's."""
    report: dict[str, object] = {"bench": "pairing", "rounds": rounds, "seed": seed,
                                 "timed_rounds": list(timed)}
    if bbp is not None:
        report["bbp"] = bbp
    if processes:
        report["interpreter_peak_mib"] = _peak_mib([sys.executable, "-c", "pass"])
    with tempfile.TemporaryDirectory(prefix="ladder-bench-pairing-") as folder:
        for size in sizes:
            report[f"players_{size}"] = _one_size(size, rounds, timed, seed, Path(folder),
                                                  bbp if processes else None, processes,
                                                  heap)
    return report


def _one_size(size: int, rounds: int, timed: tuple[int, ...], seed: int, folder: Path,
              bbp: str | None, processes: bool, heap: bool) -> dict[str, object]:
    from ladder.pairing import Refusal, pair_trf_detailed  # the engine (imported when run)

    rng = random.Random(f"{seed}-{size}")
    ratings = sorted((rng.randint(1000, 2600) for _ in range(size)), reverse=True)
    rating = {start_no: value for start_no, value in enumerate(ratings, start=1)}
    results: dict[int, list[RoundResult]] = {start_no: [] for start_no in rating}
    seconds: dict[str, float | None] = {f"round_{r}": None for r in timed if r <= rounds}
    detail: dict[str, dict[str, object]] = {}
    total = 0.0
    out: dict[str, object] = {"seconds": seconds}
    for round_no in range(1, rounds + 1):
        byes = sorted(rng.sample(sorted(rating), max(1, size * 3 // 100))) if round_no > 1 else []
        t = Tournament("Synthetic Swiss", tuple(
            Player(start_no, f"Player {start_no:04d}", rating[start_no], tuple(results[start_no]))
            for start_no in rating), round_no - 1)
        exchange = Exchange(rounds=rounds, initial_colour=Colour.WHITE,
                            byes=(RoundByes(Kind.HALF_BYE, round_no, tuple(byes)),) if byes
                            else ())
        text = write_exchange(t, exchange)
        start = time.process_time()
        pairing = pair_trf_detailed(text)
        elapsed = time.process_time() - start
        total += elapsed
        key = f"round_{round_no}"
        if key in seconds:
            seconds[key] = round(elapsed, 4)
            detail[key] = _measure(text, elapsed, folder / f"p{size}-r{round_no}", bbp,
                                   processes, heap)
        if isinstance(pairing, Refusal):
            out["refused_round"] = round_no
            out["refusal"] = str(pairing.reason)
            break
        for start_no in byes:
            results[start_no].append(RoundResult(round_no, Kind.HALF_BYE))
        if pairing.pab is not None:
            results[pairing.pab].append(RoundResult(round_no, Kind.PAIRING_BYE))
        for white, black in pairing.pairs():
            kinds = _result(rng, rating[white], rating[black])
            results[white].append(RoundResult(round_no, kinds[0], black, Colour.WHITE))
            results[black].append(RoundResult(round_no, kinds[1], white, Colour.BLACK))
    out["all_rounds"] = round(total, 4)
    out["rounds_detail"] = detail
    target = TARGETS.get(size)
    if target is not None:
        out["target"] = target
        worst = [value for value in seconds.values() if value is not None]
        out["within_target"] = bool(worst) and max(worst) <= target and "refused_round" not in out
    return out


def _measure(text: str, first: float, stem: Path, bbp: str | None,
             processes: bool, heap: bool) -> dict[str, object]:
    """The figures of one posed round (module docstring)."""
    from ladder.pairing import pair_trf_detailed

    runs = [first]
    while sum(runs) < SPAN and len(runs) < MAX_RUNS:
        start = time.process_time()
        pair_trf_detailed(text)
        runs.append(time.process_time() - start)
    figures: dict[str, object] = {"engine_cpu_s": round(statistics.fmean(runs), 5),
                                  "engine_runs": len(runs)}
    tracemalloc.start()
    try:
        pair_trf_detailed(text)
        engine_peak = round(tracemalloc.get_traced_memory()[1] / 2**20, 3)
    finally:
        tracemalloc.stop()
    figures["engine_peak_mib"] = engine_peak
    if not processes:
        return figures
    posed = stem.with_suffix(".trf")
    posed.write_text(text, encoding="utf-8")
    ours_out = stem.with_suffix(".ladder.txt")
    cpu, peak = _child([sys.executable, *_LADDER, "pair", str(posed), "--out", str(ours_out)])
    figures.update(process_cpu_s=cpu, process_peak_mib=peak)
    if bbp is not None:
        bbp_out = stem.with_suffix(".bbp.txt")
        bbp_cpu, bbp_peak = _child([bbp, "--dutch", str(posed), "-p", str(bbp_out)])
        figures.update(bbp_cpu_s=bbp_cpu, bbp_peak_mib=bbp_peak,
                       same_as_bbp=_same_answer(ours_out, bbp_out))
        if bbp_cpu > 0:
            figures["engine_cpu_ratio"] = round(statistics.fmean(runs) / bbp_cpu, 2)
            figures["process_cpu_ratio"] = round(cpu / bbp_cpu, 2)
        if peak is not None and bbp_peak:
            figures["process_peak_ratio"] = round(peak / bbp_peak, 2)
        bbp_heap = _heap_peak_mib([bbp, "--dutch", str(posed), "-p", str(bbp_out)],
                                  stem.with_suffix(".massif")) if heap else None
        if bbp_heap:
            figures["bbp_heap_peak_mib"] = bbp_heap
            figures["engine_heap_ratio"] = round(engine_peak / bbp_heap, 2)
    return figures


def _child(command: list[str]) -> tuple[float, float | None]:
    """Median CPU seconds (user + system, as the operating system counts the finished child)
    of ``command`` run a few times, and its peak resident size in MiB (:func:`_peak_mib`)."""
    cpus: list[float] = []
    while not cpus or (sum(cpus) < SPAN and len(cpus) < MAX_RUNS):
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode not in (0, 1):  # 1: no legal pairing (both engines say so)
            raise RuntimeError(f"{command[0]} exited with status {process.returncode}")
        cpus.append(usage.ru_utime + usage.ru_stime)
    return round(statistics.median(cpus), 5), _peak_mib(command)


def _peak_mib(command: list[str]) -> float | None:
    """The peak resident size of ``command`` in MiB, read by GNU time (``/usr/bin/time``);
    None without it.

    Not from ``wait4``: a child forked from this process starts its peak at this process's
    size (Linux keeps the high-water mark of the memory it replaces at ``exec``), so a small
    program forked from here would show this bench's own tens of MiB; GNU time forks it from
    a process of a few MiB.
    """
    gnu_time = shutil.which("time", path="/usr/bin:/bin")
    if gnu_time is None:
        return None
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        done = subprocess.run([gnu_time, "-f", "%M", "-o", report.name, *command],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, check=False)
        if done.returncode not in (0, 1):
            return None
        words = report.read().split()
    try:
        return round(int(words[-1]) / 1024, 2)  # KiB
    except (IndexError, ValueError):
        return None


def _heap_peak_mib(command: list[str], report: Path) -> float | None:
    """The most heap ``command`` held, in MiB, as valgrind's massif counts it (the largest
    ``mem_heap_B`` of its snapshots); None without valgrind or when the run fails."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    done = subprocess.run([valgrind, "--tool=massif", f"--massif-out-file={report}", *command],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, check=False)
    if done.returncode not in (0, 1) or not report.exists():
        return None
    sizes = [int(line.split("=", 1)[1]) for line in report.read_text().splitlines()
             if line.startswith("mem_heap_B=")]
    return round(max(sizes) / 2**20, 3) if sizes else None


def _same_answer(ours: Path, theirs: Path) -> bool:
    """The two output files give the same boards (as sets) and the same bye."""
    from ladder.pairing.output_format import read_engine_output

    def answer(path: Path) -> Any:
        if not path.exists():
            return None
        boards, bye = read_engine_output(path.read_text(encoding="utf-8"))
        return sorted(boards), bye

    return answer(ours) == answer(theirs)


def _result(rng: random.Random, white: int, black: int) -> tuple[Kind, Kind]:
    """A seeded result from the Elo expectation of White, with about a third drawn."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    roll = rng.random()
    if roll < expected - 0.15:
        return Kind.WIN, Kind.LOSS
    if roll < expected + 0.15:
        return Kind.DRAW, Kind.DRAW
    return Kind.LOSS, Kind.WIN


__all__ = ["TARGETS", "bench_pairing"]
