// quizgen trivia: deals, times and scores the bank built into the page.
(() => {
  // Elements are found by structure, never by an author's id (README: raw-html).
  const d = document, me = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript').get.call(d)
  const data = me.previousElementSibling, main = data.previousElementSibling, E = {}, $ = id => E[id]
  const all = (s, e) => [...e.querySelectorAll(s)], kids = (e, s) => all(':scope>' + s, e)
  ;['intro', 'play', 'result'].forEach(s => E[s] = kids(main, '#' + s)[0])
  const begin = kids(E.intro, 'button').pop(), times = kids(E.intro, 'fieldset input')
  ;[['play', 'qt qn pts tb timer secs warn qh qb as submit verdict fb why next'], ['result', 'rh sum arc pct score over overt perfect passed failed review share status again']]
    .forEach(([s, ids]) => ids.split(' ').forEach(id => E[id] = E[s].querySelector('#' + id)))
  const D = JSON.parse(data.textContent), Q = D.q, as = $('as'), bar = $('timer')
  const now = () => performance.now(), keys = n => [...Array(n).keys()], text = (id, t) => { if ($(id)) $(id).textContent = t === +t ? N(t) : t }
  const shuffle = a => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]] } return a }
  const show = id => ['intro', 'play', 'result'].forEach(s => $(s).hidden = s != id)
  // text(id, t) passes over an element a catalog left out (quiz.question_of without {total}).
  // N(x): a whole number (the script shows no others) grouped as the language groups
  // them, as D.f says: [group sign, decimal sign, fewest digits before a group].
  // say(name, v0, …): a word of D.m; a count (v0) picks its form from D.p.
  const N = x => (x += '')[2 + D.f[2]] ? x.replace(/\B(?=(\d{3})+$)/g, D.f[0]) : x
  const say = (k, ...v) => {
    let t = D.m[k], n = v[0]
    if (!t.big) t = t[D.p[n < 100 ? n : n % 1e6 ? 100 + n % 100 : 200]]
    return t.replace(/{(\d)}/g, (s, i) => (s = v[i]) === +s ? N(s) : s)
  }
  const names = (q, list) => list.map(i => q.c[i]).join(D.m.sep)
  // U (D.u): ` lang="en"` (and a dir) for quizgen's words where the page's language has no
  // catalog of its own. A line of them alone carries it; one holding the author's text too
  // does not (README: Languages).
  const U = D.u || ''
  let deck = [], draw, pos, score, max, log, q, T, mode, deadline, timer, frame, answered, warned, pct

  // Plays deal on through one shuffled deck: no repeats until the bank has been seen.
  const deal = () => {
    const picked = deck.splice(0, D.n)
    if (picked.length < D.n) {
      deck = shuffle(keys(Q.length).filter(i => !picked.includes(i)))
      picked.push(...deck.splice(0, D.n - picked.length))
    }
    return D.sq ? picked : picked.sort((a, b) => a - b)
  }
  const start = () => {
    // The reader's time holds for the play: the author's, ten times it, or none.
    mode = times.findIndex(r => r.checked)
    T = mode < 0 ? 0 : D.t * times[mode].value
    if (E.tb) E.tb.hidden = !T
    draw = deal()
    pos = score = max = 0
    log = []
    text('qt', draw.length)
    show('play')
    ask()
  }
  // The play so far, in the page's history entry: a page opened again from it (a reload,
  // serve's after a save; from disk, Back to it) carries on where it was. Its clock runs on
  // meanwhile: a question whose time ran out counts as late.
  const keep = more => history.replaceState({ v: D.v, deck, draw, pos, score, max, mode, T, log: log.map(([q, ...r]) => [Q.indexOf(q), ...r]), ...more }, '')
  const ask = (left = T, timed = 1) => {
    keep({ until: Date.now() + left })
    q = Q[draw[pos]]
    answered = false
    text('qn', pos + 1)
    text('pts', say('points', q.p))
    $('qh').innerHTML = q.h
    $('qb').innerHTML = q.b || ''
    const order = keys(q.c.length)
    if (D.sa) shuffle(order)
    as.innerHTML = order.map(i => q.m
      ? `<label class="c"><input type="checkbox" value="${i}"><span>${q.c[i]}</span></label>`
      : `<button type="button" class="a" value="${i}">${q.c[i]}</button>`).join('')
    $('submit').hidden = !q.m
    $('fb').hidden = true
    text('verdict', '')
    $('qh').focus()
    // An answer given before the page was opened again is not timed again.
    deadline = timed ? now() + left : 1 / 0
    if (T && timed) {
      warned = text('warn', '')
      timer = setTimeout(answer, left, null)
      tick()
    }
  }
  // Bar, seconds and score read one deadline. The bar steps by the second under reduced
  // motion; a warning comes 5 s (or half the time) before the end.
  const tick = () => {
    const left = Math.max(deadline - now(), 0), s = Math.ceil(left / 1000)
    bar.value = (matchMedia('(prefers-reduced-motion:reduce)').matches ? s * 1000 : left) / T * 1000
    text('secs', say('secs', s))
    if (!left) return answer(null)
    if (!warned && left <= Math.min(5000, T / 2)) warned = text('warn', say('left', s))
    frame = requestAnimationFrame(tick)
  }
  // picks: the choices, null on a time-out; a click past the deadline (late timers) is one too.
  const answer = picks => {
    if (answered) return
    answered = true
    clearTimeout(timer)
    cancelAnimationFrame(frame)
    if (T && now() >= deadline) picks = null
    history.replaceState({ ...history.state, a: picks }, '')
    if (T && !picks) deadline = 0, tick()
    const right = !!picks && picks.length == q.k.length && q.k.every(i => picks.includes(i))
    max += q.p
    if (right) score += q.p
    log.push([q, picks, right])
    kids(as, 'button, :scope>label>input').forEach(b => {
      b.disabled = true
      const i = +b.value, mark = q.k.includes(i) ? 'ok' : picks && picks.includes(i) ? 'no' : ''
      if (mark) b.closest('.a,.c').classList.add(mark)
    })
    $('submit').hidden = true
    $('verdict').innerHTML = right ? `<span${U}>${say('right', q.p)}</span>` : say(picks ? 'wrong' : 'late', names(q, q.k))
    $('why').innerHTML = q.x || ''
    text('next', pos + 1 == draw.length || !right && D.e ? D.m.last : D.m.next)
    $('fb').hidden = false
    $('next').focus()
  }
  const advance = () => {
    if (++pos < draw.length && (log[log.length - 1][2] || !D.e)) return ask()
    // What sudden death dealt but did not ask comes first next time.
    deck.unshift(...draw.slice(pos))
    keep({ end: 1 })
    end()
  }
  const end = () => {
    show('result')
    pct = max ? Math.floor(score * 100 / max) : 0
    const perfect = log.every(r => r[2]), arc = $('arc')
    text('pct', say('pct', pct))
    text('score', say('score', max, score))
    $('perfect').hidden = !perfect
    // Sudden death ends at its last answer: wrong, or none in time.
    const late = !log[log.length - 1][1]
    $('over').hidden = !D.e || perfect || late
    $('overt').hidden = !D.e || perfect || !late
    // Sudden death judges the pass mark over every question dealt: a game lost early has not earned it.
    const whole = D.e ? draw.reduce((s, i) => s + Q[i].p, 0) : max
    if (D.pass != null) $('failed').hidden = !($('passed').hidden = score * 100 < D.pass * whole)
    kids($('sum'), 'p.tm').forEach((p, i) => p.hidden = i != mode)
    $('review').innerHTML = log.map(([q, picks, right, mine = picks && names(q, picks.sort((a, b) => a - b))]) => `<li class="${right ? 'ok' : 'no'}"><p class="v"${U}>${D.m[right ? 'ok' : 'no']}</p><p>${q.h}</p>${q.b ? `<div>${q.b}</div>` : ''}`
      + `<p${mine ? '' : U}>${say('yours', mine || D.m[picks ? 'none' : 'out'])}</p>`
      + `<p>${say('key', names(q, q.k), right ? q.p : 0, q.p)}</p><div>${q.x || ''}</div></li>`).join('')
    // The browser must see the ring empty for it to fill.
    arc.style.strokeDashoffset = ''
    arc.getBoundingClientRect()
    arc.style.strokeDashoffset = 100 - pct
    text('status', '')
    $('rh').focus()
  }
  const share = async () => {
    const url = location.href.split('#')[0], line = say('share', max, score, pct, d.title)
    try {
      if (navigator.share) return await navigator.share({ title: d.title, text: line, url })
      await navigator.clipboard.writeText(line + ' ' + url)
      text('status', say('copied', line + ' ' + url))
    } catch (e) {
      if (e.name != 'AbortError') text('status', say('copy', line + ' ' + url))
    }
  }
  main.addEventListener('click', e => {
    const b = e.target.closest('button'), is = id => b == $(id)
    // A double click's second click lands on what the first brought up (the next question's
    // choice, Play again): only the first counts.
    if (!b || b.disabled || e.detail > 1) return
    if (b == begin || is('again')) start()
    else if (is('next')) advance()
    else if (is('share')) share()
    else if (is('submit')) answer(kids(as, 'label>input:checked').map(c => +c.value))
    else if (b.parentElement == as) answer([+b.value])
  })
  // Enter held down repeats: its later presses would go on past the answer's feedback.
  main.addEventListener('keydown', e => { if (e.repeat && e.key == 'Enter') e.preventDefault() })
  // A quiz edited since (under serve; a bank reordered) deals anew: D.v is its data's hash.
  const s = history.state
  if (s?.draw && s.v == D.v) {
    ;({ deck, draw, pos, score, max, mode, T } = s)
    log = s.log.map(([i, ...r]) => [Q[i], ...r])
    if (E.tb) E.tb.hidden = !T
    text('qt', draw.length)
    if (s.end) end()
    else {
      show('play')
      if ('a' in s) ask(0, 0), answer(s.a)
      else ask(Math.max(s.until - Date.now(), 0))
    }
  }
})()
