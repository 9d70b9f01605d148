"""What may import what (design.md §1), and what start-up may load (design.md §6).

Each check runs a fresh interpreter, as a host's shell would."""

import gc
import os
import subprocess
import sys

import pytest

#: openskill: the ratings of `stats`, loaded by that command alone (issue 33)
HEAVY = {"questionary", "prompt_toolkit", "gtts", "requests", "yaml", "rapidfuzz", "openskill"}


def imported(code: str, *args: str) -> set[str]:
    """Top-level names of every module a fresh interpreter imports for `code`."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code, *args],
        capture_output=True, text=True, check=False,
    )
    names = set()
    for line in result.stderr.splitlines()[1:]:  # the first is the column header
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    assert names, result.stderr[-2000:]
    return names


RUN = "import sys; from moderator.cli import main; sys.argv = ['moderator', *sys.argv[1:]]; main()"


@pytest.mark.integration
def test_version_loads_no_heavy_module():
    assert imported(RUN, "--version") & (HEAVY | {"typer", "rich"}) == set()


@pytest.mark.integration
def test_help_loads_nothing_heavy_but_yaml_the_first_time(tmp_path):
    code = f"import os; os.environ['MODERATOR_CACHE'] = {str(tmp_path)!r}; " + RUN
    assert imported(code, "--help") & HEAVY == {"yaml"}  # the catalogue parsed, and kept
    # (the engine is loaded: the module options of propose and mission are its fields)
    assert imported(code, "--help") & (HEAVY | {"rich"}) == set()


PROGRAM = ("import atexit, gc, sys\n"
           "atexit.register(lambda: print(gc.get_threshold()[0], gc.get_freeze_count() > 0))\n"
           "from moderator.cli import program\nsys.argv = ['moderator', *sys.argv[1:]]\n"
           "program()")


@pytest.mark.integration
def test_the_program_collects_less_often_and_leaves_what_it_made_to_the_exit():
    """The console script and `python -m moderator` run `program`: its cycle collector waits
    for `COLLECT_AFTER` new objects, and at the end what the command made is frozen, so the
    interpreter's last collection skips it. `main` itself, run inside another program (the
    tests), leaves the collector as it was."""
    import tomllib
    from pathlib import Path

    from moderator.cli import COLLECT_AFTER

    result = subprocess.run([sys.executable, "-c", PROGRAM, "--version"],
                            capture_output=True, text=True, check=True)
    assert result.stdout.splitlines()[-1] == f"{COLLECT_AFTER} True"
    main = PROGRAM.replace("import program", "import main").replace("program()", "main()")
    result = subprocess.run([sys.executable, "-c", main, "--version"],
                            capture_output=True, text=True, check=True)
    assert result.stdout.splitlines()[-1] == f"{gc.get_threshold()[0]} False"
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["moderator"] == "moderator.cli:program"
    main_file = Path(__file__).parents[2] / "moderator" / "__main__.py"
    assert "program()" in main_file.read_text()


def with_game(tmp_path, *setup: str) -> dict:
    """An environment with its own games folder and cache folder, holding one new game (and
    what `setup` records in it); the cache is filled by a first run."""
    env = {**os.environ, "MODERATOR_HOME": str(tmp_path / "home"),
           "MODERATOR_CACHE": str(tmp_path / "cache")}
    for command in (("new", "--players", "5", "--no-play"), *(c.split() for c in setup)):
        subprocess.run([sys.executable, "-m", "moderator", *command], env=env,
                       capture_output=True, check=True)
    return env


def modules_of(env: dict, *command: str) -> set[str]:
    """Every module (full dotted name) one run of `moderator COMMAND` imports."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "moderator", *command],
                            env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines()
            if line.startswith("import time:") and "|" in line}


def tops(modules: set[str]) -> set[str]:
    return {name.split(".")[0] for name in modules}


PROMPTS_AND_SPEECH = {"questionary", "prompt_toolkit", "gtts", "requests"}


@pytest.mark.integration
def test_status_json_renders_nothing_so_loads_no_rich(tmp_path):
    env = with_game(tmp_path, "status")
    loaded = modules_of(env, "status", "--json")
    assert "moderator.session" in loaded  # the command really ran
    assert tops(loaded) & (HEAVY | {"rich"}) == set()


@pytest.mark.integration
@pytest.mark.parametrize("command,setup", [
    (("status",), ()),
    (("propose", "1", "2"), ()),
    (("vote", "--approve", "1,2,3"), ("propose 1 2",)),
    (("mission", "--fails", "0"), ("propose 1 2", "vote --approve 1,2,3")),
])
def test_the_everyday_commands_load_no_parser_prompts_speech_or_search(tmp_path, command, setup):
    env = with_game(tmp_path, "status", *setup)
    loaded = modules_of(env, *command)
    assert "moderator.session" in loaded
    assert tops(loaded) & (HEAVY | PROMPTS_AND_SPEECH) == set()  # no yaml: catalogues kept


