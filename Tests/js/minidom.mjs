// A minimal DOM for running quizgen's page scripts under node, without npm packages: it
// parses the generated HTML (which is well-formed: quizgen writes every end tag) and
// implements the parts of the DOM the scripts use, with events that bubble to document.
import vm from 'node:vm'

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
const RAW = new Set(['script', 'style', 'textarea', 'title'])
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', rsaquo: '\u203a', hellip: '\u2026' }

export function decode(text) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
    return ENTITIES[e] ?? m
  })
}

class Node {
  constructor(document) { this.ownerDocument = document; this.parentNode = null; this.childNodes = [] }
  get parentElement() { return this.parentNode instanceof Element ? this.parentNode : null }
  get textContent() { return this.childNodes.map(c => c.textContent).join('') }
  set textContent(v) { this.childNodes.forEach(c => c.parentNode = null); this.childNodes = []; if (v !== '') this.appendChild(new Text(this.ownerDocument, String(v))) }
  appendChild(child) {
    if (child.parentNode) child.parentNode.removeChild(child)
    child.parentNode = this
    this.childNodes.push(child)
    return child
  }
  append(...children) { children.forEach(c => this.appendChild(typeof c === 'string' ? new Text(this.ownerDocument, c) : c)) }
  removeChild(child) { this.childNodes = this.childNodes.filter(c => c !== child); child.parentNode = null; return child }
  remove() { if (this.parentNode) this.parentNode.removeChild(this) }
  get children() { return this.childNodes.filter(c => c instanceof Element) }
  get firstElementChild() { return this.children[0] ?? null }
  get previousElementSibling() {
    const siblings = this.parentNode?.children ?? [], i = siblings.indexOf(this)
    return i > 0 ? siblings[i - 1] : null
  }
  querySelectorAll(selector) {
    const groups = parseSelectorList(selector, this), out = []
    const walk = node => { for (const c of node.children) { if (groups.some(g => matchesComplex(c, g))) out.push(c); walk(c) } }
    walk(this)
    return out
  }
  querySelector(selector) { return this.querySelectorAll(selector)[0] ?? null }
  contains(node) { for (let n = node; n; n = n.parentNode) if (n === this) return true; return false }
}

class Text extends Node {
  constructor(document, data) { super(document); this.data = data }
  get textContent() { return this.data }
  set textContent(v) { this.data = String(v) }
}

class EventTargetMixin {
  static add(target) {
    target.listeners = {}
    target.addEventListener = (type, fn, options) => { (target.listeners[type] ??= []).push({ fn, once: options?.once }) }
    target.removeEventListener = (type, fn) => { target.listeners[type] = (target.listeners[type] ?? []).filter(l => l.fn !== fn) }
  }
}

