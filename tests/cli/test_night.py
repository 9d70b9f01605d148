"""`moderator night [--new] [--json]` (issue 33): tonight's games, wins by side and how, each
player's wins from the sides entered after each game (`roles`, never during it: rules.md §1.3)
and the night's best record per role, in English and German and in both themes. A game belongs
to the night of the game before it when it starts within six hours of that game's last action;
`night --new` starts a new night by hand, kept in the next game's setup line."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

NAMES = "Anna,Ben,Carl,Dora,Emil"
#: Five players, every team approved by all (rules.md §1.6).
RESISTANCE_WINS = [c for team in ("1 2", "2 3 4", "3 4") for c in (
    f"propose {team}", "vote --approve all", "mission --fails 0")]
SPIES_WIN = [c for team in ("1 2", "2 3 4", "2 3") for c in (  # Ben on every team
    f"propose {team}", "vote --approve all", "mission --fails 1")]


def game_files(home: Path) -> list[Path]:
    return sorted((home / "games").glob("*.jsonl"), key=lambda p: int(p.stem.rpartition("-")[2]))


def moved(path: Path, start: datetime, minutes: int = 1) -> None:
    """Write a game's time stamps as if it had been started at `start`, each later line one
    `minutes` after the one before: a log restored by hand, read as the truth it is."""
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    lines[0]["created"] = start.isoformat(timespec="seconds")
    for number, entry in enumerate(lines[1:], start=1):
        entry["at"] = (start + timedelta(minutes=number * minutes)).isoformat(timespec="seconds")
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in lines), "utf-8")


def night(moderator, options: str = "") -> dict:
    result = moderator(f"night --json {options}")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture
def evening(play):
    """Two games of one evening, the sides of both entered after each."""
    play(f"new --players 5 --names {NAMES} --leader 1 --no-play", *RESISTANCE_WINS,
         "roles --spies ben,dora",
         "new --again --no-play", *SPIES_WIN, "roles --spies ben,emil")


def test_night_json_has_the_contract_s_keys(evening, moderator):
    tally = night(moderator)
    assert [g["won_by"] for g in tally["games"]] == ["resistance", "spies"]
    assert tally["wins"] == {"resistance": 1, "spies": 1}
    assert tally["reasons"] == {"three_successes": 1, "three_failures": 1}
    players = {row["name"]: (row["wins"], row["games"]) for row in tally["players"]}
    # Anna and Carl won with the resistance, then lost to Ben and Emil; Dora lost both
    assert players == {"Anna": (1, 2), "Ben": (1, 2), "Carl": (1, 2), "Dora": (0, 2),
                       "Emil": (2, 2)}
    assert tally["new_night"] is False
    assert night(moderator, "--lang de") == tally  # the same data in either language


@pytest.mark.parametrize("lang, lines", [
    ("en", ["Games", "winner: Resistance (three successes) · 5 players",
            "winner: Spies (three failed missions) · 5 players", "Each player's wins",
            "████████████████████░░░░░░░░░░░░░░░░░░░░  2 of 2",
            "The night's best record in each role", "Resistance: Emil, 1 of 1",
            "Spies: Emil, 1 of 1"]),
    ("de", ["Partien", "Sieger: Widerstand (drei gelungene Missionen) · 5 Personen",
            "Sieger: Spione (drei gescheiterte Missionen) · 5 Personen", "Siege pro Person",
            "████████████████████░░░░░░░░░░░░░░░░░░░░  2 von 2",
            "Die beste Bilanz des Abends in jeder Rolle", "Widerstand: Emil, 1 von 1"]),
])
def test_night_in_english_and_german(evening, moderator, lang, lines):
    shown = moderator(f"night --lang {lang}")
    assert shown.exit_code == 0
    text = shown.stdout
    heading = text.splitlines()[0]
    # the day as the language writes a date: 2026-12-05, 05.12.2026
    assert re.match({"en": r"The night of \d{4}-\d\d-\d\d, from \d\d:\d\d: ",
                     "de": r"Der Abend vom \d\d\.\d\d\.\d{4}, ab \d\d:\d\d: "}[lang], heading)
    assert heading.endswith({"en": ": 2 games, 2 over.", "de": ": 2 Partien, 2 beendet."}[lang])
    for line in lines:
        assert any(row.rstrip().endswith(line) for row in text.splitlines()), (line, text)


def test_a_german_game_s_night_is_told_in_german_and_an_avalon_game_in_its_words(play,
                                                                              moderator):
    play(f"new --players 5 --names {NAMES} --leader 1 --lang de --theme avalon --no-play",
         *SPIES_WIN, "roles anna:spy ben:assassin carl:resistance dora:resistance emil:merlin")
    text = moderator("night").stdout
    assert "Sieger: Diener Mordreds (drei gescheiterte Questen) · 5 Personen" in text
    assert "Meuchelmörder: Ben, 1 von 1" in text  # the Assassin's card, in Avalon's words
    mixed = play("new --again --theme resistance --no-play", *SPIES_WIN,
                 "roles anna:spy ben:assassin carl:resistance dora:resistance emil:commander",
                 "night")
    # a night of both themes: each game, and each role, in its own words
    assert "Sieger: Diener Mordreds (drei gescheiterte Questen)" in mixed
    assert "Sieger: Spione (drei gescheiterte Missionen)" in mixed
    assert "Meuchelmörder / Attentäter: Ben, 2 von 2" in mixed
    # the wins by side and the players' legend, as the table's screen says them
    rows = [row.rstrip() for row in mixed.splitlines()]
    assert any(row.startswith("Diener Mordreds / Spione  ░") and row.endswith("100,0 %")
               for row in rows), mixed
    assert "█ Gut / Widerstand  ░ Diener Mordreds / Spione" in rows


def test_a_game_within_six_hours_of_the_last_action_is_tonight_and_one_after_is_not(
        play, moderator, home):
    """5 h 59 min after the last action: the same night; 6 h 01 min: a new one. The sides
    entered the next morning do not make a game end later."""
    play(f"new --players 5 --names {NAMES} --leader 1 --no-play", *RESISTANCE_WINS,
         "new --again --no-play", *SPIES_WIN, "new --again --no-play")
    first, second, third = game_files(home)
    moved(first, datetime(2026, 12, 4, 20, 0, tzinfo=timezone.utc))  # last action 20:09
    moved(second, datetime(2026, 12, 5, 2, 8, tzinfo=timezone.utc))  # 5 h 59 min later
    moved(third, datetime(2026, 12, 5, 8, 16, tzinfo=timezone.utc))  # 5 h 59 min after 2:17
    assert [g["game"] for g in night(moderator)["games"]] == [first.stem, second.stem,
                                                              third.stem]
    moved(third, datetime(2026, 12, 5, 8, 18, tzinfo=timezone.utc))  # 6 h 01 min after 2:17
    assert [g["game"] for g in night(moderator)["games"]] == [third.stem]
    play(f"roles --game {second.stem} --spies ben,dora")  # now, a day later: still 2:17
    assert [g["game"] for g in night(moderator)["games"]] == [third.stem]


def test_night_new_starts_a_new_night_with_the_next_game(evening, play, moderator, home):
    said = moderator("night --new")
    assert said.exit_code == 0 and said.stdout.startswith(
        "The next game started begins a new night.")
    assert (home / "games" / "night.json").exists()  # on disk before the command returned
    after = night(moderator)
    assert after["games"] == [] and after["new_night"] is True
    assert moderator("night").stdout == (
        "A new night has begun: its first game is the next one started.\n")
    play("new --again --no-play", "new --again --no-play")
    third, fourth = (json.loads(p.read_text("utf-8").splitlines()[0])
                     for p in game_files(home)[2:])
    assert third["night"] == "new" and "night" not in fourth  # the note is spent
    assert [g["game"] for g in night(moderator)["games"]] == [third["game"], fourth["game"]]
    assert len(game_files(home)) == 4  # the note changed no game that was saved before it


def test_no_game_yet(moderator):
    assert moderator("night").stdout == "No game has been played yet.\n"
    assert night(moderator)["games"] == [] and night(moderator)["wins"] == {
        "resistance": 0, "spies": 0}
