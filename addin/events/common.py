"""What every event's use cases share: the outcome they report, and writing a new event file.

A use case returns an :class:`Outcome`: the sentence the door shows (the command line
prints it, a button shows it in an alert) and, for a file, the copy kept of the file it
replaced. Creating an event file over an existing one is allowed with ``force`` only,
and never over an event that holds typed results unless the organiser says they may be
discarded (``discard_results``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from addin.core.errors import TournamentError
from addin.core.messages import Message, N_
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
    """An event is written to an ``.xlsx`` file named by ``-o``."""
    if output is None or Path(output).suffix.lower() != ".xlsx":
        raise TournamentError("{what} needs an output file ending in .xlsx: add -o event.xlsx.", what=Message(what))
    return Path(output)


def write_new_event(output: Path, layout: Callable[[], WorkbookLayout], *, force: bool = False,
                    discard_results: bool = False,
                    typed_results: Callable[[Path], int] | None = None) -> Path | None:
    """Write a new event file; returns the copy kept of the file it replaced (if any).

    Over an existing file only with ``force``; over an event holding typed results only
    with ``discard_results`` as well (``typed_results(path)`` counts them).
    """
    from addin.render.xlsx import xlsx_bytes  # here: a workbook open in Excel (xlwings Lite) never needs the writer

    output = Path(output)
    check_target(output, force)
    if output.exists() and not discard_results and typed_results is not None:
        count = typed_results(output)
        if count:
            raise TournamentError(
                "{path} is an event that already holds {count} typed result(s): --force would discard them. "
                "Update it instead ('appariements update {name}') or, to start again from nothing, add "
                "--discard-results; nothing was changed.", path=output, count=count, name=output.name)
    return write_bytes(output, lambda: xlsx_bytes(layout()), force=force, backup=True)
