"""Every word a reader sees or hears, in the reader's language (issue 10): a small site per
language (Japanese, Traditional Chinese, German, Arabic) is built and played in headless
Chromium: a personality quiz with all three question types, a trivia quiz whose timer runs
out, a sudden-death trivia quiz played perfectly and then lost, a story played to an ending,
its map, and the index. On every screen the test gathers what a reader sees or hears (visible
text, accessible names, the title, the map's SVG text) and fails on any text of the English
catalog that is not also that language's own. It also checks that Arabic mirrors (progress
bars, slider ends, the score ring, alignment) while the others do not, and saves screenshots
of every kind at 390 and 1280 px into QUIZGEN_E2E_ARTIFACTS (default Tests/e2e/artifacts/)."""
import base64
import json
import os
import re
import struct
import unicodedata
import zlib
from pathlib import Path

import pytest
import yaml
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, build_site, make_driver, require_tool

ARTIFACTS = Path(os.environ.get("QUIZGEN_E2E_ARTIFACTS") or REPO / "Tests/e2e/artifacts")
TIME = 3  # seconds per question of the timed trivia quiz
RTL = {"ar"}

# The author's words of each site. The quizzes and the story have the same shape in every
# language (see `site_files`): a personality quiz of a single, a multiple and a ranged
# question with two outcomes; a timed trivia quiz of four questions (points 1, 2, 3 and a
# multiple one), the first with an explanation; a sudden-death quiz drawing two of three;
# a story whose first page leads to a good ending, a bad one, a trap, a neutral ending, with
# one page no path reaches.
WORDS = {
    "ja": {
        "site": "言語のテスト",
        "personality": ["あなたはどの季節？", "三つの質問であなたの季節がわかります。", "正直に答えてください。",
                        "好きな飲み物は？", "冷たい麦茶", "温かいお茶",
                        "好きなことは？", "海で泳ぐ", "こたつで寝る", "散歩する",
                        "暑さは平気？", "苦手", "普通", "大好き",
                        "夏", "明るくて元気。", "冬", "静かで落ち着いている。"],
        "trivia": ["単位のクイズ", "時間は短いです。",
                   "1キロメートルは何メートル？", "100", "1000", "10", "キロは千です。",
                   "「ミリ」はどれ？", "千分の一", "百分の一",
                   "「メガ」はどれ？", "百万", "十億",
                   "正しいものをすべて選んでください", "1分は60秒", "1時間は60分", "1日は20時間"],
        "sudden": ["早押しクイズ", "一問でも間違えると終わりです。",
                   "クモの脚は何本？", "八本", "六本", "晴れた空の色は？", "青", "緑", "一週間は何日？", "七日", "五日"],
        "story": ["森の道", "森の中で道に迷った。", "森の入り口", "道が四つある。",
                  "光のほうへ", "暗いほうへ", "同じ道を回る", "小屋へ",
                  "光", "村に帰れた。", "暗闇", "穴に落ちた。", "迷路", "また同じ場所だ。", "もう一周",
                  "小屋", "空っぽの小屋。", "隠れ家", "誰も知らない場所。"],
    },
    "zh-Hant": {
        "site": None,  # no title in quizgen.yml: the site is named in its language
        "personality": ["你是哪個季節？", "三個問題告訴你屬於哪個季節。", "請誠實回答。",
                        "你最喜歡喝什麼？", "冰紅茶", "熱茶",
                        "你喜歡做什麼？", "在海裡游泳", "在暖爐旁睡覺", "散步",
                        "你怕熱嗎？", "很怕", "還好", "一點也不怕",
                        "夏天", "開朗又有活力。", "冬天", "安靜又沉穩。"],
        "trivia": ["單位測驗", "時間很短。",
                   "一公里是幾公尺？", "100", "1000", "10", "一公里等於一千公尺。",
                   "「毫」是多少？", "千分之一", "百分之一",
                   "「百萬」有幾個零？", "六個", "九個",
                   "下列哪些正確？", "一分鐘有六十秒", "一小時有六十分鐘", "一天有二十小時"],
        "sudden": ["快問快答", "答錯一題就結束。",
                   "蜘蛛有幾條腿？", "八條", "六條", "晴天的天空是什麼顏色？", "藍色", "綠色", "一週有幾天？", "七天", "五天"],
        "story": ["森林小路", "你在森林裡迷路了。", "森林入口", "眼前有四條路。",
                  "走向光", "走進黑暗", "繞圈子", "去小屋",
                  "光", "你回到了村子。", "黑暗", "你掉進了洞裡。", "迷宮", "又回到同一個地方。", "再繞一圈",
                  "小屋", "一間空蕩蕩的小屋。", "藏身處", "沒有人知道這個地方。"],
    },
    "de": {
        "site": "Sprachtest",
        "personality": ["Welche Jahreszeit bist du?", "Drei Fragen verraten deine Jahreszeit.", "Antworte ehrlich.",
                        "Was trinkst du am liebsten?", "Kalten Eistee", "Heißen Tee",
                        "Was machst du gern?", "Im Meer schwimmen", "Am Ofen schlafen", "Spazieren gehen",
                        "Wie gut verträgst du Hitze?", "Gar nicht", "Es geht", "Sehr gut",
                        "Sommer", "Hell und voller Energie.", "Winter", "Ruhig und gelassen."],
        "trivia": ["Maßeinheiten", "Die Zeit ist knapp.",
                   "Wie viele Meter hat ein Kilometer?", "100", "1000", "10", "Kilo heißt tausend.",
                   "Was bedeutet „Milli“?", "ein Tausendstel", "ein Hundertstel",
                   "Was bedeutet „Mega“?", "eine Million", "eine Milliarde",
                   "Was stimmt?", "Eine Minute hat 60 Sekunden", "Eine Stunde hat 60 Minuten", "Ein Tag hat 20 Stunden"],
        "sudden": ["Blitzrunde", "Ein Fehler beendet das Spiel.",
                   "Wie viele Beine hat eine Spinne?", "acht", "sechs", "Welche Farbe hat der klare Himmel?", "blau",
                   "grün", "Wie viele Tage hat eine Woche?", "sieben", "fünf"],
        "story": ["Der Waldweg", "Du hast dich im Wald verirrt.", "Am Waldrand", "Vier Wege führen weiter.",
                  "Zum Licht", "Ins Dunkle", "Im Kreis gehen", "Zur Hütte",
                  "Das Licht", "Du findest zurück ins Dorf.", "Im Dunkeln", "Du fällst in ein Loch.",
                  "Im Kreis", "Wieder dieselbe Stelle.", "Noch eine Runde",
                  "Die Hütte", "Eine leere Hütte.", "Das Versteck", "Niemand kennt diesen Ort."],
    },
    "ar": {
        "site": "اختبار اللغة",
        "personality": ["أي فصل أنت؟", "ثلاثة أسئلة تكشف فصلك.", "أجب بصدق.",
                        "ما مشروبك المفضل؟", "شاي مثلج", "شاي ساخن",
                        "ماذا تحب أن تفعل؟", "السباحة في البحر", "النوم قرب المدفأة", "المشي",
                        "هل تحتمل الحر؟", "لا أحتمله", "لا بأس", "أحبه كثيرًا",
                        "الصيف", "مشرق ومليء بالحيوية.", "الشتاء", "هادئ ورزين."],
        "trivia": ["اختبار الوحدات", "الوقت قصير.",
                   "كم مترًا في الكيلومتر؟", "100", "1000", "10", "الكيلو تعني ألفًا.",
                   "ماذا تعني «ملي»؟", "جزء من ألف", "جزء من مئة",
                   "ماذا تعني «ميغا»؟", "مليون", "مليار",
                   "ما الصحيح؟", "الدقيقة ستون ثانية", "الساعة ستون دقيقة", "اليوم عشرون ساعة"],
        "sudden": ["جولة سريعة", "خطأ واحد ينهي اللعبة.",
                   "كم رجلًا للعنكبوت؟", "ثمانٍ", "ست", "ما لون السماء الصافية؟", "أزرق", "أخضر",
                   "كم يومًا في الأسبوع؟", "سبعة", "خمسة"],
        "story": ["درب الغابة", "ضللت طريقك في الغابة.", "طرف الغابة", "أمامك أربعة دروب.",
                  "نحو الضوء", "نحو الظلام", "الدوران في حلقة", "إلى الكوخ",
                  "الضوء", "عدت إلى القرية.", "الظلام", "سقطت في حفرة.", "الحلقة", "المكان نفسه مرة أخرى.", "جولة أخرى",
                  "الكوخ", "كوخ فارغ.", "المخبأ", "لا أحد يعرف هذا المكان."],
    },
}


