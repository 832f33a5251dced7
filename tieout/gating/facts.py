"""Fact sheets: one file per product, read by the prompt and by the gate alike.

A fact sheet is a TOML or YAML file of named facts::

    name = "Northwind MSA"            # optional; the file's stem otherwise

    [facts]
    monthly_fee = "USD 12,500 per month"
    hourly_rate = 185

(YAML: ``name:`` and a ``facts:`` mapping.) :func:`render` turns it into the facts block of a
generation prompt; :meth:`FactSheet.text` is what the gate indexes as the allowlist. Both
come from the same rendered values, so the prompt and the allowlist cannot drift: a figure
the model is shown is a figure the gate accepts, and nothing else from the sheet is.

Values are one line of text or a number, kept exactly as written (``12500.50`` stays
``12500.50``; TOML floats are read as ``Decimal``, YAML scalars as their source text). Fact
names may not contain a figure of their own, since names are shown in the prompt but are not
part of the allowlist.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

from tieout.errors import InputError
from tieout.figures.reader import extract
from tieout.gating.messages import MARKER

__all__ = ["FactSheet", "load_facts", "render"]

SUFFIXES = (".toml", ".yaml", ".yml")

_HEADER = "Facts for {name} (use only these figures; mark anything else {marker}):"
_LINE = "- {name}: {value}"

_NO_FILE = "no such file; give the path of a fact sheet (.toml, .yaml or .yml)"
_FOLDER = "is a folder; give the path of a fact sheet (.toml, .yaml or .yml)"
_SUFFIX = "cannot read a fact sheet from a {suffix!r} file; use .toml, .yaml or .yml"
_UNREADABLE = "cannot read the file: {reason}"
_NOT_UTF8 = "not UTF-8 text ({reason})"
_BAD_SYNTAX = "not valid {fmt}: {problem}"
_UNKNOWN_KEY = "unknown key {key!r}; a fact sheet has only `name` and `facts`{hint}"
_TOML_FACTS_HINT = " (put each fact under a [facts] table)"
_NO_FACTS = {
    "TOML": 'no facts; add a [facts] table with one name = "text" line per fact',
    "YAML": "no facts; add a `facts:` mapping with one `name: text` line per fact",
}
_FACTS_SHAPE = "`facts` is a {kind}; make it a table of name = value lines, one per fact"
_SHEET_NAME = "`name` is {problem}; give the product's name as one line of text"
_DUPLICATE = "fact {name!r} is given twice (first on line {line}); keep one"

_NOT_SCALAR = "facts.{name} is a {kind}; a fact is one line of text or a number, e.g. {example}"
_EXAMPLE = {"TOML": '{name} = "USD 12,500 per month"', "YAML": '{name}: "USD 12,500 per month"'}
_EMPTY = "facts.{name} is empty; give its value, or remove the line"
_MULTILINE = "facts.{name} spans several lines; put the fact on one line"
_NOT_FINITE = "facts.{name} is {value}, not a number a document can state; give it as text"
_BAD_NAME = "fact name {name!r} is {problem}; name facts with one line of text such as monthly_fee"
_FIGURE_IN_NAME = (
    "fact name {name!r} contains the figure {figure!r}, which the prompt would show but the "
    "gate would not allow; keep figures in values and rename the fact"
)
_SHEET_FIGURE = (
    "the sheet's name {name!r} contains the figure {figure!r}, which the prompt would show "
    "but the gate would not allow; keep figures in the facts"
)

_TOML_AT = re.compile(r"\s*\(at line (\d+), column \d+\)$")


@dataclass(frozen=True)
class FactSheet:
    """A product's named facts, values as rendered text, in file order.

    Validates itself: a name and at least one fact, names unique and free of figures,
    every value one non-empty line.
    """

    name: str
    facts: tuple[tuple[str, str], ...]
    path: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", tuple((str(k), str(v)) for k, v in self.facts))
        problems = _sheet_problems(self.name)
        if not self.facts:
            problems.append("no facts; give at least one (name, value) pair")
        seen: set[str] = set()
        for name, value in self.facts:
            if name in seen:
                problems.append(f"fact {name!r} is given twice; keep one")
            seen.add(name)
            problems.extend(_fact_problems(name, value))
        if problems:
            where = f"{self.path}: " if self.path else ""
            raise InputError("\n".join(where + p for p in problems))

    def text(self) -> str:
        """The allowlist the gate indexes: every rendered value, one per line, in order."""
        return "\n".join(value for _, value in self.facts)


def render(sheet: FactSheet) -> str:
    """The facts block for a generation prompt (no trailing newline)."""
    lines = [_HEADER.format(name=sheet.name, marker=MARKER)]
    lines.extend(_LINE.format(name=name, value=value) for name, value in sheet.facts)
    return "\n".join(lines)


def load_facts(path: str | Path) -> FactSheet:
    """Read a fact sheet (.toml, .yaml or .yml).

    Raises :class:`~tieout.errors.InputError` naming the file, the line or fact where it
    can, and the fix.
    """
    where = str(path)
    p = Path(path)
    if not p.exists():
        raise InputError(f"{where}: {_NO_FILE}")
    if p.is_dir():
        raise InputError(f"{where}: {_FOLDER}")
    suffix = p.suffix.lower()
    if suffix not in SUFFIXES:
        raise InputError(f"{where}: {_SUFFIX.format(suffix=suffix or '(no suffix)')}")
    try:
        raw = p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"{where}: {_NOT_UTF8.format(reason=err.reason)}") from err
    except OSError as err:
        raise InputError(f"{where}: {_UNREADABLE.format(reason=err.strerror or err)}") from err
    if suffix == ".toml":
        name, facts = _read_toml(where, raw)
    else:
        name, facts = _read_yaml(where, raw)
    return FactSheet(name if name is not None else p.stem, tuple(facts), where)


# --------------------------------------------------------------------------- checks


def _figure_in(text: str) -> str | None:
    """The first figure in ``text`` that the gate would treat as a claim, or None."""
    for fig in extract(text, context=False):
        if fig.significant:
            return fig.text
    return None


def _sheet_problems(name: object) -> list[str]:
    if not isinstance(name, str):
        return [_SHEET_NAME.format(problem=f"a {_kind(name)}")]
    if not name.strip():
        return [_SHEET_NAME.format(problem="empty")]
    if "\n" in name.strip() or "\r" in name.strip():
        return [_SHEET_NAME.format(problem="several lines")]
    figure = _figure_in(name)
    return [_SHEET_FIGURE.format(name=name, figure=figure)] if figure else []


def _fact_problems(name: str, value: str) -> list[str]:
    problems: list[str] = []
    if not name.strip():
        problems.append(_BAD_NAME.format(name=name, problem="empty"))
    elif not name.isprintable():
        problems.append(_BAD_NAME.format(name=name, problem="not one line of plain text"))
    elif figure := _figure_in(name):
        problems.append(_FIGURE_IN_NAME.format(name=name, figure=figure))
    if not value.strip():
        problems.append(_EMPTY.format(name=name))
    elif "\n" in value or "\r" in value:
        problems.append(_MULTILINE.format(name=name))
    return problems


def _kind(value: object) -> str:
    if isinstance(value, dict):
        return "table"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, datetime):
        return "date and time"
    if isinstance(value, date):
        return "date"
    if isinstance(value, time):
        return "time"
    if isinstance(value, str):
        return "text"
    if isinstance(value, int | Decimal):
        return "number"
    return type(value).__name__


# --------------------------------------------------------------------------- TOML


def _read_toml(where: str, raw: str) -> tuple[str | None, list[tuple[str, str]]]:
    try:
        data = tomllib.loads(raw, parse_float=Decimal)
    except tomllib.TOMLDecodeError as err:
        problem = str(err)
        at = _TOML_AT.search(problem)
        if at:
            problem = problem[: at.start()]
            where = f"{where} line {at.group(1)}"
        raise InputError(f"{where}: {_BAD_SYNTAX.format(fmt='TOML', problem=problem)}") from err
    for key in data:
        if key not in ("name", "facts"):
            hint = _TOML_FACTS_HINT if "facts" not in data else ""
            raise InputError(f"{where}: {_UNKNOWN_KEY.format(key=key, hint=hint)}")
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise InputError(f"{where}: {_SHEET_NAME.format(problem=f'a {_kind(name)}')}")
    table = data.get("facts", {})
    if not isinstance(table, dict):
        raise InputError(f"{where}: {_FACTS_SHAPE.format(kind=_kind(table))}")
    if not table:
        raise InputError(f"{where}: {_NO_FACTS['TOML']}")
    facts, problems = [], []
    for key, value in table.items():
        try:
            facts.append((key, _toml_value(key, value)))
        except _FactError as err:
            problems.append(f"{where}: {err}")
    if problems:
        raise InputError("\n".join(problems))
    return (name.strip() if name is not None else None), facts


class _FactError(Exception):
    """One fact's value is unusable (the message names the fact and the fix)."""


