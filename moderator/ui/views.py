"""Rich views of the table. They return renderables and print nothing themselves.

Every mark has a symbol as well as a colour, so the view reads the same with NO_COLOR, on a
black-and-white printout, and for a colour-blind player.
"""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import (
    FAIL, FREE, REJECTED, SUCCESS, describe_now, investigator_due, mission_options,
)
from moderator.rules import GAME_OVER, Game, tables
from moderator.session import Session
from moderator.ui import plot_view

OPEN, NEXT = "·", "▶"
APPROVE, REJECT = "+", "−"

#: The widest the name column of the vote history gets; longer names are cut with "…".
NAME_WIDTH = 12


def table(session: Session, lang: str, show_votes: bool = True, next_step: bool = True):
    """The whole table as the board shows it: the mission track, the score, the vote track,
    the leader and who leads after them, the vote history (unless the group plays without
    it), and what comes now with the command that records it (unless `next_step` is off:
    guided play asks for it instead)."""
    from rich.console import Group

    parts = [_heading(session, lang), _missions(session.game, lang), _track(session, lang)]
    if show_votes and any(p.approved is not None for p in session.game.proposals):
        parts.append(VoteHistory(session, lang))
    if session.game.plot is not None:
        parts.append(plot_view.plot_cards(session, lang))
    if next_step:
        parts.append(now(session, lang))
    return Group(*parts)


def _heading(session: Session, lang: str):
    from rich.text import Text

    game = session.game
    extras = [t(lang, f"variant.{v}") for v in sorted(game.variants)]
    extras += [t(lang, f"module.{m}") for m in sorted(game.modules)]
    line = t(lang, "status.heading", game=session.game_id, count=game.players)
    if extras:
        line += " · " + ", ".join(extras)
    return Text(line, style="bold")


def _missions(game: Game, lang: str):
    """The mission track 1-5: team sizes (* = two Fail cards needed), results with the
    number of Fail cards revealed, and ▶ on the mission being played for."""
    from rich.table import Table
    from rich.text import Text

    labels = [t(lang, key) for key in ("status.mission", "status.team_size", "status.result")]
    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    grid.add_column(labels[0], min_width=max(map(len, labels)), no_wrap=True)
    for mission in range(1, tables.MISSIONS + 1):
        grid.add_column(str(mission), justify="center", min_width=2, no_wrap=True)
    two_fails = [m for m in range(1, tables.MISSIONS + 1)
                 if tables.fails_needed(game.players, m) == 2]
    if two_fails:  # the note wraps under itself on a narrow screen; the track never does
        grid.add_column("", overflow="fold")
    results = {m.mission: m for m in game.missions}
    sizes, marks = [labels[1]], [labels[2]]
    for mission in range(1, tables.MISSIONS + 1):
        sizes.append(str(game.team_size_for(mission))
                     + ("*" if mission in two_fails else ""))
        marks.append(_result(results.get(mission), mission == game.mission))
    if two_fails:
        sizes.append(Text(t(lang, "status.two_fails_note"), style="dim"))
        marks.append("")
    grid.add_row(*sizes)
    grid.add_row(*marks)
    return grid


def _result(done, current: bool):
    """One mission space: ✔ or ✘ with the Fail cards revealed, ▶ if it is being played for."""
    from rich.text import Text

    if done is None:
        return Text(NEXT, style="bold") if current else Text(OPEN, style="dim")
    fails = str(done.fails) if done.fails else ""
    if done.succeeded:
        return Text(SUCCESS + fails, style="bold blue")
    return Text(FAIL + fails, style="bold red")


def _track(session: Session, lang: str):
    """The score, the vote track 0-5 and the order of leaders."""
    from rich.text import Text

    game = session.game
    text = Text(t(lang, "status.score", resistance=game.successes, spies=game.failures))
    if game.phase == GAME_OVER or game.leader is None:
        return text
    filled = REJECTED * game.rejections + FREE * (tables.MAX_REJECTIONS - game.rejections)
    text.append("\n" + t(lang, "status.vote_track", track=filled, count=game.rejections,
                         limit=tables.MAX_REJECTIONS))
    if "fifth_proposal" in game.warnings():
        text.append("\n" + t(lang, "status.last_chance"), style="bold yellow")
    following = ", ".join(session.names[s] for s in game.next_leaders[:4])
    text.append("\n" + t(lang, "status.leader", leader=session.names[game.leader],
                         following=following))
    for line in module_lines(session, lang):
        text.append("\n" + line)
    return text


