"""Records on the command line: `export`, `import`, `roles`, `stats` and `simulate`
(design.md §4: a game out and back in, importing twice keeps one game)."""

from __future__ import annotations

import csv
import io
import json
import os
import sys

import pytest
from typer.testing import CliRunner

NAMES = "Anna,Ben,Carl,Dora,Emil"
RESISTANCE_WINS = (  # rules.md §1.6: three successes; mission 2 fails
    "propose 1 2", "vote --reject 3,4", "mission --fails 0",
    "propose 2 3 4", "vote --approve 3,4",  # rejected
    "propose 2 4 5", "vote --approve 3,4,5", "mission --fails 1",
    "propose 4 5", "vote --reject 1", "mission --fails 0",
    "propose 5 1 2", "vote --reject 2", "mission --fails 0",
)
FIVE_REJECTIONS = tuple(  # rules.md §1.4: the fifth rejected team in a round: spies win
    command for team in ("1 2", "2 3", "3 4", "4 5", "5 1")
    for command in (f"propose {team}", "vote --approve 1")
)


def finished(play, *extra: str, seed: int = 987654321) -> None:
    play(f"new --players 5 --names {NAMES} --leader 1 --seed {seed}", *RESISTANCE_WINS, *extra)


# -- export and import ------------------------------------------------------------------------


def test_a_finished_game_exports_to_every_format_and_comes_back_as_the_same_game(
        play, moderator, status, tmp_path):
    finished(play)
    before = status()
    shown = {fmt: play(f"export --format {fmt}") for fmt in ("md", "csv", "line", "json")}
    assert shown["line"].splitlines()[1] == "M1.1 L=Anna T=Anna,Ben +3 -2 ✔ -Carl,Dora"
    assert "```\nM1.1 L=Anna T=Anna,Ben +3 -2 ✔ -Carl,Dora\n" in shown["md"]
    assert len(list(csv.DictReader(io.StringIO(shown["csv"])))) == 5  # one row per proposal
    path = tmp_path / "game.json"
    path.write_text(shown["json"], encoding="utf-8")

    elsewhere = {"MODERATOR_HOME": str(tmp_path / "elsewhere")}
    result = moderator(f"import {path}", env=elsewhere)
    assert result.exit_code == 0, result.output
    assert "Imported as game 2026-" in result.stdout
    imported = result.stdout.split("Imported as game ")[1].split(":")[0]
    elsewhere["MODERATOR_GAME"] = imported  # an imported game is never current by itself
    after = status(env=elsewhere)
    assert {**after, "game": None} == {**before, "game": None}
    assert json.loads(play("export --format json", env=elsewhere)) == {
        **json.loads(shown["json"]), "game": after["game"]}
    again = play("undo", env=elsewhere)  # a normal game: undo works on it
    assert "Taken back: mission cards: 0 Fails." in again


def test_the_json_summary_is_the_table_as_status_json_shows_it(play, status):
    """design.md §4: seats 1-based, `approved` a boolean, a mission's `result` success/fail;
    plus the module events and, entered after the game, the spies."""
    finished(play, "roles --spies ben,dora")
    doc = json.loads(play("export --format json"))
    assert doc["summary"] == {**status(), "events": [doc["actions"][-1]], "spies": [2, 4]}
    assert doc["summary"]["proposals"][1] == {
        "mission": 2, "attempt": 1, "leader": 2, "team": [2, 3, 4], "approve": [3, 4],
        "reject": [1, 2, 5], "approved": False}
    assert set(doc) == {"format", "version", "id", "game", "setup", "actions", "summary"}
    assert "seed" not in doc["setup"]


def test_importing_the_same_file_twice_gives_one_game(play, moderator, tmp_path):
    finished(play)
    path = tmp_path / "game.json"
    path.write_text(play("export --format json"), encoding="utf-8")
    elsewhere = {"MODERATOR_HOME": str(tmp_path / "elsewhere")}
    first = moderator(f"import {path}", env=elsewhere)
    second = moderator(f"import {path}", env=elsewhere)
    game_id = json.loads(moderator("games --json", env=elsewhere).stdout)[0]["game"]
    assert second.exit_code == 0
    assert second.stdout == f"This game is already saved, as {game_id}: nothing was imported.\n"
    assert len(list((tmp_path / "elsewhere" / "games").glob("*.jsonl"))) == 1
    assert first.stdout != second.stdout


