// Plays a personality quiz page through its real script, once per answer combination,
// and compares the outcome shown with the one the Swift analysis computed.
//
//   node personality-check.mjs PAGE.html EXPECTED.json
//
// EXPECTED.json: {"combinations": [{"choices": [[answer, ...] per question], "outcome": k}, ...]}
import { readFileSync } from 'node:fs'
import { loadPage, seededRandom } from './minidom.mjs'

const [page, expectedPath] = process.argv.slice(2)
const html = readFileSync(page, 'utf8')
const { combinations } = JSON.parse(readFileSync(expectedPath, 'utf8'))
const { document: d } = loadPage(html, { random: seededRandom(7) })
const visible = selector => [...d.querySelectorAll(selector)].filter(e => !e.hidden)
const questions = [...d.querySelectorAll('.q')], outcomes = [...d.querySelectorAll('.o')]
let failures = 0

d.querySelector('#begin').click()
for (const { choices, outcome } of combinations) {
  for (let step = 0; step < questions.length; step++) {
    const [q] = visible('.q')
    if (!q) throw new Error('no question visible at step ' + step)
    const index = questions.indexOf(q), picks = choices[index]
    if (d.querySelector('#qn').textContent !== String(step + 1)) throw new Error('question counter is wrong')
    const range = q.querySelector('input[type=range]')
    const checkboxes = q.querySelectorAll('input[type=checkbox]')
    if (range) {
      // A value v in [0, 1] picks answer round(v × (n − 1)): a value near answer a's own
      // place, a / (n − 1), on either side of it by turns, picks a.
      const n = q.querySelectorAll('.rv span').length, off = (step + outcome) % 2 ? 0.45 : -0.45
      range.value = String(Math.min(Math.max((picks[0] + off) / (n - 1), 0), 1))
      range.dispatchEvent(new (d.defaultView.Event)('input', { bubbles: true }))
      q.querySelector('.go').click()
    } else if (checkboxes.length) {
      checkboxes.forEach(c => { if (picks.includes(Number(c.value)) !== c.checked) c.click() })
      q.querySelector('.go').click()
    } else {
      q.querySelector(`button.a[value="${picks[0]}"]`).click()
    }
  }
  const shown = visible('.o')
  if (d.querySelector('#result').hidden || shown.length !== 1) throw new Error('no single result shown')
  const got = outcomes.indexOf(shown[0])
  if (got !== outcome) {
    failures++
    if (failures <= 10) console.error(`choices ${JSON.stringify(choices)}: page shows outcome ${got}, Swift computed ${outcome}`)
  }
  d.querySelector('#again').click()
  d.querySelector('#begin').click()
}
console.log(`${combinations.length - failures} of ${combinations.length} combinations agree`)

