#!/usr/bin/env python3
"""Writes a benchmark corpus: N quizgen content files and the same Markdown as a Hugo site.

    bench/corpus.py --files 1000 --out /tmp/corpus [--seed 1] [--kinds personality,trivia,story]

The corpus folder gets:

    quizgen/Content/...   the content files, in nested folders (build with --source DIR/quizgen)
    hugo/                 a Hugo site: hugo.toml, a minimal layout, and content/ with the
                          same files, the same paths and the same bytes after the front matter
    bodies.md             every Markdown body, concatenated (for timing Debian's `cmark`)
    manifest.json         what was written: seed, kinds, files, bytes, items per file

Files are spread over the kinds in turn (file i has kind kinds[i % len(kinds)]), each about
4 KB of Markdown: personality quizzes with 8 questions, trivia quizzes with 10, stories with
12 pages, all valid per the content format (shared FORMAT.md), with varied prose and the
usual Markdown (emphasis, code, links, lists, blockquotes) so that parsers do real work.

Deterministic: file i depends only on the seed, i and the kinds, so the same command
writes the same bytes, and a corpus of 1,000 files is the first 1,000 files of one of 4,000.
Standard library only.
"""
import argparse
import json
import random
import re
import shutil
import sys
import textwrap
from pathlib import Path

KINDS = ("personality", "trivia", "story")
MANIFEST = "manifest.json"

# Prose vocabulary: plain lower-case words, so wrapped lines never start a list or heading.
WORDS = """
a about above across after again against almost along already also always among an and
another answer any around as at away back be because before behind below beneath beside
between beyond both bright but by calm careful certain clear close cold could curious dark
deep down during each early easy either enough even ever every far few first for from full
gentle good great half hard here high how if in inside into just kind last late least less
light like little long low many may maybe more most much must near never new next night no
none not now of off often old on once only open or other out over past perhaps quick quiet
rather real right same several short should simple slow small so soft some soon still
strange strong such sudden sure than that the then there these they this those though
through to today together too toward under until up upon very warm way well what when where
which while who why wide wild with within without yet you your
""".split()
NOUNS = """
river mountain garden lantern harbour market library window forest meadow bridge tower
castle village island valley desert orchard kitchen attic cellar workshop theatre station
lighthouse compass journey letter story recipe melody painting puzzle riddle secret map
candle mirror clock feather pebble shell ribbon basket blanket teapot kettle notebook pencil
violin drum trumpet piano festival evening morning afternoon season winter summer autumn
spring storm breeze cloud rainbow thunder sunrise sunset shadow echo whisper voice friend
neighbour traveller stranger captain baker gardener painter poet sailor dragon unicorn
giant wizard fox owl bear wolf otter heron badger falcon tortoise hedgehog squirrel
""".split()
ADJECTIVES = """
ancient bright busy calm clever cosy curious daring distant dusty eager faint fierce
gentle golden hidden hollow humble icy jolly lazy lively lonely lucky merry misty narrow
noble odd patient playful proud quiet rapid restless rusty secret silent silver sleepy
smooth snowy stormy sturdy sunny swift tall tiny velvet wandering wise wooden young
""".split()
VERBS = """
find follow carry build paint borrow collect cross climb open explore visit watch remember
forget mend share hide seek choose answer measure count gather plant harvest bake sing
""".split()
# A few words beyond ASCII, as real content has them.
ACCENTED = ["café", "naïve", "façade", "über", "jalapeño", "smörgåsbord", "déjà vu", "crème brûlée"]
LANGUAGES = ["python", "swift", "sh", "json", "yaml", ""]
OUTCOMES = [
    ("fox", "a fox", "🦊"), ("owl", "an owl", "🦉"), ("bear", "a bear", "🐻"), ("otter", "an otter", "🦦"),
    ("wolf", "a wolf", "🐺"), ("heron", "a heron", "🪶"), ("badger", "a badger", "🦡"), ("falcon", "a falcon", "🦅"),
    ("tortoise", "a tortoise", "🐢"), ("hedgehog", "a hedgehog", "🦔"), ("squirrel", "a squirrel", "🐿️"),
    ("dolphin", "a dolphin", "🐬"), ("cat", "a cat", "🐱"), ("dog", "a dog", "🐶"), ("rabbit", "a rabbit", "🐰"),
]
SCALE = ["Not at all", "Hardly ever", "Now and then", "Quite often", "Most of the time", "Always"]
SECTIONS = ["animals", "science", "history", "geography", "music", "food", "sport", "travel",
            "adventure", "mystery", "nature", "culture"]
