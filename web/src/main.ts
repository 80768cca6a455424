// Chuhan's page: one of three views by its address (/play, /analysis, /review), a board, and
// one WebSocket to this tab's session on the server, which owns the game and the engine.

import { Board, Side } from './board';
import { t, getLang, setLang, Lang } from './i18n';
import { Review } from './review';
import type { Line, ServerMessage, State } from './protocol';
import { el, save } from './dom';

type View = 'play' | 'analysis' | 'review';

const view: View = location.pathname.startsWith('/analysis')
  ? 'analysis'
  : location.pathname.startsWith('/review')
    ? 'review'
    : 'play';
const params = new URLSearchParams(location.search);

const settings = {
  notation: localStorage.getItem('chuhan.notation') || 'chinese',
  script: localStorage.getItem('chuhan.script') || 'traditional',
};

let socket: WebSocket;
let state: State | null = null;
let lines: Line[] = [];
let board: Board;
let review: Review | null = null;

function send(msg: object): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function select(id: string, options: [string, string][], value: string, onChange: (v: string) => void) {
  const s = el('select', { id });
  for (const [v, label] of options) s.append(el('option', { value: v }, t(label)));
  s.value = value;
  s.onchange = () => onChange(s.value);
  return s;
}

function button(id: string, label: string, onClick: () => void) {
  const b = el('button', { id }, t(label));
  b.onclick = onClick;
  return b;
}

function header(): HTMLElement {
  const nav = el('nav', {});
  for (const v of ['play', 'analysis', 'review'] as View[]) {
    nav.append(el('a', { href: '/' + v, class: v === view ? 'active' : '' }, t(v[0].toUpperCase() + v.slice(1))));
  }
  const lang = select('lang', [['en', 'English'], ['zh', '中文']], getLang(), (v) => {
    setLang(v as Lang);
    location.reload();
  });
  const notation = select(
    'notation',
    [['chinese', '中文'], ['traditional', '中文（繁）'], ['wxf', 'WXF'], ['iccs', 'ICCS']],
    settings.notation,
    (v) => {
      settings.notation = v;
      localStorage.setItem('chuhan.notation', v);
      send({ t: 'notation', notation: v });
    },
  );
  const script = select('script', [['traditional', 'Traditional'], ['simplified', 'Simplified']], settings.script, (v) => {
    settings.script = v;
    localStorage.setItem('chuhan.script', v);
    (document.getElementById('pieces') as HTMLLinkElement).href = `/assets/pieces-${v}.css`;
  });
  return el(
    'header',
    {},
    el('h1', {}, '楚汉 Chuhan'),
    nav,
    el('span', { class: 'settings' }, t('Notation'), notation, t('Glyphs'), script, t('Language'), lang),
  );
}

// ---- the side panel of each view ----

const status = el('div', { id: 'status' });
const notice = el('div', { id: 'notice' });
const moveList = el('ol', { id: 'moves' });
const linesBox = el('div', { id: 'lines' });
const explorer = el('table', { id: 'explorer' });
const evalBar = el('div', { id: 'evalbar' }, el('div', { id: 'evalfill' }));
const fenBox = el('input', { id: 'fen', type: 'text', spellcheck: 'false' });
const moveBox = el('input', { id: 'movebox', type: 'text', placeholder: t('Move (ICCS, Chinese or WXF)') });

moveBox.onkeydown = (e) => {
  if (e.key === 'Enter' && moveBox.value.trim()) {
    send({ t: 'move', mv: moveBox.value.trim() });
    moveBox.value = '';
  }
};

