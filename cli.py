"""From a checkout, `python cli.py ...` runs the same program as the installed `adjudicator`."""

from adjudicator.cli.main import main

if __name__ == "__main__":
    main()
