"""A metric definition: seed 003's registry row (Type 2 history) as an immutable value."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator
from pydantic import model_validator as _model_validator

from tieout.errors import InputError, TieoutError
from tieout.schemas.claim import METRIC_KEY_PATTERN
from tieout.schemas.limits import TEXT_LIMITS, date_problem
from tieout.units import parse_unit

__all__ = ["MetricDefinition", "check_lookup"]


def _iso_date(value: object) -> object:
    """Accept a ``date`` or a ``YYYY-MM-DD`` string; refuse datetimes and timestamps."""
    if isinstance(value, datetime):
        raise ValueError(f"must be a date, not a date and time: {value.isoformat()}")
    day = value if isinstance(value, date) else None
    if isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        with contextlib.suppress(ValueError):
            day = date.fromisoformat(value)
    if day is None:
        raise ValueError(f"must be a calendar date written YYYY-MM-DD, got {value!r}")
    problem = date_problem(day)
    if problem is not None:
        raise ValueError(problem)
    return day


Day = Annotated[date, BeforeValidator(_iso_date)]


class MetricDefinition(BaseModel):
    """What a metric means, in which unit and period, and which document is authoritative.

    One version of the definition: it is in force from ``effective_from`` until the day
    before ``effective_to`` (``None``: still current). ``unit`` is stored in canonical form
    (``'usd_m'`` → ``'USD_millions'``). Use :meth:`from_mapping` at input boundaries to get
    tieout errors instead of pydantic's.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    metric_key: Annotated[
        str, Field(pattern=METRIC_KEY_PATTERN, max_length=TEXT_LIMITS["metric_key"])
    ]
    definition: Annotated[str, Field(min_length=1, max_length=TEXT_LIMITS["definition"])]
    unit: Annotated[str, Field(min_length=1, max_length=TEXT_LIMITS["unit"])]
    period_start: Day
    period_end: Day
    source_doc_id: Annotated[str, Field(min_length=1, max_length=TEXT_LIMITS["source_doc_id"])]
    effective_from: Day
    effective_to: Day | None = None

    @field_validator("definition", "source_doc_id", "unit")
    @classmethod
    def _no_nul(cls, text: str) -> str:
        if "\x00" in text:  # SQLite would store it, PostgreSQL refuses it: refused on both
            raise ValueError("must not contain the NUL character (\\u0000) — remove it")
        return text

    @field_validator("unit")
    @classmethod
    def _known_unit(cls, unit: str) -> str:
        return parse_unit(unit).name  # UnitNotRecognised is a ValueError: pydantic reports it

    @_model_validator(mode="after")
    def _ordered_dates(self) -> MetricDefinition:
        if self.period_start > self.period_end:
            raise ValueError(
                f"period_start {self.period_start} is after period_end {self.period_end}"
            )
        if self.effective_to is not None and self.effective_to <= self.effective_from:
            raise ValueError(
                f"effective_to {self.effective_to} must be after "
                f"effective_from {self.effective_from}"
            )
        return self

    def in_force_on(self, day: date) -> bool:
        """Whether this version of the definition applies on ``day``."""
        return self.effective_from <= day and (self.effective_to is None or day < self.effective_to)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> MetricDefinition:
        """Validate a row (from YAML, CSV, a dict); raise :class:`~tieout.errors.InputError`
        naming every bad field, instead of pydantic's ``ValidationError``.
        """
        try:
            return cls.model_validate(dict(data))
        except ValidationError as exc:
            key = data.get("metric_key")
            where = f"{source}: " if source else ""
            label = f"metric definition {key!r}" if isinstance(key, str) else "metric definition"
            problems = "; ".join(_describe_error(err) for err in exc.errors(include_url=False))
            raise InputError(f"{where}{label}: {problems}") from None


def _describe_error(err: Any) -> str:
    field = ".".join(str(part) for part in err["loc"])
    cause = err.get("ctx", {}).get("error")
    if isinstance(cause, TieoutError | ValueError):
        message = str(cause)
    elif err["type"] == "missing":
        message = "field required"
    elif err["type"] == "string_too_long":
        length = len(str(err.get("input", "")))
        message = f"is {length:,} characters long, over the limit of {err['ctx']['max_length']:,} — shorten it"
    elif err["type"] == "extra_forbidden":
        message = "unknown field — remove it"
    else:
        message = str(err["msg"])
    return f"{field}: {message}" if field else message


def check_lookup(metric_key: object, on: object = None, *, needs_date: bool = True) -> None:
    """Refuse, naming the argument and the fix, a look-up by something other than a metric
    key (a string) and a day (a ``datetime.date``): it would find nothing, or crash."""
    if not isinstance(metric_key, str):
        raise InputError(
            f"metric_key must be a string such as 'cash_balance', got {type(metric_key).__name__}"
        )
    if needs_date and (not isinstance(on, date) or isinstance(on, datetime)):
        raise InputError(
            f"the day to look {metric_key!r} up on must be a datetime.date, got "
            f"{type(on).__name__}; e.g. date(2026, 7, 31) or date.fromisoformat('2026-07-31')"
        )