function playPanel(): HTMLElement {
  const color = select('color', [['red', 'Red'], ['black', 'Black']], params.get('color') || 'red', () => {});
  const levels: [string, string][] = Array.from({ length: 21 }, (_, i) => [String(i), String(i)]);
  const level = select('level', levels, params.get('level') || '10', () => {});
  const fen = el('input', { id: 'startfen', type: 'text', placeholder: t('Start FEN (optional)') });
  fen.value = params.get('fen') || '';
  const start = button('new', 'Start', () => {
    const q = new URLSearchParams({ color: color.value, level: level.value });
    if (params.get('movetime')) q.set('movetime', params.get('movetime')!);
    if (fen.value.trim()) q.set('fen', fen.value.trim());
    history.replaceState(null, '', '/play?' + q);
    localStorage.removeItem('chuhan.play');
    newGame(color.value as Side, Number(level.value), fen.value.trim() || undefined, []);
  });
  return el(
    'section',
    { class: 'panel' },
    el('h2', {}, t('New game')),
    el('div', { class: 'row' }, t('You play'), color, t('Level'), level),
    el('div', { class: 'row' }, fen, start),
    status,
    notice,
    el(
      'div',
      { class: 'row' },
      button('undo', 'Take back', () => send({ t: 'undo' })),
      button('hint', 'Hint', () => send({ t: 'hint' })),
      button('draw', 'Offer draw', () => send({ t: 'draw' })),
      button('resign', 'Resign', () => send({ t: 'resign' })),
      button('flip', 'Flip', () => board.flip()),
    ),
    moveBox,
    linesBox,
    moveList,
    button('pgn', 'Download PGN', downloadPgn),
  );
}

function newGame(color: Side, level: number, fen: string | undefined, moves: string[]) {
  board.setOrientation(color);
  const movetime = params.get('movetime') ? Number(params.get('movetime')) : undefined;
  send({ t: 'play', color, level, fen, moves, movetime });
}

function analysisPanel(): HTMLElement {
  const multipv = select(
    'multipv',
    ['1', '2', '3', '4', '5'].map((n) => [n, n] as [string, string]),
    params.get('multipv') || '3',
    () => analyse(state?.start, state?.moves.map((m) => m.iccs) ?? []),
  );
  const set = button('setfen', 'Set', () => analyse(fenBox.value.trim(), []));
  const copy = button('copyfen', 'Copy', () => navigator.clipboard?.writeText(fenBox.value));
  return el(
    'section',
    { class: 'panel' },
    el('div', { class: 'row' }, t('Lines'), multipv, button('back', '←', () => send({ t: 'undo' })), button('flip', 'Flip', () => board.flip())),
    el('div', { class: 'row' }, fenBox, set, copy),
    status,
    notice,
    moveBox,
    linesBox,
    explorer,
    moveList,
  );
}

/** The opening explorer: the book's moves for the shown position, a click plays one. */
function showBook(s: State) {
  const pct = (x: number | null) => (x === null ? '–' : `${Math.round(100 * x)}%`);
  const head = el('tr', {}, el('th', {}, t('Book')), el('th', {}, t('Games')), el('th', {}, t('Score')), el('th', {}, t('Draws')));
  const rows = s.book.map((b) => {
    const row = el('tr', { class: 'book' }, el('td', {}, b.mv.text), el('td', {}, String(b.games)), el('td', {}, pct(b.score)), el('td', {}, pct(b.draws)));
    row.onclick = () => send({ t: 'move', mv: b.mv.iccs });
    return row;
  });
  explorer.replaceChildren(...(rows.length ? [head, ...rows] : []));
}

function analyse(fen: string | undefined, moves: string[]) {
  const multipv = Number((document.getElementById('multipv') as HTMLSelectElement | null)?.value || 3);
  const q = new URLSearchParams();
  if (fen) q.set('fen', fen);
  history.replaceState(null, '', '/analysis' + (q.size ? '?' + q : ''));
  send({ t: 'analyse', fen, moves, multipv });
}

function downloadPgn() {
  if (!state) return;
  const moves = state.moves.map((m) => m.text);
  const words: string[] = [];
  moves.forEach((m, i) => words.push(i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m));
  const tags = [`[Event "Chuhan in the browser"]`, `[Result "${state.result?.score ?? '*'}"]`];
  if (state.start.split(' ')[0] !== 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR') {
    tags.push(`[FEN "${state.start}"]`);
  }
  save('chuhan.pgn', `${tags.join('\n')}\n\n${words.join(' ')} ${state.result?.score ?? '*'}\n`);
}

// ---- messages from the server ----

