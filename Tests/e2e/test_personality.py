"""Plays the sample personality quiz in headless Chromium, as a reader would."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains

from conftest import console_errors, tab_to
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
    assert q.find_element(By.TAG_NAME, "h2").text == "Which food do you like the most?"
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
    # The slider starts in the middle: round(0.5 × 3) = answer 2.
    assert [s.text for s in visible(d, ".rv span")] == ["I barely notice them"]
    # Drag the thumb from the middle to the left end (offsets are from the slider's centre).
    half = slider.size["width"] // 2
    ActionChains(d).click_and_hold(slider).move_to_element_with_offset(slider, -half + 1, 0).release().perform()
    assert [s.text for s in visible(d, ".rv span")] == ["I dislike them"]  # cat +1
    assert slider.get_attribute("aria-valuetext") == "I dislike them"
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
    assert result.find_element(By.TAG_NAME, "h2").text == "You are a cat! 🐱"
    assert "own terms" in result.text
    # No way back to change answers once the result shows.
    assert not visible(d, ".q") and not visible(d, "button.a")
    link = result.find_element(By.CSS_SELECTOR, "a.perma")
    assert link.get_attribute("href").endswith("which-animal/cat.html")

    # Sharing without the Web Share API copies the link, and says so.
    d.find_element(By.ID, "share").click()
    status = d.find_element(By.ID, "status")
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
    assert d.find_element(By.TAG_NAME, "h1").text == "You are a cat! 🐱"
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
    assert result.find_element(By.TAG_NAME, "h2").text == "You are a cat! 🐱"
    assert focused().text == "You are a cat! 🐱"


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
        (buttons[0] if buttons else q.find_element(By.CSS_SELECTOR, "button.go")).click()
    assert fits()
    assert visible(d, ".o")
