// quizgen trivia quiz: draws questions from the bank built into the page, times and scores
// them, and shows the review. Everything it shows is HTML and words prerendered at build time.
(() => {
  // The page's own elements are found once, by structure: the data just before this script,
  // the quiz's <main> before that (an author's id could win a lookup by id). Play and result
  // hold no author content until a question is shown; the intro's button follows the
  // author's text. currentScript is read past any element named "currentScript".
  const d = document, me = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript').get.call(d)
  const data = me.previousElementSibling, main = data.previousElementSibling, E = {}, $ = id => E[id]
  const all = (s, e) => [...e.querySelectorAll(s)], kids = (e, s) => all(':scope>' + s, e)
  ;['intro', 'play', 'result'].forEach(s => E[s] = kids(main, '#' + s)[0])
  E.begin = kids(E.intro, 'button').pop()
  ;[['play', 'qt qn pts timer qh qb as submit verdict fb why next'], ['result', 'rh arc pct score over perfect passed failed review share status again']]
    .forEach(([s, ids]) => ids.split(' ').forEach(id => E[id] = E[s].querySelector('#' + id)))
  const D = JSON.parse(data.textContent), Q = D.q, T = D.t
  const as = $('as'), bar = $('timer'), verdict = $('verdict'), status = $('status')
  const now = () => performance.now(), keys = n => [...Array(n).keys()]
  const shuffle = a => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]] } return a }
  const show = id => ['intro', 'play', 'result'].forEach(s => $(s).hidden = s != id)
  // say(name, v0, v1, …): the page's words (D.m), a count's form (always v0) from D.p.
  const say = (k, ...v) => {
    let t = D.m[k], n = v[0]
    if (!t.big) t = t[D.p[n < 100 ? n : n % 1e6 ? 100 + n % 100 : 200]]
    return t.replace(/{(\d)}/g, (s, i) => v[i])
  }
  const names = (q, list) => list.map(i => q.c[i]).join(D.m.sep)
  let deck = [], draw, pos, score, max, log, q, deadline, timer, frame, answered, pct

  // Each play takes the next questions of a shuffled deck, so that playing again brings
  // questions not asked yet until the whole bank has been seen. A play never repeats one.
  const deal = () => {
    const picked = deck.splice(0, D.n)
    if (picked.length < D.n) {
      deck = shuffle(keys(Q.length).filter(i => !picked.includes(i)))
      picked.push(...deck.splice(0, D.n - picked.length))
    }
    return D.sq ? picked : picked.sort((a, b) => a - b)
  }
  const start = () => {
    draw = deal()
    pos = score = max = 0
    log = []
    $('qt').textContent = draw.length
    show('play')
    ask()
  }
  const ask = () => {
    q = Q[draw[pos]]
    answered = false
    $('qn').textContent = pos + 1
    $('pts').textContent = say('points', q.p)
    $('qh').innerHTML = q.h
    $('qb').innerHTML = q.b || ''
    const order = keys(q.c.length)
    if (D.sa) shuffle(order)
    as.innerHTML = order.map(i => q.m
      ? `<label class="c"><input type="checkbox" value="${i}"><span>${q.c[i]}</span></label>`
      : `<button type="button" class="a" value="${i}">${q.c[i]}</button>`).join('')
    $('submit').hidden = !q.m
    $('fb').hidden = true
    verdict.textContent = ''
    $('qh').focus()
    if (T) {
      deadline = now() + T
      timer = setTimeout(answer, T, null)
      tick()
    }
  }
  // The bar and the scoring read one deadline, so an empty bar always means a time-out,
  // whichever of the frame and the timer notices first.
  const tick = () => {
    const left = deadline - now()
    if (left <= 0) return answer(null)
    bar.value = left / T * 1000
    frame = requestAnimationFrame(tick)
  }
  // picks: the indices chosen, or null when the time ran out. A click that comes after the
  // deadline (a busy or background page runs its timers late) is a time-out as well.
  const answer = picks => {
    if (answered) return
    answered = true
    clearTimeout(timer)
    cancelAnimationFrame(frame)
    if (T && now() >= deadline) picks = null
    if (T && !picks) bar.value = 0
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
    verdict.innerHTML = say(right ? 'right' : picks ? 'wrong' : 'late', right ? q.p : names(q, q.k))
    $('why').innerHTML = q.x || ''
    $('next').textContent = pos + 1 == draw.length || !right && D.e ? D.m.last : D.m.next
    $('fb').hidden = false
    $('next').focus()
  }
  const advance = () => {
    if (++pos < draw.length && (log[log.length - 1][2] || !D.e)) return ask()
    // Sudden death ended the play early: what was dealt but not asked comes first next time.
    deck.unshift(...draw.slice(pos))
    show('result')
    pct = max ? Math.floor(score * 100 / max) : 0
    const perfect = log.every(r => r[2])
    $('pct').textContent = say('pct', pct)
    $('score').textContent = say('score', max, score)
    $('perfect').hidden = !perfect
    $('over').hidden = !D.e || perfect
    if (D.pass != null) {
      const passed = score * 100 >= D.pass * max
      $('passed').hidden = !passed
      $('failed').hidden = passed
    }
    $('review').innerHTML = log.map(([q, picks, right]) => `<li class="${right ? 'ok' : 'no'}"><p>${q.h}</p>`
      + `<p>${say('yours', picks ? names(q, picks.sort((a, b) => a - b)) || D.m.none : D.m.out)}</p>`
      + `<p>${say('key', names(q, q.k), right ? q.p : 0, q.p)}</p></li>`).join('')
    // The ring fills from empty: let the browser see it empty before setting the share.
    const arc = $('arc')
    arc.style.strokeDashoffset = ''
    arc.getBoundingClientRect()
    arc.style.strokeDashoffset = 100 - pct
    status.textContent = ''
    $('rh').focus()
  }
  const share = async () => {
    const url = location.href.split('#')[0], text = say('share', max, score, pct, d.title)
    try {
      if (navigator.share) return await navigator.share({ title: d.title, text, url })
      await navigator.clipboard.writeText(text + ' ' + url)
      status.textContent = say('copied', text + ' ' + url)
    } catch (e) {
      if (e.name != 'AbortError') status.textContent = say('copy', text + ' ' + url)
    }
  }
  main.addEventListener('click', e => {
    const b = e.target.closest('button'), is = id => b == $(id)
    if (!b || b.disabled) return
    if (is('begin') || is('again')) start()
    else if (is('next')) advance()
    else if (is('share')) share()
    else if (is('submit')) answer(kids(as, 'label>input:checked').map(c => +c.value))
    else if (b.parentElement == as) answer([+b.value])
  })
})()
