"""A round paired in a process of its own: the posed TRF in, the engine's answer out as JSON.

A big round (hundreds of players) takes the Dutch engine seconds of CPU. The web app runs it
in a child process (``python -m ladder.club.pairing_job PARENT_PID``, the TRF on standard
input, the answer on standard output; the process ends by itself once its parent is gone), so the
CPU it takes is not taken from the worker that serves the club's pages (and at a lower priority,
:data:`NICENESS`), and a job can be stopped. Pure: text in, text out; the answer's sentences stay
Messages (:func:`ladder.club.night.message_to_json`).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from typing import Any

from ladder.club.night import message_from_json, message_to_json
from ladder.pairing.api import Board, Refusal, RoundPairing


def answer_to_json(answer: RoundPairing | Refusal) -> dict[str, Any]:
    """The engine's answer as plain JSON data."""
    if isinstance(answer, Refusal):
        return {"refusal": {"round": answer.round, "reason": message_to_json(answer.reason)}}
    return {"round": answer.round,
            "boards": [{"number": b.number, "white": b.white, "black": b.black,
                        "reasons": [message_to_json(m) for m in b.reasons]}
                       for b in answer.boards],
            "pab": answer.pab,
            "pab_reason": message_to_json(answer.pab_reason) if answer.pab_reason else None,
            "notes": [message_to_json(m) for m in answer.notes]}


def answer_from_json(data: dict[str, Any]) -> RoundPairing | Refusal:
    """The answer :func:`answer_to_json` wrote."""
    if "refusal" in data:
        refusal = data["refusal"]
        return Refusal(int(refusal["round"]), message_from_json(refusal["reason"]))
    boards = tuple(Board(int(b["number"]), int(b["white"]), int(b["black"]),
                         tuple(message_from_json(m) for m in b["reasons"]))
                   for b in data["boards"])
    reason = data.get("pab_reason")
    return RoundPairing(int(data["round"]), boards,
                        int(data["pab"]) if data.get("pab") is not None else None,
                        message_from_json(reason) if reason else None,
                        tuple(message_from_json(m) for m in data.get("notes", [])))


#: How much lower than the server's the job's CPU priority is (``nice``): the club's pages
#: and writes go first when the machine is busy; the pairing takes what is left.
NICENESS = 10


def _orphaned_ends(parent: int, every: float = 1.0) -> None:
    """End this process once its parent has gone (a worker killed or restarted): nobody will
    read the answer, so no CPU is spent on it."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(3)


def main() -> None:
    """Pair the TRF on standard input; the answer as one JSON line on standard output, with
    the CPU seconds the pairing took (``cpu_seconds``, for the server's log)."""
    # The parent's pid comes as the argument: it may have died before this line runs.
    parent = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else os.getppid()
    threading.Thread(target=_orphaned_ends, args=(parent,), daemon=True).start()
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    from ladder.pairing import pair_trf_detailed
    text = sys.stdin.read()
    began = time.process_time()
    answer = answer_to_json(pair_trf_detailed(text))
    answer["cpu_seconds"] = round(time.process_time() - began, 3)
    json.dump(answer, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
