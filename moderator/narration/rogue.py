"""The Rogue module in words (rules.md §7): the Watch token, Rogue Success cards and a spy
Rogue's claim."""

from __future__ import annotations

from moderator.i18n import listed, t
from moderator.narration import Say, field_log, log_line, now, result
from moderator.rules import Game
from moderator.rules.modules.rogue import ROGUE_CLAIM, WATCH, ClaimRogue, GiveWatch
from moderator.session import Session


@now(WATCH)
def _watch_now(game: Game, names: list[str], lang: str) -> str:
    team = listed(lang, (names[s] for s in game.proposals[-1].team))
    return t(lang, "now.watch", leader=names[game.seat], team=team)


@now(ROGUE_CLAIM)
def _claim_now(game: Game, names: list[str], lang: str) -> str:
    return t(lang, "now.rogue_claim")


@field_log("rogue_success")
def _rogue_success(lang: str, names: list[str], count: int) -> str:
    return t(lang, "log.rogue_success", count=count)


@log_line(GiveWatch)
def _watch_log(lang: str, names: list[str], action: GiveWatch) -> str:
    return t(lang, "log.watch", holder=names[action.holder])


@log_line(ClaimRogue)
def _claim_log(lang: str, names: list[str], action: ClaimRogue) -> str:
    if action.claimant is None:
        return t(lang, "log.no_claim")
    return t(lang, "log.rogue_claim", claimant=names[action.claimant])


@result(GiveWatch)
def _watched(session: Session, action: GiveWatch, say: Say) -> None:
    say("result.watch", "bold", holder=session.names[action.holder])


@result(ClaimRogue)
def _claimed(session: Session, action: ClaimRogue, say: Say) -> None:
    if action.claimant is not None:
        say("result.rogue_claim", "bold", claimant=session.names[action.claimant])
