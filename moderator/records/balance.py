"""Random games with the real engine, as a balance check of a module mix (design.md §6).

Random play is not good play: teams, votes and Fail cards are coin flips (each player
approves half the time, each spy on a team fails half the time). What the rates show is how
a module mix moves the odds against the base game under the same blind play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

from moderator.rules import random_game

#: The most games one run plays: about half a minute on a laptop.
MOST_GAMES = 100_000


def simulate(
    players: int,
    games: int,
    rng: random.Random,
    modules: Iterable[str] = (),
    variants: Iterable[str] = (),
    step: Callable[[], None] = lambda: None,
) -> dict:
    """Play `games` random games; how often each side won outright, and for what reason.
    `step` is called after each game (a progress bar)."""
    modules, variants = sorted(modules), sorted(variants)
    wins: Counter = Counter()
    reasons: Counter = Counter()
    for _ in range(games):
        game = random_game(players, rng, modules=modules, variants=variants)
        wins[next(who for who, victory in game.winners if victory == "full")] += 1
        reasons[game.reason] += 1
        step()
    return {
        "players": players,
        "games": games,
        "modules": modules,
        "variants": variants,
        "wins": {who: {"count": n, "rate": round(n / games, 4)} for who, n in wins.most_common()},
        "reasons": {why: {"count": n, "rate": round(n / games, 4)}
                    for why, n in reasons.most_common()},
    }
