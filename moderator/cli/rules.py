"""`moderator rules`: rulings mid-game.

`moderator rules does a tie pass` answers a question (in either language, quotes optional);
`moderator rules` alone says what applies in the current game right now;
`moderator rules house-rules` lists the house-rule settings that can arise in the current
game (every one with `--all`; design.md §4);
`moderator rules §8` (or `rules 8`) shows that section of the rules reference, which the
program's messages cite.
"""

from typing import List, Optional

import typer

from moderator import i18n
from moderator.cli.common import Out, Refusal, handled
from moderator.cli.options import game_option, lang_option, open_game, theme_option

#: The query that lists the house-rule settings instead of searching the topics.
HOUSE_RULES = "house-rules"


def register(app: typer.Typer, lang: str) -> None:
    @app.command("rules", help=i18n.t(lang, "reference.help.command"))
    @handled
    def rules(
        out: Out,
        query: Optional[List[str]] = typer.Argument(
            None, help=i18n.t(lang, "reference.help.query"), show_default=False
        ),
        as_json: bool = typer.Option(False, "--json", help=i18n.t(lang, "help.json")),
        every: bool = typer.Option(False, "--all", help=i18n.t(lang, "reference.help.all")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
        theme: Optional[str] = theme_option(lang),
    ) -> None:
        from moderator.reference import sections  # not for `--help`, which builds this too

        asked = " ".join(query or []).strip()
        if not asked:
            _now(out, game, as_json)
        elif asked.casefold() == HOUSE_RULES:
            _house_rules(out, game, as_json, every)
        elif (number := sections.asked(asked)) is not None:
            _section(out, number, as_json)
        else:
            _ruling(out, asked, game, as_json)


def _now(out: Out, game: Optional[str], as_json: bool) -> None:
    """What applies in the game right now; with no game at all, how to ask instead."""
    from moderator import reference

    current = _game(out, game, needed=True)
    if current is None:
        if as_json:
            out.json({"game": None, "phase": None, "lines": [out.t("reference.no_game")],
                      "topics": []})
        else:
            out.say("reference.no_game")
        return
    found = reference.now(current.game, current.names, out.lang)
    if as_json:
        out.json({"game": current.game_id, **found.facts, "lines": list(found.lines),
                  "topics": _topics(found.topics)})
        return
    from moderator.ui import rulings

    out.print(rulings.now(found, current.game_id, out.lang))


def _house_rules(out: Out, game: Optional[str], as_json: bool, every: bool) -> None:
    """The house-rule settings and readings that can arise in the game (every one with
    --all, or without a game)."""
    from moderator import reference

    current = _game(out, game)
    in_play = None if every or current is None else in_play_of(current.game)
    settings = reference.house_rules(out.lang, current.game.settings if current else None,
                                     in_play)
    readings = reference.readings(out.lang, in_play)
    if as_json:
        out.json({"house_rules": [_setting(s) for s in settings],
                  "readings": [_reading(r) for r in readings]})
        return
    from moderator.ui import rulings

    out.print(rulings.house_rules(settings, out.lang, readings,
                                  current.game_id if in_play is not None else None))


def in_play_of(game) -> frozenset[str]:
    """A game's modules and variants: what decides which open points can arise in it."""
    return frozenset(game.modules) | frozenset(game.variants)


def _section(out: Out, number: str, as_json: bool) -> None:
    """A section of the rules reference, as written there (in English: the German program
    says so first)."""
    from moderator.reference import sections

    found = sections.section(number)
    if found is None:
        chapters = [int(n) for n in sections.sections() if "." not in n]
        raise Refusal("reference.no_section", section=f"§{number}", first=min(chapters),
                      last=max(chapters))
    if as_json:
        out.json({"section": found.number, "title": found.title, "text": found.text,
                  "lang": "en"})
        return
    from moderator.ui import rulings

    out.print(rulings.section(found, out.lang))


def _ruling(out: Out, asked: str, game: Optional[str], as_json: bool) -> None:
    from moderator import reference

    current = _game(out, game)
    found = reference.lookup(asked, out.lang, current.game.settings if current else None,
                             in_play_of(current.game) if current else None)
    if found is None:
        raise Refusal("reference.no_match", query=asked)
    if as_json:
        out.json({
            "query": asked, "topic": found.topic, "title": found.title, "answer": found.answer,
            "detail": found.detail, "section": found.section, "confidence": found.confidence,
            "applies": found.applies, "house_rules": [_setting(s) for s in found.unsettled],
            "others": _topics(found.others), "sure": found.sure,
            "readings": [_reading(r) for r in found.readings], "note": found.note,
        })
        return
    from moderator.ui import rulings

    out.print(rulings.ruling(found, found.lang))


def _game(out: Out, game: Optional[str], needed: bool = False):
    """The game a ruling is about: the one named (an unknown id is refused), else the newest
    if there is one that can be read. A question needs no game, so a missing or damaged one
    is no reason to refuse it."""
    from moderator import store

    if game:
        return open_game(out, game)
    try:
        return open_game(out, None)
    except store.StoreError as error:
        if needed and error.code != "errors.no_games":
            raise
        return None


def _setting(setting) -> dict:
    return {
        "id": setting.id, "kind": "setting", "title": setting.title, "section": setting.section,
        "why": setting.why, "default": setting.default,
        "values": [{"value": c.value, "text": c.text, "default": c.default}
                   for c in setting.choices],
        "game": setting.chosen,
    }


def _reading(point) -> dict:
    """A point moderator plays one way without a setting (rules.md §13.1): a reading, not a
    setting, so it has no values to choose from."""
    return {"id": point.id, "kind": "reading", "title": point.title, "section": point.section,
            "how": point.how}


def _topics(topics) -> list[dict]:
    return [{"topic": topic, "title": title} for topic, title in topics]
