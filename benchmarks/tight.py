"""The yardstick for the engine's speed: the base game's rules as a tight loop.

Our own copy of `../shared/bench/ref_tight.py`'s loop: the full base rules (team sizes,
strict-majority votes where a tie rejects, five rejections, the two-fail fourth mission at 7+),
ints and lists, no validation, no log, no objects. It makes the same random calls in the same
order as `engine_game` below, which drives the real engine with the base game's three actions
(the first leader, the spies, then per proposal the team and one draw per seat, then one draw
per spy on the sorted team), so from the same seed both play the very same games: `same_games`
checks it, and the benchmark checks it on every game it times. `moderator.simulate`'s random
players make the same draws in the base game (tests/simulate checks it), but through the
simulator's seam: the benchmark times the engine alone. A validating engine will never be this
fast; the point is a ratio measured in the same run, on the same machine, so that the machine's
speed cancels out.
"""

from __future__ import annotations

import random

SPIES = {5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4}
SIZES = {5: (2, 3, 2, 3, 3), 6: (2, 3, 4, 3, 4), 7: (2, 3, 3, 4, 4),
         8: (3, 4, 4, 5, 5), 9: (3, 4, 4, 5, 5), 10: (3, 4, 4, 5, 5)}


def tight_game(n: int, rng: random.Random, approve: float = 0.5, fail: float = 0.5) -> str:
    """One random base game to its end; how it ended (the engine's `Game.reason`)."""
    rand, sample = rng.random, rng.sample
    leader = rng.randrange(n)
    seats = range(n)
    spy = [False] * n
    for s in sample(seats, SPIES[n]):
        spy[s] = True
    sizes, two = SIZES[n], n >= 7
    wins = losses = mission = rejections = 0
    while True:
        team = sample(seats, sizes[mission])
        yes = 0
        for _ in seats:
            if rand() < approve:
                yes += 1
        leader = (leader + 1) % n
        if 2 * yes <= n:
            rejections += 1
            if rejections == 5:
                return "five_rejections"
            continue
        rejections = 0
        team.sort()
        fails = 0
        for s in team:
            if spy[s] and rand() < fail:
                fails += 1
        if fails >= (2 if mission == 3 and two else 1):
            losses += 1
            if losses == 3:
                return "three_failures"
        else:
            wins += 1
            if wins == 3:
                return "three_successes"
        mission += 1


def tight_games(players: int, seed: int, count: int) -> tuple[list[str], tuple]:
    """`count` games in a row from one seed: how each ended, and the generator's state after."""
    rng = random.Random(seed)
    return [tight_game(players, rng) for _ in range(count)], rng.getstate()


def engine_game(n: int, rng: random.Random, approve: float = 0.5, fail: float = 0.5) -> str:
    """The same game with the real engine: every action checked, every state a new value."""
    from moderator.rules import GAME_OVER, MISSION, PROPOSAL, Game

    game = Game.new(n, rng.randrange(n))
    rand, sample, seats = rng.random, rng.sample, range(n)
    spy = set(sample(seats, game.spies))
    while game.phase != GAME_OVER:
        if game.phase == PROPOSAL:
            game = game.propose(sample(seats, game.config.sizes[len(game.missions)]))
        elif game.phase == MISSION:
            game = game.play_mission(sum(1 for s in game.proposals[-1].team
                                         if s in spy and rand() < fail))
        else:
            game = game.vote([s for s in seats if rand() < approve])
    assert game.reason is not None
    return game.reason


def engine_games(players: int, seed: int, count: int) -> tuple[list[str], tuple]:
    """`count` engine games in a row from one seed, as `tight_games`."""
    rng = random.Random(seed)
    return [engine_game(players, rng) for _ in range(count)], rng.getstate()


def same_games(players: int, seed: int, count: int) -> bool:
    """Whether the loop and the engine end the same games the same way, having drawn the same
    random numbers (equal generator states after the last game)."""
    return tight_games(players, seed, count) == engine_games(players, seed, count)
