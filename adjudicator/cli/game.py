"""`adjudicator game ...`: run a whole game from one file, the way a gamesmaster works.

Each command reads the game file, applies one pure operation from adjudicator.game.game, writes the
file back atomically and prints what a person needs to see. Rendering helpers here are pure.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import click

from adjudicator.board.map import Map, MapError, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import Phase, PhaseKind, Season
from adjudicator.cli import game_orders
from adjudicator.cli.game_io import game_name, load, save, update
from adjudicator.cli.game_orders import describe_pending, missing_warning
from adjudicator.cli.options import daide_output, result_format
from adjudicator.game.game import (
    Game,
    GameError,
    PlayedPhase,
    adjudicate_pending,
    declare_disorder,
    new_game,
    phase_rules,
    rebuild,
    replay,
)
from adjudicator.game.owed import Owed, owed_orders


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def game_command() -> None:
    """Run a game kept in one human-readable file (orders, adjudication, history, replay)."""


game_command.add_command(game_orders.orders)
game_command.add_command(game_orders.status)
game_command.add_command(game_orders.undo)


@game_command.command("new")
@click.argument("game_file", metavar="FILE")
@click.option("--variant", default="standard", show_default=True, help="A map name or file.")
@click.option("--rules", "rules_name", default="2023", show_default=True, help="Rule edition.")
@click.option("--name", default=None, help="The game's name, shown in reports.")
@click.option("--force", is_flag=True, help="Replace an existing file.")
def new(game_file: str, variant: str, rules_name: str, name: str | None, force: bool) -> None:
    """Create a game at the variant's first phase."""
    from adjudicator.board.rules import rules_from

    if Path(game_file).exists() and not force:
        raise click.ClickException(f"{game_file} exists; use --force to replace it")
    try:
        game = new_game(variant, rules_from(rules_name))
    except (MapError, ValueError) as error:
        raise click.ClickException(str(error)) from None
    if name:
        game = Game(game.variant, game.rules, game.start, meta={"name": name})
    save(game_file, game)
    click.echo(f"{game_file}: new {variant} game (rules {rules_name}) at {game.current.phase}")


@game_command.command("disorder")
@click.argument("game_file", metavar="FILE")
@click.argument("powers", nargs=-1)
def disorder_command(game_file: str, powers: tuple[str, ...]) -> None:
    """Declare POWERS in civil disorder from the current phase on (none: lift every one).

    Rulebook XIV.3: their orders are ignored, their units hold without supporting each other,
    a dislodged one is disbanded, and they build nothing (with the rules' `disorder_units`
    "rulebook"; with "hold" the units only hold). Each played phase keeps its declaration.
    """
    game, _ = update(game_file, lambda game: (declare_disorder(game, powers), None))
    names = ", ".join(load_map(game.variant).powers[c].name for c in game.disorder)
    when = game.current.phase
    click.echo(f"civil disorder from {when}: {names}" if names else f"no civil disorder at {when}")


@game_command.command("adjudicate")
@click.argument("game_file", metavar="FILE")
@result_format("text")
@click.option(
    "--strict", is_flag=True, help="Refuse (exit 1, nothing changed) while orders are missing."
)
def adjudicate(game_file: str, output_format: str, strict: bool) -> None:
    """Adjudicate the current phase with the pending orders and record it in the file.

    Orders still owed (`game status`) are named in a warning on standard error: units without
    orders hold, dislodged ones are disbanded, builds are waived and removals made by the rules.
    With --strict the phase is not adjudicated while any are owed.
    """

    def change(game: Game) -> tuple[Game, tuple[Game, PlayedPhase, tuple[Owed, ...]]]:
        owed = owed_orders(game)
        if owed and strict:
            warning = missing_warning(load_map(game.variant), game, owed)
            raise GameError(f"{warning}\nnothing adjudicated, the file is unchanged (--strict)")
        updated, played = adjudicate_pending(game)
        return updated, (game, played, owed)

    updated, (game, played, owed) = update(game_file, change)
    before = game.current
    if output_format == "json":
        click.echo(json.dumps(_result_document(played, updated), indent=2))
    elif output_format == "daide":
        game_map = load_map(game.variant)
        click.echo(daide_output(game_map, before, played.results, played.errors), nl=False)
    else:
        click.echo(_text_report(game_name(game_file, game), game, before, played), nl=False)
    if owed:
        click.echo(f"warning: {missing_warning(load_map(game.variant), game, owed)}", err=True)


def _result_document(played: PlayedPhase, game: Game) -> dict[str, Any]:
    from adjudicator.contract.documents import result_to_document
    from adjudicator.resolve.engine import PhaseResult

    result = PhaseResult(played.phase, played.results, played.errors, played.next)
    return result_to_document(result, game.rules)


