"""The game viewer page, opened in a real headless Chromium and driven with the arrow keys."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from sample_game import sample_game

from adjudicator.cli.game import game_command
from adjudicator.report.html import game_page
from adjudicator.report.svg import phase_title

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
EXAMPLE = Path(__file__).parents[2] / "examples" / "sample-game.json"


def test_page_is_self_contained() -> None:
    page = game_page(sample_game(), "sample")
    assert not re.search(r"<(link|img|iframe|object|embed)\b", page)
    assert not re.search(r"\b(src|href)\s*=", page)
    assert "@import" not in page and "url(http" not in page
    # the only URLs are the SVG namespace names, which are never fetched
    assert set(re.findall(r"https?://[^\"' ]+", page)) == {"http://www.w3.org/2000/svg"}
    assert page.count('<section class="frame"') == len(sample_game().played) + 1


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.fail("chromium and chromedriver are needed (.ci/run installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def test_arrow_keys_step_through_the_phases(browser: object, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page = tmp_path / "game.html"
    result = CliRunner().invoke(game_command, ["html", str(EXAMPLE), "-o", str(page)])
    assert result.exit_code == 0, result.output
    driver = browser
    driver.get(page.as_uri())  # type: ignore[attr-defined]
    game = sample_game()
    titles = [phase_title(p.phase) for p in game.played] + [phase_title(game.current.phase)]

    def shown() -> str:
        return str(driver.find_element(By.ID, "phase-title").text)  # type: ignore[attr-defined]

    def press(key: str) -> None:
        driver.find_element(By.TAG_NAME, "body").send_keys(key)  # type: ignore[attr-defined]

    assert shown() == "Spring 1901 \N{EM DASH} Movement"
    seen = [shown()]
    for _ in titles[1:]:
        press(Keys.ARROW_RIGHT)
        seen.append(shown())
    assert seen == titles
    press(Keys.ARROW_RIGHT)  # past the end: stays on the last phase
    assert shown() == titles[-1]
    press(Keys.ARROW_LEFT)
    assert shown() == titles[-2]
    visible = [
        s.get_attribute("id")
        for s in driver.find_elements(By.CSS_SELECTOR, "section.frame")  # type: ignore[attr-defined]
        if s.is_displayed()
    ]
    assert visible == [str(game.played[-1].phase)]
    driver.find_element(By.ID, "prev").click()  # type: ignore[attr-defined]
    assert shown() == titles[-3]