export class Element extends Node {
  constructor(document, tagName, attributes = {}) {
    super(document)
    this.tagName = tagName.toUpperCase()
    this.localName = tagName.toLowerCase()
    this.attributes = { ...attributes }
    this.style = {}
    this._checked = 'checked' in attributes
    this._value = undefined
    EventTargetMixin.add(this)
    this.classList = {
      contains: c => this.className.split(/\s+/).includes(c),
      add: (...cs) => { const s = new Set(this.className.split(/\s+/).filter(Boolean)); cs.forEach(c => s.add(c)); this.className = [...s].join(' ') },
      remove: (...cs) => { this.className = this.className.split(/\s+/).filter(c => c && !cs.includes(c)).join(' ') },
      toggle: (c, force) => { const on = force ?? !this.classList.contains(c); on ? this.classList.add(c) : this.classList.remove(c); return on },
    }
  }
  getAttribute(name) { return this.attributes[name] ?? null }
  setAttribute(name, value) { this.attributes[name] = String(value) }
  removeAttribute(name) { delete this.attributes[name] }
  hasAttribute(name) { return name in this.attributes }
  toggleAttribute(name, force) { const on = force ?? !this.hasAttribute(name); on ? this.setAttribute(name, '') : this.removeAttribute(name); return on }
  get id() { return this.attributes.id ?? '' }
  get className() { return this.attributes.class ?? '' }
  set className(v) { this.attributes.class = v }
  get hidden() { return 'hidden' in this.attributes }
  set hidden(v) { v ? this.attributes.hidden = '' : delete this.attributes.hidden }
  get disabled() { return 'disabled' in this.attributes }
  set disabled(v) { v ? this.attributes.disabled = '' : delete this.attributes.disabled }
  get href() { return this.attributes.href === undefined ? '' : new URL(this.attributes.href, this.ownerDocument.URL).href }
  get type() { return (this.attributes.type ?? (this.localName === 'button' ? 'submit' : 'text')).toLowerCase() }
  get name() { return this.attributes.name ?? '' }
  get checked() { return this._checked }
  set checked(v) { this._checked = !!v }
  get dataset() {
    const el = this
    return new Proxy({}, {
      get: (_, k) => el.attributes['data-' + String(k).replace(/[A-Z]/g, m => '-' + m.toLowerCase())],
      set: (_, k, v) => { el.attributes['data-' + String(k).replace(/[A-Z]/g, m => '-' + m.toLowerCase())] = String(v); return true },
    })
  }
  get defaultValue() { return this.attributes.value ?? '' }
  get value() {
    if (this._value !== undefined) return this._value
    if (this.localName === 'input' && this.type === 'range') return String(this.attributes.value ?? (this.min + this.max) / 2)
    if (this.localName === 'progress') return Number(this.attributes.value ?? 0)
    return this.attributes.value ?? (this.localName === 'input' && this.type === 'checkbox' ? 'on' : '')
  }
  set value(v) {
    if (this.localName === 'input' && this.type === 'range') {
      // step="any" keeps the value as given, within min and max.
      const step = this.attributes.step === 'any' ? 0 : Number(this.attributes.step ?? 1)
      const n = Math.min(this.max, Math.max(this.min, step ? Math.round((Number(v) - this.min) / step) * step + this.min : Number(v)))
      this._value = String(n)
    } else if (this.localName === 'progress') this.attributes.value = String(v)
    else this._value = String(v)
  }
  get min() { return Number(this.attributes.min ?? 0) }
  get max() { return Number(this.attributes.max ?? 100) }
  get innerHTML() { return serialize(this.childNodes) }
  set innerHTML(html) { this.textContent = ''; parseInto(this, html, this.ownerDocument) }
  get outerHTML() { return serialize([this]) }
  closest(selector) {
    const groups = parseSelectorList(selector)
    for (let n = this; n instanceof Element; n = n.parentNode) if (groups.some(g => matchesComplex(n, g))) return n
    return null
  }
  matches(selector) { return parseSelectorList(selector).some(g => matchesComplex(this, g)) }
  focus() { this.ownerDocument.activeElement = this }
  blur() { if (this.ownerDocument.activeElement === this) this.ownerDocument.activeElement = this.ownerDocument.body }
  dispatchEvent(event) { return dispatch(this, event) }
  click() {
    if (this.disabled) return
    if (this.localName === 'input' && this.type === 'checkbox') this.checked = !this.checked
    // A radio button is checked by a click, and the others of its name in the document are not.
    if (this.localName === 'input' && this.type === 'radio') {
      this.ownerDocument.querySelectorAll('input[name=' + this.name + ']').forEach(r => r.checked = r === this)
    }
    if (this.localName === 'label') { const input = this.querySelector('input'); if (input) return input.click() }
    this.dispatchEvent(new Event('click', { bubbles: true }))
  }
  getBoundingClientRect() { return { width: 0, height: 0, top: 0, left: 0 } }
  scrollIntoView() { this.ownerDocument.scrolledTo = this }
  get hash() { const href = this.getAttribute('href') ?? '', i = href.indexOf('#'); return i < 0 ? '' : href.slice(i) }
  animate() { return { finished: Promise.resolve(), cancel() {} } }
}

