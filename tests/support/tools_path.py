"""Makes the repository's tools/ importable by tests (fixture makers whose event builders tests reuse)."""

import sys
from support.paths import ROOT

sys.path.insert(0, str(ROOT / "tools"))

import gacrux_fixtures  # noqa: E402,F401
