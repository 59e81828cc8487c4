// Plays trivia pages through their real script under minidom, with a clock and random
// numbers the test controls, and checks draws, timing, scoring, the result screen and sharing.
//
//   node trivia-check.mjs DRAW.html SUDDEN-DEATH.html PASS-MARK.html
//
// DRAW.html draws fewer questions than its bank holds and has a time limit; SUDDEN-DEATH.html
// has `on-wrong: end` and a time limit; PASS-MARK.html has `pass`, no time limit, questions in
// file order and a `.multiple` question.
import { readFileSync } from 'node:fs'
import { loadPage, seededRandom, settle } from './minidom.mjs'

const [drawPage, suddenPage, passPage] = process.argv.slice(2).map(path => readFileSync(path, 'utf8'))
let passed = 0, failed = 0, reviewedBodies = 0

async function check(name, body) {
  try {
    await body()
    passed++
    console.log('ok - ' + name)
  } catch (error) {
    failed++
    console.error('not ok - ' + name + '\n  ' + (error.stack ?? error))
  }
}
function assert(condition, message) { if (!condition) throw new Error(message) }
function equal(actual, expected, message) {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)]
  if (a !== e) throw new Error(`${message}: expected ${e}, got ${a}`)
}

/// A page and the ways a reader plays it.
function game(html, options = {}) {
  const page = loadPage(html, { random: seededRandom(options.seed ?? 1), ...options })
  const d = page.document, $ = id => d.getElementById(id)
  const data = JSON.parse($('quiz-data').textContent)
  const textOf = html => { const e = d.createElement('div'); e.innerHTML = html; return e.textContent }
  const questionTexts = data.q.map(q => textOf(q.h))
  const visible = id => !$(id).hidden
  const g = {
    ...page, $, data, visible,
    /// The bank index of the question on screen.
    current() {
      const i = questionTexts.indexOf($('qh').textContent)
      assert(i >= 0, 'the question on screen is not in the bank: ' + $('qh').textContent)
      return i
    },
    choices: () => [...$('as').children],
    /// Answers the question on screen right or wrong (a wrong multiple answer is a partial
    /// one when the question has several right choices); returns its bank index.
    answer(right) {
      const i = g.current(), q = data.q[i]
      if (q.m) {
        const wanted = right ? q.k : q.k.length > 1 ? q.k.slice(1) : [q.c.findIndex((_, c) => !q.k.includes(c))]
        for (const box of $('as').querySelectorAll('input')) if (wanted.includes(+box.value)) box.click()
        $('submit').click()
      } else {
        const button = [...$('as').querySelectorAll('button.a')].find(b => q.k.includes(+b.value) === right)
        button.click()
      }
      return i
    },
    correctButton: () => [...$('as').querySelectorAll('button.a')].find(b => data.q[g.current()].k.includes(+b.value)),
    next: () => $('next').click(),
    score: () => $('score').textContent,
  }
  return g
}

/// Plays the rest of a round from question `first`, answering right where `plan` says so
/// (given the question number); returns what was asked.
function playRound(g, plan, first = 1) {
  const asked = []
  for (let n = first; !g.visible('result'); n++) {
    equal(g.$('qn').textContent, String(n), 'question counter')
    const right = plan(n)
    const i = g.answer(right)
    asked.push({ i, right, points: g.data.q[i].p })
    assert(g.visible('fb') && g.$('verdict').textContent.startsWith(right ? 'Right!' : 'Wrong.'), 'feedback after answering')
    g.next()
  }
  return asked
}

