"""Commands that set up a game and record what happens at the table."""

import contextlib
import unicodedata
from typing import List, NoReturn, Optional

import typer

from moderator import i18n
from moderator.cli.common import (
    USAGE, Out, Refusal, fold, handled, players, seat_number, seat_of, seats_of, split,
)


def game_option(lang: str):
    return typer.Option(None, "--game", envvar="MODERATOR_GAME", help=i18n.t(lang, "help.game"))


def lang_option(lang: str):
    return typer.Option(None, "--lang", help=i18n.t(lang, "help.lang"))


def register(app: typer.Typer, lang: str) -> None:
    h = lambda key: i18n.t(lang, f"help.{key}")  # noqa: E731

    @app.command("new", help=h("new"))
    @handled
    def new(
        out: Out,
        players_count: Optional[int] = typer.Option(None, "--players", "-p", help=h("players")),
        names: Optional[str] = typer.Option(None, "--names", help=h("names")),
        modules: Optional[str] = typer.Option(None, "--modules", help=h("modules")),
        roles: Optional[str] = typer.Option(None, "--roles", help=h("roles")),
        variants: Optional[str] = typer.Option(None, "--variants", help=h("variants")),
        lang: Optional[str] = lang_option(lang),
        leader: Optional[str] = typer.Option(None, "--leader", help=h("leader")),
        seed: Optional[int] = typer.Option(None, "--seed", help=h("seed")),
        house_rule: Optional[List[str]] = typer.Option(None, "--house-rule", help=h("house_rule")),
        allow_incompatible: bool = typer.Option(
            False, "--allow-incompatible", help=h("allow_incompatible")
        ),
        no_play: bool = typer.Option(False, "--no-play", help=h("no_play")),
        timer: Optional[int] = typer.Option(None, "--timer", help=h("timer"),
                                            show_default=False),
        no_vote_history: bool = typer.Option(
            False, "--no-vote-history", help=h("no_vote_history")
        ),
        as_json: bool = typer.Option(False, "--json", help=h("json")),
    ) -> None:
        from moderator import public, session
        from moderator.cli import play, render

        chosen_roles = split(roles)
        chosen_modules, chosen_variants = split(modules), split(variants)
        recorded = _table_choices(play.checked_timer(timer), no_vote_history)
        given = split(names) if names is not None else None
        guide = None
        with play.asking(out):  # Ctrl-C here stops before anything is saved
            if not (no_play or as_json) and play.at_terminal():  # guided play: ask what is missing
                from moderator.ui import guided

                guide = play.make_guide(out, play.table_settings({"table": recorded}, None, None))
                if given is None:
                    count = players_count or guided.ask_count(guide)
                    suggested = _names(out, None, count)
                    allow_incompatible = _checked(out, guide, count, chosen_modules,
                                                  chosen_variants, allow_incompatible, chosen_roles)
                    given = guided.ask_names(guide, suggested)
            table = _names(out, given, players_count)
            allow_incompatible = _checked(out, guide, len(table), chosen_modules, chosen_variants,
                                          allow_incompatible, chosen_roles)
            first = seat_of(leader, table) if leader else None
            if guide is not None and not leader:
                first = guided.ask_leader(guide, table)
        out.names = table
        started = session.start(
            players=len(table), names=table, lang=out.lang, modules=chosen_modules,
            variants=chosen_variants, house_rules=_house_rules(house_rule), leader=first,
            seed=seed, allow_incompatible=allow_incompatible, roles=chosen_roles,
            table=recorded,
        )
        if as_json:
            out.json(public.status(started))
            return
        if guide is not None:
            play.run(out, started.game_id, lambda: guided.begin(guide, started))
            return
        render.setup(out, started)
        from moderator.cli import script

        script.read_at_setup(out, started)

    @app.command("status", help=h("status"))
    @handled
    def status(
        out: Out,
        as_json: bool = typer.Option(False, "--json", help=h("json")),
        vote_history: Optional[bool] = vote_history_option(lang),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import public, session
        from moderator.cli import play

        current = _open(out, session, game)
        if as_json:
            out.json(public.status(current))
            return
        from moderator.ui import views

        chosen = play.table_settings(current.history.setup, None, vote_history)
        out.print(views.table(current, out.lang, show_votes=chosen["vote_history"]))

    @app.command("propose", help=h("propose"))
    @handled
    def propose(
        out: Out,
        team: List[str] = typer.Argument(..., help=h("team"), show_default=False),
        mission: Optional[int] = typer.Option(None, "--mission", help=h("mission")),
        sergeant: Optional[str] = typer.Option(None, "--sergeant", help=h("sergeant")),
        investigator: Optional[str] = typer.Option(None, "--investigator",
                                                   help=h("investigator")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.cli import render

        current = _open(out, session, game)
        seats = seats_of(split(team), current.names)
        action = {"type": "propose", "team": [s + 1 for s in seats]}
        if mission is not None:
            action["mission"] = mission
        if sergeant is not None:
            action["sergeant"] = seat_number(sergeant, current.names)
        if investigator is not None:
            action["investigator"] = seat_number(investigator, current.names)
        render.after(out, session.act(current.game_id, action))

    @app.command("vote", help=h("vote"))
    @handled
    def vote(
        out: Out,
        approve: Optional[List[str]] = typer.Option(None, "--approve", help=h("approve")),
        reject: Optional[List[str]] = typer.Option(None, "--reject", help=h("reject")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.cli import render

        if approve is None and reject is None:
            bad_usage(out, game, "errors.vote_no_side")
        current = _open(out, session, game)
        names = current.names
        approvals = _voters(approve, names)
        rejections = _voters(reject, names)
        everyone = set(range(len(names)))
        if approvals is None:
            approvals = sorted(everyone - set(rejections))
        elif rejections is not None:
            twice = set(approvals) & set(rejections)
            if twice:
                raise Refusal("errors.vote_both_sides", name=players(names, sorted(twice)))
            missing = everyone - set(approvals) - set(rejections)
            if missing:
                raise Refusal("errors.vote_missing", names=players(names, sorted(missing)))
        action = {"type": "vote", "approve": sorted(s + 1 for s in approvals)}
        render.after(out, session.act(current.game_id, action))

    @app.command("mission", help=h("mission_command"))
    @handled
    def mission(
        out: Out,
        fails: int = typer.Option(..., "--fails", help=h("fails"), show_default=False),
        rogue_success: int = typer.Option(0, "--rogue-success", help=h("rogue_success")),
        switch: Optional[str] = typer.Option(None, "--switch", help=h("switch")),
        reverse: int = typer.Option(0, "--reverse", help=h("reverse")),
        trap: Optional[str] = typer.Option(None, "--trap", help=h("trap")),
        chief_fail: int = typer.Option(0, "--chief-fail", help=h("chief_fail")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.cli import render

        current = _open(out, session, game)
        action = {"type": "mission", "fails": fails}
        if rogue_success:
            action["rogue_success"] = rogue_success
        if switch is not None:
            action["switched"] = seat_number(switch, current.names)
        if reverse:
            action["reverse"] = reverse
        if trap is not None:
            action["trapped"] = seat_number(trap, current.names)
        if chief_fail:
            action["chief_fail"] = chief_fail
        render.after(out, session.act(current.game_id, action))

    @app.command("switch", help=h("switch_command"))
    @handled
    def switch(
        out: Out,
        switched: Optional[str] = typer.Argument(None, help=h("switched"), show_default=False),
        nobody: bool = typer.Option(False, "--nobody", help=h("switch_nobody")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.cli import render

        if (switched is None) == (not nobody):
            bad_usage(out, game, "errors.switch_usage")
        current = _open(out, session, game)
        action = {"type": "switch", "switched": None}
        if switched is not None:
            action["switched"] = seat_number(switched, current.names)
        render.after(out, session.act(current.game_id, action))

    @app.command("watch", help=h("watch"))
    @handled
    def watch(
        out: Out,
        holder: str = typer.Argument(..., help=h("holder"), show_default=False),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.cli import render

        current = _open(out, session, game)
        action = {"type": "watch", "holder": seat_number(holder, current.names)}
        render.after(out, session.act(current.game_id, action))

    @app.command("rogue-claim", help=h("rogue_claim"))
    @handled
    def rogue_claim(
        out: Out,
        claimant: Optional[str] = typer.Argument(None, help=h("claimant"), show_default=False),
        nobody: bool = typer.Option(False, "--nobody", help=h("nobody")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.cli import render

        if (claimant is None) == (not nobody):
            bad_usage(out, game, "errors.claim_usage")
        current = _open(out, session, game)
        action = {"type": "rogue_claim", "claimant": None}
        if claimant is not None:
            action["claimant"] = seat_number(claimant, current.names)
        render.after(out, session.act(current.game_id, action))

    @app.command("assassinate", help=h("assassinate"))
    @handled
    def assassinate(
        out: Out,
        target: str = typer.Argument(..., help=h("target"), show_default=False),
        commander: str = typer.Option(..., "--commander", help=h("commander"), show_default=False),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.cli import render

        current = _open(out, session, game)
        action = {
            "type": "assassinate",
            "target": seat_number(target, current.names),
            "commander": seat_number(commander, current.names),
        }
        render.after(out, session.act(current.game_id, action))


#: The words that name a whole side of a vote, in either language: `--approve all`,
#: `--reject alle`, `--reject none`, `--approve niemand`.
EVERYONE, NOBODY = frozenset({"all", "alle"}), frozenset({"none", "niemand"})


def _voters(given: Optional[List[str]], names: list) -> Optional[list]:
    """The seats named on one side of a vote: players, or `all`/`none` (alone) for the whole
    table or nobody. A player whose name is exactly such a word is that player."""
    if given is None:
        return None
    tokens = split(given)
    words = [token for token in tokens if fold(token) in EVERYONE | NOBODY
             and fold(token) not in {fold(name) for name in names}]
    if not words:
        return seats_of(tokens, names)
    if len(tokens) > 1:
        raise Refusal("errors.vote_word_alone", word=words[0])
    return list(range(len(names))) if fold(words[0]) in EVERYONE else []


def bad_usage(out: Out, game_id: Optional[str], code: str) -> NoReturn:
    """Refuse a malformed command line (exit 2), in the language of the game it was meant for
    when there is one."""
    from moderator import session
    from moderator.rules import RuleError
    from moderator.store import StoreError

    with contextlib.suppress(RuleError, StoreError):
        _open(out, session, game_id)
    raise Refusal(code, exit_code=USAGE)


def vote_history_option(lang: str):
    return typer.Option(None, "--vote-history/--no-vote-history",
                        help=i18n.t(lang, "help.vote_history"))


def _open(out: Out, session, game_id: Optional[str]):
    """Load the game and speak its language from here on (a language moderator does not
    speak makes the setup line damaged, as a wrong type does)."""
    current = session.open_game(game_id)
    if current.lang not in i18n.LANGUAGES:
        from moderator.store import StoreError

        raise StoreError("errors.game_corrupt", game=current.game_id, line=1)
    out.adopt(current.lang, current.names)
    render_torn(out, current)
    return current


def render_torn(out: Out, current) -> None:
    if current.history.set_aside is not None:
        out.error(out.t("warnings.torn", game=current.game_id, path=str(current.history.set_aside)))
    elif current.history.cut_off:  # said once the command is done: a refusal is one line
        out.warn_at_end(out.t("warnings.torn_kept", game=current.game_id,
                              path=str(current.history.path)))


def _checked(out: Out, guide, players: int, modules: list, variants: list, allow: bool,
             roles: list) -> bool:
    """Check the setup; in guided setup a combination the rules forbid or do not cover is
    explained and the host asked whether to play it anyway as a house rule (rules.md §8,
    §10). Returns whether it is allowed."""
    from moderator.cli.common import readable
    from moderator.rules import RuleError, setup

    try:
        setup.check(players, modules, variants, allow, roles)
        return allow
    except RuleError as refusal:
        if guide is None or refusal.code not in ("errors.forbidden", "errors.uncovered"):
            raise
        from moderator.ui import guided

        guide.show(out.t(refusal.code, **readable(refusal.params, [], out.lang)), "bold")
        if not guided.ask_house_rule(guide):
            raise
    setup.check(players, modules, variants, True, roles)
    return True


def _names(out: Out, given: Optional[list], count: Optional[int]) -> list:
    """The players' names in seating order: given, or numbered in the game's language."""
    from moderator import session
    from moderator.rules import tables

    if given is None:
        if count is None:
            raise Refusal("errors.players_missing", exit_code=USAGE)
        if count not in tables.SIDES:
            raise Refusal(
                "errors.player_count", players=count, low=tables.MIN_PLAYERS,
                high=tables.MAX_PLAYERS,
            )
        return [out.t("setup.default_name", seat=seat) for seat in range(1, count + 1)]
    if count is not None and count != len(given):
        raise Refusal("errors.names_count", names=len(given), players=count)
    if len(given) not in tables.SIDES:
        raise Refusal(
            "errors.player_count", players=len(given), low=tables.MIN_PLAYERS,
            high=tables.MAX_PLAYERS,
        )
    given = [unicodedata.normalize("NFC", name) for name in given]
    seen: set = set()
    for seat, name in enumerate(given, start=1):
        hidden = session.hidden_character(name)
        if hidden:  # an escape sequence in a name would clear the screen on every table
            raise Refusal("errors.name_unreadable", number=seat, char=hidden)
        if name.isdigit():
            raise Refusal("errors.name_is_number", name=name)
        if fold(name) in seen:
            raise Refusal("errors.name_twice", name=name)
        seen.add(fold(name))
    return given


def _table_choices(timer: Optional[int], no_vote_history: bool) -> dict:
    """The group's choices for guided play worth recording with the game (not the defaults)."""
    chosen: dict = {}
    if no_vote_history:
        chosen["vote_history"] = False
    if timer:
        chosen["timer"] = timer
    return chosen


def _house_rules(given: Optional[list]) -> dict:
    chosen = {}
    for item in given or []:
        setting, sep, value = item.partition("=")
        if not sep or not setting.strip() or not value.strip():
            raise Refusal("errors.house_rule_format", given=item)
        chosen[setting.strip()] = value.strip()
    return chosen
