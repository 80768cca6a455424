// Chuhan's page: one of five views by its address (/play, /analysis, /review, /editor, /puzzles), a
// board, and one WebSocket to this tab's session on the server, which owns the game, the
// clocks, the analysis tree and the engine.

import { Board, Side, placementAfter } from './board';
import { Clocks } from './clock';
import { acceptDrops } from './drop';
import { Editor } from './editor';
import { t, getLang, setLang, Lang } from './i18n';
import { Shape, pairs, tree } from './moves';
import { Puzzles } from './puzzles';
import { Review } from './review';
import type { Line, ServerMessage, State } from './protocol';
import { el, fileChooser, save } from './dom';
import { keysOverlay } from './keys';
import { scoreSide, scoreText, setScoreSide, wdlText, ScoreSide } from './score';
import { play as playSound, setSound, soundOf, soundOn } from './sound';

type View = 'play' | 'analysis' | 'review' | 'editor' | 'puzzles';

const view: View = (['analysis', 'review', 'editor', 'puzzles'] as View[]).find((v) => location.pathname.startsWith('/' + v)) ?? 'play';
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
let editor: Editor | null = null;
let shape = new Shape([]);
/** In play, the move whose position is shown while the keys go back through the game (`null`:
 * the game's own position). */
let browsing: number | null = null;
/** In analysis, whether the engine runs (`x`); while off, a state is answered with `stop`
 * once, and lines that were on their way are dropped. */
let engineOn = true;
let stopping = false;
const clocks = new Clocks();

function send(msg: object): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
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
  for (const v of ['play', 'analysis', 'review', 'editor', 'puzzles'] as View[]) {
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
  const scores = select('scores', [['red', "Red's side"], ['mover', 'Side to move']], scoreSide(), (v) => {
    setScoreSide(v as ScoreSide);
    if (state) showTables(state);
    showLines(lines, depthShown);
  });
  const sound = select('sound', [['on', 'On'], ['off', 'Off']], soundOn() ? 'on' : 'off', (v) => setSound(v === 'on'));
  return el(
    'header',
    {},
    el('h1', {}, '楚汉 Chuhan'),
    nav,
    el(
      'span',
      { class: 'settings' },
      ...[
        ['Notation', notation],
        ['Glyphs', script],
        ['Language', lang],
        ['Scores', scores],
        ['Sound', sound],
      ].map(([label, s]) => el('label', {}, t(label as string), s)),
    ),
  );
}

// ---- the side panel of each view ----

const status = el('div', { id: 'status' });
const notice = el('div', { id: 'notice' });
const moveList = el('div', { id: 'moves' });
const linesBox = el('div', { id: 'lines' });
const explorer = el('table', { id: 'explorer' });
const tablesBox = el('div', { id: 'tables' });
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
  // Minutes + seconds on screen, as players name them; seconds + seconds to the server and in PGN.
  const minutes = ['1+0', '3+2', '5+3', '10+5', '15+10'];
  const controls: [string, string][] = [['none', 'No clock'], ...minutes.map((c) => [`${Number(c.split('+')[0]) * 60}+${c.split('+')[1]}`, c] as [string, string])];
  const clock = select('clock', controls, params.get('clock') || 'none', () => {});
  const fen = el('input', { id: 'startfen', type: 'text', placeholder: t('Start FEN (optional)') });
  fen.value = params.get('fen') || '';
  const start = button('new', 'Start', () => {
    const q = new URLSearchParams({ color: color.value, level: level.value });
    if (params.get('movetime')) q.set('movetime', params.get('movetime')!);
    if (clock.value !== 'none') q.set('clock', clock.value);
    if (fen.value.trim()) q.set('fen', fen.value.trim());
    history.replaceState(null, '', '/play?' + q);
    localStorage.removeItem('chuhan.play');
    newGame(color.value as Side, Number(level.value), fen.value.trim() || undefined, [], clock.value);
  });
  return el(
    'section',
    { class: 'panel' },
    el('h2', {}, t('New game')),
    el('div', { class: 'row' }, t('You play'), color, t('Level'), level, t('Clock'), clock),
    el('div', { class: 'row' }, fen, start),
    clocks.box,
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
    tablesBox,
    moveList,
    button('pgn', 'Download PGN', () => send({ t: 'pgn' })),
  );
}

