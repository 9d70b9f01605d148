"""A command line builds only the command it runs (issue 18): each command, built alone, has
the same usage, options and help as in the whole application, and a name is shown as typed."""

from __future__ import annotations

import pytest
from typer._click import formatting
from typer.testing import CliRunner

from moderator.cli.app import COMMANDS, build, run
from moderator.cli.helptexts import in_language

SUBCOMMANDS = {"plot": ["draw", "give", "use", "list"], "voice": ["prepare"]}


@pytest.mark.parametrize("words", [[c] for c in COMMANDS] + [
    [group, sub] for group, subs in SUBCOMMANDS.items() for sub in subs])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_command_built_alone_has_the_help_it_has_in_the_whole_application(
        capsys, monkeypatch, words, lang):
    monkeypatch.setenv("MODERATOR_LANG", lang)
    with in_language(lang):  # as `run` writes a help page
        whole = CliRunner().invoke(build(lang), [*words, "--help"])
    assert whole.exit_code == 0
    monkeypatch.setattr(formatting, "FORCED_WIDTH", 80)  # as the test runner has it
    assert run([*words, "--help"]) == 0
    assert capsys.readouterr().out == whole.stdout


def test_an_unknown_command_is_still_told_apart_from_the_known_ones(capsys):
    assert run(["stauts"]) == 2
    assert "stauts" in capsys.readouterr().err


def test_a_name_that_reads_like_an_emoji_code_is_shown_as_typed(play):
    shown = play("new --players 5 --names :smile:,Ben,Carl,Dora,Emil --leader 1 --no-play")
    assert ":smile:" in shown and "😄" not in shown
