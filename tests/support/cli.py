"""The command line as a test runs it: ``appariements ARGS…`` in-process, and a file's fingerprint.

``invoke`` runs the command through click's runner, its arguments as the shell gives them (text), named
as the shell names it (``appariements``, in usage lines); an unexpected exception is not caught, so the
test fails on it with its traceback. ``accepted`` runs a command that must succeed. ``digest`` is a file's
bytes as one value: a command that refuses must leave it unchanged.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

from click.testing import CliRunner, Result

from addin.cli import cli

__all__ = ["accepted", "digest", "invoke"]


def invoke(*args: object, env: Mapping[str, str | None] | None = None) -> Result:
    """``appariements ARGS…`` through click's runner (``env``: variables set, or removed when None, for the run)."""
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="appariements", env=env,
                              catch_exceptions=False)


def accepted(*args: object, env: Mapping[str, str | None] | None = None) -> Result:
    """``appariements ARGS…``, which must succeed (exit code 0; else the arguments and what it printed)."""
    result = invoke(*args, env=env)
    assert result.exit_code == 0, (args, result.output)
    return result


def digest(path: Path) -> str:
    """The SHA-256 of the file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
