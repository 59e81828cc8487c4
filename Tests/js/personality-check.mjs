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
      // The slider position for answer a of n: a / (n - 1) of the way along.
      const n = q.querySelectorAll('.rv span:not(.hint)').length
      range.value = range.min + (range.max - range.min) * picks[0] / (n - 1)
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
  const [q] = shown(), at = where(), range = q.querySelector('input[type=range]')
  q.querySelector('.go').click()
  expect('Next on an untouched slider', where(), at)
  expect('the slider says it must be moved', range.getAttribute('aria-valuetext'), q.querySelector('.hint').textContent)
  expect('and shows it', q.querySelector('.rv').classList.contains('need'), true)
  for (let a = 0; a < q.querySelectorAll('.rv span:not(.hint)').length; a++) {
    range.value = a
    range.dispatchEvent(new (w.Event)('input', { bubbles: true }))
    expect('each step is an answer', range.getAttribute('aria-valuetext'), q.querySelectorAll('.rv span')[a].textContent)
  }
  q.querySelector('.go').click()
  expect('a moved slider answers', where(), String(+at + 1))
  console.log('going back and the slider: checked')
}
// The answer a slider starts on can be chosen: pressing on it, or an arrow key at its end
// (neither sends an input event), counts as moving it; another key does not.
for (const [how, event] of [['a press', 'pointerdown'], ['an arrow at the end', 'ArrowLeft'], ['Home', 'Home'], ['Tab', 'Tab']]) {
  const page = loadPage(html, { random: seededRandom(7) }), doc = page.document, w = page.window
  const shown = () => doc.querySelector('.q:not([hidden])') ?? [...doc.querySelectorAll('.q')].find(e => !e.hidden)
  doc.querySelector('#begin').click()
  while (!shown().querySelector('input[type=range]')) {
    const q = shown(), button = q.querySelector('button.a')
    ;(button ?? q.querySelector('.go')).click()
  }
  const q = shown(), range = q.querySelector('input[type=range]'), at = doc.querySelector('#qn').textContent
  const e = event == 'pointerdown' ? new (w.Event)('pointerdown', { bubbles: true })
    : Object.assign(new (w.Event)('keydown', { bubbles: true }), { key: event })
  range.dispatchEvent(e)
  q.querySelector('.go').click()
  const moved = doc.querySelector('#qn').textContent != at || !doc.querySelector('#result').hidden
  const counts = event != 'Tab'
  if (moved != counts) { failures++; console.error(`${how} on an untouched slider: ${moved ? 'answered' : 'did not answer'}`) }
  if (counts && q.querySelectorAll('.rv span')[range.value].textContent != range.getAttribute('aria-valuetext')) {
    failures++; console.error(`${how}: the slider does not say the answer it starts on`)
  }
}
console.log('choosing the answer a slider starts on: checked')
process.exit(failures ? 1 : 0)
