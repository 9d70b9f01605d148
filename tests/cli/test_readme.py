"""The README's examples are run as written: a host who copies them gets what it says."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def short_game() -> list[str]:
    """The command lines of the README's "A short game, start to finish", comments dropped."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"A short game, start to finish.*?```sh\n(.*?)```", text, re.S)
    assert block, "the README has no short game"
    return [shlex.split(line, comments=True) for line in block.group(1).splitlines()
            if line.strip()]


def test_the_short_game_plays_a_whole_game_to_its_end(moderator, status):
    lines = short_game()
    assert all(line[0] == "moderator" for line in lines)
    for line in lines:
        result = moderator(line)
        assert result.exit_code == 0, f"{shlex.join(line)}\n{result.output}"
    shown = status()
    assert (shown["phase"], shown["winner"]) == ("game_over", "resistance")
    assert shown["score"] == {"resistance": 3, "spies": 1}
    # it shows the everyday votes: a rejected team, everyone approving, nobody rejecting
    votes = shown["proposals"]
    assert [p["approved"] for p in votes] == [True, False, True, True, True]
    assert [len(p["approve"]) for p in votes] == [3, 1, 5, 5, 4]
    assert "Game over: the Resistance wins" in result.stdout  # the last line, `status`


def test_the_readme_names_every_setting_and_every_reading():
    """Issue 13: the README says which unsettled points are settings and which are readings
    (rules.md §13, §13.1)."""
    from moderator.rules.house_rules import READINGS, SETTINGS

    text = README.read_text(encoding="utf-8")
    settings = text[text.index("- **Settings**"):text.index("- **Readings**")]
    readings = text[text.index("- **Readings**"):]
    assert all(f"`{setting}`" in settings for setting in SETTINGS)
    assert all(f"`{point}`" in readings for point in READINGS)


@pytest.mark.integration
def test_the_first_install_command_works_with_python_alone(tmp_path):
    """Issue 35, item 7: the Quick start's first command, run as written by `sh` on a
    machine whose PATH holds Python and nothing else (no pipx, no uv), in a copy of the
    clone, installs moderator and starts a game."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Quick start\n\n```sh\n(.*?)\n```", text, re.S)
    assert block, "the README has no Quick start"
    command = block.group(1)
    assert "\n" not in command.strip()
    clone = tmp_path / "clone"
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split("\n")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
    only_python = tmp_path / "bin"
    only_python.mkdir()
    (only_python / "python3").symlink_to(getattr(sys, "_base_executable", sys.executable))
    env = {"HOME": str(tmp_path / "home"), "PATH": str(only_python), "LANG": "C.UTF-8",
           "MODERATOR_HOME": str(tmp_path / "games"), "MODERATOR_VOICE": "off",
           **{k: v for k, v in os.environ.items() if k.startswith("PIP_")}}
    done = subprocess.run(["/bin/sh", "-c", command], cwd=clone, env=env, capture_output=True,
                          text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 players" in done.stdout and "moderator propose" in done.stdout


def test_every_picture_in_docs_is_shown_and_every_section_it_points_to_is_there():
    """A merge once dropped the README's section on the host's phone while the commands table
    still said "(below)": every picture kept in docs/ is shown by the README or a page of
    docs/, and the sections the README's table sends a host to are in it."""
    pages = [README, *ROOT.glob("docs/*.md")]
    shown = "\n".join(page.read_text(encoding="utf-8") for page in pages)
    for picture in ROOT.glob("docs/*.png"):
        assert f"docs/{picture.name}" in shown or f"({picture.name})" in shown, picture.name
    text = README.read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ (.+)$", text, re.M))
    assert "Recording from the host's phone" in headings  # `display`: "the host's own page"
    for named in re.findall(r'\(below, "([^"]+)"\)', text):
        assert named in headings, named