def test_a_command_builds_only_itself():
    from moderator.cli.app import build, commands

    for command in commands():
        app = build("en", command)
        assert [c.name for c in app.registered_commands] + [
            g.name for g in app.registered_groups] == [command]
    whole = build("en")
    assert [c.name for c in whole.registered_commands] + [
        g.name for g in whole.registered_groups] == sorted(commands(), key=_listed)


def _listed(command: str) -> tuple[bool, int]:
    """--help lists the commands, then the groups, each in the order of `commands()`."""
    from moderator.cli.app import commands

    return command in ("plot", "voice"), list(commands()).index(command)


CATALOGUES_LOADED = (
    "import sys; from moderator.cli import main; from moderator import i18n\n"
    "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
    "print(i18n.catalogue.cache_info().currsize)"
)


def catalogues_loaded(env: dict, *command: str) -> int:
    """How many languages a run of `moderator COMMAND` loads."""
    result = subprocess.run([sys.executable, "-c", CATALOGUES_LOADED, *command], env=env,
                            capture_output=True, text=True, check=True)
    return int(result.stdout.splitlines()[-1])


@pytest.mark.integration
def test_a_rules_question_loads_one_language_and_no_parser(tmp_path):
    env = with_game(tmp_path, "rules does a tie pass")  # the index is built once, and kept
    loaded = modules_of(env, "rules", "does", "a", "tie", "pass")
    assert "rapidfuzz" in tops(loaded) and "yaml" not in tops(loaded)
    assert catalogues_loaded(env, "rules", "does", "a", "tie", "pass") == 1


MODULES_LOADED = (
    "import sys; from moderator.cli import main\n"
    "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
    "print(' '.join(sys.modules))"
)


def loaded_by(env: dict, *command: str) -> set[str]:
    """Every module in memory after a run of `moderator COMMAND`, also those imported by name
    (a module's part of a ring, `rules/part.py`), which `-X importtime` does not list."""
    result = subprocess.run([sys.executable, "-c", MODULES_LOADED, *command], env=env,
                            capture_output=True, text=True, check=True)
    return set(result.stdout.splitlines()[-1].split())


@pytest.mark.integration
def test_only_the_ruling_of_now_loads_the_modules_parts_of_the_rules_lookup(tmp_path):
    """A question loads no module's part of the ruling; what applies now loads those of the
    modules in play, and no others."""
    env = with_game(tmp_path, "new --players 7 --modules plot,sergeant --no-play",
                    "rules does a tie pass")
    parts = "moderator.reference.moments."
    assert {m for m in loaded_by(env, "rules", "does", "a", "tie", "pass")
            if m.startswith(parts)} == set()
    assert {m for m in loaded_by(env, "rules") if m.startswith(parts)} == {
        parts + "plot", parts + "sergeant"}


@pytest.mark.integration
def test_stats_over_finished_games_loads_neither_the_rules_nor_a_second_language(tmp_path):
    wins = [c for team in ("1 2", "2 3 4", "3 4") for c in (
        f"propose {team}", "vote --approve 1,2,3,4,5", "mission --fails 0")]  # three successes
    env = with_game(tmp_path, *wins, "roles --spies 4,5", "stats")
    loaded = modules_of(env, "stats")
    assert "moderator.records.ledger" in loaded and "openskill" in tops(loaded)
    assert {m for m in loaded if m.startswith("moderator.rules")} == set()
    assert catalogues_loaded(env, "stats") == 1


@pytest.mark.integration
def test_a_command_loads_no_prompt_or_speech_library(tmp_path):
    code = f"import os; os.environ['MODERATOR_HOME'] = {str(tmp_path)!r}; " + RUN
    assert imported(code, "games") & {"questionary", "prompt_toolkit", "gtts", "requests"} == set()


@pytest.mark.integration
@pytest.mark.parametrize("command,own", [
    (("export", "--format", "md"), "moderator.records.notation"),
    (("export", "--format", "json"), "moderator.records.archive"),
    (("stats",), "moderator.records.season"),
    (("simulate", "--players", "5", "--games", "20"), "moderator.simulate.balance"),
])
def test_the_records_load_no_prompt_or_speech_library(tmp_path, command, own):
    env = {**os.environ, "MODERATOR_HOME": str(tmp_path)}
    subprocess.run([sys.executable, "-m", "moderator", "new", "--players", "5", "--no-play"],
                   env=env, capture_output=True, check=True)
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "moderator", *command],
                            env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    loaded = {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines()
              if line.startswith("import time:") and "|" in line}
    assert own in loaded  # the command really ran
    assert {name.split(".")[0] for name in loaded} & {
        "questionary", "prompt_toolkit", "gtts", "requests", "rapidfuzz"} == set()