def site_files(words) -> dict:
    """The site of one language: quizgen.yml and its four content files."""
    q = json.dumps  # a JSON string is a YAML string, whatever its characters
    (title, description, intro, q1, a1, b1, q2, a2, b2, c2, q3, a3, b3, c3,
     o1, t1, o2, t2) = words["personality"]
    personality = f"""---
kind: personality
title: {q(title)}
description: {q(description)}
---
{intro}

## {q1}
- {a1} {{s}}
- {b1} {{w}}

## {q2} {{.multiple}}
- {a2} {{s}}
- {b2} {{w=2}}
- {c2} {{s w}}

## {q3} {{.ranged}}
- {a3} {{w}}
- {b3} {{s w}}
- {c3} {{s}}

## {o1} {{#s .outcome}}
{t1}

## {o2} {{#w .outcome}}
{t2}
"""
    (title, intro, q1, a1, b1, c1, why, q2, a2, b2, q3, a3, b3, q4, a4, b4, c4) = words["trivia"]
    trivia = f"""---
kind: trivia
title: {q(title)}
time: {TIME}
pass: 50
---
{intro}

## {q1}
- [ ] {a1}
- [x] {b1}
- [ ] {c1}

> {why}

## {q2} {{points=2}}
- [x] {a2}
- [ ] {b2}

## {q3} {{points=3}}
- [x] {a3}
- [ ] {b3}

## {q4} {{.multiple}}
- [x] {a4}
- [x] {b4}
- [ ] {c4}
"""
    (title, intro, q1, a1, b1, q2, a2, b2, q3, a3, b3) = words["sudden"]
    sudden = f"""---
kind: trivia
title: {q(title)}
pick: 2
on-wrong: end
---
{intro}

## {q1}
- [x] {a1}
- [ ] {b1}

## {q2}
- [x] {a2}
- [ ] {b2}

## {q3}
- [x] {a3}
- [ ] {b3}
"""
    (title, intro, p1, t1, c1, c2, c3, c4, good, tgood, bad, tbad, trap, ttrap, again,
     hut, thut, hidden, thidden) = words["story"]
    story = f"""---
kind: story
title: {q(title)}
---
{intro}

## {p1} {{#edge}}
{t1}
- [{c1}](#light)
- [{c2}](#dark)
- [{c3}](#loop)
- [{c4}](#hut)

## {good} {{#light ending=good}}
{tgood}

## {bad} {{#dark ending=bad}}
{tbad}

## {trap} {{#loop}}
{ttrap}
- [{again}](#loop)

## {hut} {{#hut ending=neutral}}
{thut}

## {hidden} {{#hidden}}
{thidden}
"""
    return {"personality.md": personality, "trivia.md": trivia, "sudden.md": sudden, "story.md": story}


