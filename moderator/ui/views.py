"""Rich views of the table. They return renderables and print nothing themselves.

Every mark has a symbol as well as a colour, so the view reads the same with NO_COLOR, on a
black-and-white printout, and for a colour-blind player.
"""

from __future__ import annotations

from typing import NamedTuple

from moderator import codec
from moderator.i18n import t
from moderator.narration import (
    FAIL, FREE, REJECTED, SUCCESS, describe_now, investigator_due, mission_options,
)
from moderator.public import Keys
from moderator.rules import GAME_OVER, PROPOSAL, Game, Proposal, tables
from moderator.rules.modules import STEP_MODULE
from moderator.session import Session
from moderator.ui.parts import BOX, INDENT, Mark, Views, placed

OPEN, NEXT = "·", "▶"
APPROVE, REJECT = "+", "−"

def table(session: Session, lang: str, show_votes: bool = True, next_step: bool = True,
          card_rules: bool = False):
    """The whole table as the board shows it: the mission track, the score, the vote track,
    the leader and who leads after them, the vote history (unless the group plays without
    it), the modules' sections (the Plot cards; with `card_rules`, what each one on the table
    does), and what comes now with the command that records it (unless `next_step` is off:
    guided play asks for it instead)."""
    from rich.console import Group

    game = session.game
    parts = [_heading(session, lang), _missions(game, lang), _track(session, lang)]
    if show_votes and any(p.approved is not None for p in game.proposals):
        parts.append(VoteHistory(session, lang))
    parts += [section for part in Views.in_play(game.modules)
              if (section := part.section(session, lang, card_rules)) is not None]
    if next_step:
        parts.append(now(session, lang))
    return Group(*parts)


class Recap:
    """Between two steps of guided play, in a few lines: the score and the vote track, the
    leader and who leads next, the modules' lines (who holds which Plot card), and last the
    lines that say what the step just recorded did (`results`, narration's sentences), so that
    they stand right above the next question. To fit `height` rows, the modules' lines are
    left out first, then the leaders, then the score; the results never are."""

    def __init__(self, session: Session, lang: str, results: list[tuple[str, str | None]],
                 height: int) -> None:
        self.session, self.lang, self.results, self.height = session, lang, results, height

    def state(self) -> list[str]:
        """The lines on the state of the game, the most needed first."""
        game, names, lang = self.session.game, self.session.names, self.lang
        line = t(lang, "status.score", resistance=game.successes, spies=game.failures)
        if game.phase == GAME_OVER or game.leader is None:
            return [line]
        track = REJECTED * game.rejections + FREE * (tables.MAX_REJECTIONS - game.rejections)
        lines = [line + " · " + t(lang, "status.vote_track_short", track=track,
                                  count=game.rejections, limit=tables.MAX_REJECTIONS),
                 t(lang, "status.leader", leader=names[game.seat],
                   following=names[game.next_leaders[0]])]
        lines += [part.recap(self.session, lang) or "" for part in Views.in_play(game.modules)]
        return [line for line in lines if line]

    def __rich_console__(self, console, options):
        from rich.text import Text

        def rows(text: Text) -> int:
            return len(text.wrap(console, options.max_width))

        results = [Text(text, style=style or "") for text, style in self.results]
        room = self.height - sum(map(rows, results))
        for line in map(Text, self.state()):
            if rows(line) > room:
                break
            room -= rows(line)
            yield line
        yield from results


def setup_sheet(session: Session, lang: str):
    """What to put on the table before the reveal, as a checklist: the character cards to
    shuffle, the board, the tokens and Mission cards, every component the chosen modules
    need (rules.md §2-§8), and who gets the leader card. `new` prints it and guided play
    shows it before the reveal."""
    from rich.console import Group
    from rich.text import Text

    from moderator.rules import character_cards

    game = session.game
    lines = [Text(t(lang, "setup.created", game=session.game_id, count=game.players,
                    language=t(lang, f"language.{session.lang}"))),
             Text(t(lang, "play.checklist_title"), style="bold")]
    for variant in sorted(game.variants):
        lines.append(Text(t(lang, "setup.variant", name=t(lang, f"variant.{variant}"),
                            summary=t(lang, f"variant_summary.{variant}"))))
    recommended = {module.id: module.recommended_from for module in game.config.in_play}
    for module in sorted(game.modules):
        lines.append(Text(t(lang, "setup.module", name=t(lang, f"module.{module}"))))
        lines.append(Text(INDENT + t(lang, f"setup.module_note.{note(game, module)}")))
        if game.players < recommended[module]:
            lines.append(Text(INDENT + t(lang, "setup.module_recommended", players=game.players,
                                         count=recommended[module])))
    cards = character_cards(game.players, game.modules, game.roles)
    lines.append(Text(BOX + t(lang, "setup.deck", count=sum(cards.values()))))
    lines += [Text(t(lang, "setup.card", count=count, card=t(lang, f"card.{card}")))
              for card, count in cards.items()]
    sizes = [tables.team_size(game.players, m) for m in range(1, tables.MISSIONS + 1)]
    lines.append(Text(BOX + t(lang, "play.check_board", count=game.players,
                              sizes="-".join(map(str, sizes)))))
    if any(tables.fails_needed(game.players, m) == 2 for m in range(1, tables.MISSIONS + 1)):
        lines.append(Text(INDENT + t(lang, "play.check_two_fails")))
    lines.append(Text(BOX + t(lang, "play.check_votes")))
    lines += [Text(line) for line in components(session, lang, max(sizes))]
    lines.append(Text(BOX + t(lang, "play.check_track")))
    how = "setup.leader_chosen" if session.history.setup.get("leader_chosen") \
        else "setup.leader_random"
    lines.append(Text(BOX + t(lang, how, leader=session.names[game.first_leader],
                              seat=codec.number(game.first_leader))))
    return Group(*lines)


