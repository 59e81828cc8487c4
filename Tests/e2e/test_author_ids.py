"""With `raw-html: true` the author is trusted, yet an author's element cannot take the
place of the quiz's own: the page scripts find their data and elements by structure, so an
author's `id="quiz-data"` (even a fake data script), `id="begin"`, `id="next"` and the like
before or inside the quiz change nothing, and the quiz plays as it should. Also: the
Content-Security-Policy lets the site's own pictures show from disk, and adds the origins
of `media-origins`."""
import base64

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import build_site, console_errors

# Author markup with every id the page scripts use, a fake data element, and an element
# named currentScript (document's named elements shadow its properties).
DECOYS = """<div id="quiz-data">not the data</div>
<script type="application/json" id="quiz-data">{"w": [], "n": 0, "q": [], "t": 0}</script>
<img name="currentScript" alt="">

<div id="intro"><p id="play">An author's play</p><p id="result">An author's result</p>
<span id="qn">9</span><progress id="bar"></progress><span id="status">author status</span></div>

<button type="button" id="begin">
Not the quiz's begin
</button>
"""

PERSONALITY = f"""---
kind: personality
title: Decoys
---
{DECOYS}
![the site's own picture](pixel.png)

## Which one?
<div class="as"><button type="button" class="a" value="1">A decoy answer</button></div>

- Cat {{cat}}
- Dog {{dog}}

## And this one? {{.multiple}}
<p id="share">author share</p>

- Whiskers {{cat}}
- Barking {{dog}}

## You are a dog {{#dog .outcome}}
<p id="again">Woof.</p>

## You are a cat {{#cat .outcome}}
<p><a class="perma" href="elsewhere.html">an author's link</a></p>
"""

TRIVIA = f"""---
kind: trivia
title: Decoy trivia
---
{DECOYS}

## First <span id="next">question</span>
<p id="submit">A body with <b id="as">ids</b> <span id="review">of the page</span>.</p>

- [ ] Wrong <span id="verdict">A</span>
- [x] Right A

> <span id="share">Explained</span> <span id="score">here</span>.

## Second question {{.multiple}}
<div id="fb"><button id="again">An author's button</button></div>

- [x] Right B
- [ ] Wrong B
- [x] Right C
"""

PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC")


@pytest.fixture(scope="module")
def decoy_public(tmp_path_factory):
    site = tmp_path_factory.mktemp("decoys")
    (site / "quizgen.yml").write_text("raw-html: true\nmedia-origins: [https://images.example.org]\n")
    (site / "Content").mkdir()
    (site / "Content" / "personality.md").write_text(PERSONALITY)
    (site / "Content" / "trivia.md").write_text(TRIVIA)
    (site / "Content" / "pixel.png").write_bytes(PIXEL)
    return build_site(site)


def own(driver, css):
    """The quiz's own element: a direct child of the quiz's <main>, or below one by path."""
    return driver.find_element(By.CSS_SELECTOR, "body > main > " + css)


def shown(driver, css):
    return [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def test_personality_plays_past_author_ids(browser, decoy_public):
    d = browser
    d.get((decoy_public / "personality" / "index.html").as_uri())
    d.get_log("browser")
    # The author's elements are there, as written.
    assert len(d.find_elements(By.ID, "quiz-data")) == 3
    assert d.find_element(By.ID, "begin").text == "Not the quiz's begin"
    d.find_element(By.ID, "begin").click()  # the author's button does nothing
    assert own(d, "#play").get_attribute("hidden") is not None
    own(d, "#intro > button.primary").click()
    assert own(d, "#play").is_displayed()
    assert own(d, "#play > p > #qn").text == "1"
    # A button that only looks like an answer is not one.
    d.find_element(By.XPATH, "//button[text()='A decoy answer']").click()
    assert own(d, "#play > p > #qn").text == "1"
    d.find_element(By.XPATH, "//button[normalize-space()='Cat']").click()
    assert own(d, "#play > p > #qn").text == "2"
    d.find_element(By.XPATH, "//label[normalize-space()='Whiskers']").click()
    [go] = shown(d, "body > main > #play button.go")
    go.click()
    assert own(d, "#result").is_displayed()
    assert [h.text for h in shown(d, "body > main > #result > .o > h1 > span:last-child")] == ["You are a cat"]
    own(d, "#result > #share").click()
    status = own(d, "#result > #status")
    WebDriverWait(d, 5).until(lambda _: status.text != "")  # after the clipboard's promise
    own(d, "#result > #again").click()
    assert own(d, "#intro").is_displayed()
    # The site's own picture shows from disk under the policy.
    image = d.find_element(By.CSS_SELECTOR, "img[src='../pixel.png']")
    assert d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == 1
    csp = d.find_element(By.CSS_SELECTOR, "meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    assert "img-src 'self' data: https://images.example.org; media-src 'self' data: https://images.example.org;" in csp
    assert console_errors(d) == []


def test_trivia_plays_past_author_ids(browser, decoy_public):
    d = browser
    d.get((decoy_public / "trivia" / "index.html").as_uri())
    d.get_log("browser")
    own(d, "#intro > button.primary").click()
    assert own(d, "#play").is_displayed()
    assert own(d, "#play #qn").text == "1"
    assert "First" in own(d, "#play > #qh").text
    d.find_element(By.XPATH, "//div[@id='as']/button[normalize-space()='Right A']").click()
    assert own(d, "#play > #verdict").text.startswith("Right!")
    assert "Explained" in own(d, "#play > #fb > #why").text
    own(d, "#play > #fb > #next").click()
    assert own(d, "#play #qn").text == "2"
    d.find_element(By.XPATH, "//button[text()=\"An author's button\"]").click()  # not the quiz's
    assert own(d, "#play #qn").text == "2"
    for label in ("Right B", "Right C"):
        d.find_element(By.XPATH, f"//div[@id='as']/label[normalize-space()='{label}']").click()
    own(d, "#play > #submit").click()
    own(d, "#play > #fb > #next").click()
    assert own(d, "#result").is_displayed()
    assert own(d, "#result > #sum > #score").text == "2 of 2 points"
    assert len(own(d, "#result > #review").find_elements(By.TAG_NAME, "li")) == 2
    assert console_errors(d) == []