# The English catalog, and what of it would be a leak on a page of another language.
def catalog(lang):
    return yaml.safe_load((REPO / "Templates/i18n" / f"{lang}.yaml").read_text())


def forms(message):
    return list(message.values()) if isinstance(message, dict) else [message]


def english_patterns(lang):
    """Each form of each English message, its placeholders made wildcards, unless the
    language's translation of that message has the same text. A value filled in does not
    start or end with a space. A message of no letters, such as "{result} ({title})", is
    left out: punctuation is not English.
    A pattern that starts or ends with a letter must not touch another Latin letter there
    (German "Ende" is not "end")."""
    english, theirs = catalog("en"), catalog(lang)
    patterns = []
    for key, message in english.items():
        own = set(forms(theirs.get(key, [])))
        for text in forms(message):
            if text in own:
                continue
            parts = re.split(r"\{\w+\}", text)
            # Placeholders and punctuation alone ("{result} ({title})", "{value}%") are not
            # English: any language may write them so.
            if not any(re.search(r"[^\W\d_]", p) for p in parts):
                continue
            wildcard = r"\S(?:.*?\S)?"
            regex = wildcard.join(map(re.escape, parts))
            if re.match(r"[A-Za-z]", parts[0]):
                regex = r"(?<![A-Za-z])" + regex
            if re.search(r"[A-Za-z]$", parts[-1]):
                regex += r"(?![A-Za-z])"
            patterns.append((key, text, re.compile(regex)))
    return patterns


