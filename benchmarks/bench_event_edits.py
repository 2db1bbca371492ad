"""What one typed result costs the organiser (issue 28; figures for docs/benchmarks-event-edits.md).

    python benchmarks/bench_event_edits.py graph  [--event rr200 …]
    python benchmarks/bench_event_edits.py office [--event rr200 …] [--runs 3]
    python benchmarks/bench_event_edits.py cli    [--event rr200 …] [--runs 3] [--baseline DIR] [--baseline-runs N]

Events (each built by the command line, as an organiser builds it): ``rr16``, ``rr50``,
``rr200`` (``berger N --event``), ``molter20`` (20 teams of 8), ``combinee200`` (200
players, 9 + 8 + 7 rounds), ``league24`` (12 teams × 2 divisions). The result cell of a game
is found by running the result command on a copy and comparing the two files' typed cells.

* ``graph``: the formula cells one result dirties (``tools/formula_graph.py``: the closure of
  the workbook's own static references, what Excel and LibreOffice mark dirty), for a game of
  the first and of the last round, against every formula cell of the workbook.
* ``office``: LibreOffice headless through UNO (``tools/uno_office.py``; it starts soffice and
  stops it by its pid), automatic recalculation off: ``calculate()`` after one result typed
  (the dirtied cells only; the result typed and cleared in turn) against ``calculateAll()`` on the same document, both timed inside
  LibreOffice; for round-robins the project's own Python computing every standing and
  tie-break of the same event (``evaluate`` and ``performances``, CPU, garbage collector on);
  and the full recalculation of the file by ``soffice --convert-to`` (start-up included)
  against the same conversion of a workbook holding the same cells as plain values (CPU of
  the soffice processes, interleaved A B A B).
* ``cli``: ``result``/``score``/``withdraw``/``update`` whole-process CPU (``os.wait4``) against
  ``appariements --version``, interleaved, this checkout and, with ``--baseline``, another
  checkout of the project (``git archive <commit> | tar -x -C DIR``); the workbooks the two checkouts write
  are compared part by part (inflated; ``docProps/core.xml`` without its times): "same parts" or the parts
  that differ.

Medians; the machine is shared, so every figure is a ratio to a baseline measured in the same
run, and the load average is printed.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(HERE)]

from formula_graph import FormulaGraph  # noqa: E402
from timing import command_cpu  # noqa: E402


def players_csv(folder: Path, n: int) -> Path:
    path = folder / f"players{n}.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["name", "rating", "club"])
        for i in range(n):
            out.writerow([f"Joueur {i + 1}", 1200 + 3 * i, f"Club {i % 17}"])
    return path


def teams_csv(folder: Path) -> Path:
    path = folder / "teams24.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["division", "team", "club"])
        for division in "AB":
            for t in range(12):
                out.writerow([division, f"Team {division}{t + 1}", f"Club {division}{t}"])
    return path


class Event:
    """An event workbook, how to build it and the commands that type a result into it."""

    def __init__(self, key: str, build, first: list[str], last: list[str] | None, last_round: int,
                 withdraw: list[str] | None = None):
        self.key, self.build, self.first, self.last = key, build, first, last
        self.last_round, self.withdraw = last_round, withdraw


def events() -> dict[str, Event]:
    out = {}
    for n in (16, 50, 200):
        out[f"rr{n}"] = Event(f"rr{n}", lambda folder, n=n: ["berger", str(n), "--event"],
                              ["result", "1", "1", "1-0"], ["result", str(n - 1), "1", "1-0"], n - 1,
                              ["withdraw", "5", "--from-round", str(n // 2)])
    out["molter20"] = Event("molter20", lambda folder: ["molter", "--teams", "20", "--players", "8"],
                            ["result", "1", "1", "1-0"], None, 1)
    out["combinee200"] = Event("combinee200", lambda folder: [
        "combinee", "--players", str(players_csv(folder, 200)), "--phase1-rounds", "9", "--phase2-rounds", "8",
        "--phase3-rounds", "7"], ["score", "1", "1", "400", "350"], None, 1)
    out["league24"] = Event("league24", lambda folder: ["league", "season", str(teams_csv(folder))],
                            ["result", "1", "1.1", "1-0"], ["result", "11", "1.1", "1-0"], 11)
    return out


TREE = ROOT  # the checkout whose command line builds the workbooks and types the results (--tree)


def build(event: Event, folder: Path) -> Path:
    path = folder / f"{event.key}.xlsx"
    if not path.exists():
        command_cpu(sys.executable, TREE, [*event.build(folder), "-o", str(path)], folder)
    return path


def typed_cells(path: Path, graph: FormulaGraph) -> dict[tuple[str, int, int], object]:
    """Every cell that holds no formula, with its value."""
    from addin.render.xlsx_read import XlsxFile
    with XlsxFile(path) as book:
        return {(name, r, c): value for name in book.names for r, row in enumerate(book.rows(name), 1)
                for c, value in enumerate(row, 1) if value is not None and (name, r, c) not in graph.reads}


def result_cells(event: Event, path: Path, graph: FormulaGraph, command: list[str]) -> dict:
    """The cells the result command types (compared with the workbook before it), with their new values."""
    with tempfile.TemporaryDirectory(prefix="bench-edit-") as scratch:
        copy = Path(scratch) / path.name
        shutil.copy(path, copy)
        command_cpu(sys.executable, TREE, [command[0], str(copy), *command[1:]], Path(scratch))
        before, after = typed_cells(path, graph), typed_cells(copy, graph)
    return {key: after.get(key) for key in before.keys() | after.keys() if before.get(key) != after.get(key)}


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


# -- graph --------------------------------------------------------------------------------

def run_graph(chosen: list[Event], folder: Path) -> None:
    print("| event | formula cells | result of | cells typed | cells dirtied | share | parse s |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for event in chosen:
        path = build(event, folder)
        start = time.process_time()
        graph = FormulaGraph.from_xlsx(path)
        parse = time.process_time() - start
        for label, command in (("round 1", event.first), (f"round {event.last_round}", event.last)):
            if command is None:
                continue
            cells = result_cells(event, path, graph, command)
            dirty = graph.dependents(cells)
            print(f"| {event.key} | {graph.formula_count:,} | {label} | {len(cells)} | {len(dirty):,} | "
                  f"{100 * len(dirty) / graph.formula_count:.1f} % | {parse:.1f} |", flush=True)
    print(f"\nload average {load()}")


# -- office -------------------------------------------------------------------------------

def python_standings(path: Path) -> float:
    """Median CPU seconds of the project's Python computing every standing and tie-break of the event."""
    from timing import median
    from addin.render.file_book import FileBook
    from addin.sheets.roundrobin.reader import read_event
    from addin.systems.standings.performance import performances
    from addin.systems.standings.roundrobin import evaluate
    event = read_event(FileBook(path))
    ratings = {p.number: p.rating for p in event.players}

    def compute():
        effective = event.effective_results()
        evaluate(event.schedule, effective, event.tiebreaks, event.standings_withdrawn, event.bye_points,
                 ratings=ratings)
        performances(event.schedule, effective, ratings, event.k_factor)
    return median(compute, 5)