function expectResult(g, asked, message) {
  const score = asked.reduce((s, a) => s + (a.right ? a.points : 0), 0)
  const max = asked.reduce((s, a) => s + a.points, 0)
  const pct = Math.floor(score * 100 / max)
  equal(g.score(), `${score} of ${max} points`, message + ': score')
  equal(g.$('pct').textContent, pct + '%', message + ': percentage')
  equal(String(g.$('arc').style.strokeDashoffset), String(100 - pct), message + ': ring')
  const items = [...g.$('review').children]
  equal(items.map(li => li.className), asked.map(a => a.right ? 'ok' : 'no'), message + ': review marks')
  items.forEach((li, k) => {
    const q = g.data.q[asked[k].i], of = name => li.children.filter(e => e.localName == name)
    const [mark, question, yours, correct] = of('p').map(p => p.textContent), divs = of('div')
    const text = html => { const e = g.document.createElement('p'); e.innerHTML = html; return e.textContent }
    // The question's own text (a picture, a passage) is in the review too, before the answers.
    equal(divs.length, q.b ? 2 : 1, message + ': review blocks')
    if (q.b) equal(divs[0].textContent, text(q.b), message + ': review question text'), reviewedBodies++
    // Right and wrong are said in words, not only by the item's colour.
    equal(mark, asked[k].right ? 'Right' : 'Wrong', message + ': review verdict')
    equal(question, text(q.h), message + ': review question')
    assert(yours.startsWith('Your answer: '), message + ': review answer')
    equal(correct, `Correct answer: ${text(q.k.map(c => q.c[c]).join(', '))} · ${asked[k].right ? q.p : 0} of ${q.p}`, message + ': review correct answer')
  })
  return { score, max, pct }
}

await check('a play draws `pick` different questions; playing again deals the rest of the bank first', () => {
  const g = game(drawPage), n = g.data.n, bank = g.data.q.length
  assert(n < bank && bank % n === 0, 'the draw page draws a whole fraction of its bank')
  const rounds = bank / n * 4, seen = new Map(), plan = seededRandom(99)
  g.$('begin').click()
  for (let round = 1; round <= rounds; round++) {
    equal(g.$('qt').textContent, String(n), 'questions per play')
    const asked = playRound(g, () => plan() < 0.6)
    const ids = asked.map(a => a.i)
    equal(new Set(ids).size, n, `play ${round} repeats a question`)
    ids.forEach(i => seen.set(i, (seen.get(i) ?? 0) + 1))
    // After every full pass through the deck, every question has come up equally often.
    if (round % (bank / n) === 0) {
      equal(seen.size, bank, `after ${round} plays every question has been asked`)
      assert([...seen.values()].every(c => c === round / (bank / n)), `after ${round} plays some question came up more often`)
    }
    expectResult(g, asked, `play ${round}`)
    g.$('again').click()
  }
})

await check('a play never repeats a question, even when it spans the end of the deck', () => {
  // The same page drawing 7: plays then straddle two passes through the bank.
  const g = game(drawPage.replace(/("n":)\d+/, '$17')), bank = g.data.q.length, seen = new Set()
  g.$('begin').click()
  for (let round = 1; round <= 200; round++) {
    const ids = playRound(g, () => true).map(a => a.i)
    equal(new Set(ids).size, 7, `play ${round} repeats a question`)
    ids.forEach(i => seen.add(i))
    if (round === Math.ceil(bank / 7)) equal(seen.size, bank, 'the first pass through the deck covers the bank')
    g.$('again').click()
  }
})

await check('draws stay random: two seeds deal different first plays, and answers are shuffled', () => {
  const first = seed => { const g = game(drawPage, { seed }); g.$('begin').click(); return playRound(g, () => true).map(a => a.i) }
  assert(JSON.stringify(first(1)) !== JSON.stringify(first(2)), 'the same draw for two seeds')
  const g = game(drawPage, { seed: 5 })
  g.$('begin').click()
  const orders = new Set()
  for (let k = 0; k < 10; k++) { orders.add(g.choices().map(b => b.value).join()); g.answer(true); g.next() }
  assert(orders.size > 1, 'choices always in file order')
})