SUBSECTIONS = ["beginners", "classics", "weekly", "family", "advanced", "seasonal", "archive", "guest"]
ENDINGS = ["good", "bad", "neutral"]


class Writer:
    """Random prose and Markdown pieces from one seeded generator."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        # Off for story endings, so that a page meant to have no choices has no link at all.
        self.links = True

    def word(self):
        r = self.rng.random()
        if r < 0.30:
            return self.rng.choice(NOUNS)
        if r < 0.42:
            return self.rng.choice(ADJECTIVES)
        if r < 0.50:
            return self.rng.choice(VERBS)
        if r < 0.505:
            return self.rng.choice(ACCENTED)
        return self.rng.choice(WORDS)

    def words(self, low, high):
        return " ".join(self.word() for _ in range(self.rng.randint(low, high)))

    def inline(self):
        """A short run of words, sometimes with inline Markdown."""
        r = self.rng.random()
        text = self.words(1, 3)
        if r < 0.12:
            return f"*{text}*"
        if r < 0.20:
            return f"**{text}**"
        if r < 0.27:
            return f"`{self.rng.choice(VERBS)}_{self.rng.choice(NOUNS)}()`"
        if r < 0.34 and self.links:
            return f"[{text}](https://example.org/{self.rng.choice(SECTIONS)}/{self.rng.choice(NOUNS)})"
        return text

    def sentence(self, low=6, high=16):
        parts = [self.inline() for _ in range(self.rng.randint(max(2, low // 2), max(3, high // 2)))]
        text = " ".join(parts)
        if self.rng.random() < 0.2:
            text += ", " + self.words(2, 5)
        text = text[0].upper() + text[1:] if text[0].isalpha() else text
        return text + self.rng.choice([".", ".", ".", "!", "?"])

    def paragraph(self, low=2, high=4):
        text = " ".join(self.sentence() for _ in range(self.rng.randint(low, high)))
        return textwrap.fill(text, width=88, break_long_words=False, break_on_hyphens=False)

    def blockquote(self):
        return "\n".join("> " + line for line in self.paragraph(1, 2).split("\n"))

    def bullet_list(self, low=3, high=5):
        marker = self.rng.choice(["-", "*"])
        return "\n".join(f"{marker} {self.sentence(4, 8)}" for _ in range(self.rng.randint(low, high)))

    def ordered_list(self, low=3, high=5):
        return "\n".join(f"{n}. {self.sentence(4, 8)}" for n in range(1, self.rng.randint(low, high) + 1))

    def code_block(self):
        language = self.rng.choice(LANGUAGES)
        lines = []
        for _ in range(self.rng.randint(2, 5)):
            name = f"{self.rng.choice(VERBS)}_{self.rng.choice(NOUNS)}"
            lines.append(f"{name} = {self.rng.randint(1, 999)}  # {self.words(2, 5)}")
        return f"```{language}\n" + "\n".join(lines) + "\n```"

    def extra_block(self):
        """Something other than a paragraph, for variety."""
        return self.rng.choice([self.blockquote, self.bullet_list, self.ordered_list, self.code_block])()

    def phrase(self, low=2, high=5):
        text = self.words(low, high)
        return text[0].upper() + text[1:]

    def title_words(self, n):
        return " ".join(w.capitalize() for w in (self.rng.choice(ADJECTIVES + NOUNS) for _ in range(n)))


def slug(text):
    """A story page's id from its heading, as FORMAT.md defines it."""
    return re.sub(r"(?:[^\w]|_)+", "-", text.lower()).strip("-")