def plain_copy(path: Path, folder: Path) -> Path:
    """A workbook holding the same cells as ``path`` once LibreOffice computed them, as plain values."""
    import xlsxwriter
    from addin.render.recalc import recalculate_files
    from addin.render.xlsx_read import XlsxFile
    computed = recalculate_files([path], folder / "computed")[0]
    target = folder / f"{path.stem}-values.xlsx"
    book = xlsxwriter.Workbook(str(target), {"constant_memory": True})
    with XlsxFile(computed) as source:
        for name in source.names:
            sheet = book.add_worksheet(name)
            for r, row in enumerate(source.rows(name)):
                for c, value in enumerate(row):
                    if value is None:
                        continue
                    if isinstance(value, bool) or isinstance(value, (int, float)):
                        sheet.write_number(r, c, float(value)) if not isinstance(value, bool) \
                            else sheet.write_boolean(r, c, value)
                    else:
                        sheet.write_string(r, c, str(value))
    book.close()
    return target


def soffice_cpu(path: Path, folder: Path) -> float:
    """CPU seconds of the soffice processes converting ``path`` (recalculating on load, start-up included)."""
    from addin.render.recalc import recalculate_files
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = Path(tempfile.mkdtemp(prefix="conv-", dir=folder))
    recalculate_files([path], out)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    shutil.rmtree(out, ignore_errors=True)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def run_office(chosen: list[Event], folder: Path, runs: int) -> None:
    from openpyxl.utils import get_column_letter
    from uno_office import Office
    print("| event | result of | calculate() ms | calculateAll() ms | dependent / all | Python standings ms "
          "| dependent / Python | full recalc / plain values (soffice CPU) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for event in chosen:
        path = build(event, folder)
        graph = FormulaGraph.from_xlsx(path)
        py = python_standings(path) if event.key.startswith("rr") else None
        plain = plain_copy(path, folder)
        full, values = [], []
        for _ in range(runs):
            full.append(soffice_cpu(path, folder))
            values.append(soffice_cpu(plain, folder))
        conversion = statistics.median(f / v for f, v in zip(full, values))
        with Office(timeout=600) as office:
            book = office.open(path)
            book.set_auto_calculate(False)  # a typed cell only marks its dependents; calculate() computes them
            for label, command in (("round 1", event.first), (f"round {event.last_round}", event.last)):
                if command is None:
                    continue
                cells = result_cells(event, path, graph, command)
                alls, deps = [], []
                for _ in range(runs):
                    alls.append(book.calculate_all())
                    for (sheet, r, c), value in cells.items():
                        book.type(sheet, f"{get_column_letter(c)}{r}", "" if value is None else str(value))
                    deps.append(book.calculate())
                    for (sheet, r, c) in cells:
                        book.clear(sheet, f"{get_column_letter(c)}{r}")
                    book.calculate()
                dep, everything = statistics.median(deps), statistics.median(alls)
                ratio = statistics.median(d / a for d, a in zip(deps, alls))
                py_cells = (f"{py * 1000:.0f} | {dep / py:.2f}" if py else "— | —")
                print(f"| {event.key} | {label} | {dep * 1000:.0f} | {everything * 1000:.0f} | {100 * ratio:.1f} % | "
                      f"{py_cells} | {conversion:.2f}× |", flush=True)
            book.close()
    print(f"\nload average {load()}")


# -- cli ----------------------------------------------------------------------------------

def run_cli(chosen: list[Event], folder: Path, runs: int, baseline: Path | None, baseline_python: str,
            baseline_runs: int | None = None) -> None:
    trees = [("this", sys.executable, ROOT)]
    if baseline is not None:
        trees.append(("baseline", baseline_python, baseline.resolve()))
    for python, tree in ((python, tree) for _, python, tree in trees):
        subprocess.run([python, "-m", "compileall", "-q", str(tree / "addin")], check=True, stdout=subprocess.DEVNULL)
    print("| event | command | tree | CPU s | --version CPU s | ratio | file |")
    print("|---|---|---|---:|---:|---:|---|")
    for event in chosen:
        path = build(event, folder)
        commands = [event.first] + ([event.withdraw] if event.withdraw else []) + [["update"]]
        for command in commands:
            written: dict[str, bytes] = {}
            for name, python, tree in trees:
                repeat = runs if (name == "this" or "200" not in event.key) else (baseline_runs or 1)
                subject, version = [], []
                for _ in range(repeat):
                    with tempfile.TemporaryDirectory(prefix="bench-cli-") as scratch:
                        copy = Path(scratch) / path.name
                        shutil.copy(path, copy)
                        subject.append(command_cpu(python, tree, [command[0], str(copy), *command[1:]], Path(scratch)))
                        version.append(command_cpu(python, tree, ["--version"], Path(scratch)))
                        written[name] = copy.read_bytes()  # the last run's (a kept sheet reused)
                ratio = statistics.median(s / v for s, v in zip(subject, version))
                same = "" if name == "this" else same_parts(written["this"], written[name])
                print(f"| {event.key} | {command[0]} | {name} | {statistics.median(subject):.2f} | "
                      f"{statistics.median(version):.2f} | {ratio:.1f}× | {same} |", flush=True)
    print(f"\nload average {load()}")


_STAMP = re.compile(rb"<dcterms:(created|modified)\b[^>]*>[^<]*</dcterms:\1>")


def same_parts(ours: bytes, theirs: bytes) -> str:
    """Whether two written workbooks hold the same parts, byte for byte once inflated ("same"), or which
    differ; ``docProps/core.xml`` is compared without its creation and modification times (the clock's)."""
    import io
    import zipfile
    with zipfile.ZipFile(io.BytesIO(ours)) as a, zipfile.ZipFile(io.BytesIO(theirs)) as b:
        if a.namelist() != b.namelist():
            return f"parts differ: {sorted(set(a.namelist()) ^ set(b.namelist()))}"
        differ = []
        for name in a.namelist():
            x, y = a.read(name), b.read(name)
            if name == "docProps/core.xml":
                x, y = _STAMP.sub(b"", x), _STAMP.sub(b"", y)
            if x != y:
                differ.append(name)
    return "same parts" if not differ else "differ: " + ", ".join(differ)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("graph", "office", "cli"))
    parser.add_argument("--event", action="append", choices=sorted(events()))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=Path)
    parser.add_argument("--baseline-python", default=sys.executable)
    parser.add_argument("--baseline-runs", type=int, help="runs of the baseline at 200 players (default 1: it "
                                                          "took 25 s of CPU a command before issue 28)")
    parser.add_argument("--folder", type=Path, help="where the workbooks are built (kept between runs)")
    parser.add_argument("--tree", type=Path, help="the checkout that builds the workbooks (graph, office; "
                                                  "default this one): another commit's, for its figures")
    options = parser.parse_args()
    global TREE
    TREE = (options.tree or ROOT).resolve()
    chosen = [events()[key] for key in (options.event or ["rr16", "rr50", "rr200", "molter20", "combinee200",
                                                           "league24"])]
    folder = options.folder or Path(tempfile.mkdtemp(prefix="bench-event-edits-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"load average {load()}; workbooks in {folder}, built by {TREE}\n")
    if options.part == "graph":
        run_graph(chosen, folder)
    elif options.part == "office":
        run_office(chosen, folder, options.runs)
    else:
        run_cli(chosen, folder, options.runs, options.baseline, options.baseline_python, options.baseline_runs)


if __name__ == "__main__":
    main()
