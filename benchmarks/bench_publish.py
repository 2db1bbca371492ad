"""Benchmark of publishing an event (figures for docs/benchmarks-publish.md).

    python benchmarks/bench_publish.py [players] [rounds played]

A round-robin of 200 players (the largest written without ``--large``), its first rounds
played. Subject: ``appariements publish event.xlsx -o site`` without the posters (read the
workbook, build the report, render and write the site). Baseline, in the same run and
interleaved: writing that event's workbook (layout and file). Then the subject split in two,
each against the same baseline: reading the workbook (the reader every command uses) and,
from the event read, building the report and rendering the site (the new code). Times are
CPU time with the garbage collector on (``benchmarks/timing.py``), medians of 3 pairs; the
ratio is the median of the pairwise ratios. The site's page count and size are printed too.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import GC_NOTE, paired  # noqa: E402

from addin.core.players import Player  # noqa: E402
from addin.events.publish import PublishRequest, publish  # noqa: E402
from addin.publish.site import site_files  # noqa: E402
from addin.render.file_book import FileBook  # noqa: E402
from addin.report.roundrobin import report  # noqa: E402
from addin.sheets.roundrobin.reader import read_event  # noqa: E402
from addin.render.xlsx import write_xlsx  # noqa: E402
from addin.sheets.roundrobin import event_layout  # noqa: E402
from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402

CODES = ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "+-", "0-1"]


def main(n: int = 200, played: int = 5) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-publish-"))
    schedule = berger_schedule(n)
    players = [Player(i, f"Player {i:03d}", 2400 - 3 * i, f"Club {i % 17}", "FRA") for i in range(1, n + 1)]
    results = {(r, b): CODES[(r * 3 + b) % 7] for r, b, _, _ in schedule.games() if r <= played}
    workbook = folder / "event.xlsx"

    def write() -> None:
        write_xlsx(event_layout(schedule, players, results, title="Open 200"), workbook)

    write()
    site = folder / "site"

    def publish_site() -> None:
        publish(PublishRequest(workbook, site, force=True))

    pair = paired(publish_site, write, repeat=3)
    read = paired(lambda: read_event(FileBook(workbook)), write, repeat=3)
    event = read_event(FileBook(workbook))
    render = paired(lambda: site_files(report(event), "fr"), write, repeat=3)
    files = [p for p in site.rglob("*") if p.is_file()]
    pages = sum(1 for p in files if p.suffix == ".html")
    size = sum(p.stat().st_size for p in files)
    print(f"{n} players, {len(schedule.rounds)} rounds, {played} played ({GC_NOTE})")
    print(f"write the workbook (baseline): {pair.baseline_median:.2f} s")
    print(f"publish the site:              {pair.subject_median:.2f} s")
    print(f"ratio publish / write:         {pair.ratio:.2f}")
    print(f"  of which read the workbook:  {read.subject_median:.2f} s (ratio {read.ratio:.2f})")
    print(f"  report and site from it:     {render.subject_median:.2f} s (ratio {render.ratio:.2f})")
    print(f"site: {pages} pages, {size / 1e6:.1f} MB ({workbook.stat().st_size / 1e6:.1f} MB workbook)")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
