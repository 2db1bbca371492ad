"""Build the shipped library of Molter tables (``addin/data/molter/library.bin``), resumably.

Issue 13. For every shape of the library's domain (3–20 teams × 2–12 players ×
every round count ``1…N−1``) the run-time generator
(:func:`addin.systems.molter.generator.generate`) is run offline with one or
more seeds; every attempt is appended to a journal (one JSON line: shape,
seed, construction, grade, missed ideals, the ranking key, seconds, and the
encoded table), so a stopped build resumes where it stopped and the search
that produced each shipped table stays on record. ``pack`` then keeps, for
every shape, the attempt with the best key (ties: the smallest seed) and
writes the library file: the same journal always gives the same file.

The generator is deterministic (seeded ``random.Random``, CP-SAT on one
worker with deterministic time limits), so any journal line can be
reproduced bit for bit: ``python tools/build_molter_library.py reproduce``
regenerates a sample of shapes and compares them with the library
(tests/systems/test_molter_library.py does it for a few small shapes on every run).

Ranking key of an attempt (smaller is better): the verifier's grade
(A–D), the number of ideals missed, the sum of their excesses over the
ideal bounds, then two tie-breaks that do not change the grade: the sum
over teams of |descents − ascents| (I2 summed, which the peer grades) and
the number of (round, team) without exactly ``P/2`` Whites.

    python tools/build_molter_library.py build            # seed 0 for every shape not yet tried
    python tools/build_molter_library.py improve --seeds 8 [--shapes 15x10x12,…] [--below B] [--max-games G]
        [--odd-variant 0|1|2 | --even-paired | --long-exact | --own-decomposition | --spread-exact]
    python tools/build_molter_library.py pack             # journal -> addin/data/molter/library.bin
    python tools/build_molter_library.py reproduce [--sample 10]
    python tools/build_molter_library.py report           # grade counts of the packed choice

Run it niced (``nice -n 19``): the full build is CPU hours on this machine.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from addin.systems.molter import library  # noqa: E402
from addin.systems.molter.model import MolterTable  # noqa: E402
from addin.systems.molter.verify import IDEALS, grade_metrics  # noqa: E402

JOURNAL = ROOT / "tools" / "molter_library" / "journal.jsonl"
OUTPUT = ROOT / "addin" / "data" / "molter" / "library.bin"
GRADES = "ABCD"


def domain(max_teams: int = library.MAX_LIBRARY_TEAMS, max_players: int = library.MAX_LIBRARY_PLAYERS):
    """Every shape of the library, in build order: small events first."""
    return [(n, p, r) for n in range(3, max_teams + 1) for p in range(2, max_players + 1, 2) for r in range(1, n)]


def i2_l1(table: MolterTable) -> int:
    """Sum over teams of |descents − ascents| (0 for even N: no floaters)."""
    down: Counter = Counter()
    up: Counter = Counter()
    for rnd in table.rounds:
        for g in rnd:
            if g.white.board != g.black.board:
                high, low = sorted((g.white, g.black), key=lambda s: s.board)
                down[high.team] += 1
                up[low.team] += 1
    return sum(abs(down[t] - up[t]) for t in set(down) | set(up))


def rank(table: MolterTable) -> tuple[str, list[str], list[int]]:
    """``(grade, missed ideals, key)`` of a table (see module doc)."""
    from addin.systems.molter.generator import quality

    metrics = quality(table)
    grade = grade_metrics(metrics)
    excess = {k: max(0, metrics.get(k, 0) - bound) for k, bound in IDEALS.items()}
    missed = [k for k, e in excess.items() if e > 0]
    key = [GRADES.index(grade), len(missed), sum(excess.values()), i2_l1(table), metrics["round_colour"]]
    return grade, missed, key


def attempt(n: int, p: int, r: int, seed: int, variant: int = 0) -> dict:
    """Generate one shape with one seed and variant (cold): the journal line."""
    from addin.systems.molter import generator

    generator._cached.cache_clear()
    start = time.process_time()
    table = generator.generate(n, p, r, seed=seed, variant=variant)
    seconds = time.process_time() - start
    grade, missed, key = rank(table)
    width, payload = library.encode(table)
    kind = table.notes[0].split("(")[1].split(" ")[0]
    return {"shape": [n, p, r], "seed": seed, "variant": variant, "kind": kind, "grade": grade, "missed": missed, "key": key,
            "cpu_seconds": round(seconds, 2), "width": width,
            "table": base64.b64encode(payload).decode("ascii")}


def read_journal(path: Path = JOURNAL) -> dict[tuple[int, int, int], dict[tuple[int, int], dict]]:
    """``{shape: {(seed, variant): line}}``; a damaged line (a build stopped mid-write) is skipped."""
    out: dict = {}
    if not path.exists():
        return out
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            line = json.loads(text)
        except ValueError:
            continue
        out.setdefault(tuple(line["shape"]), {})[(line["seed"], line.get("variant", 0))] = line
    return out


def best(attempts: dict[int, dict]) -> dict:
    """The attempt kept for a shape: smallest key, then no variant, then smallest variant and seed."""
    return min(attempts.values(), key=lambda a: (a["key"], a.get("variant", 0), a["seed"]))


def append(line: dict, path: Path = JOURNAL) -> None:
    """Append one attempt as one write (after a newline if a stopped build left half a line)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(line, separators=(",", ":")) + "\n"
    if path.exists() and path.stat().st_size:
        with path.open("rb") as fh:
            fh.seek(-1, 2)
            if fh.read(1) != b"\n":
                text = "\n" + text
    with path.open("ab") as fh:
        fh.write(text.encode("utf-8"))


