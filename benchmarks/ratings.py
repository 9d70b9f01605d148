"""Which rating model `stats` uses, and how much weight a season's own win rates get: measured
on simulated seasons of a group whose true skills are known (issue 33).

    nice -n 10 python3 benchmarks/ratings.py               # the table in README "Ratings"
    nice -n 10 python3 benchmarks/ratings.py --seasons 40  # quicker, rougher

A group of 14 regulars, each with a true skill drawn from a normal curve, plays seasons of 60
and of 150 games: each game 5 to 10 of them (the smaller tables more often), a module set
(none, the Commander, Plot cards), the spies dealt at random. The spies' chance at equal skill
differs by player count and module set, zig-zagging as real counts do (from 46 % to 74 %), and
each player moves it by their skill. Two ways a skill may count are both played, since nobody
knows which is true of real tables: each player adds their skill (`sum`), or a side has its
players' mean skill (`mean`). Every openskill Weng-Lin model rates every season, without the
sides' difficulty and with it at several prior weights (`moderator/records/ratings.py`).

Measured, for each: how well the final ratings order the players who played at least
`ratings.RANKED_FROM` games (Spearman's rank correlation with the true skills, mean over the
seasons), and how well the ratings foresaw each game before it was played (log loss of the
spies' chance: lower is better; 0.693 is a coin; it flatters small priors, since a season's
rates include the game foreseen). The chosen model and weight have the best rank correlation
over both ways and both lengths; the last table checks the weight at each player count, 5 to
10: how far each prior puts a setup's spy rate from the true one.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from moderator.records import ratings
from moderator.records.season import Played
from moderator.rules import tables

MODELS = ("PlackettLuce", "BradleyTerryFull", "BradleyTerryPart", "ThurstoneMostellerFull",
          "ThurstoneMostellerPart")
WEIGHTS = (None, 2.0, 4.0, 8.0, 16.0, 32.0)  # None: the sides' difficulty left out
GROUP = 14
COUNTS = (5, 6, 7, 8, 9, 10)
COUNT_WEIGHTS = (6, 5, 4, 3, 2, 2)  # small tables are the common ones
#: The spies' chance at equal skill by count, and what a module set adds to it.
SPIES_BY_COUNT = {5: 0.62, 6: 0.50, 7: 0.68, 8: 0.55, 9: 0.46, 10: 0.64}
MODULE_SHIFT = {"base": 0.0, "commander": 0.06, "plot": -0.04}
#: How much one unit of true skill moves a game (in log-odds).
STRENGTH = {"sum": 0.45, "mean": 1.1}


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def season(seed: int, games: int, way: str) -> tuple[list[Played], dict[str, float]]:
    """One simulated season and the group's true skills."""
    rng = random.Random(seed)
    names = [f"P{i:02d}" for i in range(GROUP)]
    skill = {name: rng.gauss(0, 1) for name in names}
    played = []
    for number in range(games):
        count = rng.choices(COUNTS, COUNT_WEIGHTS)[0]
        modules = rng.choice(tuple(MODULE_SHIFT))
        table = rng.sample(names, count)
        spies = frozenset(rng.sample(range(count), tables.spies(count)))
        sides = ([skill[table[s]] for s in range(count) if s not in spies],
                 [skill[table[s]] for s in spies])
        edge = (sum(sides[1]) - sum(sides[0])) if way == "sum" else (
            sum(sides[1]) / len(sides[1]) - sum(sides[0]) / len(sides[0]))
        chance = 1 / (1 + math.exp(-(logit(SPIES_BY_COUNT[count] + MODULE_SHIFT[modules])
                                     + STRENGTH[way] * edge)))
        won = "spies" if rng.random() < chance else "resistance"
        stamp = f"2026-01-01T{number // 60:02d}:{number % 60:02d}:00+00:00"
        played.append(Played(f"g{number}", stamp, count, modules, True, won,
                             "three_failures" if won == "spies" else "three_successes",
                             tuple(table), spies, last=stamp))
    return played, skill


def spearman(pairs: list[tuple[float, float]]) -> float:
    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0.0] * len(values)
        for rank, index in enumerate(order):
            out[index] = rank
        return out

    a, b = ranks([x for x, _ in pairs]), ranks([y for _, y in pairs])
    n = len(pairs)
    mean = (n - 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(a, b, strict=True))
    var = sum((x - mean) ** 2 for x in a)
    return cov / var if var else 0.0