await check('the timer drains its bar, and running out counts as wrong', () => {
  const g = game(drawPage), T = g.data.t
  g.$('begin').click()
  const first = g.current()
  assert(Math.abs(g.$('timer').value - 1000) <= 2, 'the bar starts full')
  g.clock.tick(T / 2)
  assert(Math.abs(g.$('timer').value - 500) <= 20, 'the bar is half empty at half time, not ' + g.$('timer').value)
  assert(!g.visible('fb'), 'no feedback before the time is up')
  g.clock.tick(T / 2)
  equal(g.$('timer').value, 0, 'the bar is empty when the time is up')
  assert(g.$('verdict').textContent.startsWith('Time’s up!'), 'time-out feedback, not ' + g.$('verdict').textContent)
  assert(g.choices().every(b => b.disabled), 'choices are locked after the time-out')
  const right = g.correctButton()
  assert(right.classList.contains('ok'), 'the correct choice is shown')
  right.click()
  assert(g.$('verdict').textContent.startsWith('Time’s up!'), 'a click after the time-out changes nothing')
  g.next()

  // A click that comes after the deadline, before a late-running timer has fired, is a time-out.
  const second = g.current()
  g.clock.now += T + 1
  g.correctButton().click()
  assert(g.$('verdict').textContent.startsWith('Time’s up!'), 'a late click must not score')
  g.clock.tick(0)
  g.next()

  // Just in time still counts.
  const third = g.current()
  g.clock.tick(T - 10)
  g.answer(true)
  assert(g.$('verdict').textContent.startsWith('Right!'), 'an answer before the deadline scores')
  g.next()
  const asked = [{ i: first, right: false }, { i: second, right: false }, { i: third, right: true }]
    .map(a => ({ ...a, points: g.data.q[a.i].p }))
  asked.push(...playRound(g, () => true, 4))
  expectResult(g, asked, 'a play with time-outs')
  const review = [...g.$('review').children].map(li => li.children[2].textContent)
  equal(review.slice(0, 2), ['Your answer: none, the time ran out', 'Your answer: none, the time ran out'], 'review of time-outs')
})

await check('the time left shows in whole seconds, with one polite warning 5 seconds before the end', () => {
  const g = game(drawPage), T = g.data.t
  assert(T === 10000, 'the draw page gives 10 seconds a question')
  g.$('begin').click()
  equal(g.$('secs').textContent, '10 seconds', 'seconds at the start')
  g.clock.tick(4500)
  equal(g.$('secs').textContent, '6 seconds', 'seconds left, rounded up')
  equal(g.$('warn').textContent, '', 'no warning yet')
  assert(g.$('warn').getAttribute('role') === 'status', 'the warning is a polite live region')
  g.clock.tick(600)
  equal(g.$('warn').textContent, '5 seconds left', 'the warning')
  g.clock.tick(4899)
  equal(g.$('secs').textContent, '1 second', 'one second left')
  g.clock.tick(1)
  equal(g.$('secs').textContent, '0 seconds', 'none left at the time-out')
  g.next()
  equal(g.$('warn').textContent, '', 'the next question starts without a warning')
})

await check('under reduced motion the bar steps once a second instead of draining', () => {
  const g = game(drawPage, { reducedMotion: true })
  g.$('begin').click()
  const values = new Set()
  for (let t = 0; t < 9900; t += 100) { g.clock.tick(100); values.add(g.$('timer').value) }
  equal([...values].sort((a, b) => b - a), [1000, 900, 800, 700, 600, 500, 400, 300, 200, 100], 'one value per second')
})

