"""Random full games with the real engine: for property tests, balance checks and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterable

from moderator.rules.errors import RuleError
from moderator.rules.game import (
    ASSASSINATION, GAME_OVER, MISSION, PROPOSAL, RESISTANCE_ROGUE, ROGUE_CLAIM, SPY_ROGUE, VOTE,
    WATCH, Game,
)
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
    spies = rng.sample(seats, game.spies)
    resistance = [s for s in seats if s not in spies]
    # The Rogues, if any: the resistance Rogue plays Rogue Success, the spy Rogue claims.
    rogue = resistance[0] if RESISTANCE_ROGUE in game.characters else None
    spy_rogue = spies[0] if SPY_ROGUE in game.characters else None
    while game.phase != GAME_OVER:
        if game.phase == PROPOSAL:
            mission = rng.choice(game.open_missions) if game.targeting else None
            team = rng.sample(seats, team_size(players, mission or game.mission))
            others = [s for s in team if s != game.leader]
            sergeant = rng.choice(others) if "sergeant" in game.modules else None
            game = game.propose(team, mission=mission, sergeant=sergeant)
        elif game.phase == VOTE:
            game = game.vote(s for s in seats if rng.random() < approve)
        elif game.phase == WATCH:
            game = game.give_watch(rng.choice(game.team))
        elif game.phase == MISSION:
            fails = sum(1 for s in game.team if s in spies and rng.random() < fail)
            rogue_success = int(rogue in game.team and game.watch != rogue and rng.random() < 0.5)
            game = game.play_mission(fails, rogue_success=rogue_success)
        elif game.phase == ROGUE_CLAIM:
            claims = spy_rogue is not None and rng.random() < 0.5
            try:
                game = game.claim_rogue(spy_rogue if claims else None)
            except RuleError:  # the record rules the claim out
                game = game.claim_rogue(None)
        elif game.phase == ASSASSINATION:
            game = game.assassinate(rng.randrange(players), rng.choice(resistance))
    return game
