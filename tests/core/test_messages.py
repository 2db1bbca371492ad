"""The message catalogue: French by default, English on request, one catalogue in step with the code."""

from __future__ import annotations

import importlib.util
import string
import sys
from pathlib import Path

import pytest

from addin.core.errors import TournamentError
from addin.core.messages import Message, catalogue, current_lang, language
from support.paths import ROOT



def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def tool():
    spec = importlib.util.spec_from_file_location("catalogue_tool", ROOT / "tools" / "catalogue.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogue_tool"] = module
    spec.loader.exec_module(module)
    return module


def test_the_compiled_catalogue_is_the_po_file():
    assert tool().check() == 0, "run: python tools/catalogue.py compile"


def test_every_translation_keeps_the_fields_of_its_template():
    catalog = tool().read_catalogue()
    bad = [(m.id, m.string) for m in catalog if m.id and m.string and fields(m.string) != fields(m.id)]
    assert bad == []


def test_every_template_of_the_code_is_in_the_catalogue():
    """``python tools/catalogue.py update`` adds new templates; none may be missing from the .po."""
    module = tool()
    known = {m.id for m in module.read_catalogue() if m.id}
    missing = sorted(m.id for m in module.extracted() if m.id and m.id not in known)
    assert missing == []


def test_a_message_is_shown_in_the_language_chosen_when_shown(monkeypatch):
    monkeypatch.delenv("APPARIEMENTS_LANG", raising=False)
    error = TournamentError("The file {path} does not exist.", path="p.csv")
    french = catalogue("fr").gettext("The file {path} does not exist.")
    assert french != "The file {path} does not exist.", "the catalogue must translate this template"
    assert current_lang() == "fr"
    assert str(error) == french.format(path="p.csv")
    with language("en"):
        assert str(error) == "The file p.csv does not exist."
    assert error.text("en") == "The file p.csv does not exist."


def test_the_environment_chooses_when_no_door_does(monkeypatch):
    monkeypatch.setenv("APPARIEMENTS_LANG", "en")
    assert current_lang() == "en"
    with language("fr"):
        assert current_lang() == "fr"
    monkeypatch.setenv("APPARIEMENTS_LANG", "xx")
    assert current_lang() == "fr"


def test_braces_in_values_and_in_plain_sentences_are_kept():
    assert Message("Name {name}.", name="{x}").text("en") == "Name {x}."
    assert str(TournamentError("a {b} c")) == "a {b} c"


def test_nested_messages_follow_the_same_language():
    inner = Message("The file {path} does not exist.", path="x")
    outer = Message("{where}: {problem}", where="here", problem=inner)
    assert outer.text("en") == "here: The file x does not exist."
    assert outer.text("fr") == "here: " + catalogue("fr").gettext("The file {path} does not exist.").format(path="x")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_unknown_templates_fall_back_to_english(lang):
    assert Message("No such template {n} here.", n=3).text(lang) == "No such template 3 here."