// Going back: the Back button and the browser's Back and Forward move between the questions of
// the play, back past the first question is the intro, and an untouched slider records nothing.
{
  const page = loadPage(html, { random: seededRandom(7) }), doc = page.document, w = page.window
  const shown = () => [...doc.querySelectorAll('.q')].filter(e => !e.hidden)
  const where = () => doc.querySelector('#intro').hidden ? doc.querySelector('#qn').textContent : 'intro'
  const expect = (what, got, wanted) => { if (got !== wanted) { failures++; console.error(`${what}: ${got}, not ${wanted}`) } }
  const next = () => {
    const [q] = shown(), range = q.querySelector('input[type=range]'), button = q.querySelector('button.a')
    if (range) { range.value = 0; range.dispatchEvent(new (w.Event)('input', { bubbles: true })) }
    ;(button ?? q.querySelector('.go')).click()
  }
  const back = doc.querySelector('#back')
  doc.querySelector('#begin').click()
  expect('Back on the first question', back.hidden, true)
  next()
  expect('after one answer', where(), '2')
  expect('Back on the second question', back.hidden, false)
  back.click()
  page.clock.tick(0)
  expect('the Back button', where(), '1')
  w.history.forward()
  page.clock.tick(0)
  expect('the browser\'s Forward', where(), '2')
  w.history.back()
  page.clock.tick(0)
  w.history.back()
  page.clock.tick(0)
  expect('back past the first question', where(), 'intro')
  doc.querySelector('#begin').click()
  while (!shown()[0].querySelector('input[type=range]')) next()
  const [q] = shown(), at = where(), range = q.querySelector('input[type=range]'), spans = q.querySelectorAll('.rv span')
  // It starts in the middle, v = 0.5, on answer round(0.5 × (n − 1)), and says so.
  const middle = Math.round(0.5 * (spans.length - 1))
  expect('the slider starts in the middle', range.value, '0.5')
  expect('it says the answer it starts on', range.getAttribute('aria-valuetext'), spans[middle].textContent)
  expect('and shows only that one', [...spans].map(s => !s.hidden).join(), [...spans].map((_, i) => i == middle).join())
  for (let a = 0; a < spans.length; a++) {
    range.value = String(a / (spans.length - 1))
    range.dispatchEvent(new (w.Event)('input', { bubbles: true }))
    expect('each place is an answer', range.getAttribute('aria-valuetext'), spans[a].textContent)
  }
  // Let go between two places, the thumb settles on the nearer answer's.
  range.value = String(1.3 / (spans.length - 1))
  range.dispatchEvent(new (w.Event)('change', { bubbles: true }))
  expect('a dragged thumb settles', +range.value, 1 / (spans.length - 1))
  expect('on the answer it says', range.getAttribute('aria-valuetext'), spans[1].textContent)
  q.querySelector('.go').click()
  expect('a moved slider answers', where(), String(+at + 1))
  console.log('going back and the slider: checked')
}
// A reader's slips and the browser's history: a double click's second click, Enter held
// down, Forward past a changed answer, a page opened again from its history entry (a reload,
// or from disk any Back to it), and Back after several plays.
{
  const open = state => {
    const page = loadPage(html, { random: seededRandom(7), state }), doc = page.document, w = page.window
    const shown = () => [...doc.querySelectorAll('.q')].find(e => !e.hidden)
    const where = () => !doc.querySelector('#result').hidden ? 'result' : doc.querySelector('#intro').hidden ? doc.querySelector('#qn').textContent : 'intro'
    const outcome = () => [...doc.querySelectorAll('.o')].findIndex(e => !e.hidden)
    const tick = () => page.clock.tick(0)
    // Answers the question shown: its first answer, or Next with what is on the screen.
    const next = () => { const q = shown(); (q.querySelector('button.a') ?? q.querySelector('.go')).click() }
    const click = (el, detail) => el.dispatchEvent(new (w.Event)('click', { bubbles: true, detail }))
    return { doc, w, shown, where, outcome, tick, next, click }
  }
  const expect = (what, got, wanted) => { if (got !== wanted) { failures++; console.error(`${what}: ${got}, not ${wanted}`) } }

  const a = open()
  a.doc.querySelector('#begin').click()
  const single = () => a.shown().querySelector('button.a')
  while (!single()) a.next()
  const at = a.where()
  a.click(single(), 1)
  const after = a.where()
  // The second click of the double click lands on what the first brought up.
  a.click(a.shown().querySelector('button.a, .go'), 2)
  expect('a double click answers once', a.where(), after)
  expect('and had answered', after, String(+at + 1))
  const enter = repeat => { const e = new (a.w.Event)('keydown', { bubbles: true, key: 'Enter', repeat }); a.shown().querySelector('button, input').dispatchEvent(e); return e.defaultPrevented }
  expect('Enter held down repeats nothing', enter(true), true)
  expect('a first Enter is the browser\'s', enter(false), false)

  // To the result, then back to the tick-box question to tick something else, and Forward.
  while (a.where() != 'result') a.next()
  let back = 0
  while (!a.shown()?.querySelector('input[type=checkbox]')) { a.w.history.back(); a.tick(); back++ }
  const boxes = [...a.shown().querySelectorAll('input[type=checkbox]')]
  const ticked = boxes.map(b => b.checked)
  boxes.forEach(b => { b.click(); b.dispatchEvent(new (a.w.Event)('input', { bubbles: true })) })
  for (let i = 0; i < back; i++) { a.w.history.forward(); a.tick() }
  expect('Forward to the result', a.where(), 'result')
  const changed = a.outcome()
  // The same answers through Next give the same outcome.
  const b = open()
  b.doc.querySelector('#begin').click()
  while (b.where() != 'result') {
    const q = b.shown(), boxes = [...q.querySelectorAll('input[type=checkbox]')]
    if (boxes.length) boxes.forEach((x, i) => { if (x.checked == ticked[i]) x.click() })
    b.next()
  }
  expect('Forward past a changed answer counts it', changed, b.outcome())

  // Opened again from its entry: the result, and a question with its ticks.
  const again = open(a.w.history.state)
  expect('a result opened again', again.where(), 'result')
  expect('shows the same outcome', again.outcome(), changed)
  for (let i = 0; i < back; i++) { a.w.history.back(); a.tick() }
  const reopened = open(a.w.history.state)
  expect('a question opened again', reopened.where(), a.where())
  expect('keeps its ticks', [...reopened.shown().querySelectorAll('input[type=checkbox]')].map(x => x.checked).join(), boxes.map(x => x.checked).join())

  // "Take it again" goes back to the page's own entry: plays do not pile up in history.
  for (let play = 0; play < 3; play++) {
    while (a.where() != 'result') a.next()
    a.doc.querySelector('#again').click()
    a.tick()
    expect('Take it again shows the intro', a.where(), 'intro')
    expect('from the page\'s own entry', a.w.history.state.d, 0)
    a.doc.querySelector('#begin').click()
  }
  while (a.where() != 'result') a.next()
  expect('entries after four plays: the page\'s and one play\'s', a.w.history.length, questions.length + 2)
  // A link to a place in the page adds no entry.
  const link = a.doc.createElement('a')
  link.setAttribute('href', '#intro')
  a.doc.querySelector('#result').append(link)
  const entries = a.w.history.length, state = a.w.history.state
  a.click(link, 1)
  expect('an in-page link moves there', a.doc.scrolledTo, a.doc.querySelector('#intro'))
  expect('without an entry', a.w.history.length === entries && a.w.history.state === state, true)
  // A play begun before the quiz was edited (serve reloads the page after a save): its
  // entry names questions that may be gone, so the page starts at its intro.
  const edited = open({ ...a.w.history.state, v: a.w.history.state.v + 1 })
  expect('a play of the quiz as it was built', typeof a.w.history.state.v, 'number')
  expect('a play of an edited quiz', edited.where(), 'intro')
  console.log('slips and history: checked')
}
// Next on an untouched slider takes the middle answer; each key moves one answer, left and
// right as the thumb runs on screen (the other way on a right-to-left page).
const sliderPlay = (dir, keys) => {
  const page = loadPage(dir ? html.replace('<html ', `<html dir="${dir}" `) : html, { random: seededRandom(7) })
  const doc = page.document, w = page.window
  const shown = () => [...doc.querySelectorAll('.q')].find(e => !e.hidden)
  doc.querySelector('#begin').click()
  while (!shown().querySelector('input[type=range]')) {
    const q = shown(), button = q.querySelector('button.a')
    ;(button ?? q.querySelector('.go')).click()
  }
  const q = shown(), range = q.querySelector('input[type=range]'), at = doc.querySelector('#qn').textContent
  const n = q.querySelectorAll('.rv span').length
  const said = []
  for (const key of keys) {
    const e = Object.assign(new (w.Event)('keydown', { bubbles: true }), { key })
    range.dispatchEvent(e)
    said.push(Math.round(range.value * (n - 1)))
  }
  q.querySelector('.go').click()
  const answered = doc.querySelector('#qn').textContent != at || !doc.querySelector('#result').hidden
  return { n, said, answered }
}
{
  const { n, answered } = sliderPlay(null, [])
  if (!answered) { failures++; console.error('Next on an untouched slider did not answer') }
  const middle = Math.round(0.5 * (n - 1)), clamp = i => Math.min(Math.max(i, 0), n - 1)
  const keys = ['ArrowRight', 'ArrowRight', 'Tab', 'ArrowLeft', 'Home', 'ArrowLeft', 'ArrowUp', 'End', 'PageDown', 'ArrowDown']
  // Where each key leaves the thumb, worked out by hand from the middle.
  const walk = back => {
    let i = middle
    const moves = { ArrowUp: 1, PageUp: 1, ArrowDown: -1, PageDown: -1, ArrowLeft: 1, ArrowRight: 1, Tab: 0 }
    return keys.map(k => (i = k == 'Home' ? 0 : k == 'End' ? n - 1 : clamp(i + (k == back ? -1 : moves[k]))))
  }
  const ltr = walk('ArrowLeft'), rtl = walk('ArrowRight')
  for (const [dir, wanted] of [[null, ltr], ['rtl', rtl]]) {
    const { said } = sliderPlay(dir, keys)
    if (said.join() != wanted.join()) { failures++; console.error(`keys on a ${dir ?? 'ltr'} slider: ${said}, not ${wanted}`) }
  }
}
console.log('a slider untouched and by keys: checked')
process.exit(failures ? 1 : 0)
