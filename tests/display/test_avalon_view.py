"""The table display speaks the game's theme (rules.md §14): Avalon's words on the screen,
or the theme the display was started with."""

from __future__ import annotations

import re

from moderator import i18n
from moderator.display import view

BANNED = re.compile(r"mission|\bspy\b|\bspies\b|commander", re.IGNORECASE)


def sentences(data: dict) -> str:
    """What the screen says in words: the banner and the last actions."""
    return "\n".join([data["banner"], *(line["text"] for line in data["last"])])


def test_the_display_speaks_avalon_for_an_avalon_game(cli):
    cli("new --theme avalon --players 7 --leader 1 --no-play", "propose 1 2",
        "vote --approve all", "mission --fails 1")
    data = view.of_game(None, None, None)
    said = sentences(data)
    assert "quest 2" in said and not BANNED.search(said)
    assert data["status"]["theme"] == "avalon"
    assert i18n.theme() == i18n.DEFAULT_THEME  # the page's words, not the process's


def test_a_display_started_with_a_theme_speaks_it(cli):
    cli("new --theme avalon --players 7 --leader 1 --no-play")
    assert "mission 1" in sentences(view.of_game(None, None, None, theme="resistance"))