export class Event {
  constructor(type, init = {}) {
    this.type = type; this.bubbles = !!init.bubbles; this.defaultPrevented = false; this.key = init.key
    // A click's count (2 for a double click's second), and a key held down.
    this.detail = init.detail ?? 0; this.repeat = !!init.repeat
  }
  preventDefault() { this.defaultPrevented = true }
  stopPropagation() { this.stopped = true }
}

function dispatch(target, event) {
  event.target = target
  const path = []
  for (let n = target; n; n = n.parentNode) path.push(n)
  const doc = target.ownerDocument
  if (!path.includes(doc)) path.push(doc)
  path.push(doc.defaultView)
  for (const node of event.bubbles ? path : [target]) {
    if (!node?.listeners) continue
    event.currentTarget = node
    for (const l of [...(node.listeners[event.type] ?? [])]) {
      l.fn.call(node, event)
      if (l.once) node.removeEventListener(event.type, l.fn)
    }
    if (event.stopped) break
  }
  return !event.defaultPrevented
}

// Selectors: compound parts (tag, #id, .class, [attr], [attr=value], :checked, :scope, :not(...))
// joined by descendant (space) or child (>) combinators; comma-separated lists.
function parseSelectorList(text, scope) { return splitTop(text, ',').map(s => parseComplex(s.trim(), scope)) }

function splitTop(text, sep) {
  const out = []; let depth = 0, cur = ''
  for (const ch of text) {
    if (ch === '(' || ch === '[') depth++
    if (ch === ')' || ch === ']') depth--
    if (ch === sep && depth === 0) { out.push(cur); cur = '' } else cur += ch
  }
  out.push(cur)
  return out
}

function parseComplex(text, scope) {
  const parts = []; let combinator = ' '
  const tokens = text.replace(/\s*>\s*/g, ' > ').split(/\s+/).filter(Boolean)
  for (const t of tokens) {
    if (t === '>') { combinator = '>'; continue }
    parts.push({ combinator, compound: parseCompound(t, scope) }); combinator = ' '
  }
  return parts
}

function parseCompound(text, scope) {
  const tests = []
  const re = /([a-z][a-z0-9-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=["']?([^\]"']*)["']?)?\]|:checked|:scope|:not\(([^)]*)\)|\*/giy
  let m
  while ((m = re.exec(text)) !== null) {
    if (m[0] === '*') continue
    if (m[1]) { const tag = m[1].toLowerCase(); tests.push(e => e.localName === tag) }
    else if (m[2]) { const id = m[2]; tests.push(e => e.id === id) }
    else if (m[3]) { const c = m[3]; tests.push(e => e.classList.contains(c)) }
    else if (m[4]) { const a = m[4], v = m[5]; tests.push(e => v === undefined ? e.hasAttribute(a) : (a === 'type' ? e.type : e.getAttribute(a)) === v) }
    else if (m[0] === ':checked') tests.push(e => e.checked)
    else if (m[0] === ':scope') tests.push(e => e === scope)
    else if (m[6] !== undefined) { const inner = parseSelectorList(m[6]); tests.push(e => !inner.some(g => matchesComplex(e, g))) }
  }
  if (re.lastIndex !== 0 && re.lastIndex < text.length) throw new Error('minidom: unsupported selector ' + text)
  return e => tests.every(t => t(e))
}

function matchesComplex(element, parts) {
  const match = (el, i) => {
    if (!parts[i].compound(el)) return false
    if (i === 0) return true
    if (parts[i].combinator === '>') return el.parentNode instanceof Element && match(el.parentNode, i - 1)
    for (let a = el.parentNode; a instanceof Element; a = a.parentNode) if (match(a, i - 1)) return true
    return false
  }
  return match(element, parts.length - 1)
}

