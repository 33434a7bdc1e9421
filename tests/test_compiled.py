"""The compiled build (issue 15, part 3) passes what the pure build passes.

The hot-path modules (adjudicator.build_fast.COMPILED) are compiled with mypyc once per change of
their source (cached under ~/.cache/adjudicator, a few minutes the first time), laid beside a
copy of this checkout's package, and then, in a fresh interpreter that has imported the compiled
modules (each `__file__` an extension module, checked first): every case file of test_cases/
through `adjudicator test`, and the contract, order-reading and resolver test modules.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import build_fast

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "adjudicator"
TESTS = ("tests/contract", "tests/orders", "tests/resolve", "tests/testcases")
# Not run compiled: it counts calls by replacing module functions (monkeypatch), and compiled
# modules call each other directly, past the module's attributes.
NOT_COMPILED = ("tests/orders/test_linear.py",)

# Run inside the compiled copy: refuse to go on unless every listed module is compiled, then
# run what argv asks (the case runner or pytest) in this same interpreter.
CHECK_AND_RUN = """
import importlib, sys
modules = sys.argv[1].split(",")
pure = [m for m in modules if not importlib.import_module(m).__file__.endswith(".so")]
assert not pure, f"not compiled: {pure}"
print(f"{len(modules)} compiled modules in use", flush=True)
if sys.argv[2] == "cases":
    from adjudicator.cli.main import main
    main(["test"], standalone_mode=False)
elif sys.argv[2] == "exec":
    exec(sys.argv[3])
else:
    import pytest
    sys.exit(pytest.main(sys.argv[3:]))
"""


def _cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "adjudicator"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler: the compiled build cannot be made here")
    build = build_fast.cached_build(_cache())
    return build_fast.overlay(build, tmp_path_factory.mktemp("compiled"))


def _run(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    modules = ",".join(
        "adjudicator." + module.removesuffix(".py").replace("/", ".")
        for module in build_fast.COMPILED
    )
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [sys.executable, "-c", CHECK_AND_RUN, modules, *args],
        cwd=tree,  # not the checkout: its pure package must not come first on sys.path
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_every_case_file_passes_compiled(compiled: Path) -> None:
    done = _run(compiled, "cases")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f"{len(build_fast.COMPILED)} compiled modules in use" in done.stdout
    summary = done.stdout.strip().splitlines()[-1]
    assert summary.endswith(" passed, 0 failed"), summary


def test_contract_orders_and_resolver_tests_pass_compiled(compiled: Path) -> None:
    paths = [str(ROOT / path) for path in TESTS]
    skipped = [f"--ignore={ROOT / path}" for path in NOT_COMPILED]
    # When a hypothesis test fails, its report reads mypy_extensions.TypedDict (deprecated;
    # mypy brings the module along): let the real failure show, not that warning.
    quiet = ["-W", "ignore:mypy_extensions.TypedDict:DeprecationWarning"]
    done = _run(compiled, "pytest", "-q", "-x", "--rootdir", str(ROOT), *quiet, *skipped, *paths)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f"{len(build_fast.COMPILED)} compiled modules in use" in done.stdout


def test_no_compiled_module_uses_cached_property() -> None:
    # mypyc compiles functools.cached_property as a plain property: the value is derived again
    # on every access (python/mypy#21611). Map.facts was, and made the compiled build slower
    # than pure Python; board.map keeps its derived values in Map._derived instead.
    decorated = re.compile(r"^\s*@(functools\.)?cached_property\b", re.MULTILINE)
    using = [m for m in build_fast.COMPILED if decorated.search((PACKAGE / m).read_text())]
    assert not using, f"compiled modules using functools.cached_property: {using}"


def test_a_compiled_map_derives_its_facts_once(compiled: Path) -> None:
    check = (
        "from adjudicator.board.map import load_map\n"
        "board = load_map('standard')\n"
        "for name in ('facts', 'supply_centers', 'convoy_areas', 'disorder_distances'):\n"
        "    assert getattr(board, name) is getattr(board, name), name\n"
        "print('derived once')\n"
    )
    done = _run(compiled, "exec", check)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "derived once" in done.stdout


def test_a_partial_build_selects_modules_by_prefix() -> None:
    board = build_fast.select(["board/"])
    assert board and all(m.startswith("board/") for m in board)
    assert build_fast.select(["resolve/engine.py", "board/map.py"]) == (
        "board/map.py",
        "resolve/engine.py",
    )
    assert build_fast.build_key(board) != build_fast.build_key()
    with pytest.raises(ValueError, match="no module of COMPILED starts with any of"):
        build_fast.select(["bord/"])


def test_an_in_place_build_compiles_in_a_scratch_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # setuptools reads a pyproject.toml where it builds, and older ones reject this project's
    # (its SPDX `license` string): `python -m adjudicator.build_fast` in a checkout failed.
    # The build runs in a scratch copy; the extensions are then copied in place.
    checkout = tmp_path / "checkout"
    (checkout / "adjudicator" / "board").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text('[project]\nlicense = "MIT"\n')
    (checkout / "adjudicator" / "board" / "stale.cpython-311-x86_64-linux-gnu.so").write_text("")
    seen: list[Path] = []

    def fake_compile(where: Path, jobs: int, modules: tuple[str, ...]) -> list[Path]:
        seen.append(where)
        assert not (where / "pyproject.toml").exists()
        built = [
            where / "adjudicator" / m.replace(".py", ".cpython-311-x86_64-linux-gnu.so")
            for m in modules
        ]
        for path in [*built, where / "abc__mypyc.cpython-311-x86_64-linux-gnu.so"]:
            path.write_text("")
        return built

    monkeypatch.setattr(build_fast, "ROOT", checkout)
    monkeypatch.setattr(build_fast, "compile_in", fake_compile)
    assert build_fast.main(["--only", "board/types.py", "board/map.py"]) == 0
    assert seen and seen[0] != checkout
    names = sorted(p.name for p in checkout.rglob("*.so"))
    assert names == [
        "abc__mypyc.cpython-311-x86_64-linux-gnu.so",
        "map.cpython-311-x86_64-linux-gnu.so",
        "types.cpython-311-x86_64-linux-gnu.so",
    ]  # the stale extension of an earlier build is gone


def test_a_copy_replaces_a_link_left_dangling_by_an_earlier_checkout(tmp_path: Path) -> None:
    """bench/summary.py reuses its work directory: a data link to a checkout removed since must
    be replaced, not refused (FileExistsError)."""
    gone = tmp_path / "gone"
    (tmp_path / "out").mkdir()
    for name in build_fast.DATA:
        (tmp_path / "out" / name).symlink_to(gone / name, target_is_directory=True)
    build_fast.copy_package(tmp_path / "out")
    for name in build_fast.DATA:
        link = tmp_path / "out" / name
        assert link.is_dir() and (link / ".").resolve() != gone / name
