"""The `adjudicator` command line (placeholder until the commands land)."""

import click


@click.group()
def main() -> None:
    """Adjudicate Diplomacy orders."""