def test_a_game_imported_where_it_was_exported_is_found(play, moderator, tmp_path, files):
    finished(play)
    path = tmp_path / "game.json"
    play(f"export --format json --output {path}")
    before = files()
    result = moderator(f"import {path}")
    assert result.stdout.startswith("This game is already saved, as 2026-")
    assert files() == before


@pytest.mark.parametrize("fmt", ["md", "csv", "line", "json"])
def test_an_export_never_holds_the_seed(play, fmt):
    """The seed fixes the Plot cards still to be drawn: it stays on the host's machine."""
    finished(play, seed=987654321)
    assert "987654321" not in play(f"export --format {fmt}")


def test_an_in_progress_game_exports_too(play):
    play(f"new --players 5 --names {NAMES} --leader 1", "propose 1 2")
    assert play("export --format line").splitlines()[1:] == [
        "M1.1 L=Anna T=Anna,Ben …", "… the table votes"]


def test_export_writes_a_file_and_will_not_overwrite_one_unless_told(play, refused, tmp_path):
    finished(play)
    path = tmp_path / "game.md"
    game_id = json.loads(play("games --json"))[0]["game"]
    assert play(f"export --output {path}") == f"Game {game_id} written to {path} (md).\n"
    assert path.read_text(encoding="utf-8") == play("export")
    assert refused(f"export --output {path}") == (
        f"{path} already exists: choose another name, or add --force to replace it.")
    play(f"export --format line --output {path} --force")
    assert path.read_text(encoding="utf-8").startswith("Game 2026-")


def test_export_into_a_missing_folder_is_refused(play, refused, tmp_path):
    finished(play)
    assert refused(f"export --output {tmp_path}/no/such/folder.md") == (
        f"Cannot write {tmp_path}/no/such/folder.md (No such file or directory). "
        "Nothing was written.")


def test_an_unknown_format_is_refused(play, refused):
    finished(play)
    assert refused("export --format pdf") == (
        "There is no export format 'pdf'. Choose one of: md, json, csv, line.")


def test_a_markdown_file_is_not_importable(play, refused, tmp_path):
    finished(play)
    path = tmp_path / "game.md"
    play(f"export --output {path}")
    assert refused(f"import {path}").startswith("This file is not valid JSON (see line 1)")


def test_an_action_the_rules_refuse_is_named_with_its_reason_and_nothing_is_saved(
        play, refused, tmp_path):
    finished(play)
    doc = json.loads(play("export --format json"))
    doc["actions"][1] = {"type": "vote", "approve": [2, 2, 3]}
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert refused(f"import {path}") == (
        "This file cannot be imported: the rules refuse its action 2 (vote). "
        "Ben is named twice: name every player once. Nothing was saved.")


def test_a_missing_file_is_refused(play, refused):
    assert refused("import nowhere.json") == "There is no file nowhere.json."


def test_import_reads_standard_input(play, app, tmp_path, monkeypatch):
    finished(play)
    text = play("export --format json")
    monkeypatch.setenv("MODERATOR_HOME", str(tmp_path / "elsewhere"))
    result = CliRunner().invoke(app, ["import", "-"], input=text)
    assert result.exit_code == 0 and result.stdout.startswith("Imported as game")


# -- the sides, after the game ----------------------------------------------------------------


def test_the_sides_are_refused_before_the_game_is_over(play, refused):
    """rules.md §1.3: a role is never shown; the tool never asks for one during play."""
    play(f"new --players 5 --names {NAMES}", "propose 1 2")
    assert refused("roles --spies ben,dora") == (
        "The sides can only be entered once the game is over: during play, moderator never "
        "asks who is a spy.")


