"""The parameters cell of a notebook: parsing its declarations, converting typed values."""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Parameter:
    """One declared notebook parameter."""

    name: str
    type: str
    default: Any
    help: str


def _comments_by_line(source: str) -> dict[int, str]:
    comments: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string.lstrip("#").strip()
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