function showState(s: State) {
  state = s;
  lines = [];
  linesBox.replaceChildren();
  board.arrows([]);
  board.show(s.fen, s.turn, s.dests, s.last, s.check);
  fenBox.value = s.fen;
  moveList.replaceChildren(...s.moves.map((m) => el('li', { 'data-iccs': m.iccs }, m.text)));
  moveList.scrollTop = moveList.scrollHeight;
  if (view === 'analysis') showBook(s);
  let text: string;
  if (s.result) {
    text = `${t(s.result.score)} (${t(s.result.reason)}): ${s.result.text}`;
  } else if (s.thinking) {
    text = t('Chuhan is thinking…');
  } else {
    text = t(s.turn === 'red' ? 'Red to move' : 'Black to move');
  }
  if (s.opening) text += ` · ${t('Opening')} ${s.opening}`;
  status.textContent = text;
  status.className = s.result ? 'result' : '';
  // For the tests and the benchmark: the board is usable once a state is shown.
  document.body.dataset.moves = String(s.moves.length);
  document.body.dataset.ready = s.thinking ? 'thinking' : 'ready';
  if (view === 'play' && s.mode === 'play') {
    localStorage.setItem(
      'chuhan.play',
      JSON.stringify({ url: location.search, color: s.human, level: s.level, fen: s.start, moves: s.moves.map((m) => m.iccs) }),
    );
  }
  if (view === 'analysis') {
    localStorage.setItem('chuhan.analysis', JSON.stringify({ fen: s.start, moves: s.moves.map((m) => m.iccs) }));
  }
}

function showLines(ls: Line[], depth?: number, nps?: number) {
  lines = ls;
  const rows = ls.map((l, i) => {
    const row = el('div', { class: 'line' + (i === 0 ? ' best' : '') }, el('b', {}, l.score), ' ', l.text);
    row.onclick = () => l.pv[0] && send({ t: 'move', mv: l.pv[0] });
    return row;
  });
  const head = depth !== undefined ? [el('div', { class: 'depth' }, `${t('Depth')} ${depth} · ${Math.round((nps ?? 0) / 1000)} kN/s`)] : [];
  linesBox.replaceChildren(...head, ...rows);
  board.arrows(ls.map((l) => l.pv[0]));
  if (ls[0]) (document.getElementById('evalfill') as HTMLElement).style.height = `${(ls[0].red * 100).toFixed(1)}%`;
}

function onMessage(m: ServerMessage) {
  switch (m.t) {
    case 'state':
      if (view !== 'review') showState(m);
      else review?.state(m);
      notice.textContent = '';
      break;
    case 'lines':
      showLines(m.lines, m.depth, m.nps);
      break;
    case 'hint':
      showLines(m.lines);
      break;
    case 'notice':
      notice.textContent = t(m.text[0].toUpperCase() + m.text.slice(1));
      break;
    case 'error':
      notice.textContent = m.text;
      notice.className = 'error';
      if (state) board.show(state.fen, state.turn, state.dests, state.last, state.check);
      return;
    case 'progress':
    case 'reviewed':
      review?.onMessage(m);
      break;
  }
  notice.className = '';
}

function start() {
  const app = document.getElementById('app')!;
  const frame = el('div', { class: 'board-frame', id: 'board' });
  const main = el('main', {}, view === 'analysis' ? evalBar : '', frame);
  app.append(header(), main);
  board = new Board(frame, (mv) => send({ t: 'move', mv }));
  (document.getElementById('pieces') as HTMLLinkElement).href = `/assets/pieces-${settings.script}.css`;
  if (view === 'play') main.append(playPanel());
  if (view === 'analysis') main.append(analysisPanel());
  if (view === 'review') {
    review = new Review(board, main, send);
  }
  document.onkeydown = (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (view === 'analysis' && e.key === 'ArrowLeft') send({ t: 'undo' });
    if (view === 'review') review?.key(e.key);
  };
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onmessage = (e) => onMessage(JSON.parse(e.data));
  socket.onclose = () => {
    notice.textContent = t('Connection lost: reload the page');
    notice.className = 'error';
  };
  socket.onopen = () => {
    send({ t: 'notation', notation: settings.notation });
    if (view === 'play') {
      const saved = JSON.parse(localStorage.getItem('chuhan.play') || 'null');
      if (saved && saved.url === location.search) newGame(saved.color, saved.level, saved.fen, saved.moves);
      else newGame((params.get('color') as Side) || 'red', Number(params.get('level') ?? 10), params.get('fen') || undefined, []);
    } else if (view === 'analysis') {
      const saved = JSON.parse(localStorage.getItem('chuhan.analysis') || 'null');
      const fen = params.get('fen') || undefined;
      if (saved && (!fen || saved.fen === fen)) analyse(saved.fen, saved.moves);
      else analyse(fen, []);
    }
  };
}

start();
