"""Hostile content stays inert: a fixture site whose every author-written field tries to
break out of its context. Every page is opened in headless Chromium and played through;
no script may run, no dialog open, and the markup must hold only quizgen's own scripts,
no event-handler attributes and no script URLs."""
import shutil
import subprocess

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from conftest import REPO, build_site, console_errors, require_tool

FIXTURE = REPO / "Tests" / "Fixtures" / "hostile"

INSPECT = """
const bad = [];
for (const el of document.querySelectorAll('*')) {
  for (const a of el.attributes) {
    if (a.name.startsWith('on')) bad.push(el.tagName + ' ' + a.name);
    if (/^\\s*(javascript|vbscript|data:text)/i.test(a.value) && /^(href|src|action|formaction|data)$/.test(a.name))
      bad.push(el.tagName + ' ' + a.name + '=' + a.value);
  }
}
// The one object allowed is quizgen's own drawing of the story on its map page.
for (const tag of ['iframe', 'object:not(.map > object[data="story.svg"])', 'embed', 'svg script', 'foreignObject', 'form', 'base', 'meta[http-equiv=refresh]']) {
  if (document.querySelector(tag)) bad.push('element ' + tag);
}
const scripts = [...document.querySelectorAll('script')].filter(s => s.type !== 'application/json');
if (scripts.length > 1) bad.push(scripts.length + ' executable scripts');
if (document.querySelectorAll('style').length > 1) bad.push('extra style element');
return {pwned: window.__pwned === undefined ? null : String(window.__pwned), bad, title: document.title};
"""


@pytest.fixture(scope="module")
def hostile_public(tmp_path_factory):
    site = tmp_path_factory.mktemp("hostile")
    shutil.copytree(FIXTURE, site, dirs_exist_ok=True)
    return build_site(site)


def assert_inert(driver, page):
    try:
        alert = driver.switch_to.alert
        raise AssertionError(f"{page}: a dialog opened: {alert.text}")
    except NoAlertPresentException:
        pass
    state = driver.execute_script(INSPECT)
    assert state["pwned"] is None, f"{page}: script ran: {state['pwned']}"
    assert state["bad"] == [], f"{page}: {state['bad']}"
    errors = [e for e in console_errors(driver) if "Content Security Policy" in e["message"] or "Refused" in e["message"]]
    assert errors == [], f"{page}: {errors}"


def play_through(driver):
    """Plays a quiz page to its end (clicking the first enabled button each time), so that
    everything the page script writes is written: feedback, explanations, results, review."""
    begin = [b for b in driver.find_elements(By.CSS_SELECTOR, "#begin, button.primary") if b.is_displayed()]
    if not begin:
        return
    begin[0].click()
    for _ in range(80):
        buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "main button")
                   if b.is_displayed() and b.is_enabled() and b.get_attribute("id") not in ("again", "share", "begin")]
        if not buttons:
            break
        buttons[0].click()
    for share in driver.find_elements(By.ID, "share"):
        if share.is_displayed():
            share.click()


def test_every_hostile_page_is_inert(browser, hostile_public):
    pages = sorted(hostile_public.rglob("*.html"))
    assert {p.parent.name for p in pages} >= {"personality", "trivia", "story"}
    for page in pages:
        browser.get(page.as_uri())
        browser.get_log("browser")
        browser.refresh()
        assert_inert(browser, page)
        play_through(browser)
        assert_inert(browser, page)


def test_titles_are_shown_as_text(browser, hostile_public):
    browser.get((hostile_public / "personality" / "index.html").as_uri())
    assert browser.title == "</title><script>window.__pwned='title'</script><!--"
    assert browser.find_element(By.TAG_NAME, "h1").text == browser.title


def test_story_graph_stays_a_graph(hostile_public):
    """Titles and choices full of DOT syntax must not add nodes or edges: Graphviz reads
    back exactly the start marker, the three pages and the four choices."""
    require_tool("dot")
    dot = (hostile_public / "story" / "story.dot").read_text()
    plain = subprocess.run(["dot", "-Tplain"], input=dot, text=True, check=True, capture_output=True).stdout
    lines = plain.splitlines()
    assert sum(line.startswith("node ") for line in lines) == 4, plain
    assert sum(line.startswith("edge ") for line in lines) == 4, plain
