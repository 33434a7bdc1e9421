"""The game file: one JSON document a gamesmaster can read, diff and fix by hand.

Layout (keys always in this order; small leaf values on one line so a phase reads like a page):

    {"format": "adjudicator-game", "version": 1, "variant": ..., "rules": ..., "meta": {...},
     "start": POSITION,
     "phases": [{"phase", "source"?, "disorder"?, "orders": {POWER: [lines as written]},
                 "results": [result entry per order], "errors": [error entry],
                 "next": POSITION}, ...],
     "pending": {"phase": current phase, "disorder"?: [POWER], "orders": {POWER: [lines]}}}

"disorder" (only when not empty) lists the powers the gamesmaster declared in civil disorder
for that phase (`adjudicator game disorder`); the pending one applies to the current phase.

POSITION is a phase document of CONTRACT.md without variant, rules and orders. Result and error
entries are those of the contract's result document. Writing is atomic: the new text goes to a
temporary file in the same folder, is flushed to disk, and then replaces the old file, so a crash
or a full disk never leaves half a game behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.board.map import MapError, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules, rules_from, rules_spec
from adjudicator.board.types import Phase
from adjudicator.game.game import Game, GameError, PlayedPhase, frozen_orders
from adjudicator.orders.results import OrderError, OrderResult

FORMAT = "adjudicator-game"
VERSION = 1
WIDTH = 100


class GameFileError(ValueError):
    """A game file that cannot be read; the message names the file and the problem."""


# -- the document's shape -----------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _PositionDoc(_Strict):
    phase: str
    units: dict[str, list[str]] = Field(default_factory=dict)
    centers: dict[str, list[str]] = Field(default_factory=dict)
    dislodged: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
    winner: str | None = None


class _ResultDoc(_Strict):
    power: str
    unit: str
    input: str | None = None
    order: str
    result: Literal["succeeds", "fails"]
    tags: list[str] = Field(default_factory=list)
    reason: str | None = None
    culprits: list[str] = Field(default_factory=list)


class _ErrorDoc(_Strict):
    power: str
    input: str
    error: str
    span: tuple[int, int]
    kind: Literal["error", "comment"] = "error"


class _PhaseDoc(_Strict):
    phase: str
    source: str | None = None
    disorder: list[str] = Field(default_factory=list)
    orders: dict[str, list[str]] = Field(default_factory=dict)
    results: list[_ResultDoc] = Field(default_factory=list)
    errors: list[_ErrorDoc] = Field(default_factory=list)
    next: _PositionDoc


class _PendingDoc(_Strict):
    phase: str
    disorder: list[str] = Field(default_factory=list)
    orders: dict[str, list[str]] = Field(default_factory=dict)


class _GameDoc(_Strict):
    format: Literal["adjudicator-game"]
    version: Literal[1]
    variant: str = "standard"
    rules: str | dict[str, Any] = "2023"
    meta: dict[str, str] = Field(default_factory=dict)
    start: _PositionDoc
    phases: list[_PhaseDoc] = Field(default_factory=list)
    pending: _PendingDoc


# -- Game <-> document ----------------------------------------------------------------------


def _position_doc(position: Position, rules: Rules) -> dict[str, Any]:
    from adjudicator.contract.documents import position_to_document

    doc = position_to_document(position, rules)
    return {k: v for k, v in doc.items() if k not in ("variant", "rules")}


def _position(doc: _PositionDoc, variant: str, rules: Rules, where: str) -> Position:
    from adjudicator.contract.documents import DocumentError, PhaseDocument, position_from_document

    phase_doc = PhaseDocument(
        variant=variant,
        rules=rules_spec(rules),
        phase=doc.phase,
        units=doc.units,
        centers=doc.centers,
        dislodged=doc.dislodged,
        winner=doc.winner,
    )
    try:
        position, _ = position_from_document(phase_doc)
    except DocumentError as error:
        raise GameFileError(f"{where}: {error}") from None
    return position


def game_to_document(game: Game) -> dict[str, Any]:
    """The game as a plain JSON-ready dict, keys in the file's order."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant,
        "rules": rules_spec(game.rules),
    }
    if game.meta:
        doc["meta"] = dict(game.meta)
    doc["start"] = _position_doc(game.start, game.rules)
    doc["phases"] = [_phase_doc(played, game.rules) for played in game.played]
    doc["pending"] = {
        "phase": str(game.current.phase),
        **({"disorder": list(game.disorder)} if game.disorder else {}),
        "orders": {power: list(lines) for power, lines in game.pending.items()},
    }
    return doc