def yaml_string(text):
    """Plain when YAML reads it back as the same string, else double-quoted (a JSON string is
    a valid YAML double-quoted scalar)."""
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9 ,.!?'-]*", text) and text not in ("true", "false", "yes", "no", "null"):
        return text
    return json.dumps(text, ensure_ascii=False)


# --- personality quizzes -----------------------------------------------------------------

QUESTION_STARTS = ["Which", "What kind of", "How would you choose a", "Where would you keep your"]


def personality(w: Writer):
    rng = w.rng
    outcomes = rng.sample(OUTCOMES, rng.randint(4, 6))
    ids = [o[0] for o in outcomes]
    title = f"Which {w.title_words(1)} {rng.choice(['Animal', 'Creature', 'Friend', 'Spirit'])} Are You?"
    front = {"kind": "personality", "title": title}
    if rng.random() < 0.5:
        front["description"] = w.sentence(6, 10)
    if rng.random() < 0.3:
        front["shuffle-answers"] = True
    if rng.random() < 0.2:
        front["shuffle-questions"] = True

    blocks = [w.paragraph(1, 3)]
    if rng.random() < 0.4:
        blocks.append(w.extra_block())

    # 8 questions: one or two .multiple, one .ranged, the rest single (sometimes written out).
    types = ["multiple"] * rng.randint(1, 2) + ["ranged"]
    types += ["single"] * (8 - len(types))
    rng.shuffle(types)
    for qtype in types:
        question = f"{rng.choice(QUESTION_STARTS)} {rng.choice(NOUNS)} {w.words(2, 5)}?"
        flag = {"multiple": " {.multiple}", "ranged": " {.ranged}", "single": rng.choice(["", "", " {.single}"])}[qtype]
        blocks.append(f"## {question}{flag}")
        if rng.random() < 0.35:
            blocks.append(w.paragraph(1, 2))
        blocks.append(answers(w, ids, qtype))
    for oid, name, emoji in outcomes:
        blocks.append(f"## You are {name}! {emoji} {{#{oid} .outcome}}")
        blocks.append(w.paragraph(1, 3))
        if rng.random() < 0.3:
            blocks.append(w.extra_block())
    return front, blocks, {"questions": 8, "outcomes": len(outcomes)}


def answers(w: Writer, ids, qtype):
    """One answer per outcome, scoring it (weight 1-3, sometimes taking 1 from another),
    and sometimes one more answer that scores two outcomes. Picking every answer that names
    outcome X makes X the result, so no outcome is unreachable."""
    rng = w.rng
    order = ids[:]
    rng.shuffle(order)
    lines = []
    labels = sorted(rng.sample(range(len(SCALE)), len(order))) if qtype == "ranged" else []
    for n, oid in enumerate(order):
        weight = rng.choice([1, 1, 1, 2, 2, 3])
        refs = oid if weight == 1 else f"{oid}={weight}"
        if rng.random() < 0.25:
            other = rng.choice([i for i in ids if i != oid])
            refs += f" {other}=-1"
        text = SCALE[labels[n]] if qtype == "ranged" else answer_text(w)
        lines.append(f"- {text} {{{refs}}}")
    if qtype != "ranged" and rng.random() < 0.3:
        a, b = rng.sample(ids, 2)
        lines.append(f"- {answer_text(w)} {{{a} {b}}}")
    return "\n".join(lines)


def answer_text(w: Writer):
    r = w.rng.random()
    if r < 0.15:
        return f"*{w.phrase(1, 3)}* {w.words(1, 3)}"
    if r < 0.25:
        return f"{w.phrase(1, 3)} `{w.rng.choice(NOUNS)}`"
    return w.phrase(2, 6)