def measure(name: str, weight: float | None, games: list[Played], skill: dict[str, float],
            losses: dict[int, list[float]] | None = None) -> tuple[float, float]:
    """Rank correlation with the truth and mean log loss of one model on one season."""
    seen: list[float] = []

    def foresaw(game: Played, chance: float) -> None:
        chance = min(max(chance, 1e-9), 1 - 1e-9)
        loss = -math.log(chance if game.won_by == "spies" else 1 - chance)
        seen.append(loss)
        if losses is not None:
            losses[game.players].append(loss)

    found = ratings.ratings(games, name, weight or 1.0, sides_hard=weight is not None,
                            foresaw=foresaw)
    pairs = [(row["mu"], skill[row["name"]]) for row in found.values()
             if row["games"] >= ratings.RANKED_FROM]
    return spearman(pairs), sum(seen) / len(seen)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seasons", type=int, default=100)
    args = parser.parse_args()
    results: dict[tuple[str, float | None], list[tuple[float, float]]] = defaultdict(list)
    per_way: dict[tuple[str, float | None, str, int], list[tuple[float, float]]] = \
        defaultdict(list)
    for way in ("sum", "mean"):
        for length in (60, 150):
            for seed in range(args.seasons):
                games, skill = season(seed * 7919 + length, length, way)
                for name in MODELS:
                    for weight in WEIGHTS:
                        got = measure(name, weight, games, skill)
                        results[(name, weight)].append(got)
                        per_way[(name, weight, way, length)].append(got)
    print(f"{args.seasons} seasons for each way a skill counts (sum, mean) and each length "
          "(60, 150 games)\n")
    print("| model | sides' difficulty | rank correlation | log loss | "
          "sum 60 | sum 150 | mean 60 | mean 150 |")
    print("|---|---|---|---|---|---|---|---|")
    mean_rho: dict[tuple[str, float | None], float] = {}
    for (name, weight), got in results.items():
        rho = mean_rho[(name, weight)] = sum(r for r, _ in got) / len(got)
        spread = (sum((r - rho) ** 2 for r, _ in got) / (len(got) - 1) / len(got)) ** 0.5
        loss = sum(x for _, x in got) / len(got)
        cells = []
        for way in ("sum", "mean"):
            for length in (60, 150):
                some = per_way[(name, weight, way, length)]
                cells.append(f"{sum(r for r, _ in some) / len(some):.3f}")
        hard = "left out" if weight is None else f"prior of {weight:g} games"
        print(f"| {name} | {hard} | {rho:.3f} ± {spread:.3f} | {loss:.4f} | "
              + " | ".join(cells) + " |")
    best = max(mean_rho, key=mean_rho.__getitem__)
    print(f"\nHighest rank correlation: {best[0]} with a prior of {best[1]} games "
          f"({mean_rho[best]:.3f}; ± is one standard error of the mean over the seasons).")
    print(f"In use: {ratings.MODEL} with a prior of {ratings.PRIOR_GAMES:g} games "
          f"({mean_rho[(ratings.MODEL, ratings.PRIOR_GAMES)]:.3f}).\n")
    print("How far the season's own spy rate, shrunk by each prior, is from the true one, by "
          "player count (mean absolute error in points over every setup played; 60-game "
          "seasons, where setups are few):\n")
    print("| players | " + " | ".join(f"prior {w:g}" for w in WEIGHTS[1:]) + " |")
    print("|---|" + "---|" * (len(WEIGHTS) - 1))
    errors: dict[tuple[float, int], list[float]] = defaultdict(list)
    for seed in range(args.seasons):
        games, _ = season(seed * 7919 + 60, 60, "mean")
        for weight in WEIGHTS[1:]:
            assert weight is not None
            found = ratings.Difficulty.of(games, weight).by_setup
            for (count, modules), rate in found.items():
                truth = SPIES_BY_COUNT[count] + MODULE_SHIFT[modules]
                errors[(weight, count)].append(abs(rate - truth) * 100)
    for count in COUNTS:
        cells = []
        for weight in WEIGHTS[1:]:
            some = errors[(weight, count)]
            cells.append(f"{sum(some) / len(some):.1f}")
        print(f"| {count} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
