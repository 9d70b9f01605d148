"""The README's examples are run as written: a host who copies them gets what it says."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


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