await check('the reader chooses the time: the author’s, ten times as much, or none, kept for the play and shown on the result', () => {
  for (const [value, shown] of [['10', '100 seconds per question'], ['0', 'No time limit'], ['1', '10 seconds per question']]) {
    const g = game(drawPage), T = g.data.t
    g.$('intro').querySelector(`input[value="${value}"]`).click()
    g.$('begin').click()
    for (let round = 0; round < 2; round++) {
      g.clock.tick(T - 1)
      assert(!g.visible('fb'), `${value}: no time-out before the author's time`)
      equal(g.$('tb').hidden, value === '0', `${value}: the timer shows only with a limit`)
      g.clock.tick(9 * T - 1)
      equal(g.visible('fb'), value === '1', `${value}: a time-out before ten times the author's time`)
      g.clock.tick(2)
      equal(g.visible('fb'), value !== '0', `${value}: a time-out at ten times the author's time`)
      if (g.visible('fb')) assert(g.$('verdict').textContent.startsWith('Time’s up!'), 'a time-out is a wrong answer')
      else g.answer(true)
      g.next()
    }
    playRound(g, () => true, 3)
    const notes = [...g.$('sum').querySelectorAll('p.tm')].filter(p => !p.hidden).map(p => p.textContent)
    equal(notes, [shown], `${value}: the result names the time played with`)
    g.$('again').click()
    g.clock.tick(T * 10)
    equal(g.visible('fb'), value !== '0', `${value}: the choice holds when playing again`)
  }
})

await check('sudden death ends at the first wrong answer or time-out, with a distinct message for a perfect run', () => {
  const g = game(suddenPage)
  assert(g.data.e && g.data.t > 0, 'the sudden-death page ends on a wrong answer and has a time limit')
  g.$('begin').click()
  const asked = []
  for (const right of [true, true, false]) {
    const i = g.answer(right)
    asked.push({ i, right, points: g.data.q[i].p })
    equal(g.$('next').textContent, right ? 'Next question' : 'See your score', 'the Next button')
    g.next()
  }
  assert(g.visible('result'), 'the game is over after a wrong answer')
  expectResult(g, asked, 'sudden death')
  assert(g.visible('over') && !g.visible('overt') && !g.visible('perfect'), 'game-over message')

  g.$('again').click()
  g.answer(true)
  g.next()
  g.clock.tick(g.data.t)
  equal(g.$('next').textContent, 'See your score', 'a time-out ends the game too')
  g.next()
  equal(g.$('review').children.length, 2, 'two questions played')
  // Said as a time-out, not as a wrong answer.
  assert(g.visible('overt') && !g.visible('over'), 'the time-out message')

  g.$('again').click()
  const all = playRound(g, () => true)
  equal(all.length, g.data.q.length, 'a perfect run plays every question')
  expectResult(g, all, 'perfect run')
  assert(g.visible('perfect') && !g.visible('over') && !g.visible('overt'), 'the perfect-run message')
})

await check('sudden death puts the questions it dealt but did not ask back on top of the deck', () => {
  const sudden = drawPage.replace('"e":false', '"e":true')
  assert(sudden !== drawPage, 'the draw page plays on after a wrong answer')
  // The same seed deals the same first play: answered right through, it shows what was dealt.
  const full = game(sudden, { seed: 3 })
  full.$('begin').click()
  const dealt = playRound(full, () => true).map(a => a.i)
  const g = game(sudden, { seed: 3 })
  g.$('begin').click()
  const lost = playRound(g, () => false).map(a => a.i)
  equal(lost, dealt.slice(0, 1), 'a wrong first answer ends the play')
  g.$('again').click()
  const next = playRound(g, () => true).map(a => a.i)
  assert(dealt.slice(1).every(i => next.includes(i)), `the next play deals the unasked ${dealt.slice(1)}, not only ${next}`)

  // With shuffled questions, losing at once every time still asks every question before any twice.
  const shuffled = game(sudden.replace(/"sq":(true|false)/, '"sq":true'), { seed: 4 }), bank = shuffled.data.q.length
  shuffled.$('begin').click()
  const asked = []
  for (let round = 0; round < bank; round++) {
    asked.push(...playRound(shuffled, () => false).map(a => a.i))
    shuffled.$('again').click()
  }
  equal(new Set(asked).size, bank, 'a question came up twice before the bank was through')
})