# What a reader sees or hears of the page as it is now: the visible text, the accessible
# names and descriptions of visible elements, the window title, the titles inside SVG.
GATHER = """
const root = document.body || document.documentElement  // an SVG opened on its own has no body
const out = [document.title, root.innerText ?? root.textContent]
const names = ['aria-label', 'aria-valuetext', 'aria-description', 'aria-placeholder', 'aria-roledescription',
               'alt', 'title', 'placeholder']
for (const e of root.querySelectorAll('*')) {
  if (!e.checkVisibility()) continue
  for (const a of names) { const v = e.getAttribute(a); if (v) out.push(v) }
  if (e.matches('input[type=button], input[type=submit], input[type=reset]')) out.push(e.value)
}
for (const t of document.querySelectorAll('svg title, svg desc, svg text')) out.push(t.textContent)
return out
"""


class Reader:
    """Plays one language's site and keeps every English text seen on the way."""

    def __init__(self, driver, lang, public):
        self.d, self.lang, self.public = driver, lang, public
        self.patterns = english_patterns(lang)
        self.leaks = []
        self.screens = 0

    def open(self, path):
        self.d.get((self.public / path).as_uri())
        html = self.d.find_element(By.TAG_NAME, "html")
        assert html.get_attribute("lang") == self.lang, path
        assert (html.get_attribute("dir") or "ltr") == ("rtl" if self.lang in RTL else "ltr"), path

    def read(self, screen, texts=None):
        """Checks one screen (or the given texts) for English."""
        self.screens += 1
        texts = self.d.execute_script(GATHER) if texts is None else texts
        for line in (line.strip() for text in texts for line in text.splitlines()):
            for key, english, pattern in self.patterns:
                if line and pattern.search(line):
                    self.leaks.append(f"{screen}: {key} “{english}” in “{line}”")

    def snap(self, name):
        """Screenshots of the whole page at a phone's and a desktop's width."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        # The viewport is made as tall as the page rather than captured beyond it: Chromium
        # shifts a right-to-left page sideways when it captures beyond the viewport.
        for width, height in ((390, 844), (1280, 900)):
            metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}
            self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            size = self.d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
            metrics["height"] = max(height, int(size["height"] + 0.5))
            self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            shot = self.d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
            (ARTIFACTS / f"{self.lang}-{name}-{width}.png").write_bytes(base64.b64decode(shot["data"]))
        self.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def visible(driver, css):
    return [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def by_id(driver, name):
    return driver.find_element(By.ID, name)


def wait_for(driver, condition, seconds=TIME + 5):
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: condition())


# Mirroring, measured: which side of an element is filled, where text sits in its box.
def png_rows(data):
    """The pixel rows of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    assert depth == 8 and interlace == 0 and color in (2, 6)
    bpp = 3 if color == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, bpp)])
        prev = line
    return rows


def accent(pixel):
    """The accent blue of the style sheet (light or dark), as bars and the ring fill with it,
    or the timer's amber (`--t`, light or dark), as the time bar fills with it."""
    r, g, b = pixel
    return (b > r + 60 and b > g + 40) or (r > b + 100 and r > g + 40)


def amber(pixel):
    """The timer's own colour (light or dark), unlike the blue of progress bars."""
    r, g, b = pixel
    return r > b + 60 and r > 120


def filled_sides(element, colour=accent):
    """How many pixels of a colour the left and the right fifth of an element show."""
    rows = png_rows(element.screenshot_as_png)
    fifth = len(rows[0]) // 5
    left = sum(colour(p) for row in rows for p in row[:fifth])
    right = sum(colour(p) for row in rows for p in row[-fifth:])
    return left, right


def filled_halves(element):
    rows = png_rows(element.screenshot_as_png)
    half = len(rows[0]) // 2
    return (sum(accent(p) for row in rows for p in row[:half]), sum(accent(p) for row in rows for p in row[half:]))


TEXT_BOX = "const r = document.createRange(); r.selectNodeContents(arguments[0]); " \
           "const t = r.getBoundingClientRect(), b = arguments[0].getBoundingClientRect(); " \
           "return [t.left - b.left, b.right - t.right]"


def starts_at(driver, element):
    """The side ("left" or "right") where the element's text sits in its box."""
    left, right = driver.execute_script(TEXT_BOX, element)
    return "left" if left < right else "right"


def x_of(element):
    return element.rect["x"] + element.rect["width"] / 2


