"""Processor instructions per phase, counted by callgrind: a measure the machine's load does not
move (the same count twice, one core busy or not), for comparing two versions of a step when
timings on a shared 2-CPU machine move by ±5%.

    python bench/instructions.py py            # adjudicate(position, orders, rules)
    python bench/instructions.py doc           # adjudicate_document(doc)
    python bench/instructions.py read          # interpret_orders alone
    python bench/instructions.py movement      # the engine's movement step on read entries
    python bench/instructions.py next          # position_after, on the movement step's units
    python bench/instructions.py py --function adjudicator.resolve.sequence:adjustments_due_on
    python bench/instructions.py py --function adjudicator.resolve.movement:_Outcome.build
    python bench/instructions.py py --compiled  # the mypyc build (build_fast), built or reused
    python bench/instructions.py py --compiled --keep cg.out   # then: callgrind_annotate cg.out
    python bench/instructions.py py --gc-off     # the collector off after the warm-up (steadier)

As bench/steady.py: warmed up on 3,000 dense phases of one seed, then `--phases` (300) new dense
phases of another are counted, only they (the warm-up runs before valgrind's instrumentation is
switched on, and only what runs inside `builtin_divmod` is collected). `--function MODULE:NAME`
counts only the calls of NAME as MODULE looks it up (the module that calls it), on the route given;
`MODULE:CLASS.METHOD` a method (of a class written in Python: not in the compiled build). The
wrapper's own cost, ~1.8k instructions a call, is in the count: compare counts of the same
function, not of a small one against the whole route. The package measured is the current folder's
(a worktree's); with `--compiled`, its mypyc build (adjudicator.build_fast's cached build, in
~/.cache/adjudicator, overlaid on this folder's source as bench/compiled.py does), where callgrind
sees the compiled functions by name (`--keep FILE` keeps its output for callgrind_annotate). Needs
valgrind (every machine here has it); a run takes ~20 s. Issue 15's commit messages quote its
figure.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROUTES = ("py", "doc", "read", "movement", "next")


class _Inside:
    """Runs `work` inside `divmod`, the one C function callgrind is told to collect in."""

    def __init__(self, work: Callable[[], Any]) -> None:
        self.work = work
        self.result: Any = None

    def __divmod__(self, other: object) -> tuple[int, int]:
        self.result = self.work()
        return (0, 0)


def _counted(function: Callable[..., Any]) -> Callable[..., Any]:
    def inside(*args: Any, **kwargs: Any) -> Any:
        call = _Inside(lambda: function(*args, **kwargs))
        divmod(call, 1)
        return call.result

    return inside


def _inner(
    route: str, phases: int, function: str | None, compiled: bool, gc_off: bool = False
) -> None:
    """In the process valgrind runs: warm up, prepare the inputs, count the loop."""
    sys.path[:0] = [os.getcwd(), str(HERE)]  # the package of the folder it runs in
    from corpus import corpus

    from adjudicator.board.map import load_map
    from adjudicator.contract.documents import adjudicate_document
    from adjudicator.contract.reading import (
        orders_from_document,
        position_from_document,
        read_phase_document,
    )
    from adjudicator.orders.interpret import interpret_orders
    from adjudicator.resolve import engine
    from adjudicator.resolve.sequence import position_after

    in_use = not engine.__file__.endswith(".py")  # (None for a namespace package)
    assert in_use == compiled, f"compiled modules in use: {in_use}, asked for: {compiled}"
    for doc in corpus(3000, 1001):
        adjudicate_document(doc)
    docs = list(corpus(phases, 1))
    inputs = []
    for doc in docs:
        fields = read_phase_document(doc)
        position, rules = position_from_document(fields)
        inputs.append((position, orders_from_document(fields), rules))
    game_map = load_map("standard")
    staged = []
    if route in ("movement", "next"):
        for position, orders, rules in inputs:
            entries, _ = interpret_orders(game_map, position, orders, rules)
            _, units, dislodged = engine._movement(game_map, position, entries, rules)
            staged.append((position, entries, rules, units, dislodged))

    def loop() -> None:
        if route == "py":
            for position, orders, rules in inputs:
                engine.adjudicate(position, orders, rules)
        elif route == "doc":
            for doc in docs:
                adjudicate_document(doc)
        elif route == "read":
            for position, orders, rules in inputs:
                interpret_orders(game_map, position, orders, rules)
        elif route == "movement":
            for position, entries, rules, _, _ in staged:
                engine._movement(game_map, position, entries, rules)
        else:
            for position, _, rules, units, dislodged in staged:
                position_after(game_map, position, units, dislodged, rules)

    if function is not None:
        module_name, name = function.split(":")
        owner: Any = importlib.import_module(module_name)
        *classes, name = name.split(".")  # MODULE:Class.method: the method, on its class
        for class_name in classes:
            owner = getattr(owner, class_name)
        setattr(owner, name, _counted(getattr(owner, name)))
    gc.collect()
    gc.freeze()
    if gc_off:  # (the collector's timing moves a count by up to ~1.6k: see bench/README.md)
        gc.disable()
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True)
    if function is None:
        divmod(_Inside(loop), 1)
    else:
        loop()  # outside divmod: only the wrapped function's calls are collected


def count(
    route: str,
    phases: int = 300,
    function: str | None = None,
    compiled: bool = False,
    keep: Path | None = None,
    gc_off: bool = False,
) -> int:
    """Instructions per phase of `route` for the package of the current folder (or its
    compiled build); `keep`: where to leave callgrind's output."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out" if keep is None else keep
        tree = _compiled_tree(Path(scratch)) if compiled else Path.cwd()
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            "--collect-atstart=no",
            "--instr-atstart=no",
            "--toggle-collect=builtin_divmod",
            sys.executable,
            __file__,
            route,
            "--phases",
            str(phases),
            "--inner",
        ]
        if function is not None:
            command += ["--function", function]
        if compiled:
            command.append("--compiled")
        if gc_off:
            command.append("--gc-off")
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        subprocess.run(command, env=env, capture_output=True, check=True, text=True, cwd=tree)
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1]) // phases
    raise RuntimeError("callgrind wrote no total")