await check('the pass mark chooses the pass or fail message; a partly right multiple answer is wrong', () => {
  const g = game(passPage)
  const total = g.data.q.length, multiple = g.data.q.findIndex(q => q.m)
  assert(g.data.pass > 0 && multiple >= 0 && g.data.q[multiple].k.length > 1, 'the pass page has a pass mark and a multiple question')
  const needed = Math.ceil(g.data.pass * total / 100)
  g.$('begin').click()
  let asked = playRound(g, n => n <= needed)
  equal(asked.map(a => a.i), [...Array(total).keys()], 'questions in file order')
  let { pct } = expectResult(g, asked, 'a pass')
  assert(pct >= g.data.pass && g.visible('passed') && !g.visible('failed'), 'pass message')
  g.$('again').click()
  // One right answer fewer fails; the multiple question is among the wrong ones, answered partly right.
  assert(multiple + 1 >= needed, 'the multiple question comes late enough to be answered wrong')
  asked = playRound(g, n => n < needed)
  ;({ pct } = expectResult(g, asked, 'a fail'))
  assert(pct < g.data.pass && g.visible('failed') && !g.visible('passed'), 'fail message')
  assert(!asked[multiple].right, 'the partly right multiple answer scored')
  assert(!g.visible('perfect') && !g.visible('over'), 'no perfect or game-over message')
})

await check('under sudden death the pass mark counts every question dealt, so a game lost early does not pass', () => {
  const sudden = passPage.replace('"e":false', '"e":true')
  assert(sudden !== passPage, 'the pass page plays on after a wrong answer')
  const { q, pass } = game(sudden).data, whole = q.reduce((s, x) => s + x.p, 0)
  // Right up to question k, then wrong: enough of what was played, not enough of what was dealt.
  let k = 1, won = q[0].p
  while (k < q.length - 1 && !(won * 100 >= pass * (won + q[k].p) && won * 100 < pass * whole)) won += q[k++].p
  assert(won * 100 >= pass * (won + q[k].p) && won * 100 < pass * whole, 'a play that passes on the questions played alone')
  const g = game(sudden)
  g.$('begin').click()
  const asked = playRound(g, n => n <= k)
  equal(asked.length, k + 1, 'the wrong answer ended the game')
  const { pct } = expectResult(g, asked, 'lost early')
  assert(pct >= pass && g.visible('over'), 'the played questions alone reach the pass mark')
  assert(g.visible('failed') && !g.visible('passed'), 'a game lost early passed')
  g.$('again').click()
  playRound(g, () => true)
  assert(g.visible('passed') && g.visible('perfect') && !g.visible('failed'), 'a perfect run passes')
})

await check('a multiple question scores only the exact set of right choices', () => {
  const g = game(passPage)
  g.$('begin').click()
  const multiple = g.data.q.findIndex(q => q.m)
  for (let k = 0; k < multiple; k++) { g.answer(true); g.next() }
  const q = g.data.q[multiple], boxes = [...g.$('as').querySelectorAll('input')]
  boxes.forEach(b => b.click())
  g.$('submit').click()
  assert(g.$('verdict').textContent.startsWith('Wrong.'), 'ticking everything is wrong')
  const marks = g.choices().map(label => [+label.querySelector('input').value, label.className])
  marks.forEach(([i, className]) => equal(className, q.k.includes(i) ? 'c ok' : 'c no', 'choice marks'))
})

