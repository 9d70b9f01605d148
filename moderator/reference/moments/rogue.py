"""The Rogue module in the ruling (rules.md §7): the Watch token, the Rogue Success card in
every team member's hand, and the spy Rogue's claim."""

from __future__ import annotations

from moderator.codec import number, numbers
from moderator.reference.context import Facts, Moments, Say
from moderator.rules import Game, Input
from moderator.rules.modules.rogue import WATCH


class RogueMoments(Moments, module="rogue"):
    hand = {"rogue_success": "mission_rogue"}

    def step(self, game: Game, names: list[str], say: Say, lines: list[str],
             facts: Facts) -> list[str]:
        if game.phase == WATCH:
            team = game.proposals[-1].team
            facts.update(leader=number(game.seat), mission=game.mission, team=numbers(team))
            lines.append(say("watch", team=", ".join(names[s] for s in team),
                             leader=names[game.seat]))
            return ["watch-token", "rogue"]
        lines.append(say("rogue_claim"))  # the claim
        return ["spy-rogue"]

    def cards(self, game: Game, names: list[str], say: Say, lines: list[str],
              asked: Input) -> list[str]:
        lines.append(say("rogue_cards"))
        if game.watch is not None:
            lines.append(say("watch_held", holder=names[game.watch]))
        return ["rogue"]
