"""One error tree for tieout.

Every error tieout raises on purpose is a :class:`TieoutError`; each also inherits the
built-in it resembles, so callers may catch either::

    TieoutError(Exception)
    ├── InputError(ValueError)            the user's input is unusable; the message says how to fix it
    │   ├── ClaimValidationError          a claim set broke the schema (.problems: [(path, message)])
    │   ├── UnitNotRecognised             a unit string tieout cannot read (.unit, .accepted)
    │   ├── PeriodNotRecognised           a period string tieout cannot read (.text)
    │   ├── UnitMismatch                  two units of different dimensions (.unit, .expected)
    │   ├── DocumentFormatError           a source file tieout cannot read (.path, .reason)
    │   └── ConfigError                   a bad option or configuration value
    ├── NotFound(LookupError)
    │   ├── UnknownMetric                 no registry row for a metric (.metric_key, .as_of)
    │   └── UnknownDocument               no ingested document with that id (.doc_id)
    ├── RegistryConflict(ValueError)      a registry change that would break the history
    └── StorageError(RuntimeError)        the database refused or failed (SQLAlchemy errors enter here)

Third-party errors (pydantic, pint, SQLAlchemy, json) are translated where they enter the
package, never let through. The CLI turns any ``TieoutError`` into one line and exit code 2.
Messages are built in ``__str__`` from the fields, so the fields stay inspectable.
"""

from __future__ import annotations

from collections.abc import Sequence


class TieoutError(Exception):
    """Base of every error tieout raises on purpose."""


class InputError(ValueError, TieoutError):
    """The user's input is unusable; the message names what is wrong and how to fix it."""


class ClaimValidationError(InputError):
    """A claim set does not satisfy the published schema.

    ``problems`` holds ``(path, message)`` pairs such as
    ``("claims[3].source_quote", "field required")``.
    """

    def __init__(self, problems: Sequence[tuple[str, str]], source: str | None = None) -> None:
        self.problems = list(problems)
        self.source = source
        super().__init__(self.problems)

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source else ""
        first_path, first_msg = self.problems[0] if self.problems else ("", "invalid")
        more = len(self.problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
        if first_path == "document" and self.source:  # the file as a whole: its name says it
            return f"{where}{first_msg}{tail}"
        return f"{where}{first_path}: {first_msg}{tail}"


class UnitNotRecognised(InputError):
    """A unit string that tieout cannot read."""

    def __init__(self, unit: str, accepted: Sequence[str] = ()) -> None:
        self.unit = unit
        self.accepted = list(accepted)
        super().__init__(unit)

    def __str__(self) -> str:
        forms = ", ".join(self.accepted) if self.accepted else "see `tieout units`"
        return f"unit {self.unit!r} is not recognised; accepted forms: {forms}"


class PeriodNotRecognised(InputError):
    """A period string that tieout cannot read."""

    def __init__(self, text: str, hint: str = "") -> None:
        self.text = text
        self.hint = hint
        super().__init__(text)

    def __str__(self) -> str:
        hint = self.hint or (
            "use an ISO date (2026-07-31), a month (2026-07, July 2026), "
            "a quarter (Q3 2026), a half (H1 2026) or a fiscal year (FY2025)"
        )
        return f"period {self.text!r} is not recognised; {hint}"


class UnitMismatch(InputError):
    """Two units that measure different things (USD against percent, USD against EUR)."""

    def __init__(self, unit: str, expected: str) -> None:
        self.unit = unit
        self.expected = expected
        super().__init__(unit, expected)

    def __str__(self) -> str:
        return f"unit {self.unit!r} cannot be compared with {self.expected!r}: they measure different things"


class DocumentFormatError(InputError):
    """A source file that tieout cannot read."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(path, reason)

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


class ConfigError(InputError):
    """A bad option or configuration value."""


class NotFound(LookupError, TieoutError):
    """Something named by the user does not exist."""

    def __str__(self) -> str:  # LookupError would repr() a single argument
        return str(self.args[0]) if self.args else self.__class__.__name__


class UnknownMetric(NotFound):
    """No registry row for a metric (on the date asked)."""

    def __init__(self, metric_key: str, as_of: object | None = None) -> None:
        self.metric_key = metric_key
        self.as_of = as_of
        super().__init__(metric_key)

    def __str__(self) -> str:
        when = f" in force on {self.as_of}" if self.as_of else ""
        return (
            f"metric {self.metric_key!r} has no registry entry{when}; "
            "register it with `tieout registry add` or `tieout registry import`"
        )


class UnknownDocument(NotFound):
    """No ingested document with that id."""

    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id
        super().__init__(doc_id)

    def __str__(self) -> str:
        return (
            f"document {self.doc_id!r} is not ingested; add it with "
            f"`tieout docs add FILE --id {self.doc_id}` (see `tieout docs list`)"
        )


class RegistryConflict(ValueError, TieoutError):
    """A registry change that would break the metric's history."""


class StorageError(RuntimeError, TieoutError):
    """The database refused or failed; the message says which operation."""
