"""The live signals at their edges (issue 35, item 6): a timer of Infinity or NaN in the game's
sidecar (Python's JSON reads both) must not stop the page answering, and a timer no table
runs (longer than a day) is refused on the command line before it reaches the file."""

from __future__ import annotations

import os

import pytest
from display_client import state

from moderator import live, store
from moderator.i18n import t

NOT_A_LENGTH = ["Infinity", "-Infinity", "NaN", "1e400", "9" * 400]


def timer_file(game_id: str, field: str, value: str) -> None:
    numbers = {"seconds": "120", "warning": "30", "started": "1700000000.5", field: value}
    text = ", ".join(f'"{name}": {number}' for name, number in numbers.items())
    live.path_of(game_id).write_text(
        f'{{"timer": {{"pid": {os.getpid()}, "proposal": 0, {text}}}}}')


@pytest.mark.parametrize("field", ["seconds", "warning", "started"])
@pytest.mark.parametrize("value", NOT_A_LENGTH)
def test_a_timer_that_is_not_a_finite_number_reads_as_none(cli, field, value):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    timer_file(game_id, field, value)
    assert live.read(game_id)["timer"] is None


def test_the_page_answers_with_an_infinite_timer_in_the_file(cli, display):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    timer_file(game_id, "seconds", "Infinity")
    shown = display()
    assert state(shown)["state"]["timer"] is None


@pytest.mark.parametrize("seconds", ["86401", "9" * 400])
def test_a_timer_longer_than_a_day_is_refused(moderator_cli, seconds):
    result = moderator_cli("new", "--players", "5", "--no-play", "--timer", seconds)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == t("en", "errors.timer_range", given=seconds, most=86400) + "\n"
    assert not store.games_dir().exists()


@pytest.fixture
def moderator_cli(app):
    from typer.testing import CliRunner

    return lambda *args: CliRunner().invoke(app, list(args))