def foreign(package: str) -> set[str]:
    """Modules beyond the standard library and what the interpreter loads for any script."""
    probes = {"org"}  # `copy` probes for Jython's org.python.core; nothing is loaded
    return imported(f"import {package}") - imported("pass") - set(sys.stdlib_module_names) - probes


@pytest.mark.integration
def test_the_rules_import_only_the_standard_library():
    assert foreign("moderator.rules") == {"moderator"}


@pytest.mark.integration
@pytest.mark.parametrize("package,allowed", [
    ("moderator.store", {"moderator"}),
    ("moderator.session", {"moderator"}),
    ("moderator.scripts", {"moderator"}),
    ("moderator.reference", {"moderator"}),  # rapidfuzz only when a question is searched
    ("moderator.voice", {"moderator"}),  # gTTS, requests and platformdirs only when used
    ("moderator.ui.reader", {"moderator"}),
    ("moderator.i18n", {"moderator"}),  # yaml only when a catalogue is not kept yet
    ("moderator.kept", {"moderator"}),  # platformdirs only without MODERATOR_CACHE
    ("moderator.records.ledger", {"moderator"}),
])
def test_the_rings_import_only_what_they_need(package, allowed):
    assert foreign(package) == allowed


def test_nothing_outside_the_command_line_imports_it():
    from pathlib import Path

    import moderator

    root = Path(moderator.__file__).parent
    offenders = [
        str(path.relative_to(root)) for path in root.rglob("*.py")
        if "cli" not in path.relative_to(root).parts and path.name != "__main__.py"
        and "moderator.cli" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


# -- the table display (issue 14) -------------------------------------------------------------

DISPLAY_ONLY = {"http", "socketserver", "segno", "ifaddr", "webbrowser"}


@pytest.mark.integration
@pytest.mark.parametrize("command", [("--version",), ("status",), ("vote", "--approve", "1")])
def test_the_everyday_commands_load_nothing_of_the_display(tmp_path, command):
    env = {**os.environ, "MODERATOR_HOME": str(tmp_path)}
    for setup in (["new", "--players", "5", "--no-play"], ["propose", "1", "2"]):
        subprocess.run([sys.executable, "-m", "moderator", *setup], env=env,
                       capture_output=True, check=True)
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "moderator", *command],
                            env=env, capture_output=True, text=True, check=False)
    loaded = {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines()
              if line.startswith("import time:") and "|" in line}
    assert loaded, result.stderr[-2000:]
    assert {name.split(".")[0] for name in loaded} & DISPLAY_ONLY == set()
    assert not any(name.startswith("moderator.display") for name in loaded)


@pytest.mark.integration
def test_the_display_command_loads_its_server_and_qr_code_only_when_it_runs():
    assert foreign("moderator.display.server") == {"moderator"}  # segno, ifaddr: when serving
    assert imported("import moderator.cli.display") & {"http", "segno", "ifaddr"} == set()


@pytest.mark.integration
def test_the_live_signals_need_only_the_standard_library_and_the_store():
    """The reader and guided play call `live` without loading the display or the engine."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", "import moderator.live"],
                            capture_output=True, text=True, check=True)
    ours = {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines()
            if "| " in line and line.rsplit("|", 1)[1].strip().startswith("moderator")}
    assert ours == {"moderator", "moderator.store", "moderator.live"}
    assert foreign("moderator.live") == {"moderator"}


PROMPTS = """
import sys
{before}
from moderator.ui.prompts import _questionary
_questionary()
import asyncio.base_events
print(asyncio.base_events.ssl is None, 'ssl' in sys.modules)
import ssl, requests  # the voice's HTTPS still loads it
print(ssl.create_default_context() is not None)
"""


@pytest.mark.integration
@pytest.mark.parametrize("before, without", [("", "True False"), ("import ssl", "False True")])
def test_the_prompts_load_without_ssl_and_leave_it_importable(before, without):
    """Guided play's first prompt waits for questionary, whose asyncio would load ssl for TLS
    connections the prompts never open (design.md §6); unless something loaded ssl first, it
    is held off, and importable afterwards as ever."""
    result = subprocess.run([sys.executable, "-c", PROMPTS.format(before=before)],
                            capture_output=True, text=True, check=True)
    assert result.stdout.split("\n")[:2] == [without, "True"]
