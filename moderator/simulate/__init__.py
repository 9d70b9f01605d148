"""Simulated games with the real engine: a ring of its own beside the rules, which it asks
and never second-guesses (design.md §1).

`table.py` deals the cards and keeps what each player knows; `players.py` decides (the
`sensible` players, or coin flips); `turn.py` is the one place that reads the engine's
inputs and applies the answers; `balance.py` plays many games and counts.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from moderator.rules import Game
from moderator.simulate.players import POLICIES, players
from moderator.simulate.table import Table
from moderator.simulate.turn import Turns

if TYPE_CHECKING:
    from moderator.simulate.players import Style

__all__ = ["POLICIES", "play", "random_game"]


def play(
    count: int,
    rng: random.Random,
    policy: str = "sensible",
    modules: Iterable[str] = (),
    variants: Iterable[str] = (),
    roles: Iterable[str] = (),
    house_rules: Mapping[str, str] | None = None,
    approve: float = 0.5,
    fail: float = 0.5,
    allow_incompatible: bool = False,
    style: Style | None = None,
) -> Game:
    """One game of `count` players to its end: a random first leader (rules.md §1.3), the
    cards dealt, then every turn by the players of `policy` (the sensible ones in `style`,
    by default the fitted one)."""
    game = Game.new(count, rng.randrange(count), modules=modules, variants=variants,
                    roles=roles, house_rules=house_rules, allow_incompatible=allow_incompatible)
    table = Table(game, rng)
    return Turns(table, players(policy, table.views, game, rng, approve, fail, style),
                 rng).play(game)


def random_game(
    count: int,
    rng: random.Random,
    approve: float = 0.5,
    fail: float = 0.5,
    modules: Iterable[str] = (),
    variants: Iterable[str] = (),
) -> Game:
    """A game of coin flips (each player approves with probability `approve`, each spy on a
    team fails with probability `fail`): the engine's property tests play thousands."""
    return play(count, rng, "random", modules, variants, approve=approve, fail=fail)
