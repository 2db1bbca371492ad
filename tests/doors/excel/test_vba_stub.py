"""Every button in vba_stub/ calls a function that exists in addin.excel.buttons.

A button that asks hands its answers over only as ``Saisie.PyArgs(...)`` — lists of UTF-16 code units, digits
and commas — so nothing an organiser types can become Python code: every ``RunPython`` line is either the bare
call or the call of ``PyArgs`` of VBA variables and literals, with as many answers as the Python function
takes.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from support.paths import ROOT

STUBS = ROOT / "vba_stub"
CALL = re.compile(r'RunPython\s+"import (?P<module>[\w.]+); (?P=module)\.(?P<func>\w+)'
                  r'\((?:" & PyArgs\((?P<args>[\w ,"]*)\) & ")?\)"')


def logical(text: str) -> str:
    """The VBA text with its continued lines (`` _`` at a line's end) joined."""
    return re.sub(r" _\n\s*", " ", text)


def test_every_runpython_call_names_an_existing_macro():
    calls = []
    for stub in sorted(STUBS.glob("*.bas")):
        text = logical(stub.read_text(encoding="utf-8"))
        found = CALL.findall(text)
        assert len(found) == text.count("RunPython"), f"{stub.name}: a RunPython line is malformed"
        calls += [(stub.name, module, func, args) for module, func, args in found]
    assert {func for _, _, func, _ in calls} >= {
        "build_event", "refresh_event", "build_molter_event", "refresh_molter_event", "combinee_next_round",
        "combinee_refresh", "combinee_repair_round", "check_installation", "enter_result", "enter_scores",
        "withdraw_entrant", "late_entrant", "replace_entrant", "substitute_entrant", "export_trf_file", "import_trf_file",
        "new_roundrobin_from_list"}
    for name, module, func, args in calls:
        assert module == "addin.excel.buttons", f"{name}: buttons go through addin.excel.buttons"
        function = getattr(importlib.import_module(module), func)
        assert callable(function), f"{name}: {func} is missing"
        answers = [a for a in args.split(",") if a.strip()]
        assert len(inspect.signature(function).parameters) == len(answers), (name, func, answers)


# -- every RunPython target runs the use case the command line runs -----------------------

#: the use case each button's RunPython target runs, and the command-line operation that runs it too
#: (``addin.events.dispatch.run(path, operation)`` for ``update``, ``next-round``, ``repair-round``)
CLI_OPERATION = {"refresh": "update", "next_round": "next-round", "repair_round": "repair-round"}
#: the use case of each module of buttons on every event's sheets
EVERY_EVENT_USE_CASE = {"Installation": ("addin.events.installation", "check"),
                        "Publication": ("addin.events.publish", "publish_beside")}


def _targets() -> list[tuple[str, str, str]]:
    """(module of vba_stub, event of that module, RunPython function) of every button."""
    from addin.render.vba_sources import stubs

    out = []
    for module, buttons in stubs():
        for func in CALL.findall(logical(module.code)):
            if not func[2]:  # the buttons that ask: tests/doors/excel/test_asking_buttons.py
                out.append((module.name, buttons[0].event if buttons else "*", func[1]))
    return out


def test_every_runpython_target_runs_its_events_use_case(monkeypatch):
    """Each target, called as Excel's RunPython would (on the calling workbook), runs one use case of its
    event's module in ``addin.events`` — the function the command line's dispatch runs for that event — or,
    for the installation check, ``addin.events.installation.check``, for the site,
    ``addin.events.publish.publish_beside`` (which runs what ``appariements publish`` runs)."""
    import addin.events.dispatch as dispatch
    import addin.excel.buttons as buttons
    from addin.events import installation, publish
    from addin.events.kinds import REGISTRY, find_kind

    called: list[tuple[str, str]] = []
    sentinel = object()

    def recorder(module_name, name):
        def record(live, *args, **kwargs):
            assert live is sentinel
            called.append((module_name, name))
            return "done"
        return record

    for kind in REGISTRY:  # each kind's use cases are in its module of addin.events
        module_name = f"addin.events.{kind.name}"
        module = importlib.import_module(module_name)
        for name in ("refresh", "next_round", "repair_round", "import_trf_into"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, recorder(module_name, name))
    monkeypatch.setattr(installation, "check", recorder("addin.events.installation", "check"))
    monkeypatch.setattr(publish, "publish_beside", recorder("addin.events.publish", "publish_beside"))
    monkeypatch.setattr(buttons, "run_on_caller", lambda action: action(sentinel))

    for stub, event, func in _targets():
        called.clear()
        getattr(buttons, func)()
        assert len(called) == 1, (stub, func, called)
        module_name, name = called[0]
        if event == "*":  # the buttons of every event: the installation check, the site (what 'publish' writes)
            assert called[0] == EVERY_EVENT_USE_CASE[stub], (stub, func)
            continue
        assert module_name == f"addin.events.{find_kind(event).name}", (stub, func)
        if name in CLI_OPERATION:  # the command line's dispatch reaches the very same function
            monkeypatch.setattr(dispatch, "kind_of", lambda book, kind=event: find_kind(kind))
            called.clear()
            dispatch.use_case(None, name)(sentinel)
            assert called == [(module_name, name)], (stub, func, called)