def table_of(line: dict) -> MolterTable:
    n, p, r = line["shape"]
    return library.decode(n, p, r, line["width"], base64.b64decode(line["table"]),
                          (library.note(line["kind"], line["seed"], line.get("variant", 0)),))


def parse_shapes(text: str | None):
    if not text:
        return None
    return [tuple(int(x) for x in part.lower().split("x")) for part in text.split(",") if part.strip()]


def cmd_build(args) -> None:
    done = read_journal()
    for shape in parse_shapes(args.shapes) or domain(args.max_teams, args.max_players):
        if shape in done:
            continue
        line = attempt(*shape, seed=0)
        append(line)
        print(f"{shape[0]}x{shape[1]}x{shape[2]} seed 0: {line['grade']} {line['missed']} "
              f"{line['cpu_seconds']} s", flush=True)


def wants_more(line: dict, below: int) -> bool:
    """An attempt worth improving: graded ``below`` or worse; with ``below`` = B, any ideal
    missed or any team descending more or less often than it ascends."""
    return line["key"][0] >= below or (below <= 1 and (line["key"][1] > 0 or line["key"][3] > 0))


def cmd_improve(args) -> None:
    """More attempts for the shapes still short of the target.

    Even ``N``: variants 1…K (other factor schedules, seed 0); odd ``N``:
    variant 1 (floaters also balancing descents and ascents) with seeds
    0…K−1, with ``--odd-variant 2`` the paired construction (exact team
    colours by design, floaters by CP-SAT) with seeds 0…K−1, or with
    ``--odd-variant 0`` the plain generator with seeds 1…K (other random
    paths of the floater repair). ``--even-paired``: even ``N``, one attempt
    of the paired construction instead. ``--long-exact``: the same attempts
    with a longer exact colour search (``generator.LONG_EXACT``). A shape
    stops at its first attempt with no ideal missed. ``--own-decomposition``:
    plans carrying their own decomposition of the pairs of teams (even N:
    1-factorisations 1…K drawn at random; odd prime N: the circulant
    Hamiltonian cycles, seeds 0…K−1). ``--spread-exact``: odd N, the spread
    construction with the CP-SAT floaters kept as found (I2–I4) and colours by
    the whole-event exact search alone (``generator.SPREAD_EXACT``), seeds 0…K−1.
    """
    done = read_journal()
    shapes = parse_shapes(args.shapes) or [s for s in domain(args.max_teams, args.max_players) if s in done]
    below = GRADES.index(args.below)
    if args.max_games:
        shapes = [s for s in shapes if s[0] * s[1] * s[2] // 2 <= args.max_games]
    for shape in shapes:
        if args.even_paired and shape[0] % 2 == 0:
            from addin.systems.molter.generator import EVEN_PAIRED_VARIANT

            tried = done.get(shape, {})
            if (0, EVEN_PAIRED_VARIANT) not in tried and (not tried or wants_more(best(tried), below)):
                line = attempt(*shape, seed=0, variant=EVEN_PAIRED_VARIANT)
                append(line)
                done.setdefault(shape, {})[(0, EVEN_PAIRED_VARIANT)] = line
                print(f"{shape[0]}x{shape[1]}x{shape[2]} paired: {line['grade']} {line['missed']}", flush=True)
            continue
        for k in range(1, args.seeds + 1):
            tried = done.get(shape, {})
            if tried and not wants_more(best(tried), below):
                break
            seed, variant = (0, k) if shape[0] % 2 == 0 else (k - 1, args.odd_variant) if args.odd_variant else (k, 0)
            if args.spread_exact:  # odd N: the CP-SAT floaters unrepaired, colours by the exact search alone
                from addin.systems.molter.generator import SPREAD_EXACT

                if shape[0] % 2 == 0:
                    break
                seed, variant = k - 1, SPREAD_EXACT
            elif args.own_decomposition:  # the plan's own decomposition: even N factorisation k, odd N circulant cycles
                from addin.systems.molter.generator import OWN_DECOMPOSITION

                seed, variant = (0, OWN_DECOMPOSITION + k) if shape[0] % 2 == 0 else (k - 1, OWN_DECOMPOSITION)
            elif args.long_exact:  # the same attempts (even N: the offsets first) with the longer colour search
                from addin.systems.molter.generator import LONG_EXACT

                variant = LONG_EXACT + (k - 1 if shape[0] % 2 == 0 else variant)
            if (seed, variant) in tried:
                continue
            line = attempt(*shape, seed=seed, variant=variant)
            append(line)
            done.setdefault(shape, {})[(seed, variant)] = line
            print(f"{shape[0]}x{shape[1]}x{shape[2]} seed {seed} variant {variant}: {line['grade']} "
                  f"{line['missed']} {line['cpu_seconds']} s", flush=True)


def cmd_pack(args) -> None:
    done = read_journal()
    entries = []
    for shape in domain(args.max_teams, args.max_players):
        if shape not in done:
            continue
        chosen = best(done[shape])
        entries.append((*shape, chosen["seed"], chosen.get("variant", 0), chosen["kind"], table_of(chosen)))
    data = library.pack(entries)
    OUTPUT.write_bytes(data)
    missing = len(domain(args.max_teams, args.max_players)) - len(entries)
    print(f"{OUTPUT.relative_to(ROOT)}: {len(entries)} shapes, {len(data)} bytes, {missing} shapes missing")


def cmd_reproduce(args) -> None:
    done = read_journal()
    shapes = parse_shapes(args.shapes) or random.Random(args.seed).sample(sorted(done), min(args.sample, len(done)))
    bad = 0
    for shape in shapes:
        chosen = best(done[shape])
        again = attempt(*shape, seed=chosen["seed"], variant=chosen.get("variant", 0))
        same = again["table"] == chosen["table"]
        bad += not same
        print(f"{shape[0]}x{shape[1]}x{shape[2]} seed {chosen['seed']}: {'same' if same else 'DIFFERENT'}")
    sys.exit(1 if bad else 0)


def cmd_report(args) -> None:
    done = read_journal()
    grades = Counter(best(a)["grade"] for a in done.values())
    print(f"shapes {len(done)}: " + ", ".join(f"{g} {grades[g]}" for g in GRADES))
    for shape in sorted(done):
        chosen = best(done[shape])
        if chosen["grade"] in "CD":
            print(f"  {shape[0]}x{shape[1]}x{shape[2]}: {chosen['grade']} {chosen['missed']} "
                  f"((seed, variant) tried {sorted(done[shape])})")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("build", "improve", "pack", "reproduce", "report"))
    parser.add_argument("--shapes", help="comma-separated shapes like 15x10x12 (default: the whole domain)")
    parser.add_argument("--seeds", type=int, default=8, help="improve: try seeds 1..SEEDS")
    parser.add_argument("--below", default="C",
                        help="improve: shapes whose best grade is this or worse (B: any ideal missed)")
    parser.add_argument("--odd-variant", type=int, default=1, choices=(0, 1, 2),
                        help="improve, odd N: 1 = floaters balancing descents and ascents, seeds 0…K−1; "
                             "2 = the paired construction (exact per-round team colours, floaters by "
                             "CP-SAT), seeds 0…K−1; 0 = the plain generator with seeds 1…K")
    parser.add_argument("--even-paired", action="store_true",
                        help="improve, even N: one attempt of the paired construction alone (exact colours "
                             "by design; I1 only when P ≥ N − 1) instead of factor schedules")
    parser.add_argument("--long-exact", action="store_true",
                        help="improve: the same variants with the exact colour search given "
                             "generator.LONG_EXACT_WORK units (even N: offsets, then schedules 1…K−1)")
    parser.add_argument("--own-decomposition", action="store_true",
                        help="improve: plans with their own decomposition (generator.OWN_DECOMPOSITION): even N, "
                             "the offsets on random 1-factorisations 1…K; odd prime N, the paired construction "
                             "on the circulant cycles with seeds 0…K−1")
    parser.add_argument("--spread-exact", action="store_true",
                        help="improve, odd N: the spread construction with the CP-SAT floaters unrepaired and "
                             "colours by the exact search alone (generator.SPREAD_EXACT), seeds 0…K−1")
    parser.add_argument("--max-games", type=int, default=0, help="improve: only shapes of at most this many games")
    parser.add_argument("--sample", type=int, default=10)
    parser.add_argument("--seed", type=int, default=13, help="reproduce: seed of the sample")
    parser.add_argument("--max-teams", type=int, default=library.MAX_LIBRARY_TEAMS)
    parser.add_argument("--max-players", type=int, default=library.MAX_LIBRARY_PLAYERS)
    args = parser.parse_args(argv)
    {"build": cmd_build, "improve": cmd_improve, "pack": cmd_pack, "reproduce": cmd_reproduce,
     "report": cmd_report}[args.command](args)


if __name__ == "__main__":
    main()
