"""What the action just recorded did, in lines of text: the same words after a command and
in guided play."""

from __future__ import annotations

from moderator.i18n import t
from moderator.rules import GAME_OVER, tables
from moderator.session import Session

Line = tuple[str, "str | None"]  # a text and its style


def lines(session: Session, lang: str) -> list[Line]:
    """The result of the newest action of the log, line by line."""
    game, names = session.game, session.names
    action = session.history.done[-1].data
    kind = action["type"]
    said: list[Line] = []

    def say(key: str, style: str | None = None, **params: object) -> None:
        said.append((t(lang, key, **params), style))

    if kind == "propose":
        p = game.proposals[-1]
        say("result.proposed", "bold", leader=names[p.leader],
            team=", ".join(names[s] for s in p.team), mission=p.mission, attempt=p.attempt)
        if p.sergeant is not None:
            say("result.sergeant", sergeant=names[p.sergeant])
        if p.investigator is not None:
            say("result.investigator", investigator=names[p.investigator])
    elif kind == "vote":
        _vote(session, say)
    elif kind == "watch":
        say("result.watch", "bold", holder=names[game.watch])
    elif kind == "mission":
        _mission(session, say)
    elif kind.startswith("plot_"):
        from moderator.ui import plot_view

        said.append((plot_view.result(session, lang), "bold"))
    elif kind == "rogue_claim":
        if action.get("claimant") is not None:
            say("result.rogue_claim", "bold", claimant=names[action["claimant"] - 1])
    elif kind == "loyalty":
        say(f"result.loyalty.{game.loyalty[-1]}", "bold")
    elif kind in ("investigate", "accuse", "blame"):
        _hunter(session, say)
    elif kind == "examine":
        say("result.examined", "bold", inquisitor=names[game.inquisitors[-2]],
            examined=names[game.inquisitor])
    elif kind == "assassinate":
        a = game.assassination
        say("result.assassinated", "bold", target=names[a.target], commander=names[a.commander])
    return said


def _vote(session: Session, say) -> None:
    game, names = session.game, session.names
    p = game.proposals[-1]
    approve = sorted(p.approvals)
    reject = sorted(set(range(game.players)) - p.approvals)
    key = "result.approved" if p.approved else "result.rejected"
    say(key, "bold blue" if p.approved else "bold red", yes=len(approve), no=len(reject))
    say("result.approve_list", names=", ".join(names[s] for s in approve) or "—")
    say("result.reject_list", names=", ".join(names[s] for s in reject) or "—")
    if p.approved or game.winner is not None:
        return
    from moderator.ui import views

    track = views.REJECTED * game.rejections + views.FREE * (
        tables.MAX_REJECTIONS - game.rejections)
    say("play.track", track=track, count=game.rejections, limit=tables.MAX_REJECTIONS,
        leader=names[game.leader])
    if game.rejections == tables.MAX_REJECTIONS - 1:
        say("status.last_chance", "bold yellow")


def _mission(session: Session, say) -> None:
    game, names = session.game, session.names
    m = game.missions[-1]
    if m.switched is not None:
        say("result.switched", sergeant=names[m.sergeant], switched=names[m.switched])
    if m.trapped is not None:
        say("result.trapped", trapped=names[m.trapped])
    key = "result.mission_success" if m.succeeded else "result.mission_fail"
    say(key, "bold blue" if m.succeeded else "bold red", mission=m.mission,
        count=m.fails + m.chief_fail)
    if m.chief_fail:
        say("result.chief_fail", count=m.chief_fail)
    if m.rogue_success:
        say("result.rogue_success", count=m.rogue_success)
    if m.reverse:
        say("result.reversed", count=m.reverse)
    elif m.succeeded and m.fails:
        say("result.two_fails_held")
    say("result.score", resistance=game.successes, spies=game.failures)


def _hunter(session: Session, say) -> None:
    """What an investigation, an accusation or the Blame did (rules.md §6.1)."""
    game, names = session.game, session.names
    action = session.history.done[-1].data
    kind = action["type"]
    if kind == "investigate":
        by = game.hunt.investigations[-1][1]
        say("result.investigated", by=names[by], player=names[action["player"] - 1])
    elif kind == "blame":
        key = "result.blame_right" if action["pretender"] else "result.blame_wrong"
        say(key, "bold", deep_agent=names[action["deep_agent"] - 1],
            blamed=names[action["blamed"] - 1])
    elif action.get("accused") is None:
        say("result.no_early_accusation")
    else:
        accusation = game.hunt.accusations[-1]
        say(f"result.accused.{accusation.accuser}", "bold", accused=names[accusation.accused])
        if game.phase != GAME_OVER:
            m = game.missions[-1]
            key = "result.turned_success" if m.succeeded else "result.turned_fail"
            say(key, mission=m.mission)
            say("result.score", resistance=game.successes, spies=game.failures)