# The plays.
def play_personality(r: Reader, start_side):
    d = r.d
    r.open("personality/index.html")
    r.read("personality intro")
    r.snap("personality-intro")
    by_id(d, "begin").click()

    r.read("personality question 1 (single)")
    [q] = visible(d, ".q")
    first = q.find_elements(By.CSS_SELECTOR, "button.a")[0]
    assert starts_at(d, first) == start_side, "an answer's text sits at the start of its button"
    first.click()

    [q] = visible(d, ".q")
    r.read("personality question 2 (multiple)")
    bar = by_id(d, "bar")
    assert bar.get_attribute("value") == "1"
    left, right = filled_sides(bar)
    assert (left > right) == (start_side == "left"), f"the progress bar fills from the {start_side}: {left} / {right}"
    q.find_elements(By.CSS_SELECTOR, "label.c")[0].click()
    q.find_element(By.CSS_SELECTOR, "button.go").click()

    [q] = visible(d, ".q")
    r.read("personality question 3 (ranged, in the middle)")
    slider = q.find_element(By.CSS_SELECTOR, "input[type=range]")
    ends = q.find_elements(By.CSS_SELECTOR, ".ends span")
    # Pushed to its right end, the slider picks the answer labelled at the right end.
    right_label = max(ends, key=x_of).text
    assert (ends[0].text == right_label) == (start_side == "right"), "the first answer labels the starting end"
    half = slider.size["width"] // 2
    ActionChains(d).move_to_element_with_offset(slider, half - 2, 0).click().perform()
    assert [s.text for s in visible(d, ".rv span")] == [right_label]
    assert slider.get_attribute("aria-valuetext") == right_label
    r.read("personality question 3 (ranged, at the right end)")
    r.snap("personality-slider")
    q.find_element(By.CSS_SELECTOR, "button.go").click()

    assert visible(d, "#result") and not visible(d, "#play")
    r.read("personality result")
    r.snap("personality-result")
    by_id(d, "share").click()
    wait_for(d, lambda: by_id(d, "status").text != "", 3)
    r.read("personality result, shared")
    [permalink] = visible(d, "a.perma")
    outcome = permalink.get_attribute("href")
    by_id(d, "again").click()
    r.read("personality intro again")
    d.get(outcome)
    r.read("personality outcome page")


def play_trivia(r: Reader, start_side):
    d = r.d
    r.open("trivia/index.html")
    data = json.loads(d.find_element(By.ID, "quiz-data").get_attribute("textContent"))
    r.read("trivia intro")
    by_id(d, "begin").click()

    def choices():
        return {e.text.strip(): e for e in visible(d, "#as .a, #as .c")}

    def question(n):
        return data["q"][n]["c"], data["q"][n]["k"]

    # 1: right.
    r.read("trivia question 1")
    texts, keys = question(0)
    choices()[texts[keys[0]]].click()
    r.read("trivia question 1, right")
    by_id(d, "next").click()
    # 2: wrong.
    r.read("trivia question 2")
    texts, keys = question(1)
    choices()[next(t for i, t in enumerate(texts) if i not in keys)].click()
    r.read("trivia question 2, wrong")
    by_id(d, "next").click()
    # 3: the time runs out. A bar half full is full at the starting side only: shown on a
    # copy held at half, as how far the real bar has run by the time of a screenshot
    # depends on the machine's load (the copy has the bar's id, so the same style).
    r.read("trivia question 3")
    half = d.execute_script(
        "const bar = document.getElementById('timer'), copy = bar.cloneNode(true);"
        "copy.value = bar.max / 2; bar.after(copy); return copy")
    left, right = filled_sides(half, amber)
    d.execute_script("arguments[0].remove()", half)
    assert (left > right) == (start_side == "left"), f"the time bar is full at the {start_side}: {left} / {right}"
    wait_for(d, lambda: float(by_id(d, "timer").get_attribute("value")) == 0)
    wait_for(d, lambda: by_id(d, "next").is_displayed())
    r.read("trivia question 3, timed out")
    r.snap("trivia-timed-out")
    by_id(d, "next").click()
    # 4: multiple, right.
    r.read("trivia question 4 (multiple)")
    texts, keys = question(3)
    for k in keys:
        choices()[texts[k]].click()
    by_id(d, "submit").click()
    r.read("trivia question 4, right")
    by_id(d, "next").click()

    # 2 of 7 points: 28%, under the pass mark. The ring fills from the top towards the end side.
    assert visible(d, "#result")
    wait_for(d, lambda: d.execute_script(
        "return getComputedStyle(document.getElementById('arc')).strokeDashoffset") == "72px", 5)
    r.read("trivia result")
    left, right = filled_halves(d.find_element(By.CSS_SELECTOR, ".ring svg"))
    end_side = "right" if start_side == "left" else "left"
    assert (right > left) == (end_side == "right"), f"the ring fills from the top towards the {end_side}: {left} / {right}"
    review = d.find_element(By.CSS_SELECTOR, "#review li")
    border = d.execute_script("const s = getComputedStyle(arguments[0]); return [s.borderLeftWidth, s.borderRightWidth]", review)
    assert border == (["4px", "0px"] if start_side == "left" else ["0px", "4px"]), f"the review's mark is at the start: {border}"
    marker = d.execute_script("const s = getComputedStyle(arguments[0]); return [s.paddingLeft, s.paddingRight]",
                              d.find_element(By.ID, "review"))
    assert (marker[0] != "0px") == (start_side == "left"), f"the review's numbers have room at the start: {marker}"
    r.snap("trivia-result")
    by_id(d, "share").click()
    wait_for(d, lambda: by_id(d, "status").text != "", 3)
    r.read("trivia result, shared")


