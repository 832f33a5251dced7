"""`tieout tools`: the function-calling definitions an agent's client registers."""

from __future__ import annotations

import click

from tieout.cli._options import format_option, handles_errors
from tieout.cli.render import print_json

__all__ = ["tools_command"]


@click.command(name="tools")
@format_option(["openai", "anthropic"], "openai", "The function-calling shape to print.")
@handles_errors
def tools_command(fmt: str) -> None:
    """Print the submit_claims and save_document tool definitions as JSON."""
    from tieout.agents.tools import tool_definitions

    print_json(tool_definitions(fmt))
