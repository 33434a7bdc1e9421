"""The judge's store: one SQLite file (stdlib sqlite3, WAL) holding games, players and all mail.

Every mail and every adjudication is one transaction (`BEGIN IMMEDIATE`, so two processes
take turns in arrival order instead of overwriting each other). A game's state is our game
file's text (adjudicator.game.gamefile), so every phase's position, the orders as written and
the results are kept exactly as `adjudicator game` keeps them, and export is a copy.
Outgoing mail is written to `mails_out` in the same transaction as the change that caused it
and delivered afterwards, so a crash never loses an answer (it may at worst send it twice).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from adjudicator.game.game import Game
from adjudicator.game.gamefile import game_from_text, game_to_text

GAME_NAME = re.compile(r"[a-z0-9_-]{1,32}")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    name TEXT PRIMARY KEY, state TEXT NOT NULL, schedule TEXT NOT NULL,
    deadline TEXT, late_sent INTEGER NOT NULL DEFAULT 0,
    anonymous_press INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    game TEXT NOT NULL, power TEXT NOT NULL, address TEXT NOT NULL, password TEXT NOT NULL,
    wait INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (game, power));
CREATE TABLE IF NOT EXISTS observers (
    game TEXT NOT NULL, address TEXT NOT NULL, PRIMARY KEY (game, address));
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, phase TEXT NOT NULL, power TEXT NOT NULL,
    raw TEXT NOT NULL, canonical TEXT NOT NULL, errors TEXT NOT NULL, message_id TEXT,
    received TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL, phase TEXT NOT NULL, report TEXT NOT NULL, processed TEXT NOT NULL,
    PRIMARY KEY (game, phase));
CREATE TABLE IF NOT EXISTS press (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, phase TEXT NOT NULL, sender TEXT NOT NULL,
    recipients TEXT NOT NULL, body TEXT NOT NULL, sent TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mails_in (
    message_id TEXT PRIMARY KEY, sender TEXT NOT NULL, subject TEXT NOT NULL, game TEXT,
    outcome TEXT NOT NULL, received TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mails_out (
    id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL,
    in_reply_to TEXT, game TEXT, kind TEXT NOT NULL, created TEXT NOT NULL,
    sent INTEGER NOT NULL DEFAULT 0, attachment_name TEXT, attachment BLOB);
"""


class StoreError(ValueError):
    """A request the store cannot honour (unknown game, bad name); the message says which."""


@dataclass(frozen=True)
class GameRow:
    """A game as the store keeps it: the game itself and the judge's bookkeeping around it."""

    name: str
    game: Game
    schedule: dict[str, float]
    deadline: str | None
    late_sent: bool
    anonymous_press: bool


@dataclass(frozen=True)
class Player:
    game: str
    power: str
    address: str
    password: str
    wait: bool


@dataclass(frozen=True)
class OutMail:
    id: int
    recipient: str
    subject: str
    body: str
    in_reply_to: str | None
    game: str | None
    kind: str
    created: str
    attachment_name: str | None = None
    attachment: bytes | None = None


# -- passwords ------------------------------------------------------------------------------

_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


