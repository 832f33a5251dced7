"""Per-workflow gate configuration: which claim classes are checked, against which sources.

Read from ``tieout.toml`` (``[workflows.NAME]`` or top-level ``[NAME]`` tables) or from
``[tool.tieout.workflows.NAME]`` in ``pyproject.toml``. Seed 000's rule: decide per
workflow which kinds of claim are copied; a workflow whose figures are derived turns the
gate off rather than loosening it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tieout.errors import ConfigError

__all__ = ["CLAIM_CLASSES", "DEFAULT", "ROUNDING", "SOURCE_KINDS", "WorkflowConfig", "load_config"]

CLAIM_CLASSES = ("currency", "percent", "numeric", "words")
SOURCE_KINDS = ("anchors", "extraction_source", "fact_sheet")
ROUNDING = ("reject", "accept")


@dataclass(frozen=True)
class WorkflowConfig:
    """How the gate treats one workflow's drafts."""

    name: str = "default"
    enabled: bool = True
    claim_classes: tuple[str, ...] = ("currency", "percent", "numeric")
    sources: tuple[str, ...] = SOURCE_KINDS
    words: bool = False  # bare spelled-out counts ("nine channels") as the class `words`
    check_code: bool = True  # fenced code blocks are checked unless this is false
    skip_urls: bool = True  # figures inside URLs are carve-outs
    max_rejections: int = 3  # consecutive rejections that end a run
    rounding: str = "reject"  # "accept": a rounding of a stated figure passes (see rounding.py)
    # "accept": a figure the sources state only as an approximation or a bound ("about
    # $800 million") passes when the draft states it exactly ("$800 million")
    hedges: str = "reject"
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def classes(self) -> frozenset[str]:
        classes = set(self.claim_classes)
        if self.words:
            classes.add("words")
        return frozenset(classes)

    @classmethod
    def from_mapping(cls, name: str, data: Mapping[str, Any], where: str = "") -> WorkflowConfig:
        """Validate one workflow table; unknown keys and wrong types are refused by name."""
        at = f"{where}: " if where else ""
        known = {
            "enabled",
            "claim_classes",
            "sources",
            "words",
            "check_code",
            "skip_urls",
            "max_rejections",
            "rounding",
            "hedges",
        }
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(
                f"{at}workflow {name!r}: unknown setting {unknown[0]!r}; settings are {', '.join(sorted(known))}"
            )
        kwargs: dict[str, Any] = {"name": name}
        for key in ("enabled", "words", "check_code", "skip_urls"):
            if key in data:
                if not isinstance(data[key], bool):
                    raise ConfigError(f"{at}workflow {name!r}: {key} must be true or false")
                kwargs[key] = data[key]
        for key, allowed in (("claim_classes", CLAIM_CLASSES), ("sources", SOURCE_KINDS)):
            if key in data:
                value = data[key]
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise ConfigError(f"{at}workflow {name!r}: {key} must be a list of strings")
                bad = [v for v in value if v not in allowed]
                if bad:
                    raise ConfigError(
                        f"{at}workflow {name!r}: {key} has {bad[0]!r}; choose from {', '.join(allowed)}"
                    )
                kwargs[key] = tuple(value)
        for key in ("rounding", "hedges"):  # "reject" (the default) or "accept"
            if key in data:
                if data[key] not in ROUNDING:
                    raise ConfigError(
                        f'{at}workflow {name!r}: {key} must be "reject" or "accept" '
                        f"(got {data[key]!r})"
                    )
                kwargs[key] = data[key]
        if "max_rejections" in data:
            n = data["max_rejections"]
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise ConfigError(
                    f"{at}workflow {name!r}: max_rejections must be a whole number >= 1"
                )
            kwargs["max_rejections"] = n
        return cls(**kwargs)


DEFAULT = WorkflowConfig()


def load_config(path: str | Path | None = None) -> dict[str, WorkflowConfig]:
    """Workflows from a ``tieout.toml`` (or a ``pyproject.toml``'s ``[tool.tieout]``).

    With no path: ``./tieout.toml`` if present, else ``./pyproject.toml``'s table, else none.
    """
    if path is None:
        for candidate in (Path("tieout.toml"), Path("pyproject.toml")):
            if candidate.is_file():
                found = _read(candidate)
                if found or candidate.name == "tieout.toml":
                    return found
        return {}
    p = Path(path)
    if not p.is_file():
        raise ConfigError(f"{path}: no such configuration file")
    return _read(p)


def _read(p: Path) -> dict[str, WorkflowConfig]:
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{p}: not valid TOML ({exc})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{p}: not UTF-8 text") from None
    if p.name == "pyproject.toml":
        data = data.get("tool", {}).get("tieout", {})
    tables = data.get("workflows", data)
    if not isinstance(tables, dict):
        raise ConfigError(f"{p}: [workflows] must be a table of workflow tables")
    out = {}
    for name, table in tables.items():
        if not isinstance(table, dict):
            raise ConfigError(f"{p}: {name!r} must be a table such as [{name}] with enabled = true")
        out[name] = WorkflowConfig.from_mapping(name, table, str(p))
    return out
