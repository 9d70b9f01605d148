"""`moderator review` (design.md §4): after the game, its timeline and what its public record
proved; during the game only with --now. `--json`'s numbers are checked against an
independent enumeration written here from the raw rules (rules.md §1.1: how many spies; §1.5:
the loyal play Success, spies either, so a mission reveals no more Fail cards than spies on its
team), never against the engine's own deals."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from moderator.rules import Game

SPIES = {5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4}  # rules.md §1.1


def enumeration(players: int, missions: list[dict], assumed: dict[int, bool] | None = None):
    """Every spy set (1-based seats) the missions allow, and the claims if any."""
    found = []
    for spies in combinations(range(1, players + 1), SPIES[players]):
        if all(len(set(m["team"]) & set(spies)) >= m["fails"] for m in missions) and all(
                (seat in spies) == spy for seat, spy in (assumed or {}).items()):
            found.append(set(spies))
    return found


def expected(players: int, missions: list[dict], assumed=None) -> dict:
    left = enumeration(players, missions, assumed)
    seats = range(1, players + 1)
    return {
        "deals": len(enumeration(players, [])),
        "deals_left": len(left),
        "proven_spies": [s for s in seats if left and all(s in d for d in left)],
        "proven_resistance": [s for s in seats if left and all(s not in d for d in left)],
        "share": {str(s): sum(s in d for d in left) / len(left) for s in seats} if left else {},
    }


def random_game(play, players: int, seed: int) -> None:
    """A whole legal game from a real deal, recorded by the commands (the engine only picks
    what is legal: the spies fail at random)."""
    rng = random.Random(seed)
    play(f"new --players {players} --leader 1 --no-play --seed {seed}")
    game = Game.new(players, 0)
    spies = set(rng.sample(range(players), SPIES[players]))
    while game.phase != "game_over":
        team = sorted(rng.sample(range(players), game.team_size))
        approve = [s for s in range(players) if rng.random() < 0.7]
        game = game.propose(team).vote(approve)
        play("propose " + " ".join(str(s + 1) for s in team),
             "vote --approve " + (",".join(str(s + 1) for s in approve) or "none"))
        if game.phase == "mission":
            fails = sum(1 for s in team if s in spies and rng.random() < 0.6)
            game = game.play_mission(fails)
            play(f"mission --fails {fails}")


@pytest.mark.parametrize("players", [5, 6, 7, 8, 9, 10])
def test_review_json_equals_an_independent_enumeration(play, moderator, status, players):
    random_game(play, players, seed=players * 7)
    result = moderator("review --json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    missions = status()["missions"]
    assert {k: shown[k] for k in expected(players, [])} == expected(players, missions)
    assert shown["missions"] == [
        {"mission": m["mission"], "deals_left": len(enumeration(players, missions[:k + 1]))}
        for k, m in enumerate(missions)]
    ruling = [m["mission"] for k, m in enumerate(missions)
              if len(enumeration(players, missions[:k + 1])) < len(
                  enumeration(players, missions[:k]))]
    assert [int(line.split()[1]) for line in shown["explain"]] == ruling  # "Mission K (…"
    assert "truth" not in shown and "assumed" not in shown


def test_an_assumption_is_a_claim_beside_the_record(play, moderator, status):
    """What a player says they saw never changes the record's proof; `--assume` shows what
    the count becomes with it."""
    random_game(play, 7, seed=3)
    shown = json.loads(moderator("review --json --assume 4:resistance --assume 1:spy").stdout)
    missions = status()["missions"]
    assert {k: shown[k] for k in expected(7, [])} == expected(7, missions)
    claims = shown["assumed"]
    assert claims["claims"] == [{"player": 4, "side": "resistance"},
                                {"player": 1, "side": "spy"}]
    assert {k: claims[k] for k in expected(7, [])} == expected(7, missions, {4: False, 1: True})


def test_review_is_refused_during_the_game_without_now(play, moderator, refused):
    """The review shows the table a deduction: during the game only when asked with --now,
    which says so."""
    play("new --players 5 --names Ada,Bo,Cy,Di,Ed --leader ada --no-play",
         "propose ada bo", "vote --approve all", "mission --fails 2")
    assert refused("review") == (
        "Game {game} is still running: the review shows what its record proves, a deduction "
        "the table may not want yet. Add --now to see it anyway.").format(
            game=json.loads(moderator("status --json").stdout)["game"])
    result = moderator("review --now")
    assert result.exit_code == 0
    assert result.stderr.strip() == ("The game is still running: this review shows the table "
                                     "a deduction from its record.")
    assert "Deals left after mission 1: 1 of 10." in result.stdout
    assert "Mission 1 (two Fail cards) made Ada and Bo spies and Cy, Di and Ed loyal." in \
        result.stdout


def full_game(play, *options: str) -> None:
    """Ada and Bo are proven spies by mission 1; the table still approves a team with Bo."""
    play(f"new --players 5 --names Ada,Bo,Cy,Di,Ed --leader ada --no-play {' '.join(options)}",
         "propose ada bo", "vote --approve all", "mission --fails 2",
         "propose bo cy di", "vote --approve all", "mission --fails 0",
         "propose cy di", "vote --approve all", "mission --fails 0",
         "propose cy di ed", "vote --approve all", "mission --fails 0")


def test_after_roles_the_truth_stands_beside_the_proof(play, moderator):
    full_game(play)
    play("roles --spies ada,bo")
    shown = json.loads(moderator("review --json").stdout)
    assert shown["truth"]["spies"] == [1, 2] and shown["truth"]["possible"]
    assert shown["truth"]["explain"][:2] == [
        "Ada was proven a spy by mission 1 (two Fail cards); the table approved no team with "
        "them after that.",
        "Bo was proven a spy by mission 1 (two Fail cards); the table then approved one team "
        "with them."]
    assert "Cy was proven loyal by mission 1 (two Fail cards)." in shown["truth"]["explain"]


@pytest.mark.parametrize("options, words", [
    ("--lang en", ["Round 1", "Mission 1, attempt 1, leader Ada: team Ada, Bo",
                   "Deals left after mission 1: 1 of 10.", "What the record proved",
                   "Proven spies: Ada and Bo.", "The truth, entered after the game: Ada and Bo "
                   "were the spies."]),
    ("--lang de", ["Runde 1", "Mission 1, Versuch 1, Anführer Ada: Team Ada, Bo",
                   "Nach Mission 1 übrige Verteilungen: 1 von 10.",
                   "Was der Verlauf bewiesen hat", "Als Spione bewiesen: Ada und Bo.",
                   "Bo war Spion, bewiesen nach Mission 1 (zwei Fehlschlag-Karten); danach "
                   "nahm der Tisch noch ein Team mit Bo an."]),
    ("--lang en --theme avalon", ["Quest 1, attempt 1, leader Ada: team Ada, Bo",
                                  "Deals left after quest 1: 3 of 30.",
                                  "Proven Minions of Mordred: Ada and Bo.",
                                  "who is Merlin"]),
    ("--lang de --theme avalon", ["Nach Queste 1 übrige Verteilungen: 3 von 30.",
                                  "Als Diener Mordreds bewiesen: Ada und Bo.",
                                  # no card is shown at the Assassination (rules.md §5.1)
                                  "Mit dem Attentat (Di war Merlin) fallen 2 "
                                  "Verteilungen weg: Dort hat jemand anderes die Karte Merlin."]),
])
def test_the_review_speaks_the_games_language_and_theme(play, moderator, options, words):
    full_game(play, options)
    if "avalon" in options:
        play("assassinate cy --commander di")
    play("roles --spies ada,bo")
    shown = moderator("review").stdout
    for text in words:
        assert text in shown, text


def test_an_assumption_in_a_wrong_form_is_refused(play, refused):
    full_game(play)
    assert refused("review --assume dora").startswith("'dora'")


@pytest.mark.parametrize("lang, end, after", [("en", "The end of the game", "Round 5"),
                                              ("de", "Das Ende der Partie", "Runde 5")])
def test_the_assassination_after_the_last_mission_is_the_end_not_a_round(play, moderator, lang,
                                                                          end, after):
    """rules.md §5.1: the Assassination follows the third success; no team goes out, so the
    review says it under the end of the game, on the terminal and on the table's screen."""
    from moderator.display import view

    full_game(play, f"--lang {lang} --theme avalon")
    play("assassinate cy --commander di")
    shown = moderator("review").stdout.splitlines()
    at = shown.index(end)
    assert at > shown.index({"en": "Round 4", "de": "Runde 4"}[lang])
    assert "Cy" in shown[at + 1] and "Merlin" in shown[at + 1]  # whom the Assassin named
    assert after not in shown
    titles = [step["title"] for step in view.of_game(None, None, None)["after"]]
    assert end in titles and after not in titles