# --- trivia quizzes ----------------------------------------------------------------------

def trivia(w: Writer):
    rng = w.rng
    title = f"The {w.title_words(2)} Quiz"
    front = {"kind": "trivia", "title": title}
    levels = rng.random() < 0.7
    if levels:
        easy = rng.randint(1, 3)
        front["points"] = {"easy": easy, "medium": easy + rng.randint(1, 3), "hard": easy + rng.randint(4, 8)}
    if rng.random() < 0.3:
        front["pick"] = rng.randint(5, 10)
    if rng.random() < 0.3:
        front["time"] = rng.choice([10, 15, 20, 30])
    if rng.random() < 0.2:
        front["on-wrong"] = rng.choice(["continue", "end"])
    if rng.random() < 0.3:
        front["pass"] = rng.choice([50, 60, 70, 80])
    if rng.random() < 0.1:
        front["shuffle-answers"] = False
    if rng.random() < 0.4:
        front["description"] = w.sentence(6, 10)

    blocks = [w.paragraph(1, 3)]
    if rng.random() < 0.4:
        blocks.append(w.extra_block())
    multiples = 0
    for _ in range(10):
        flags = []
        multiple = rng.random() < 0.2
        if multiple:
            flags.append(".multiple")
            multiples += 1
        if levels and rng.random() < 0.7:
            flags.append("." + rng.choice(["easy", "medium", "hard"]))
        elif rng.random() < 0.3:
            flags.append(f"points={rng.randint(1, 10)}")
        heading = f"## {rng.choice(['Which', 'What', 'Who', 'Where'])} {w.words(3, 7)}?"
        if flags:
            heading += " {" + " ".join(flags) + "}"
        blocks.append(heading)
        if rng.random() < 0.45:
            blocks.append(w.paragraph(1, 2))
        if rng.random() < 0.1:
            blocks.append(w.code_block())
        blocks.append(choices(w, multiple))
        if rng.random() < 0.85:
            blocks.append(w.blockquote())
    return front, blocks, {"questions": 10, "multiple": multiples}


def choices(w: Writer, multiple):
    rng = w.rng
    count = rng.randint(3, 5)
    texts, seen = [], set()
    while len(texts) < count:
        text = answer_text(w)
        key = re.sub(r"[*`]", "", text).lower()
        if key not in seen:
            seen.add(key)
            texts.append(text)
    if multiple:
        correct = set(rng.sample(range(count), rng.randint(1, count - 1)))
    else:
        correct = {rng.randrange(count)}
    return "\n".join(f"- [{'x' if n in correct else ' '}] {text}" for n, text in enumerate(texts))


# --- stories -----------------------------------------------------------------------------