function parseAttributes(text) {
  const attributes = {}
  const re = /([^\s=\/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g
  let m
  while ((m = re.exec(text)) !== null) attributes[m[1].toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '')
  return attributes
}

function parseInto(root, html, document) {
  let parent = root, i = 0
  while (i < html.length) {
    if (html.startsWith('<!--', i)) { const end = html.indexOf('-->', i + 4); i = end < 0 ? html.length : end + 3; continue }
    if (html.startsWith('<!', i)) { i = html.indexOf('>', i) + 1; continue }
    if (html.startsWith('</', i)) {
      const end = html.indexOf('>', i), name = html.slice(i + 2, end).trim().toLowerCase()
      for (let n = parent; n !== root; n = n.parentNode) if (n.localName === name) { parent = n.parentNode; break }
      i = end + 1
      continue
    }
    if (html[i] === '<' && /[a-zA-Z]/.test(html[i + 1] ?? '')) {
      const end = findTagEnd(html, i), inside = html.slice(i + 1, end)
      const name = inside.match(/^[^\s\/>]+/)[0].toLowerCase()
      const element = new Element(document, name, parseAttributes(inside.slice(name.length)))
      parent.appendChild(element)
      i = end + 1
      if (RAW.has(name)) {
        const close = html.toLowerCase().indexOf('</' + name, i)
        const text = html.slice(i, close < 0 ? html.length : close)
        if (text) element.appendChild(new Text(document, name === 'title' || name === 'textarea' ? decode(text) : text))
        i = close < 0 ? html.length : html.indexOf('>', close) + 1
      } else if (!VOID.has(name) && !inside.endsWith('/')) parent = element
      continue
    }
    const next = html.indexOf('<', i + 1), end = next < 0 ? html.length : next
    parent.appendChild(new Text(document, decode(html.slice(i, end))))
    i = end
  }
}

function findTagEnd(html, start) {
  let quote = null
  for (let i = start; i < html.length; i++) {
    const ch = html[i]
    if (quote) { if (ch === quote) quote = null } else if (ch === '"' || ch === "'") quote = ch; else if (ch === '>') return i
  }
  return html.length
}

function serialize(nodes) {
  return nodes.map(n => n instanceof Text ? n.data.replace(/&/g, '&amp;').replace(/</g, '&lt;')
    : `<${n.localName}${Object.entries(n.attributes).map(([k, v]) => v === '' ? ' ' + k : ` ${k}="${v.replace(/"/g, '&quot;')}"`).join('')}>${VOID.has(n.localName) ? '' : serialize(n.childNodes) + `</${n.localName}>`}`).join('')
}

export class Document extends Node {
  constructor(html, url = 'file:///site/page/index.html') {
    super(null)
    this.ownerDocument = this
    this.URL = url
    EventTargetMixin.add(this)
    parseInto(this, html, this)
    this.documentElement = this.querySelector('html') ?? this
    this.body = this.querySelector('body') ?? this
    this.activeElement = this.body
  }
  get title() { return this.querySelector('title')?.textContent ?? '' }
  get currentScript() { return this._currentScript ?? null }
  getElementById(id) { return this.querySelector('#' + id) }
  createElement(name) { return new Element(this, name) }
  createTextNode(text) { return new Text(this, text) }
  createEvent() { return new Event('') }
  execCommand() { return false }
}

/// A clock the test drives: timers, animation frames, Date.now and performance.now.
export class FakeClock {
  constructor(start = 1_700_000_000_000) { this.now = start; this.timers = []; this.nextId = 1 }
  setTimeout(fn, ms = 0, ...args) { const id = this.nextId++; this.timers.push({ id, at: this.now + Math.max(0, ms), fn, args }); return id }
  setInterval(fn, ms = 0, ...args) { const id = this.nextId++; this.timers.push({ id, at: this.now + Math.max(1, ms), fn, args, every: Math.max(1, ms) }); return id }
  clearTimeout(id) { this.timers = this.timers.filter(t => t.id !== id) }
  requestAnimationFrame(fn) { return this.setTimeout(() => fn(this.now - this.origin), 16) }
  tick(ms) {
    const target = this.now + ms
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id)
      const t = this.timers[0]
      if (!t || t.at > target) break
      this.now = t.at
      if (t.every) t.at += t.every; else this.timers.shift()
      t.fn(...t.args)
    }
    this.now = target
  }
}

