"""Run the adjudicator from a checkout: `python cli.py ...` is the installed `adjudicator` command."""

from adjudicator.cli import main

if __name__ == "__main__":
    main()
