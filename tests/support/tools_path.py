"""Makes the repository's tools/ importable by tests (fixture makers whose event builders tests reuse)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import gacrux_fixtures  # noqa: E402,F401
