"""What may import what (design.md §1), and what start-up may load (design.md §6).

Each check runs a fresh interpreter, as a host's shell would."""

import os
import subprocess
import sys

import pytest

HEAVY = {"questionary", "prompt_toolkit", "gtts", "requests", "yaml", "rapidfuzz"}


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


def test_version_loads_no_heavy_module():
    assert imported(RUN, "--version") & (HEAVY | {"typer", "rich"}) == set()


def test_help_loads_nothing_heavy_but_yaml():
    assert imported(RUN, "--help") & HEAVY == {"yaml"}


def test_a_command_loads_no_prompt_or_speech_library(tmp_path):
    code = f"import os; os.environ['MODERATOR_HOME'] = {str(tmp_path)!r}; " + RUN
    assert imported(code, "games") & {"questionary", "prompt_toolkit", "gtts", "requests"} == set()


@pytest.mark.parametrize("command,own", [
    (("export", "--format", "md"), "moderator.records.notation"),
    (("export", "--format", "json"), "moderator.records.archive"),
    (("stats",), "moderator.records.season"),
    (("simulate", "--players", "5", "--games", "20"), "moderator.records.balance"),
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


def test_the_rules_import_only_the_standard_library():
    assert foreign("moderator.rules") == {"moderator"}


@pytest.mark.parametrize("package,allowed", [
    ("moderator.store", {"moderator"}),
    ("moderator.session", {"moderator"}),
    ("moderator.scripts", {"moderator"}),
    ("moderator.reference", {"moderator"}),  # rapidfuzz only when a question is searched
    ("moderator.voice", {"moderator"}),  # gTTS, requests and platformdirs only when used
    ("moderator.ui.reader", {"moderator"}),
    ("moderator.i18n", {"moderator"}),  # yaml only on the first t()
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