def test_the_sides_are_recorded_after_the_game_and_can_be_taken_back(play, status):
    finished(play)
    before = status()
    assert play("roles --spies ben,dora") == (
        "Recorded for the statistics: spies Ben, Dora; Resistance Anna, Carl, Emil.\n")
    assert status() == before  # the game itself is unchanged
    assert "after the game: the spies were Ben, Dora" in play("log")
    assert "Taken back: after the game: the spies were Ben, Dora." in play("undo")


def test_every_player_with_a_side(play):
    finished(play)
    assert play("roles anna:resistance ben:spy carl:resistance dora:SPY emil:resistance") == (
        "Recorded for the statistics: spies Ben, Dora; Resistance Anna, Carl, Emil.\n")


def test_a_german_table_names_the_sides_in_german(play):
    play(f"new --players 5 --names {NAMES} --leader 1 --lang de", *FIVE_REJECTIONS)
    assert play("roles anna:widerstand ben:spion carl:widerstand dora:spion emil:widerstand") == (
        "Für die Statistik festgehalten: Spione Ben, Dora; Widerstand Anna, Carl, Emil.\n")


def assassin_missed(play, *extra: str, lang: str = "en", theme: str = "resistance") -> None:
    """rules.md §5.1: three successes, then the Assassin names Carl; the Commander is Emil."""
    play(f"new --players 5 --names {NAMES} --leader 1 --modules commander --roles body-guard "
         f"--lang {lang} --theme {theme}", *RESISTANCE_WINS, "assassinate carl --commander emil",
         *extra)


@pytest.mark.parametrize("command", [
    "roles anna:spy ben:assassin carl:resistance dora:body-guard emil:commander",
    "roles anna:spy ben:Attentäter carl:resistance dora:LEIBWÄCHTER emil:kommandeur",
    "roles --spies anna,ben ben:assassin dora:percival emil:merlin",  # Avalon's names too
])
def test_special_character_cards_are_entered_with_the_sides(play, game_file, command):
    """Issue 33: the records by character need who held which special card (rules.md §5.1);
    in any language and theme, and beside --spies."""
    assassin_missed(play)
    assert play(command).splitlines() == [
        "Recorded for the statistics: spies Anna, Ben; Resistance Carl, Dora, Emil.",
        "Character cards: Ben Assassin, Dora Body Guard, Emil Commander."]
    entry = json.loads(game_file().read_text("utf-8").splitlines()[-1])
    assert entry["characters"] == ["", "assassin", "", "body-guard", "commander"]


def test_the_cards_of_sides_undone_back_into_the_game_are_not_kept_in_sight(play, moderator):
    """rules.md §1.3: undone back into a running game, the sides and cards stay hidden."""
    assassin_missed(play, "roles --spies anna,ben emil:commander", "undo", "undo")
    undone = json.loads(moderator("log --json").stdout)["undone"]
    assert undone[-1] == {"type": "sides"} | {"at": undone[-1]["at"]}


@pytest.mark.parametrize("command,message", [
    ("roles --spies anna,ben carl:assassin", "Carl cannot have held Assassin: that card "
                                             "belongs to the other side."),
    ("roles --spies anna,ben emil:commander dora:commander",
     "The deck held one Commander card: only one player can have had it."),
    ("roles --spies anna,ben emil:morgana", "'emil:morgana' is not a player with a card: with "
     "--spies, write PLAYER:CARD, where CARD is one of this game's special Character cards "
     "(Commander, Assassin, Body Guard)."),
])
def test_wrong_cards_are_refused(play, refused, command, message):
    assassin_missed(play)
    assert refused(command) == message


@pytest.mark.parametrize("command,message", [
    ("roles --spies ben", "This game had 2 spies, not 1: name every spy once."),
    ("roles ben:spy dora:spy", "Every player's side is needed; missing: Anna, Carl, Emil. "
                               "Or name only the spies with --spies."),
    ("roles ben:spion", "'ben:spion' is not a player with a side: write PLAYER:SIDE, where "
                        "SIDE is resistance or spy."),
])
def test_wrong_sides_are_refused(play, refused, command, message):
    """rules.md §1.1: five players, two spies."""
    finished(play)
    assert refused(command) == message


@pytest.mark.parametrize("command", ["roles", "roles ben:spy --spies ben,dora"])
def test_the_sides_are_given_one_way(play, refused, command):
    finished(play)
    assert refused(command, exit_code=2).startswith("Give every player's side")