def _phase_doc(played: PlayedPhase, rules: Rules) -> dict[str, Any]:
    doc: dict[str, Any] = {"phase": str(played.phase)}
    if played.source:
        doc["source"] = played.source
    if played.disorder:
        doc["disorder"] = list(played.disorder)
    doc["orders"] = {power: list(lines) for power, lines in played.orders.items()}
    doc["results"] = [r.to_document() for r in played.results]
    doc["errors"] = [e.to_document() for e in played.errors]
    doc["next"] = _position_doc(played.next, rules)
    return doc


def game_from_document(data: Mapping[str, Any], source: str = "<game>") -> Game:
    """A Game from a parsed game file; GameFileError says what is wrong and where."""
    try:
        doc = _GameDoc.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'document'}: {e['msg']}"
            for e in error.errors()
        )
        raise GameFileError(f"{source}: not a game file: {problems}") from None
    try:
        rules = rules_from(doc.rules)
    except ValueError as error:
        raise GameFileError(f"{source}: rules: {error}") from None
    start = _position(doc.start, doc.variant, rules, f"{source}: start")
    played = []
    for index, phase_doc in enumerate(doc.phases):
        where = f"{source}: phases[{index}] ({phase_doc.phase})"
        played.append(
            PlayedPhase(
                phase=_phase(phase_doc.phase, where),
                orders=frozen_orders(phase_doc.orders),
                results=tuple(
                    OrderResult(
                        r.power,
                        r.unit,
                        r.input,
                        r.order,
                        r.result,
                        tuple(r.tags),
                        r.reason,
                        tuple(r.culprits),
                    )
                    for r in phase_doc.results
                ),
                errors=tuple(
                    OrderError(e.power, e.input, e.error, e.span, e.kind) for e in phase_doc.errors
                ),
                next=_position(phase_doc.next, doc.variant, rules, f"{where}.next"),
                source=phase_doc.source,
                disorder=tuple(phase_doc.disorder),
            )
        )
    game = Game(
        variant=doc.variant,
        rules=rules,
        start=start,
        played=tuple(played),
        pending=frozen_orders(doc.pending.orders),
        meta=dict(doc.meta),
        disorder=tuple(doc.pending.disorder),
    )
    _check_chain(game, source)
    _check_powers(game, doc.pending.orders, source)
    if _phase(doc.pending.phase, f"{source}: pending") != game.current.phase:
        raise GameFileError(
            f"{source}: pending orders are for {doc.pending.phase}, "
            f"but the game is at {game.current.phase}"
        )
    return game


def _check_chain(game: Game, source: str) -> None:
    """Each played phase starts where the one before it ended (a copied, dropped or reordered
    phase is caught when the file is read, not only by `game replay`)."""
    for index, played in enumerate(game.played):
        expected = game.before(index).phase
        if played.phase != expected:
            raise GameFileError(
                f"{source}: phases[{index}] is {played.phase}, but the phase before it led to "
                f"{expected}: the phases do not chain (duplicated or edited by hand?)"
            )


def _check_powers(game: Game, orders: Mapping[str, Any], source: str) -> None:
    """Pending orders are for the variant's powers, by code (a typo would be kept but never
    adjudicated)."""
    powers = load_map(game.variant).powers
    for power in orders:
        if power not in powers:
            raise GameFileError(
                f"{source}: pending orders for {power!r}, which is not a power of "
                f"{game.variant}; known: {', '.join(powers)}"
            )


