// quizgen personality quiz: one question at a time; adds the build-time weights of the
// chosen answers and shows the outcome with the highest total (a tie goes to the first).
(() => {
  // The page's own elements are found from this script by structure, never by id or class
  // alone: with raw-html an author's element may carry any id, and the first would win. The
  // data is the element just before this script and the quiz's <main> the one before that;
  // author content sits inside its sections, questions and outcomes, never beside them.
  // currentScript is read from the prototype, past any element named "currentScript".
  const d = document, me = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript').get.call(d)
  const json = me.previousElementSibling, root = json.previousElementSibling
  const kids = (e, s) => [...e.querySelectorAll(':scope > ' + s)], kid = (e, s) => kids(e, s)[0]
  // Where the author's content sits beside the page's own elements, the page's come last.
  const last = (e, s) => kids(e, s).pop()
  const all = (s, e) => [...e.querySelectorAll(s)]
  const data = JSON.parse(json.textContent), W = data.w
  // say(name, v0, …): the page's words, from the language's catalog.
  const say = (k, ...v) => data.m[k].replace(/{(\d)}/g, (s, i) => v[i])
  const intro = kid(root, '#intro'), play = kid(root, '#play'), result = kid(root, '#result')
  const begin = last(intro, 'button'), qn = kid(play, 'p > #qn'), bar = kid(play, '#bar')
  const shareButton = kid(result, '#share'), status = kid(result, '#status'), again = kid(result, '#again')
  const qs = kids(play, '.q').map(el => {
    const r = last(el, 'input[type=range]')
    return { el, r, h: kid(el, 'legend > h2'), box: r ? null : last(el, '.as'), go: last(el, 'button.go') }
  })
  const os = kids(result, '.o').map(el => ({ el, h: kid(el, 'h2'), perma: kid(last(el, 'p'), 'a') }))
  let order, pos, totals, best
  const shuffle = a => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]] } return a }
  // A slider value v in [0, 1] picks answer round(v × (n − 1)); its steps are half answers.
  const picked = r => Math.round(r.value / 2)
  const show = q => kids(last(q.el, '.rv'), 'span').forEach((s, i) => {
    s.hidden = i != picked(q.r)
    if (!s.hidden) q.r.setAttribute('aria-valuetext', s.textContent)
  })
  const ask = () => {
    qs.forEach(q => q.el.hidden = true)
    const q = qs[order[pos]]
    q.el.hidden = false
    qn.textContent = pos + 1
    bar.value = pos
    q.h.focus()
  }
  const start = () => {
    order = qs.map((_, i) => i)
    if (data.sq) shuffle(order)
    totals = Array(data.n).fill(0)
    pos = 0
    qs.forEach(q => {
      if (q.r) { q.r.value = q.r.defaultValue; show(q) }
      else {
        all('input[type=checkbox]', q.box).forEach(c => c.checked = false)
        if (data.sa) shuffle([...q.box.children]).forEach(c => q.box.append(c))
      }
    })
    intro.hidden = result.hidden = true
    play.hidden = false
    status.textContent = ''
    ask()
  }
  const answer = picks => {
    const w = W[order[pos]]
    picks.forEach(a => w[a].forEach((x, k) => totals[k] += x))
    if (++pos < qs.length) return ask()
    best = 0
    totals.forEach((t, k) => { if (t > totals[best]) best = k })
    play.hidden = true
    result.hidden = false
    os.forEach((o, k) => o.el.hidden = k != best)
    os[best].h.focus()
  }
  const share = async () => {
    const o = os[best], url = o.perma.href
    const text = say('share', o.h.textContent, d.title)
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
    else if (b == again) { result.hidden = true; intro.hidden = false; begin.focus() }
    else if (b == shareButton) share()
    else if (!q) return
    else if (b.parentElement == q.box && b.classList.contains('a')) answer([+b.value])
    else if (b == q.go) answer(q.r ? [picked(q.r)] : kids(q.box, 'label > input:checked').map(c => +c.value))
  })
  root.addEventListener('input', e => {
    const q = play.hidden ? null : qs[order[pos]]
    if (q && e.target == q.r) show(q)
  })
})()