/** A new game, or a reloaded one resumed with its moves and each side's time `left`. */
function newGame(color: Side, level: number, fen: string | undefined, moves: string[], clock?: string, left?: [number, number]) {
  board.setOrientation(color);
  const movetime = params.get('movetime') ? Number(params.get('movetime')) : undefined;
  send({ t: 'play', color, level, fen, moves, movetime, clock: clock && clock !== 'none' ? clock : undefined, left });
}

function analysisPanel(): HTMLElement {
  const multipv = select(
    'multipv',
    ['1', '2', '3', '4', '5'].map((n) => [n, n] as [string, string]),
    params.get('multipv') || '3',
    () => state && analyse(state.start, [], { tree: state.tree.map((m) => [m.parent, m.iccs]), node: state.node }),
  );
  const set = button('setfen', 'Set', () => analyse(fenBox.value.trim(), [], null));
  // A book built by `chuhan book build` for this tab's explorer (or dropped on the page).
  const bookFile = fileChooser('bookfile', sendBook);
  const copy = button('copyfen', 'Copy', () => navigator.clipboard?.writeText(fenBox.value));
  return el(
    'section',
    { class: 'panel' },
    el('div', { class: 'row' }, t('Lines'), multipv, button('back', '←', () => send({ t: 'undo' })), button('flip', 'Flip', () => board.flip())),
    el('div', { class: 'row' }, fenBox, set, copy),
    el('div', { class: 'row dropzone', id: 'bookrow' }, t('Book file'), bookFile, button('defaultbook', 'Default book', () => send({ t: 'book' }))),
    status,
    notice,
    moveBox,
    linesBox,
    tablesBox,
    explorer,
    moveList,
    button('pgn', 'Download PGN', () => send({ t: 'pgn' })),
  );
}

/** A book for this tab's explorer, chosen or dropped: sent over HTTP (it is larger than a
 * WebSocket message), checked and kept by the server in memory, taken by its token. */
async function sendBook(file: File) {
  const answer = await fetch(`/api/book?lang=${getLang()}`, { method: 'POST', body: file });
  const data = answer.status === 413 ? { error: t('The book is too large (at most 16 MB)') } : await answer.json().catch(() => ({ error: answer.statusText }));
  if (data.error) {
    notice.textContent = data.error;
    notice.className = 'error';
  } else send({ t: 'book', token: data.token });
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

/** The endgame tables' panel: the verdict, then each move with the value it leaves, coloured
 * by win, draw or loss for the mover, best first; on the analysis board a click plays one. */
function showTables(s: State) {
  if (!s.tables) {
    tablesBox.replaceChildren();
    return;
  }
  const verdict = el('div', { class: `verdict ${s.tables.kind}` }, `${t('Endgame tables')}: ${s.tables.verdict}`);
  const rows = s.tables.moves.map((m) => {
    const row = el('tr', { class: `tbmove ${m.kind}` }, el('td', {}, m.mv.text), el('td', {}, m.text), el('td', {}, m.score ? scoreText(m.score) : ''));
    if (view === 'analysis') {
      row.classList.add('click');
      row.onclick = () => send({ t: 'move', mv: m.mv.iccs });
    }
    return row;
  });
  tablesBox.replaceChildren(verdict, el('table', {}, ...rows));
}

/** Analysis of `fen` after `moves`, or of a saved tree at one of its nodes. */
function analyse(fen: string | undefined, moves: string[], saved: { tree: [number, string][]; node: number } | null) {
  const multipv = Number((document.getElementById('multipv') as HTMLSelectElement | null)?.value || 3);
  const q = new URLSearchParams();
  if (fen) q.set('fen', fen);
  history.replaceState(null, '', '/analysis' + (q.size ? '?' + q : ''));
  linesBox.style.setProperty('--pv', String(multipv));
  send({ t: 'analyse', fen, moves, multipv, tree: saved?.tree, node: saved?.node });
}

// ---- messages from the server ----

function showState(s: State) {
  const before = state;
  state = s;
  browsing = null;
  if (before && s.last && (s.last !== before.last || s.moves.length !== before.moves.length) && s.fen !== before.fen) {
    playSound(soundOf(before.fen.split(' ')[0], s.fen.split(' ')[0], s.check, !!s.result && !before.result));
  } else if (before && s.result && !before.result) playSound('end');
  if (view === 'analysis' && !engineOn) {
    if (!stopping) send({ t: 'stop' });
    stopping = !stopping;
  }
  lines = [];
  linesBox.replaceChildren();
  board.arrows([]);
  board.show(s.fen, s.turn, s.dests, s.last, s.check);
  fenBox.value = s.fen;
  clocks.show(s);
  showTables(s);
  if (view === 'analysis') {
    shape = new Shape(s.tree);
    moveList.className = 'tree';
    tree(moveList, s.start, shape, s.node, (node) => send({ t: 'goto', node }));
    showBook(s);
  } else {
    pairs(moveList, s.start, s.moves);
  }
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
  if (view === 'play' && s.mode === 'play') savePlay();
  if (view === 'analysis' && !engineOn) showLines([], t('Engine off'));
  if (view === 'analysis') {
    const saved = { fen: s.start, tree: s.tree.map((m) => [m.parent, m.iccs]), node: s.node };
    localStorage.setItem('chuhan.analysis', JSON.stringify(saved));
  }
}

/** In play, the keys go back and forth through the game's positions (only shown: a move is
 * made on the game's own position, which any state brings back). Whether the key was one. */
function browse(key: string): boolean {
  if (!state) return false;
  const s = state;
  const end = s.moves.length;
  const at = browsing ?? end;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: end }[key];
  if (to === undefined) return false;
  browsing = Math.max(0, Math.min(end, to));
  if (browsing === end) {
    browsing = null;
    board.show(s.fen, s.turn, s.dests, s.last, s.check);
  } else {
    const moves = s.moves.slice(0, browsing).map((m) => m.iccs);
    const turn = (s.start.split(' ')[1] === 'b') === (browsing % 2 === 0) ? 'black' : 'red';
    board.show(placementAfter(s.start.split(' ')[0], moves), turn, {}, moves[moves.length - 1] ?? null, false);
  }
  moveList.querySelectorAll('.move').forEach((m, i) => m.classList.toggle('current', i === (browsing ?? end) - 1));
  return true;
}