def _phase(text: str, where: str) -> Phase:
    try:
        return Phase.parse(text)
    except ValueError as error:
        raise GameFileError(f"{where}: {error}") from None


# -- text -------------------------------------------------------------------------------------


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _is_flat(value: Any) -> bool:
    """A container of scalars or of lists of scalars: a leaf worth keeping on one line."""
    items = value.values() if isinstance(value, dict) else value
    return all(
        _is_scalar(v) or not v or (isinstance(v, list) and all(map(_is_scalar, v))) for v in items
    )


def _render(value: Any, level: int, in_list: bool) -> str:
    """Indented JSON whose small leaves stay on one line (entries of a list always do)."""
    compact = json.dumps(value, ensure_ascii=False)
    if _is_scalar(value) or not value:
        return compact
    fits = 2 * level + len(compact) <= WIDTH
    if _is_flat(value) and (fits or (in_list and isinstance(value, dict))):
        return compact
    pad, inner = "  " * level, "  " * (level + 1)
    if isinstance(value, dict):
        body = ",\n".join(
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {_render(v, level + 1, False)}"
            for k, v in value.items()
        )
        return "{\n" + body + "\n" + pad + "}"
    body = ",\n".join(f"{inner}{_render(v, level + 1, True)}" for v in value)
    return "[\n" + body + "\n" + pad + "]"


def game_to_text(game: Game) -> str:
    """The game file's text (valid JSON, stable key order, ends with a newline)."""
    return _render(game_to_document(game), 0, False) + "\n"


def game_from_text(text: str, source: str = "<game>") -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise GameFileError(
            f"{source}: not valid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except RecursionError:
        raise GameFileError(f"{source}: JSON nested too deeply to be a game file") from None
    if not isinstance(data, dict):
        raise GameFileError(f"{source}: not a game file: expected a JSON object")
    return game_from_document(data, source)


# -- disk ---------------------------------------------------------------------------------------


def read_game(path: str | os.PathLike[str]) -> Game:
    """Read a game file; GameFileError (never a traceback) when it is missing or malformed."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise GameFileError(f"{file}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        bad = error.object[error.start : error.start + 1]
        raise GameFileError(
            f"{file}: not UTF-8 text (byte {error.start}: {bad!r}); a game file is UTF-8 JSON"
        ) from None
    try:
        return game_from_text(text, str(file))
    except (GameError, MapError) as error:
        raise GameFileError(f"{file}: {error}") from None


def write_game(path: str | os.PathLike[str], game: Game) -> None:
    """Write atomically: the old file stays whole until the new one is complete on disk."""
    file = Path(path)
    text = game_to_text(game)
    folder = file.parent if str(file.parent) else Path(".")
    handle, temp = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".tmp", dir=folder)
    try:
        # a lone surrogate (from JSON's "\\ud800") is written as that escape, which reads back
        escape = "backslashreplace"
        with os.fdopen(handle, "w", encoding="utf-8", errors=escape, newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if file.exists():
            # mkstemp makes the file private; a rewritten game keeps the permissions it had.
            os.chmod(temp, file.stat().st_mode & 0o7777)
        else:
            os.chmod(temp, 0o644)
        os.replace(temp, file)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows opening a folder."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


# -- one change at a time ---------------------------------------------------------------------

T = TypeVar("T")


@contextlib.contextmanager
def game_lock(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold an exclusive lock for a read-change-write of one game (two players' orders arriving
    at once must not undo each other). The lock is a hidden file beside the game, because the
    game file itself is replaced on every write; where there is no fcntl, nothing is locked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    file = Path(path)
    lock = file.with_name(f".{file.name}.lock")
    with lock.open("a") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def update_game(
    path: str | os.PathLike[str], change: Callable[[Game], tuple[Game, T]]
) -> tuple[Game, T]:
    """Read a game, apply a pure change, write the new game; all under the game's lock.

    `change` returns the new game and whatever the caller wants to print; nothing is written
    when it raises.
    """
    with game_lock(path):
        game, extra = change(read_game(path))
        write_game(path, game)
    return game, extra
