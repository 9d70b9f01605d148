"""The page's data holds only what the whole table sees (issue 14, item 4; rules.md §1.3: the
tool never shows a hidden role).

What a screen can show is the page's data (`view`) and the page drawn from it (`page.render`,
from that data alone). These tests check it over random games, the engine's own
(`simulate.random_game`, with the modules) and real ones recorded through the log with undos:

- it never depends on the seed, which fixes the Plot cards and Loyalty cards still to come:
  the same table with another seed gives the same page, byte for byte;
- it holds no seed, and never the sides entered after a game (`moderator roles`) while a newer
  game exists;
- without the vote history, nobody's vote is in it.
"""

from __future__ import annotations

import json
import random
import tempfile

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from moderator import codec, public, session, store
from moderator.display import page, view
from moderator.rules import GAME_OVER, RuleError
from moderator.simulate import random_game
from moderator.session import Session

NO_SIGNALS = {"reveal": False, "timer": None}
#: Module sets the engine's random games play (rules.md §2-§8).
MODULE_SETS = ([], ["plot"], ["rogue"], ["sergeant"], ["commander"], ["reverser"], ["trapper"],
               ["defector"], ["inquisitor"], ["hunter"], ["trapper", "sergeant"],
               ["defector", "inquisitor", "reverser"], ["plot", "commander"])
SEEDS = st.integers(10**9, 2**32 - 1)  # ten digits: a seed on the page would be found
PROPERTIES = settings(max_examples=40, deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow,
                                             HealthCheck.function_scoped_fixture])


def text_of(data: dict) -> str:
    """Everything a screen receives for this data: the data and the page drawn from it."""
    return json.dumps(data, ensure_ascii=False) + page.render(data)


