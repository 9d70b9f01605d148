"""The one exception the rules raise."""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules do not allow now.

    It carries an i18n key (``errors.team_size``) and the values that fill it, never English
    text, so the same refusal reads in any language at the edge.
    """

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.params!r})"


class ImpossibleRecord(RuleError):
    """A record no deal of the Character cards could have made (rules.md §1.5): refused now,
    and what a game saved before the check is loaded past, with a warning."""