def _text_report(name: str, game: Game, before: Position, played: PlayedPhase) -> str:
    """The judge's report, then the order lines that could not be read and the ignored comments,
    caret-marked, grouped by power."""
    from adjudicator.report.text import judge_report
    from adjudicator.report.unread import with_unread

    game_map = load_map(game.variant)
    report = judge_report(game_map, before, played.results, played.next, game=name)
    return with_unread(report, game_map, played.errors)


@game_command.command("show")
@click.argument("game_file", metavar="FILE")
@click.option("--phase", "phase_name", default=None, help="A phase played (e.g. S1901M).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Draw it instead: the board with the orders (and outcomes) as NAME.svg or NAME.png.",
)
def show(game_file: str, phase_name: str | None, output: Path | None) -> None:
    """Show the current position (or the one at the start of --phase) and its orders."""
    game = load(game_file)
    try:
        phase = Phase.parse(phase_name) if phase_name else game.current.phase
        position, played = game.lookup(phase)
    except (GameError, ValueError) as error:
        raise click.ClickException(str(error)) from None
    if output is not None:
        _draw(game, position, played, output)
        return
    game_map = load_map(game.variant)
    title = f"{game_name(game_file, game)}: {game.variant}, rules {game.rules.edition}"
    click.echo(title)
    click.echo(describe_position(game_map, position))
    disorder = game.disorder if played is None else played.disorder
    for line in describe_players(game_map, position, phase_rules(game.rules, disorder)):
        click.echo(line)
    if played is None:
        click.echo(describe_pending(game_map, game))
    else:
        click.echo(describe_results(game_map, played))


def _draw(game: Game, position: Position, played: PlayedPhase | None, output: Path) -> None:
    from adjudicator.cli.render import drawing_needed, write_picture
    from adjudicator.report.svg import render_svg

    with drawing_needed():
        if played is None:
            pending = {power: list(lines) for power, lines in game.pending.items()}
            svg = render_svg(position, orders=pending or None)
        else:
            svg = render_svg(position, result=played.results, after=played.next)
    write_picture(svg, output)
    click.echo(f"{output}: written")


@game_command.command("html")
@click.argument("game_file", metavar="FILE")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path))
def html_command(game_file: str, output: Path) -> None:
    """Write one self-contained web page to step through the game, phase by phase."""
    from adjudicator.cli.render import drawing_needed
    from adjudicator.report.html import game_page

    game = load(game_file)
    with drawing_needed():
        page = game_page(game, game_name(game_file, game))
    output.write_text(page, encoding="utf-8")
    click.echo(f"{output}: {len(game.played) + 1} phases")


def _place(game_map: Map, location: str) -> str:
    province = game_map.provinces.get(location.split("/")[0])
    return province.name if province else location


