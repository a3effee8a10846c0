"""The parameters cell of a notebook: parsing its declarations, converting typed values."""

from __future__ import annotations

import ast
import datetime
import io
import math
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Parameter:
    """One declared notebook parameter.

    Attributes
    ----------
    name : str
        The variable's name.
    type : str
        The annotation, as written (``int``, ``list[float]``, ...).
    default : object
        The literal value of the cell.
    help : str
        The comment after it, with the declared ranges and choices.
    """

    name: str
    type: str
    default: Any
    help: str

    @property
    def bounds(self) -> tuple[tuple[str, float], ...]:
        """The ranges the help text declares, as ``[>= 1]`` or ``[> 0] [<= 1]``.

        Each bound applies to the value, or to every element of a list, tuple or set.
        """
        return tuple((op, float(v)) for op, v in _BOUND.findall(self.help))

    @property
    def length_bounds(self) -> tuple[tuple[str, float], ...]:
        """The lengths the help text declares for a list, tuple or set, as ``[len >= 1]``."""
        return tuple((op, float(v)) for op, v in _LENGTH.findall(self.help))

    @property
    def choices(self) -> tuple[str, ...] | None:
        """The values the help text allows, as ``[choices: abs, sq]`` (None: any)."""
        found = _CHOICES.search(self.help)
        if found is None:
            return None
        return tuple(v.strip() for v in found.group(1).split(",") if v.strip())

    @property
    def kind(self) -> str | None:
        """The text's kind, as the help text declares it: ``"date"``, ``"path"`` or None.

        ``[date]``: an ISO date; ``[path]``: empty or an existing file or folder.
        """
        for kind in ("date", "path"):
            if f"[{kind}]" in self.help:
                return kind
        return None


_NUMBER = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
_BOUND = re.compile(r"\[\s*(>=|<=|>|<)\s*" + _NUMBER + r"\s*\]")
_LENGTH = re.compile(r"\[\s*len\s*(>=|<=|>|<|==)\s*" + _NUMBER + r"\s*\]")
#: A formatter's pragma at the end of a help comment (a line too long to wrap): not help.
_FMT_SKIP = re.compile(r"\s*#\s*fmt:\s*skip\s*$")
_CHOICES = re.compile(r"\[\s*choices:\s*([^\]]+)\]")
_COMPARE = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
}
_SCALARS: dict[str, tuple[type, ...]] = {
    "int": (int,),
    "float": (int, float),
    "str": (str,),
    "bool": (bool,),
}


def check_value(param: Parameter, value: Any) -> Any:
    """Check a value against the parameter's declared type, ranges and choices; return it.

    ``int``, ``float``, ``str`` and ``bool`` are checked exactly (a bool is not an int), the
    elements of ``list[int]``/``list[float]``/``list[str]`` (or tuple, set) too; other types
    only by their container. A float is finite. The help text declares the rest: ranges
    (:attr:`Parameter.bounds`, ``[>= 1]``), a container's length (``[len >= 1]``), the
    allowed values of a text (``[choices: abs, sq]``), an ISO date (``[date]``) or a path
    that is empty or exists (``[path]``).

    Parameters
    ----------
    param : Parameter
        The declared parameter.
    value : object
        Its value.

    Returns
    -------
    object
        ``value``, unchanged.

    Raises
    ------
    ValueError
        Naming the parameter, the rule and the value.

    See Also
    --------
    convert_value : Convert a command-line string first.

    Examples
    --------
    >>> check_value(Parameter("n_games", "int", 200, "games per point [>= 1]"), 5)
    5
    >>> check_value(Parameter("n_games", "int", 200, "games per point [>= 1]"), -5)
    Traceback (most recent call last):
    ...
    ValueError: parameter 'n_games' must be >= 1; got -5
    >>> check_value(Parameter("distance", "str", "abs", "d(x, x̂) [choices: abs, sq]"), "bogus")
    Traceback (most recent call last):
    ...
    ValueError: parameter 'distance' must be one of 'abs', 'sq'; got 'bogus'
    """
    kind, _, inner = param.type.partition("[")
    kind, inner = kind.strip(), inner.rstrip("]").strip()
    bad = ValueError(f"parameter {param.name!r} expects {param.type}; got {value!r}")
    if kind in _SCALARS:
        if not isinstance(value, _SCALARS[kind]) or (kind != "bool" and isinstance(value, bool)):
            raise bad
        items = [value]
    elif kind in ("list", "tuple", "set"):
        if not isinstance(value, {"list": list, "tuple": tuple, "set": set}[kind]):
            raise bad
        items = list(value)
        if inner in _SCALARS and any(
            not isinstance(v, _SCALARS[inner]) or (inner != "bool" and isinstance(v, bool))
            for v in items
        ):
            raise bad
        for op, limit in param.length_bounds:
            if not _COMPARE[op](len(items), limit):
                raise ValueError(
                    f"parameter {param.name!r} must have len {op} {int(limit)}; got {value!r}"
                )
    else:
        return value
    if any(isinstance(v, float) and not math.isfinite(v) for v in items):
        raise ValueError(f"parameter {param.name!r} must be finite; got {value!r}")
    _check_text(param, value, items)
    for op, limit in param.bounds:
        for item in items:
            number = item if isinstance(item, (int, float)) else math.nan
            if isinstance(item, bool) or not _COMPARE[op](number, limit):
                shown = int(limit) if limit.is_integer() else limit
                which = " (every element)" if len(items) != 1 or items[0] is not value else ""
                raise ValueError(
                    f"parameter {param.name!r} must be {op} {shown}{which}; got {value!r}"
                )
    return value