/** The analysis engine off (a `stop`) or on again (the tree analysed anew from its node). */
function toggleEngine() {
  if (!state) return;
  engineOn = !engineOn;
  if (engineOn) {
    analyse(state.start, [], { tree: state.tree.map((m) => [m.parent, m.iccs]), node: state.node });
  } else {
    stopping = true;
    send({ t: 'stop' });
    showLines([], t('Engine off'));
  }
}

/** The game as a reload resumes it: its moves, and each side's time left at this moment. */
function savePlay() {
  if (!state || state.mode !== 'play') return;
  const s = state;
  const game = { url: location.search, color: s.human, level: s.level, fen: s.start, moves: s.moves.map((m) => m.iccs) };
  const clock = s.clock && !s.result ? { clock: s.clock.control, left: clocks.now(), at: Date.now(), turn: s.turn } : {};
  localStorage.setItem('chuhan.play', JSON.stringify({ ...game, ...clock }));
}

/** The depth row of the lines shown, kept for a change of the scores' side. */
let depthShown = '';

function showLines(ls: Line[], depth = '') {
  lines = ls;
  depthShown = depth;
  const turn = state?.turn ?? 'red';
  const rows = ls.map((l, i) => {
    const score = scoreText(l.score);
    const wdl = wdlText(l, turn);
    const row = el('div', { class: 'line' + (i === 0 ? ' best' : ''), title: `${score} ${wdl} ${l.text}` }, el('b', {}, score), ' ', el('span', { class: 'wdl' }, wdl), ' ', l.text);
    row.onclick = () => l.pv[0] && send({ t: 'move', mv: l.pv[0] });
    return row;
  });
  const head = depth ? [el('div', { class: 'depth' }, depth)] : [];
  linesBox.replaceChildren(...head, ...rows);
  board.arrows(ls.map((l) => l.pv[0]));
  if (ls[0]) (document.getElementById('evalfill') as HTMLElement).style.height = `${(ls[0].red * 100).toFixed(1)}%`;
}

