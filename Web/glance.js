// The browser page of `glance run --web`: draws the panel's glass, sends raw button edges,
// steers the face's clock, edits the app group's JSON files and shows the timeline inspector.
// The server is the single source of truth; this page only renders what it is sent.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);

  /** Creates an element; attributes that are null, undefined or false are left out. */
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value == null || value === false) continue;
      if (name === 'class') node.className = value;
      else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child == null || child === false) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  // State exposed for automated tests (and curious makers in the console).
  const glance = window.glance = {
    gray: new Uint8Array(0), width: 0, height: 0, zoom: 4, look: null,
    rgb: null, // a colour screen's pixels (red, green, blue each), else null: the gray in the look
    inspect: null, clock: null, frames: 0, connected: false, board: null,
    wiring: null, // what /wiring.json said, once the wiring tab was opened
  };

  const token = new URLSearchParams(location.search).get('token');
  let hello = null;        // the last hello message
  let socket = null;
  // Reconnecting: every 300 ms for the first 15 s without glance (a restart by `glance dev`
  // takes about a second, and the page should show the new glass as soon as it is up), then
  // backing off, doubled up to 10 s (a face that is gone for longer).
  const quickRetry = 300, quickSpan = 15000, slowestRetry = 10000;
  let retryDelay = quickRetry;
  let offlineSince = null;  // when the connection was lost (null while connected)
  let attempts = 0;         // connection attempts since then
  let nextId = 1;          // ids of requests (read, write, clock actions)
  const pending = new Map(); // request id → {status element, onOk}

  // ---------------------------------------------------------------------------------------
  // Connection

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    const ws = new WebSocket(`${scheme}//${location.host}/ws${query}`);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => { retryDelay = quickRetry; offlineSince = null; attempts = 0; setConnected(true); };
    ws.onmessage = (event) => (typeof event.data === 'string' ? onText(event.data) : onGlassFrame(event.data));
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      setConnected(false);
      releaseAll();
      for (const { status } of pending.values()) setStatus(status, 'connection lost before an answer', false);
      pending.clear();
      offlineSince ??= Date.now();
      attempts += 1;
      $('banner').textContent = attempts === 1 ? 'disconnected — reconnecting…' : `disconnected — reconnecting… (attempt ${attempts})`;
      if (Date.now() - offlineSince >= quickSpan) retryDelay = Math.min(retryDelay * 2, slowestRetry);
      setTimeout(connect, retryDelay);
    };
    socket = ws;
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Sends a message with a fresh id; its `result` is shown in `status`. */
  function request(message, status, onOk) {
    const id = nextId++;
    if (!send({ ...message, id })) {
      setStatus(status, 'not connected to glance', false);
      return null;
    }
    pending.set(id, { status, onOk });
    return id;
  }

  function setConnected(connected) {
    glance.connected = connected;
    $('banner').hidden = connected;
    document.body.classList.toggle('offline', !connected);
    const conn = $('conn');
    conn.dataset.connected = String(connected);
    conn.textContent = connected ? 'connected' : 'disconnected';
    updateClockControls();
  }

  function setStatus(node, text, ok = true) {
    node.textContent = text;
    node.classList.toggle('error', !ok);
  }

  function onText(text) {
    let message;
    try { message = JSON.parse(text); } catch { return console.warn('glance: ignoring a non-JSON message', text); }
    switch (message.type) {
      case 'hello': onHello(message); break;
      case 'refresh': playRefresh(message.kind); break;
      case 'clock': onClock(message); break;
      case 'inspect': renderInspector(message); break;
      case 'log': appendLog(message.lines || []); break;
      case 'file': onFile(message); break;
      case 'result': onResult(message); break;
      default: console.warn('glance: unknown message', message.type);
    }
  }

  function onHello(message) {
    hello = message;
    const board = message.board;
    glance.board = board.name;
    $('board').textContent = `${board.name} · ${board.width}×${board.height} · ${board.controller}`;
    $('mirror').hidden = !message.mirror;
    document.body.classList.toggle('epaper', board.technology === 'ePaper');
    setupLooks(message);
    setupZoom(message.zoom);
    resizeGlass(board.width, board.height);
    buildButtons(message.buttons || []);
    updateClockControls();
    setupAppGroup(message.appGroup);
    $('log').replaceChildren(); // the server sends the log tail again
  }

  function onResult(message) {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok && waiting?.onOk) waiting.onOk();
    const text = message.message || (message.ok ? 'done' : 'failed');
    setStatus(waiting ? waiting.status : $('editor-status'), text, message.ok);
  }

  // ---------------------------------------------------------------------------------------
  // The glass

  const canvas = $('glass');
  const context = canvas.getContext('2d');
  let image = null;   // ImageData of the whole canvas; rows are repainted in place
  let palette = null; // colour ramps of the current look

  /** "#rrggbb" → [r, g, b]. */
  function parseColor(hex) {
    const n = parseInt(String(hex || '').replace('#', ''), 16) || 0;
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }

  /** 256 RGB triples: gray g → mix(dark, lit, g / 255), rounded per channel. */
  function ramp(dark, lit) {
    const table = new Uint8Array(256 * 3);
    for (let g = 0; g < 256; g++) {
      for (let c = 0; c < 3; c++) table[g * 3 + c] = Math.round(dark[c] + (lit[c] - dark[c]) * g / 255);
    }
    return table;
  }

  function setLook(name) {
    const look = hello.looks[name];
    if (!look) return;
    glance.look = name;
    const dark = parseColor(look.dark);
    palette = {
      main: ramp(dark, parseColor(look.lit)),
      band: look.band ? ramp(dark, parseColor(look.band.lit)) : null,
      bandRows: look.band ? look.band.rows : 0,
      gap: parseColor(look.gap),
      pixelGap: Boolean(look.pixelGap),
    };
    $('bezel').dataset.look = name;
    paintRows(0, glance.height);
  }

  function setupLooks(message) {
    const epaper = message.board.technology === 'ePaper';
    const names = Object.keys(message.looks).filter((name) => (name === 'paper') === epaper);
    const boardLook = message.board.look;
    if (message.looks[boardLook] && !names.includes(boardLook)) names.unshift(boardLook);
    // Keep the maker's choice across reconnects when it still applies.
    const chosen = names.includes(glance.look) ? glance.look : (names.includes(boardLook) ? boardLook : names[0]);
    fillSelect($('look'), names, chosen);
    if (chosen) setLook(chosen);
  }

  function setupZoom(defaultZoom) {
    const select = $('zoom');
    if (!select.options.length) {
      fillSelect(select, [1, 2, 3, 4, 5, 6, 7, 8].map(String), String(Math.min(8, Math.max(1, defaultZoom || 4))));
      glance.zoom = Number(select.value);
    }
  }

  function fillSelect(select, values, selected) {
    select.replaceChildren(...values.map((value) => el('option', { value }, value)));
    if (selected != null) select.value = selected;
  }

  /** Sizes the canvas for the panel and zoom, then repaints everything. */
  function resizeGlass(width, height) {
    if (width !== glance.width || height !== glance.height) {
      glance.width = width;
      glance.height = height;
      glance.gray = new Uint8Array(width * height);
      if (glance.rgb) glance.rgb = new Uint8Array(width * height * 3);
    }
    const zoom = glance.zoom;
    canvas.width = width * zoom;
    canvas.height = height * zoom;
    Object.assign(canvas.style, { width: `${width * zoom}px`, height: `${height * zoom}px` }); // 1 canvas px = 1 CSS px
    image = width && height ? context.createImageData(width * zoom, height * zoom) : null;
    paintRows(0, height);
  }

  /** Paints panel rows [first, first + count) into the image and puts just those rows. */
  function paintRows(first, count) {
    if (!image || !palette || count <= 0) return;
    const { width, zoom, gray, rgb } = glance;
    const data = image.data;
    const stride = width * zoom * 4;
    const gapped = palette.pixelGap && zoom >= 3; // the last column and row of a block are gap
    const [gr, gg, gb] = palette.gap;
    for (let y = first; y < first + count; y++) {
      // A colour screen's pixels are its own colours; a gray one's go through the look.
      const colors = rgb || (palette.band && y < palette.bandRows ? palette.band : palette.main);
      const top = y * zoom * stride;
      let o = top;
      for (let x = 0; x < width; x++) {
        const c = rgb ? (y * width + x) * 3 : gray[y * width + x] * 3;
        for (let sx = 0; sx < zoom; sx++, o += 4) {
          const gap = gapped && sx === zoom - 1;
          data[o] = gap ? gr : colors[c];
          data[o + 1] = gap ? gg : colors[c + 1];
          data[o + 2] = gap ? gb : colors[c + 2];
          data[o + 3] = 255;
        }
      }
      // The other lines of the block repeat the first; a gapped block ends in a gap line.
      const solidLines = gapped ? zoom - 1 : zoom;
      for (let sy = 1; sy < solidLines; sy++) data.copyWithin(top + sy * stride, top, top + stride);
      if (gapped) {
        for (let i = top + (zoom - 1) * stride, end = i + stride; i < end; i += 4) {
          data[i] = gr; data[i + 1] = gg; data[i + 2] = gb; data[i + 3] = 255;
        }
      }
    }
    context.putImageData(image, 0, 0, 0, first * zoom, width * zoom, count * zoom);
  }

  /**
   * Binary glass frame: kind 1 (gray) or 2 (colour), width, height, first row, row count
   * (u16 BE), then a gray byte, or red, green and blue bytes, per pixel.
   */
  function onGlassFrame(buffer) {
    const view = new DataView(buffer);
    const kind = buffer.byteLength < 9 ? 0 : view.getUint8(0);
    if (kind !== 1 && kind !== 2) return;
    const width = view.getUint16(1), height = view.getUint16(3);
    const first = view.getUint16(5), count = view.getUint16(7);
    const channels = kind === 2 ? 3 : 1;
    if (first + count > height || buffer.byteLength < 9 + count * width * channels) {
      console.warn('glance: ignoring a malformed glass frame');
      return;
    }
    if ((kind === 2) !== Boolean(glance.rgb)) {
      glance.rgb = kind === 2 ? new Uint8Array(width * height * 3) : null;
      glance.width = 0; // repaint everything at the new depth
    }
    if (width !== glance.width || height !== glance.height) resizeGlass(width, height);
    if (glance.rgb) {
      glance.rgb.set(new Uint8Array(buffer, 9, count * width * 3), first * width * 3);
    } else {
      glance.gray.set(new Uint8Array(buffer, 9, count * width), first * width);
    }
    glance.frames++;
    paintRows(first, count);
  }

  /** E-paper refreshes: a full one flashes black then white; others shimmer faintly. */
  function playRefresh(kind) {
    const flash = $('flash');
    flash.className = 'flash';
    void flash.offsetWidth; // restart the animation if one is still running
    flash.classList.add(kind === 'full' ? 'full' : 'shimmer');
  }
  $('flash').addEventListener('animationend', (event) => { event.target.className = 'flash'; });

  $('look').addEventListener('change', (event) => setLook(event.target.value));
  $('zoom').addEventListener('change', (event) => {
    glance.zoom = Number(event.target.value);
    resizeGlass(glance.width, glance.height);
  });

  // ---------------------------------------------------------------------------------------
  // Screenshot

  const pad2 = (n) => String(n).padStart(2, '0');

  async function downloadScreenshot() {
    const button = $('screenshot');
    const status = $('screenshot-status');
    const params = new URLSearchParams({ zoom: glance.zoom, look: glance.look || '' });
    if (token) params.set('token', token);
    const t = new Date(faceNow());
    const stamp = `${t.getFullYear()}${pad2(t.getMonth() + 1)}${pad2(t.getDate())}-` +
      `${pad2(t.getHours())}${pad2(t.getMinutes())}${pad2(t.getSeconds())}`;
    const board = String(glance.board || 'panel').replace(/[^\w.-]+/g, '-');
    button.disabled = true;
    try {
      const response = await fetch(`/glass.png?${params}`);
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
      const url = URL.createObjectURL(await response.blob());
      const link = el('a', { href: url, download: `glance-${board}-${stamp}.png` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      setStatus(status, '');
    } catch (error) {
      setStatus(status, `screenshot failed: ${error.message}`, false);
    } finally {
      button.disabled = false;
    }
  }
  $('screenshot').addEventListener('click', downloadScreenshot);

  // ---------------------------------------------------------------------------------------
  // Buttons: raw edges only; the server's gesture engine recognises clicks and long presses.

  const KEY_VALUES = {
    up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight', enter: 'Enter',
    space: ' ', tab: 'Tab', escape: 'Escape', backspace: 'Backspace',
  };
  const KEY_HINTS = {
    up: '↑', down: '↓', left: '←', right: '→', enter: '↵', space: 'Space', tab: 'Tab',
    escape: 'Esc', backspace: '⌫',
  };
  const DPAD = ['up', 'left', 'centre', 'right', 'down'];

  const keyMap = new Map(); // KeyboardEvent.key (single characters lower-cased) → button name
  const held = new Set();   // names of buttons that are down
  const normalizeKey = (key) => (key.length === 1 ? key.toLowerCase() : key);

  function press(name) {
    if (held.has(name)) return;
    held.add(name);
    buttonElement(name)?.classList.add('pressed');
    send({ type: 'edge', button: name, down: true });
  }

  function release(name) {
    if (!held.delete(name)) return;
    buttonElement(name)?.classList.remove('pressed');
    send({ type: 'edge', button: name, down: false });
  }

  function releaseAll() {
    for (const name of [...held]) release(name);
  }

  const buttonElement = (name) => $('buttons').querySelector(`[data-button="${CSS.escape(name)}"]`);

  function buildButtons(buttons) {
    releaseAll();
    keyMap.clear();
    for (const { name, key } of buttons) {
      if (key) keyMap.set(normalizeKey(KEY_VALUES[key] || key), name);
    }
    const enter = buttons.find((b) => b.key === 'enter');
    if (enter && !buttons.some((b) => b.key === 'space')) keyMap.set(' ', enter.name);

    const dpad = el('div', { class: 'dpad' });
    const others = el('div', { class: 'button-row' });
    for (const { name, key } of buttons) {
      const hint = key ? (KEY_HINTS[key] || key.toUpperCase()) : null;
      const button = el('button', {
        type: 'button', class: 'hw', 'data-button': name,
        title: hint ? `${name} (key ${hint})` : name,
      }, el('span', { class: 'hw-name' }, name), hint && el('kbd', {}, hint));
      bindPointer(button, name);
      if (DPAD.includes(name)) {
        button.style.gridArea = name;
        dpad.append(button);
      } else {
        others.append(button);
      }
    }
    $('buttons').replaceChildren(...[dpad, others].filter((group) => group.childElementCount));
  }

  function bindPointer(button, name) {
    button.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      button.setPointerCapture(event.pointerId);
      press(name);
    });
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) {
      button.addEventListener(type, () => release(name));
    }
    button.addEventListener('contextmenu', (event) => event.preventDefault()); // touch long press
  }

  const isTyping = (target) => target instanceof Element &&
    (target.closest('textarea, input, select') !== null || target.isContentEditable);

  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      save();
      return;
    }
    if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const name = keyMap.get(normalizeKey(event.key));
    if (!name) return;
    event.preventDefault();
    if (!event.repeat) press(name);
  });

  document.addEventListener('keyup', (event) => {
    const name = keyMap.get(normalizeKey(event.key));
    if (!name || !held.has(name)) return;
    event.preventDefault();
    release(name);
  });

  window.addEventListener('blur', releaseAll);
  document.addEventListener('visibilitychange', () => { if (document.hidden) releaseAll(); });

  // ---------------------------------------------------------------------------------------
  // The face's clock, extrapolated locally between messages

  const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
  const timeFormat = new Intl.DateTimeFormat(undefined, {
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });

  function faceNow() {
    const clock = glance.clock;
    if (!clock) return Date.now();
    return clock.now + (performance.now() - clock.receivedAt) * (clock.paused ? 0 : clock.rate);
  }

  const isFast = () => Boolean(glance.clock && !glance.clock.paused && glance.clock.rate > 1);

  function onClock(message) {
    glance.clock = {
      now: message.now, rate: message.rate, paused: Boolean(message.paused), receivedAt: performance.now(),
    };
    const { rate, paused } = glance.clock;
    $('time-state').textContent = paused ? '‖ paused' : rate === 1 ? '▶ real time' : `▶▶ ×${rate}`;
    renderClock();
    updateClockControls();
    updateRelativeTimes();
  }

  let shownTime = '';
  function renderClock() {
    if (!glance.clock) return;
    const now = new Date(faceNow());
    const text = `${dayFormat.format(now)} ${timeFormat.format(now)}`;
    if (text !== shownTime) $('time-now').textContent = shownTime = text;
  }

  function updateClockControls() {
    const steerable = Boolean(hello?.clock?.steerable);
    const paused = Boolean(glance.clock?.paused);
    $('clock-hint').hidden = !hello || steerable;
    for (const id of ['pause', 'step', 'fast']) $(id).disabled = !steerable || !glance.connected;
    $('pause').textContent = paused ? 'Play' : 'Pause';
    $('fast').setAttribute('aria-pressed', String(isFast()));
    $('fast').textContent = hello?.clock?.fastRate ? `Fast-forward ×${hello.clock.fastRate}` : 'Fast-forward';
  }

  const clockAction = (action) => request({ type: 'clock', action }, $('clock-status'));
  $('pause').addEventListener('click', () => clockAction(glance.clock?.paused ? 'play' : 'pause'));
  $('step').addEventListener('click', () => clockAction('step'));
  $('fast').addEventListener('click', () => clockAction(isFast() ? 'play' : 'fast'));

  // ---------------------------------------------------------------------------------------
  // Formatting times against the face's clock

  function formatDuration(seconds) {
    if (seconds < 60) return `${Math.round(seconds)} s`;
    if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
    if (seconds < 86400) {
      const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60);
      return m ? `${h} h ${m} min` : `${h} h`;
    }
    const d = Math.floor(seconds / 86400), h = Math.floor((seconds % 86400) / 3600);
    return h ? `${d} d ${h} h` : `${d} d`;
  }

  function relative(milliseconds) {
    const seconds = Math.round(milliseconds / 1000);
    if (seconds === 0) return 'now';
    const text = formatDuration(Math.abs(seconds));
    return seconds > 0 ? `in ${text}` : `${text} ago`;
  }

  /** Local time of day, with the date in front when it is not the face's current day. */
  function formatTime(ms) {
    const date = new Date(ms);
    const time = timeFormat.format(date);
    return date.toDateString() === new Date(faceNow()).toDateString() ? time : `${dayFormat.format(date)} ${time}`;
  }

  function formatCallDuration(ms) {
    if (ms < 10) return `${ms.toFixed(1)} ms`;
    if (ms < 1000) return `${Math.round(ms)} ms`;
    return `${(ms / 1000).toFixed(2)} s`;
  }

  /** A relative time that the one-second timer keeps current. */
  const rel = (at) => el('span', { class: 'rel', 'data-at': at }, relative(at - faceNow()));
  const when = (at) => [el('time', {}, formatTime(at)), ' (', rel(at), ')'];
  const badge = (text, tone) => el('span', { class: `badge${tone ? ` ${tone}` : ''}` }, text);
  const shortId = (id) => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

  function updateRelativeTimes() {
    const now = faceNow();
    for (const node of document.querySelectorAll('#inspector .rel')) {
      node.textContent = relative(Number(node.dataset.at) - now);
    }
    for (const strip of document.querySelectorAll('#inspector .strip')) {
      const start = Number(strip.dataset.start), end = Number(strip.dataset.end);
      const marker = strip.querySelector('.marker.now');
      marker.hidden = now < start || now > end;
      marker.style.left = `${((now - start) / (end - start)) * 100}%`;
    }
  }

  setInterval(renderClock, 200);
  setInterval(updateRelativeTimes, 1000);

  // ---------------------------------------------------------------------------------------
  // Timeline inspector

  function renderInspector(data) {
    glance.inspect = data;
    const root = $('inspector');
    // Keep each entry list's scroll position across re-renders.
    const scrolls = new Map([...root.querySelectorAll('.entries')].map((list) => [list.dataset.key, list.scrollTop]));
    root.replaceChildren(
      renderMachine(data),
      ...(data.slots || []).map(renderSlot),
      renderActivities(data.activities || []),
    );
    for (const list of root.querySelectorAll('.entries')) list.scrollTop = scrolls.get(list.dataset.key) || 0;
    updateRelativeTimes();
  }

  function renderMachine(data) {
    const transition = data.nextTransition;
    const details = [`light ${data.light ?? '—'}`];
    if (data.shift) details.push(`burn-in shift x ${signed(data.shift.x)}, y ${signed(data.shift.y)}`);
    else if (hello?.board.technology !== 'ePaper') details.push('no burn-in shift');
    return el('div', { class: 'machine' },
      el('div', { class: 'machine-line' },
        el('span', { id: 'state', class: 'state-badge', 'data-state': data.state }, data.state),
        transition
          ? el('span', { class: 'transition' },
            `→ ${transition.to} `, rel(transition.at), transition.why ? `: ${transition.why}` : '')
          : el('span', { class: 'muted' }, 'no transition pending')),
      el('div', { class: 'machine-details muted' },
        details.join(' · '), ' · ',
        data.nextWakeUp != null ? ['next wake-up ', when(data.nextWakeUp)] : 'no wake-up scheduled'));
  }

  const signed = (n) => (n > 0 ? `+${n}` : String(n));

  function renderSlot(slot) {
    const showing = slot.activity ? badge(`live activity ${shortId(slot.activity)}`, 'activity')
      : slot.showing ? el('span', {}, 'showing ', el('strong', {}, slot.showing))
        : el('span', { class: 'muted' }, 'showing nothing');
    return el('section', { class: 'slot', 'data-slot': slot.index, 'data-showing': slot.showing },
      el('header', { class: 'slot-head' },
        el('strong', {}, `Slot ${slot.index}`), el('span', { class: 'muted' }, slot.family), showing),
      (slot.widgets || []).map((widget) => renderWidget(widget, slot)));
  }

  function renderWidget(widget, slot) {
    const fact = (term, dd) => [el('dt', {}, term), dd];
    return el('article', { class: `widget${widget.visible ? ' visible' : ''}`, 'data-kind': widget.kind },
      el('header', { class: 'widget-head' },
        el('span', { class: 'kind' }, widget.kind),
        widget.visible && badge('on the glass', 'on'),
        widget.placeholder && badge('placeholder'),
        widget.quarantined && badge('quarantined', 'bad'),
        widget.reloading && badge('reloading…', 'busy')),
      el('dl', { class: 'facts' },
        fact('Policy', renderPolicy(widget.policy)),
        fact('Budget', renderBudget(widget.budget)),
        fact('Next reload', renderNextReload(widget.nextReload)),
        fact('Last call', renderLastCall(widget.lastCall))),
      renderTimeline(widget, `${slot.index}/${widget.kind}`));
  }

  function renderPolicy(policy) {
    if (!policy) return el('dd', { class: 'policy' }, '—');
    const text = { atEnd: 'at end of the timeline', never: 'never' }[policy.kind];
    return el('dd', { class: 'policy', 'data-policy': policy.kind },
      policy.kind === 'after' && policy.date != null ? ['after ', when(policy.date)] : text || policy.kind);
  }

  function renderBudget(budget) {
    if (!budget) return el('dd', { class: 'budget' }, '—');
    if (budget.limit == null) return el('dd', { class: 'budget' }, `${budget.used} used, unlimited`);
    const left = Math.max(0, budget.limit - budget.used);
    return el('dd', { class: `budget${left === 0 ? ' error' : ''}` },
      `${budget.used} of ${budget.limit} used, ${left} left`);
  }

  function renderNextReload(next) {
    const why = next?.why ? el('span', { class: 'muted' }, ` — ${next.why}`) : null;
    if (!next || next.at == null) return el('dd', { class: 'next-reload' }, 'not scheduled', why);
    return el('dd', { class: 'next-reload' }, when(next.at), why);
  }

  function renderLastCall(call) {
    if (!call) return el('dd', { class: 'last-call muted' }, 'not called yet');
    return el('dd', { class: 'last-call' }, rel(call.at), `, took ${formatCallDuration(call.milliseconds)}`,
      call.error && el('div', { class: 'error' }, call.error));
  }

  function relevanceText(relevance) {
    if (!relevance) return '';
    return `relevance ${Number(relevance.score.toFixed(2))} for ${formatDuration(relevance.duration)}`;
  }

  /** A strip of entry ticks over time (plus now and the next reload), then the entry list. */
  function renderTimeline(widget, key) {
    const entries = widget.entries || [];
    if (!entries.length) return el('p', { class: 'muted' }, 'no entries');
    const now = faceNow();
    const reloadAt = widget.nextReload?.at;
    const dates = entries.map((entry) => entry.date);
    let start = Math.min(now, ...dates);
    let end = Math.max(now, ...dates, reloadAt ?? -Infinity);
    if (end - start < 60000) end = start + 60000;
    const margin = (end - start) * 0.04;
    start -= margin;
    end += margin;
    // Positioned through the CSSOM (not style attributes) so a strict CSP does not interfere.
    const place = (node, t) => { node.style.left = `${((t - start) / (end - start)) * 100}%`; return node; };

    const strip = el('div', { class: 'strip', 'data-start': start, 'data-end': end, 'aria-hidden': 'true' },
      entries.map((entry) => place(el('span', {
        class: `tick${entry.shown ? ' shown' : ''}`,
        title: [formatTime(entry.date), relevanceText(entry.relevance)].filter(Boolean).join(' · '),
      }), entry.date)),
      reloadAt != null && place(el('span', { class: 'marker reload', title: 'next reload' }), reloadAt),
      place(el('span', { class: 'marker now', title: 'now' }), now));

    const list = el('ol', { class: 'entries', 'data-key': key },
      entries.map((entry) => el('li', { class: `entry${entry.shown ? ' shown' : ''}` },
        el('time', {}, formatTime(entry.date)), rel(entry.date),
        el('span', { class: 'relevance' }, relevanceText(entry.relevance)))));

    return el('div', { class: 'timeline' }, strip, list,
      widget.moreEntries > 0 && el('p', { class: 'muted more' }, `+ ${widget.moreEntries} more entries`));
  }

  function renderActivities(activities) {
    return el('section', { class: 'activities' },
      el('h3', {}, 'Live activities'),
      activities.length
        ? el('ul', {}, activities.map((activity) => el('li', { class: 'activity', 'data-activity': activity.id },
          el('code', { title: activity.id }, shortId(activity.id)),
          el('span', {}, activity.type),
          badge(activity.state, activity.state === 'active' ? 'on' : null),
          activity.stale && badge('stale', 'warn'),
          activity.staleDate != null && el('span', { class: 'muted' }, 'stale at ', when(activity.staleDate)),
          activity.dismissAt != null && el('span', { class: 'muted' }, 'dismissed at ', when(activity.dismissAt)))))
        : el('p', { class: 'muted' }, 'none'));
  }

  // ---------------------------------------------------------------------------------------
  // Log tail

  const LOG_LIMIT = 200;
  const LEVELS = new Set(['trace', 'debug', 'info', 'notice', 'warning', 'error', 'critical']);

  function appendLog(lines) {
    const log = $('log');
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 8;
    log.append(...lines.map((line) => {
      const level = LEVELS.has(line.level) ? line.level : 'info';
      return el('div', { class: `line level-${level}` }, el('span', { class: 'level' }, level), line.text);
    }));
    while (log.childElementCount > LOG_LIMIT) log.firstElementChild.remove();
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  // ---------------------------------------------------------------------------------------
  // App group editor

  const editor = $('editor');
  const editorStatus = $('editor-status');
  const fileSelect = $('file');
  const saveHint = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘S' : 'Ctrl+S';
  let dirty = false;     // the editor holds changes not yet saved
  let awaitedRead = null; // id of the read whose answer fills the editor
  let currentFile = null;

  function setupAppGroup(group) {
    $('app-group').hidden = !group;
    if (!group) return;
    $('group-name').textContent = group.name;
    const files = [...(group.files || [])];
    // A new file that is still being written survives a reconnect.
    if (dirty && currentFile && !files.includes(currentFile)) files.push(currentFile);
    const selected = files.includes(currentFile) ? currentFile : files[0];
    fillSelect(fileSelect, files, selected);
    if (selected && !(dirty && selected === currentFile)) openFile(selected);
    else if (!selected) setStatus(editorStatus, 'no files yet: name one to create it');
  }

  function openFile(file) {
    currentFile = file;
    dirty = false;
    editor.value = '';
    awaitedRead = request({ type: 'read', file }, editorStatus);
    if (awaitedRead) setStatus(editorStatus, `loading ${file}…`);
  }

  function onFile(message) {
    pending.delete(message.id);
    if (message.id !== awaitedRead) return; // an answer to a read since superseded
    awaitedRead = null;
    editor.value = message.text;
    dirty = false;
    setStatus(editorStatus, `${message.file} loaded`);
  }

  function save() {
    const file = fileSelect.value;
    if (!file || !hello?.appGroup) return;
    const text = editor.value;
    try {
      JSON.parse(text);
    } catch (error) {
      setStatus(editorStatus, `not saved, invalid JSON: ${error.message}`, false);
      return;
    }
    // The face's limits (from hello): past the message limit the face would close the connection.
    const bytes = new TextEncoder().encode(text).length;
    const { fileSizeLimit, messageSizeLimit } = hello.appGroup;
    if (bytes > fileSizeLimit || new TextEncoder().encode(JSON.stringify({ type: 'write', file, text, id: nextId })).length > messageSizeLimit) {
      setStatus(editorStatus, `not saved: ${file} is ${bytes} bytes; an app-group file holds at most ${fileSizeLimit}`, false);
      return;
    }
    if (request({ type: 'write', file, text }, editorStatus, () => { if (editor.value === text) dirty = false; })) {
      setStatus(editorStatus, `saving ${file}…`);
    }
  }

  function createFile() {
    const input = $('new-file');
    const name = input.value.trim();
    if (!/^[^/\\.][^/\\]*\.json$/.test(name)) {
      setStatus(editorStatus, 'a file name ends in .json and has no slashes', false);
      return;
    }
    if (dirty && !confirm(`Discard unsaved changes to ${currentFile}?`)) return;
    input.value = '';
    if ([...fileSelect.options].some((option) => option.value === name)) {
      fileSelect.value = name;
      openFile(name);
      return;
    }
    fileSelect.append(el('option', { value: name }, name));
    fileSelect.value = currentFile = name;
    awaitedRead = null;
    editor.value = '{\n}\n';
    dirty = true;
    editor.focus();
    setStatus(editorStatus, `new file: ${saveHint} or Save creates ${name}`);
  }

  fileSelect.addEventListener('change', () => {
    if (dirty && !confirm(`Discard unsaved changes to ${currentFile}?`)) {
      fileSelect.value = currentFile;
      return;
    }
    openFile(fileSelect.value);
  });
  editor.addEventListener('input', () => {
    dirty = true;
    setStatus(editorStatus, `edited: ${saveHint} to save`);
  });
  $('save').addEventListener('click', save);
  $('save').title = `Save (${saveHint})`;
  $('create').addEventListener('click', createFile);
  $('new-file').addEventListener('keydown', (event) => event.key === 'Enter' && createFile());

  // ---------------------------------------------------------------------------------------
  // Wiring: the board's drawing from the server (/wiring.svg), in a tab beside the timeline.
  // A board with nothing to wire (a simulator board) says so; any built-in preset can be shown.

  const wiringBoard = $('wiring-board');
  let wiringLoaded = false;

  function withToken(path, params) {
    const query = new URLSearchParams(params || {});
    if (token) query.set('token', token);
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  }

  function showTab(name) {
    for (const tab of ['timeline', 'wiring']) {
      const selected = tab === name;
      $(`tab-${tab}`).setAttribute('aria-selected', String(selected));
      $(`${tab}-panel`).hidden = !selected;
    }
    if (name === 'wiring' && !wiringLoaded) loadWiring();
  }
  $('tab-timeline').addEventListener('click', () => showTab('timeline'));
  $('tab-wiring').addEventListener('click', () => showTab('wiring'));

  async function loadWiring() {
    const status = $('wiring-status');
    try {
      const response = await fetch(withToken('/wiring.json'));
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
      const info = await response.json();
      wiringLoaded = true;
      glance.wiring = info;
      wiringBoard.replaceChildren(
        el('option', { value: '' }, `${info.board} (this face's board)`),
        ...info.presets.filter((name) => name !== info.board).map((name) => el('option', { value: name }, name)));
      showWiring('');
    } catch (error) {
      setStatus(status, `cannot load the wiring: ${error.message}`, false);
    }
  }

  function showWiring(preset) {
    const status = $('wiring-status');
    const box = $('wiring-drawing');
    const info = glance.wiring;
    if (!preset && !info.drawing) {
      box.replaceChildren();
      setStatus(status, `${info.reason}. Choose a board above to see its wiring.`);
      return;
    }
    const name = preset || info.board;
    const image = el('img', { src: withToken('/wiring.svg', preset ? { board: preset } : {}), alt: `Wiring of ${name}` });
    image.addEventListener('load', () => setStatus(status, ''));
    image.addEventListener('error', () => setStatus(status, `cannot load the wiring of ${name}`, false));
    box.replaceChildren(image);
  }
  wiringBoard.addEventListener('change', () => showWiring(wiringBoard.value));
  // An address ending in #wiring opens the page on this tab (no element has that id, so the page does not scroll).
  if (location.hash === '#wiring') showTab('wiring');

  // ---------------------------------------------------------------------------------------

  updateClockControls();
  connect();
})();
