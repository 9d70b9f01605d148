"""Records: `export`, `import`, `roles` (the sides, after the game), `stats` and `night`."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from moderator import codec, i18n
from moderator.cli.common import USAGE, Out, Refusal, handled, helps, seat_of, seats_of, split
from moderator.cli.options import game_option, lang_option, open_game, theme_option

FORMATS = ("md", "json", "csv", "line")

#: The largest file `import` reads: a long game's export is a few dozen kilobytes.
LARGEST_IMPORT = 5_000_000


def register(app: typer.Typer, lang: str) -> None:
    h = helps(lang, "records.help")

    @app.command("export", help=h("export"))
    @handled
    def export(
        out: Out,
        fmt: str = typer.Option("md", "--format", "-f", help=h("format")),
        output: Optional[str] = typer.Option(None, "--output", "-o", help=h("output")),
        force: bool = typer.Option(False, "--force", help=h("force")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
        theme: Optional[str] = theme_option(lang),
    ) -> None:
        current = open_game(out, game)
        if fmt not in FORMATS:
            raise Refusal("records.errors.format_unknown", given=fmt, known=", ".join(FORMATS))
        text = exported(current, fmt, out.lang)
        if output is None:
            sys.stdout.write(text)
            return
        write_file(output, text, force)
        out.say("records.export.written", game=current.game_id, path=output, format=fmt)

    @app.command("import", help=h("import"))
    @handled
    def import_game(
        out: Out,
        file: str = typer.Argument(..., help=h("file"), show_default=False),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator.records import archive

        try:
            imported = archive.read(read_file(file))
        except archive.Refused as refused:
            raise refusal(out, refused) from None
        # Said in the game's language and theme, as every command on a game is (unless --lang).
        out.adopt(imported.setup["lang"], imported.setup["names"], imported.setup.get("theme"))
        game_id, new = archive.save(imported)
        if not new:
            out.say("records.import.duplicate", game=game_id)
            return
        out.say("records.import.done", game=game_id, count=imported.game.players,
                actions=len(imported.actions), state=state(out, imported.game))

    @app.command("roles", help=h("roles"))
    @handled
    def roles(
        out: Out,
        entries: Optional[List[str]] = typer.Argument(None, help=h("entries"),
                                                      show_default=False),
        spies: Optional[str] = typer.Option(None, "--spies", help=h("spies")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.rules import GAME_OVER
        from moderator.rules.actions import Sides

        current = open_game(out, game)
        if current.game.phase != GAME_OVER:
            raise Refusal("records.errors.sides_too_early")
        if not entries and spies is None:
            raise Refusal("records.errors.roles_usage", exit_code=USAGE)
        names = current.names
        said = entered(out, split(entries), current.game, sides=spies is None)
        chosen = seats_of(split(spies), names) if spies is not None else [
            seat for seat, (spy, _) in said.items() if spy]
        cards = tuple(said.get(seat, (False, ""))[1] for seat in range(len(names)))
        session.act(current.game_id, Sides(tuple(sorted(chosen)),
                                           cards if any(cards) else ()))
        others = [n for s, n in enumerate(names) if s not in chosen]
        out.say("records.sides.recorded", spies=", ".join(names[s] for s in sorted(chosen)),
                resistance=", ".join(others))
        if any(cards):
            out.say("records.sides.characters", characters=", ".join(
                f"{names[seat]} {out.t(f'character.{card}')}"
                for seat, card in enumerate(cards) if card))

    @app.command("stats", help=h("stats"))
    @handled
    def stats(
        out: Out,
        as_json: bool = typer.Option(False, "--json", help=i18n.t(lang, "help.json")),
        lang: Optional[str] = lang_option(lang),
        theme: Optional[str] = theme_option(lang),
    ) -> None:
        from moderator.records import ledger, season

        played, unreadable = ledger.saved_games()
        spoken = season.language(played)  # the games' language, as `games` speaks each's
        if not out.explicit and spoken in i18n.LANGUAGES:
            out.lang = spoken
        themes = {game.theme for game in played}
        if out.theme is None and len(themes) == 1:  # games all of one theme speak it
            i18n.use_theme(themes.pop())
        summary = season.season(played, unreadable)
        from moderator.records import ratings  # openskill: imported by this command alone

        summary["ratings"] = ratings.table(played)
        if as_json:
            out.json(summary)
            return
        from moderator.ui import records as views

        mixed = out.theme is None and len(summary["themes"]["all"]) > 1  # each its own words
        out.console.print(views.season(summary, out.lang, mixed), soft_wrap=False)

    @app.command("night", help=h("night"))
    @handled
    def night(
        out: Out,
        new: bool = typer.Option(False, "--new", help=h("night_new")),
        as_json: bool = typer.Option(False, "--json", help=i18n.t(lang, "help.json")),
        lang: Optional[str] = lang_option(lang),
        theme: Optional[str] = theme_option(lang),
    ) -> None:
        from datetime import datetime, timezone

        from moderator import store
        from moderator.records import ledger, nights

        if new:
            store.mark_new_night(datetime.now(timezone.utc).isoformat(timespec="seconds"))
        played, unreadable = ledger.saved_games()
        pending = store.new_night_pending() is not None
        games = nights.tonight(played, pending)
        speak_as(out, games)
        summary = {**nights.tally(games), "new_night": pending, "unreadable": unreadable}
        if as_json:
            out.json(summary)
            return
        if new:
            out.say("records.night.new", hours=nights.HOURS)
            return
        from moderator.ui import records as views

        out.console.print(views.night(summary, out.lang), soft_wrap=False)


def speak_as(out: Out, games: list) -> None:
    """A night is told in the language of its latest game (the current game's for a night
    with none yet; unless --lang), and in its theme when all its games share one (unless
    --theme); a game's own lines in its own words."""
    from moderator import store

    latest = games[-1].game_id if games else store.current()
    setup = (store.peek_setup(latest) if latest else None) or {}
    if not out.explicit and setup.get("lang") in i18n.LANGUAGES:
        out.lang = setup["lang"]
    themes = {game.theme for game in games} or {setup.get("theme", i18n.DEFAULT_THEME)}
    if out.theme is None and len(themes) == 1:
        i18n.use_theme(themes.pop())


