"""Many simulated games, counted: how often each side wins and why, how the votes went, for
one setup, for a range of player counts, or for two setups on the same seeds (a host's
question: does adding the Trapper help the spies at 8?).

Game `i` of a run with seed `s` is played from its own generator, seeded with `s` and `i`,
so the same seed gives the same games whatever else the run plays, and two setups compared
meet the same first leaders, deals and coin flips as far as their rules let them.

Every rate comes with its 95 % interval: a share of games or of rounds with Wilson's score
interval (never of zero width, even at 0 %), the rejections per round with one that counts
each game's rounds together, and the difference of two setups with Tango's score interval
for paired games (sound when few games differ, and when none does).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from moderator.simulate import play
from moderator.simulate.turn import Moves

if TYPE_CHECKING:
    from moderator.rules import Game
    from moderator.simulate.players import Style

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


class Played(NamedTuple):
    """What one game counts for: its full winner and why, its votes, and which modules'
    players made a choice that changed it."""

    winner: str
    reason: str
    first_approved: bool
    rounds: int  # rounds with at least one team proposed
    rejections: int  # teams rejected (or their approval cancelled)
    fifth: int  # rounds that reached their fifth team
    acted: tuple[str, ...] = ()


def game_rng(seed: int, number: int) -> random.Random:
    """The generator of game `number` of a run with `seed`."""
    return random.Random(f"{seed}/{number}")


def counted(game: Game) -> Played:
    """What a finished game counts for."""
    proposals = game.proposals
    rejections = sum(1 for p in proposals if p.approved is False)
    approved = sum(1 for p in proposals if p.approved)
    rounds = approved + (bool(proposals) and not proposals[-1].approved)
    acted = tuple(m.id for m in game.config.in_play if Moves.of(m.id).acted(game))
    return Played(next(who for who, how in game.winners if how == "full"), str(game.reason),
                  bool(proposals) and bool(proposals[0].approved), rounds, rejections,
                  sum(1 for p in proposals if p.attempt == 5), acted)


def outcomes(count: int, setup: Setup, games: int, seed: int,
             step: Callable[[], None] = lambda: None, style: Style | None = None,
             first: int = 0) -> list[Played]:
    """What each game counts for; `step` is called after each game (a progress bar); games
    `first` to `first + games - 1` of the run."""
    found = []
    rules = dict(setup.house_rules) or None
    for number in range(first, first + games):
        game = play(count, game_rng(seed, number), setup.policy, setup.modules, setup.variants,
                    setup.roles, rules, allow_incompatible=setup.allow_incompatible,
                    style=style)
        found.append(counted(game))
        step()
    return found


def summary(count: int, setup: Setup, games: int, seed: int,
            played: Sequence[Played]) -> dict[str, Any]:
    """How often each side won outright, and for what reason, with the spies' rate, how the
    votes went, and how often each module's players changed the game, each rate with its
    95 % interval."""
    wins = Counter(one.winner for one in played)
    reasons = Counter(one.reason for one in played)
    acted = Counter(module for one in played for module in one.acted)
    found = {
        "players": count, "games": games, "seed": seed, **setup.described(),
        "wins": {who: {"count": n, **share(n, games)} for who, n in wins.most_common()},
        "reasons": {why: {"count": n, **share(n, games)} for why, n in reasons.most_common()},
        "spies": share(wins["spies"], games),
        "votes": votes(played),
    }
    modules = [m for m in sorted(setup.modules) if Moves.of(m).acted is not Moves.acted]
    if modules:
        found["acted"] = {m: {"count": acted[m], **share(acted[m], games)} for m in modules}
    return found


def votes(played: Sequence[Played]) -> dict[str, dict[str, float]]:
    """The vote figures of a run: the share of games whose first team was approved, the
    teams rejected per round, the share of rounds that reached a fifth team, and the share
    of games five rejected teams ended."""
    games = len(played)
    rounds = sum(one.rounds for one in played)
    rejected = sum(one.rejections for one in played)
    per_round = rejected / rounds if rounds else 0.0
    # the games' rounds counted together (a ratio estimate's interval, by game)
    spread = sum((one.rejections - per_round * one.rounds) ** 2 for one in played)
    half = Z95 * math.sqrt(spread * games / max(games - 1, 1)) / rounds if rounds else 0.0
    return {
        "first_team_approved": share(sum(one.first_approved for one in played), games),
        "rejections_per_round": _rate(per_round, max(per_round - half, 0.0), per_round + half),
        "rounds_to_fifth": share(sum(one.fifth for one in played), rounds),
        "five_rejections": share(sum(one.reason == "five_rejections" for one in played), games),
    }


def simulate(count: int, setup: Setup, games: int, seed: int,
             step: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """One setup at one player count."""
    return summary(count, setup, games, seed, outcomes(count, setup, games, seed, step))


def compare(count: int, setups: tuple[Setup, Setup], games: int, seed: int,
            step: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """Two setups on the same seeds: both summaries, and how much more often the spies win
    under the second, with the 95 % score interval of that difference (games paired by
    seed), and how many games ended with other winners."""
    first, second = (outcomes(count, s, games, seed, step) for s in setups)
    gained = sum(1 for a, b in zip(first, second, strict=True)
                 if b.winner == "spies" and a.winner != "spies")
    lost = sum(1 for a, b in zip(first, second, strict=True)
               if a.winner == "spies" and b.winner != "spies")
    low, high = paired_interval(gained, lost, games)
    return {
        "players": count, "games": games, "seed": seed,
        "setups": [summary(count, s, games, seed, p) for s, p in zip(setups, (first, second),
                                                                     strict=True)],
        "difference": {"spies": _rate((gained - lost) / games, low, high)},
        "differing": sum(1 for a, b in zip(first, second, strict=True)
                         if a.winner != b.winner),
    }


def share(count: int, total: int) -> dict[str, float]:
    """A share with Wilson's 95 % score interval."""
    if not total:
        return _rate(0.0, 0.0, 1.0)
    rate = count / total
    z2 = Z95 * Z95
    middle = (rate + z2 / (2 * total)) / (1 + z2 / total)
    half = Z95 * math.sqrt(rate * (1 - rate) / total + z2 / (4 * total * total)) / (
        1 + z2 / total)
    return _rate(rate, max(middle - half, 0.0), min(middle + half, 1.0))


