"""A game written out: the compact one-line-per-proposal notation, Markdown for a chat, and
CSV for a spreadsheet.

The notation, one line for each proposal put to the vote and each mission played:

    M1.1 L=Anna T=Anna,Ben +3 -2 ✔ -Carl,Dora
    M1 ✔ 0F

`M1.1` is mission 1, attempt 1; `L` the leader, `T` the team; `+3 -2` the votes, then ✔
approved or ✘ rejected, then the smaller side by name (every vote is public, rules.md §1.4).
A mission line gives ✔ or ✘ and the Fail cards revealed (`0F`), and with modules the Rogue
Success cards (`1RS`), the Watch token (`W=Dora`), the Sergeant's switch (`⇄Carl`), and so on:
each field of the engine's record that is not at its default, a seat as `MARK=name`, a count
as `<n>MARK`. Module events get a line of their own, starting with ⚑. The letters are
translated.

The walk through the log compares the engine's state before and after each action, so a
module's action that this file does not know still gets a line of its own.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, fields, is_dataclass
from typing import Any, ClassVar

from moderator import codec, session
from moderator.i18n import has, t, theme
from moderator.i18n.theming import point_name, value_name
from moderator.narration import FAIL, SUCCESS, describe_action, outcome
from moderator.rules import GAME_OVER, Game, Mission, Proposal
from moderator.rules.actions import Action, Sides
from moderator.rules.house_rules import defaults
from moderator.rules.modules import Propose
from moderator.rules.part import Part

EVENT = "⚑"


class Columns(Part):
    """A module's part of a written-out game: the actions its lines already show, its fields
    said in words after the vote, and its columns of the CSV."""

    package = "moderator.records.parts"
    #: Its actions whose content the proposal and mission lines already show (no line of
    #: their own).
    shown_in_lines: ClassVar[tuple[type[Action], ...]] = ()
    #: Its fields of a proposal said in words after the vote, not as a mark: the text's key,
    #: with the seat as `by`.
    after_vote: ClassVar[Mapping[str, str]] = {}
    #: Its CSV columns of a proposal and of a played mission (fields of the record): there
    #: whenever the module is in the game.
    proposal_columns: ClassVar[tuple[str, ...]] = ()
    mission_columns: ClassVar[tuple[str, ...]] = ()

#: What every proposal and every played mission has; what the leader names with the team is
#: on the proposal's line, also for its mission. Any other field is a module's: a field whose
#: default is None holds a seat (`W=Dora`), any other a count (`1RS`).
BASE_PROPOSAL = frozenset({"mission", "attempt", "leader", "team", "approvals", "approved"})
BASE_MISSION = frozenset({"mission", "team", "fails", "succeeded", "leader",
                          *Game.PROPOSAL_FIELDS})


@dataclass(frozen=True)
class Step:
    """One line of the notation: a voted proposal or a played mission (by its index in the
    final game, so a later change such as a No Confidence shows), or a module event (by the
    action's index in the log)."""

    kind: str  # "proposal", "mission", "pending" (a team awaiting its vote) or "event"
    index: int
    before: Game | None = None  # an event's: the game as the action found it (who acted)


@dataclass(frozen=True)
class Written:
    """A saved game as the formats need it: its log's lines as written and their actions."""

    game_id: str
    setup: dict
    lines: Sequence[Mapping[str, Any]]
    actions: Sequence[Action]
    game: Game
    steps: list[Step]

    @property
    def names(self) -> list[str]:
        return self.setup["names"]

    @property
    def sides(self) -> list[int] | None:
        """The spies' seats (0-based) if they were entered after the game, else None."""
        entered = [a for a in self.actions if isinstance(a, Sides)]
        return list(entered[-1].spies) if entered else None

    @property
    def events(self) -> list[Mapping[str, Any]]:
        """The module events' lines, as the log holds them."""
        return [self.lines[step.index] for step in self.steps if step.kind == "event"]


def written(game_id: str, setup: dict, lines: Sequence[Mapping[str, Any]],
            actions: Sequence[Action] | None = None) -> Written:
    """Walk a log's actions (its lines, decoded here unless `actions` holds them already)
    through the engine, noting what each one changed."""
    if actions is None:
        actions = [codec.decode(line) for line in lines]
    game = session.new_game(setup)
    shown = {Propose, *(kind for part in Columns.in_play(game.modules)
                        for kind in part.shown_in_lines)}
    steps: list[Step] = []
    for index, action in enumerate(actions):
        before, game = game, session.taken(game, action)
        voted = [
            i for i, p in enumerate(game.proposals) if p.approvals is not None
            and (i >= len(before.proposals) or before.proposals[i].approvals is None)
        ]
        steps += [Step("proposal", i) for i in voted]
        steps += [Step("mission", i) for i in range(len(before.missions), len(game.missions))]
        if not voted and len(game.missions) == len(before.missions) \
                and type(action) not in shown:
            steps.append(Step("event", index, before))
    if game.proposals and game.proposals[-1].approvals is None:
        steps.append(Step("pending", len(game.proposals) - 1))
    return Written(game_id, setup, lines, actions, game, steps)


def of_session(current: session.Session) -> Written:
    history = current.history
    return written(current.game_id, history.setup, [e.data for e in history.done],
                   current.actions)


# -- the notation ---------------------------------------------------------------------------


def lines(record: Written, lang: str) -> list[str]:
    """The notation: a heading, one line per step, and how the game ended or stands."""
    names = record.names
    shown = [t(lang, "records.line.heading", game=record.game_id, count=len(names),
               names=", ".join(names))]
    for step in record.steps:
        if step.kind in ("proposal", "pending"):
            shown.append(proposal_line(record.game.proposals[step.index], names, lang))
        elif step.kind == "mission":
            shown.append(mission_line(record.game.missions[step.index], names, lang))
        else:
            event = record.actions[step.index]
            shown.append(f"{EVENT} {describe_action(lang, names, event, step.before)}")
    shown.append(ending(record.game, lang))
    return shown


def _mark(lang: str, key: str) -> str:
    """A letter of the notation; leader and team as the vote history marks them."""
    if key in ("leader", "team"):
        return t(lang, f"status.mark_{key}")
    return t(lang, f"records.mark.{key}")


def proposal_line(p, names: list[str], lang: str) -> str:
    parts = [f"M{p.mission}.{p.attempt}", f"{_mark(lang, 'leader')}={names[p.leader]}",
             f"{_mark(lang, 'team')}={','.join(names[s] for s in p.team)}"]
    after_vote = {field: text for part in Columns.every()
                  for field, text in part.after_vote.items()}
    parts += extras(p, BASE_PROPOSAL | after_vote.keys(), names, lang)
    if p.approvals is None:
        return " ".join(parts + ["…"])
    yes = sorted(p.approvals)
    no = [s for s in range(len(names)) if s not in p.approvals]
    parts += [f"+{len(yes)} -{len(no)}", SUCCESS if p.approved else FAIL]
    sign, fewer = ("+", yes) if len(yes) < len(no) else ("-", no)
    if fewer:
        parts.append(sign + ",".join(names[s] for s in fewer))
    for field, text in after_vote.items():
        if (by := getattr(p, field)) is not None:
            parts.append(t(lang, text, by=names[by]))
    return " ".join(parts)


def mission_line(m, names: list[str], lang: str) -> str:
    """A played mission: ✔ or ✘, the Fail cards, then each module's cards and tokens."""
    parts = [f"M{m.mission}", SUCCESS if m.succeeded else FAIL,
             f"{m.fails}{_mark(lang, 'fails')}"]
    return " ".join(parts + extras(m, BASE_MISSION, names, lang))


def module_fields(record, base: frozenset[str]) -> list[tuple[str, object, bool]]:
    """The module fields of a proposal or mission that are not at their default, in the
    engine's order: (name, value, whether it is a seat)."""
    return [(name, getattr(record, name), default is None)
            for name, default in record_fields(record)
            if name not in base and getattr(record, name) != default]


def record_fields(record: Any) -> list[tuple[str, object]]:
    """A record's fields with their defaults, in order: the engine's named tuples, or a
    dataclass (a newer engine's record); a field without a default has `MISSING`."""
    if is_dataclass(record):
        return [(f.name, f.default) for f in fields(record)]
    defaults = record._field_defaults
    return [(name, defaults.get(name, MISSING)) for name in record._fields]


def extras(record, base: frozenset[str], names: list[str], lang: str) -> list[str]:
    """A module's fields in the notation; a field of a newer module's, not known here, by
    its own name."""
    shown = []
    for name, value, seat in module_fields(record, base):
        known = has(lang, f"records.mark.{name}")
        mark = t(lang, f"records.mark.{name}") if known else f"{name}="
        if seat:
            shown.append(f"{mark}{names[int(value)]}")  # type: ignore[call-overload]
        else:
            shown.append(f"{value}{mark}" if known else f"{mark}{value}")
    return shown


def ending(game: Game, lang: str) -> str:
    if game.phase == GAME_OVER:
        return f"= {outcome(game, lang)}"
    return t(lang, "records.line.in_progress", phase=t(lang, f"phase.{game.phase}"))


# -- Markdown -------------------------------------------------------------------------------


def markdown(record: Written, lang: str) -> str:
    """The game for a chat: bold labels, a list, and code blocks (which chats keep as they
    are); tables are avoided, since most chats do not draw them."""
    setup, game, names = record.setup, record.game, record.names

    def label(key: str, **params: object) -> str:
        return f"**{t(lang, f'records.md.{key}', **params)}**"

    def listed(items: list[str]) -> str:
        return ", ".join(items) if items else t(lang, "records.md.none")

    status = outcome(game, lang) if game.phase == GAME_OVER else t(
        lang, "records.md.in_progress", phase=t(lang, f"phase.{game.phase}"))
    seats = " · ".join(f"{codec.number(seat)} {_md(name)}" for seat, name in enumerate(names))
    leader = t(lang, "records.md.leader_chosen" if setup.get("leader_chosen")
               else "records.md.leader_drawn", leader=_md(names[game.first_leader]))
    changed = [f"{point_name(k, theme())} = {value_name(k, v, theme())}"  # the theme's ids
               for k, v in game.settings.items() if defaults().get(k) != v]
    parts = [
        f"**{t(lang, 'records.md.title', game=record.game_id)}**",
        f"{status} {t(lang, 'records.md.score', resistance=game.successes, spies=game.failures)}",
        "",
        f"- {label('played')} {setup['created'][:10]} · "
        + t(lang, "records.md.language", language=t(lang, "language." + setup["lang"])),
        f"- {label('players', count=len(names))} {seats}",
        f"- {label('first_leader')} {leader}",
        f"- {label('modules')} {listed([t(lang, f'module.{m}') for m in sorted(game.modules)])}",
        f"- {label('variants')} "
        f"{listed([t(lang, f'variant.{v}') for v in sorted(game.variants)])}",
    ]
    if game.roles:
        parts.append(f"- {label('roles')} "
                     f"{listed([t(lang, f'character.{r}') for r in sorted(game.roles)])}")
    parts.append(f"- {label('house_rules')} "
                 f"{', '.join(changed) if changed else t(lang, 'records.md.defaults')}")
    if record.sides is not None:
        spies = ", ".join(_md(names[s]) for s in record.sides)
        parts.append(f"- {label('sides')} {t(lang, 'records.md.spies_were', spies=spies)}")
    parts += ["", label("course"), _block(lines(record, lang)[1:-1] or
                                          [t(lang, "records.md.nothing_yet")])]
    voted = [p for p in game.proposals if p.approvals is not None]
    if voted:
        parts += ["", label("votes"), _block(vote_grid(voted, names, lang)),
                  t(lang, "records.md.votes_legend", leader=_mark(lang, "leader"),
                    team=_mark(lang, "team"))]
    return "\n".join(parts) + "\n"


def vote_grid(voted: list, names: list[str], lang: str) -> list[str]:
    """Players by proposals, as the table's vote history shows them: L leader, T team, + or −."""
    from rich.cells import cell_len

    width = max(cell_len(name) for name in names)
    pad = lambda text: text + " " * (width - cell_len(text))  # noqa: E731
    rows = [pad("") + " " + " ".join(f"{p.mission}.{p.attempt}".ljust(3) for p in voted)]
    for seat, name in enumerate(names):
        cells = []
        for p in voted:
            cells.append((_mark(lang, "leader") if p.leader == seat else " ")
                         + (_mark(lang, "team") if seat in p.team else " ")
                         + ("+" if seat in p.approvals else "−"))
        rows.append(pad(name) + " " + " ".join(cells))
    return rows


def _md(text: str) -> str:
    """A name as Markdown shows it literally."""
    return "".join("\\" + c if c in "\\`*_[]<>#|~" else c for c in text)


def _block(rows: list[str]) -> str:
    """A code block whose fence is longer than any run of backticks inside it."""
    body = "\n".join(rows)
    run = longest = 0
    for char in body:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{body}\n{fence}"


# -- CSV ------------------------------------------------------------------------------------


def csv_text(record: Written) -> str:
    """One row per proposal, the mission's result on the row of the team that went on it.
    Column names are stable ids, like the JSON keys; players are named."""
    game, names = record.game, record.names
    name = lambda s: "" if s is None else names[s]  # noqa: E731
    who = lambda seats: ", ".join(names[s] for s in seats)  # noqa: E731
    columns = ["game", "mission", "attempt", "leader", "team", "approve", "reject",
               "approvals", "rejections", "approved"]
    in_play = Columns.in_play(game.modules)
    proposal_columns = _columns([part.proposal_columns for part in in_play], Proposal)
    columns += proposal_columns + ["result", "fails"]
    columns += _columns([part.mission_columns for part in in_play], Mission)
    columns += sorted({f for m in game.missions for f, _, _ in module_fields(m, BASE_MISSION)}
                      - set(columns))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore")
    writer.writeheader()
    went = iter(game.missions)  # the k-th team that stayed approved went on the k-th mission
    for p in game.proposals:
        row = {"game": record.game_id, "mission": p.mission, "attempt": p.attempt,
               "leader": names[p.leader], "team": who(p.team)}
        row.update(_cells(p, proposal_columns, name))
        if p.approvals is not None:
            rejecting = [s for s in range(game.players) if s not in p.approvals]
            row.update(approve=who(sorted(p.approvals)), reject=who(rejecting),
                       approvals=len(p.approvals), rejections=len(rejecting),
                       approved=str(p.approved).lower())
        m = next(went, None) if p.approved else None
        if m is not None:
            row.update(result="success" if m.succeeded else "fail", fails=m.fails)
            row.update(_cells(m, columns[columns.index("fails") + 1:], name))
        writer.writerow(row)
    return out.getvalue()


def _columns(chosen: list[tuple[str, ...]], record: type) -> list[str]:
    """The columns of the modules in the game: each module's together, in the order its
    first field has in the engine's record."""
    order = [field for field, _ in record_fields(record)]
    return [field for fields in sorted((f for f in chosen if f), key=lambda f: order.index(f[0]))
            for field in fields]


def _cells(record: Any, columns: list[str], name: Any) -> dict[str, object]:
    """A record's fields in `columns`: a seat by the player's name, a count as it is."""
    return {field: name(getattr(record, field)) if default is None else getattr(record, field)
            for field, default in record_fields(record) if field in columns}

