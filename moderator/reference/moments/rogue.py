"""The Rogue module in the ruling (rules.md §7): the Watch token, the Rogue Success card in
every team member's hand, and the spy Rogue's claim."""

from __future__ import annotations

from moderator.codec import number, numbers
from moderator.reference.context import CARDS, HAND, STEPS, Say
from moderator.rules import Game, Input
from moderator.rules.modules import part
from moderator.rules.modules.rogue import ROGUE_CLAIM, WATCH

HAND["rogue_success"] = "mission_rogue"


@part(STEPS, WATCH)
def _watch(game: Game, names: list[str], say: Say, lines: list[str], facts: dict) -> list[str]:
    team = game.proposals[-1].team
    facts.update(leader=number(game.seat), mission=game.mission, team=numbers(team))
    lines.append(say("watch", team=", ".join(names[s] for s in team), leader=names[game.seat]))
    return ["watch-token", "rogue"]


@part(STEPS, ROGUE_CLAIM)
def _claim(game: Game, names: list[str], say: Say, lines: list[str], facts: dict) -> list[str]:
    lines.append(say("rogue_claim"))
    return ["spy-rogue"]


@part(CARDS, "rogue_success")
def _cards(game: Game, names: list[str], say: Say, lines: list[str], asked: Input) -> list[str]:
    lines.append(say("rogue_cards"))
    if game.watch is not None:
        lines.append(say("watch_held", holder=names[game.watch]))
    return ["rogue"]
