"""A mail's commands, judge style: SIGNON first, then orders and commands, SIGNOFF to end.

One `Session` per mail: it walks the useful lines, changes the store (inside the caller's
transaction) and collects the acknowledgement's lines. Nothing changes before a valid SIGNON.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from adjudicator.board.map import load_map
from adjudicator.game.game import GameError, read_orders, with_orders, without_orders
from adjudicator.judge import ack, press
from adjudicator.judge.deadlines import iso, shown
from adjudicator.judge.mailin import Incoming
from adjudicator.judge.press import power_from
from adjudicator.judge.store import GameRow, Store, check_password, hash_password
from adjudicator.orders.results import OrderError
from adjudicator.resolve.sequence import game_over

MAX_ORDER_LINES = 60
"""Order lines one mail may hold for one power (seven powers' worth of units, twice over)."""

_SIGNON = re.compile(r"^signon\s+(\S+)\s+(\S+)\s*$", re.IGNORECASE)
_DUMMY_HASH = hash_password("not a password", b"\0" * 16)

HELP = """Commands (one per line; case does not matter):

  SIGNON <power letter><game> <password>   e.g. SIGNON Fspring26 secret
  SIGNON <power>@<game> <password>         e.g. SIGNON france@spring26 secret
  <orders>                 any notation, several per line with ',' or ';'
                           (a mail's orders replace your earlier ones for the phase)
  CLEAR                    withdraw your orders for this phase
  LIST                     the position, the deadline and who has ordered
  HISTORY                  the results of earlier phases and your press
  WAIT / NOWAIT            wait for the deadline / adjudicate once all have ordered
  SET PASSWORD <new>       change your password
  PRESS TO <power>[,<power>...]  ... ENDPRESS   a message to those players
  BROADCAST ... ENDPRESS   a message to every player
  HELP                     this text
  SIGNOFF                  the end of the useful text (a signature may follow)"""


@dataclass
class Session:
    """One mail being read: who signed on, the order lines so far, and the answer being written.

    Order lines are collected and read as one set at the end (so two orders for one unit are
    caught); their place in the answer is kept as a marker that `_fill` replaces."""

    store: Store
    mail: Incoming
    now: datetime
    reply: list[str] = field(default_factory=list)
    row: GameRow | None = None
    power: str | None = None
    orders: list[str] = field(default_factory=list)
    unread: list[OrderError] = field(default_factory=list)
    cleared: bool = False
    finished: bool = False
    press_block: press.PressBlock | None = None
    outcome: str = "read"

    # -- the walk --------------------------------------------------------------------------

    def run(self) -> None:
        for line in self.mail.lines:
            if self.finished:
                break
            if self.press_block is not None:
                self._press_line(line)
            elif line.strip():
                self._line(line.strip())
        if self.press_block is not None:
            self._say("(the press had no ENDPRESS; it was sent up to the end of the mail)")
            self._send_press()
        self._finish_orders()

    def _say(self, *lines: str) -> None:
        self.reply.extend(ack.INDENT + line if line else "" for line in lines)

    def _line(self, line: str) -> None:
        word = line.split()[0].upper()
        handler = {
            "SIGNON": self._signon,
            "SIGNOFF": self._signoff,
            "CLEAR": self._clear,
            "LIST": self._list,
            "HISTORY": self._history,
            "HELP": self._help,
            "SET": self._set,
            "WAIT": self._wait,
            "NOWAIT": self._wait,
            "PRESS": self._press,
            "BROADCAST": self._press,
        }.get(word)
        if handler is None:
            self._order(line)
            return
        self.reply.append(_masked(line) if word in ("SIGNON", "SET") else line)
        handler(line)

    # -- commands --------------------------------------------------------------------------

    def _signon(self, line: str) -> None:
        if self.row is not None:
            self._say("Already signed on; a second SIGNON is ignored.")
            return
        match = _SIGNON.match(line)
        if not match:
            self._stop("Sign-on not understood: write SIGNON <power letter><game> <password>.")
            return
        who, password = match.groups()
        power_text, _, game_name = who.partition("@")
        if not game_name:
            power_text, game_name = who[:1], who[1:]
        game_name = game_name.lower()
        row = self.store.find_game(game_name)
        if row is None:
            self._stop(f"Sign-on failed: there is no game named {game_name!r}.")
            return
        power = power_from(load_map(row.game.variant), power_text)
        player = self.store.player(game_name, power) if power else None
        # The hash is computed whether or not the player exists, so timing tells nothing.
        good = check_password(password, player.password if player else _DUMMY_HASH)
        if player is None or not good:
            self._stop(
                f"Sign-on failed: that power and password are not a player of {game_name!r}."
            )
            return
        self.row, self.power = row, player.power
        name = load_map(row.game.variant).power_name(player.power)
        position = row.game.current
        self._say(
            f"Signed on as {name} in game {game_name!r}, "
            f"{ack.phase_words(position)} ({game_name}.{position.phase})."
        )

    def _stop(self, why: str) -> None:
        self._say(why, "Nothing in this mail was acted on.")
        self.outcome = "refused"
        self.finished = True

    def _need_signon(self) -> bool:
        if self.row is None:
            self._say("Sign on first (SIGNON <power letter><game> <password>); line ignored.")
            return True
        return False

    def _signoff(self, line: str) -> None:
        self._say("Signed off; the rest of the mail was not read.")
        self.finished = True

    def _clear(self, line: str) -> None:
        if self._need_signon():
            return
        self.reply = [
            f"{self.orders[int(t[1:])]}  (withdrawn by CLEAR)" if t.startswith("\0") else t
            for t in self.reply
        ]
        self.orders.clear()
        self.cleared = True
        self._say("Your orders for this phase are withdrawn.")

    def _list(self, line: str) -> None:
        if self._need_signon():
            return
        assert self.row is not None
        game = self.row.game
        pending = set(game.pending)
        if self.orders:  # this mail's own orders count, though they are stored at its end
            pending.add(self.power or "")
        elif self.cleared:
            pending.discard(self.power or "")
        waiting = [p.power for p in self.store.players(self.row.name) if p.wait]
        self._say(*ack.board_lines(game, sorted(pending), waiting))
        self._say(f"Deadline: {shown(self.row.deadline)}")

    def _history(self, line: str) -> None:
        if self._need_signon():
            return
        assert self.row is not None and self.power is not None
        results = self.store.results(self.row.name)
        if not results:
            self._say("No phase has been played yet.")
        for _, report in results:
            self._say(*report.rstrip("\n").split("\n"), "")
        self._say(*press.history_lines(self.store, self.row, self.power))

    def _help(self, line: str) -> None:
        self._say(*HELP.split("\n"))

    def _set(self, line: str) -> None:
        words = line.split()
        if len(words) != 3 or words[1].upper() != "PASSWORD":
            self._say("Not understood: write SET PASSWORD <new password> (one word).")
            return
        if self._need_signon():
            return
        assert self.row is not None and self.power is not None
        self.store.update_player(self.row.name, self.power, "password", hash_password(words[2]))
        self._say("Password changed.")

    def _wait(self, line: str) -> None:
        if self._need_signon():
            return
        assert self.row is not None and self.power is not None
        wait = line.split()[0].upper() == "WAIT"
        self.store.update_player(self.row.name, self.power, "wait", int(wait))
        self._say(
            "The phase will wait for the deadline."
            if wait
            else "The phase will be adjudicated as soon as every power has ordered."
        )

    def _press(self, line: str) -> None:
        if self._need_signon():
            return
        assert self.row is not None and self.power is not None
        block = press.start(load_map(self.row.game.variant), self.power, line)
        if isinstance(block, str):
            self._say(block)
        else:
            self.press_block = block

    def _press_line(self, line: str) -> None:
        if line.strip().upper() == "ENDPRESS":
            self.reply.append(line.strip())
            self._send_press()
        elif self.press_block is not None:
            self.press_block.lines.append(line)

    def _send_press(self) -> None:
        assert self.row is not None and self.press_block is not None
        self._say(press.send(self.store, self.row, self.press_block, iso(self.now)))
        self.press_block = None

    # -- orders ----------------------------------------------------------------------------

    def _order(self, line: str) -> None:
        if self._need_signon():
            self.reply.insert(len(self.reply) - 1, line)
            return
        if len(self.orders) >= MAX_ORDER_LINES:
            self.reply.append(line)
            self._say(f"More than {MAX_ORDER_LINES} order lines; this one is ignored.")
            return
        self.orders.append(line)
        self.reply.append(f"\0{len(self.orders) - 1}")  # filled in once the set is read

    def _finish_orders(self) -> None:
        if self.row is None or self.power is None or self.outcome == "refused":
            return
        row, power = self.row, self.power
        game = row.game
        if game_over(game.current, game.rules):
            self._fill([["    The game is over; no orders are taken."]] * len(self.orders))
            return
        if self.orders or self.cleared:
            self._store_orders(row, power)
        self.reply += ["", *ack.order_set_lines(self.row.game, power)]
        self.reply += ack.unread_lines(self.unread)
        self.reply.append(f"Deadline: {shown(row.deadline)}")

    def _store_orders(self, row: GameRow, power: str) -> None:
        """The mail's orders replace the power's set; only the orders that were read are kept
        (a line in error was answered and would only be an error again at adjudication)."""
        game = row.game
        if not self.orders:
            updated = without_orders(game, power)
            entries: list[str] = []
            errors: list[str] = []
        else:
            try:
                _, reading = read_orders(game, power, self.orders)
            except GameError as error:
                self._fill([[f"{ack.INDENT}{error}"]] * len(self.orders))
                return
            self._fill(ack.line_readings(self.orders, reading.entries, reading.errors))
            self.unread = [e for e in reading.errors if not e.is_comment]
            updated = with_orders(game, power, [e.input or str(e.order) for e in reading.entries])
            entries = [str(e.order) for e in reading.entries]
            errors = [f"{e.input}: {e.error}" for e in reading.errors]
        self.store.save_game(row.name, updated)
        self.store.record_submission(
            row.name,
            str(game.current.phase),
            power,
            "\n".join(self.orders),
            entries,
            errors,
            self.mail.message_id,
            iso(self.now),
        )
        self.row = self.store.get_game(row.name)

    def _fill(self, readings: list[list[str]]) -> None:
        """Put each order line and what was read from it where the line stood in the mail."""
        out: list[str] = []
        for text in self.reply:
            if text.startswith("\0"):
                index = int(text[1:])
                out.append(self.orders[index])
                out += readings[index] if index < len(readings) else []
            else:
                out.append(text)
        self.reply = out


def _masked(line: str) -> str:
    """A SIGNON or SET PASSWORD line with the password hidden in the acknowledgement."""
    words = line.split()
    return " ".join([*words[:-1], "*" * 8]) if len(words) >= 3 else line
