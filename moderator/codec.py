"""The boundary between the engine's seats and the numbers people read, and between actions
and a game file's lines.

The engine counts seats from 0; a game file, a command line, the table's status and every
sentence count from 1. This module is the one place that converts. An action becomes a JSON
line generically over its fields: a field typed `Seat` (`rules/actions.py`) is numbered from
1, an optional field at its default is left out, and `kind` names the action. The format is
the one written since the first version, so every game file ever saved still loads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, get_args, get_origin, get_type_hints

if TYPE_CHECKING:  # the rules are loaded by the first action read, not by every start
    from moderator.rules.actions import Action


def number(seat: int) -> int:
    """The number a person reads for a seat."""
    return seat + 1


def seat(number: int) -> int:
    """The seat a person's number names."""
    return number - 1


def numbers(seats: Iterable[int]) -> list[int]:
    return [seat + 1 for seat in seats]


def seats(numbers: Iterable[int]) -> list[int]:
    return [number - 1 for number in numbers]


def maybe_number(seat: int | None) -> int | None:
    """`number`, for a seat that may be nobody."""
    return None if seat is None else seat + 1


def maybe_seat(number: int | None) -> int | None:
    return None if number is None else number - 1


def _same(value: Any) -> Any:
    return value


class _Field(NamedTuple):
    name: str
    required: bool
    default: Any
    to_file: Callable[[Any], Any]
    from_file: Callable[[Any], Any]


def _is_seat(hint: Any) -> bool:
    return get_origin(hint) is Annotated and "seat" in get_args(hint)[1:]


def _converters(hint: Any) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """How a field of this type is written and read: seats numbered, tuples as lists."""
    if _is_seat(hint):
        return number, seat
    args = get_args(hint)
    if get_origin(hint) is tuple:
        if args and _is_seat(args[0]):
            return numbers, lambda value: tuple(seats(value))
        return list, tuple
    if type(None) in args:  # `X | None`
        inner = next(a for a in args if a is not type(None))
        if _is_seat(inner):
            return maybe_number, maybe_seat
    return _same, _same


_FIELDS: dict[type[Action], tuple[_Field, ...]] = {}


def _fields(kind: type[Action]) -> tuple[_Field, ...]:
    known = _FIELDS.get(kind)
    if known is None:
        from moderator.rules.actions import REQUIRED

        hints = get_type_hints(kind, include_extras=True)
        known = _FIELDS[kind] = tuple(
            _Field(name, default is REQUIRED, default, *_converters(hints[name]))
            for name, default in kind.fields)
    return known


def encode(action: Action) -> dict[str, Any]:
    """The action as a game file's line holds it (before the time it was recorded)."""
    line: dict[str, Any] = {"type": action.kind}
    for field in _fields(type(action)):
        value = getattr(action, field.name)
        if field.required or value != field.default:
            line[field.name] = field.to_file(value)
    return line


def decode(line: Mapping[str, Any]) -> Action:
    """The action a game file's line holds. A line of no known kind is a ValueError, one
    without a field its kind needs a KeyError, a value of the wrong type a TypeError: the
    file is then damaged (the rules judge the values themselves)."""
    from moderator.rules.modules import ACTIONS

    kind = ACTIONS.get(line["type"])
    if kind is None:
        raise ValueError(line["type"])
    return kind(**{field.name: field.from_file(line[field.name])
                   for field in _fields(kind) if field.required or field.name in line})