await check('share: the Web Share API where present, else the clipboard, with a visible confirmation', async () => {
  const play = options => { const g = game(passPage, options); g.$('begin').click(); playRound(g, () => true); g.$('share').click(); return g }
  const shared = play({ share: true })
  await settle()
  equal(shared.shared.length, 1, 'one share')
  equal(shared.shared[0].url, 'file:///site/page/index.html', 'shared link')
  assert(shared.shared[0].text.includes('100%') && shared.shared[0].text.includes(shared.score()), 'shared text has the score')
  const copied = play({ share: false })
  await settle()
  equal(copied.copied.length, 1, 'one copy')
  assert(copied.copied[0].includes('100%') && copied.copied[0].endsWith('file:///site/page/index.html'), 'copied text has the score and the link')
  assert(copied.$('status').textContent.startsWith('Copied to the clipboard'), 'confirmation')
  const neither = play({ share: false, clipboard: false })
  await settle()
  assert(neither.$('status').textContent.startsWith('Copy this: I scored 100%'), 'without a clipboard the text is shown')
  neither.$('again').click()
  equal(neither.$('qn').textContent, '1', 'play again starts a new play')
  assert(!neither.visible('result') && neither.visible('play'), 'play again shows the first question')
})

await check('a double click\'s second click and Enter held down answer nothing they were not meant for', () => {
  const g = game(passPage)
  const click = (el, detail) => el.dispatchEvent(new (g.window.Event)('click', { bubbles: true, detail }))
  g.$('begin').click()
  g.answer(true)
  click(g.$('next'), 1)
  equal(g.$('qn').textContent, '2', 'Next went on')
  // The second click lands on what the first brought up: a choice of the next question.
  click(g.$('as').querySelector('button.a, input'), 2)
  assert(g.visible('play') && g.$('fb').hidden, 'the second click of a double click answered')
  const enter = repeat => { const e = new (g.window.Event)('keydown', { bubbles: true, key: 'Enter', repeat }); g.$('next').dispatchEvent(e); return e.defaultPrevented }
  assert(enter(true) && !enter(false), 'Enter held down is stopped after its first press, and only then')
})

await check('a page opened again from its history entry carries on: a question, its answer, the result, and a clock that ran on', () => {
  const g = game(drawPage), T = g.data.t
  g.$('begin').click()
  g.answer(true)
  g.next()
  const second = g.current(), asking = g.window.history.state
  g.clock.tick(T / 4)
  g.answer(false)
  const answered = g.window.history.state
  // Answered: the same question, its answer and feedback, scored once.
  const a = game(drawPage, { state: answered })
  equal(a.current(), second, 'the question answered')
  assert(a.visible('fb') && a.$('verdict').textContent.startsWith('Wrong.'), 'its feedback, not ' + a.$('verdict').textContent)
  equal(a.$('qn').textContent, '2', 'its number')
  // Still to answer, with time left: asked again, and answerable.
  const b = game(drawPage, { state: asking })
  equal(b.current(), second, 'the question being asked')
  assert(!b.visible('fb'), 'not answered yet')
  // Its time ran out while the page was away: late.
  const c = game(drawPage, { state: { ...asking, until: 0 } })
  assert(c.$('verdict').textContent.startsWith('Time’s up!'), 'a clock that ran on, not ' + c.$('verdict').textContent)
  // A quiz edited since (under serve; a bank reordered in place, of the same size, has
  // another hash): the intro, not another question under the old one's answer.
  assert(asking.v === g.data.v && typeof asking.v == 'number', 'the play names its quiz: ' + asking.v)
  const d = game(drawPage, { state: { ...asking, v: asking.v + 1 } })
  assert(d.visible('intro') && !d.visible('play'), 'a changed bank starts anew')
  // The result, as it was; and Play again deals on from the same deck.
  for (a.next(); !a.visible('result'); a.next()) a.answer(true)
  const r = game(drawPage, { state: a.window.history.state })
  assert(r.visible('result'), 'the result')
  equal([r.score(), r.$('review').children.length], [a.score(), a.$('review').children.length], 'the same score and review')
  r.$('again').click()
  a.$('again').click()
  equal(r.current(), a.current(), 'the same next deal')
})

await check('the review shows a question\'s own text (its picture, its passage) with it', () =>
  assert(reviewedBodies > 0, 'no question with text of its own was reviewed'))

console.log(`${passed} of ${passed + failed} checks passed`)
process.exit(failed ? 1 : 0)
