// Plays a personality quiz page of single questions through its real script under minidom,
// taking each question's first answer, and prints what the script wrote in the question
// counter at the last question, as JSON: {"last": #qn, "line": the line around it}.
//
//   node personality-counts.mjs PAGE.html
import { readFileSync } from 'node:fs'
import { loadPage } from './minidom.mjs'

const d = loadPage(readFileSync(process.argv[2], 'utf8')).document
const questions = [...d.querySelectorAll('.q')], qn = d.querySelector('#qn')
let last = '', line = ''
d.querySelector('#begin').click()
for (let q; (q = questions.find(q => !q.hidden));) {
  last = qn.textContent
  line = qn.parentElement.textContent
  q.querySelector('button.a').click()
}
console.log(JSON.stringify({ last, line }))
