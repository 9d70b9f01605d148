"""A group's skill ratings: who plays well, whichever side the cards dealt them.

Each player has a Weng-Lin rating (openskill: a skill `mu` and its uncertainty `sigma`), made
for teams of unequal size; every finished game whose sides were entered after it (`moderator
roles`) updates the ratings of its players, in the order the games were played. A side's
difficulty is taken into account: each game's spies get a handicap, a stand-in player whose
skill makes the spies' chance of winning, at equal skill, the season's own spy win rate for
that number of players and module set, shrunk toward the rate at that number of players, that
toward the season's rate, that toward an even chance, each by `PRIOR_GAMES` games (a rate of
few games says little). So a spy win at a count where the spies rarely win moves a rating more
than one where they usually do. Why the Plackett-Luce model and these figures:
`benchmarks/ratings.py`, measured on simulated seasons (README, "Ratings").

Ratings are worked out from the saved games every time, never stored: a season imported on
another host's computer gives the same table. openskill is imported here only, and only by
`stats`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from statistics import NormalDist

from moderator.records.season import RESISTANCE, SPIES, Played, _fold

#: The Weng-Lin model (openskill's class name), chosen by `benchmarks/ratings.py`.
MODEL = "PlackettLuce"
#: How many games' weight each level's rate brings to the level below it.
PRIOR_GAMES = 16.0
#: Games a player needs before they are ranked (their rating is shown before that).
RANKED_FROM = 5
#: The uncertainty shown: this many standard deviations either side (about 95 %).
SPREAD = 2.0
#: A handicap is certain: its stand-in's sigma is this small.
CERTAIN = 1e-3
#: The models whose chance of a win is a logistic curve; the Thurstone-Mosteller ones'
#: is the normal curve.
LOGISTIC = frozenset({"PlackettLuce", "BradleyTerryFull", "BradleyTerryPart"})


@dataclass(frozen=True)
class Difficulty:
    """The spies' chance of winning at equal skill, by number of players and module set."""

    by_setup: dict[tuple[int, str], float]

    @classmethod
    def of(cls, games: Iterable[Played], prior_games: float = PRIOR_GAMES) -> Difficulty:
        """From the season's finished games won by a side (a Rogue alone aside), each
        level's rate shrunk toward the next: setup -> count -> season -> one half."""
        decided = [g for g in games if g.over and g.won_by in (RESISTANCE, SPIES)]
        spy = Counter[object]()
        played = Counter[object]()
        for g in decided:
            for key in ((g.players, g.modules), g.players, "all"):
                played[key] += 1
                spy[key] += g.won_by == SPIES

        def shrunk(key: object, toward: float) -> float:
            return (spy[key] + prior_games * toward) / (played[key] + prior_games)

        season = shrunk("all", 0.5)
        return cls({(g.players, g.modules): shrunk((g.players, g.modules),
                                                   shrunk(g.players, season))
                    for g in decided})

    def spies(self, game: Played) -> float:
        return self.by_setup.get((game.players, game.modules), 0.5)


def model(name: str = MODEL):
    """The openskill model (its defaults: mu 25, sigma 25/3)."""
    from openskill import models

    return getattr(models, name)()


def rated(games: Iterable[Played]) -> list[Played]:
    """The games a rating learns from, in the order they were played (ties by what they
    hold, never by an id, which differs on another computer): finished, won by a side, with
    the sides entered."""
    chosen = [g for g in games if g.over and g.spies is not None
              and g.won_by in (RESISTANCE, SPIES)]
    return sorted(chosen, key=lambda g: (g.created, g.last, g.won_by or "", g.names,
                                         sorted(g.spies or ())))


def _spread(kind, teams: list[list]) -> float:
    """The model's `c` for two teams and the spies' stand-in: openskill widens every sigma
    by tau before a game (its dynamics)."""
    everyone = teams[0] + teams[1]
    return math.sqrt(sum(r.sigma ** 2 + kind.tau ** 2 for r in everyone) + CERTAIN ** 2
                     + kind.tau ** 2 + 2 * kind.beta ** 2)