# -- stats ------------------------------------------------------------------------------------


def season(play) -> None:
    """Four games: two with their sides entered, one without, one still being played."""
    finished(play, "roles --spies ben,dora")
    play(f"new --players 5 --names {NAMES} --leader 1", *FIVE_REJECTIONS,
         "roles --spies ben,emil")
    play("new --players 5 --names anna,Ben,Carl,Dora,Fritz --leader 2",
         *(c for team in ("2 3", "3 4 5", "4 5") for c in (
             f"propose {team}", "vote --approve 1,2,3,4,5", "mission --fails 1")))
    play("new --players 6 --leader 1", "propose 1 2")


def test_stats_sums_up_a_season(play):
    season(play)
    summary = json.loads(play("stats --json"))
    assert (summary["games"], summary["over"], summary["in_progress"]) == (4, 3, 1)
    assert summary["wins"] == {"resistance": 1, "spies": 2}
    assert summary["reasons"] == {"three_successes": 1, "five_rejections": 1,
                                  "three_failures": 1}
    assert summary["by_players"] == [{"players": 5, "games": 3,
                                      "wins": {"resistance": 1, "spies": 2}}]
    players = {row["name"]: row for row in summary["players"]}
    assert set(players) == {"Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"}  # no "Player 1"
    assert players["Anna"]["games"] == 3  # "anna" is Anna
    assert players["Ben"]["spies"] == {"games": 2, "wins": 1}
    assert players["Emil"]["resistance"] == {"games": 1, "wins": 1}
    assert players["Fritz"]["sides_known"] == 0