/// Random numbers from a seed, so shuffles and draws are repeatable in tests.
export function seededRandom(seed = 1) {
  let s = seed >>> 0
  return () => { s = (s + 0x6D2B79F5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296 }
}

/// Loads a page and runs its inline scripts (not JSON data blocks) in a fresh context.
/// Returns the document, the window-like global, the clock and what was shared or copied.
/// `state`: the history entry the page is opened from (a reload, or Back to it from disk).
export function loadPage(html, { url, random = seededRandom(1), share = false, clipboard = true, reducedMotion = false, state = null } = {}) {
  const document = new Document(html, url)
  const clock = new FakeClock()
  clock.origin = clock.now
  const shared = [], copied = []
  const navigator = {}
  if (share) navigator.share = async data => { shared.push(data) }
  if (clipboard) navigator.clipboard = { writeText: async text => { copied.push(text) } }
  const window = {
    document, navigator, location: new URL(document.URL), console,
    setTimeout: clock.setTimeout.bind(clock), clearTimeout: clock.clearTimeout.bind(clock),
    setInterval: clock.setInterval.bind(clock), clearInterval: clock.clearTimeout.bind(clock),
    requestAnimationFrame: clock.requestAnimationFrame.bind(clock), cancelAnimationFrame: clock.clearTimeout.bind(clock),
    performance: { now: () => clock.now - clock.origin },
    matchMedia: query => ({ matches: /reduce/.test(query) ? reducedMotion : false, addEventListener() {} }),
    // Only what the page scripts read: the direction, from the nearest dir attribute.
    getComputedStyle: e => ({ getPropertyValue: () => '', direction: e?.closest?.('[dir]')?.getAttribute('dir') ?? 'ltr' }),
    Document, Event, KeyboardEvent: Event, URL, JSON, Promise, Array, Object, String, Number, Boolean, Error, Set, Map, Symbol,
  }
  EventTargetMixin.add(window)
  // Session history: pushState adds an entry after the current one; back and forward move
  // through them and fire popstate later, as browsers do.
  const entries = [state]
  let at = 0
  const go = step => {
    if (at + step < 0 || at + step >= entries.length) return
    at += step
    clock.setTimeout(() => { const e = new Event('popstate'); e.state = entries[at]; window.dispatchEvent(e) }, 0)
  }
  window.history = {
    get state() { return entries[at] }, get length() { return entries.length },
    pushState(state) { entries.splice(at + 1, Infinity, structuredClone(state)); at++ },
    replaceState(state) { entries[at] = structuredClone(state) },
    back: () => go(-1), forward: () => go(1), go,
  }
  window.dispatchEvent = event => { event.target = window; for (const l of [...(window.listeners[event.type] ?? [])]) l.fn.call(window, event); return true }
  window.window = window.self = window.globalThis = window
  document.defaultView = window
  const RealDate = Date
  window.Date = class extends RealDate {
    constructor(...a) { super(...(a.length ? a : [clock.now])) }
    static now() { return clock.now }
  }
  window.Math = Object.create(Math, { random: { value: random } })
  const context = vm.createContext(window)
  for (const script of document.querySelectorAll('script')) {
    const type = script.getAttribute('type')
    if (type && type !== 'module' && type !== 'text/javascript') continue
    document._currentScript = script
    vm.runInContext(script.textContent, context, { filename: 'inline-script.js' })
    document._currentScript = null
  }
  return { document, window, clock, shared, copied }
}

/// Lets pending promise callbacks (share, clipboard) run.
export const settle = () => new Promise(resolve => setImmediate(resolve))
