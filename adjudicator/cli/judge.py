"""`adjudicator judge ...`: a play-by-email judge kept in one SQLite file.

Players' mail comes in through `judge mail` (from .forward/procmail, a Maildir or an mbox),
cron runs `judge tick`, and the gamesmaster uses the other commands; nobody needs to touch the
database by hand.
"""

from __future__ import annotations

import os
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from adjudicator.board.map import MapError, load_map
from adjudicator.board.names import resolve_power
from adjudicator.game.game import GameError, declare_disorder, new_game
from adjudicator.game.gamefile import GameFileError, game_to_text, read_game
from adjudicator.game.owed import owed_orders
from adjudicator.judge.deadlines import (
    DEFAULT_SCHEDULE,
    iso,
    missing_powers,
    next_deadline,
    now_utc,
    parse_duration,
    parse_time,
    shown,
)
from adjudicator.judge.store import Store, StoreError, check_game_name, hash_password

_ADDRESS = re.compile(r"[^\s@<>,;\"]+@[^\s@<>,;\"]+")
"""One plain address: no spaces or line breaks (no header injection), no lists."""

_ERRORS = (StoreError, GameError, GameFileError, MapError, ValueError, OSError)


def _store(ctx: click.Context) -> Store:
    path: str = ctx.obj["db"]
    if not Path(path).exists() and ctx.info_name != "init":
        raise click.ClickException(f"{path}: no judge database; create one with `judge init`")
    return Store(path)


def _now(text: str | None) -> datetime:
    try:
        return parse_time(text) if text else now_utc()
    except ValueError:
        raise click.ClickException(f"bad --now {text!r}: write e.g. 2026-11-24T18:00") from None


_now_option = click.option(
    "--now", "now_text", default=None, help="The time (ISO; tests, replays)."
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db",
    default=lambda: os.environ.get("ADJUDICATOR_JUDGE_DB", "judge.sqlite"),
    show_default="$ADJUDICATOR_JUDGE_DB or judge.sqlite",
    help="The judge's SQLite file.",
)
@click.pass_context
def judge_command(ctx: click.Context, db: str) -> None:
    """Run play-by-email games: mail in, acknowledgements and results out, games in SQLite."""
    ctx.obj = {"db": db}


@judge_command.command("init")
@click.option("--address", required=True, help="The judge's own mail address.")
@click.option("--outbox", default=None, help="Maildir for outgoing mail (default: DB.outbox).")
@click.option("--smtp", default=None, metavar="HOST[:PORT]", help="Send by SMTP instead.")
@click.option("--starttls", is_flag=True, help="Use STARTTLS with --smtp.")
@click.option("--smtp-user", default=None, help="Log in as this user ($JUDGE_SMTP_PASSWORD).")
@click.option("--smtp-cafile", default=None, help="Trust this CA file for STARTTLS.")
@click.pass_context
def init(
    ctx: click.Context,
    address: str,
    outbox: str | None,
    smtp: str | None,
    starttls: bool,
    smtp_user: str | None,
    smtp_cafile: str | None,
) -> None:
    """Create the database (or change its settings)."""
    store = Store(ctx.obj["db"])
    with store.transaction():
        store.set_setting("address", address)
        if outbox:
            store.set_setting("outbox", str(Path(outbox).resolve()))
        if smtp:
            host, _, port = smtp.partition(":")
            store.set_setting("smtp_host", host)
            store.set_setting("smtp_port", port or "25")
            store.set_setting("smtp_starttls", "1" if starttls else "0")
            if smtp_user:
                store.set_setting("smtp_user", smtp_user)
            if smtp_cafile:
                store.set_setting("smtp_cafile", str(Path(smtp_cafile).resolve()))
    from adjudicator.judge.send import outbox_path

    where = f"SMTP {smtp}" if smtp else f"outbox {outbox_path(store)}"
    click.echo(f"{ctx.obj['db']}: judge {address}, mail goes to {where}")


