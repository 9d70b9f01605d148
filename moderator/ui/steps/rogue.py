"""The Rogue module in guided play (rules.md §7): the Watch token, Rogue Success cards and
the spy Rogue's claim at the third failure."""

from __future__ import annotations

from typing import Any

from moderator import narration
from moderator.i18n import t
from moderator.rules import Game
from moderator.rules.modules.rogue import WATCH, ClaimRogue, GiveWatch
from moderator.session import Session
from moderator.ui.guide import NOBODY, Guide, allowed, players
from moderator.ui.prompts import Choice
from moderator.ui.steps import Step, Steps


class RogueSteps(Steps, module="rogue"):
    questions = {"rogue_success": "play.rogue_question"}

    def step(self, game: Game) -> Step:
        return watch_step if game.phase == WATCH else rogue_claim_step

    def label(self, name: str, value: int, lang: str) -> str:
        return t(lang, "play.rogue_one" if value else "play.rogue_none")


def watch_step(guide: Guide, current: Session) -> Any:
    """After approval the leader hands the Watch token to a team member."""
    game, names, lang = current.game, current.names, guide.lang
    guide.heading(t(lang, "play.watch_title"))
    guide.show(narration.describe_now(current, lang))
    holder = guide.select(
        t(lang, "play.watch_question", leader=names[game.seat]),
        players(names, allowed(game, "holder")),
    )
    return GiveWatch(holder)


def rogue_claim_step(guide: Guide, current: Session) -> Any:
    """At the third failure the spy Rogue may show their card and claim the win alone, which
    the rules make them reveal; or nobody does."""
    names, lang = current.names, guide.lang
    guide.heading(t(lang, "play.claim_title"))
    guide.show(narration.describe_now(current, lang))
    # Only players the record allows to have played the spy Rogue's Fails (rules.md §7).
    possible = [seat for seat in allowed(current.game, "claimant") if seat is not None]
    choices = [Choice(t(lang, "play.claim_nobody"), NOBODY), *players(names, possible)]
    claimant = guide.select(t(lang, "play.claim_question"), choices)
    return ClaimRogue(None if claimant == NOBODY else claimant)