def note(game, module: str) -> str:
    """The key of a module's setup note, where the game changes it (the Rogue module with only
    the spy Rogue has no Watch token, rules.md §7)."""
    return Views.of(module).note(game) or module


def components(session: Session, lang: str, largest: int) -> list[str]:
    """The checklist's lines for the Team tokens and the Mission cards (one more of each for
    every extra team member a module brings, rules.md §5.3), each module's tokens and cards,
    and the Loyalty cards that stand in for Character cards where a module needs them (§2.3,
    §3.4)."""
    game = session.game
    count = largest + sum(module.extra_team_members(game.players)
                          for module in game.config.in_play)
    parts = placed(game)
    sets = next((part.tokens for _, part in parts if part.tokens), "tokens")
    lines = [BOX + t(lang, f"setup.component.{sets}", count=count)]
    for _, part in parts:
        lines += part.components(session, lang)
    why = [t(lang, f"setup.component.loyalty_why.{module}")
           for module, part in parts if part.loyalty_cards(game)]
    if why:
        lines.append(BOX + t(lang, "setup.component.loyalty", why=" ".join(why)))
    return lines


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
    sizes: list[str | Text] = [labels[1]]
    marks = [labels[2]]
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
    text.append("\n" + t(lang, "status.leader", leader=session.names[game.seat],
                         following=following))
    for line in module_lines(session, lang):
        text.append("\n" + line)
    return text


def module_lines(session: Session, lang: str) -> list[str]:
    """What the modules put on the table for everyone to see (who holds the Inquisitor token,
    the Loyalty cards revealed so far)."""
    return [line for _, part in placed(session.game, track=True)
            for line in part.track(session, lang)]


