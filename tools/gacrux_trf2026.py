"""Make tests/data/fide/gacrux_trf2026.json: TRF-2026 files the project writes, read back by Gacrux.

Gacrux (OttoMilvang/TieBreakServer) is given only the file: no ``-t`` option,
so its tie-break order comes from record 212 and its scoring from 162. Its
points and ranks are stored; ``tests/files/test_trf.py`` compares them with the
project's standings.

    python tools/gacrux_trf2026.py --gacrux /work/peers/gacrux --out tests/data/fide/gacrux_trf2026.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from addin.core.players import Player  # noqa: E402
from addin.files.trf import trf16  # noqa: E402
from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402
from addin.systems.standings.roundrobin import compute_standings  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gacrux_fixtures import event_results, random_event  # noqa: E402

CASES = [  # (seed, tie-break order)
    (1, ["DE", "SB/C1", "KS/L-1", "WIN"]), (2, ["SB", "STD", "TPN"]), (3, ["KS/L+1", "ARO/C1", "TPR", "PTP"]),
    (4, ["BPG", "BWG", "PS/C1", "REP"]), (5, ["DE", "SB", "WIN", "KS"]), (6, ["APRO", "APPO", "RTNG"]),
]


def case_trf(event: dict, order: list[str]) -> str:
    n = event["players"]
    schedule = berger_schedule(n, event["cycles"])
    results = event_results(event)
    ratings = {i + 1: r for i, r in enumerate(event["ratings"])}
    players = [Player(number=i, name=f"Player {i}", rating=ratings[i], federation="FRA") for i in range(1, n + 1)]
    standings = compute_standings(schedule, results, order, bye_points=event["bye_points"], ratings=ratings)
    return trf16(players, schedule, results, standings, {"name": "Test"}, event["bye_points"], version="2026",
                 tiebreaks=order)


def main() -> None:
    import random
    parser = argparse.ArgumentParser()
    parser.add_argument("--gacrux", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed, order in CASES:
            rng = random.Random(seed)
            event = random_event(rng)
            while "." in event["results"] or None in event["ratings"]:  # finished, all rated
                event = random_event(rng)
            path = Path(tmp) / "event.trf"
            path.write_text(case_trf(event, order))
            out = subprocess.run([sys.executable, "tiebreakchecker.py", "-i", str(path), "-f", "TRF", "-dT"],
                                 cwd=args.gacrux, capture_output=True, text=True, check=True).stdout
            rows = [line.split("\t") for line in out.strip().splitlines()]
            event.update(order=order, gacrux_header=rows[0], gacrux_rows=rows[1:])
            cases.append(event)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=args.gacrux, capture_output=True, text=True).stdout
    fixture = {"source": f"Gacrux (OttoMilvang/TieBreakServer, commit {commit.strip()}), run outside the repository",
               "command": "python " + " ".join(sys.argv),
               "gacrux_command": "python tiebreakchecker.py -i event.trf -f TRF -dT  (no -t: the order is record 212)",
               "cases": cases}
    args.out.write_text(json.dumps(fixture, indent=1) + "\n")


if __name__ == "__main__":
    main()
