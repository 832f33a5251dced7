"""What the gate returns: one entry per figure in the draft, and the verdict on the save."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["CarveOut", "GateClaim", "GateResult", "key_text"]


def key_text(kind: str, unit: str | None, value: object) -> str:
    """A canonical key as text: 'currency:USD:4200000', 'percent:32', 'number:1000',
    'quantity:GW:1.2', 'section:2.2'."""
    if kind == "section":
        return f"section:{value}"
    shown = format(value, "f") if value is not None else "?"
    if "." in shown:
        shown = shown.rstrip("0").rstrip(".")
    if kind in ("currency", "quantity"):
        return f"{kind}:{unit}:{shown}"
    return f"{'percent' if kind == 'percent' else 'number'}:{shown}"


@dataclass(slots=True, unsafe_hash=True)
class GateClaim:
    """One figure of the draft and what the gate made of it. A value: never change one.

    (Not ``frozen=True`` only because a frozen dataclass costs five times as much to
    build, and a draft of 10,000 figures builds 10,000 of these; as ``Figure``.)"""

    cls: str  # 'currency' | 'percent' | 'numeric' | 'words'
    text: str
    span: tuple[int, int]  # in sanitized_text
    line: int
    key: str
    status: str  # 'found' | 'rounded' | 'missing' | 'marked' | 'unchecked'
    found_in: str | None = None
    reason: str = ""
    hint: str | None = None  # for the model: what the sources state instead, when known

    def to_dict(self) -> dict[str, Any]:
        return {
            "class": self.cls,
            "text": self.text,
            "span": list(self.span),
            "line": self.line,
            "key": self.key,
            "status": self.status,
            "found_in": self.found_in,
            "reason": self.reason,
            "hint": self.hint,
        }


@dataclass(frozen=True, slots=True)
class CarveOut:
    """A stretch of the draft the gate deliberately did not check, and why."""

    kind: str  # 'url' | 'version' | 'date' | 'time' | 'phone' | 'identifier' | 'locator'
    text: str
    span: tuple[int, int]
    line: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "span": list(self.span), "line": self.line}


@dataclass(frozen=True)
class GateResult:
    """The gate's answer on one draft. ``sanitized_text`` is exactly what would be saved."""

    passed: bool
    outcome: str  # 'pass' | 'rejected' | 'disabled' | 'aborted'
    sanitized_text: str
    message: str
    claims: tuple[GateClaim, ...] = ()
    carve_outs: tuple[CarveOut, ...] = ()
    workflow: str | None = None
    run_id: str | None = None
    rejections_in_a_row: int = 0

    @property
    def rejected(self) -> tuple[GateClaim, ...]:
        return tuple(c for c in self.claims if c.status == "missing")

    @property
    def marked(self) -> int:
        """Figures kept on lines marked [not in source]: unsourced, and labelled so."""
        return sum(1 for c in self.claims if c.status == "marked")

    @property
    def rounded(self) -> int:
        """Figures accepted as roundings of what the sources state (``rounding = "accept"``)."""
        return sum(1 for c in self.claims if c.status == "rounded")

    def to_dict(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "outcome": self.outcome,
            "workflow": self.workflow,
            "run_id": self.run_id,
            "rejections_in_a_row": self.rejections_in_a_row,
            "message": self.message,
            "marked": self.marked,
            "rounded": self.rounded,
            "rejected": [c.to_dict() for c in self.rejected],
            "claims": [c.to_dict() for c in self.claims],
            "carve_outs": [c.to_dict() for c in self.carve_outs],
            "sanitized_text": self.sanitized_text,
        }
