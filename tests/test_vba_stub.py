"""Every button in vba_stub/ calls a function that exists in addin.excel.buttons."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

STUBS = Path(__file__).resolve().parents[1] / "vba_stub"
CALL = re.compile(r'RunPython\s+"import (?P<module>[\w.]+); (?P=module)\.(?P<func>\w+)\(\)"')


def test_every_runpython_call_names_an_existing_macro():
    calls = []
    for stub in sorted(STUBS.glob("*.bas")):
        text = stub.read_text(encoding="utf-8")
        found = CALL.findall(text)
        assert len(found) == text.count("RunPython"), f"{stub.name}: a RunPython line is malformed"
        calls += [(stub.name, module, func) for module, func in found]
    assert {func for _, _, func in calls} >= {
        "build_event", "refresh_event", "build_molter_event", "refresh_molter_event", "combinee_next_round",
        "combinee_refresh", "combinee_repair_round"}
    for name, module, func in calls:
        assert module == "addin.excel.buttons", f"{name}: buttons go through addin.excel.buttons"
        assert callable(getattr(importlib.import_module(module), func)), f"{name}: {func} is missing"