def _toml_value(name: str, value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        example = _EXAMPLE["TOML"].format(name=name)
        if isinstance(value, bool | date | time):  # say it in quotes, as it should read
            shown = str(value).lower() if isinstance(value, bool) else value.isoformat()
            example = f'{name} = "{shown}"'
        raise _FactError(_NOT_SCALAR.format(name=name, kind=_kind(value), example=example))
    if isinstance(value, Decimal) and not value.is_finite():
        raise _FactError(_NOT_FINITE.format(name=name, value=value))
    return str(value) if isinstance(value, int) else format(value, "f")


# --------------------------------------------------------------------------- YAML

_NULL = "tag:yaml.org,2002:null"


def _read_yaml(where: str, raw: str) -> tuple[str | None, list[tuple[str, str]]]:
    """Walk the composed node tree, so values keep their source text and their line."""
    try:
        root = yaml.compose(raw, Loader=yaml.SafeLoader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        at = f"{where} line {mark.line + 1}" if mark is not None else where
        problem = getattr(err, "problem", None) or str(err)
        raise InputError(f"{at}: {_BAD_SYNTAX.format(fmt='YAML', problem=problem)}") from err
    if root is None or (isinstance(root, yaml.ScalarNode) and root.tag == _NULL):
        raise InputError(f"{where}: {_NO_FACTS['YAML']}")
    if not isinstance(root, yaml.MappingNode):
        raise InputError(f"{where}: expected a mapping with `name` and `facts`")
    name: str | None = None
    facts_node: yaml.Node | None = None
    for knode, vnode in root.value:
        key = knode.value if isinstance(knode, yaml.ScalarNode) else None
        at = f"{where} line {knode.start_mark.line + 1}"
        if key == "name":
            if not isinstance(vnode, yaml.ScalarNode) or vnode.tag == _NULL:
                kind = "empty" if vnode.tag == _NULL else f"a {_node_kind(vnode)}"
                raise InputError(f"{at}: {_SHEET_NAME.format(problem=kind)}")
            name = vnode.value.strip()
        elif key == "facts":
            facts_node = vnode
        else:
            raise InputError(f"{at}: {_UNKNOWN_KEY.format(key=key, hint='')}")
    if facts_node is None or (isinstance(facts_node, yaml.ScalarNode) and facts_node.tag == _NULL):
        raise InputError(f"{where}: {_NO_FACTS['YAML']}")
    if not isinstance(facts_node, yaml.MappingNode):
        at = f"{where} line {facts_node.start_mark.line + 1}"
        raise InputError(f"{at}: {_FACTS_SHAPE.format(kind=_node_kind(facts_node))}")
    if not facts_node.value:
        raise InputError(f"{where}: {_NO_FACTS['YAML']}")
    facts: list[tuple[str, str]] = []
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for knode, vnode in facts_node.value:
        line = knode.start_mark.line + 1
        at = f"{where} line {line}"
        if not isinstance(knode, yaml.ScalarNode):
            problems.append(f"{at}: " + _BAD_NAME.format(name="?", problem="not text"))
            continue
        key = knode.value
        if key in first_line:
            problems.append(f"{at}: " + _DUPLICATE.format(name=key, line=first_line[key]))
            continue
        first_line[key] = line
        if not isinstance(vnode, yaml.ScalarNode):
            example = _EXAMPLE["YAML"].format(name=key)
            kind = _node_kind(vnode)
            problems.append(f"{at}: " + _NOT_SCALAR.format(name=key, kind=kind, example=example))
        elif vnode.tag == _NULL:
            problems.append(f"{at}: " + _EMPTY.format(name=key))
        else:
            facts.append((key, vnode.value.strip()))
    if problems:
        raise InputError("\n".join(problems))
    return name, facts


def _node_kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "table"
    if isinstance(node, yaml.SequenceNode):
        return "list"
    return "text"