@judge_command.command("create")
@click.argument("name")
@click.option("--variant", default="standard", show_default=True)
@click.option("--rules", "rules_name", default="2023", show_default=True)
@click.option("--from-file", "from_file", default=None, help="Start from a game file.")
@click.option("--movement", default="48h", show_default=True, help="Time for movement phases.")
@click.option("--retreat", default="24h", show_default=True, help="Time for retreat phases.")
@click.option("--adjustment", default="24h", show_default=True, help="Time for winter builds.")
@click.option("--grace", default="0h", show_default=True, help="Grace after a deadline.")
@click.option("--anonymous-press", is_flag=True, help="Press does not name its sender.")
@_now_option
@click.pass_context
def create(ctx: click.Context, /, name: str, **options: Any) -> None:
    """Create game NAME (a-z, 0-9, _ and -) with its deadline schedule."""
    from adjudicator.board.rules import rules_from

    now = _now(options["now_text"])
    try:
        check_game_name(name)
        if options["from_file"]:
            game = read_game(options["from_file"])
        else:
            game = new_game(options["variant"], rules_from(options["rules_name"]))
        game = type(game)(game.variant, game.rules, game.start, game.played, game.pending,
                          {**game.meta, "name": name})  # fmt: skip
        schedule = dict(DEFAULT_SCHEDULE)
        for key, option in (("M", "movement"), ("R", "retreat"), ("A", "adjustment")):
            schedule[key] = parse_duration(options[option])
        schedule["grace"] = parse_duration(options["grace"])
        store = _store(ctx)
        deadline = next_deadline(schedule, game.current.phase.kind, now)
        with store.transaction():
            store.add_game(name, game, schedule, iso(now))
            store.set_deadline(name, deadline)
            store.set_game_field(name, "anonymous_press", int(options["anonymous_press"]))
    except _ERRORS as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{name}: {game.variant} game at {game.current.phase}, deadline {shown(deadline)}")


@judge_command.command("player")
@click.argument("name")
@click.argument("power")
@click.argument("address")
@click.option("--password", default=None, help="The player's password (asked for if missing).")
@click.pass_context
def player(ctx: click.Context, name: str, power: str, address: str, password: str | None) -> None:
    """Add or replace POWER's player in game NAME (POWER 'observer' adds an observer)."""
    store = _store(ctx)
    try:
        row = store.get_game(name)
        if not _ADDRESS.fullmatch(address):
            raise StoreError(
                f"bad address {address!r}: write one plain address, e.g. a@example.org"
            )
        if power.lower() == "observer":
            with store.transaction():
                store.add_observer(name, address)
            click.echo(f"{name}: observer {address}")
            return
        code = resolve_power(load_map(row.game.variant), power, prefix=True)
        secret = password or click.prompt("Password", hide_input=True)
        with store.transaction():
            store.set_player(name, code, address, hash_password(secret))
    except _ERRORS as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{name}: {code} is played by {address}")


@judge_command.command("status")
@click.argument("name", required=False)
@click.pass_context
def status(ctx: click.Context, name: str | None) -> None:
    """Who has ordered (and what a set that leaves something out still owes), who is waited
    for, and the deadline (every game without NAME)."""
    store = _store(ctx)
    try:
        names = [name] if name else store.game_names()
        for game_name in names:
            row = store.get_game(game_name)
            game = row.game
            missing = missing_powers(game)
            partial = {o.power: o.words() for o in owed_orders(game) if o.sent}
            players = {p.power: p for p in store.players(game_name)}
            click.echo(f"{game_name}: {game.variant}, {game.current.phase}, "
                       f"deadline {shown(row.deadline)}")  # fmt: skip
            for power in sorted(load_map(game.variant).powers):
                who = players[power].address if power in players else "(no player)"
                state = "ordered" if power in game.pending else "-"
                if power in missing:
                    state = "no orders yet"
                elif power in partial:  # a set sent that leaves something out
                    state = f"ordered, still owes {partial[power]}"
                wait = ", waits" if power in players and players[power].wait else ""
                click.echo(f"  {power:<8} {who:<28} {state}{wait}")
    except _ERRORS as error:
        raise click.ClickException(str(error)) from None


@judge_command.command("process")
@click.argument("name")
@_now_option
@click.option("--no-send", is_flag=True, help="Queue the results without sending them.")
@click.pass_context
def process(ctx: click.Context, name: str, now_text: str | None, no_send: bool) -> None:
    """Adjudicate game NAME now, whatever the deadline; mail the results."""
    from adjudicator.judge.results import adjudicate_game

    store = _store(ctx)
    try:
        with store.transaction():
            text = adjudicate_game(store, name, _now(now_text))
    except _ERRORS as error:
        raise click.ClickException(str(error)) from None
    click.echo(text, nl=False)
    _send(store, no_send)


@judge_command.command("rollback")
@click.argument("name")
@_now_option
@click.pass_context
def rollback(ctx: click.Context, name: str, now_text: str | None) -> None:
    """Undo game NAME's last adjudication (its orders become pending again)."""
    from adjudicator.judge.results import rollback as roll_back

    store = _store(ctx)
    try:
        with store.transaction():
            click.echo(roll_back(store, name, _now(now_text)))
    except _ERRORS as error:
        raise click.ClickException(str(error)) from None


