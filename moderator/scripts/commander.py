"""The Commander module's blocks of the reveal, after the spies': the Commander sees the spies'
thumbs (rules.md §9.4, §9.5), then the Body Guard sees the Commander (§9.4)."""

from __future__ import annotations

from moderator.scripts import ONE_LOOKS, SETTLE, Blocks, Cast, Step


class CommanderBlocks(Blocks, module="commander"):
    def steps(self, cast: Cast, after_spies: bool) -> list[Step]:
        return _commander(cast, after_spies) + _body_guard(cast)


def _unseen(cast: Cast) -> tuple[str, ...]:
    """Spies who keep their fist closed for the Commander (rules.md §9.4, §9.5)."""
    hidden = cast.reverser == "hidden-from-commander"
    return tuple(c for c in ("deep-cover", "spy-rogue", "spy-reverser")
                 if cast.has(c) and (c != "spy-reverser" or hidden))


def _commander(cast: Cast, after_spies: bool) -> list[Step]:
    """The Commander sees every spy's thumb but the Deep Cover's, the spy Rogue's and, by the
    house rule, the Spy Reverser's (rules.md §9.4, §9.5, §9.8)."""
    if not cast.has("commander"):
        return []
    steps = [Step("script.check_fist", everyone=True)] if after_spies else []
    unseen = _unseen(cast)
    steps += [Step(f"script.fist_closed.{c}") for c in unseen]
    seen = tuple(c for c in cast.spies if c not in unseen)
    # Spies who kept their eyes closed a moment ago are told by name that they raise a thumb.
    told = [c for c in cast.seen_first + cast.eyes_closed if c in seen] if after_spies else []
    raised = tuple(c for c in seen if c not in told)
    key = "script.others_thumb" if unseen else "script.spies_thumb"
    steps.append(Step(key, pause=SETTLE, thumb=raised))
    for character in told:
        raised = tuple(sorted(raised + (character,)))
        steps.append(Step(f"script.thumb_too.{character}", pause=SETTLE, thumb=raised))
    steps.append(Step("script.thumb_count", {"count": cast.count(seen)}, thumb=seen))
    steps.append(Step("script.commander_open", pause=ONE_LOOKS, open=("commander",), thumb=seen))
    steps.append(Step("script.commander_close", pause=SETTLE))
    return steps


def _body_guard(cast: Cast) -> list[Step]:
    """The Body Guard sees the Commander and the False Commander, and cannot tell which is
    which (rules.md §9.4)."""
    if not (cast.has("body-guard") and cast.has("commander")):
        return []
    two = cast.has("false-commander")
    shown = ("commander", "false-commander") if two else ("commander",)
    return [
        Step("script.commanders_thumb" if two else "script.commander_thumb", pause=SETTLE,
             thumb=shown),
        Step("script.body_guard_open_two" if two else "script.body_guard_open",
             pause=ONE_LOOKS, open=("body-guard",), thumb=shown),
        Step("script.body_guard_close", {"count": len(shown)}, pause=SETTLE),
    ]

