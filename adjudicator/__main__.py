"""`python -m adjudicator` is the `adjudicator` command."""

from adjudicator.cli.main import main

main()
