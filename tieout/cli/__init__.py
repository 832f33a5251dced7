"""The command line: a thin skin over the library.

Each command parses its options, calls one library function and renders the result.
One ``except TieoutError`` turns any error into a single line and exit code 2. Heavy
imports happen inside commands so ``tieout --help`` stays fast.
"""

from __future__ import annotations

import click

from tieout import __version__
from tieout.cli import (
    check,
    db,
    demo,
    docs,
    facts,
    gate,
    keys,
    mcp,
    registry,
    report,
    review,
    serve,
    tools,
)

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="tieout")
def main() -> None:
    """Tie every figure an LLM agent writes back to its source, deterministically."""


main.add_command(demo.demo)
main.add_command(check.check)
main.add_command(check.schema)
main.add_command(check.figures)
main.add_command(docs.docs)
main.add_command(registry.registry)
main.add_command(gate.gate_command)
main.add_command(facts.facts)
main.add_command(db.db_group)
main.add_command(mcp.mcp_command)
main.add_command(review.review_group)
main.add_command(tools.tools_command)
main.add_command(report.report_group)
main.add_command(serve.serve)
main.add_command(keys.keys)
