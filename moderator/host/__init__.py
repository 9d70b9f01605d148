"""The host's remote: the whole game recorded from the host's own phone, through the table
display's host page (`display/host.py` serves it; this ring knows nothing of HTTP).

What the page offers is guided play's (`ui/`): its steps, run by `remote` with the page's
taps as answers, ask exactly what the engine offers now and make exactly the action the
commands log. Every action goes through the session, as every command's does (the lock, the
fsync), named with the log's length it was chosen at: a page that another page, guided play
or a command has since moved on is refused, never applied to a game it did not see. Besides
the step: undo and redo, each saying what it takes back; the discussion timer; the reveal,
read where `--say-on` says; the rules lookup. At the end, as guided play, another game with
the same table (`new --again`). The page shows only what the table sees: the
step's words and the table's own sentences.

The ring is imported when the first host page asks, not when the display starts.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from moderator import narration
from moderator import session as sessions
from moderator.host import remote
from moderator.host.remote import Answer, Asked
from moderator.i18n import speaking, t
from moderator.rules import GAME_OVER, PROPOSAL, VOTE, RuleError
from moderator.rules.actions import Action
from moderator.session import Session

if TYPE_CHECKING:
    from moderator.host.reading import Reading

#: The discussion timer's length when the game was set up without one (`new --timer`).
TIMER = 120


@dataclass
class Window:
    """What guided play remembers between the steps of one game: the Plot cards a holder
    passed on in this window, the answers of a step recorded in two parts (the trap, kept
    while the switch is recorded)."""

    passed: dict = field(default_factory=dict)
    answers: dict = field(default_factory=dict)


@dataclass
class Step:
    """One run of the current step with a page's answers: the question they do not reach,
    or the action they make (or neither: a step with nothing to record)."""

    answers: list[Answer]
    title: str
    lines: list[tuple[str, str]]
    asked: Asked | None = None
    action: Action | None = None
    window: Window | None = None
    again: bool = False  # at the end: another game with the same table


class Host:
    """The host's remote of one display, shared by every host page it serves: one action at
    a time (`lock`), in the display's language and theme (`lang`, `theme`; None: the
    game's), each spoken for the call alone (`game`), whatever the table draws meanwhile."""

    def __init__(self, lang: str | None = None, theme: str | None = None,
                 say_on: str | None = None) -> None:
        self.lang, self.theme, self.say_on = lang, theme, say_on
        self.lock = threading.RLock()
        self._windows: dict[str, Window] = {}
        self.reading: Reading | None = None  # the reveal read from the page, if any

    @contextmanager
    def game(self, game_id: str | None, made_for: tuple[str, int] | None = None
             ) -> Iterator[tuple[Session, str]]:
        """The game as it is on disk and the language to speak, in its theme's words; with
        `made_for` (a game's id and its log's length) the one a page chose for, else the
        game has moved on."""
        with self.lock:
            current = sessions.open_game(game_id)
            if made_for is not None and made_for != (current.game_id, current.history.lines):
                raise RuleError("errors.moved_on")
            with speaking(self.theme or current.theme):
                yield current, self.lang or current.lang

    # -- the step ---------------------------------------------------------------------------

    def step(self, current: Session, lang: str, answers: Sequence[Answer] = ()) -> Step:
        """The current step run with `answers`: raises `remote.Unfit` for an answer that
        does not fit its question."""
        from moderator.ui import guided
        from moderator.ui.guide import seat_label

        window = copy.deepcopy(self._windows.get(current.game_id, Window()))
        guide = remote.remote(lang, answers, window.passed, window.answers)
        guide.plot, guide.game = current.game.plot is not None, current.game_id
        ran = Step(list(answers), "", guide.lines, window=window)
        over = current.game.phase == GAME_OVER  # what guided play says and asks at the end
        try:
            answer = guided.end_step(guide, current) if over else \
                guided.step_for(current.game, guided.unguided)(guide, current)
        except Asked as asked:
            ran.asked = asked
            if over:  # a page is not closed as guided play is: only the next game to offer
                asked.choices = [c for c in asked.choices if c.value != guided.CLOSE]
            asked.players = [type(c.value) is int and c.title == seat_label(
                c.value, current.names) for c in asked.choices]  # as guided play names them
        else:
            ran.action = answer if isinstance(answer, Action) else None
            ran.again = over and answer == guided.NEXT
        banner = narration.describe_now(current, lang)  # on the page already
        ran.title, ran.lines = guide.title, [line for line in guide.lines if line[0] != banner]
        return ran

    def answer(self, current: Session, lang: str, answers: Sequence[Answer]
               ) -> tuple[Step, Session | None]:
        """The page's answers: the next question, or the action they make recorded (with
        what it did, as guided play says it). A refusal is raised, and what the step had
        remembered is forgotten, as in guided play."""
        from moderator.ui import guided

        ran = self.step(current, lang, answers)
        if ran.again:  # the next game, as `new --again`: the table's screen follows it
            done = sessions.start(**sessions.kept(current.history.setup), seed=None)
            ran.lines = [(t(lang, "setup.again", game=current.game_id,
                            names=" → ".join(done.names)), "bold")]
            return ran, done
        if ran.action is None:
            return ran, None
        try:
            done = sessions.act(current.game_id, ran.action, made_for=current.history.lines)
        except RuleError:
            self._windows.pop(current.game_id, None)
            raise
        assert ran.window is not None
        self._windows[current.game_id] = ran.window
        guide = remote.remote(lang, (), {}, {})
        guided.report(guide, done)
        table = {text for text, _ in narration.result_lines(done, lang)}  # on the page already
        ran.lines = [line for line in guide.lines if line[0] not in table]
        return ran, done

    # -- besides the step ----------------------------------------------------------------------

    def history(self, current: Session, lang: str) -> dict[str, str | None]:
        """What undo and redo would take back or bring back, in the log's words."""
        said = {"undo": current.history.done, "redo": current.history.undone}
        return {move: narration.describe_line(lang, current.names, entries[-1].data)
                if entries else None for move, entries in said.items()}

    def move(self, current: Session, lang: str, kind: str) -> str:
        """Undo or redo, as guided play's key does it; what was taken back, in words."""
        moving = sessions.undo if kind == "undo" else sessions.redo
        _, line = moving(current.game_id, made_for=current.history.lines)
        self._windows.pop(current.game_id, None)  # what the step was answering is asked again
        return t(lang, f"history.{kind}", text=narration.describe_line(
            lang, current.names, line))

    def timer(self, current: Session) -> float | None:
        """The discussion timer's length, while a team is discussed (the team, its vote);
        None otherwise."""
        if current.game.phase not in (PROPOSAL, VOTE):
            return None
        return float(current.history.setup.get("table", {}).get("timer") or TIMER)

    def start_timer(self, current: Session) -> None:
        """The discussion of the team under discussion starts now, on every screen."""
        from moderator import live
        from moderator.ui.timer import warning_at

        seconds = self.timer(current)
        if seconds is None:
            raise RuleError("host.no_timer")
        voted = sum(p.approved is not None for p in current.game.proposals)
        live.timer(current.game_id, voted, seconds, 0, warning_at(seconds))

    def look_up(self, current: Session, lang: str, query: str) -> list[tuple[str, str]]:
        """A rules question, answered as guided play answers it (the details too, which guided
        play shows when asked: a phone scrolls): empty, what applies now; `§N`, that section
        of the rules reference."""
        from moderator.ui import guided

        answers: list[Answer] = [query]
        while True:
            guide = remote.remote(lang, answers, {}, {})
            try:
                guided.look_up(guide, current)
            except Asked as asked:  # "more on this rule?": a phone scrolls, so all of it
                more = [c.value for c in asked.choices].index(guided.AGAIN)
                answers.append(more)
                continue
            return guide.lines

    def reveal(self, current: Session, lang: str) -> None:
        """Start reading the reveal aloud, where `say_on` says; the table's screens go dark
        until it ends."""
        from moderator.host import reading

        if self.reading is not None and self.reading.is_alive():
            raise RuleError("host.reveal_busy")
        self.reading = reading.start(current, lang, self.say_on)

    def stop_reveal(self) -> None:
        if self.reading is not None:
            self.reading.stop()

    def reading_shown(self, current: Session) -> dict | None:
        """The reveal: offered before anything is recorded (as guided play offers it), or
        the one read from the page (whether it still runs, what the voice told); None when
        neither."""
        if self.reading is not None and (self.reading.is_alive() or not current.history.done):
            return {"running": self.reading.is_alive(), "notices": list(self.reading.notices)}
        if current.history.done:
            return None
        return {"running": False, "notices": []}
