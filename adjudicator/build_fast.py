"""The optional compiled build: the engine's hot path compiled with mypyc (issue 15, part 3).

The same source, compiled: mypyc turns the typed modules listed in COMPILED into C extensions
(the package is mypy --strict already). Pure Python stays the default and the fallback: nothing
here runs unless asked, and removing the extensions (`--clean`) gives the pure package back.

    python -m adjudicator.build_fast              # compile in place, beside the .py files
    python -m adjudicator.build_fast --out DIR    # a compiled copy of the package in DIR
    python -m adjudicator.build_fast --clean      # remove the compiled modules again
    python -m adjudicator.build_fast --only board/ resolve/   # a part only, to measure it
    ADJUDICATOR_MYPYC=1 pip install .             # a compiled wheel (hatch_build.py)

It needs mypy (the `dev` or `test` extra), setuptools and a C compiler. Python imports an
extension module before a .py of the same name, so compiled and pure modules mix freely: the
modules in EXCLUDED stay Python, for the reasons given there.

Module constants of compiled modules are marked `Final`: mypyc then reads them from a C static
(ints and strings inlined) rather than looking the name up in the module's dict at each use
(about a tenth of the compiled build's work). A constant a test replaces with monkeypatch (a
table's size limit, a cache) stays un-Final: compiled code would not see the replacement.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent

COMPILED = (
    "board/types.py",
    "board/bounded.py",
    "board/names.py",
    "board/map.py",
    "board/position.py",
    "board/adjustments.py",
    "board/seas.py",
    "board/convoy.py",
    "orders/model.py",
    "orders/refusals.py",
    "orders/results.py",
    "orders/daide.py",
    "orders/parse.py",
    "orders/shapes.py",
    "orders/onboard.py",
    "orders/legality.py",
    "orders/settle.py",
    "orders/memo.py",
    "orders/reader.py",
    "orders/reading.py",
    "orders/sheet.py",
    "orders/strings.py",
    "orders/interpret.py",
    "orders/possible.py",
    "resolve/columns.py",
    "resolve/convoy_orders.py",
    "resolve/order_table.py",
    "resolve/backup.py",
    "resolve/decisions.py",
    "resolve/culprits.py",
    "resolve/movement.py",
    "resolve/retreat.py",
    "resolve/adjustment.py",
    "resolve/civil_disorder.py",
    "resolve/disorder.py",
    "resolve/sides.py",
    "resolve/sequence.py",
    "resolve/engine.py",
    "contract/vocabulary.py",
    "contract/reading.py",
    "contract/documents.py",
)
"""The hot path of an adjudication, bottom up: board facts, order reading, resolution."""

EXCLUDED = {
    "board/rules.py": "a pydantic model (mypyc cannot compile pydantic's metaclass)",
    "contract/schema.py": "pydantic models",
    "cli/": "click decorates the commands (it needs Python functions)",
    "orders/caret.py": "not on the adjudication path (error display)",
}
"""Modules that stay Python, and why. Everything else not in COMPILED is off the hot path (map
import and validation, reports, games, the judge) and gains nothing worth the build time."""

DATA = ("grammar", "maps", "test_cases")
OPT_LEVEL = "3"  # mypyc's (and the C compiler's) optimisation level


def select(prefixes: Sequence[str]) -> tuple[str, ...]:
    """The modules of COMPILED under any of these prefixes ('board/', 'resolve/engine.py'):
    a partial build, to measure what compiling each part gives."""
    chosen = tuple(m for m in COMPILED if any(m.startswith(p) for p in prefixes))
    if not chosen:
        raise ValueError(f"no module of COMPILED starts with any of {list(prefixes)}")
    return chosen


def compile_in(where: Path, jobs: int = 2, modules: Sequence[str] = COMPILED) -> list[Path]:
    """Compile `modules` in the package copy at where/adjudicator; returns the extensions."""
    from mypyc.build import mypycify
    from setuptools import setup

    config = ROOT / "pyproject.toml"
    # A checkout has the project's mypy settings; an installed package has none, and its
    # third-party imports without stubs (lark, networkx) are then taken as untyped.
    options = ["--config-file", str(config)] if config.is_file() else ["--ignore-missing-imports"]
    here = Path.cwd()
    os.chdir(where)
    try:
        sources = [str(where / "adjudicator" / module) for module in modules]
        # multi_file: one C file per module (faster rebuilds); mypyc fails it for one module
        multi = len(modules) > 1
        extensions = mypycify([*options, *sources], opt_level=OPT_LEVEL, multi_file=multi)
        setup(
            name="adjudicator-compiled",
            ext_modules=extensions,
            script_args=[
                "build_ext",
                "--inplace",
                "--parallel",
                str(jobs),
                "--build-temp",
                "build",
            ],
        )
    finally:
        os.chdir(here)
    return sorted((where / "adjudicator").rglob("*.so")) + sorted(where.glob("*.so"))


def copy_package(out: Path) -> Path:
    """A copy of the package's Python source in out/adjudicator, with the data folders beside
    it (links to the checkout's, or to the installed package's)."""
    target = out / "adjudicator"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", *DATA))
    for name in DATA:
        source = PACKAGE / name if (PACKAGE / name).is_dir() else ROOT / name
        link = out / name
        if link.is_symlink():  # an earlier copy's link may point at a checkout since removed
            link.unlink()
        if not link.exists():
            link.symlink_to(source, target_is_directory=True)
    return target


def build_key(modules: Sequence[str] = COMPILED, package: Path = PACKAGE) -> str:
    """What a compiled build depends on: the compiled modules' source (in `package`: the
    checkout's, or a copy of it), Python and mypy."""
    from mypy.version import __version__ as mypy_version

    digest = hashlib.sha256(f"{sys.version}|{mypy_version}|{OPT_LEVEL}".encode())
    for module in modules:
        digest.update(module.encode() + b"\0" + (package / module).read_bytes())
    return digest.hexdigest()[:16]


