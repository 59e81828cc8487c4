"""Every screen of every kind through axe-core, in light and dark: no violation of any impact
counts as a pass. Then what axe cannot see: keyboard-only play, the timer choices and reduced
motion, the slider's steps, Back in a personality quiz, and screenshots of the result screens
and the map at 390 px (kept in Tests/e2e/artifacts/, which git ignores)."""
import importlib.util
import os
import urllib.parse
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import build_site, console_errors, make_driver, tab_to
from conftest import press

ARTIFACTS = Path(__file__).parent / "artifacts"

TRIVIA = """---
kind: trivia
title: Timed trivia
time: 3
pass: 50
---
Three questions, three seconds each.

## First question
- [ ] Wrong A
- [x] Right A

> Because it is right.

## Second question {.multiple}
- [x] Right B
- [ ] Wrong B
- [x] Right C

## Third question
- [x] Right D
- [ ] Wrong D
"""


def axe_script() -> str:
    """axe-core 4's browser build, as the PyPI package axe-playwright-python carries it (only the
    file is read, so scripts/install-deps.sh installs it without Playwright: --no-deps).
    axe-selenium-python carries axe-core 1.1, which knows too few of today's rules. Under CI
    its absence fails the test."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec and spec.origin and (Path(spec.origin).parent / "axe.min.js").exists():
        return (Path(spec.origin).parent / "axe.min.js").read_text()
    message = "axe-core is not installed: run scripts/install-deps.sh, or pip install --no-deps axe-playwright-python"
    if os.environ.get("CI"):
        pytest.fail(message + " (CI is set, so the test fails instead of skipping)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="module")
def axe():
    return axe_script()


@pytest.fixture(scope="module")
def site(tmp_path_factory, sample_public):
    folder = tmp_path_factory.mktemp("a11y")
    (folder / "Content").mkdir()
    (folder / "Content" / "timed.md").write_text(TRIVIA)
    return {"sample": sample_public, "timed": build_site(folder)}


def scheme(driver, dark, reduced=False):
    features = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
    if reduced:
        features.append({"name": "prefers-reduced-motion", "value": "reduce"})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def audit(driver, axe, screen):
    """axe's violations on what the page shows now, of every impact, named for the message."""
    # Let transitions (the score ring) settle, so colours are measured as the reader sees them.
    driver.execute_script("document.getAnimations().forEach(a => a.finish())")
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(axe)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done(String(e)))")
    assert isinstance(result, list), result
    return [f"{screen}: {v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(" ".join(n["target"]) + " " + n.get("failureSummary", "").replace("\n", " ") for n in v["nodes"][:3])
            for v in result]


def by_id(d, name):
    return d.find_element(By.ID, name)