def play_sudden_death(r: Reader):
    d = r.d
    r.open("sudden/index.html")
    data = json.loads(d.find_element(By.ID, "quiz-data").get_attribute("textContent"))
    by_text = {q["h"]: q for q in data["q"]}
    r.read("sudden-death intro")
    by_id(d, "begin").click()

    def answer(right):
        q = by_text[by_id(d, "qh").get_attribute("innerHTML")]
        pick = next(i for i in range(len(q["c"])) if (i in q["k"]) == right)
        [button] = [e for e in visible(d, "#as .a") if e.text == q["c"][pick]]
        button.click()

    for n in range(2):
        r.read(f"sudden-death question {n + 1}")
        answer(True)
        r.read(f"sudden-death question {n + 1}, right")
        by_id(d, "next").click()
    assert visible(d, "#perfect")
    r.read("sudden-death result, perfect")
    by_id(d, "again").click()
    answer(False)
    r.read("sudden-death question, wrong")
    by_id(d, "next").click()
    assert visible(d, "#over")
    r.read("sudden-death result, game over")


def play_story(r: Reader, start_side):
    d = r.d
    r.open("story/index.html")
    r.read("story cover")
    r.snap("story-cover")
    d.find_element(By.CSS_SELECTOR, "a.btn.primary").click()
    r.read("story page 1")
    link = d.find_elements(By.CSS_SELECTOR, ".choices a")[0]
    text, target = link.find_elements(By.TAG_NAME, "span")
    assert (x_of(text) < x_of(target)) == (start_side == "left"), "a choice's page number follows its text"
    gap_left, gap_right = text.rect["x"] - link.rect["x"], link.rect["x"] + link.rect["width"] - text.rect["x"] - text.rect["width"]
    assert (gap_left < gap_right) == (start_side == "left"), "a choice's text starts at the start of its button"
    # The crumb runs the reading way, and its separator is a glyph Unicode mirrors in
    # right-to-left text (› shows as ‹).
    site, piece = d.find_elements(By.CSS_SELECTOR, ".crumb a")
    assert (x_of(site) < x_of(piece)) == (start_side == "left"), "the crumb starts at the site"
    separator = d.execute_script("return arguments[0].textContent", d.find_element(By.CSS_SELECTOR, ".crumb"))
    separator = separator.replace(site.text, "").replace(piece.text, "").strip()
    assert separator and all(unicodedata.mirrored(c) for c in separator), f"“{separator}” does not mirror"
    r.snap("story-page")
    link.click()
    r.read("story ending")
    assert d.find_elements(By.CSS_SELECTOR, ".end")
    r.snap("story-ending")
    d.find_element(By.CSS_SELECTOR, "a.btn.primary").click()
    r.read("story page 1 again")

    r.open("story/index.html")
    d.find_element(By.CSS_SELECTOR, "a[href='map.html']").click()
    r.read("story map page")
    r.snap("story-map")
    # The map's own words: every text and title of story.svg, as a reader opening it sees them.
    svg = (r.public / "story/story.svg").read_text()
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert texts
    r.read("story.svg", [re.sub(r"&#(\d+);", lambda m: chr(int(m[1])), t) for t in texts])
    d.get((r.public / "story/story.svg").as_uri())
    r.read("story.svg opened")