def cached_build(cache: Path, modules: Sequence[str] = COMPILED) -> Path:
    """A compiled copy of the package under `cache`, built once per build_key() (concurrent
    callers wait for the one building it). The source is copied first and the key taken from
    that copy: a checkout edited while this call waits for the lock cannot put its new source
    under the old source's key (a measurement would then silently cover other code)."""
    cache.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix="stage-", dir=cache))
    try:
        copy_package(stage)
        done = cache / f"mypyc-{build_key(modules, stage / 'adjudicator')}"
        with (cache / "mypyc.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (done / "built").is_file():
                shutil.rmtree(done, ignore_errors=True)
                stage.rename(done)
                compile_in(done, modules=modules)
                shutil.rmtree(done / "build")  # the C sources and objects: only the .so are kept
                (done / "built").write_text("\n".join(modules) + "\n")
                _prune(cache, keep=3)
            else:
                os.utime(done)  # in use again: the newest, whatever its age
    finally:
        shutil.rmtree(stage, ignore_errors=True)  # (gone when it became the build)
    return done


IN_USE = 3600.0
"""Seconds after its last use when a build may be pruned: the caller copies it after the lock
is released, so a build another process has just been given must outlive that copy."""


def _prune(cache: Path, keep: int, now: float | None = None) -> None:
    """Remove all but the `keep` most recently used builds (each source change makes a new
    one), except any used within IN_USE seconds (checkouts building side by side)."""
    now = time.time() if now is None else now
    builds = sorted(cache.glob("mypyc-*"), key=lambda path: path.stat().st_mtime, reverse=True)
    for old in builds[keep:]:
        if now - old.stat().st_mtime > IN_USE:
            shutil.rmtree(old, ignore_errors=True)


def overlay(build: Path, out: Path) -> Path:
    """The package source of this checkout in out/adjudicator, with the compiled modules of
    `build` beside their .py files (so modules not compiled are this checkout's own)."""
    copy_package(out)
    install(build, out)
    return out


def install(build: Path, where: Path) -> list[Path]:
    """Copy the compiled modules of `build` (and mypyc's shared library) into the package at
    where/adjudicator, beside their .py files, in place of any compiled before."""
    clean(where)
    installed = []
    for extension in [*build.glob("*.so"), *(build / "adjudicator").rglob("*.so")]:
        installed.append(where / extension.relative_to(build))
        shutil.copy2(extension, installed[-1])
    return installed


def clean(where: Path) -> list[Path]:
    """Remove the compiled modules (and mypyc's shared library) from a package copy."""
    removed = [*(where / "adjudicator").rglob("*.so"), *where.glob("*__mypyc*.so")]
    for path in removed:
        path.unlink()
    return removed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="build a compiled copy of the package here")
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--only", nargs="+", metavar="PREFIX", help="compile only these parts ('board/', ...)"
    )
    args = parser.parse_args(argv)
    modules = select(args.only) if args.only else COMPILED
    where = args.out.resolve() if args.out else ROOT
    if args.clean:
        for path in clean(where):
            print(f"removed {path}")
        return 0
    if args.out:
        where.mkdir(parents=True, exist_ok=True)
        copy_package(where)
    # Compiled in a scratch copy, not in the checkout: setuptools would read the checkout's
    # pyproject.toml there, which older setuptools reject (its SPDX `license` string).
    with tempfile.TemporaryDirectory(prefix="adjudicator-mypyc-") as scratch:
        copy_package(Path(scratch))
        compile_in(Path(scratch), args.jobs, modules)
        built = install(Path(scratch), where)
    print(f"compiled {len(modules)} modules into {len(built)} extensions under {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
