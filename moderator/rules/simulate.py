"""Random full games with the real engine: for property tests, balance checks and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterable

from moderator.rules.errors import RuleError
from moderator.rules.game import (
    ASSASSINATION, GAME_OVER, MISSION, PLOT_DRAW, PLOT_GIVE, PROPOSAL, RESISTANCE_ROGUE,
    ROGUE_CLAIM, SPY_ROGUE, VOTE, WATCH, Game,
)
from moderator.rules.tables import team_size

#: Targets a random player may name with each Plot card, given the game and the card's holder.
_TARGETS = {
    "overheard_conversation": lambda g, by: [(by - 1) % g.players, (by + 1) % g.players],
    "establish_confidence": lambda g, by: [s for s in range(g.players) if s != g.leader],
    "open_up": lambda g, by: [s for s in range(g.players) if s != by],
    "in_the_spotlight": lambda g, by: [s for s in g.proposals[-1].team if s != by],
    "close_eye": lambda g, by: [s for s in g.proposals[-1].team if s not in g.plot.looked_at],
    "take_responsibility": lambda g, by: [c.holder for c in g.plot.held if c.holder != by],
}


def _use(game: Game, card, rng: random.Random) -> Game:
    """Use a Plot card with a random legal target (a held card whose targets ran out waits)."""
    targets = _TARGETS.get(card.card, lambda g, by: [None])(game, card.holder)
    if not targets:
        return game if card not in game.plot.pending else game.use_plot(
            card.card, card.holder, target=None)
    target = rng.choice(targets)
    take = None
    if card.card == "take_responsibility":
        take = rng.choice([c.card for c in game.plot.held if c.holder == target])
    return game.use_plot(card.card, card.holder, target=target, take=take)


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
        usable = game.usable()
        if usable and rng.random() < 0.3:
            game = _use(game, rng.choice(usable), rng)
            continue
        if game.phase == PLOT_DRAW:
            game = game.draw_plot(rng.sample(game.plot.deck, game.plot_draws))
        elif game.phase == PLOT_GIVE:
            if game.plot.drawn:
                taken = set(game.plot.given_to)
                others = [s for s in seats if s != game.leader and s not in taken] or [
                    s for s in seats if s != game.leader]
                game = game.give_plot(game.plot.drawn[0], rng.choice(others))
            else:
                game = _use(game, game.plot.pending[0], rng)
        elif game.phase == PROPOSAL:
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
