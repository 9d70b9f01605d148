"""`stats` with ratings (issue 33): `stats --json` has `ratings` [{`name`, `rating`, `games`, …}],
the leaderboards by role and the pairs; all worked out from the saved games, never stored, so
a season exported and imported on another computer gives the same table."""

from __future__ import annotations

import json

NAMES = "Anna,Ben,Carl,Dora,Emil"
RESISTANCE_WINS = [c for team in ("1 2", "2 3 4", "3 4") for c in (
    f"propose {team}", "vote --approve all", "mission --fails 0")]
SPIES_WIN = [c for team in ("1 2", "1 3 4", "1 3") for c in (  # Anna on every team
    f"propose {team}", "vote --approve all", "mission --fails 1")]
#: Five games in a row with the same table: who the spies were and who won. Anna is on the
#: winning side every time, Dora once.
SEASON = (("ben,dora", RESISTANCE_WINS), ("anna,emil", SPIES_WIN),
          ("carl,dora", RESISTANCE_WINS), ("ben,emil", RESISTANCE_WINS), ("anna,ben", SPIES_WIN))


def played(play) -> None:
    """The season, each game's sides entered after it."""
    play(f"new --players 5 --names {NAMES} --leader 1 --no-play")
    for number, (spies, moves) in enumerate(SEASON):
        if number:
            play("new --again --no-play")
        play(*moves, f"roles --spies {spies}")


def stats(moderator, env=None) -> dict:
    result = moderator("stats --json", env=env)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_stats_json_has_ratings_leaderboards_and_pairs(play, moderator):
    played(play)
    summary = stats(moderator)
    rows = {row["name"]: row for row in summary["ratings"]}
    assert set(rows) == set(NAMES.split(","))
    assert all(row["games"] == 5 and row["rank"] is not None for row in rows.values())
    assert [row["rank"] for row in summary["ratings"]] == sorted(
        row["rank"] for row in summary["ratings"])
    assert (rows["Anna"]["wins"], rows["Anna"]["rank"]) == (5, 1)
    assert (rows["Dora"]["wins"], rows["Dora"]["rank"]) == (1, 5)
    boards = {board["role"]: board["players"] for board in summary["by_role"]}
    # three games or more in a role: Ben alone was a spy three times
    assert boards["spies"] == [{"name": "Ben", "games": 3, "wins": 1}]
    assert boards["resistance"][0] == {"name": "Anna", "games": 3, "wins": 3}
    assert summary["pairs"][0] == {"names": ["Anna", "Emil"], "games": 3, "wins": 3}


def test_an_exported_and_imported_season_gives_the_same_ratings(play, moderator, tmp_path):
    played(play)
    here = stats(moderator)
    elsewhere = {"MODERATOR_HOME": str(tmp_path / "another-host")}
    games = sorted((tmp_path / "moderator-home" / "games").glob("*.jsonl"),
                   key=lambda p: int(p.stem.rpartition("-")[2]))
    for path in reversed(games):  # in another order: their ids there will differ
        out = tmp_path / f"{path.stem}.json"
        play(f"export --format json --game {path.stem} --output {out}")
        assert moderator(f"import {out}", env=elsewhere).exit_code == 0
    there = stats(moderator, env=elsewhere)
    assert there["ratings"] == here["ratings"] and there["ratings"]
    assert there["by_role"] == here["by_role"] and there["pairs"] == here["pairs"]


def test_the_ratings_are_shown_with_their_uncertainty_and_rank_in_english_and_german(
        play, moderator):
    played(play)
    english = moderator("stats").stdout
    assert "Ratings: skill with its uncertainty" in english
    anna = next(line for line in english.splitlines() if line.startswith("Anna ")
                and "±" in line)
    assert "●" in anna and "├" in anna and anna.endswith("· 5 games · #1")
    german = moderator("stats --lang de").stdout
    assert "Wertung: Spielstärke mit ihrer Unsicherheit" in german
    assert any(line.startswith("Anna ") and line.endswith("· 5 Partien · Platz 1")
               for line in german.splitlines())
    assert "Paare: wie oft zwei auf derselben Seite gewannen" in german


def test_a_rating_from_one_game_says_one_game(play, moderator):
    """The count beside a rating is a plural: '1 game', '1 Partie', never '1 games'."""
    play(f"new --players 5 --names {NAMES} --leader 1 --no-play", *RESISTANCE_WINS,
         "roles --spies ben,dora")
    for lang, ending in (("en", "· 1 game · not ranked yet"),
                         ("de", "· 1 Partie · noch ohne Platz")):
        shown = moderator(f"stats --lang {lang}").stdout
        assert any(line.startswith("Anna ") and line.endswith(ending)
                   for line in shown.splitlines()), shown
