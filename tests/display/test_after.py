"""The table's screen after a game (issue 31, item 3; issue 33, item 2): the game in review
and tonight's tally, a step at a time, in the game's language and theme, and only what the
whole table may see: nothing of it while a game runs, the truth only once the sides were
entered, the night only while no game is running.

The numbers are the records' own (`review --json`, `night --json`); these tests check that the
screen shows the same, no more, and says it in the table's words. The browser's side (a step at
a time, readable from across the room) is in test_browser.py.
"""

from __future__ import annotations

import json
import time
from html import escape

import pytest
from display_client import get, state

from moderator.display import page, view
from moderator.display.watcher import Table
from moderator.i18n import t

FIVE = "new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --no-play"
#: Ann's team of two reveals two Fail cards on mission 1: Ann and Bob are proven spies, the rest
#: loyal (rules.md §1.1: two spies at five; §1.5). The Resistance wins the fifth mission.
GAME = ["propose 1 2", "vote --approve 1,2,3", "mission --fails 2",
        "propose 3 4 5", "vote --approve 3,4,5", "mission --fails 0",
        "propose 3 4", "vote --reject 1,2,3", "propose 4 5", "vote --approve 3,4,5",
        "mission --fails 0",
        "propose 1 2 3", "vote --approve all", "mission --fails 1",
        "propose 3 4 5", "vote --approve 3,4,5", "mission --fails 0"]


def played(cli, options: str = "") -> None:
    cli(f"{FIVE} {options}".strip(), *GAME)


def said(data: dict) -> str:
    """Everything the page draws from the data."""
    return page.render(data)


def test_while_the_game_runs_the_screen_shows_no_review_and_no_tally(cli):
    cli(FIVE, *GAME[:-1])
    data = view.of_game(None, None, None)
    assert data["after"] == [] and 'id="after"' not in said(data)
    assert t("en", "review.proved") not in said(data)


