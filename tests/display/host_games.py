"""Whole games recorded from the host's page alone (issue 34, "done when"), each step beside the
command that records the same: the page's taps and the command line are written down apart,
so a tap that recorded the wrong thing shows as a difference, never as its own reference.

A game is played by a driver (the page without a browser, `host_client.HostPage`, or Chromium
in test_host_browser.py) against a game of its own, and every command against a second game
set up with the same command line (the same seed: the same Plot cards); after every step both
games must give the same `status --json` and the same log.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import NamedTuple, Protocol

from moderator.i18n import t


class Move(NamedTuple):
    """A button always at hand: undo or redo."""

    name: str


UNDO, REDO = Move("undo"), Move("redo")

#: A tap: a choice's words (or their start); a tuple of them: a list ticked, then the button
#: under it (an empty one: nobody ticked); or a Move.
Tap = str | tuple[str, ...] | Move


class Step(NamedTuple):
    taps: tuple[Tap, ...]
    command: str  # the same step on the command line (a team in seat order, as ticked)


class Game(NamedTuple):
    new: str  # the command line that sets it up (twice: once for each way of recording)
    lang: str
    steps: tuple[Step, ...]


class Driver(Protocol):
    """A host page a test taps on."""

    def choices(self) -> list[str]: ...
    def tap(self, title: str) -> None: ...
    def tick(self, titles: tuple[str, ...]) -> None: ...
    def move(self, name: str) -> None: ...


#: Seven players with Plot cards and the Commander (seed 5 draws, round by round: Open Up and
#: Strong Leader; Establish Confidence and Opinion Maker; Take Responsibility and Keeping a
#: Close Eye on You; two Overheard Conversations).
PLOT_COMMANDER = Game(
    "new --players 7 --names Ann,Bob,Cat,Dan,Eve,Fay,Gus --leader 1 --modules plot,commander "
    "--seed 5 --no-play", "en", (
        Step(("Let moderator draw",), "plot draw"),
        Step(("Open Up", "2 Bob"), "plot give open_up bob"),
        Step(("1 Ann",), "plot use open_up --target ann"),
        Step(("3 Cat",), "plot give strong_leader cat"),
        Step((("1 Ann", "4 Dan"),), "propose ann dan"),
        Step((("3 Cat",),), "vote --reject cat"),
        Step(("0 ",), "mission --fails 0"),
        Step(("Yes, now",), "plot use strong_leader --by cat"),
        Step(("Let moderator draw",), "plot draw"),
        Step(("Opinion Maker", "4 Dan"), "plot give opinion_maker dan"),
        Step(("5 Eve",), "plot give establish_confidence eve"),
        Step(("5 Eve",), "plot use establish_confidence --target eve"),
        Step((("3 Cat", "4 Dan", "5 Eve"),), "propose cat dan eve"),
        Step((("1 Ann", "2 Bob", "6 Fay", "7 Gus"),), "vote --reject ann,bob,fay,gus"),
        Step((UNDO,), "undo"),
        Step((REDO,), "redo"),
        Step((("4 Dan", "5 Eve", "6 Fay"),), "propose dan eve fay"),
        Step(((),), "vote --approve all"),
        Step(("1 ",), "mission --fails 1"),
        Step(("Let moderator draw",), "plot draw"),
        Step(("Keeping", "6 Fay"), "plot give close_eye fay"),
        Step(("7 Gus",), "plot give take_responsibility gus"),
        Step(("6 Fay",), "plot use take_responsibility --target fay --take close_eye"),
        Step((("5 Eve", "6 Fay", "7 Gus"),), "propose eve fay gus"),
        Step((("1 Ann",),), "vote --reject ann"),
        Step(("Yes, now", "5 Eve"), "plot use close_eye --by gus --target eve"),
        Step(("0 ",), "mission --fails 0"),
        Step(("Let moderator draw",), "plot draw"),
        Step(("1 Ann",), "plot give overheard_conversation ann"),
        Step(("2 Bob",), "plot use overheard_conversation --target bob"),
        Step(("3 Cat",), "plot give overheard_conversation cat"),
        Step(("4 Dan",), "plot use overheard_conversation --target dan"),
        Step((("6 Fay", "7 Gus", "1 Ann", "2 Bob"),), "propose ann bob fay gus"),
        Step((("3 Cat",),), "vote --reject cat"),
        Step(("1 ",), "mission --fails 1"),  # one Fail: mission 4 needs two
        Step(("3 Cat", "5 Eve"), "assassinate cat --commander eve"),
    ))

#: Avalon in German with the Lady of the Lake (the Inquisitor module in Avalon's words) and
#: Merlin and the Assassin, who finds Merlin.
AVALON_LADY = Game(
    "new --theme avalon --lang de --players 7 --names Anna,Ben,Carl,Dora,Emil,Frieda,Gabi "
    "--leader 1 --modules lady-of-the-lake --seed 7 --no-play", "de", (
        Step((("1 Anna", "2 Ben"),), "propose anna ben"),
        Step(((),), "vote --approve all"),
        Step(("0 ",), "mission --fails 0"),
        Step((("2 Ben", "3 Carl", "4 Dora"),), "propose ben carl dora"),
        Step((("5 Emil", "6 Frieda"),), "vote --reject emil,frieda"),
        Step(("1 ",), "mission --fails 1"),
        Step(("1 Anna",), "examine anna"),
        Step((("3 Carl", "4 Dora", "5 Emil"),), "propose carl dora emil"),
        Step((("1 Anna", "2 Ben", "6 Frieda", "7 Gabi"),), "vote --reject anna,ben,frieda,gabi"),
        Step((("4 Dora", "5 Emil", "6 Frieda"),), "propose dora emil frieda"),
        Step((UNDO,), "undo"),
        Step((REDO,), "redo"),
        Step(((),), "vote --approve all"),
        Step(("0 ",), "mission --fails 0"),
        Step(("5 Emil",), "examine emil"),
        Step((("5 Emil", "6 Frieda", "7 Gabi", "1 Anna"),), "propose anna emil frieda gabi"),
        Step((("3 Carl",),), "vote --reject carl"),
        Step(("2 ",), "mission --fails 2"),
        Step(("3 Carl",), "examine carl"),
        Step((("6 Frieda", "7 Gabi", "1 Anna", "2 Ben"),), "propose anna ben frieda gabi"),
        Step(((),), "vote --approve all"),
        Step(("0 ",), "mission --fails 0"),
        Step(("2 Ben", "2 Ben"), "assassinate ben --commander ben"),
    ))

#: The Sergeant and the Trapper: a step recorded in two parts (the switch on its own before the
#: reveal, the trap answered before it and kept for the mission's record).
SERGEANT_TRAPPER = Game(
    "new --players 7 --names Ann,Bob,Cat,Dan,Eve,Fay,Gus --leader 1 --modules sergeant,trapper "
    "--seed 5 --no-play", "en", (
        Step((("1 Ann", "2 Bob", "3 Cat"), "2 Bob"), "propose ann bob cat --sergeant bob"),
        Step(((),), "vote --approve all"),
        Step(("3 Cat", "1 Ann"), "switch ann"),
        Step(("1 ",), "mission --fails 1 --trap cat"),
        Step((("2 Bob", "4 Dan", "5 Eve", "6 Fay"), "4 Dan"),
             "propose bob dan eve fay --sergeant dan"),
        Step((("7 Gus",),), "vote --reject gus"),
        Step(("6 Fay", "No switch"), "switch --nobody"),
        Step(("0 ",), "mission --fails 0 --trap fay"),
        Step((("3 Cat", "4 Dan", "5 Eve", "7 Gus"), "5 Eve"),
             "propose cat dan eve gus --sergeant eve"),
        Step(((),), "vote --approve all"),
        Step(("3 Cat", "4 Dan"), "switch dan"),
        Step(("0 ",), "mission --fails 0 --trap cat"),
        Step((("1 Ann", "4 Dan", "5 Eve", "6 Fay", "7 Gus"), "5 Eve"),
             "propose ann dan eve fay gus --sergeant eve"),
        Step(((),), "vote --approve all"),
        Step(("1 Ann", "No switch"), "switch --nobody"),
        Step(("0 ",), "mission --fails 0 --trap ann"),
    ))

GAMES = {"plot-commander": PLOT_COMMANDER, "avalon-lady-de": AVALON_LADY,
         "sergeant-trapper": SERGEANT_TRAPPER}


def play(game: Game, driver: Driver, command: Callable[[str], object],
         recorded: Callable[[], tuple[dict, dict]]) -> int:
    """Every step on the page, then on the command line (`command`, for the second game);
    after each, `recorded` gives both games' (status, log), which must be the same. A Plot
    card offered that the plan does not use is declined, as a host taps "No"."""
    plot_no, plot_yes = t(game.lang, "play.plot_no"), t(game.lang, "play.plot_yes")
    checked = 0
    for step in game.steps:
        for tap in step.taps:
            while driver.choices() == [plot_no, plot_yes] and tap not in (plot_no, plot_yes):
                driver.tap(plot_no)
            if isinstance(tap, Move):
                driver.move(tap.name)
            elif isinstance(tap, tuple):
                driver.tick(tap)
            else:
                driver.tap(tap)
        command(step.command)
        phone, commands = recorded()
        assert phone == commands, f"after {step.command}"
        checked += 1
    return checked


def same_record(status: str, log: str) -> dict:
    """What must be equal between the two games: `status --json` and the log's actions, but
    each game's id and the times of its actions."""
    shown = json.loads(status)
    shown.pop("game")
    actions = [{k: v for k, v in line.items() if k != "at"} for line in json.loads(log)["actions"]]
    return {"status": shown, "actions": actions}


def recorder(moderator, phone: str, commands: str) -> Callable[[], tuple[dict, dict]]:
    """Both games' `status --json` and log, as `play` compares them (`moderator`: the tests'
    fixture that runs a command line)."""
    def recorded() -> tuple[dict, dict]:
        first, second = (same_record(moderator(f"status --json --game {game}").stdout,
                                     moderator(f"log --json --game {game}").stdout)
                         for game in (phone, commands))
        return first, second
    return recorded


def set_up(cli, game: Game, monkeypatch) -> tuple[str, str]:
    """The game twice (`cli`: the tests' fixture that runs command lines): the first for the
    page, the second for the commands; a script taps faster than any host, so the rate limit
    is lifted (its own test keeps it)."""
    from moderator import store
    from moderator.display import host as routes

    monkeypatch.setattr(routes, "RATE", 1000.0)
    ids = []
    for _ in range(2):
        cli(game.new)
        ids.append(store.game_ids()[-1])
    return ids[0], ids[1]
