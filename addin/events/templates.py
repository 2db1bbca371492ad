"""Ready-made event workbooks shipped in ``workbooks/`` (round-robins of 3–16 players).

Each template is the event workbook ``appariements berger N --event`` writes
(French labels, players "Joueur 1" … "Joueur N" to rename in the sheet
Joueurs), single and double round-robin. ``python -m addin.events.templates
[folder]`` rewrites them; ``tests/test_templates.py`` proves that the files in
``workbooks/`` are exactly what this module produces today.
"""

from __future__ import annotations

import sys
from pathlib import Path

from addin.sheets.roundrobin import event_layout
from addin.sheets.model import WorkbookLayout
from addin.core.players import Player
from addin.systems.roundrobin.berger import berger_schedule

SIZES = range(3, 17)
CYCLES = {1: "simple", 2: "aller-retour"}


def template_name(players: int, cycles: int) -> str:
    return f"toutes-rondes-{players:02d}-{CYCLES[cycles]}.xlsx"


def template_layout(players: int, cycles: int) -> WorkbookLayout:
    roster = [Player(i, f"Joueur {i}") for i in range(1, players + 1)]
    title = f"Toutes rondes {players} joueurs{' aller-retour' if cycles == 2 else ''}"
    return event_layout(berger_schedule(players, cycles), roster, title=title)


def templates() -> list[tuple[str, int, int]]:
    return [(template_name(n, c), n, c) for n in SIZES for c in CYCLES]


def write_templates(folder: Path) -> list[Path]:
    from addin.render.xlsx import write_xlsx

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, n, c in templates():
        write_xlsx(template_layout(n, c), folder / name)
        written.append(folder / name)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("workbooks")
    for path in write_templates(target):
        print(f"Wrote {path}")
