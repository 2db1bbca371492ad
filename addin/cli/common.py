"""Shared pieces of the command line: output files, language option."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

import click

from addin.core.errors import TournamentError

LANG_OPTION = click.option(
    "--lang", type=click.Choice(["fr", "en"]), default="fr", show_default=True,
    help="Language of the workbook labels.")


def check_output(path: Path, force: bool) -> None:
    """Refuse to overwrite an existing file unless ``force``."""
    if path.exists() and not force:
        raise TournamentError(f"The file {path} already exists: choose another name or add --force.")
    if not path.parent.exists():
        raise TournamentError(f"The folder {path.parent} does not exist.")


def write_atomic(path: Path, writer: Callable[[Path], None], force: bool = False) -> None:
    """Write through a temporary file in the same folder, then rename.

    A failure leaves no half-written output and never touches an existing file.
    """
    path = Path(path)
    check_output(path, force)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=path.suffix, dir=path.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        writer(tmp_path)
        os.replace(tmp_path, path)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()
