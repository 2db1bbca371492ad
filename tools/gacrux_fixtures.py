"""Make the Gacrux fixtures of the FIDE round-robin tie-breaks (tests/data/fide/gacrux_roundrobins.json).

Random round-robins (3-20 players, single and double, forfeits, double forfeits,
withdrawals entered as forfeits, unfinished events, byes worth 0, ½ or 1, an
unrated player now and then) are written as TRF16 by the project's writer and
given to Gacrux, FIDE's tie-break reference program (OttoMilvang/TieBreakServer),
run outside the repository. Its answers are stored, with the exact command, and
``tests/systems/test_fide_tiebreaks.py`` compares the project's figures with them.

    python tools/gacrux_fixtures.py --gacrux /work/peers/gacrux --events 120 --seed 14 \\
        --out tests/data/fide/gacrux_roundrobins.json

No Gacrux code is copied: it is only run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from addin.core.players import Player  # noqa: E402
from addin.files.trf import trf16  # noqa: E402
from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402
from addin.systems.standings.roundrobin import compute_standings  # noqa: E402

# one character per game, in Schedule.games() order
RESULT_CHARS = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+-", "-": "-+", "*": "0-0", ".": None}
ALL_CODES = ["DE", "SB", "SB/C1", "SB/C2", "KS", "KS/L+1", "KS/L-1", "KS/L+2", "WIN", "WON", "BPG", "BWG",
             "PS", "PS/C1", "REP", "STD", "TPN", "RTNG", "ARO", "ARO/C1", "ARO/C2", "ARO/M1", "TPR", "PTP",
             "APRO", "APPO"]
SHORT_CODES = ["DE", "SB", "SB/C1", "KS", "KS/L-1", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "ARO", "TPR"]


def random_event(rng: random.Random) -> dict:
    n = rng.choice(range(3, 21))
    cycles = 2 if n <= 10 and rng.random() < 0.25 else 1
    schedule = berger_schedule(n, cycles)
    games = list(schedule.games())
    rounds = len(schedule.rounds)
    complete = rng.random() < 0.6
    last = rounds if complete else rng.randint(1, rounds)
    quit_round = {}
    if rng.random() < 0.2:
        quit_round[rng.randint(1, n)] = rng.randint(2, rounds)
    chars = []
    for rnd, _, white, black in games:
        if rnd > last or (not complete and rnd == last and rng.random() < 0.3):
            chars.append(".")
            continue
        gone_w = white in quit_round and rnd >= quit_round[white]
        gone_b = black in quit_round and rnd >= quit_round[black]
        if gone_w or gone_b:
            chars.append("*" if gone_w and gone_b else "-" if gone_w else "+")
            continue
        chars.append(rng.choices("10=+-*", weights=(34, 30, 26, 4, 4, 2))[0])
    ratings = [rng.randint(1400, 2700) for _ in range(n)]
    if rng.random() < 0.1:
        ratings[rng.randrange(n)] = None
    bye_points = rng.choice((0.0, 0.0, 0.5, 1.0)) if n % 2 else 0.0
    return {"players": n, "cycles": cycles, "results": "".join(chars), "ratings": ratings,
            "bye_points": bye_points}


def event_results(event: dict) -> dict:
    schedule = berger_schedule(event["players"], event["cycles"])
    return {(rnd, board): RESULT_CHARS[c] for (rnd, board, _, _), c in zip(schedule.games(), event["results"])
            if RESULT_CHARS[c]}


def event_trf(event: dict) -> str:
    """The TRF16 file Gacrux read for ``event`` (pinned by its SHA-256 in the fixture).

    The fixture was made with the writer of 2026-11-24, which gave every round a block (blank
    results for the rounds not begun) and wrote no ``XXR``; today's writer stops at the last round
    begun and adds ``XXR`` (``addin/files/trf.py``). :func:`as_gacrux_read` turns today's text back
    into the file Gacrux read, byte for byte.
    """
    n = event["players"]
    schedule = berger_schedule(n, event["cycles"])
    results = event_results(event)
    players = [Player(number=i, name=f"Player {i}", rating=event["ratings"][i - 1], federation="FRA")
               for i in range(1, n + 1)]
    standings = compute_standings(schedule, results, (), bye_points=event["bye_points"])
    return as_gacrux_read(trf16(players, schedule, results, standings, bye_points=event["bye_points"]), schedule)


def as_gacrux_read(text: str, schedule) -> str:
    """``text`` without its ``XXR`` record and with blank blocks for the rounds it leaves out."""
    lines = []
    for line in text.splitlines():
        if line.startswith("XXR "):
            continue
        if line.startswith("001"):
            number = int(line[4:8])
            blocks = max(0, (len(line) - 89 + 9) // 10)  # a block ends at column 89 + 10k, less a blank result
            for rnd in schedule.rounds[blocks:]:
                game = next((g for g in rnd.games if number in (g.white, g.black)), None)
                block = "0000 -  " if game is None else \
                    f"{game.black:04d} w  " if game.white == number else f"{game.white:04d} b  "
                line = line.ljust(89 + 10 * (rnd.number - 1) + 2) + block
            line = line.rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n"


def run_gacrux(gacrux: Path, trf_path: Path, codes: list[str]) -> tuple[list[str], dict]:
    command = [sys.executable, "tiebreakchecker.py", "-i", str(trf_path), "-f", "TRF", "-dT", "-t", "PTS", *codes]
    out = subprocess.run(command, cwd=gacrux, capture_output=True, text=True, check=True).stdout
    lines = [line.split("\t") for line in out.strip().splitlines()]
    header = lines[0]
    table = {}
    for row in lines[1:]:
        table[row[0]] = {"rank": int(row[1]), **{h: row[k] for k, h in enumerate(header[2:], 2)}}
    return command, table


def run_gacrux_safely(gacrux: Path, trf_path: Path, codes: list[str]) -> dict:
    """Gacrux's table; when it stops with a program error (it does when a cut leaves nothing,
    e.g. SB/C2 with two games), each code alone, the failing ones recorded as "error"."""
    try:
        return run_gacrux(gacrux, trf_path, codes)[1]
    except subprocess.CalledProcessError:
        table: dict = {}
        for code in codes:
            try:
                part = run_gacrux(gacrux, trf_path, [code])[1]
            except subprocess.CalledProcessError:
                part = None
            for number in part or table:
                row = table.setdefault(number, {})
                row[code] = part[number][code] if part else "error"
        for row in table.values():
            row["rank"] = None  # the rank over the whole list is unknown
        return table


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gacrux", type=Path, required=True)
    parser.add_argument("--events", type=int, default=120)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=args.gacrux, capture_output=True,
                            text=True).stdout.strip()
    events = []
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(args.events):
            event = random_event(rng)
            short = rng.sample(SHORT_CODES, rng.randint(1, 5))
            trf = event_trf(event)
            path = Path(tmp) / f"event{index:03d}.trf"
            path.write_text(trf)
            full = run_gacrux_safely(args.gacrux, path, ALL_CODES)
            ranks = run_gacrux_safely(args.gacrux, path, short)
            columns = ["rank", "PTS", *ALL_CODES]
            event.update(trf_sha256=hashlib.sha256(trf.encode()).hexdigest(), short_codes=short,
                         gacrux_all={k: [row.get(c) for c in columns] for k, row in full.items()},
                         gacrux_short_ranks={k: v["rank"] for k, v in ranks.items()})
            events.append(event)
    fixture = {
        "source": f"Gacrux (github.com/OttoMilvang/TieBreakServer, commit {commit}), run outside the repository",
        "command": "python " + " ".join(sys.argv),
        "gacrux_command": "python tiebreakchecker.py -i eventNNN.trf -f TRF -dT -t PTS <codes>  (in the Gacrux checkout)",
        "columns": ["rank", "PTS", *ALL_CODES],
        "events": events,
    }
    text = json.dumps(fixture, separators=(",", ":"))
    args.out.write_text(text.replace('{"players"', '\n{"players"') + "\n")


if __name__ == "__main__":
    main()