def story(w: Writer):
    """12 pages: a path of 9 pages, each leading to the next, with 3 endings after it. Extra
    choices lead to endings or back (a loop, in some stories). Every page is reachable from
    the start and every page can reach an ending."""
    rng = w.rng
    title = f"The {w.title_words(2)}"
    front = {"kind": "story", "title": title}
    path, ending_count = 9, 3
    headings, ids, explicit = [], [], []
    used = set()
    for n in range(path + ending_count):
        while True:
            heading = f"The {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"
            own_id = f"{rng.choice(NOUNS)}-{n + 1}" if rng.random() < 0.75 else None
            page_id = own_id or slug(heading)
            if page_id not in used:
                break
        used.add(page_id)
        headings.append(heading)
        ids.append(page_id)
        explicit.append(own_id is not None)

    links = {n: [n + 1] for n in range(path - 1)}
    links[path - 1] = [path, path + 1]
    links[rng.randrange(2, path - 1)].append(path + 2)
    looped = rng.random() < 0.5
    if looped:
        late = rng.randrange(3, path)
        links[late].append(rng.randrange(0, late))
    for n in range(path):
        while len(links[n]) < 2:
            links[n].append(rng.randrange(path, path + ending_count))
        if rng.random() < 0.3:
            links[n].append(rng.randrange(n, path + ending_count))
        links[n] = list(dict.fromkeys(links[n]))

    # File order: the path, with the endings after it or sometimes among its later pages.
    order = list(range(path))
    for e in range(path, path + ending_count):
        order.insert(rng.randint(4, len(order)) if rng.random() < 0.3 else len(order), e)
    if rng.random() < 0.15:
        # An ending first in the file: the story starts elsewhere, named by `start:`.
        order.remove(path + 2)
        order.insert(0, path + 2)
        front["start"] = ids[0]

    blocks = [w.paragraph(1, 2)]
    if rng.random() < 0.5:
        blocks.append(w.extra_block())
    for n in order:
        attrs = []
        if explicit[n]:
            attrs.append("#" + ids[n])
        if n >= path:
            if rng.random() < 0.7:
                attrs.append(".ending")
            if rng.random() < 0.7:
                attrs.append(f"ending={rng.choice(ENDINGS)}")
        blocks.append(f"## {headings[n]}" + (" {" + " ".join(attrs) + "}" if attrs else ""))
        w.links = n < path
        blocks.append(w.paragraph(1, 3))
        w.links = True
        if n < path:
            if rng.random() < 0.25:
                blocks.append(w.rng.choice([w.blockquote, w.code_block])())
            blocks.append(story_choices(w, [ids[t] for t in links[n]]))
    return front, blocks, {"pages": path + ending_count, "endings": ending_count, "loop": looped}


def story_choices(w: Writer, targets):
    rng = w.rng
    if rng.random() < 0.6:
        return "\n".join(f"- [{w.phrase(2, 5)}](#{t})" for t in targets)
    parts = [f"[{w.words(2, 4)}](#{t})" for t in targets]
    return textwrap.fill(
        f"You could {', or '.join(parts)}. {w.sentence(4, 8)}", width=88,
        break_long_words=False, break_on_hyphens=False)


# --- files -------------------------------------------------------------------------------

GENERATORS = {"personality": personality, "trivia": trivia, "story": story}


def content_file(seed, index, kinds):
    """File `index` of the corpus: (relative path, kind, front matter, body, summary)."""
    rng = random.Random(f"quizgen-bench:{seed}:{index}")
    w = Writer(rng)
    kind = kinds[index % len(kinds)]
    front, blocks, summary = GENERATORS[kind](w)
    if rng.random() < 0.2:
        # The title as a `#` heading instead of front matter (quizgen reads either).
        blocks.insert(0, "# " + front.pop("title"))
    body = "\n\n".join(blocks) + "\n"
    folder = [rng.choice(SECTIONS)]
    if rng.random() < 0.6:
        folder.append(rng.choice(SUBSECTIONS))
        if rng.random() < 0.25:
            folder.append(rng.choice(SUBSECTIONS))
    title = front.get("title") or blocks[0][2:]
    name = f"{slug(title)[:40].strip('-')}-{index:05d}.md"
    return "/".join(folder + [name]), kind, front, body, summary, title


def front_matter(front):
    lines = ["---"]
    for key, value in front.items():
        if isinstance(value, dict):
            value = "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
        elif isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, str):
            value = yaml_string(value)
        lines.append(f"{key}: {value}")
    return "\n".join(lines + ["---", ""])


