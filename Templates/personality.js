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
  // say(name, v0, …): the page's words, from the language's catalog.
  const say = (k, ...v) => data.m[k].replace(/{(\d)}/g, (s, i) => v[i])
  const intro = kid(root, '#intro'), play = kid(root, '#play'), result = kid(root, '#result')
  const begin = last(intro, 'button'), qn = kid(play, 'p > #qn'), bar = kid(play, '#bar'), back = last(play, '#back')
  const shareButton = kid(result, '#share'), status = kid(result, '#status'), again = kid(result, '#again')
  const qs = kids(play, '.q').map(el => {
    const r = last(el, 'input[type=range]')
    return { el, r, h: kid(el, 'legend > h1'), box: r ? null : last(el, '.as'), go: last(el, 'button.go'), rv: r && last(el, '.rv') }
  })
  const os = kids(result, '.o').map(el => ({ el, h: kid(el, 'h1'), perma: kid(last(el, 'p'), 'a') }))
  // picks[question]: the answers chosen. game tells this play's history entries from others.
  let order, pos, picks, best, game
  const shuffle = a => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]] } return a }
  // A slider records nothing until the reader moves it: until then it shows, and says, the hint.
  const show = q => kids(q.rv, 'span').forEach((s, i, all) => {
    s.hidden = i != (q.moved ? +q.r.value : all.length - 1)
    if (!s.hidden) q.r.setAttribute('aria-valuetext', s.textContent)
  })
  const view = (p, push) => {
    pos = p
    if (push) history.pushState({ game, p }, '')
    qs.forEach(q => q.el.hidden = true)
    intro.hidden = true
    play.hidden = p == qs.length
    result.hidden = !play.hidden
    if (!play.hidden) {
      const q = qs[order[p]]
      q.el.hidden = false
      qn.textContent = p + 1
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
      if (q.r) { q.r.value = q.r.defaultValue; q.moved = false; q.rv.classList.remove('need'); show(q) }
      else {
        kids(q.box, 'label > input').forEach(c => c.checked = false)
        if (data.sa) shuffle([...q.box.children]).forEach(c => q.box.append(c))
      }
    })
    view(0, 1)
  }
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
    const b = e.target.closest('button')
    if (!b) return
    const q = play.hidden ? null : qs[order[pos]]
    if (b == begin) start()
    else if (b == again) { result.hidden = true; intro.hidden = false; game = 0; begin.focus() }
    else if (b == shareButton) share()
    else if (b == back) history.back()
    else if (!q) return
    else if (b.parentElement == q.box && b.classList.contains('a')) answer([+b.value])
    else if (b != q.go) return
    else if (!q.r) answer(kids(q.box, 'label > input:checked').map(c => +c.value))
    else if (q.moved) answer([+q.r.value])
    // Next on an untouched slider says that it must be moved.
    else { q.rv.classList.add('need'); q.r.focus() }
  })
  root.addEventListener('input', e => {
    const q = play.hidden ? null : qs[order[pos]]
    if (q && e.target == q.r) { q.moved = true; show(q) }
  })
  // Pressing on the slider, or a key that moves it, chooses where it stands: the answer it
  // starts on (or an arrow at its end) sends no input event.
  const touch = e => {
    const q = play.hidden ? null : qs[order[pos]]
    if (q && e.target == q.r && !q.moved && (e.type == 'pointerdown' || /^(Arrow|Home$|End$|Page)/.test(e.key))) { q.moved = true; show(q) }
  }
  root.addEventListener('pointerdown', touch)
  root.addEventListener('keydown', touch)
  // The browser's Back and Forward move between the questions of this play; back past the
  // first question (or to another play) is the intro. Answers are kept until Begin.
  addEventListener('popstate', e => {
    const s = e.state
    if (s && s.game === game) return view(s.p)
    play.hidden = result.hidden = true
    intro.hidden = false
  })
})()
