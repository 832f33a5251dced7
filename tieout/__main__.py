"""`python -m tieout` runs the command line."""

from tieout.cli import main

main()
