"""Refusals where nothing is typed (issue 35): every refusal the rules, the session or the
host's remote can raise in guided play or on the host's page, and whose words name a command
or an option to type, has words of its own there without them (`untyped.<code>`), filled by
the same parameters, in every language and theme."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from test_catalogues import fields  # the same folder: on sys.path in pytest's import mode

from moderator import i18n
from moderator.i18n import LANGUAGES, THEMES, catalogue

PACKAGE = Path(__file__).resolve().parents[2] / "moderator"
#: What raises a refusal during play: the rules, the session, the host's remote.
RAISING = [*sorted((PACKAGE / "rules").rglob("*.py")), PACKAGE / "session.py",
           *sorted((PACKAGE / "host").rglob("*.py"))]


def commands() -> list[str]:
    """Every command's name, as typed after `moderator`."""
    import typer

    from moderator.cli.app import build

    return sorted(typer.main.get_command(build("en")).commands)  # type: ignore[attr-defined]


def typed() -> re.Pattern[str]:
    """Words that name a command or an option to type."""
    names = "|".join(re.escape(name) for name in commands())
    return re.compile(rf"\bmoderator ({names})\b|(?<![\w-])--[a-z]")


def raised() -> set[str]:
    """The catalogue keys those files name: a refusal's code written whole, or the keys
    that start with one written in part (`f"errors.turn.{phase}"`)."""
    keys = set(catalogue("en"))
    found: set[str] = set()
    for path in RAISING:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in keys:
                found.add(node.value)
            elif isinstance(node, ast.JoinedStr) and isinstance(node.values[0], ast.Constant):
                start = str(node.values[0].value)
                if start.startswith(("errors.", "records.errors.", "host.")):
                    found |= {key for key in keys if key.startswith(start)}
    return found


def texts(entry: str | dict[str, str]) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_that_names_a_command_says_itself_without_one_where_nothing_is_typed(lang):
    pattern, found = typed(), raised()
    assert {"errors.turn.vote", "errors.sergeant_required", "errors.moved_on"} <= found
    for theme in THEMES:
        with i18n.speaking(theme):
            naming = {code for code in found
                      if any(pattern.search(text) for text in texts(i18n.entry(lang, code)))}
            assert "errors.turn.mission" in naming
            missing = sorted(code for code in naming if not i18n.has(lang, f"untyped.{code}"))
            assert missing == []
            still = {code: i18n.t(lang, f"untyped.{code}", **dict.fromkeys(
                fields(i18n.entry(lang, code)), "X")) for code in naming}
            assert {code: text for code, text in still.items() if pattern.search(text)} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_untyped_words_take_no_parameter_their_refusal_lacks(lang):
    own = {key for key in catalogue(lang) if key.startswith("untyped.")}
    assert own, "no untyped refusals"
    for key in own:
        code = key.removeprefix("untyped.")
        assert code in catalogue(lang), key
        assert fields(catalogue(lang)[key]) <= fields(catalogue(lang)[code]), key
