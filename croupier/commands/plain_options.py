"""Commands whose options are read without Pydantic when they can be (issue 22: a short
command's start, ``solve thirteen``).

Typer (0.2x) checks every option's value with a Pydantic ``TypeAdapter``, built when the value is
first read, even for an absent option (``--help`` not given is the value ``None``); importing
Pydantic for it costs about as much as the rest of a short command (~0.1 s of CPU). Two cases
need no adapter, and :func:`plain_params` reads them exactly as Typer would:

* no value (``None``): Typer's check returns ``()`` for a multi-value option, else ``None``,
  before it looks at the adapter;
* an option declared ``str`` (or ``str | None``) given a ``str`` from the command line: Typer's
  adapter returns it unchanged (``_parse_cli_str`` is ``str(value)``);
* an option declared ``int`` (an ``int | None`` goes to Typer's check) with no bounds, parser
  or clamp of Typer's own, given a whole number written plainly (ASCII digits, no sign, no
  leading zero, at most 18 digits): Typer's adapter (Pydantic's ``int``) reads it as
  ``int(value)`` does (issue 22: ``simulate --hands N --seats S``). Any other text (a sign,
  spaces, ``1_000``, ``abc``) goes to Typer's check, which accepts or refuses it as before.

Anything else (bytes, a number, a custom parser, a file, a list) goes to Typer's own check,
built then. Typer versions without this machinery are left alone.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup

__all__ = ["PlainParams", "PlainTextCommand", "PlainTextGroup", "plain_params"]


class _Plain:
    """One option's value check: the two cases above here, the rest through Typer's check
    (built, with Pydantic, only when needed)."""

    __slots__ = ("_number", "_param", "_text")

    def __init__(self, param: Any, text: bool, number: bool = False) -> None:
        self._param = param
        self._text = text
        self._number = number

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        if self._text and type(value) is str:
            return value
        if self._number and type(value) is str and _plain_whole(value):
            return int(value)
        from typer._coercion import build_runtime_param

        checked = build_runtime_param(self._param.type_descriptor)
        self._param._runtime_param = checked
        return checked.coerce(value, param=param, ctx=ctx)


def _text(param: Any) -> bool:
    """A single ``str`` value with no parser and no file: read as it is."""
    descriptor = param.type_descriptor
    return (
        descriptor.annotation is str
        and descriptor.file_annotation is None
        and getattr(descriptor.parameter_info, "parser", None) is None
        and not param.multiple
        and param.nargs == 1
    )


def _whole(param: Any) -> bool:
    """A single ``int`` value with no parser, no file and no bounds of Typer's own."""
    descriptor = param.type_descriptor
    info = descriptor.parameter_info
    return (
        descriptor.annotation is int
        and descriptor.file_annotation is None
        and getattr(info, "parser", None) is None
        and getattr(info, "click_type", None) is None
        and getattr(info, "min", None) is None
        and getattr(info, "max", None) is None
        and not getattr(info, "clamp", False)
        and not param.multiple
        and param.nargs == 1
    )


def _plain_whole(text: str) -> bool:
    """``text`` is a whole number written plainly: ASCII digits, no sign, no leading zero
    (``0`` itself aside), at most 18 digits."""
    return (
        0 < len(text) <= 18
        and text.isascii()
        and text.isdigit()
        and (text[0] != "0" or text == "0")
    )


def plain_params(params: list[Any]) -> None:
    """Give each Typer option of ``params`` whose check is not built yet the plain check."""
    for param in params:
        if getattr(param, "type_descriptor", None) is None:
            continue
        if getattr(param, "_runtime_param", False) is None:
            param._runtime_param = _Plain(param, _text(param), _whole(param))


class PlainParams:
    """Mixin for a Typer command or group: its own options are read by :func:`plain_params`."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        plain_params(self.get_params(ctx))  # type: ignore[attr-defined]  # and Typer's --help
        result: list[str] = super().parse_args(ctx, args)  # type: ignore[misc]
        return result


class PlainTextCommand(PlainParams, TyperCommand):
    """A Typer command read by :func:`plain_params`."""


class PlainTextGroup(PlainParams, TyperGroup):
    """A Typer group read by :func:`plain_params`."""
