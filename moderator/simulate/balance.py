"""Many simulated games, counted: how often each side wins and why, for one setup, for a
range of player counts, or for two setups on the same seeds (a host's question: does adding
the Trapper help the spies at 8?).

Game `i` of a run with seed `s` is played from its own generator, seeded with `s` and `i`,
so the same seed gives the same games whatever else the run plays, and two setups compared
meet the same first leaders, deals and coin flips as far as their rules let them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from moderator.simulate import play

#: The most games one run plays per setup and player count.
MOST_GAMES = 100_000
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959964


class Setup(NamedTuple):
    """What `new` is told about a game, less the players' names; and how the players play."""

    modules: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    house_rules: tuple[tuple[str, str], ...] = ()
    allow_incompatible: bool = False
    policy: str = "sensible"

    def described(self) -> dict[str, Any]:
        return {"modules": sorted(self.modules), "variants": sorted(self.variants),
                "roles": sorted(self.roles), "house_rules": dict(self.house_rules),
                "players_play": self.policy}


def game_rng(seed: int, number: int) -> random.Random:
    """The generator of game `number` of a run with `seed`."""
    return random.Random(f"{seed}/{number}")


def outcomes(count: int, setup: Setup, games: int, seed: int,
             step: Callable[[], None] = lambda: None) -> list[tuple[str, str]]:
    """Each game's (full winner, reason); `step` is called after each game (a progress bar)."""
    found = []
    rules = dict(setup.house_rules) or None
    for number in range(games):
        game = play(count, game_rng(seed, number), setup.policy, setup.modules, setup.variants,
                    setup.roles, rules, allow_incompatible=setup.allow_incompatible)
        found.append((next(who for who, how in game.winners if how == "full"), str(game.reason)))
        step()
    return found


def summary(count: int, setup: Setup, games: int, seed: int,
            played: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """How often each side won outright, and for what reason, with the spies' rate and its
    95 % interval."""
    wins = Counter(who for who, _ in played)
    reasons = Counter(why for _, why in played)
    rate = wins["spies"] / games
    half = Z95 * math.sqrt(rate * (1 - rate) / games)
    return {
        "players": count, "games": games, "seed": seed, **setup.described(),
        "wins": {who: {"count": n, "rate": round(n / games, 4)} for who, n in wins.most_common()},
        "reasons": {why: {"count": n, "rate": round(n / games, 4)}
                    for why, n in reasons.most_common()},
        "spies": _rate(rate, half),
    }


def simulate(count: int, setup: Setup, games: int, seed: int,
             step: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """One setup at one player count."""
    return summary(count, setup, games, seed, outcomes(count, setup, games, seed, step))


def compare(count: int, setups: tuple[Setup, Setup], games: int, seed: int,
            step: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """Two setups on the same seeds: both summaries, and how much more often the spies win
    under the second, with the 95 % interval of that difference (games paired by seed)."""
    first, second = (outcomes(count, s, games, seed, step) for s in setups)
    changes = [(b[0] == "spies") - (a[0] == "spies") for a, b in zip(first, second, strict=True)]
    mean = sum(changes) / games
    spread = sum((c - mean) ** 2 for c in changes) / (games - 1) if games > 1 else 0.0
    return {
        "players": count, "games": games, "seed": seed,
        "setups": [summary(count, s, games, seed, p) for s, p in zip(setups, (first, second),
                                                                     strict=True)],
        "difference": {"spies": _rate(mean, Z95 * math.sqrt(spread / games))},
    }


def _rate(value: float, half: float) -> dict[str, float]:
    return {"rate": round(value, 4), "low": round(value - half, 4),
            "high": round(value + half, 4)}
