"""`moderator simulate`: how often each side wins a setup, played by the simulator's players
(`moderator.simulate`), for one number of players or a range, alone or against a second
setup (`--compare`)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Optional

import typer

from moderator import i18n
from moderator.cli.common import USAGE, Out, Refusal, handled, helps, split
from moderator.cli.options import Configuration, configuration, engine_ids, lang_option


def register(app: typer.Typer, lang: str) -> None:
    h = helps(lang, "records.help")

    @app.command("simulate", help=h("simulate"))
    @handled(config=configuration(lang, counts=True))
    def simulate(
        out: Out,
        config: Configuration,
        games: int = typer.Option(1000, "--games", "-n", help=h("games")),
        seed: Optional[int] = typer.Option(None, "--seed", help=h("seed")),
        players_play: str = typer.Option("sensible", "--players-play", help=h("players_play")),
        compare: Optional[str] = typer.Option(None, "--compare", help=h("compare")),
        as_json: bool = typer.Option(False, "--json", help=i18n.t(lang, "help.json")),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        import random

        from moderator.simulate import POLICIES, balance

        if not 1 <= games <= balance.MOST_GAMES:
            raise Refusal("records.errors.games_range", given=games, most=balance.MOST_GAMES)
        if players_play not in POLICIES:
            raise Refusal("records.errors.players_play", given=players_play,
                          known=", ".join(POLICIES), exit_code=USAGE)
        counts = player_counts(config.counts)
        setups = [simulated(config, players_play)]
        if compare is not None:
            setups.append(simulated(compared(config, compare), players_play))
        for count in counts:  # refuse before the bar
            for one in setups:
                check_setup(count, one)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        with progress(out, games * len(counts) * len(setups)) as step:
            if len(setups) == 2:
                pair = (setups[0], setups[1])
                runs = [balance.compare(n, pair, games, seed, step) for n in counts]
            else:
                runs = [balance.simulate(n, setups[0], games, seed, step) for n in counts]
        result = runs[0] if len(counts) == 1 else {
            "games": games, "seed": seed, "players_play": players_play, "by_players": runs}
        if as_json:
            out.json(result)
            return
        from moderator.ui import records as views

        out.console.print(views.simulation(result, out.lang), soft_wrap=False)


#: `--compare`'s options: the setup options of `new` that change the rules (a theme changes
#: only words), each replacing the first setup's.
COMPARED = ("--modules", "--roles", "--variants", "--house-rule", "--allow-incompatible")


def player_counts(given: str | None) -> list[int]:
    """`--players 7` or a range, `--players 5-10`."""
    from moderator.rules import tables

    if given is None:
        raise Refusal("records.errors.players_missing", exit_code=USAGE)
    low, sep, high = given.strip().partition("-")
    try:
        first, last = int(low), int(high) if sep else int(low)
    except ValueError:
        raise Refusal("records.errors.players_format", given=given, exit_code=USAGE) from None
    for count in (first, last):
        if count not in tables.SIDES:
            raise Refusal("errors.player_count", players=count, low=tables.MIN_PLAYERS,
                          high=tables.MAX_PLAYERS)
    if last < first:
        raise Refusal("records.errors.players_format", given=given, exit_code=USAGE)
    return list(range(first, last + 1))


def compared(config: Configuration, text: str) -> Configuration:
    """The setup `--compare "OPTIONS"` names: the first one with the options given replaced
    (`--compare "--modules trapper"` against no module), in the first one's theme."""
    import dataclasses
    import shlex

    from moderator.cli.options import house_rules

    try:
        words = shlex.split(text)
    except ValueError:
        raise Refusal("records.errors.compare_format", given=text, exit_code=USAGE) from None
    changes: dict = {}
    rules: list[str] = []
    while words:
        word, _, inline = words.pop(0).partition("=")
        if word not in COMPARED:
            raise Refusal("records.errors.compare_option", given=word,
                          known=", ".join(COMPARED), exit_code=USAGE)
        if word == "--allow-incompatible":
            changes["allow_incompatible"] = True
            continue
        if not inline and not words:
            raise Refusal("records.errors.compare_value", option=word, exit_code=USAGE)
        value = inline or words.pop(0)
        if word == "--house-rule":
            rules.append(value)
        elif word == "--modules":
            changes["modules"] = engine_ids(config.theme, value, None)[0]
        elif word == "--roles":
            changes["roles"] = engine_ids(config.theme, None, value)[1]
        else:
            changes["variants"] = split(value)
    if rules:
        changes["house_rules"] = house_rules(rules)
    if not changes:
        raise Refusal("records.errors.compare_format", given=text, exit_code=USAGE)
    return dataclasses.replace(config, **changes)


def simulated(config: Configuration, policy: str):
    """The simulator's setup from the command line's."""
    from moderator.simulate.balance import Setup

    return Setup(tuple(config.modules), tuple(config.variants), tuple(config.roles),
                 tuple(sorted(config.house_rules.items())), config.allow_incompatible, policy)


def check_setup(count: int, setup) -> None:
    """Refuse a setup the rules refuse, as `new` does, before any game is played."""
    from moderator.rules import Game

    Game.new(count, 0, setup.modules, setup.variants, dict(setup.house_rules) or None,
             setup.allow_incompatible, setup.roles)


@contextlib.contextmanager
def progress(out: Out, total: int) -> Iterator[Callable[[], None]]:
    """A progress bar on the terminal once the run has taken a second (a short run shows
    none), none when the output goes elsewhere; gives the function to call after each game."""
    if not sys.stderr.isatty():
        yield lambda: None
        return
    import time

    from rich.console import Console
    from rich.progress import Progress, TaskID

    bar = Progress(console=Console(stderr=True), transient=True)
    done, start = 0, time.monotonic()
    shown: list[TaskID] = []  # the bar's task, once it is drawn

    def step() -> None:
        nonlocal done
        done += 1
        if shown:
            bar.advance(shown[0])
        elif done % 16 == 0 and time.monotonic() - start > 1:
            bar.start()
            shown.append(bar.add_task(out.t("records.simulate.progress"), total=total,
                                      completed=done))

    try:
        yield step
    finally:
        if shown:
            bar.stop()