def play_index(r: Reader):
    r.open("index.html")
    r.read("index")
    assert len(r.d.find_elements(By.CSS_SELECTOR, ".cards li")) == 4
    r.snap("index")


@pytest.fixture(scope="module")
def wide_browser():
    driver = make_driver(width=1280, height=900)
    yield driver
    driver.quit()


@pytest.mark.parametrize("lang", list(WORDS))
def test_every_screen_speaks_the_language_and_mirrors_for_right_to_left(lang, tmp_path, wide_browser, browser_without_js):
    require_tool("dot")
    site = tmp_path / lang
    (site / "Content").mkdir(parents=True)
    title = WORDS[lang]["site"]
    (site / "quizgen.yml").write_text((f"title: {json.dumps(title)}\n" if title else "") + f"language: {lang}\n")
    for name, text in site_files(WORDS[lang]).items():
        (site / "Content" / name).write_text(text)
    public = build_site(site)
    assert (public / "story/story.svg").exists() and (public / "story/map.html").exists()

    start_side = "right" if lang in RTL else "left"
    r = Reader(wide_browser, lang, public)
    play_personality(r, start_side)
    play_trivia(r, start_side)
    play_sudden_death(r)
    play_story(r, start_side)
    play_index(r)
    # Without JavaScript: the quizzes' fallbacks.
    quiet = Reader(browser_without_js, lang, public)
    for path in ("personality/index.html", "trivia/index.html", "story/index.html"):
        quiet.open(path)
        quiet.read(path + " without JavaScript")
    assert r.screens > 30
    leaks = r.leaks + quiet.leaks
    assert not leaks, f"English on {lang} pages:\n" + "\n".join(leaks)


def test_the_crumb_runs_right_to_left_whatever_the_titles_script(browser, tmp_path):
    """On a right-to-left page the crumb starts at the right with the site even when both
    titles are Latin text (each title is isolated, so the line takes the page's direction
    and its separator mirrors with it)."""
    (tmp_path / "Content").mkdir()
    (tmp_path / "quizgen.yml").write_text("title: My Quizzes\n")
    (tmp_path / "Content" / "road.md").write_text(
        "---\nkind: story\ntitle: Desert Road\nlang: ar\n---\n## Start\n- [Go](#end)\n## End {#end}\nDone.\n")
    public = build_site(tmp_path)
    browser.get((public / "road" / "start.html").as_uri())
    site, piece = browser.find_elements(By.CSS_SELECTOR, ".crumb a")
    separator = browser.find_element(By.CSS_SELECTOR, ".crumb .sep")
    assert (site.text, piece.text) == ("My Quizzes", "Desert Road")
    assert x_of(site) > x_of(separator) > x_of(piece)
    assert separator.get_attribute("aria-hidden") == "true"


def has_lang(driver, element):
    """The element's own lang and dir, None where it has none."""
    return driver.execute_script("return [arguments[0].getAttribute('lang'), arguments[0].getAttribute('dir')]", element)


