"""Deadlines: a schedule per phase kind, a grace period, and the wait/no-wait of each player.

Times are aware UTC datetimes, stored as ISO text. The clock is always passed in (`--now`), so
the judge is deterministic under test and cron only decides when it looks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from adjudicator.board.types import PhaseKind
from adjudicator.game.game import Game
from adjudicator.game.owed import owed_orders

DEFAULT_SCHEDULE = {"M": 48.0, "R": 24.0, "A": 24.0, "grace": 0.0}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([dhm]?)")


def parse_duration(text: str) -> float:
    """Hours from '48h', '2d', '90m' or '36' (hours); ValueError with an example otherwise."""
    match = _DURATION.fullmatch(text.strip().lower())
    if not match:
        raise ValueError(f"bad duration {text!r}: write e.g. 48h, 2d or 90m")
    number, unit = float(match.group(1)), match.group(2) or "h"
    return number * {"d": 24.0, "h": 1.0, "m": 1 / 60}[unit]


def parse_time(text: str) -> datetime:
    """An ISO time; one without a zone is taken as UTC."""
    moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def now_utc() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def shown(deadline: str | None) -> str:
    """A deadline as players read it: 'Wednesday 25 November 2026, 20:00 UTC'."""
    if deadline is None:
        return "none set"
    moment = parse_time(deadline)
    return moment.strftime("%A %d %B %Y, %H:%M UTC")


def next_deadline(schedule: Mapping[str, float], kind: PhaseKind, now: datetime) -> str:
    return iso(now + timedelta(hours=schedule.get(kind.value, 24.0)))


def grace_end(schedule: Mapping[str, float], deadline: str) -> datetime:
    return parse_time(deadline) + timedelta(hours=schedule.get("grace", 0.0))


def missing_powers(game: Game) -> list[str]:
    """The powers that owe orders for this phase and have sent none: who owes is the project's
    one rule (game.owed.owed_orders: never a neutral power, one in civil disorder or one with
    nothing to do); a power that sent a set is not waited for, even if it left a unit out."""
    return [owed.power for owed in owed_orders(game) if not owed.sent]