HUGO_CONFIG = """\
# A minimal Hugo site for the quizgen benchmark: one HTML page per Markdown file and a home
# page listing them all (as quizgen's index.html does), nothing else.
baseURL = "https://example.org/"
title = "quizgen benchmark corpus"
disableKinds = ["taxonomy", "term", "section", "RSS", "sitemap", "robotsTXT", "404"]
disableAliases = true
disableHugoGeneratorInject = true
enableRobotsTXT = false

[outputs]
home = ["HTML"]
page = ["HTML"]

# Plain CommonMark, like cmark and quizgen: no syntax highlighting (Chroma), no GFM
# extensions, no smart punctuation. Heading attributes and heading ids stay on (Hugo's
# defaults; quizgen reads attribute blocks too).
[markup.highlight]
codeFences = false

[markup.goldmark.extensions]
definitionList = false
footnote = false
linkify = false
strikethrough = false
table = false
taskList = false
typographer = false
"""

HUGO_SINGLE = """\
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><h1>{{ .Title }}</h1>
{{ .Content }}
</body></html>
"""

HUGO_LIST = """\
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><h1>{{ .Title }}</h1>
{{ .Content }}
<ul>
{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Description }}</li>
{{ end }}</ul>
</body></html>
"""


def write_corpus(out: Path, files: int, seed: int = 1, kinds=KINDS):
    """Writes the corpus into `out` (replacing an earlier corpus there) and returns its manifest."""
    kinds = tuple(kinds)
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        raise ValueError(f"unknown kinds {unknown}; choose among {', '.join(KINDS)}")
    out = Path(out)
    if out.exists():
        if not (out / MANIFEST).exists() and any(out.iterdir()):
            raise ValueError(f"{out} is not empty and holds no corpus; choose another folder")
        shutil.rmtree(out)
    content = out / "quizgen" / "Content"
    hugo = out / "hugo"
    (hugo / "layouts" / "_default").mkdir(parents=True)
    (hugo / "hugo.toml").write_text(HUGO_CONFIG)
    (hugo / "layouts" / "_default" / "single.html").write_text(HUGO_SINGLE)
    (hugo / "layouts" / "_default" / "list.html").write_text(HUGO_LIST)
    manifest = {"seed": seed, "kinds": list(kinds), "files": [], "body_bytes": 0, "quizgen_bytes": 0}
    with open(out / "bodies.md", "w", encoding="utf-8", newline="\n") as bodies:
        for index in range(files):
            path, kind, front, body, summary, title = content_file(seed, index, kinds)
            quizgen_text = front_matter(front) + body
            hugo_front = {"title": title}
            if "description" in front:
                hugo_front["description"] = front["description"]
            hugo_text = front_matter(hugo_front) + body
            for root, text in ((content, quizgen_text), (hugo / "content", hugo_text)):
                target = root / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8", newline="\n")
            # A blank line between files, so one file's last block never runs into the next.
            bodies.write(body + "\n")
            manifest["body_bytes"] += len(body.encode())
            manifest["quizgen_bytes"] += len(quizgen_text.encode())
            manifest["files"].append({"path": path, "kind": kind, **summary})
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def parse_kinds(text):
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    bad = [k for k in kinds if k not in KINDS]
    if bad or not kinds:
        raise argparse.ArgumentTypeError(f"unknown kind(s) {', '.join(bad) or '(none)'}; choose among {', '.join(KINDS)}")
    return kinds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, required=True, help="how many content files")
    parser.add_argument("--out", type=Path, required=True, help="the corpus folder (replaced if it holds a corpus)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--kinds", type=parse_kinds, default=KINDS,
                        help="comma-separated kinds to generate, in turn (default: personality,trivia,story)")
    args = parser.parse_args(argv)
    if args.files < 1:
        parser.error("--files must be at least 1")
    try:
        manifest = write_corpus(args.out, args.files, args.seed, args.kinds)
    except ValueError as error:
        parser.error(str(error))
    counts = {k: sum(1 for f in manifest["files"] if f["kind"] == k) for k in manifest["kinds"]}
    print(f"Wrote {args.files} files ({', '.join(f'{n} {k}' for k, n in counts.items())}), "
          f"{manifest['body_bytes'] / args.files / 1024:.1f} KB of Markdown each on average, to {args.out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