class VoteHistory:
    """Players by proposals, the newest that fit the width: who led, who was on the team and
    how each voted, and whether the team was approved. The view players deduce from.

    It is laid out cell by cell rather than as a rich table, so that its width is exact: a
    name column as wide as the longest name, then four columns per proposal. What does not fit
    is left out whole and counted (never a cell cut to "…"); a name too long for the screen
    wraps under itself."""

    def __init__(self, session: Session, lang: str) -> None:
        self.session, self.lang = session, lang

    def __rich_console__(self, console, options):
        from rich.cells import cell_len
        from rich.text import Text

        lang, names, game = self.lang, self.session.names, self.session.game
        voted = [(index, p) for index, p in enumerate(game.proposals) if p.approved is not None]
        modules = vote_marks(self.session)
        outcomes = vote_outcomes(game)
        marks = {key: t(lang, f"status.mark_{key}") for key in (
            "leader", "team", *(m.key for m in modules), *(o.key for o in outcomes))}
        labels = [t(lang, "status.votes"), t(lang, "status.outcome")]
        width = max(cell_len(text) for text in [*labels, *names])
        width = max(1, min(width, options.max_width - CELL))  # room for one proposal at least
        shown = voted[-max(1, (options.max_width - width) // CELL):]

        def mark(index: int, seat: int, leader: bool) -> str | None:
            """The key of a module's mark on this seat in the leader's or the member's place."""
            return next((m.key for m in modules
                         if m.leader is leader and m.seats.get(index) == seat), None)

        def row(label: str, cells: list[Text], style: str = "") -> list[Text]:
            """One line of the grid; a label wider than the column wraps under itself."""
            parts = [label[i:i + width] for i in range(0, len(label), width)] or [""]
            lines = []
            for number, part in enumerate(parts):
                line = Text(part + " " * (width - cell_len(part)), style=style)
                for cell in cells:
                    line.append(" ")
                    line.append_text(cell if number == 0 else Text("   "))
                lines.append(line)
            return lines

        yield from row(labels[0], [Text(f"{p.mission}.{p.attempt}".ljust(3)) for _, p in shown],
                       "bold")
        for seat, name in enumerate(names):
            cells = []
            for index, proposal in shown:
                approve = seat in (proposal.approvals or ())
                cell = Text()
                if proposal.leader == seat:
                    cell.append(marks[mark(index, seat, True) or "leader"],
                                style="bold")
                else:
                    cell.append(" ")
                member = mark(index, seat, False) or \
                    ("team" if seat in proposal.team else None)
                cell.append(marks[member] if member else " ", style="bold")
                cell.append(APPROVE if approve else REJECT, style="green" if approve else "red")
                cells.append(cell)
            yield from row(name, cells)
        yield from row(labels[1], [
            _outcome(p, next((marks[o.key] for o in outcomes if o.shows(p)), None))
            for _, p in shown], "bold")
        used = [m.key for m in modules if any(index in m.seats for index, _ in shown)]
        yield Text(self.legend([p for _, p in shown], used, outcomes, marks,
                               len(voted) - len(shown)), style="dim")

    def legend(self, shown: list[Proposal], used: list[str], outcomes: list[Outcome],
               marks: dict[str, str], older: int) -> str:
        """What the marks mean: always the base ones, the modules' marks that are `used` in
        the proposals shown, and their outcome marks on the proposals they stand on."""
        lang, names = self.lang, self.session.names
        parts = [t(lang, "status.votes_legend", leader=marks["leader"], team=marks["team"])]
        parts += [t(lang, f"status.legend_{key}", mark=marks[key]) for key in used]
        for outcome in outcomes:
            on = [p for p in shown if outcome.shows(p)]
            if on:
                parts.append(outcome.views.outcome_legend(outcome.key, lang, names, on,
                                                          marks[outcome.key]))
        text = " · ".join(parts)
        if older:
            text += " " + t(lang, "status.votes_older", count=older)
        return text


#: The width of one proposal in the vote history: a space and three marks.
CELL = 4


def vote_marks(session: Session) -> list[Mark]:
    """The modules' marks in the vote history, in the order of their places: those of their
    public keys (`public.Keys.marks`, on a team member's seat), then the host's table's own."""
    game, marks = session.game, []
    for module, part in placed(game):
        for public in Keys.of(module).marks:
            marks.append(Mark(public.key, leader=False, seats={
                index: seat for index, p in enumerate(game.proposals)
                if (seat := getattr(p, public.field)) is not None}))
        marks += part.marks(session)
    return marks


class Outcome(NamedTuple):
    """A module's mark in place of a proposal's outcome (`public.Keys.outcomes`), and the
    module's views, which say what it means."""

    key: str
    field: str
    views: Views

    def shows(self, proposal: Proposal) -> bool:
        return getattr(proposal, self.field) is not None


def vote_outcomes(game: Game) -> list[Outcome]:
    """The modules' outcome marks, in the order of their places."""
    return [Outcome(public.key, public.field, part) for module, part in placed(game)
            for public in Keys.of(module).outcomes]


def _outcome(proposal, instead: str | None):
    """✔ approved, ✘ rejected, or a module's mark `instead` (an approval cancelled after the
    vote, which then counts as a failed vote); under the votes."""
    from rich.text import Text

    if instead is not None:
        return Text(instead.rjust(3), style="red")
    if proposal.approved:
        return Text(SUCCESS.rjust(3), style="blue")
    return Text(FAIL.rjust(3), style="red")


def now(session: Session, lang: str):
    """What the table does next, and below it the command that records it."""
    from rich.text import Text

    text = Text(describe_now(session, lang), style="bold")
    command = next_command(session.game)
    if command:
        key, params = command
        line = t(lang, f"command.{key}", **params)
        if key == "mission":
            line += "".join(" " + t(lang, f"command.mission_option.{name}")
                            for name in mission_options(session.game))
        if key.startswith("proposal") and investigator_due(session.game):
            line += " " + t(lang, "command.investigator_option")
        text.append("\n  → " + line, style="dim")
    return text


def next_command(game) -> tuple[str, dict[str, str]] | None:
    """The i18n key (under `command.`) of the command that records the next step, with its
    parameters."""
    module = STEP_MODULE.get(game.phase)
    command = None if module is None else Views.of(module).command(game)
    if command is not None:
        return command
    if game.phase == PROPOSAL:
        key = "proposal_targeting" if game.mission is None else "proposal"
        return key + "".join(part.team_command(game)
                             for part in Views.in_play(game.modules)), {}
    return None if game.phase == GAME_OVER else (game.phase, {})