def handicap(kind, teams: list[list], spies_chance: float, logistic: bool) -> float:
    """The skill of the spies' stand-in: at the table's mean skill, the spies win with
    `spies_chance` (the model's own curve: logistic or normal, over its `c`)."""
    resistance, spies = teams
    everyone = resistance + spies
    mean = sum(r.mu for r in everyone) / len(everyone)
    chance = min(max(spies_chance, 1e-6), 1 - 1e-6)
    edge = math.log(chance / (1 - chance)) if logistic else NormalDist().inv_cdf(chance)
    return _spread(kind, teams) * edge - (len(spies) - len(resistance)) * mean


def foreseen(kind, teams: list[list], logistic: bool) -> float:
    """The spies' chance of winning as the model sees it before the game (their stand-in,
    if any, counted in their team)."""
    edge = (sum(r.mu for r in teams[1]) - sum(r.mu for r in teams[0])) / _spread(kind, teams)
    return 1 / (1 + math.exp(-edge)) if logistic else NormalDist().cdf(edge)


def ratings(games: Iterable[Played], name: str = MODEL, prior_games: float = PRIOR_GAMES,
            sides_hard: bool = True,
            foresaw: Callable[[Played, float], None] | None = None) -> dict[str, dict]:
    """Every named player's rating after the season (folded name -> row): `name`, `mu`,
    `sigma`, the `games` rated and the `wins` among them. A numbered name ("Player 3") is a
    stranger each game: at the prior rating, never kept. For the measurement: `sides_hard`
    False leaves the sides' difficulty out, `foresaw` hears each game's spies' chance as the
    ratings saw it before the game."""
    games = list(games)
    kind = model(name)
    difficulty = Difficulty.of(games, prior_games)
    logistic = name in LOGISTIC
    table: dict[str, dict] = {}
    for game in rated(games):
        rows = [None if who is None else table.setdefault(_fold(who), {
            "name": who, "rating": kind.rating(), "games": 0, "wins": 0}) for who in game.names]
        current = [kind.rating() if row is None else row["rating"] for row in rows]
        seats = [[s for s in range(game.players) if s not in (game.spies or ())],
                 sorted(game.spies or ())]
        teams = [[current[s] for s in side] for side in seats]
        if sides_hard:
            stand_in = kind.rating(mu=handicap(kind, teams, difficulty.spies(game), logistic),
                                   sigma=CERTAIN)
            teams[1] = [*teams[1], stand_in]
        if foresaw is not None:
            foresaw(game, foreseen(kind, teams, logistic))
        spies_won = game.won_by == SPIES
        after = kind.rate(teams, ranks=[1, 0] if spies_won else [0, 1])
        for side, (team, new) in enumerate(zip(seats, after, strict=False)):
            for seat, rating in zip(team, new, strict=False):  # the stand-in is dropped
                row = rows[seat]
                if row is not None:
                    row["rating"] = rating
                    row["games"] += 1
                    row["wins"] += (side == 1) == spies_won
    return {key: {"name": row["name"], "mu": row["rating"].mu, "sigma": row["rating"].sigma,
                  "games": row["games"], "wins": row["wins"]} for key, row in table.items()}


def table(games: Iterable[Played]) -> list[dict]:
    """The ratings as `stats --json` lists them, best first: `name`, `rating` (mu) with its
    uncertainty (`sigma`, and `low`-`high`, two sigmas either side), `games`, `wins`, and a
    `rank` once a player has `RANKED_FROM` rated games (None before; equal ratings share
    one)."""
    rows = sorted(ratings(games).values(), key=lambda r: (-r["mu"], _fold(r["name"])))
    listed: list[dict] = []
    ranked_mus: list[float] = []
    for row in rows:
        ranked = row["games"] >= RANKED_FROM
        if ranked:
            ranked_mus.append(row["mu"])
        # players of the same rating share a place (1, 1, 3)
        rank = ranked_mus.index(row["mu"]) + 1 if ranked else None
        listed.append({"name": row["name"], "rating": round(row["mu"], 2),
                       "sigma": round(row["sigma"], 2),
                       "low": round(row["mu"] - SPREAD * row["sigma"], 2),
                       "high": round(row["mu"] + SPREAD * row["sigma"], 2),
                       "games": row["games"], "wins": row["wins"],
                       "rank": rank})
    return listed
