"""`tieout facts …`: fact sheets, the one file per product that the prompt and the gate share."""

from __future__ import annotations

import click

from tieout.cli._options import handles_errors

__all__ = ["facts"]


@click.group()
def facts() -> None:
    """Fact sheets: named facts per product, rendered for the prompt and allowed by the gate."""


@facts.command("render")
@click.argument("file", metavar="FILE")
@handles_errors
def render_command(file: str) -> None:
    """Print FILE's facts block for a generation prompt (FILE: .toml, .yaml or .yml)."""
    from tieout.gating.facts import load_facts, render

    click.echo(render(load_facts(file)))