def keys_in(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


def engine_session(game, seed: int, lang: str) -> Session:
    """A random game of the engine as a saved game would hold it (no log lines)."""
    names = [f"Spieler {s}" if lang == "de" else f"Player {s}"
             for s in range(1, game.players + 1)]
    setup = {"players": game.players, "names": names, "lang": lang, "seed": seed,
             "modules": sorted(game.modules), "first_leader": game.first_leader + 1,
             "variants": sorted(game.variants), "house_rules": {}}
    return Session(store.History("2026-12-01-1", store.path_of("2026-12-01-1"), setup), game)


@PROPERTIES
@given(players=st.integers(5, 10), modules=st.sampled_from(MODULE_SETS), game_seed=st.integers(),
       seeds=st.tuples(SEEDS, SEEDS), lang=st.sampled_from(["en", "de"]),
       show_votes=st.booleans())
def test_random_games_of_the_engine_show_nothing_hidden(players, modules, game_seed, seeds,
                                                        lang, show_votes):
    try:
        game = random_game(players, random.Random(game_seed), modules=modules)
    except RuleError:  # a combination the rules refuse at this player count
        assume(False)
    first, second = (view.snapshot(engine_session(game, seed, lang), lang, show_votes,
                                   NO_SIGNALS, newest=True) for seed in seeds)
    assert first == second
    shown = text_of(first)
    assert "seed" not in keys_in(first)
    assert str(seeds[0]) not in shown
    # the page's status is the public view's, nothing more
    assert set(first["status"]) == set(public.status(engine_session(game, seeds[0], lang)))
    if not show_votes:
        assert keys_in(first["status"]["proposals"]) & {"approve", "reject"} == set()
        assert 'id="votes"' not in shown


# -- real games, through the log ------------------------------------------------------------


def random_step(current: Session, rng: random.Random) -> dict | str:
    """A legal next step of a base game: an action, or "undo"."""
    game = current.game
    if current.history.done and rng.random() < 0.1:
        return "undo"
    if game.phase == "proposal":
        return {"type": "propose",
                "team": sorted(s + 1 for s in rng.sample(range(game.players), game.team_size))}
    if game.phase == "vote":
        return {"type": "vote",
                "approve": [s for s in range(1, game.players + 1) if rng.random() < 0.5]}
    return {"type": "mission", "fails": rng.choice(game.inputs()[0].choices)}  # the record's


def play_out(seed: int, players: int, lang: str, steps: int, rng: random.Random):
    """Record up to `steps` random steps of a new game; yield the session after each."""
    names = [f"Spieler {s}" if lang == "de" else f"Player {s}" for s in range(1, players + 1)]
    current = session.start(players, names, lang, [], [], {}, 0, seed, False)
    yield current
    for _ in range(steps):
        if current.game.phase == GAME_OVER:
            break
        step = random_step(current, rng)
        current = session.undo(current.game_id)[0] if step == "undo" else session.act(
            current.game_id, codec.decode(step))
        yield current


@PROPERTIES
@given(players=st.integers(5, 10), seeds=st.tuples(SEEDS, SEEDS), moves=st.integers(),
       steps=st.integers(0, 60), lang=st.sampled_from(["en", "de"]))
def test_real_games_show_the_same_page_whatever_the_seed(monkeypatch, players, seeds, moves,
                                                         steps, lang):
    """Two tables play the same game step by step, one game file each, with different seeds:
    every page they show is the same, and none holds the seed."""
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as other:
        tables = []
        for seed, folder in zip(seeds, (one, other), strict=True):
            monkeypatch.setenv("MODERATOR_HOME", folder)
            tables.append([view.snapshot(s, lang, None, NO_SIGNALS, newest=True)
                           for s in play_out(seed, players, lang, steps, random.Random(moves))])
        assert tables[0] == tables[1]
        for data in tables[0]:
            assert "seed" not in keys_in(data)
            assert str(seeds[0]) not in text_of(data)


def finished_game(cli, lang: str = "en") -> str:
    """A 5-player game the spies win by three failed missions; its id."""
    cli(f"new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --lang {lang} --no-play")
    for team in ("1 2", "1 2 3", "1 2"):  # teams of 2, 3, 2 at five players (rules.md §1.2)
        cli(f"propose {team}", "vote --approve 1,2,3", "mission --fails 1")
    return store.game_ids()[-1]


def test_the_sides_show_after_the_game_only_while_no_newer_game_exists(cli):
    game_id = finished_game(cli)
    assert view.of_game(None, None, None)["spies_were"] is None  # not entered yet
    cli("roles --spies Bob,Dan")
    shown = view.of_game(None, None, None)
    assert shown["spies_were"] == ["Bob", "Dan"]
    assert "The spies were: Bob, Dan" in page.render(shown)
    cli("new --players 5 --no-play")  # the next game is running
    old = view.of_game(game_id, None, None)
    assert old["status"]["phase"] == GAME_OVER and old["spies_were"] is None
    assert "Bob, Dan" not in text_of(old)
    assert view.of_game(None, None, None)["game"] != game_id  # the newest game is followed


def test_without_the_vote_history_nobody_s_vote_is_shown(cli):
    cli("new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --no-vote-history --no-play",
        "propose 1 2", "vote --approve 1,2,4")
    hidden = view.of_game(None, None, None)
    assert hidden["show_votes"] is False
    assert keys_in(hidden["status"]["proposals"]) & {"approve", "reject"} == set()
    assert [line["text"] for line in hidden["last"]] == ["Approved, 3 to 2."]
    assert 'id="votes"' not in page.render(hidden)
    assert "without the vote history" in page.render(hidden)
    shown = view.of_game(None, None, True)  # --vote-history wins over the game's setting
    assert shown["status"]["proposals"][0]["approve"] == [1, 2, 4]
    assert 'id="votes"' in page.render(shown)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_damaged_game_is_reported_in_its_language(cli, lang):
    cli(f"new --players 5 --lang {lang} --no-play")
    path = store.path_of(store.game_ids()[-1])
    path.write_bytes(path.read_bytes() + b"{not json\n")
    shown = view.of_game(None, None, None)
    assert shown["kind"] == "error"
    assert shown["banner"] == {
        "en": f"Game {path.stem} is damaged at line 2 of its file, so it cannot be loaded. "
              "The file is left untouched: repair that line by hand or start a new game.",
        "de": f"Partie {path.stem} ist in Zeile 2 ihrer Datei beschädigt und kann nicht geladen "
              "werden. Die Datei bleibt unangetastet: Repariere die Zeile von Hand oder beginne "
              "eine neue Partie.",
    }[lang]
    assert shown["banner"] in page.render(shown)


def test_no_game_yet_says_how_to_start_one():
    shown = view.of_game(None, "en", None)
    assert shown["banner"] == "There is no game yet. Start one with: moderator new --players 5"


def test_the_board_comes_from_the_rules_tables(cli):
    """Seven players: teams 2-3-3-4-4, two Fail cards needed on the fourth (rules.md §1.2)."""
    cli("new --players 7 --no-play")
    board = view.of_game(None, None, None)["board"]
    assert [space["size"] for space in board] == [2, 3, 3, 4, 4]
    assert [space["two_fails"] for space in board] == [False, False, False, True, False]
    assert [space["current"] for space in board] == [True, False, False, False, False]


def test_the_timer_belongs_to_the_proposal_under_discussion():
    signal = {"proposal": 2, "seconds": 120, "warning": 30, "started": 1000.0}
    assert view.timer(signal, voted=2) == {"seconds": 120, "warning": 30, "ends": 1120.0}
    assert view.timer(signal, voted=3) is None  # its vote is in: the timer is over
    assert view.seconds_left(view.timer(signal, voted=2), now=1100.0) == 20.0


def test_the_fifth_proposal_warning_comes_from_the_engine(cli):
    """rules.md §1.4: four teams rejected in a round, the fifth decides."""
    cli("new --players 5 --leader 1 --no-play")
    for _ in range(3):
        cli("propose 1 2", "vote --approve 1")
    assert "One more rejection" not in page.render(view.of_game(None, None, None))
    cli("propose 1 2", "vote --approve 1")
    shown = view.of_game(None, None, None)
    assert shown["warnings"] == ["fifth_proposal"]
    assert "⚠ One more rejection and the spies win." in page.render(shown)
    cli("propose 1 2", "vote --approve 1,2,3")  # approved: the warning is over
    assert "One more rejection" not in page.render(view.of_game(None, None, None))
