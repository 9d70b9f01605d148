"""Random full games with the real engine: for property tests, balance checks and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterable

from moderator.rules.game import ASSASSINATION, MISSION, PROPOSAL, VOTE, Game
from moderator.rules.tables import team_size


def random_game(
    players: int,
    rng: random.Random,
    approve: float = 0.5,
    fail: float = 0.5,
    modules: Iterable[str] = (),
    variants: Iterable[str] = (),
) -> Game:
    """Play one game to its end: random spies, teams and votes; each spy on a team fails with
    probability `fail`; every player approves with probability `approve`."""
    game = Game.new(players, rng.randrange(players), modules=modules, variants=variants)
    seats = range(players)
    spies = set(rng.sample(seats, game.spies))
    while game.winner is None:
        if game.phase == PROPOSAL:
            mission = rng.choice(game.open_missions) if game.targeting else None
            size = team_size(players, mission or game.mission)
            game = game.propose(rng.sample(seats, size), mission=mission)
        elif game.phase == VOTE:
            game = game.vote(s for s in seats if rng.random() < approve)
        elif game.phase == MISSION:
            game = game.play_mission(sum(1 for s in game.team if s in spies and rng.random() < fail))
        elif game.phase == ASSASSINATION:
            commander = rng.choice([s for s in seats if s not in spies])
            game = game.assassinate(rng.randrange(players), commander)
    return game
