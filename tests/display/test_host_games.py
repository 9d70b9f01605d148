"""Whole games recorded from the host's page alone (issue 34, "done when"), tier 1: the page's
requests as its script sends them, without a browser (test_host_browser.py plays the same
games in Chromium), each step's `status --json` and log checked against the same commands.
"""

from __future__ import annotations

import json

import host_games
import pytest
from host_client import HostPage



class Tapped:
    """A driver for `host_games.play`: the page's requests as its script sends them."""

    def __init__(self, page: HostPage) -> None:
        self.page = page

    def choices(self) -> list[str]:
        return self.page.step().choices

    def _ok(self, answer: tuple[int, dict]) -> None:
        status, reply = answer
        assert status == 200 and "refused" not in reply, reply

    def tap(self, title: str) -> None:
        self._ok(self.page.tap(title))

    def tick(self, titles: tuple[str, ...]) -> None:
        self._ok(self.page.tick(*titles))

    def move(self, name: str) -> None:
        self._ok(self.page.post(name))


@pytest.mark.parametrize("name", host_games.GAMES)
def test_a_whole_game_from_the_page_records_what_the_commands_record(
        cli, moderator, display, monkeypatch, name):
    game = host_games.GAMES[name]
    phone, commands = host_games.set_up(cli, game, monkeypatch)
    page = HostPage(display(game_id=phone).host_url)
    checked = host_games.play(game, Tapped(page), lambda line: cli(f"{line} --game {commands}"),
                              host_games.recorder(moderator, phone, commands))
    assert checked == len(game.steps)
    assert json.loads(moderator(f"status --json --game {phone}").stdout)["winner"] is not None
