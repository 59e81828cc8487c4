// quizgen personality quiz: one question at a time; adds the build-time weights of the
// chosen answers and shows the outcome with the highest total (a tie goes to the first).
(() => {
  const d = document, $ = s => d.querySelector(s), all = (s, e = d) => [...e.querySelectorAll(s)]
  const data = JSON.parse($('#quiz-data').textContent), W = data.w
  const qs = all('.q'), os = all('.o'), intro = $('#intro'), play = $('#play'), result = $('#result'), status = $('#status')
  let order, pos, totals, best
  const shuffle = a => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]] } return a }
  const slider = q => q.querySelector('input[type=range]')
  // A slider value v in [0, 1] picks answer round(v × (n − 1)); its steps are half answers.
  const picked = r => Math.round(r.value / 2)
  const show = r => all('.rv span', r.closest('.q')).forEach((s, i) => {
    s.hidden = i != picked(r)
    if (!s.hidden) r.setAttribute('aria-valuetext', s.textContent)
  })
  const ask = () => {
    qs.forEach(q => q.hidden = true)
    const q = qs[order[pos]]
    q.hidden = false
    $('#qn').textContent = pos + 1
    $('#bar').value = pos
    q.querySelector('h2').focus()
  }
  const start = () => {
    order = qs.map((_, i) => i)
    if (data.sq) shuffle(order)
    totals = Array(data.n).fill(0)
    pos = 0
    qs.forEach(q => {
      all('input[type=checkbox]', q).forEach(c => c.checked = false)
      const r = slider(q)
      if (r) { r.value = r.defaultValue; show(r) }
      else if (data.sa) { const box = q.querySelector('.as'); shuffle([...box.children]).forEach(c => box.append(c)) }
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
    os.forEach((o, k) => o.hidden = k != best)
    os[best].querySelector('h2').focus()
  }
  const share = async () => {
    const o = os[best], url = o.querySelector('.perma').href
    const text = `${o.querySelector('h2').textContent} (${d.title})`
    try {
      if (navigator.share) return await navigator.share({ title: d.title, text, url })
      await navigator.clipboard.writeText(url)
      status.textContent = 'Link copied to the clipboard.'
    } catch (e) {
      if (e.name != 'AbortError') status.textContent = 'Copy this link: ' + url
    }
  }
  d.addEventListener('click', e => {
    const b = e.target.closest('button')
    if (!b) return
    const q = b.closest('.q')
    if (b.id == 'begin') start()
    else if (b.id == 'again') { result.hidden = true; intro.hidden = false; $('#begin').focus() }
    else if (b.id == 'share') share()
    else if (b.classList.contains('a')) answer([+b.value])
    else if (b.classList.contains('go')) answer(slider(q) ? [picked(slider(q))] : all(':checked', q).map(c => +c.value))
  })
  d.addEventListener('input', e => { if (e.target.type == 'range') show(e.target) })
})()