function onMessage(m: ServerMessage) {
  switch (m.t) {
    case 'state':
      if (view === 'review') review?.state(m);
      else if (view !== 'editor') showState(m);
      notice.textContent = '';
      notice.className = '';
      break;
    case 'pgn':
      save(m.name, m.text);
      document.body.dataset.pgn = m.text;
      break;
    case 'position':
      editor?.accepted(m.fen);
      break;
    case 'lines':
      if (engineOn) showLines(m.lines, `${t('Depth')} ${m.depth} · ${Math.round(m.nps / 1000)} kN/s`);
      break;
    case 'hint':
      showLines(m.lines);
      break;
    case 'notice':
      notice.textContent = m.text;
      notice.className = '';
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
}

function start() {
  const app = document.getElementById('app')!;
  const frame = el('div', { class: 'board-frame', id: 'board' });
  const main = el('main', {}, el('div', { class: 'boardbox' }, view === 'analysis' ? evalBar : '', frame));
  const help = keysOverlay();
  const head = header();
  app.append(head, main, help);
  // The board's height leaves room for the header, which wraps to more lines on a narrow window.
  new ResizeObserver(() => document.documentElement.style.setProperty('--header', `${head.offsetHeight}px`)).observe(head);
  let puzzles: Puzzles | null = null;
  board = new Board(frame, (mv) => (puzzles ? puzzles.move(mv) : send({ t: 'move', mv })));
  (document.getElementById('pieces') as HTMLLinkElement).href = `/assets/pieces-${settings.script}.css`;
  if (view === 'play') main.append(playPanel());
  if (view === 'analysis') {
    main.append(analysisPanel());
    acceptDrops({ book: sendBook });
  }
  if (view === 'review') {
    const r = (review = new Review(board, main, send));
    acceptDrops({ games: (file) => r.upload(file) });
  }
  if (view === 'editor') editor = new Editor(board, main, notice, send, params.get('fen'));
  // Puzzles need no session: the page asks the server over HTTP (`puzzles.ts`).
  if (view === 'puzzles') {
    puzzles = new Puzzles(board, main, () => settings.notation);
    return;
  }
  document.onkeydown = (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '?' || (e.key === 'Escape' && !help.hidden)) {
      help.hidden = e.key === 'Escape' || !help.hidden;
    } else if (e.key === 'f' && view !== 'editor') {
      board.flip();
    } else if (view === 'analysis' && state && e.key === ' ') {
      if (lines[0]?.pv[0]) send({ t: 'move', mv: lines[0].pv[0] });
    } else if (view === 'analysis' && state && e.key === 'x') {
      toggleEngine();
    } else if (view === 'analysis' && state) {
      const node = shape.step(state.node, e.key);
      if (node !== null && node !== state.node) send({ t: 'goto', node });
      if (node === null) return;
    } else if (view === 'play') {
      if (!browse(e.key)) return;
    } else if (view !== 'review' || !review?.key(e.key)) {
      return;
    }
    e.preventDefault();
  };
  addEventListener('pagehide', savePlay);
  // A hidden tab's analysis pauses on the server and resumes, saying so, when it is shown again.
  document.addEventListener('visibilitychange', () => send({ t: 'visible', visible: !document.hidden }));
  // The tab's language and notation come with the connection: the first state is already in them.
  const prefs = new URLSearchParams({ lang: getLang(), notation: settings.notation });
  socket = new WebSocket(`ws://${location.host}/ws?${prefs}`);
  socket.onmessage = (e) => onMessage(JSON.parse(e.data));
  socket.onclose = () => {
    notice.textContent = t('Connection lost: reload the page');
    notice.className = 'error';
  };
  socket.onopen = () => {
    if (view === 'play') {
      const saved = JSON.parse(localStorage.getItem('chuhan.play') || 'null');
      if (saved && saved.url === location.search) {
        // The side to move's clock ran on while the page was away.
        const left: [number, number] | undefined = saved.left ? [saved.left[0], saved.left[1]] : undefined;
        if (left) left[saved.turn === 'red' ? 0 : 1] = Math.max(0, left[saved.turn === 'red' ? 0 : 1] - (Date.now() - saved.at));
        newGame(saved.color, saved.level, saved.fen, saved.moves, saved.clock, left);
      } else {
        const level = Number(params.get('level') ?? 10);
        newGame((params.get('color') as Side) || 'red', level, params.get('fen') || undefined, [], params.get('clock') || undefined);
      }
    } else if (view === 'analysis') {
      const saved = JSON.parse(localStorage.getItem('chuhan.analysis') || 'null');
      const fen = params.get('fen') || undefined;
      if (saved?.tree && (!fen || saved.fen === fen)) analyse(saved.fen, [], saved);
      else analyse(fen, [], null);
    }
  };
}

start();