@judge_command.command("deadline")
@click.argument("name")
@click.option("--at", "at_text", default=None, help="The new deadline (ISO time).")
@click.option("--extend", default=None, help="Move the deadline on by this much (e.g. 24h).")
@click.pass_context
def deadline(ctx: click.Context, name: str, at_text: str | None, extend: str | None) -> None:
    """Set or extend game NAME's deadline for the current phase."""
    from datetime import timedelta

    store = _store(ctx)
    try:
        row = store.get_game(name)
        if at_text:
            moment = parse_time(at_text)
        elif extend and row.deadline:
            moment = parse_time(row.deadline) + timedelta(hours=parse_duration(extend))
        else:
            raise click.ClickException("give --at TIME, or --extend 24h for a game with a deadline")
        with store.transaction():
            store.set_deadline(name, iso(moment))
    except _ERRORS as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{name}: deadline {shown(iso(moment))}")


@judge_command.command("disorder")
@click.argument("name")
@click.argument("powers", nargs=-1)
@click.pass_context
def disorder(ctx: click.Context, name: str, powers: tuple[str, ...]) -> None:
    """Declare POWERS of game NAME in civil disorder (none: lift it). Rulebook XIV.3: their
    orders are ignored and nobody waits for them; each played phase keeps its declaration."""
    store = _store(ctx)
    try:
        with store.transaction():
            game = declare_disorder(store.get_game(name).game, powers)
            store.save_game(name, game)
    except _ERRORS as error:
        raise click.ClickException(str(error)) from None
    shown_powers = ", ".join(game.disorder) or "none"
    click.echo(f"{name}: civil disorder from {game.current.phase}: {shown_powers}")


@judge_command.command("export")
@click.argument("name")
@click.option("-o", "--output", default="-", help="The game file to write (default: stdout).")
@click.pass_context
def export(ctx: click.Context, name: str, output: str) -> None:
    """Write game NAME as a game file (`adjudicator game replay` reproduces it)."""
    store = _store(ctx)
    try:
        game = store.get_game(name).game
        if output == "-":
            click.echo(game_to_text(game), nl=False)
        else:
            from adjudicator.game.gamefile import write_game

            write_game(output, game)
            click.echo(f"{output}: {name}, {len(game.played)} phases, at {game.current.phase}")
    except _ERRORS as error:
        raise click.ClickException(str(error)) from None


@judge_command.command("mail")
@click.argument("sources", nargs=-1)
@_now_option
@click.option("--no-send", is_flag=True, help="Queue the answers without sending them.")
@click.pass_context
def mail(ctx: click.Context, sources: tuple[str, ...], now_text: str | None, no_send: bool) -> None:
    """Read mail: a message file, `-` (standard input, as from .forward), an mbox or a Maildir."""
    from adjudicator.judge.mailin import read_sources
    from adjudicator.judge.process import process_mail

    store = _store(ctx)
    failed = 0
    try:
        for source in read_sources(sources):
            try:
                done = process_mail(store, source.raw, _now(now_text))
            except Exception as error:  # one bad mail must not hold up the others behind it
                failed += 1
                click.echo(
                    f"{source.where}: not processed (kept for the next run): {error}", err=True
                )
                continue
            source.done()
            click.echo(f"{source.where}: {done.message_id} {done.outcome}")
    except OSError as error:
        raise click.ClickException(str(error)) from None
    _send(store, no_send)
    if failed:
        # 75 is EX_TEMPFAIL: an MTA piping one mail in (.forward) keeps it and tries again later.
        sys.exit(75 if sources in ((), ("-",)) else 1)


@judge_command.command("tick")
@_now_option
@click.option("--no-send", is_flag=True, help="Queue mail without sending it.")
@click.pass_context
def tick(ctx: click.Context, now_text: str | None, no_send: bool) -> None:
    """For cron: adjudicate every game that is due, send late notices and queued mail."""
    from adjudicator.judge.process import tick as run_tick

    store = _store(ctx)
    for line in run_tick(store, _now(now_text)):
        click.echo(line)
    _send(store, no_send)


@judge_command.command("send")
@click.pass_context
def send(ctx: click.Context) -> None:
    """Deliver the queued mail (after a failed delivery, or with --no-send elsewhere)."""
    _send(_store(ctx), False)


def _send(store: Store, no_send: bool) -> None:
    if no_send:
        return
    from adjudicator.judge.send import send_queued

    try:
        count = send_queued(store)
    except OSError as error:
        click.echo(f"mail kept in the queue: cannot send: {error}", err=True)
        sys.exit(1)
    if count:
        click.echo(f"{count} mail(s) sent")
