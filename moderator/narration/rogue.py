"""The Rogue module in words (rules.md §7): the Watch token, Rogue Success cards and a spy
Rogue's claim."""

from __future__ import annotations

from moderator.i18n import listed, t
from moderator.narration import Say, Sentences
from moderator.rules import Game
from moderator.rules.modules.rogue import WATCH, ClaimRogue, GiveWatch
from moderator.session import Session


class RogueSentences(Sentences[GiveWatch | ClaimRogue], module="rogue"):
    def now(self, game: Game, names: list[str], lang: str) -> str:
        if game.phase == WATCH:
            team = listed(lang, (names[s] for s in game.proposals[-1].team))
            return t(lang, "now.watch", leader=names[game.seat], team=team)
        return t(lang, "now.rogue_claim")

    def field(self, name: str, value: int, names: list[str], lang: str) -> str:
        return t(lang, "log.rogue_success", count=value)

    def log(self, action: GiveWatch | ClaimRogue, names: list[str], lang: str,
            before: Game | None = None) -> str:
        if isinstance(action, GiveWatch):
            return t(lang, "log.watch", holder=names[action.holder])
        if action.claimant is None:
            return t(lang, "log.no_claim")
        return t(lang, "log.rogue_claim", claimant=names[action.claimant])

    def result(self, session: Session, action: GiveWatch | ClaimRogue, say: Say,
               lang: str) -> None:
        if isinstance(action, GiveWatch):
            say("result.watch", "bold", holder=session.names[action.holder])
        elif action.claimant is not None:
            say("result.rogue_claim", "bold", claimant=session.names[action.claimant])
