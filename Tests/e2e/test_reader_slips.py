"""What readers do by habit or by accident, in headless Chromium: double clicks, links to a
place in the page, Back from a page opened from disk, and long words on a narrow screen."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

from conftest import build_site, console_errors, make_driver

QUIZ = """---
kind: personality
title: Three
shuffle-questions: false
shuffle-answers: false
---
## First
- Alpha {a}
- Beta {b}
## Second
Read the [notes below](#notes) before answering.
- Gamma {a}
- Delta {b}
## Third
- Epsilon {a}
- Zeta {b}
## A {#a .outcome}
## B {#b .outcome}
"""

TRIVIA = """---
kind: trivia
title: Two
shuffle-answers: false
---
## One?
- [x] Yes
- [ ] No
## Eight?
- [ ] one
- [ ] two
- [ ] three
- [ ] four
- [ ] five
- [x] six
- [ ] seven
- [ ] eight
"""

WORD = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"

LONG = f"""---
kind: personality
title: Lang
---
## {WORD} oder nicht? {{.multiple}}
- {WORD} {{a}}
- Nein {{b}}
## Wie sehr? {{.ranged}}
- {WORD} {{a}}
- Gar nicht {{b}}
## A {{#a .outcome}}
## B {{#b .outcome}}
"""

STORY = f"""---
kind: story
title: Weit
---
## Start
- [{WORD}{WORD}](#end)
## End {{#end ending=good}}
"""


@pytest.fixture(scope="module")
def public(tmp_path_factory):
    site = tmp_path_factory.mktemp("slips")
    (site / "Content").mkdir()
    for name, text in [("three", QUIZ), ("two", TRIVIA), ("lang", LONG), ("weit", STORY)]:
        (site / "Content" / f"{name}.md").write_text(text, encoding="utf-8")
    return build_site(site)


def open_page(d, url):
    # After a blank page, which Back returns to once the quiz is left.
    d.get("about:blank")
    d.get(url)


def shown(d, css):
    return [e for e in d.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def counter(d):
    return d.find_element(By.ID, "qn").text


def test_a_double_click_answers_only_the_question_it_was_on(browser, public):
    d = browser
    open_page(d, (public / "three" / "index.html").as_uri())
    d.find_element(By.ID, "begin").click()
    [alpha] = [b for b in shown(d, "button.a") if b.text == "Alpha"]
    ActionChains(d).double_click(alpha).perform()
    # The second click fell on question 2's first answer, where it used to answer it.
    assert counter(d) == "2"
    # Double-clicking Next in trivia used to answer the next question with the choice under it.
    open_page(d, (public / "two" / "index.html").as_uri())
    d.find_element(By.ID, "begin").click()
    [yes] = [b for b in shown(d, "button.a") if b.text == "Yes"]
    yes.click()
    ActionChains(d).double_click(d.find_element(By.ID, "next")).perform()
    assert counter(d) == "2"
    assert not shown(d, "#fb") and all(b.is_enabled() for b in shown(d, "button.a"))
    assert console_errors(d) == []


def test_a_link_to_a_place_in_the_page_keeps_the_question(browser, public):
    d = browser
    open_page(d, (public / "three" / "index.html").as_uri())
    d.find_element(By.ID, "begin").click()
    shown(d, "button.a")[0].click()
    entries = d.execute_script("return history.length")
    d.find_element(By.LINK_TEXT, "notes below").click()
    # It was taken for Back, and the quiz went to its intro.
    assert counter(d) == "2" and shown(d, "#play") and not shown(d, "#intro")
    assert d.execute_script("return history.length") == entries


def test_back_from_an_outcome_page_opened_from_disk_shows_the_result_again(browser, public):
    d = browser
    open_page(d, (public / "three" / "index.html").as_uri())
    d.find_element(By.ID, "begin").click()
    for answer in ["Beta", "Delta", "Zeta"]:
        [b] = [b for b in shown(d, "button.a") if b.text == answer]
        b.click()
    [result] = shown(d, ".o")
    assert result.find_element(By.TAG_NAME, "h1").text.endswith("B")
    result.find_element(By.CSS_SELECTOR, "p a").click()
    WebDriverWait(d, 3).until(lambda _: "/b.html" in d.current_url)
    # A page opened from disk is not kept by the browser: the script starts again, from the
    # history entry, which holds the play.
    d.back()
    WebDriverWait(d, 3).until(lambda _: shown(d, ".o"))
    [result] = shown(d, ".o")
    assert result.find_element(By.TAG_NAME, "h1").text.endswith("B")
    # Take it again goes back to the page's own entry: Back then leaves the quiz.
    d.find_element(By.ID, "again").click()
    WebDriverWait(d, 3).until(lambda _: shown(d, "#intro"))
    d.find_element(By.ID, "begin").click()
    # The play before left no entries behind: Back is the intro, and Back again leaves.
    d.back()
    WebDriverWait(d, 3).until(lambda _: shown(d, "#intro"))
    d.back()
    WebDriverWait(d, 3).until(lambda _: d.current_url == "about:blank")


@pytest.fixture()
def phone():
    driver = make_driver(width=320, height=640)
    # A headless window is at least 500 pixels wide; the page is shown as on a phone's 320.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True})
    yield driver
    driver.quit()


@pytest.mark.parametrize("page", ["lang", "weit"])
def test_long_words_wrap_on_a_320_pixel_screen(phone, public, page):
    d = phone
    d.get((public / page / ("start.html" if page == "weit" else "index.html")).as_uri())

    def fits():
        return d.execute_script("return document.documentElement.scrollWidth <= 320 && window.innerWidth == 320")

    if page == "weit":
        assert d.find_element(By.PARTIAL_LINK_TEXT, WORD).is_displayed()
        assert fits()  # a choice
        return
    d.find_element(By.ID, "begin").click()
    assert fits()  # the heading and a tick-box answer
    shown(d, "button.go")[0].click()
    assert fits()  # the slider's ends


def test_a_reloaded_trivia_quiz_carries_on_where_it_was(browser, public):
    d = browser
    open_page(d, (public / "two" / "index.html").as_uri())
    d.find_element(By.ID, "begin").click()
    [yes] = [b for b in shown(d, "button.a") if b.text == "Yes"]
    yes.click()
    d.find_element(By.ID, "next").click()
    # serve reloads the page at every save; a reader may reload it too.
    d.refresh()
    assert counter(d) == "2" and shown(d, "#play") and not shown(d, "#fb")
    [six] = [b for b in shown(d, "button.a") if b.text == "six"]
    six.click()
    d.refresh()
    assert shown(d, "#fb") and d.find_element(By.ID, "verdict").text.startswith("Right!")
    d.find_element(By.ID, "next").click()
    d.refresh()
    assert shown(d, "#result") and "2 of 2" in d.find_element(By.ID, "score").text
    assert console_errors(d) == []