def test_lines_the_trivia_script_writes_carry_lang_en_only_when_english_alone(browser, tmp_path):
    """On a page in a language with no catalog (Hebrew), a line of quizgen's English words
    alone carries lang="en" dir="ltr" ("Right! +1", "Wrong" in the review, "Your answer:
    none, the time ran out"); one that mixes them with the author's text ("Wrong. The answer:
    ירושלים", the share text with the quiz's title) is left in the page's language."""
    (tmp_path / "Content").mkdir()
    (tmp_path / "quizgen.yml").write_text("language: he\n")
    (tmp_path / "Content" / "quiz.md").write_text(
        "---\nkind: trivia\ntitle: חידון\ntime: 2\n---\nברוכים הבאים.\n\n"
        "## מה בירת ישראל?\n- [x] ירושלים\n- [ ] חיפה\n\n"
        "## כמה רגליים לעכביש?\n- [x] שמונה\n- [ ] שש\n\n"
        "## מה צבע השמיים?\n- [x] כחול\n- [ ] ירוק\n")
    public = build_site(tmp_path)
    d = browser
    d.get((public / "quiz/index.html").as_uri())
    data = json.loads(d.find_element(By.ID, "quiz-data").get_attribute("textContent"))
    assert data["u"] == ' lang="en" dir="ltr"'
    by_id(d, "begin").click()
    verdict = by_id(d, "verdict")
    english = ["en", "ltr"]

    def pick(n, right):
        q = data["q"][n]
        [button] = [e for e in visible(d, "#as .a") if e.text == q["c"][q["k"][0] if right else 1 - q["k"][0]]]
        button.click()
        wait_for(d, lambda: by_id(d, "next").is_displayed())

    pick(0, True)
    # The words alone are wrapped in an element of their language.
    [words] = verdict.find_elements(By.CSS_SELECTOR, ":scope > span")
    assert verdict.text.startswith("Right!") and words.text == verdict.text and has_lang(d, words) == english
    by_id(d, "next").click()
    pick(1, False)
    assert verdict.text.startswith("Wrong.") and has_lang(d, verdict) == [None, None]
    assert not verdict.find_elements(By.CSS_SELECTOR, "[lang]")
    by_id(d, "next").click()
    wait_for(d, lambda: by_id(d, "next").is_displayed())
    assert "כחול" in verdict.text and has_lang(d, verdict) == [None, None]
    by_id(d, "next").click()

    items = d.find_elements(By.CSS_SELECTOR, "#review li")
    assert len(items) == 3
    for item in items:
        mark = item.find_element(By.CSS_SELECTOR, "p.v")
        assert mark.text in ("Right", "Wrong") and has_lang(d, mark) == english
    yours = [item.find_elements(By.CSS_SELECTOR, ":scope > p")[2] for item in items]
    assert [p.text for p in yours] == ["Your answer: ירושלים", "Your answer: שש", "Your answer: none, the time ran out"]
    assert [has_lang(d, p) for p in yours] == [[None, None], [None, None], english]
    keys = [item.find_elements(By.CSS_SELECTOR, ":scope > p")[3] for item in items]
    assert all(p.text.startswith("Correct answer: ") and has_lang(d, p) == [None, None] for p in keys)
    assert has_lang(d, by_id(d, "score")) == english
    by_id(d, "share").click()
    status = by_id(d, "status")
    wait_for(d, lambda: status.text != "", 3)
    assert "חידון" in status.text and has_lang(d, status) == [None, None]


@pytest.mark.parametrize("question_of", ["第{n}問", "全{total}問"])
def test_a_catalog_that_leaves_a_placeholder_out_leaves_the_quizzes_working(question_of, browser, tmp_path):
    """quiz.question_of without {total} (or {n}) is only a warning: the quizzes' scripts
    do without the number the catalog left out."""
    (tmp_path / "Content").mkdir()
    (tmp_path / "i18n").mkdir()
    (tmp_path / "quizgen.yml").write_text("language: ja\n")
    (tmp_path / "i18n" / "ja.yaml").write_text(f'quiz.question_of: "{question_of}"\n')
    (tmp_path / "Content" / "trivia.md").write_text(
        "---\nkind: trivia\ntitle: 知識\n---\n## 一足す一は？\n- [x] 二\n- [ ] 三\n\n## 日本の首都は？\n- [x] 東京\n- [ ] 大阪\n")
    (tmp_path / "Content" / "match.md").write_text(
        "---\nkind: personality\ntitle: 診断\n---\n## 好きな季節は？\n- 夏 {s}\n- 冬 {w}\n\n"
        "## 好きな飲み物は？\n- 麦茶 {s}\n- ココア {w}\n\n## 夏の人 {#s .outcome}\n暑い。\n\n## 冬の人 {#w .outcome}\n寒い。\n")
    public = build_site(tmp_path)
    d = browser
    d.get((public / "trivia/index.html").as_uri())
    by_id(d, "begin").click()
    for _ in range(2):
        visible(d, "#as .a")[0].click()
        wait_for(d, lambda: by_id(d, "next").is_displayed())
        shown = by_id(d, "qc").text
        assert shown.startswith(question_of.split("{")[0]) and "{" not in shown
        by_id(d, "next").click()
    wait_for(d, lambda: by_id(d, "result").is_displayed())
    assert "点" in by_id(d, "score").text
    d.get((public / "match/index.html").as_uri())
    by_id(d, "begin").click()
    for _ in range(2):
        [question] = visible(d, ".q")
        question.find_elements(By.CSS_SELECTOR, ".as button")[0].click()
    wait_for(d, lambda: by_id(d, "result").is_displayed())
    assert visible(d, "#result .o h1")
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
