"""What every event's use cases share: the outcome they report, writing a new event file, and the
result of a game typed by round and board (:func:`set_game_result`).

A use case returns an :class:`Outcome`: the sentence the door shows (the command line
prints it, a button shows it in an alert) and, for a file, the copy kept of the file it
replaced. Creating an event file over an existing one is allowed with ``force`` only,
and never over an event that holds typed results unless the organiser says they may be
discarded (``discard_results``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.core.messages import Message, N_
from addin.core.results import shown_code
from addin.render.output import check_target, write_bytes
from addin.sheets.model import WorkbookLayout


@dataclass
class Outcome:
    """What a use case did: a summary for the organiser, and the files it wrote."""

    summary: Message
    written: list[Path] = field(default_factory=list)
    backup: Path | None = None
    details: list[Message] = field(default_factory=list)
    lang: str | None = None  # the language the sentences are shown in, when the use case chose it

    def lines(self) -> list[str]:
        """The summary then the details, in the current language."""
        out = [self.summary.text()]
        out += [detail.text() for detail in self.details]
        if self.backup is not None:  # in the file's folder of previous versions (addin.render.backups)
            out.append(Message("The previous version is kept as {backup}.",
                               backup=f"{self.backup.parent.name}/{self.backup.name}").text())
        return out


def check_xlsx_output(output: Path | None, what: str = N_("An event workbook")) -> Path:
    """An event is written to an ``.xlsx`` file named by ``-o`` (``.xlsm``: with its macros and buttons)."""
    if output is None or Path(output).suffix.lower() not in (".xlsx", ".xlsm"):
        raise TournamentError("{what} needs an output file ending in .xlsx: add -o event.xlsx.", what=Message(what))
    return Path(output)


def check_macros_output(output: Path | None, macros: bool) -> None:
    """``--macros`` writes an ``.xlsm`` file, and an ``.xlsm`` file is written with ``--macros`` only."""
    suffix = Path(output).suffix.lower() if output is not None else ""
    if macros and suffix != ".xlsm":
        raise TournamentError("--macros writes a macro-enabled workbook: name it with -o event.xlsm.")
    if suffix == ".xlsm" and not macros and output is not None:  # (a suffix comes with an output)
        raise TournamentError("{name} would be a macro-enabled workbook: add --macros to write its buttons, or name "
                              "it .xlsx.", name=Path(output).name)


def event_package(layout: WorkbookLayout, event: str, macros: bool) -> bytes:
    """The file of a new event: the workbook of ``layout``, carrying xlwings Lite's code, and with ``macros``
    the VBA project and the buttons of ``event`` (``roundrobin``, ``molter`` …, ``vba_stub/``'s ``Event``) on the
    sheet it opens on, labelled in the workbook's language."""
    from addin.events.press import ENGLISH_SHEETS
    from addin.render.lite_part import lite_wheel, with_lite
    from addin.render.vba_sources import buttons, project_bytes
    from addin.render.xlsx import Macros, xlsx_bytes

    extras = None
    if macros:
        lang = "en" if ENGLISH_SHEETS & {sheet.name for sheet in layout.sheets} else "fr"
        home = layout.active or layout.sheets[0].name
        extras = Macros(project_bytes(False), {home: [
            (button.macro, button.label(lang)) for button in buttons(event)]})
    return with_lite(xlsx_bytes(layout, extras), lite_wheel())


def write_new_event(output: Path, layout: Callable[[], WorkbookLayout], *, force: bool = False,
                    discard_results: bool = False,
                    typed_results: Callable[[Path], int] | None = None) -> Path | None:
    """Write a new event file; returns the copy kept of the file it replaced (if any).

    Over an existing file only with ``force``; over an event holding typed results only
    with ``discard_results`` as well (``typed_results(path)`` counts them). An ``.xlsm``
    file gets the VBA project and the buttons of the event whose use case ``layout`` comes
    from (the last part of its module's name: ``addin.events.molter`` → ``molter``).
    """
    output = Path(output)
    check_target(output, force)
    if output.exists() and not discard_results and typed_results is not None:
        count = typed_results(output)
        if count:
            raise TournamentError(
                "{path} is an event that already holds {count} typed result(s): --force would discard them. "
                "Update it instead ('appariements update {name}') or, to start again from nothing, add "
                "--discard-results; nothing was changed.", path=output, count=count, name=output.name)
    event = getattr(layout, "__module__", "").rsplit(".", 1)[-1]
    from addin.render import known_rows, sharing  # here: xlwings Lite (no file written) lacks their libraries

    macros = output.suffix.lower() == ".xlsm"
    made: list[WorkbookLayout] = []

    def package() -> bytes:
        made.append(layout())
        return event_package(made[-1], event, macros)

    backup = write_bytes(output, package, force=force, backup=True)
    written = sharing.fingerprint(output)
    if written is not None:  # what its sheets hold, for the first command's read (``addin.render.known_rows``)
        known_rows.keep_written(written.sha256, made[-1])
    return backup


def set_game_result(book: Any, change: Callable[..., Outcome], rule: Callable[[Any, int, int, Any], Any],
                    rnd: Any, board: Any, code: Any) -> Outcome:
    """Type, correct or clear the result of a game in any round, for an event whose games are numbered by round
    and board (round-robin, Molter): ``rule(event, round, board, code)`` (the kind's rule), run through the
    kind's ``change(book, operation, summary, mend=…)``, which reads the event without that game's cell and
    writes it back."""
    r, b = as_int(rnd, "round", 1), as_int(board, "board", 1)
    return change(book, lambda event: rule(event, r, b, code),
                  Message("Round {round}, board {board}: result {code}.", round=r, board=b, code=shown_code(code)),
                  mend=(r, b))