def _either(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def describe_position(game_map: Map, position: Position) -> str:
    """Units and centres per power, unowned centres, the dislodged, the adjustments due."""
    phase = position.phase
    lines = [f"{phase.season.word} {phase.year} {phase.kind.word} ({phase})", ""]
    powers = sorted(
        set(game_map.powers)
        | {u.power for u in position.units.values()}
        | set(position.centers.values())
    )
    width = max(len(game_map.power_name(p)) for p in powers) + 2
    for power in powers:
        units = [str(u) for u in position.units_of(power)]
        centers = position.centers_of(power)
        lead = f"{game_map.power_name(power) + ':':<{width}}"
        lines.append(f"{lead}{len(units)} units: {', '.join(units) or '-'}")
        lines.append(f"{'':<{width}}{len(centers)} centres: {', '.join(centers) or '-'}")
    unowned = sorted(game_map.supply_centers - set(position.centers))
    if unowned:
        lines += ["", f"Unowned centres: {', '.join(unowned)}"]
    if position.dislodged:
        lines += ["", "Dislodged:"]
        for d in sorted(position.dislodged.values(), key=lambda d: (d.unit.power, str(d.unit))):
            adjective = game_map.power_adjective(d.unit.power)
            where = _either([_place(game_map, r) for r in d.retreats]) if d.retreats else None
            fate = f"can retreat to {where}" if where else "has nowhere to retreat"
            lines.append(
                f"  The {adjective} {d.unit.type.word} in {_place(game_map, d.unit.location)}"
                f" ({d.unit}) {fate}."
            )
    if phase.kind is PhaseKind.ADJUSTMENT:
        from adjudicator.board.adjustments import adjustment_counts

        due = {p: n for p, n in adjustment_counts(game_map, position).items() if n}
        lines += ["", "Adjustments:"]
        for power, count in sorted(due.items()):
            what = f"builds {count}" if count > 0 else f"removes {-count}"
            lines.append(f"  {game_map.power_name(power)} {what}")
    if position.winner:
        lines += ["", f"Winner: {game_map.power_name(position.winner)}"]
    return "\n".join(lines)


def describe_players(game_map: Map, position: Position, rules: Rules) -> list[str]:
    """Who plays what (rulebook XIV.2/XIV.3): neutral powers, civil disorder, sides, the toss."""
    from adjudicator.resolve.sides import coin_toss

    def names(powers: Iterable[str]) -> str:
        return ", ".join(game_map.power_name(p) for p in sorted(powers))

    lines = []
    neutral = game_map.neutral_at(position.phase)
    if neutral:
        lines.append(f"Neutral (nobody orders them): {names(neutral)}")
    if rules.disorder:
        lines.append(f"In civil disorder (declared): {names(p.upper() for p in rules.disorder)}")
    for side, members in sorted(game_map.sides.items()):
        lines.append(f"Side {side}: {names(members)}")
    joins = game_map.joins_winner or ""
    joined = game_map.powers[joins].neutral_until if joins in game_map.powers else None
    if joined and position.phase > Phase(joined.year - 1, Season.FALL, PhaseKind.RETREAT):
        won = coin_toss(game_map, rules)
        lines.append(
            f"Coin toss won by {won}: {game_map.power_name(joins)} plays with it from {joined}"
        )
    return ["", *lines] if lines else []


def describe_results(game_map: Map, played: PlayedPhase) -> str:
    """The orders of a played phase as the engine read them, with their outcome."""
    lines = ["", f"Orders and results of {played.phase}:"]
    for r in played.results:
        tags = f" ({', '.join(r.tags)})" if r.tags else ""
        why = f": {r.reason}" if r.reason else ""
        lines.append(f"  {game_map.power_name(r.power)}: {r.order}  {r.result}{tags}{why}")
    for e in played.errors:
        lines.append(f"  {game_map.power_name(e.power)}: {e.input!r} not read: {e.error}")
    lines.append(f"Next: {played.next.phase}")
    return "\n".join(lines)


@game_command.command("replay")
@click.argument("game_file", metavar="FILE")
@click.option(
    "--rewrite",
    is_flag=True,
    help="Re-adjudicate from the start and store the new results (after a hand correction).",
)
def replay_command(game_file: str, rewrite: bool) -> None:
    """Re-adjudicate every stored phase; exit 1 if any stored outcome is not reproduced."""
    if rewrite:
        rebuilt, _ = update(game_file, lambda game: (rebuild(game), None))
        click.echo(f"rewrote {game_file}: {len(rebuilt.played)} phases re-adjudicated")
        return
    game = load(game_file)
    differences = replay(game)
    for found in differences:
        click.echo(f"{found.phase}: differs")
        for problem in found.problems:
            click.echo(f"  {problem}")
    if differences:
        click.echo(f"{len(differences)} of {len(game.played)} phases differ", err=True)
        sys.exit(1)
    click.echo(f"OK: {len(game.played)} phases replayed")


@game_command.command("import")
@click.argument("saved_file", metavar="SAVED.json")
@click.argument("game_file", metavar="OUT_GAME_FILE")
@click.option("--force", is_flag=True, help="Replace an existing file.")
def import_command(saved_file: str, game_file: str, force: bool) -> None:
    """Convert a saved game of the `diplomacy` package into a game file."""
    from adjudicator.game.import_diplomacy import SavedGameError, game_from_saved

    if Path(game_file).exists() and not force:
        raise click.ClickException(f"{game_file} exists; use --force to replace it")
    try:
        text = (
            sys.stdin.read() if saved_file == "-" else Path(saved_file).read_text(encoding="utf-8")
        )
        game = game_from_saved(json.loads(text))
    except OSError as error:
        raise click.ClickException(f"{saved_file}: cannot read: {error}") from None
    except json.JSONDecodeError as error:
        raise click.ClickException(f"{saved_file}: not valid JSON: {error}") from None
    except SavedGameError as error:
        raise click.ClickException(f"{saved_file}: {error}") from None
    save(game_file, game)
    click.echo(f"{game_file}: imported {len(game.played)} phases; now at {game.current.phase}")


@game_command.command("export")
@click.argument("game_file", metavar="GAME")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["diplomacy"]),
    default="diplomacy",
    show_default=True,
    help="diplomacy: the saved-game JSON of the Python `diplomacy` package.",
)
@click.option("-o", "--output", required=True, help="The file to write ('-': standard output).")
def export_command(game_file: str, output_format: str, output: str) -> None:
    """Write the game in another program's format (the `diplomacy` package's saved game)."""
    from adjudicator.game.export_diplomacy import saved_from_game

    game = load(game_file)
    text = json.dumps(saved_from_game(game, game_name(game_file, game)), ensure_ascii=False)
    if output == "-":
        click.echo(text)
        return
    try:
        Path(output).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise click.ClickException(f"{output}: cannot write: {error}") from None
    click.echo(f"{output}: {len(game.played) + 1} phases ({output_format} saved game)")