def exported(current, fmt: str, lang: str) -> str:
    """The game in one of the export formats."""
    from moderator.records import notation

    record = notation.of_session(current)
    if fmt == "json":
        import json

        from moderator import public
        from moderator.records import archive

        summary = {**public.status(current),
                   "events": record.events,
                   "spies": None if record.sides is None else codec.numbers(record.sides)}
        doc = archive.document(current, summary)
        return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return notation.csv_text(record)
    if fmt == "line":
        return "\n".join(notation.lines(record, lang)) + "\n"
    return notation.markdown(record, lang)


def write_file(name: str, text: str, force: bool) -> None:
    """Write an export whole or not at all: into a temporary file beside it, then renamed."""
    import errno

    path = Path(name)
    if not path.name or "\0" in name:
        raise Refusal("records.errors.output_name", path=name)
    # A short name of its own: any name the file system allows stays allowed for the file.
    draft = path.with_name(f".moderator-{os.getpid()}-{os.urandom(4).hex()}.tmp")
    try:
        if os.path.lexists(path) and not force:
            raise Refusal("records.errors.output_exists", path=name)
        with open(draft, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(draft, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            draft.unlink()
        if error.errno == errno.ENAMETOOLONG:
            raise Refusal("records.errors.output_name_long", path=name) from None
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            raise Refusal("records.errors.output_full", path=name) from None
        raise Refusal("records.errors.output_failed", path=name, why=error.strerror) from None


def read_file(name: str) -> str:
    """The text of the file to import ("-": standard input)."""
    if "\0" in name:  # no file is called that
        raise Refusal("records.errors.import_missing", path=name)
    try:
        if name == "-":
            data = sys.stdin.buffer.read(LARGEST_IMPORT + 1)
        else:
            with open(name, "rb") as handle:
                data = handle.read(LARGEST_IMPORT + 1)
    except FileNotFoundError:
        raise Refusal("records.errors.import_missing", path=name) from None
    except OSError as error:
        raise Refusal("records.errors.import_unreadable", path=name, why=error.strerror) from None
    if len(data) > LARGEST_IMPORT:
        raise Refusal("records.errors.import_not_game")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refusal("records.errors.import_not_game") from None


def refusal(out: Out, refused) -> Refusal:
    """An import refusal in words; the rules' reason, if any, with the file's player names."""
    from moderator.narration.refusals import said

    params = dict(refused.params)
    if refused.cause is not None:
        params["reason"] = said(refused.cause.code, refused.cause.params, refused.names,
                                out.lang)
    return Refusal(refused.code, **params)


def state(out: Out, game) -> str:
    """How an imported game ended, or where it stands."""
    from moderator.rules import GAME_OVER
    from moderator.narration import outcome

    if game.phase == GAME_OVER:
        return outcome(game, out.lang)
    return out.t("records.import.in_progress", phase=out.t(f"phase.{game.phase}"))


def entered(out: Out, entries: list[str], game, sides: bool) -> dict[int, tuple[bool, str]]:
    """`Anna:spy Ben:resistance Emil:commander …`: each player named once, with a side or a
    special Character card of this game's deck (in any language and theme: `emil:merlin`),
    which says the side as well: seat -> (a spy, the card or ""). With `sides` every player
    is needed (else `--spies` said the sides, and these name cards only)."""
    from moderator.rules.setup import SPY_CHARACTERS

    names = out.names
    words: dict[str, tuple[bool, str]] = {}
    for side, spy in (("resistance", False), ("spy", True)):
        words[side] = words[out.t(f"records.side.{side}").casefold()] = (spy, "")
    cards = character_words(dict(game.config.deck))
    for word, card in cards.items():
        words.setdefault(word, (card in SPY_CHARACTERS, card))
    chosen: dict[int, tuple[bool, str]] = {}
    for entry in entries:
        who, sep, word = entry.rpartition(":")
        if not sep or word.strip().casefold() not in words:
            listed = ", ".join(out.t(f"character.{card}") for card in dict.fromkeys(
                cards.values())) or out.t("records.side.no_cards")
            code = "card_unknown" if not sides else "side_or_card_unknown" if cards \
                else "side_unknown"
            raise Refusal(f"records.errors.{code}", given=entry,
                          known=out.t("records.side.known"), cards=listed)
        if not sides and not words[word.strip().casefold()][1]:  # a side, and --spies too
            raise Refusal("records.errors.roles_usage", exit_code=USAGE)
        seat = seat_of(who, names)
        if seat in chosen:
            raise Refusal("errors.player_twice_named", name=names[seat])
        chosen[seat] = words[word.strip().casefold()]
    missing = [name for seat, name in enumerate(names) if seat not in chosen]
    if sides and missing:
        raise Refusal("records.errors.sides_missing", names=", ".join(missing))
    return chosen


def character_words(deck: dict[str, int]) -> dict[str, str]:
    """The special Character cards of a deck by the words a host may type for them: the id,
    and the card's name in every language and theme (`merlin`, `kommandeur`): word -> card.
    An ordinary card says only the side."""
    found: dict[str, str] = {}
    for card in deck:
        if card in ("resistance", "spy"):
            continue
        found[card] = card
        for theme in i18n.THEMES:
            with i18n.speaking(theme):
                for lang in i18n.LANGUAGES:
                    found.setdefault(i18n.t(lang, f"character.{card}").casefold(), card)
    return found
