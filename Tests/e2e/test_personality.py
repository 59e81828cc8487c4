"""Plays the sample personality quiz in headless Chromium, as a reader would."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

from conftest import build_site, console_errors, tab_to
from conftest import press as keyboard


def visible(driver, css):
    return [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def current_question(driver):
    [question] = visible(driver, ".q")
    return question


def counter(driver):
    return driver.find_element(By.CSS_SELECTOR, "#play .muted").text


def open_quiz(driver, public):
    driver.get((public / "which-animal" / "index.html").as_uri())
    driver.get_log("browser")  # start from a clean log


def test_plays_the_sample_quiz_with_clicks_checkboxes_and_the_slider(browser, sample_public):
    d = browser
    open_quiz(d, sample_public)
    assert visible(d, "#intro") and not visible(d, "#play") and not visible(d, "#result")
    d.find_element(By.ID, "begin").click()

    assert counter(d) == "Question 1 of 5"
    assert d.find_element(By.ID, "bar").get_attribute("value") == "0"
    q = current_question(d)
    assert q.find_element(By.TAG_NAME, "h1").text == "Which food do you like the most?"
    [fish] = [b for b in q.find_elements(By.CSS_SELECTOR, "button.a") if b.text == "Fish"]
    fish.click()  # cat +1

    assert counter(d) == "Question 2 of 5"
    q = current_question(d)
    labels = {label.text: label for label in q.find_elements(By.CSS_SELECTOR, "label.c")}
    assert list(labels) == ["Swimming", "Sleeping", "Cuddling", "Eating"]
    labels["Sleeping"].click()  # cat +2, dog -1
    labels["Cuddling"].click()  # rabbit +1
    labels["Eating"].click()
    labels["Eating"].click()  # unticked again
    q.find_element(By.CSS_SELECTOR, "button.go").click()

    assert counter(d) == "Question 3 of 5"
    q = current_question(d)
    slider = q.find_element(By.CSS_SELECTOR, "input[type=range]")
    ends = [s.text for s in q.find_elements(By.CSS_SELECTOR, ".ends span")]
    assert ends == ["I dislike them", "I love them"]
    # The slider starts in the middle (v = 0.5), on answer round(0.5 × 3) = 2, and says so.
    assert slider.get_attribute("value") == "0.5"
    assert [s.text for s in visible(d, ".rv span")] == ["I barely notice them"]
    assert slider.get_attribute("aria-valuetext") == "I barely notice them"
    # Drag the thumb from the middle to the left end (offsets are from the slider's centre).
    half = slider.size["width"] // 2
    ActionChains(d).click_and_hold(slider).move_to_element_with_offset(slider, -half + 1, 0).release().perform()
    assert [s.text for s in visible(d, ".rv span")] == ["I dislike them"]  # cat +1
    assert slider.get_attribute("aria-valuetext") == "I dislike them"
    # Let go, it settles on its answer's place.
    assert slider.get_attribute("value") == "0"
    q.find_element(By.CSS_SELECTOR, "button.go").click()

    q = current_question(d)
    [window] = [b for b in q.find_elements(By.CSS_SELECTOR, "button.a") if b.text == "Curled up by the window"]
    window.click()  # cat +2
    assert counter(d) == "Question 5 of 5"
    assert d.find_element(By.ID, "bar").get_attribute("value") == "4"
    q = current_question(d)
    [own_way] = [b for b in q.find_elements(By.CSS_SELECTOR, "button.a") if b.text == "In my own time, my own way"]
    own_way.click()  # cat +1

    assert not visible(d, "#play")
    [result] = visible(d, ".o")
    assert result.find_element(By.TAG_NAME, "h1").text == "YOUR RESULT\nYou are a cat! 🐱"
    assert "own terms" in result.text
    # The Back button goes once the result shows.
    assert not visible(d, ".q") and not visible(d, "button.a") and not visible(d, "#back")
    link = result.find_element(By.CSS_SELECTOR, "a.perma")
    assert link.get_attribute("href").endswith("which-animal/cat.html")

    # Sharing without the Web Share API copies the link, and says so.
    d.find_element(By.ID, "share").click()
    status = d.find_element(By.ID, "status")
    WebDriverWait(d, 3).until(lambda _: status.text != "")  # after the clipboard's promise
    assert status.text.startswith("Link copied") or status.text.startswith("Copy this link: ")

    d.find_element(By.ID, "again").click()
    assert visible(d, "#intro") and not visible(d, "#result")
    d.find_element(By.ID, "begin").click()
    assert counter(d) == "Question 1 of 5"
    assert not current_question(d).find_elements(By.CSS_SELECTOR, "input:checked")
    assert console_errors(d) == []


def test_outcome_page_stands_alone(browser, sample_public):
    d = browser
    d.get((sample_public / "which-animal" / "cat.html").as_uri())
    assert d.find_element(By.TAG_NAME, "h1").text == "A RESULT OF “WHICH ANIMAL ARE YOU?”\nYou are a cat! 🐱"
    d.find_element(By.LINK_TEXT, "Take the quiz").click()
    assert d.current_url.endswith("which-animal/index.html")
    assert console_errors(d) == []


def test_playable_with_the_keyboard_alone(browser, sample_public):
    d = browser
    open_quiz(d, sample_public)

    def press(*sequence):
        keyboard(d, *sequence)

    def focused():
        return d.switch_to.active_element

    # Tab through the page until Begin has focus, then press Enter.
    tab_to(d, "begin")
    press(Keys.ENTER)
    # Focus moves to the question, so the next Tab reaches its first answer.
    assert focused().text == "Which food do you like the most?"
    press(Keys.TAB, Keys.TAB, Keys.ENTER)  # Fish
    assert counter(d) == "Question 2 of 5"
    press(Keys.TAB, Keys.TAB, Keys.SPACE)  # tick Sleeping
    press(Keys.TAB, Keys.TAB, Keys.TAB, Keys.ENTER)  # Next
    assert counter(d) == "Question 3 of 5"
    press(Keys.TAB)
    assert focused().get_attribute("type") == "range"
    press(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert focused().get_attribute("aria-valuetext") == "I dislike them"
    press(Keys.TAB, Keys.ENTER)
    assert counter(d) == "Question 4 of 5"
    press(Keys.TAB, Keys.TAB, Keys.TAB, Keys.ENTER)  # Curled up by the window
    press(Keys.TAB, Keys.TAB, Keys.ENTER)  # In my own time
    [result] = visible(d, ".o")
    assert result.find_element(By.TAG_NAME, "h1").text.endswith("You are a cat! 🐱")
    assert focused() == result.find_element(By.TAG_NAME, "h1")
    # Then the result's own page, and Share.
    press(Keys.TAB)
    assert focused().get_attribute("class") == "perma"
    press(Keys.TAB)
    assert focused().get_attribute("id") == "share"


def test_readable_on_a_360_pixel_screen(narrow_browser, sample_public):
    d = narrow_browser
    open_quiz(d, sample_public)

    def fits():
        return d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")

    assert fits()
    d.find_element(By.ID, "begin").click()
    for _ in range(5):
        assert fits()
        q = current_question(d)
        buttons = q.find_elements(By.CSS_SELECTOR, "button.a")
        for slider in q.find_elements(By.CSS_SELECTOR, "input[type=range]"):
            slider.send_keys(Keys.ARROW_LEFT)
        (buttons[0] if buttons else q.find_element(By.CSS_SELECTOR, "button.go")).click()
    assert fits()
    assert visible(d, ".o")


def test_back_moves_between_questions_and_the_browser_back_stays_in_the_quiz(browser, sample_public):
    d = browser
    open_quiz(d, sample_public)

    def pick(text):
        [b] = [b for b in current_question(d).find_elements(By.CSS_SELECTOR, "button.a") if b.text == text]
        b.click()

    d.find_element(By.ID, "begin").click()
    assert not visible(d, "#back")
    pick("Fish")  # cat +1, replaced below
    assert counter(d) == "Question 2 of 5"
    d.find_element(By.ID, "back").click()
    WebDriverWait(d, 3).until(lambda _: counter(d) == "Question 1 of 5")
    assert d.switch_to.active_element.text == "Question 1 of 5 Which food do you like the most?" or \
        d.switch_to.active_element.text == "Which food do you like the most?"
    # The answer given is still marked, to eyes and to screen readers.
    pressed = {b.text: b.get_attribute("aria-pressed") for b in current_question(d).find_elements(By.CSS_SELECTOR, "button.a")}
    assert pressed == {"Steak": "false", "Fish": "true", "Carrots": "false", "Corn": "false"}
    pick("Carrots")  # rabbit +1
    assert counter(d) == "Question 2 of 5"
    labels = {label.text: label for label in current_question(d).find_elements(By.CSS_SELECTOR, "label.c")}
    labels["Swimming"].click()  # turtle +1
    current_question(d).find_element(By.CSS_SELECTOR, "button.go").click()
    # The browser's Back and Forward move between questions, ticks kept, instead of leaving.
    url = d.current_url
    d.back()
    WebDriverWait(d, 3).until(lambda _: counter(d) == "Question 2 of 5")
    assert d.current_url == url
    assert [b.get_attribute("value") for b in current_question(d).find_elements(By.CSS_SELECTOR, "input:checked")] == ["0"]
    d.forward()
    WebDriverWait(d, 3).until(lambda _: counter(d) == "Question 3 of 5")
    slider = current_question(d).find_element(By.CSS_SELECTOR, "input[type=range]")
    slider.send_keys(Keys.ARROW_LEFT)  # from the middle (answer 3 of 4) to "I get a little nervous": rabbit +1
    assert slider.get_attribute("aria-valuetext") == "I get a little nervous"
    current_question(d).find_element(By.CSS_SELECTOR, "button.go").click()
    pick("Curled up by the window")  # cat +2
    pick("With help from my friends")  # rabbit +1, dog +1
    # Rabbit 3, cat 2: had Fish counted as well, cat would tie and win as the first declared.
    [result] = visible(d, ".o")
    assert result.find_element(By.TAG_NAME, "h1").text.endswith("You are a rabbit! 🐰")
    # Back past the first question is the intro, still on the quiz's page.
    for _ in range(6):
        d.back()
    WebDriverWait(d, 3).until(lambda _: visible(d, "#intro"))
    assert d.current_url == url and not visible(d, "#play")
    # Focus goes with it, to Begin, not left on the hidden question.
    assert d.switch_to.active_element.get_attribute("id") == "begin"
    assert console_errors(d) == []


SLIDER_ANSWERS = ["I dislike them", "I get a little nervous", "I barely notice them", "I love them"]


def to_the_slider(d, sample_public):
    """Opens the sample quiz and answers its first two questions: the third is the slider."""
    open_quiz(d, sample_public)
    d.find_element(By.ID, "begin").click()
    current_question(d).find_elements(By.CSS_SELECTOR, "button.a")[0].click()
    current_question(d).find_element(By.CSS_SELECTOR, "button.go").click()


def test_each_arrow_press_moves_the_slider_to_the_next_answer(browser, sample_public):
    d = browser
    to_the_slider(d, sample_public)
    slider = current_question(d).find_element(By.CSS_SELECTOR, "input[type=range]")
    answers = SLIDER_ANSWERS
    seen = []
    slider.send_keys(Keys.HOME)
    seen.append(slider.get_attribute("aria-valuetext"))
    for _ in answers[1:]:
        slider.send_keys(Keys.ARROW_RIGHT)
        seen.append(slider.get_attribute("aria-valuetext"))
        assert [s.text for s in visible(d, ".rv span")] == [seen[-1]]
    assert seen == answers
    slider.send_keys(Keys.ARROW_LEFT)
    assert slider.get_attribute("aria-valuetext") == answers[2]


def test_next_on_an_untouched_slider_takes_the_middle_answer(browser, sample_public):
    d = browser
    to_the_slider(d, sample_public)
    assert counter(d) == "Question 3 of 5"
    current_question(d).find_element(By.CSS_SELECTOR, "button.go").click()
    assert counter(d) == "Question 4 of 5"
    # Back shows what was taken: the middle answer, where the thumb stood.
    d.find_element(By.ID, "back").click()
    WebDriverWait(d, 3).until(lambda _: counter(d) == "Question 3 of 5")
    assert [s.text for s in visible(d, ".rv span")] == ["I barely notice them"]


def test_a_value_between_places_picks_the_rounded_answer(browser, sample_public):
    """FORMAT.md: a slider value v in [0, 1] picks answer round(v × (n − 1))."""
    d = browser
    to_the_slider(d, sample_public)
    slider = current_question(d).find_element(By.CSS_SELECTOR, "input[type=range]")
    answers = SLIDER_ANSWERS
    for v, a in [(0, 0), (0.16, 0), (0.17, 1), (0.5, 2), (0.83, 2), (0.84, 3), (1, 3)]:
        d.execute_script("arguments[0].value = arguments[1];"
                         "arguments[0].dispatchEvent(new Event('input', {bubbles: true}))", slider, v)
        assert slider.get_attribute("aria-valuetext") == answers[a], v


def test_arrows_follow_the_thumb_on_a_right_to_left_page(browser, tmp_path):
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    (site / "Content" / "q.md").write_text("""---
kind: personality
lang: ar
---
## السؤال {.ranged}
- أ {x}
- ب {y}
- ج {z}
## س {#x .outcome}
## ص {#y .outcome}
## ع {#z .outcome}
""", encoding="utf-8")
    d = browser
    d.get((build_site(site) / "q" / "index.html").as_uri())
    d.find_element(By.ID, "begin").click()
    slider = current_question(d).find_element(By.CSS_SELECTOR, "input[type=range]")
    assert slider.get_attribute("aria-valuetext") == "ب"
    # The first answer's end is on the right: the right arrow moves the thumb towards it.
    first, last = [s.location["x"] for s in current_question(d).find_elements(By.CSS_SELECTOR, ".ends span")]
    assert first > last
    slider.send_keys(Keys.ARROW_RIGHT)
    assert slider.get_attribute("aria-valuetext") == "أ"
    thumb_right = d.execute_script("return arguments[0].value", slider)
    slider.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert slider.get_attribute("aria-valuetext") == "ج"
    assert (thumb_right, d.execute_script("return arguments[0].value", slider)) == ("0", "1")


@pytest.mark.parametrize("quiz", ["which-animal", "knowledge-king"])
def test_without_javascript_a_quiz_shows_no_controls_that_do_nothing(browser_without_js, sample_public, quiz):
    d = browser_without_js
    d.get((sample_public / quiz / "index.html").as_uri())
    assert not d.find_element(By.ID, "begin").is_displayed()
    assert all(not f.is_displayed() for f in d.find_elements(By.CSS_SELECTOR, "#intro fieldset"))
    assert "needs JavaScript" in d.find_element(By.ID, "intro").text
