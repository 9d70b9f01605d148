"""Rich views of the table. They return renderables and print nothing themselves.

Every mark has a symbol as well as a colour, so the view reads the same with NO_COLOR, on a
black-and-white printout, and for a colour-blind player.
"""

from __future__ import annotations

from moderator.i18n import t
from moderator.rules import GAME_OVER, Game, tables
from moderator.session import Session

SUCCESS, FAIL, OPEN = "✔", "✘", "·"
APPROVE, REJECT = "+", "−"
LEADER, TEAM = "L", "T"

#: How many proposals the vote grid shows at most: the newest ones.
GRID_COLUMNS = 10


def table(session: Session, lang: str, show_votes: bool = True):
    """The whole table: missions, vote track, leader, what comes now, the vote history."""
    from rich.console import Group

    parts = [_heading(session, lang), _missions(session.game, lang), _track(session, lang)]
    if show_votes and any(p.approved is not None for p in session.game.proposals):
        parts.append(_votes(session, lang))
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
    from rich.table import Table
    from rich.text import Text

    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    grid.add_column(t(lang, "status.mission"))
    results = {m.mission: m for m in game.missions}
    for mission in range(1, tables.MISSIONS + 1):
        grid.add_column(str(mission), justify="center")
    sizes, marks = [t(lang, "status.team_size")], [t(lang, "status.result")]
    for mission in range(1, tables.MISSIONS + 1):
        size = str(tables.team_size(game.players, mission))
        if tables.fails_needed(game.players, mission) == 2:
            size += "*"
        sizes.append(size)
        done = results.get(mission)
        if done is None:
            current = mission == game.mission
            marks.append(Text("▶" if current else OPEN, style="bold" if current else "dim"))
        elif done.succeeded:
            marks.append(Text(SUCCESS, style="bold blue"))
        else:
            marks.append(Text(FAIL, style="bold red"))
    grid.add_row(*sizes)
    grid.add_row(*marks)
    return grid


def _track(session: Session, lang: str):
    from rich.text import Text

    game = session.game
    text = Text()
    text.append(
        t(lang, "status.score", resistance=game.successes, spies=game.failures) + "\n"
    )
    if any(tables.fails_needed(game.players, m) == 2 for m in range(1, tables.MISSIONS + 1)):
        text.append(t(lang, "status.two_fails_note") + "\n", style="dim")
    if game.phase != GAME_OVER and game.leader is not None:
        filled = "●" * game.rejections + "○" * (tables.MAX_REJECTIONS - game.rejections)
        text.append(
            t(lang, "status.vote_track", track=filled, count=game.rejections,
              limit=tables.MAX_REJECTIONS) + "\n"
        )
        following = ", ".join(session.names[s] for s in game.next_leaders[:4])
        text.append(
            t(lang, "status.leader", leader=session.names[game.leader], following=following)
        )
    return text


def _votes(session: Session, lang: str):
    """Players by proposals: who led (L), who was on the team (T), how each voted (+/−)."""
    from rich.table import Table
    from rich.text import Text

    voted = [p for p in session.game.proposals if p.approved is not None][-GRID_COLUMNS:]
    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    grid.add_column(t(lang, "status.player"))
    for proposal in voted:
        grid.add_column(f"{proposal.mission}.{proposal.attempt}", justify="center")
    for seat, name in enumerate(session.names):
        row: list = [Text(name)]
        for proposal in voted:
            approve = seat in proposal.approvals
            cell = Text()
            cell.append(LEADER if proposal.leader == seat else " ", style="bold")
            cell.append(TEAM if seat in proposal.team else " ", style="bold")
            cell.append(APPROVE if approve else REJECT, style="green" if approve else "red")
            row.append(cell)
        grid.add_row(*row)
    outcome = [Text(t(lang, "status.outcome"), style="bold")]
    for proposal in voted:
        outcome.append(
            Text(SUCCESS if proposal.approved else FAIL,
                 style="blue" if proposal.approved else "red")
        )
    grid.add_row(*outcome)
    from rich.console import Group

    title = Text(t(lang, "status.votes_title"), style="bold")
    return Group(title, grid, Text(t(lang, "status.votes_legend"), style="dim"))


def now(session: Session, lang: str):
    """What the table does next, and below it the command that records it."""
    from rich.text import Text

    text = Text(describe_now(session, lang), style="bold")
    command = next_command(session)
    if command:
        text.append("\n  → " + t(lang, f"command.{command}"), style="dim")
    return text


def next_command(session: Session) -> str | None:
    """The i18n key (under `command.`) of the command that records the next step."""
    game = session.game
    if game.phase == "proposal":
        key = "proposal_targeting" if game.mission is None else "proposal"
        return key + ("_sergeant" if "sergeant" in game.modules else "")
    if game.phase == "mission":
        return "mission" + "".join(
            f"_{m}" for m in ("rogue", "sergeant") if m in game.modules
        )
    return None if game.phase == GAME_OVER else game.phase


def outcome(game: Game, lang: str) -> str:
    """Who won, fully or partly, and why."""
    won = ", ".join(t(lang, f"winners.{victory}.{who}") for who, victory in game.winners)
    return t(lang, "now.game_over", winner=won, reason=t(lang, f"reason.{game.reason}"))


def describe_now(session: Session, lang: str) -> str:
    game, names = session.game, session.names
    if game.phase == GAME_OVER:
        return outcome(game, lang)
    if game.phase == "assassination":
        return t(lang, "now.assassination")
    if game.phase == "rogue_claim":
        return t(lang, "now.rogue_claim")
    leader = names[game.leader]
    if game.phase == "proposal":
        if game.mission is None:
            text = t(lang, "now.proposal_targeting", leader=leader,
                     missions=", ".join(map(str, game.open_missions)))
        else:
            text = t(lang, "now.proposal", leader=leader, count=game.team_size,
                     mission=game.mission, attempt=game.attempt)
            if game.fails_needed == 2:
                text += " " + t(lang, "now.two_fails")
        if game.attempt == tables.MAX_REJECTIONS:
            text += " " + t(lang, "now.last_attempt")
        return text
    team = ", ".join(names[s] for s in game.team)
    if game.phase == "vote":
        text = t(lang, "now.vote", team=team)
        if game.sergeant is not None:
            text += " " + t(lang, "now.sergeant_named", sergeant=names[game.sergeant])
        if game.attempt == tables.MAX_REJECTIONS:
            text += " " + t(lang, "now.last_attempt")
        return text
    if game.phase == "watch":
        return t(lang, "now.watch", leader=leader, team=team)
    key = "now.mission_rogue" if "rogue" in game.modules else "now.mission"
    text = t(lang, key, team=team, mission=game.mission)
    if game.watch is not None:
        text += " " + t(lang, "now.watch_held", holder=names[game.watch])
    if game.sergeant is not None:
        text += " " + t(lang, "now.sergeant_switch", sergeant=names[game.sergeant])
    if game.fails_needed == 2:
        text += " " + t(lang, "now.two_fails")
    return text