def _compiled_tree(scratch: Path) -> Path:
    """This folder's source with the compiled modules of its mypyc build beside it."""
    sys.path.insert(0, os.getcwd())
    from adjudicator import build_fast

    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "adjudicator"
    print("building (or reusing) the compiled build ...", file=sys.stderr)
    stdout = os.dup(1)
    os.dup2(2, 1)  # the compilers' output to stderr (theirs too): stdout is the figure alone
    try:
        build = build_fast.cached_build(cache)
    finally:
        os.dup2(stdout, 1)
        os.close(stdout)
    return build_fast.overlay(build, scratch / "compiled-tree")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("route", choices=ROUTES)
    parser.add_argument("--phases", type=int, default=300, help="new dense phases counted")
    parser.add_argument("--function", help="MODULE:NAME or MODULE:CLASS.METHOD, counted alone")
    parser.add_argument("--compiled", action="store_true", help="count the mypyc build")
    parser.add_argument("--keep", type=Path, help="keep callgrind's output in this file")
    parser.add_argument("--gc-off", action="store_true", help="count with the collector off")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        _inner(args.route, args.phases, args.function, args.compiled, args.gc_off)
        return
    keep = None if args.keep is None else args.keep.resolve()
    per_phase = count(args.route, args.phases, args.function, args.compiled, keep, args.gc_off)
    what = (args.function or args.route) + (" (compiled)" if args.compiled else "")
    what += " (collector off)" if args.gc_off else ""
    print(f"{what}: {per_phase / 1000:.1f}k instructions a phase ({args.phases} new dense phases)")


if __name__ == "__main__":
    main()