def _check_text(param: Parameter, value: Any, items: list[Any]) -> None:
    """Check text values against the declared choices, date or path (see :func:`check_value`)."""
    allowed = param.choices
    for item in items:
        if not isinstance(item, str):
            continue
        if allowed is not None and item not in allowed:
            listed = ", ".join(repr(v) for v in allowed)
            raise ValueError(f"parameter {param.name!r} must be one of {listed}; got {value!r}")
        if param.kind == "date":
            try:
                datetime.date.fromisoformat(item)
            except ValueError:
                raise ValueError(
                    f"parameter {param.name!r} must be a date YYYY-MM-DD; got {value!r}"
                ) from None
        if param.kind == "path" and item and not Path(item).expanduser().exists():
            raise ValueError(
                f"parameter {param.name!r} must be empty or an existing file or folder; "
                f"{item!r} does not exist"
            )


def _comments_by_line(source: str) -> dict[int, str]:
    comments: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            text = _FMT_SKIP.sub("", tok.string).lstrip("#").strip()
            comments[tok.start[0]] = text
    return comments


def parse_parameters(source: str, *, where: str = "parameters cell") -> tuple[Parameter, ...]:
    """Parse the source of a parameters cell into :class:`Parameter` records.

    Every statement must be ``name: type = literal`` (a Python literal) with a trailing
    ``# help`` comment.

    Parameters
    ----------
    source : str
        The cell's Python source.
    where : str
        How error messages name the cell.

    Returns
    -------
    tuple of Parameter
        One record per statement, in source order.

    Raises
    ------
    ValueError
        If a statement is not an annotated assignment of a literal, or lacks its comment.

    See Also
    --------
    read_notebook : The notebook whose cell it is.
    resolve_parameters : Check and convert values for the parameters.

    Examples
    --------
    >>> parse_parameters("quick: bool = False  # run in seconds")[0]
    Parameter(name='quick', type='bool', default=False, help='run in seconds')
    """
    tree = ast.parse(source)
    comments = _comments_by_line(source)
    params = []
    for node in tree.body:
        if not (
            isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value
        ):
            raise ValueError(f"{where}: line {node.lineno} is not 'name: type = literal  # help'")
        try:
            default = ast.literal_eval(node.value)
        except ValueError:
            raise ValueError(f"{where}: the value of {node.target.id!r} is not a literal") from None
        help_text = comments.get(node.end_lineno or node.lineno, "")
        if not help_text:
            raise ValueError(
                f"{where}: parameter {node.target.id!r} has no trailing '# help' comment"
            )
        params.append(Parameter(node.target.id, ast.unparse(node.annotation), default, help_text))
    return tuple(params)


def convert_value(param: Parameter, text: str) -> Any:
    """Convert a command-line string to the parameter's declared type.

    ``bool`` accepts 1/0, true/false, yes/no and on/off; ``int``, ``float`` and ``str`` convert
    directly; any other type is read as a Python literal, checked against the container the
    type names (``list``, ``tuple``, ``dict``, ``set``).

    Parameters
    ----------
    param : Parameter
        The declared parameter.
    text : str
        The value as typed on the command line.

    Returns
    -------
    object
        The value, of the declared type.

    Raises
    ------
    ValueError
        If ``text`` is not a value of the declared type.

    See Also
    --------
    check_value : Check the converted value.

    Examples
    --------
    >>> convert_value(Parameter("n", "int", 3, ""), "10")
    10
    >>> convert_value(Parameter("quick", "bool", False, ""), "yes")
    True
    >>> convert_value(Parameter("eps", "list[float]", [1.0], ""), "[0.5, 2]")
    [0.5, 2]
    """
    kind = param.type.split("[")[0].strip()
    try:
        if kind == "bool":
            low = text.strip().lower()
            if low in {"1", "true", "yes", "on"}:
                return True
            if low in {"0", "false", "no", "off"}:
                return False
            raise ValueError
        if kind == "int":
            return int(text)
        if kind == "float":
            return float(text)
        if kind == "str":
            return text
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise ValueError(f"parameter {param.name!r} expects {param.type}; got {text!r}") from None
    expected = {"list": list, "tuple": tuple, "dict": dict, "set": set}.get(kind)
    if expected is not None and not isinstance(value, expected):
        raise ValueError(f"parameter {param.name!r} expects {param.type}; got {text!r}")
    return value
