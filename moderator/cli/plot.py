"""`moderator plot …`: the Plot cards of The Plot Thickens (rules.md §3)."""

import unicodedata
from typing import List, Optional

import typer

from moderator import i18n
from moderator.cli.common import Out, Refusal, handled, helps, maybe_seat_of, seat_of
from moderator.cli.options import game_option, lang_option, open_game, record
from moderator.cli.part import Commands

_SPELL_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


class PlotCommands(Commands, module="plot"):
    """The `plot` group: draw, give, use and list the Plot cards."""

    commands = ("plot",)

    def register(self, app: typer.Typer, lang: str) -> None:
        h = helps(lang)
        group = typer.Typer(help=h("plot"), no_args_is_help=True)
        app.add_typer(group, name="plot")

        @group.command("draw", help=h("plot_draw"))
        @handled
        def draw(
            out: Out,
            cards: Optional[List[str]] = typer.Argument(None, help=h("plot_cards"),
                                                        show_default=False),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            from moderator import session

            current = open_game(out, game)
            from moderator.rules.modules.plot import PLOT_DRAW, DrawPlot

            drawn = [card_of(token) for token in cards] if cards else session.draw(
                current, PLOT_DRAW)
            record(out, current, DrawPlot(tuple(drawn)))

        @group.command("give", help=h("plot_give"))
        @handled
        def give(
            out: Out,
            card: str = typer.Argument(..., help=h("plot_card"), show_default=False),
            player: str = typer.Argument(..., help=h("plot_receiver"), show_default=False),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            current = open_game(out, game)
            from moderator.rules.modules.plot import GivePlot

            record(out, current, GivePlot(card_of(card), seat_of(player, current.names)))

        @group.command("use", help=h("plot_use"))
        @handled
        def use(
            out: Out,
            card: str = typer.Argument(..., help=h("plot_card"), show_default=False),
            by: Optional[str] = typer.Option(None, "--by", help=h("plot_by")),
            target: Optional[str] = typer.Option(None, "--target", help=h("plot_target")),
            take: Optional[str] = typer.Option(None, "--take", help=h("plot_take")),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            current = open_game(out, game)
            card_id = card_of(card)
            from moderator.rules.modules.plot import UsePlot

            record(out, current, UsePlot(card_id, _user(current, card_id, by),
                                         maybe_seat_of(target, current.names),
                                         None if take is None else card_of(take)))

        @group.command("list", help=h("plot_list"))
        @handled
        def listing(
            out: Out,
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            from moderator.narration.plot import card_name, shown_card
            from moderator.ui.parts.plot import plot_cards

            current = open_game(out, game)
            if current.game.plot is None:
                raise Refusal("errors.no_plot_module")
            out.print(plot_cards(current, out.lang))
            for card in sorted(set(current.game.plot.deck)):
                out.say("plot.rule_line", card=card_name(out.lang, card),
                        rule=out.t(f"plot_rule.{card}",
                                   shown=shown_card(current.game, out.lang)))


def card_of(token: str) -> str:
    """A Plot card by id, by its English or German name, or an unambiguous start of one;
    umlauts may be typed or spelled out (Fuehrungsstaerke)."""
    from moderator.rules.modules.plot import CARDS

    wanted = _fold(token)
    names = {
        card: {_fold(card)} | {form for lang in i18n.LANGUAGES
                               for form in _folds(i18n.t(lang, f"plot_card.{card}"))}
        for card in CARDS
    }
    for card, spelled in names.items():
        if wanted in spelled:
            return card
    matches = [card for card, spelled in names.items()
               if any(name.startswith(wanted) for name in spelled)]
    if not matches:  # a later word of the name: "fokus" for „Im Fokus“
        matches = [card for card in CARDS if any(
            _fold(word).startswith(wanted) or word.startswith(wanted)
            for lang in i18n.LANGUAGES
            for word in i18n.t(lang, f"plot_card.{card}").casefold().split()
        )]
    if len(matches) == 1:
        return matches[0]
    raise Refusal("errors.plot_card_unknown", card=token, cards=", ".join(CARDS))


def _fold(text: str) -> str:
    folded = unicodedata.normalize("NFC", text).casefold().translate(_SPELL_OUT)
    return "".join(c for c in folded if c.isalnum())


def _folds(name: str) -> set[str]:
    """A name as it may be typed: umlauts as they are, spelled out (ue) or dropped (u)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name.casefold())
                    if not unicodedata.combining(c)).replace("ß", "ss")
    return {_fold(name), "".join(c for c in plain if c.isalnum())}


def _user(current, card: str, by: Optional[str]) -> int:
    """Who uses the card: as named, or its only holder."""
    if by is not None:
        return seat_of(by, current.names)
    plot = current.game.plot
    if plot is None:
        raise Refusal("errors.no_plot_module")
    holders = sorted({c.holder for c in plot.pending + plot.held if c.card == card})
    if len(holders) == 1:
        return holders[0]
    if not holders:
        raise Refusal("errors.plot_nobody_holds", card=card)
    raise Refusal("errors.plot_by_needed", card=card)