def hash_password(password: str, salt: bytes | None = None) -> str:
    """A salted scrypt hash, stored as `scrypt$<salt hex>$<hash hex>`; never the password."""
    salt = salt if salt is not None else os.urandom(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, dklen=32, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Compare in constant time, so timing tells nothing about how close a guess was."""
    try:
        _, salt, _ = stored.split("$")
        fresh = hash_password(password, bytes.fromhex(salt))
    except ValueError:
        return False
    return hmac.compare_digest(fresh.encode(), stored.encode())


def check_game_name(name: str) -> str:
    if not GAME_NAME.fullmatch(name):
        raise StoreError(
            f"bad game name {name!r}: use 1 to 32 of a-z, 0-9, '_' and '-' (e.g. 'spring26')"
        )
    return name


# -- the store ------------------------------------------------------------------------------


class Store:
    """One open judge database. Use `transaction()` around every change."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE: writers queue up here, so each sees the other's committed work."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def run(self, sql: str, *args: Any) -> sqlite3.Cursor:
        return self.db.execute(sql, args)

    # settings
    def setting(self, key: str, default: str | None = None) -> str | None:
        row = self.run("SELECT value FROM settings WHERE key = ?", key).fetchone()
        return str(row[0]) if row else default

    def set_setting(self, key: str, value: str) -> None:
        self.run("INSERT OR REPLACE INTO settings VALUES (?, ?)", key, value)

    # games
    def add_game(self, name: str, game: Game, schedule: dict[str, float], created: str) -> None:
        check_game_name(name)
        if self.run("SELECT 1 FROM games WHERE name = ?", name).fetchone():
            raise StoreError(f"game {name!r} exists already")
        self.run(
            "INSERT INTO games (name, state, schedule, created) VALUES (?, ?, ?, ?)",
            name,
            game_to_text(game),
            json.dumps(schedule),
            created,
        )

    def game_names(self) -> list[str]:
        return [str(r[0]) for r in self.run("SELECT name FROM games ORDER BY name")]

    def find_game(self, name: str) -> GameRow | None:
        row = self.run("SELECT * FROM games WHERE name = ?", name).fetchone()
        if row is None:
            return None
        return GameRow(
            name=row["name"],
            game=game_from_text(row["state"], f"game {name}"),
            schedule=json.loads(row["schedule"]),
            deadline=row["deadline"],
            late_sent=bool(row["late_sent"]),
            anonymous_press=bool(row["anonymous_press"]),
        )

    def get_game(self, name: str) -> GameRow:
        found = self.find_game(name)
        if found is None:
            known = ", ".join(self.game_names()) or "none yet"
            raise StoreError(f"no game named {name!r} (games: {known})")
        return found

    def save_game(self, name: str, game: Game) -> None:
        self.run("UPDATE games SET state = ? WHERE name = ?", game_to_text(game), name)

    def set_deadline(self, name: str, deadline: str | None) -> None:
        self.run("UPDATE games SET deadline = ?, late_sent = 0 WHERE name = ?", deadline, name)

    def set_game_field(self, name: str, field: str, value: Any) -> None:
        assert field in ("late_sent", "anonymous_press", "schedule")
        self.run(f"UPDATE games SET {field} = ? WHERE name = ?", value, name)

    # players
    def set_player(self, game: str, power: str, address: str, password_hash: str) -> None:
        self.run(
            "INSERT OR REPLACE INTO players (game, power, address, password) VALUES (?, ?, ?, ?)",
            game,
            power,
            address,
            password_hash,
        )

    def players(self, game: str) -> list[Player]:
        rows = self.run("SELECT * FROM players WHERE game = ? ORDER BY power", game)
        return [Player(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows]

    def player(self, game: str, power: str) -> Player | None:
        return next((p for p in self.players(game) if p.power == power), None)

    def update_player(self, game: str, power: str, field: str, value: Any) -> None:
        assert field in ("password", "wait", "address")
        self.run(f"UPDATE players SET {field} = ? WHERE game = ? AND power = ?", value, game, power)

    def add_observer(self, game: str, address: str) -> None:
        self.run("INSERT OR IGNORE INTO observers VALUES (?, ?)", game, address)

    def observers(self, game: str) -> list[str]:
        rows = self.run("SELECT address FROM observers WHERE game = ? ORDER BY address", game)
        return [str(r[0]) for r in rows]

    # mail in
    def seen(self, message_id: str) -> bool:
        row = self.run("SELECT 1 FROM mails_in WHERE message_id = ?", message_id).fetchone()
        return row is not None

    def record_mail_in(
        self, message_id: str, sender: str, subject: str, game: str | None, outcome: str, at: str
    ) -> None:
        self.run(
            "INSERT INTO mails_in VALUES (?, ?, ?, ?, ?, ?)",
            message_id,
            sender,
            subject,
            game,
            outcome,
            at,
        )

    def record_submission(
        self,
        game: str,
        phase: str,
        power: str,
        raw: str,
        canonical: list[str],
        errors: list[str],
        message_id: str,
        at: str,
    ) -> None:
        self.run(
            "INSERT INTO submissions (game, phase, power, raw, canonical, errors, message_id,"
            " received) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            game,
            phase,
            power,
            raw,
            json.dumps(canonical),
            json.dumps(errors),
            message_id,
            at,
        )

    # results and press
    def record_results(self, game: str, phase: str, report: str, at: str) -> None:
        self.run("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?)", game, phase, report, at)

    def drop_results(self, game: str, phase: str) -> None:
        self.run("DELETE FROM results WHERE game = ? AND phase = ?", game, phase)

    def results(self, game: str) -> list[tuple[str, str]]:
        rows = self.run("SELECT phase, report FROM results WHERE game = ? ORDER BY rowid", game)
        return [(str(r[0]), str(r[1])) for r in rows]

    def record_press(
        self, game: str, phase: str, sender: str, recipients: list[str], body: str, at: str
    ) -> None:
        self.run(
            "INSERT INTO press (game, phase, sender, recipients, body, sent)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            game,
            phase,
            sender,
            ",".join(recipients),
            body,
            at,
        )

    def press(self, game: str) -> list[sqlite3.Row]:
        return list(self.run("SELECT * FROM press WHERE game = ? ORDER BY id", game))

    # mail out
    def queue_mail(
        self,
        recipient: str,
        subject: str,
        body: str,
        *,
        kind: str,
        at: str,
        game: str | None = None,
        in_reply_to: str | None = None,
        attachment: tuple[str, bytes] | None = None,
    ) -> None:
        name, data = attachment if attachment else (None, None)
        self.run(
            "INSERT INTO mails_out (recipient, subject, body, in_reply_to, game, kind, created,"
            " attachment_name, attachment) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            recipient,
            subject,
            body,
            in_reply_to,
            game,
            kind,
            at,
            name,
            data,
        )

    def unsent(self) -> list[OutMail]:
        rows = self.run("SELECT * FROM mails_out WHERE sent = 0 ORDER BY id")
        return [
            OutMail(
                r["id"],
                r["recipient"],
                r["subject"],
                r["body"],
                r["in_reply_to"],
                r["game"],
                r["kind"],
                r["created"],
                r["attachment_name"],
                r["attachment"],
            )
            for r in rows
        ]

    def mark_sent(self, mail_id: int) -> None:
        self.run("UPDATE mails_out SET sent = 1 WHERE id = ?", mail_id)