def paired_interval(gained: int, lost: int, games: int) -> tuple[float, float]:
    """Tango's 95 % score interval for the difference of two rates on paired games:
    `gained` games the spies won only under the second setup, `lost` only under the first
    (Tango 1998, Statistics in Medicine 17: 891-908). Never of zero width, even when no game
    differs."""

    def score(delta: float) -> float:
        b = gained + lost - delta * (2 * games - gained + lost)
        p = (b + math.sqrt(max(b * b + 8 * games * lost * delta * (1 - delta), 0.0))) / (
            4 * games)
        var = games * (2 * p + delta * (1 - delta))
        diff = gained - lost - games * delta
        if var <= 0:
            return 0.0 if not diff else math.copysign(math.inf, diff)
        return diff / math.sqrt(var)

    estimate = (gained - lost) / games

    def solve(target: float, inside: float, outside: float) -> float:
        for _ in range(60):
            middle = (inside + outside) / 2
            if (score(middle) - target) * (score(inside) - target) > 0:
                inside = middle
            else:
                outside = middle
        return (inside + outside) / 2

    edge = 1 - 1e-9
    low = -1.0 if score(-edge) <= Z95 else solve(Z95, estimate, -edge)
    high = 1.0 if score(edge) >= -Z95 else solve(-Z95, estimate, edge)
    return low, high


def _rate(value: float, low: float, high: float) -> dict[str, float]:
    return {"rate": round(value, 4), "low": round(low, 4), "high": round(high, 4)}
