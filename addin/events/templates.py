"""Ready-made event workbooks shipped in ``workbooks/`` (round-robins of 3–16 players).

Each template is the event workbook ``appariements berger N --event`` writes
(French labels, players "Joueur 1" … "Joueur N" to rename in the sheet
Joueurs), single and double round-robin, carrying xlwings Lite's code (the functions and
the Run scripts with nothing to paste). ``python -m addin.events.templates [folder]``
rewrites them; ``--macros`` writes the macro-enabled ``.xlsm`` ones instead (the VBA
project and the round-robin's buttons); ``tests/test_templates.py`` proves that the sheets
of the files in ``workbooks/`` are exactly what this module produces today.
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


def template_name(players: int, cycles: int, macros: bool = False) -> str:
    return f"toutes-rondes-{players:02d}-{CYCLES[cycles]}.{'xlsm' if macros else 'xlsx'}"


def template_layout(players: int, cycles: int) -> WorkbookLayout:
    roster = [Player(i, f"Joueur {i}") for i in range(1, players + 1)]
    title = f"Toutes rondes {players} joueurs{' aller-retour' if cycles == 2 else ''}"
    return event_layout(berger_schedule(players, cycles), roster, title=title)


def templates(macros: bool = False) -> list[tuple[str, int, int]]:
    return [(template_name(n, c, macros), n, c) for n in SIZES for c in CYCLES]


def write_templates(folder: Path, macros: bool = False) -> list[Path]:
    from addin.events.common import event_package

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, n, c in templates(macros):
        (folder / name).write_bytes(event_package(template_layout(n, c), "roundrobin", macros))
        written.append(folder / name)
    return written


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--macros"]
    target = Path(arguments[0]) if arguments else Path("workbooks")
    for path in write_templates(target, "--macros" in sys.argv[1:]):
        print(f"Wrote {path}")