def visible(d, css):
    return [e for e in d.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def screens(d, site):
    """Walks every screen of every kind, yielding a name for each as it shows."""
    sample, timed = site["sample"], site["timed"]
    d.get((sample / "index.html").as_uri())
    yield "index"

    d.get((sample / "which-animal" / "index.html").as_uri())
    yield "personality intro"
    by_id(d, "begin").click()
    yield "personality single"
    visible(d, ".q button.a")[0].click()
    yield "personality multiple"
    visible(d, ".q label.c")[0].click()
    visible(d, ".q button.go")[0].click()
    yield "personality slider, untouched"
    press(d, Keys.ARROW_RIGHT)
    yield "personality slider, moved"
    while visible(d, ".q"):
        (visible(d, ".q button.a") or visible(d, ".q button.go"))[0].click()
        if visible(d, ".q input[type=range]"):
            press(d, Keys.ARROW_LEFT)
    yield "personality result"
    d.get((sample / "which-animal" / "cat.html").as_uri())
    yield "outcome page"

    d.get((timed / "timed" / "index.html").as_uri())
    yield "trivia intro"
    by_id(d, "begin").click()
    yield "trivia question"
    visible(d, "#as button")[0].click()
    yield "trivia answered"
    by_id(d, "next").click()
    yield "trivia multiple"
    WebDriverWait(d, 6, 0.05).until(lambda _: by_id(d, "next").is_displayed())
    yield "trivia timed out"
    by_id(d, "next").click()
    visible(d, "#as button")[0].click()
    by_id(d, "next").click()
    yield "trivia result and review"

    d.get((sample / "the-cave" / "index.html").as_uri())
    yield "story cover"
    d.find_element(By.CSS_SELECTOR, "a.btn.primary").click()
    yield "story page"
    d.get((sample / "the-cave" / "drowned.html").as_uri())
    yield "story ending"
    d.get((sample / "the-cave" / "map.html").as_uri())
    yield "story map"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_no_axe_violations_on_any_screen(browser, site, axe, dark):
    d = browser
    scheme(d, dark)
    try:
        found, names = [], []
        for name in screens(d, site):
            names.append(name)
            found += audit(d, axe, name)
        assert len(names) == 18
        assert found == [], "\n".join(found)
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_story_choices_are_one_tab_stop_each(browser, site):
    """A choice written as a link in the text is reached there; its button is not a second stop."""
    d = browser
    d.get((site["sample"] / "the-cave" / "crystals.html").as_uri())
    stops = []
    d.execute_script("document.activeElement.blur()")
    for _ in range(12):
        press(d, Keys.TAB)
        element = d.switch_to.active_element
        if element.tag_name != "a" or (stops and element == stops[0]):
            break
        stops.append(element)
    targets = [a.get_attribute("href").rsplit("/", 1)[-1] for a in stops]
    in_main = [t for t in targets if t not in ("index.html",)]
    assert len(in_main) == len(set(in_main)), targets
    assert "page-9.html" in in_main and "lantern.html" in in_main


def test_trivia_with_the_keyboard_alone_and_no_time_limit(browser, site):
    d = browser
    d.get((site["timed"] / "timed" / "index.html").as_uri())
    d.execute_script("document.activeElement.blur()")
    # Tab to the time choice, arrow to "No time limit", Tab to Begin.
    for _ in range(8):
        press(d, Keys.TAB)
        if d.switch_to.active_element.get_attribute("type") == "radio":
            break
    press(d, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    assert d.switch_to.active_element.get_attribute("value") == "0"
    tab_to(d, "begin")
    press(d, Keys.ENTER)
    assert d.switch_to.active_element.get_attribute("id") == "qh"
    assert not visible(d, "#timer")
    for _ in range(3):
        press(d, Keys.TAB)
        if d.switch_to.active_element.tag_name == "input":
            press(d, Keys.SPACE)
            tab_to(d, "submit", limit=4)
        press(d, Keys.ENTER)
        assert d.switch_to.active_element.get_attribute("id") == "next"
        press(d, Keys.ENTER)
    assert d.switch_to.active_element.get_attribute("id") == "rh"
    assert [p.text for p in visible(d, "#sum p.tm")] == ["No time limit"]
    assert console_errors(d) == []


def test_the_timer_shows_seconds_and_steps_under_reduced_motion(browser, site):
    d = browser
    scheme(d, False, reduced=True)
    try:
        d.get((site["timed"] / "timed" / "index.html").as_uri())
        by_id(d, "begin").click()
        assert by_id(d, "secs").text in ("3 seconds", "2 seconds")
        values = set()
        for _ in range(20):
            values.add(float(by_id(d, "timer").get_attribute("value")))
            d.execute_script("return new Promise(r => setTimeout(r, 50))")
        # Whole seconds of three: the bar shows thirds, never what lies between.
        assert values and all(round(v * 3 / 1000, 3) == round(v * 3 / 1000) for v in values), values
        # The timer looks unlike a progress bar: its own colour, and the seconds beside it.
        colours = d.execute_script(
            "const t = getComputedStyle(document.getElementById('timer')), a = getComputedStyle(document.querySelector('.tb'));"
            "return [t.accentColor, a.color]")
        assert colours[0] == colours[1] and colours[0] != "auto"
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_focus_rings_and_borders_contrast_and_hover_needs_a_pointer(browser, site):
    d = browser
    d.get((site["sample"] / "which-animal" / "index.html").as_uri())
    # The site's one stylesheet, linked by a relative path and applied from disk (file://)
    # under the page's policy: the 3 px focus ring below comes from it.
    href = d.execute_script("return document.querySelector('link[rel=stylesheet]').href")
    assert href.startswith("file://") and d.execute_script("return document.styleSheets.length") == 1
    sheet = Path(urllib.parse.unquote(urllib.parse.urlparse(href).path)).read_text()
    # Every :hover rule sits inside @media(hover:hover).
    outside = sheet.split("@media(hover:hover)")[0] + "".join(
        part.split("}}", 1)[-1] for part in sheet.split("@media(hover:hover)")[1:])
    assert ":hover" not in outside
    by_id(d, "begin").click()
    press(d, Keys.TAB)
    style = d.execute_script(
        "const s = getComputedStyle(document.activeElement);"
        "return [s.outlineColor, s.outlineStyle, s.outlineWidth, s.borderTopColor, getComputedStyle(document.body).backgroundColor]")
    ring, _, width, border, page = style
    assert width == "3px" and ring != border


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots_of_results_and_map_at_390_pixels(site, dark):
    """Not compared with anything: kept for people to look at (Tests/e2e/artifacts/)."""
    ARTIFACTS.mkdir(exist_ok=True)
    d = make_driver(width=390, height=844)
    try:
        # Headless Chromium's windows are at least 500 px wide: the viewport is set apart.
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        scheme(d, dark)
        suffix = "dark" if dark else "light"
        d.get((site["sample"] / "which-animal" / "index.html").as_uri())
        assert d.execute_script("return window.innerWidth") == 390
        by_id(d, "begin").click()
        while visible(d, ".q"):
            for slider in visible(d, ".q input[type=range]"):
                slider.send_keys(Keys.ARROW_LEFT)
            (visible(d, ".q button.a") or visible(d, ".q button.go"))[0].click()
        d.save_screenshot(str(ARTIFACTS / f"personality-result-390-{suffix}.png"))
        d.get((site["sample"] / "which-animal" / "cat.html").as_uri())
        d.save_screenshot(str(ARTIFACTS / f"outcome-page-390-{suffix}.png"))
        d.get((site["timed"] / "timed" / "index.html").as_uri())
        by_id(d, "begin").click()
        for _ in range(3):
            WebDriverWait(d, 6, 0.05).until(lambda _: visible(d, "#as .a, #as .c"))
            visible(d, "#as .a, #as .c")[0].click()
            if visible(d, "#submit"):
                by_id(d, "submit").click()
            by_id(d, "next").click()
        d.execute_script("document.getAnimations().forEach(a => a.finish())")
        d.save_screenshot(str(ARTIFACTS / f"trivia-result-390-{suffix}.png"))
        d.get((site["sample"] / "the-cave" / "map.html").as_uri())
        assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        d.save_screenshot(str(ARTIFACTS / f"map-390-{suffix}.png"))
        for name in ("personality-result", "outcome-page", "trivia-result", "map"):
            assert (ARTIFACTS / f"{name}-390-{suffix}.png").stat().st_size > 5000
    finally:
        d.quit()
