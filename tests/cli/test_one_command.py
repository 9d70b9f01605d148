"""A command line builds only the command it runs (issue 18): each command, built alone, has
the same usage, options and help as in the whole application, and a name is shown as typed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import typer
from typer._click import formatting

from moderator.cli.app import build, commands, run
from moderator.cli.helptexts import in_language
from moderator.rules.modules import MODULES, Game

SUBCOMMANDS = {"plot": ["draw", "give", "use", "list"], "voice": ["prepare"]}


@pytest.mark.parametrize("words", [[c] for c in commands()] + [
    [group, sub] for group, subs in SUBCOMMANDS.items() for sub in subs])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_command_built_alone_has_the_help_it_has_in_the_whole_application(
        capsys, monkeypatch, words, lang):
    monkeypatch.setenv("MODERATOR_LANG", lang)
    monkeypatch.setattr(formatting, "FORCED_WIDTH", 80)  # the same width for both
    whole = typer.main.get_group(build(lang))
    in_language(whole, lang)  # as `run` writes a help page
    assert whole.main([*words, "--help"], prog_name="moderator", standalone_mode=False) == 0
    in_the_whole = capsys.readouterr().out
    assert run([*words, "--help"]) == 0
    assert capsys.readouterr().out == in_the_whole


def test_an_unknown_command_is_still_told_apart_from_the_known_ones(capsys):
    assert run(["stauts"]) == 2
    assert "stauts" in capsys.readouterr().err


def test_a_name_that_reads_like_an_emoji_code_is_shown_as_typed(play):
    shown = play("new --players 5 --names :smile:,Ben,Carl,Dora,Emil --leader 1 --no-play")
    assert ":smile:" in shown and "😄" not in shown


# -- the modules' commands and options (issue 21) ---------------------------------------------

ROUND_THEN_MODULES = [
    "new", "status", "propose", "vote", "mission", "switch", "watch", "rogue-claim",
    "assassinate", "loyalty", "examine", "investigate", "accuse", "blame", "undo", "redo", "log",
    "games", "play", "script", "rules", "review", "export", "import", "roles", "stats", "night",
    "simulate", "display", "plot", "voice",
]


def test_help_lists_the_round_then_the_modules_steps(capsys):
    """`switch` records part of a mission on its own, so it comes right after `mission`; the
    modules' own steps follow, in the modules' order, and the groups come last."""
    assert run(["--help"]) == 0
    listing = capsys.readouterr().out.split("Commands:\n")[1]
    assert [line.split()[0] for line in listing.splitlines() if line.strip()] == \
        ROUND_THEN_MODULES


LOADED = ("import sys\nfrom moderator.cli import main\ntry:\n    main(sys.argv[1:])\n"
          "except SystemExit:\n    pass\nprint(*sorted(sys.modules), file=sys.stderr)")


@pytest.mark.integration
@pytest.mark.parametrize("command,loads", [
    (["status"], False), (["vote", "--approve", "all"], False),
    (["--lang", "de", "status"], False),
    (["propose", "1", "2"], True), (["switch", "--nobody"], True),
])
def test_only_the_commands_that_show_a_module_load_the_modules_files(tmp_path, command, loads):
    """`status` is built without the modules' files here; `propose` takes their options and
    `switch` is one of their commands (start-up, design.md §6)."""
    env = {**os.environ, "MODERATOR_HOME": str(tmp_path)}
    subprocess.run([sys.executable, "-m", "moderator", "new", "--players", "5", "--no-play",
                    "--modules", "sergeant"], env=env, capture_output=True, check=True)
    result = subprocess.run([sys.executable, "-c", LOADED, *command], env=env,
                            capture_output=True, text=True, check=True)
    loaded = set(result.stderr.split())
    assert "moderator.session" in loaded  # the command ran
    files = {f"moderator.cli.{module.id}" for module in MODULES}
    assert bool(loaded & files) is loads
    if loads:
        assert files - loaded == set()  # trapper.py and reverser.py hold options only


def test_every_module_field_of_a_proposal_and_a_mission_has_its_option():
    group = typer.main.get_group(build("en"))
    given = {param.name for command in ("propose", "mission")
             for param in group.commands[command].params}
    assert set(Game.PROPOSAL_FIELDS) | set(Game.CARD_FIELDS) <= given