def test_after_the_game_each_round_then_what_the_record_proved_as_review_says(cli, moderator):
    played(cli)
    data = view.of_game(None, None, None)
    steps = data["after"]
    proved = json.loads(moderator("review --json").stdout)
    rounds = [s for s in steps if s["title"].startswith("Round")]
    assert [s["title"] for s in rounds] == [f"Round {n}" for n in range(1, 6)]
    assert [s["mission"] for s in rounds] == [1, 2, 3, 4, 5]  # each with its round's grid
    html = said(data)
    assert html.count('<table id="round-') == 5
    # what each mission left and proved, in the review's words
    left = {m["mission"]: m["deals_left"] for m in proved["missions"]}
    assert t("en", "review.left", mission=1, left=left[1], total=proved["deals"]) \
        in rounds[0]["lines"]
    assert "Mission 1 (two Fail cards) made Ann and Bob spies and Cat, Dan and Eve loyal." \
        in rounds[0]["lines"]
    # the votes are in the grid, not said again in words
    assert not any("vote" in line for s in rounds for line in s["lines"])
    proof = next(s for s in steps if s["title"] == t("en", "review.proved"))
    shares = {bar["label"]: bar["note"] for bar in proof["bars"]}
    assert shares == {name: f"{round(100 * proved['share'][str(seat)])} %"
                      for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve"], 1)}
    assert "Proven spies: Ann and Bob." in proof["lines"]
    assert "Proven loyal: Cat, Dan and Eve." in proof["lines"]
    assert [s["counter"] for s in steps] == [f"{n} of {len(steps)}"
                                             for n in range(1, len(steps) + 1)]
    assert all(10 <= s["seconds"] <= 45 for s in steps)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_line_said_under_its_proposal_begins_a_sentence_where_the_grid_shows_the_proposal(
        cli, lang):
    """`review` says a mission's cards under its team's line; the screen draws the team in the
    grid, so the cards' line stands alone there and begins with a capital."""
    played(cli, f"--lang {lang}")
    rounds = [s for s in view.of_game(None, None, None)["after"] if s["mission"]]
    lines = [line for s in rounds for line in s["lines"]]
    assert len(lines) > 10
    assert all(line[:1].isupper() for line in lines), lines


def test_the_truth_only_once_the_sides_are_entered_and_only_for_the_newest_game(cli):
    played(cli)
    heading = t("en", "review.truth.heading", spies="Ann and Bob")
    assert heading not in said(view.of_game(None, None, None))
    cli("roles --spies Ann,Bob")
    first = view.of_game(None, None, None)
    assert escape(heading) in said(first)
    game = first["game"]
    cli(FIVE)  # the next game begins: the screen shows it, and a screen kept on the old
    old = view.of_game(game, None, None)  # one (display --game) shows no sides any more
    assert escape(heading) not in said(old) and old["after"]
    assert "Tonight" not in said(old)  # nor the night: a game is running


def test_without_the_vote_history_the_review_shows_no_one_s_vote(cli):
    played(cli, "--no-vote-history")
    data = view.of_game(None, None, None)
    html = said(data)
    assert 'id="round-' not in html
    assert not any("approved:" in line for s in data["after"] for line in s["lines"])
    assert any(line.startswith("Mission 1, attempt 1, leader Ann: team Ann, Bob")
               for s in data["after"] for line in s["lines"])


@pytest.mark.parametrize("lang,theme,words", [
    ("de", "resistance", ("Die Partie im Rückblick", "Runde 2", "Heute Abend",
                          "Siege pro Person", "Widerstand")),
    ("en", "avalon", ("The game in review", "Quest 1 failed", "Tonight", "Good")),
    ("de", "avalon", ("Die Partie im Rückblick", "Queste 1 ist gescheitert", "Heute Abend",
                      "Gut: Cat, Dan, Eve")),
])
def test_the_steps_speak_the_game_s_language_and_theme(cli, lang, theme, words):
    ending = ["assassinate Dan --commander Cat"] if theme == "avalon" else []  # Merlin's in
    cli(f"{FIVE} --lang {lang} --theme {theme}", *GAME, *ending, "roles --spies Ann,Bob")
    html = said(view.of_game(None, None, None))
    for word in words:
        assert escape(word) in html, word


# -- tonight's tally (issue 33, item 2) ---------------------------------------------------------


def test_tonight_s_tally_follows_the_game_as_night_does(cli, moderator):
    played(cli)
    cli("roles --spies Ann,Bob")
    played(cli)
    data = view.of_game(None, None, None)
    night = json.loads(moderator("night --json").stdout)
    tally = [s for s in data["after"] if s["part"] == "tonight"]
    heading = tally[0]
    assert heading["title"].endswith(": 2 games, 2 over.")
    assert len(heading["lines"]) == 2 and all("winner: Resistance" in line
                                              for line in heading["lines"])
    assert {bar["label"]: bar["note"] for bar in heading["bars"]} == {
        "Resistance": str(night["wins"]["resistance"]), "Spies": str(night["wins"]["spies"])}
    # each player's wins: from the sides entered after the first game only
    players = tally[1]
    assert {bar["label"]: bar["note"] for bar in players["bars"]} == {
        row["name"]: f"{row['wins']} of {row['sides_known']}" for row in night["players"]}
    assert t("en", "records.night.sides_missing", count=1) in players["lines"]
    assert escape(t("en", "display.after_tonight")) in said(data)


def test_a_new_night_said_after_the_game_takes_the_tally_off_the_screen(cli):
    played(cli)
    table = Table(None, None, None)
    table.refresh()
    assert any(s["part"] == "tonight" for s in table.data["after"])
    cli("night --new")
    assert table.refresh()  # the watcher looks at the night's note too
    assert not any(s["part"] == "tonight" for s in table.data["after"])


def test_sides_entered_for_an_earlier_game_of_the_night_reach_the_screen(cli):
    played(cli)
    first = view.of_game(None, None, None)["game"]
    played(cli)
    table = Table(None, None, None)
    table.refresh()
    assert not any(s["legend"] for s in table.data["after"])  # no sides: nobody's wins
    cli(f"roles --spies Ann,Bob --game {first}")
    assert table.refresh()
    players = next(s for s in table.data["after"] if s["legend"])
    assert {bar["label"] for bar in players["bars"]} == {"Ann", "Bob", "Cat", "Dan", "Eve"}


def test_every_screen_is_told_how_far_the_steps_have_turned(cli, display):
    played(cli)
    shown = display()
    first = state(shown)
    time.sleep(0.3)
    second = state(shown)
    assert first["revision"] == second["revision"]
    assert 0 <= first["turned_ms"] < second["turned_ms"]  # the same clock for every screen
    assert 'id="after"' in get(shown.url)[2].decode()
