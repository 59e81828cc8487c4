// quizgen personality quiz: one question at a time; adds the build-time weights of the
// chosen answers and shows the outcome with the highest total (a tie goes to the first).
(() => {
  // The page's own elements are found from this script by structure, never by id or class
  // alone (README: raw-html): the data is the element just before this script and the quiz's
  // <main> the one before that; where author content sits beside the page's own elements,
  // the page's come last. currentScript is read past any element named "currentScript".
  const d = document, me = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript').get.call(d)
  const json = me.previousElementSibling, root = json.previousElementSibling
  const kids = (e, s) => [...e.querySelectorAll(':scope > ' + s)], kid = (e, s) => kids(e, s)[0]
  const last = (e, s) => kids(e, s).pop()
  const data = JSON.parse(json.textContent), W = data.w
  // say(name, v0, …): the page's words, from the language's catalog. N(x): a whole number
  // grouped as the language groups them (data.f: [group sign, decimal sign, fewest digits
  // before a group]), as the page writes the count of questions.
  const say = (k, ...v) => data.m[k].replace(/{(\d)}/g, (s, i) => v[i])
  const N = x => (x += '')[2 + data.f[2]] ? x.replace(/\B(?=(\d{3})+$)/g, data.f[0]) : x
  const intro = kid(root, '#intro'), play = kid(root, '#play'), result = kid(root, '#result')
  const begin = last(intro, 'button'), qn = kid(play, 'p > #qn'), bar = kid(play, '#bar'), back = last(play, '#back')
  const shareButton = kid(result, '#share'), status = kid(result, '#status'), again = kid(result, '#again')
  const qs = kids(play, '.q').map(el => {
    const r = last(el, 'input[type=range]')
    const rv = r && last(el, '.rv')
    return { el, r, h: kid(el, 'legend > h1'), box: r ? null : last(el, '.as'), go: last(el, 'button.go'), rv, n: rv && kids(rv, 'span').length }
  })
  const os = kids(result, '.o').map(el => ({ el, h: kid(el, 'h1'), perma: kid(last(el, 'p'), 'a') }))
  // picks[question]: the answers chosen. game tells this play's history entries from others;
  // d counts this play's entries after the page's own, which "again" goes back past.
  let order, pos, picks, best, game
  const shuffle = a => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]] } return a }
  // A slider's value v in [0, 1] picks answer round(v × (n − 1)) (halves up); it shows, and
  // says, that answer. It starts in the middle, so Next on it untouched takes the middle one.
  // (Read against the slider's own ends, so a site's template may give it other ones.)
  const at = q => Math.round((q.r.value - q.r.min) / (q.r.max - q.r.min) * (q.n - 1))
  const show = q => kids(q.rv, 'span').forEach((s, i) => {
    s.hidden = i != at(q)
    if (!s.hidden) q.r.setAttribute('aria-valuetext', s.textContent)
  })
  // Puts the thumb on answer i's own place.
  const place = (q, i) => { q.r.value = +q.r.min + (q.r.max - q.r.min) * Math.min(Math.max(i, 0), q.n - 1) / (q.n - 1); show(q) }
  // Each history entry holds the play as it stood, so that a page the browser opens again
  // from it (a reload; from disk, any Back or Forward to it) carries on where it was.
  const view = (p, push) => {
    pos = p
    history[push ? 'pushState' : 'replaceState']({ game, v: data.v, p, order, picks, d: p + 1 }, '')
    qs.forEach(q => q.el.hidden = true)
    intro.hidden = true
    play.hidden = p == qs.length
    result.hidden = !play.hidden
    if (!play.hidden) {
      const q = qs[order[p]]
      q.el.hidden = false
      // Back at a question answered by a button, that answer stays marked (pressed).
      if (q.box) kids(q.box, 'button').forEach(b => b.setAttribute('aria-pressed', !!picks[order[p]]?.includes(+b.value)))
      // A catalog may leave {n} out of quiz.question_of: then there is no number to set.
      if (qn) qn.textContent = N(p + 1)
      bar.value = p
      back.hidden = !p
      return q.h.focus()
    }
    const totals = Array(data.n).fill(0)
    picks.forEach((a, i) => a.forEach(a => W[i][a].forEach((x, k) => totals[k] += x)))
    best = 0
    totals.forEach((t, k) => { if (t > totals[best]) best = k })
    os.forEach((o, k) => o.el.hidden = k != best)
    status.textContent = ''
    os[best].h.focus()
  }
  const start = () => {
    order = qs.map((_, i) => i)
    if (data.sq) shuffle(order)
    picks = []
    game = Math.random()
    qs.forEach(q => {
      if (q.r) { q.r.value = q.r.defaultValue; show(q) }
      else {
        kids(q.box, 'label > input').forEach(c => c.checked = false)
        if (data.sa) shuffle([...q.box.children]).forEach(c => q.box.append(c))
      }
    })
    view(0, 1)
  }
  // A play from a history entry: its answers back on the screen, then where it stood.
  // Only one of this quiz as built (data.v, its data's hash): one begun before an edit
  // (under serve, a reload after a save) may name questions that are gone.
  const ours = s => s?.game && s.v == data.v
  const resume = s => {
    ;({ game, order, picks } = s)
    qs.forEach((q, i) => {
      const a = picks[i]
      if (!a) return
      if (q.r) place(q, a[0])
      else kids(q.box, 'label > input').forEach(c => c.checked = a.includes(+c.value))
    })
    view(s.p)
  }
  const toIntro = () => {
    play.hidden = result.hidden = true
    intro.hidden = false
    begin.focus()
  }
  // What a question's screen says: a box ticked or a slider moved counts as soon as it is,
  // so that leaving by the browser's Forward rather than Next keeps it too.
  // The question on the screen, if one is.
  const current = () => play.hidden ? null : qs[order[pos]]
  const chosen = q => q.r ? [at(q)] : kids(q.box, 'label > input:checked').map(c => +c.value)
  const answer = a => {
    picks[order[pos]] = a
    view(pos + 1, 1)
  }
  const share = async () => {
    const o = os[best], url = o.perma.href
    const text = say('share', o.h.lastChild.textContent, d.title)
    try {
      if (navigator.share) return await navigator.share({ title: d.title, text, url })
      await navigator.clipboard.writeText(url)
      status.textContent = data.m.copied
    } catch (e) {
      if (e.name != 'AbortError') status.textContent = say('copy', url)
    }
  }
  root.addEventListener('click', e => {
    // A link to a place in the page moves there without a history entry, which the quiz
    // would take for Back or Forward.
    const link = e.target.closest('a[href^="#"]')
    if (link) {
      e.preventDefault()
      return d.getElementById(decodeURIComponent(link.hash.slice(1)))?.scrollIntoView()
    }
    const b = e.target.closest('button')
    // A double click's second click lands on what the first one brought up (the next
    // question's answer, the button to take the quiz again): only the first counts.
    if (!b || e.detail > 1) return
    const q = current()
    if (b == begin) start()
    // Back to the page's own entry, so that Back after a few plays still leaves the page.
    else if (b == again) history.state?.d ? history.go(-history.state.d) : toIntro()
    else if (b == shareButton) share()
    else if (b == back) history.back()
    else if (!q) return
    else if (b.parentElement == q.box && b.classList.contains('a')) answer([+b.value])
    else if (b != q.go) return
    else answer(chosen(q))
  })
  const slider = e => { const q = current(); return q && e.target == q.r ? q : null }
  root.addEventListener('input', e => {
    const q = current()
    if (!q || !q.go || !q.el.contains(e.target)) return
    if (e.target == q.r) show(q)
    picks[order[pos]] = chosen(q)
    history.replaceState({ ...history.state, picks }, '')
  })
  // Let go, the thumb settles on its answer's place.
  root.addEventListener('change', e => { const q = slider(e); if (q) place(q, at(q)) })
  // A continuous slider would move a hundredth a press: each key moves one answer. Left and
  // right follow the thumb on the screen, which runs the other way on a right-to-left page.
  root.addEventListener('keydown', e => {
    // Enter held down repeats: its later presses would answer the question it brings up.
    if (e.repeat && e.key == 'Enter') return e.preventDefault()
    const q = slider(e)
    if (!q || e.altKey || e.ctrlKey || e.metaKey) return
    const back = getComputedStyle(q.r).direction == 'rtl' ? 'ArrowRight' : 'ArrowLeft'
    const step = { ArrowUp: 1, PageUp: 1, ArrowDown: -1, PageDown: -1, ArrowLeft: 1, ArrowRight: 1 }[e.key]
    const i = e.key == 'Home' ? 0 : e.key == 'End' ? q.n - 1 : step ? at(q) + (e.key == back ? -1 : step) : null
    if (i == null) return
    e.preventDefault()
    place(q, i)
  })
  // The browser's Back and Forward move between the questions of a play; back past the
  // first question is the intro. Answers are kept until Begin. An entry of no play (an
  // in-page link's outside the quiz) leaves the screen as it is.
  addEventListener('popstate', e => {
    const s = e.state
    if (ours(s)) return s.game === game ? view(s.p) : resume(s)
    if (s) toIntro()
  })
  // The page's own entry: its intro, or a play it was left in.
  if (ours(history.state)) resume(history.state)
  else history.replaceState({ d: 0 }, '')
})()
