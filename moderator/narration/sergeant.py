"""The Sergeant module in words (rules.md §8): the Sergeant named with the team, and the
switch."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Say, Sentences
from moderator.rules.modules.sergeant import SwitchCard
from moderator.rules import Game
from moderator.session import Session


class SergeantSentences(Sentences[SwitchCard], module="sergeant"):
    mission_now = {"switched": "now.sergeant_switch"}
    named_with_team = {"sergeant": "result.sergeant"}

    def field(self, name: str, value: int, names: list[str], lang: str) -> str:
        if name == "sergeant":
            return t(lang, "log.sergeant", sergeant=names[value])
        return t(lang, "log.switched", switched=names[value])

    def log(self, action: SwitchCard, names: list[str], lang: str,
            before: Game | None = None) -> str:
        if action.switched is None:
            return t(lang, "log.no_switch")
        return t(lang, "log.switch", switched=names[action.switched])

    def result(self, session: Session, action: SwitchCard, say: Say,
               lang: str) -> None:
        game, names = session.game, session.names
        assert game.sergeant is not None  # a switch is declared on the Sergeant's team
        sergeant = names[game.sergeant]
        if action.switched is None:
            say("result.switch_passed", "bold", sergeant=sergeant)
        else:
            say("result.switch_declared", "bold", sergeant=sergeant,
                switched=names[action.switched])