def module_lines(session: Session, lang: str) -> list[str]:
    """What the Inquisitor and Defector modules put on the table for everyone to see."""
    from moderator.rules.modules import defector

    game, names, lines = session.game, session.names, []
    if game.inquisitor is not None:
        lines.append(t(lang, "status.inquisitor", holder=names[game.inquisitor],
                       held=", ".join(names[s] for s in game.inquisitors)))
    if "defector" in game.modules:
        cards = ", ".join(t(lang, f"loyalty_card.{card}") for card in game.loyalty)
        lines.append(t(lang, "status.loyalty", count=len(game.loyalty), cards=cards,
                       left=len(defector.left(game.loyalty))))
    return lines


class VoteHistory:
    """Players by proposals, the newest that fit the width: who led, who was on the team and
    how each voted, and whether the team was approved. The view players deduce from."""

    def __init__(self, session: Session, lang: str) -> None:
        self.session, self.lang = session, lang

    def __rich_console__(self, console, options):
        from rich.table import Table
        from rich.text import Text

        lang, names = self.lang, self.session.names
        voted = [p for p in self.session.game.proposals if p.approved is not None]
        header = t(lang, "status.votes")
        width = min(NAME_WIDTH, max(len(n) for n in [header, *names]))
        fit = max(1, (options.max_width - width - 1) // 4)  # a column is 3 wide plus a space
        shown = voted[-fit:]
        leader, team = t(lang, "status.mark_leader"), t(lang, "status.mark_team")
        grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        grid.add_column(header, max_width=width, no_wrap=True, overflow="ellipsis")
        for proposal in shown:
            grid.add_column(f"{proposal.mission}.{proposal.attempt}", justify="center",
                            no_wrap=True)
        for seat, name in enumerate(names):
            row: list = [Text(name)]
            for proposal in shown:
                approve = seat in proposal.approvals
                cell = Text()
                cell.append(leader if proposal.leader == seat else " ", style="bold")
                cell.append(team if seat in proposal.team else " ", style="bold")
                cell.append(APPROVE if approve else REJECT, style="green" if approve else "red")
                row.append(cell)
            grid.add_row(*row)
        grid.add_row(Text(t(lang, "status.outcome"), style="bold"), *(
            Text(SUCCESS, style="blue") if p.approved else Text(FAIL, style="red")
            for p in shown
        ))
        yield grid
        legend = t(lang, "status.votes_legend", leader=leader, team=team)
        if len(shown) < len(voted):
            legend += " " + t(lang, "status.votes_older", count=len(voted) - len(shown))
        yield Text(legend, style="dim")


def now(session: Session, lang: str):
    """What the table does next, and below it the command that records it."""
    from rich.text import Text

    text = Text(describe_now(session, lang), style="bold")
    command = next_command(session)
    if command:
        line = t(lang, f"command.{command}")
        if command == "mission":
            line += "".join(" " + t(lang, f"command.mission_option.{name}")
                            for name in mission_options(session.game))
        if command.startswith("proposal") and investigator_due(session.game):
            line += " " + t(lang, "command.investigator_option")
        text.append("\n  → " + line, style="dim")
    return text


def next_command(session: Session) -> str | None:
    """The i18n key (under `command.`) of the command that records the next step."""
    game = session.game
    if game.phase == "accusation":
        return "accusation_early" if game.hunt.early else "accusation"
    if game.phase == "plot_give":
        if not game.plot.pending:
            return "plot_give"
        return "plot_take" if game.plot.pending[0].card == "take_responsibility" else "plot_use"
    if game.phase == "proposal":
        key = "proposal_targeting" if game.mission is None else "proposal"
        return key + ("_sergeant" if any(i.name == "sergeant" for i in game.inputs()) else "")
    return None if game.phase == GAME_OVER else game.phase
