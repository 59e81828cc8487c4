// Plays a trivia page through its real script under minidom, answering every question right
// in file order, and prints what the script wrote for each count, as JSON:
// {"points": [#pts of each question], "verdicts": [#verdict after each], "score": #score,
//  "total": #qt, "last": #qn at the last question}.
//
//   node counts-check.mjs PAGE.html
//
// The page must not shuffle its questions. The Swift test compares the texts with the
// catalog's plural forms as Swift chooses them.
import { readFileSync } from 'node:fs'
import { loadPage } from './minidom.mjs'

const page = loadPage(readFileSync(process.argv[2], 'utf8'))
const d = page.document, $ = id => d.getElementById(id)
const data = JSON.parse($('quiz-data').textContent)
const points = [], verdicts = []
let last = ''
$('begin').click()
const total = $('qt').textContent
for (const q of data.q) {
  points.push($('pts').textContent)
  last = $('qn').textContent
  const right = [...$('as').querySelectorAll('button.a')].find(b => q.k.includes(+b.value))
  right.click()
  verdicts.push($('verdict').textContent)
  $('next').click()
}
console.log(JSON.stringify({ points, verdicts, score: $('score').textContent, total, last }))