def test_stats_draws_charts_that_fit_80_columns_without_colour(play):
    season(play)
    text = play("stats", env={"COLUMNS": "80"})
    assert "\x1b[" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Season: 4 saved games, 3 over (2026-" in text
    assert "1 game is still being played and is not counted." in text
    lines = text.splitlines()
    spies = next(line for line in lines if line.startswith("Spies "))
    resistance = next(line for line in lines if line.startswith("Resistance "))
    assert spies.count("░") == 2 * resistance.count("█")  # two spy wins to one
    assert "Ben" in text and "1/2" in text


def test_stats_in_german(play):
    season(play)
    text = play("stats --lang de")
    assert "Saison: 4 gespeicherte Partien, 3 davon beendet" in text
    assert "Nach Spielerzahl" in text and "drei gescheiterte Missionen" in text
    assert "    1   33,3 %" in text  # a German decimal comma


@pytest.mark.parametrize("lang, labels", [
    ("en", ["Assassin + Inquisitor ", "Assassin + Reverser "]),
    ("de", ["Attentäter + Verhörspezialist ", "Attentäter + Hacker "]),
])
def test_stats_module_sets_are_named_short_enough_to_tell_apart(play, lang, labels):
    """Two module sets that share their first module read differently, in full."""
    for modules in ("commander,inquisitor", "commander,reverser"):
        play(f"new --lang {lang} --players 5 --leader 1 --modules {modules} --no-play",
             *FIVE_REJECTIONS)
    lines = play(f"stats --lang {lang}", env={"COLUMNS": "80"}).splitlines()
    assert [next(line for line in lines if line.startswith(label)) for label in labels]


@pytest.mark.parametrize("lang, avalon, resistance", [
    ("en", "Minions of Mordred ", "Spies "), ("de", "Diener Mordreds ", "Spione "),
])
def test_stats_speak_the_theme_all_its_games_share_or_the_one_asked_for(
        play, lang, avalon, resistance):
    """rules.md §14.4: a themed game is the same game; the season is told in its games' words
    when they all share a theme, each game in its own words when they do not (issue 35, item
    5), and --theme chooses."""
    def spies_row(text: str) -> str:
        return next(line for line in text.splitlines() if " 100" in line and "%" in line)

    play(f"new --theme avalon --lang {lang} --players 5 --leader 1 --modules lady-of-the-lake "
         "--no-play", *FIVE_REJECTIONS)
    shown = play(f"stats --lang {lang}")
    assert spies_row(shown).startswith(avalon)
    assert spies_row(play(f"stats --lang {lang} --theme resistance")).startswith(resistance)
    play(f"new --lang {lang} --players 5 --leader 1 --no-play", *FIVE_REJECTIONS)
    both = f"{resistance.strip()} / {avalon}"  # the Resistance game's, then the Avalon one's
    assert spies_row(play(f"stats --lang {lang}")).startswith(both)
    assert spies_row(play(f"stats --lang {lang} --theme avalon")).startswith(avalon)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_stats_of_a_mixed_season_names_each_game_in_its_own_words(play, lang):
    """Issue 35, item 5: an Avalon game won by Good and a Resistance game won by the spies
    with three failed missions: each row in the words of the games it counts."""
    from moderator.i18n import speaking, t

    play(f"new --theme avalon --lang {lang} --players 5 --leader 1 --no-play",
         *(c for team in ("1 2", "2 3 4", "3 4") for c in (
             f"propose {team}", "vote --approve all", "mission --fails 0")),
         "assassinate 2 --commander 3")
    play(f"new --lang {lang} --players 5 --leader 1 --no-play",
         *(c for team in ("1 2", "2 3 4", "3 4") for c in (
             f"propose {team}", "vote --approve all", "mission --fails 1")))
    rows = play(f"stats --lang {lang}").splitlines()
    with speaking("avalon"):
        good = t(lang, "records.winner.resistance")
        avalon_spies = t(lang, "records.winner.spies")
    spies = t(lang, "records.winner.spies")
    assert any(row.startswith(good + " ") for row in rows)  # only the Avalon game: Good
    assert any(row.startswith(spies + " ") for row in rows)  # only the Resistance game
    assert not any(row.startswith(t(lang, "records.winner.resistance") + " ") for row in rows)
    assert any(row.startswith(t(lang, "records.reason.three_failures")) for row in rows)
    legend = next(row for row in rows if row.startswith("█"))
    assert f"{spies} / {avalon_spies}" in legend


def test_stats_speaks_the_language_of_its_games_not_the_terminals(play):
    """Issue 35, item 5 (as `games` does): a season played in German is told in German at an
    English terminal; a mixed season in the language most of its games were played in, a tie
    in the newest game's; --lang says otherwise."""
    play("new --players 5 --lang de --leader 1 --no-play", *FIVE_REJECTIONS)
    english, german = "Season: 1 saved game", "Saison: 1 gespeicherte Partie"
    assert play("stats", env={"LANG": "en_GB.UTF-8"}).startswith(german)
    assert play("stats --lang en").startswith(english)
    play("new --players 5 --lang en --leader 1 --no-play", *FIVE_REJECTIONS)
    assert play("stats").startswith("Season: 2 saved games")  # a tie: the newest game's
    play("new --players 5 --lang de --leader 1 --no-play", *FIVE_REJECTIONS)
    assert play("stats", env={"LANG": "en_GB.UTF-8"}).startswith("Saison: 3 gespeicherte")
    play("new --players 5 --lang en --leader 1 --no-play", "propose 1 2")  # still running
    assert play("stats", env={"LANG": "de_DE.UTF-8"}).startswith("Season: 4 saved")  # a tie


def test_stats_without_games(play):
    assert play("stats").startswith("Season: 0 saved games, 0 over")


def test_stats_counts_a_damaged_game_as_unreadable(play, game_file):
    season(play)
    path = game_file()
    path.write_bytes(path.read_bytes() + b"nonsense\n")
    summary = json.loads(play("stats --json"))
    assert summary["unreadable"] == [path.stem] and summary["games"] == 4


# -- simulate ---------------------------------------------------------------------------------


def test_simulate_repeats_with_a_seed_and_prints_win_rates(play, moderator):
    first = json.loads(play("simulate --players 7 --games 100 --seed 11 --modules commander "
                            "--json"))
    second = json.loads(play("simulate -p 7 -n 100 --seed 11 --modules commander --json"))
    assert first == second and first["seed"] == 11 and first["games"] == 100
    assert first["players_play"] == "sensible" and first["modules"] == ["commander"]
    assert set(first["reasons"]) <= {"three_successes", "three_failures", "five_rejections",
                                     "assassinated_commander", "assassin_missed"}
    assert first["spies"]["low"] < first["spies"]["rate"] < first["spies"]["high"]
    assert first["spies"]["rate"] == first["wins"]["spies"]["rate"]
    other = json.loads(play("simulate -p 7 -n 100 --seed 12 --modules commander --json"))
    assert other["wins"] != first["wins"]  # the seed decides the games
    result = moderator("simulate --players 5 --games 200 --seed 3")
    assert result.exit_code == 0 and result.stderr == ""  # no progress bar off a terminal
    assert result.stdout.startswith("200 simulated games with 5 players: base game (seed 3).")
    assert "Players with sense, not people" in result.stdout
    assert "How the games were won" in result.stdout
    assert "The spies win " in result.stdout
    assert "The votes: the first team of a game approved in " in result.stdout
    votes = first["votes"]  # design.md §4: per count, each figure with its interval
    assert set(votes) >= {"first_team_approved", "rejections_per_round", "rounds_to_fifth"}
    for figure in votes.values():
        assert set(figure) == {"rate", "low", "high"}
        assert figure["low"] <= figure["rate"] <= figure["high"] and figure["low"] < figure["high"]
    for won in first["wins"].values():
        assert won["low"] <= won["rate"] <= won["high"]


def test_a_rogues_own_win_is_reported_as_such(play):
    """rules.md §7: a Rogue who wins alone wins for neither side; the run says how often,
    apart from the spies' rate."""
    text = play("simulate -p 7 -n 200 --seed 1 --modules rogue --roles spy-rogue")
    assert "The spy Rogue wins alone " in text and "counted for neither side" in text
    result = json.loads(play("simulate -p 7 -n 200 --seed 1 --modules rogue --roles spy-rogue "
                             "--json"))
    alone = result["wins"]["spy-rogue"]
    assert alone["count"] > 0 and alone["low"] < alone["rate"] < alone["high"]
    assert result["spies"]["rate"] == result["wins"]["spies"]["rate"]


def test_simulate_takes_every_setup_option_of_new(play):
    result = json.loads(play(
        "simulate -p 7 -n 50 --seed 2 --modules commander,plot --roles body-guard "
        "--variants targeting --allow-incompatible --house-rule plot-hand-out=any-other-players "
        "--json"))
    assert result["modules"] == ["commander", "plot"] and result["roles"] == ["body-guard"]
    assert result["variants"] == ["targeting"]
    assert result["house_rules"] == {"plot-hand-out": "any-other-players"}
    assert sum(w["count"] for w in result["wins"].values()) == 50
    avalon = json.loads(play("simulate -p 5 -n 50 --seed 2 --theme avalon --roles percival "
                             "--json"))  # Avalon's words for the same engine (rules.md §14)
    assert avalon["modules"] == ["commander"] and avalon["roles"] == ["body-guard"]
    text = play("simulate -p 5 -n 50 --seed 2 --theme avalon --roles percival,morgana")
    assert "Merlin and the Assassin, Percival, Morgana" in text and "Minions of Mordred" in text


def test_random_players_are_still_there_to_compare_with(play):
    text = play("simulate -p 6 -n 300 --seed 1 --players-play random")
    assert "Random play: random teams" in text
    rates = json.loads(play("simulate -p 6 -n 300 --seed 1 --players-play random --json"))
    assert rates["players_play"] == "random"
    assert rates["reasons"]["five_rejections"]["rate"] > 0.2  # coin-flip votes tie at 6


def test_simulate_by_player_count(play):
    result = json.loads(play("simulate --players 5-7 --games 100 --seed 1 --json"))
    assert [run["players"] for run in result["by_players"]] == [5, 6, 7]
    assert all(run["games"] == 100 and run["seed"] == 1 for run in result["by_players"])
    alone = json.loads(play("simulate --players 6 --games 100 --seed 1 --json"))
    assert result["by_players"][1] == alone  # a count plays the same games in a table
    text = play("simulate --players 5-7 --games 100 --seed 1")
    assert text.startswith("100 simulated games per number of players: base game (seed 1).")
    for count in (5, 6, 7):
        assert f"{count} players" in text
    assert "five rejections" in text and "first team approved" in text
    five = result["by_players"][0]
    spies = five["spies"]  # the table shows each count's interval
    shown = lambda value: f"{100 * value:.1f}"  # noqa: E731
    assert f"{shown(spies['rate'])} ({shown(spies['low'])}–{shown(spies['high'])})" in text
    rejected = five["votes"]["rejections_per_round"]
    assert f"{rejected['rate']:.2f} ({rejected['low']:.2f}–{rejected['high']:.2f})" in text


def test_compare_runs_two_setups_on_the_same_seeds(play):
    result = json.loads(play('simulate -p 8 -n 60 --seed 4 --compare "--modules trapper" '
                             "--json"))
    first, second = result["setups"]
    assert first["modules"] == [] and second["modules"] == ["trapper"]
    change = result["difference"]["spies"]
    assert change["rate"] == pytest.approx(second["spies"]["rate"] - first["spies"]["rate"],
                                           abs=1.5e-4)  # three figures, each to 4 places
    assert change["low"] < change["rate"] < change["high"]
    alone = json.loads(play("simulate -p 8 -n 60 --seed 4 --modules trapper --json"))
    assert alone == second  # B is the same run as the setup on its own
    same = json.loads(play('simulate -p 8 -n 40 --seed 4 --compare "--modules trapper" '
                           '--modules trapper --json'))
    assert same["differing"] == 0  # the same setup: the same games
    change = same["difference"]["spies"]  # a score interval: never of zero width
    assert change["rate"] == 0.0 and change["low"] < 0 < change["high"]
    text = play('simulate -p 8 -n 40 --seed 4 --compare "--modules trapper" '
                '--modules trapper')
    assert "No game ended with another winner under B: the change never came into play." in text


def test_compare_says_how_often_the_change_came_into_play(play):
    """Issue 32: the simulated Sergeant acts, and the comparison says how often."""
    result = json.loads(play('simulate -p 7 -n 40 --seed 3 --compare "--modules sergeant" '
                             "--json"))
    switched = result["setups"][1]["acted"]["sergeant"]["count"]
    assert switched > 0 and result["differing"] > 0
    text = play('simulate -p 7 -n 40 --seed 3 --compare "--modules sergeant"')
    assert f"The Sergeant made a team member switch in {switched} of 40 games." in text
    assert f"{result['differing']} of 40 games ended with another winner under B." in text
    german = play('simulate -p 7 -n 40 --seed 3 --compare "--modules sergeant" --lang de')
    assert f"Der Feldwebel hat in {switched} von 40 Partien einen Kartentausch angeordnet." \
        in german
    avalon = 'simulate -p 7 -n 40 --seed 3 --compare "--modules excalibur" --theme avalon'
    excalibur = json.loads(play(avalon + " --json"))["setups"][1]["acted"]["sergeant"]["count"]
    assert excalibur > 0  # Avalon's games have Merlin too: other games, another count
    assert f"The player with Excalibur made a team member switch in {excalibur} of 40" in play(
        avalon)


def test_compare_is_said_in_english_and_german(play):
    text = play('simulate -p 8 -n 100 --seed 4 --compare "--modules trapper"')
    assert text.startswith("100 simulated games per setup with 8 players, on the same seeds")
    assert "A: base game" in text and "B: Trapper" in text
    assert "From A to B the spies' win rate changes by " in text and "95 % interval" in text
    german = play('simulate -p 8 -n 100 --seed 4 --compare "--modules trapper" --lang de')
    assert german.startswith("100 simulierte Partien je Aufbau mit 8 Personen")
    assert "Von A zu B ändert sich die Siegquote der Spione um " in german
    assert "95-%-Intervall" in german and "B − A" in german


def test_compare_by_player_count(play):
    result = json.loads(play('simulate -p 5-6 -n 50 --seed 1 --compare "--modules plot" '
                             "--json"))
    assert [len(run["setups"]) for run in result["by_players"]] == [2, 2]
    text = play('simulate -p 5-6 -n 50 --seed 1 --compare "--modules plot"')
    assert "5 players A" in text and "6 players B" in text and "B: The Plot Thickens" in text


@pytest.mark.parametrize("command,message", [
    ("simulate --players 5 --games 0", "A simulation plays 1 to 100000 games, not 0."),
    ("simulate --players 4", "The Resistance is played with 5 to 10 players, not 4."),
    ("simulate --players 5-11", "The Resistance is played with 5 to 10 players, not 11."),
    ("simulate --players 5 --modules sergeant,rogue",
     "The rules do not let Rogue Agent and Sergeant be played together"),
    ('simulate --players 5 --compare "--modules sergeant,rogue"',
     "The rules do not let Rogue Agent and Sergeant be played together"),
])
def test_simulate_refuses_what_cannot_be_played(play, refused, command, message):
    assert refused(command).startswith(message)


@pytest.mark.parametrize("command,message", [
    ("simulate", "Say how many players: --players 7"),
    ("simulate --players seven", "'seven' is not a number of players"),
    ("simulate --players 8-5", "'8-5' is not a number of players"),
    ("simulate --players 5 --players-play clever",
     "Simulated players play sensible or random, not 'clever'."),
    ('simulate --players 5 --compare "--names a,b"', "--compare takes the setup options"),
    ('simulate --players 5 --compare "--modules"', "--modules in --compare needs a value"),
    ('simulate --players 5 --compare ""', "--compare needs the setup options that change"),
])
def test_simulate_says_what_usage_is_wrong(refused, command, message):
    assert refused(command, exit_code=2).startswith(message)


def test_a_damaged_game_is_not_exported(play, refused, game_file):
    finished(play)
    path = game_file()
    lines = path.read_bytes().splitlines(keepends=True)
    lines[3] = b'{"type": "vote", "approve": "nonsense"}\n'
    path.write_bytes(b"".join(lines))
    assert refused("export").startswith(f"Game {path.stem} is damaged at line 4 of its file")


def simulate_at_a_terminal(home, *args: str):
    """`moderator simulate ARGS` in a real pseudo-terminal of 80 columns."""
    pexpect = pytest.importorskip("pexpect")
    return pexpect, pexpect.spawn(
        sys.executable, ["-m", "moderator", "simulate", *args],
        env={**os.environ, "MODERATOR_HOME": str(home), "NO_COLOR": "1", "TERM": "xterm"},
        encoding="utf-8", timeout=60, dimensions=(24, 80))


@pytest.mark.integration
def test_simulate_shows_a_progress_bar_at_a_terminal(home):
    """A real pseudo-terminal: once the run has taken a second the bar is drawn while the
    games run, then cleared."""
    pexpect, child = simulate_at_a_terminal(home, "--players", "5-10", "--games", "400",
                                            "--seed", "1")
    child.expect_exact("Simulated games")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "400 simulated games per number of players: base game (seed 1)." in child.before


@pytest.mark.integration
def test_a_short_simulation_shows_no_progress_bar(home):
    """A run done within a second draws no bar that would only flicker."""
    pexpect, child = simulate_at_a_terminal(home, "--players", "5", "--games", "20", "--seed", "1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "20 simulated games with 5 players" in child.before
    assert "Simulated games" not in child.before



def test_import_speaks_the_imported_games_language(play, moderator, tmp_path):
    """An imported game is said in its own language, as every command on a game is (design.md
    §4), and the outcome starts its own sentence."""
    finished(play)
    path = tmp_path / "game.json"
    path.write_text(play("export --format json"), encoding="utf-8")
    elsewhere = {"MODERATOR_HOME": str(tmp_path / "elsewhere")}
    english = moderator(f"import {path}", env=elsewhere).stdout
    assert "5 players, 14 actions. Game over: " in english

    play(f"new --lang de --players 5 --names {NAMES} --leader 1 --seed 1", *FIVE_REJECTIONS)
    path.write_text(play("export --format json"), encoding="utf-8")
    german = moderator(f"import {path}", env=elsewhere).stdout
    assert german.startswith("Eingelesen als Partie ") and "Aktionen. " in german
    assert "Imported" not in german
