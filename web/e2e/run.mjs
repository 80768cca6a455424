// End to end in headless Chromium: the page as a person uses it, asserted by DOM facts and by
// pixels of screenshots (pieces where the FEN puts them). Leaves its screenshots web-*.png in
// target/e2e/, or in $SCREENSHOTS (`make e2e SCREENSHOTS=docs/images` refreshes the README's).
// Ends with the line `N passed, N failed` and a non-zero status on a failure.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pngjs from 'pngjs';
import { ROOT, piecesOfFen, piecesOnBoard, pointOf, startBrowser, startServer } from './server.mjs';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const MATE = '3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1';
/** Rook against bare king: a win for Red, lost by hanging the rook beside the king. */
const KRK = '3k5/R8/9/9/9/9/9/9/9/5K3 w - - 0 1';
const IMAGES = (process.env.SCREENSHOTS ? resolve(ROOT, process.env.SCREENSHOTS) : ROOT + 'target/e2e') + '/';
const PATIENCE = 120_000;

let passed = 0;
let failed = 0;

async function check(name, body) {
  // `ONLY=editor node e2e/run.mjs`: the checks whose names hold the word, while working on them.
  if (process.env.ONLY && !name.includes(process.env.ONLY)) return;
  try {
    await body();
    passed += 1;
    console.log(`ok   ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}

function assert(cond, what) {
  if (!cond) throw new Error(what);
}

function same(a, b, what) {
  const x = JSON.stringify(a, Object.keys(a).sort());
  const y = JSON.stringify(b, Object.keys(b).sort());
  if (x !== y) throw new Error(`${what}: ${x} != ${y}`);
}

/** Whether the screenshot shows a piece's face on point `sq`: sampled inside the disc's inner
 * ring, beside the glyph and off every grid line and corner mark, it is the disc's cream, not
 * the board's tan. On a small board (a phone's) a glyph's stroke may cover one place, so four
 * are sampled, one each side of the glyph: a face shows its cream at one at least, the board
 * never does. */
async function faceAt(page, png, sq, flipped = false) {
  const p = await pointOf(page, sq, flipped);
  const seen = [];
  for (const [dx, dy] of [[0.3, -0.12], [-0.3, 0.12], [0.12, 0.3], [-0.12, -0.3]]) {
    const at = (Math.round(p.y + dy * p.unit) * png.width + Math.round(p.x + dx * p.unit)) * 4;
    const [r, g, b] = png.data.slice(at, at + 3);
    if (b > 200 && r > 235) return true; // #fbf3dd
    seen.push([r, g, b]);
  }
  // The board's #ebcf98, or under the last move's highlight (blue at a quarter).
  const board = ([r, , b]) => (b < 185 && r > 200) || (Math.abs(r - 184) < 12 && Math.abs(b - 166) < 12);
  if (board(seen[0])) return false;
  throw new Error(`neither a piece nor the board at ${sq}: ${seen.map((c) => `rgb(${c})`).join(' ')}`);
}

/** Waits until chessgroundx, which draws on the next frame, shows the pieces `want` (by key),
 * then compares. */
async function piecesAre(page, want, what) {
  const shown = (want) => {
    const have = [...document.querySelectorAll('cg-board piece:not(.ghost):not(.fading)')].map((p) => {
      const role = [...p.classList].find((c) => c.endsWith('-piece'));
      return [p.cgKey, `${p.classList.contains('white') ? 'white' : 'black'} ${role}`];
    });
    return JSON.stringify(have.sort()) === JSON.stringify(Object.entries(want).sort());
  };
  await page.waitForFunction(shown, want, { timeout: 5000 }).catch(() => {});
  same(await piecesOnBoard(page), want, what);
}

async function piecesByPixels(page, fen, flipped = false) {
  await page.waitForFunction(() => !document.querySelector('cg-board piece.anim, cg-board piece.fading'));
  // One image pixel a CSS pixel, whatever the screen's density.
  const png = pngjs.PNG.sync.read(await page.screenshot({ scale: 'css' }));
  const want = piecesOfFen(fen);
  for (const file of 'abcdefghi') {
    for (let rank = 0; rank <= 9; rank++) {
      const key = file + String.fromCharCode(49 + rank);
      const sq = file + rank;
      assert((await faceAt(page, png, sq, flipped)) === key in want, `pixels at ${sq}`);
    }
  }
}

async function drag(page, from, to) {
  await dragBetween(page, await pointOf(page, from), await pointOf(page, to));
}

/** A drag with the mouse from page point `a` to `b`. */
async function dragBetween(page, a, b) {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** The page point at the centre of the element `selector`. */
async function centre(page, selector) {
  const box = await page.locator(selector).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function click(page, sq) {
  const p = await pointOf(page, sq);
  await page.mouse.click(p.x, p.y);
}

const waitMoves = (page, n) =>
  page.waitForFunction((n) => document.body.dataset.moves === String(n) && document.body.dataset.ready === 'ready', n, {
    timeout: PATIENCE,
  });

/** A Big5 game of the CCPD (`Dataset/對局/電腦對局/人機賽/00000001.pgn`, CC BY 4.0), as it comes. */
const CCPD_GAME = new URL('ccpd-big5.pgn', import.meta.url).pathname;

/** Waits until the analysis page shows the start position's book moves and Chuhan's lines:
 * the answers to the page's first messages (each a `state`, which clears the notice) are in. */
const analysing = (page) =>
  page.waitForFunction(
    () => document.querySelector('#explorer tr.book td')?.textContent === '炮二平五' && document.querySelector('#lines .line'),
    null,
    { timeout: PATIENCE },
  );

/** A book of one game, 1. b2e2, built as a user builds one; its path. */
function oneBook() {
  const dir = ROOT + 'target/e2e/';
  mkdirSync(dir, { recursive: true });
  writeFileSync(dir + 'one.pgn', '[Result "1-0"]\n1. b2e2 1-0\n');
  execFileSync(ROOT + 'target/release/chuhan', ['book', 'build', dir + 'one.pgn', '--out', dir + 'one.book', '--min-games', '1']);
  return dir + 'one.book';
}

/** A puzzle of `chuhan puzzles build` (mined from positions/mate.epd): Red mates in 2 only by
 * the cannon's sacrifice 炮三进九; its file, for `chuhan serve --puzzles`. */
const PUZZLE = {
  id: 'mates.pgn:29:0',
  fen: '2b1ka3/4a4/4b4/9/9/2R6/9/9/1r1p5/4K1C2 w - - 0 1',
  moves: ['g0g9', 'e7g9', 'c4c9'],
  rating: 1060,
  themes: ['mate', 'mateIn2'],
  goal: 'win',
  value: '+M2',
  second: '-1.80',
  depth: 10,
  source: 'mates.pgn:29',
  ply: 0,
  played: null,
};

function puzzleFile() {
  const dir = ROOT + 'target/e2e/';
  mkdirSync(dir, { recursive: true });
  writeFileSync(dir + 'puzzles.jsonl', JSON.stringify(PUZZLE) + '\n');
  return dir + 'puzzles.jsonl';
}

/** Drops the file at `path` onto `selector` as one is dropped from a file manager: the drag
 * enters the page and passes over it (then `whileOver` runs), and is let go there. */
async function dropFile(page, selector, path, whileOver = async () => {}) {
  const file = { bytes: [...readFileSync(path)], name: path.split('/').pop() };
  const data = await page.evaluateHandle(({ bytes, name }) => {
    const d = new DataTransfer();
    d.items.add(new File([new Uint8Array(bytes)], name));
    return d;
  }, file);
  await page.dispatchEvent(selector, 'dragenter', { dataTransfer: data });
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: data });
  await whileOver();
  await page.dispatchEvent(selector, 'drop', { dataTransfer: data });
}

/** How many pixels of the screenshot's column just left of `selector`'s box (where its
 * outline, 2 px off, 3 px wide, is drawn) are the drop zone's dark blue #17365d; `name` keeps
 * the screenshot. */
async function outlined(page, selector, name = null) {
  const png = pngjs.PNG.sync.read(await page.screenshot(name ? { path: IMAGES + name } : {}));
  const box = await page.locator(selector).boundingBox();
  const x = Math.round(box.x - 3.5);
  let n = 0;
  for (let y = Math.round(box.y); y < box.y + box.height; y++) {
    const [r, g, b] = png.data.slice((y * png.width + x) * 4, (y * png.width + x) * 4 + 3);
    if (Math.abs(r - 0x17) + Math.abs(g - 0x36) + Math.abs(b - 0x5d) < 30) n++;
  }
  return n;
}

const { url, child } = await startServer();
const browser = await startBrowser();
mkdirSync(IMAGES, { recursive: true });
try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 }, locale: 'en-US' });
  const page = await context.newPage();

  await check('play: the start position, a dragged move, Chuhan replies, take back', async () => {
    await page.goto(url + 'play?color=red&level=0&movetime=100');
    await waitMoves(page, 0);
    same(await piecesOnBoard(page), piecesOfFen(START), 'pieces in the DOM');
    await piecesByPixels(page, START);
    await drag(page, 'h2', 'e2');
    await waitMoves(page, 2);
    const after = await piecesOnBoard(page);
    assert(after.e3 === 'white c-piece' && !after.h3, 'the cannon moved to e2');
    const moves = await page.locator('#moves .move').allTextContents();
    assert(moves[0] === '炮二平五' && moves.length === 2, `move list ${moves}`);
    const pair = (await page.textContent('#moves .pair')).trim();
    assert(pair === `1. 炮二平五 ${moves[1]}`, `numbered in pairs: ${pair}`);
    const fen = await page.inputValue('#fen').catch(() => null);
    assert(fen === null, 'no FEN box in play');
    await page.click('#undo');
    await waitMoves(page, 0);
    same(await piecesOnBoard(page), piecesOfFen(START), 'taken back');
  });

  await check('play: a reload keeps the game', async () => {
    await drag(page, 'b2', 'e2');
    await waitMoves(page, 2);
    const before = await piecesOnBoard(page);
    await page.reload();
    await waitMoves(page, 2);
    // The state is in; chessgroundx draws its pieces on the next frame.
    await page.waitForFunction(() => document.querySelectorAll('cg-board piece').length > 0);
    same(await piecesOnBoard(page), before, 'after reload');
  });

  await check('play: mate from a FEN, clicked, and the result on screen', async () => {
    await page.goto(url + 'play?color=red&level=20&fen=' + encodeURIComponent(MATE));
    await waitMoves(page, 0);
    await piecesByPixels(page, MATE);
    await click(page, 'b0');
    await click(page, 'b9');
    await page.waitForSelector('#status.result', { timeout: PATIENCE });
    const text = await page.textContent('#status');
    assert(text.includes('1-0') && text.includes('checkmate'), text);
    const sound = await page.evaluate(() => document.body.dataset.sound);
    assert(sound === 'end', `the sound of a mate: ${sound}`);
  });

  await check('analysis: three lines, arrows and the bar', async () => {
    await page.goto(url + 'analysis');
    await page.waitForFunction(
      () => document.querySelectorAll('#lines .line').length === 3 && /Depth (\d+)/.exec(document.querySelector('#lines .depth')?.textContent || '')?.[1] >= 8,
      null,
      { timeout: PATIENCE },
    );
    const arrows = await page.locator('svg.cg-shapes line').count();
    assert(arrows === 3, `${arrows} arrows`);
    await page.screenshot({ path: IMAGES + 'web-analysis.png' });
    await page.fill('#fen', MATE);
    await page.click('#setfen');
    await page.waitForFunction(() => document.body.dataset.ready === 'ready' && document.querySelectorAll('cg-board piece').length === 4);
    same(await piecesOnBoard(page), piecesOfFen(MATE), 'the FEN box set the board');
  });

  await check('review: a Big5 game of the CCPD, the graph and the marks', async () => {
    await page.goto(url + 'review');
    await page.setInputFiles('#file', CCPD_GAME);
    await page.waitForSelector('#games option', { state: 'attached', timeout: PATIENCE });
    await page.selectOption('#movetime', '0.2');
    await page.click('#analyse');
    await page.waitForSelector('#graph polyline', { timeout: 600_000 });
    const marks = await page.locator('#moves .move.mark').count();
    const moves = await page.locator('#moves .move').count();
    assert(moves > 10, `${moves} moves`);
    assert(marks > 0, 'no marked move');
    const summary = await page.textContent('#summary');
    assert(summary.includes('moves reviewed'), summary);
    await page.screenshot({ path: IMAGES + 'web-review.png' });
    // A change of notation writes the reviewed moves anew, marks kept.
    const before = await page.locator('#moves .move').first().getAttribute('data-iccs');
    await page.selectOption('#notation', 'iccs');
    await page.waitForFunction((iccs) => document.querySelector('#moves .move')?.textContent?.startsWith(iccs), before);
    assert((await page.locator('#moves .move.mark').count()) === marks, 'the marks kept');
    await page.selectOption('#notation', 'chinese');
  });

  await check('review in Chinese: the summary in a xiangqi player\'s words, the numbers as the server counts them', async () => {
    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.setItem('chuhan.lang', 'zh'));
    await page.goto(url + 'review');
    // The server is sent the moves only, so the players go unnamed.
    const game = '[Red "张三"]\n[Black "李四"]\n[Result "*"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马2进3 *\n';
    await page.setInputFiles('#file', { name: 'zh.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(game) });
    await page.waitForSelector('#games option', { state: 'attached', timeout: PATIENCE });
    await page.selectOption('#movetime', '0.2');
    await page.click('#analyse');
    await page.waitForSelector('#graph polyline', { timeout: PATIENCE });
    const lines = (await page.textContent('#summary')).split('\n');
    await page.screenshot({ path: IMAGES + 'web-review-zh.png' });
    await page.evaluate(() => localStorage.setItem('chuhan.lang', 'en'));
    assert(lines[0] === '已复盘 6 步', `heading: ${lines[0]}`);
    const side = (who) => new RegExp(`^  ${who}：平均损失 \\d+\\.\\d%（\\d+ 分），共 3 步；疑问手 \\d+，劣着 \\d+，失误 \\d+$`);
    assert(side('红方').test(lines.at(-2)), `Red's line: ${lines.at(-2)}`);
    assert(side('黑方').test(lines.at(-1)), `Black's line: ${lines.at(-1)}`);
    // Each marked move: its number, the move in Chinese, its glyph, the value, Chuhan's choice.
    for (const line of lines.slice(1, -2)) {
      assert(/^  \d+\.(\.\.)? \S+ (\?\?|\?|\?!|!) ([+-]\d+\.\d\d|#-?\d+)\/\d+( 应走 \S+)?$/.test(line), `marked move: ${line}`);
    }
    assert(!/[A-Za-z]/.test(lines.join('')), `English left: ${lines.join(' / ')}`);
  });

  await check('play on the clock: it starts after the first moves, runs, survives a reload, and the PGN comes in the chosen notation', async () => {
    await page.goto(url + 'play?color=red&level=0&movetime=100&clock=180%2B2');
    await waitMoves(page, 0);
    await page.selectOption('#notation', 'wxf');
    await page.waitForSelector('#clocks:not([hidden])');
    // Each side's first move is untimed: Red's clock stands while Red looks at the board.
    await page.waitForTimeout(1500);
    const before = [await page.textContent('#clock-red'), await page.$('#clock-red.running')];
    assert(before[0] === '3:00' && before[1] === null, `Red's clock before the first move: ${before[0]}, running ${before[1] !== null}`);
    await drag(page, 'h2', 'e2');
    await waitMoves(page, 2);
    const pair = (await page.textContent('#moves .pair')).trim();
    assert(pair.startsWith('1. C2.5 '), `WXF in pairs: ${pair}`);
    // Both have moved: Red's time runs now, and Black's free reply earned no increment.
    await page.waitForFunction(() => document.querySelector('#clock-red.running'));
    const first = await page.textContent('#clock-red');
    await page.waitForFunction((t) => document.querySelector('#clock-red').textContent !== t, first, { timeout: PATIENCE });
    const free = await page.textContent('#clock-black');
    assert(free === '3:00', `Black after its first move: ${free}, Red ${await page.textContent('#clock-red')}`);
    await drag(page, 'h0', 'g2');
    await waitMoves(page, 4);
    await page.reload();
    await waitMoves(page, 4);
    await page.waitForFunction(() => document.querySelector('#clock-red.running'));
    const red = await page.textContent('#clock-red');
    // Black's increment, added after its second reply from the book, survived the reload.
    const black = await page.textContent('#clock-black');
    assert(black === '3:01', `Black's clock ${black}, Red's ${red}`);
    await page.screenshot({ path: IMAGES + 'web-play.png' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pgn')]);
    const pgn = readFileSync(await download.path(), 'utf8');
    assert(pgn.includes('[Format "WXF"]') && pgn.includes('[TimeControl "180+2"]') && /\n1\. C2\.5 /.test(pgn), pgn);
    await page.selectOption('#notation', 'chinese');
  });

  await check('analysis: a move off the line starts a variation; click, keys and a reload keep the tree', async () => {
    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.removeItem('chuhan.analysis'));
    await page.goto(url + 'analysis?multipv=1');
    await waitMoves(page, 0);
    await page.selectOption('#notation', 'chinese');
    await drag(page, 'h2', 'e2');
    await waitMoves(page, 1);
    await drag(page, 'h9', 'g7');
    await waitMoves(page, 2);
    await page.keyboard.press('ArrowLeft');
    await waitMoves(page, 1);
    await drag(page, 'b9', 'c7');
    await waitMoves(page, 2);
    const variation = await page.textContent('#moves .variation');
    assert(variation === '(1... 马2进3 )' || variation.replace(/\s+/g, ' ') === '(1... 马2进3 )', `variation ${variation}`);
    // Lines coming in never move the move list under a click: its place with the lines emptied
    // is its place once the next lines have come.
    const top = () => page.evaluate(() => document.querySelector('#moves').getBoundingClientRect().top);
    await page.evaluate(() => document.querySelector('#lines').replaceChildren());
    const empty = await top();
    await page.waitForSelector('#lines .line', { timeout: PATIENCE });
    const full = await top();
    assert(full === empty, `the move list moved from ${empty} to ${full} as the lines came in`);
    await page.click('#moves .move[data-node="2"]');
    await page.waitForFunction(() => document.querySelector('#moves .move.current')?.dataset.node === '2');
    same(await piecesOnBoard(page), piecesOfFen('rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR'), 'the main line');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('#moves .move.current')?.dataset.node === '3');
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#moves .move.current')?.dataset.node === '3', null, { timeout: PATIENCE });
    assert((await page.locator('#moves .variation').count()) === 1, 'the variation after a reload');
  });

  await check('editor: a set-up without a red king is refused with Chuhan\'s reason; a legal one opens', async () => {
    await page.goto(url + 'editor');
    await page.waitForSelector('#palette');
    await page.click('#palette button[data-piece="x"]');
    await click(page, 'e0');
    await page.waitForFunction(() => document.querySelector('#fen').value.endsWith('/RNBA1ABNR w - - 0 1'));
    await page.click('#toanalysis');
    await page.waitForSelector('#notice.error');
    const why = await page.textContent('#notice');
    assert(why === 'invalid FEN: red has 0 kings instead of one', why);
    await page.click('#palette button[data-piece="K"]');
    await click(page, 'e0');
    await page.click('#palette button[data-piece="x"]');
    await click(page, 'h0');
    await page.click('#toanalysis');
    await page.waitForURL(/\/analysis\?fen=/);
    await page.waitForFunction(() => document.body.dataset.ready === 'ready' && document.querySelectorAll('cg-board piece').length === 31);
    same(await piecesOnBoard(page), piecesOfFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R'), 'the edited position');
  });

  await check('editor: a piece dragged off the board, one dragged in from the spare row and one across it; Chuhan judges the set-up, in Chinese too', async () => {
    await page.goto(url + 'editor');
    await page.waitForSelector('#palette');
    const fenIs = (fen) => page.waitForFunction((fen) => document.querySelector('#fen').value === fen, fen);
    // The red king off the board, over the header.
    const king = await pointOf(page, 'e0');
    await dragBetween(page, king, { x: king.x, y: 10 });
    await fenIs('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1');
    await piecesByPixels(page, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR');
    // A red king from the spare row onto e1, then a drag on the board to e2.
    await dragBetween(page, await centre(page, '#palette button[data-piece="K"]'), await pointOf(page, 'e1'));
    await fenIs('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1');
    await dragBetween(page, await pointOf(page, 'e1'), await pointOf(page, 'e2'));
    const edited = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2K2C1/9/RNBA1ABNR';
    await fenIs(edited + ' w - - 0 1');
    await piecesByPixels(page, edited);
    same(await piecesOnBoard(page), piecesOfFen(edited), 'pieces in the DOM');
    // A third black cannon, dragged in on the Chinese page: Chuhan refuses it, saying why.
    await page.evaluate(() => localStorage.setItem('chuhan.lang', 'zh'));
    await page.goto(url + 'editor?fen=' + encodeURIComponent(edited + ' w - - 0 1'));
    await page.waitForSelector('#palette');
    await dragBetween(page, await centre(page, '#palette button[data-piece="c"]'), await pointOf(page, 'e5'));
    await fenIs('rnbakabnr/9/1c5c1/p1p1p1p1p/4c4/9/P1P1P1P1P/1C2K2C1/9/RNBA1ABNR w - - 0 1');
    await page.click('#toanalysis');
    await page.waitForSelector('#notice.error');
    const why = await page.textContent('#notice');
    await page.screenshot({ path: IMAGES + 'web-editor.png' });
    await page.evaluate(() => localStorage.setItem('chuhan.lang', 'en'));
    assert(why === 'FEN 不合法：黑方有 3 个炮，最多 2 个', why);
  });

  await check('editor: a spare piece dropped on a piece replaces it, and Chuhan still judges the set-up', async () => {
    await page.goto(url + 'editor');
    await page.waitForSelector('#palette');
    const fenIs = (fen) => page.waitForFunction((fen) => document.querySelector('#fen').value === fen, fen);
    // A third red rook onto Black's cannon on h7: the cannon goes, the rook stands there.
    await dragBetween(page, await centre(page, '#palette button[data-piece="R"]'), await pointOf(page, 'h7'));
    const three = 'rnbakabnr/9/1c5R1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR';
    await fenIs(three + ' w - - 0 1');
    same(await piecesOnBoard(page), piecesOfFen(three), 'pieces in the DOM');
    await piecesByPixels(page, three);
    await page.click('#toanalysis');
    await page.waitForSelector('#notice.error');
    const why = await page.textContent('#notice');
    assert(why === 'invalid FEN: red has 3 rooks, at most 2 allowed', why);
    // Without the rook of a0 the set-up is legal and opens.
    const rook = await pointOf(page, 'a0');
    await dragBetween(page, rook, { x: rook.x, y: 10 });
    const two = 'rnbakabnr/9/1c5R1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR';
    await fenIs(two + ' w - - 0 1');
    await page.click('#toanalysis');
    await page.waitForURL(/\/analysis\?fen=/);
    await page.waitForFunction(() => document.body.dataset.ready === 'ready' && document.querySelectorAll('cg-board piece').length === 31);
    same(await piecesOnBoard(page), piecesOfFen(two), 'the position opened');
  });

  await check('analysis: the explorer shows a book the tab sent, refuses a file that is none, and goes back to the default', async () => {
    const book = oneBook();
    // The start position, not the tree an earlier check left.
    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.removeItem('chuhan.analysis'));
    await page.goto(url + 'analysis?multipv=1');
    await analysing(page);
    await page.setInputFiles('#bookfile', CCPD_GAME);
    await page.waitForSelector('#notice.error');
    const why = await page.textContent('#notice');
    assert(why === 'not a Chuhan book (bad magic)', why);
    await page.setInputFiles('#bookfile', book);
    await page.waitForFunction(() => document.querySelectorAll('#explorer tr.book').length === 1 && document.querySelector('#explorer tr.book td').textContent === '炮八平五');
    const row = await page.locator('#explorer tr.book td').allTextContents();
    assert(row[1] === '1' && row[2] === '100%', `the book's row ${row}`);
    await page.click('#defaultbook');
    await page.waitForFunction(() => document.querySelectorAll('#explorer tr.book').length > 1 && document.querySelector('#explorer tr.book td').textContent === '炮二平五');
  });

  await check('drop: a book dropped on the analysis page lights its drop zone and reaches the explorer; a file that is none gets the chooser\'s refusal, in Chinese too, the chooser worded in the page\'s language', async () => {
    const book = oneBook();
    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.removeItem('chuhan.analysis'));
    for (const [lang, refusal] of [
      ['en', 'not a Chuhan book (bad magic)'],
      ['zh', '这不是楚汉的开局库（文件标识不符）'],
    ]) {
      await page.evaluate((lang) => localStorage.setItem('chuhan.lang', lang), lang);
      await page.goto(url + 'analysis?multipv=1');
      await analysing(page);
      // The chooser's button is the page's, in the page's language, and opens the file dialog.
      const label = await page.textContent('#bookfile-choose');
      assert(label === (lang === 'zh' ? '选择文件' : 'Choose file'), `${lang}: the chooser reads ${label}`);
      const [dialog] = await Promise.all([page.waitForEvent('filechooser'), page.click('#bookfile-choose')]);
      await dialog.setFiles(CCPD_GAME);
      await page.waitForSelector('#notice.error');
      const chosen = await page.textContent('#notice');
      await page.evaluate(() => (document.querySelector('#notice').textContent = ''));
      assert((await outlined(page, '#bookrow')) === 0, 'an outline before any drag');
      await dropFile(page, '#board', CCPD_GAME, async () => {
        // While a file is over the page, the book's row is outlined (dashed) in dark blue.
        const n = await outlined(page, '#bookrow', lang === 'zh' ? 'web-drop.png' : null);
        assert(n > 8, `${lang}: ${n} points of the drop zone's outline`);
      });
      await page.waitForFunction(() => document.querySelector('#notice.error')?.textContent);
      const dropped = await page.textContent('#notice');
      assert(chosen === refusal && dropped === refusal, `${lang}: chosen ${chosen}, dropped ${dropped}`);
      assert(!(await page.$('body.dropping')), 'the highlight stays after the drop');
    }
    await page.evaluate(() => localStorage.setItem('chuhan.lang', 'en'));
    await dropFile(page, '#explorer', book);
    await page.waitForFunction(() => document.querySelectorAll('#explorer tr.book').length === 1 && document.querySelector('#explorer tr.book td').textContent === '炮八平五');
    const row = await page.locator('#explorer tr.book td').allTextContents();
    assert(row[1] === '1' && row[2] === '100%', `the book's row ${row}`);
  });

  await check('drop: a game file dropped on the review page lists its games, a book dropped there gets the chooser\'s refusal', async () => {
    const book = oneBook();
    await page.goto(url + 'review');
    await page.setInputFiles('#file', book);
    await page.waitForSelector('#notice.error');
    const chosen = await page.textContent('#notice');
    await page.goto(url + 'review');
    await dropFile(page, '#board', book);
    await page.waitForSelector('#notice.error');
    const dropped = await page.textContent('#notice');
    assert(chosen === 'this is not a game file (binary data)' && dropped === chosen, `chosen ${chosen}, dropped ${dropped}`);
    await dropFile(page, '#drop', CCPD_GAME);
    await page.waitForSelector('#games option', { state: 'attached', timeout: PATIENCE });
    const games = await page.locator('#games option').allTextContents();
    assert(games.length === 1 && (await page.textContent('#notice')) === '', `games ${games}`);
  });

  await check('tables: the analysis board shows the endgame tables\' verdict and each move\'s value; a click plays the move', async () => {
    // Rook against bare king, built for this check by the binary itself.
    const dir = ROOT + 'target/e2e/egtb';
    execFileSync(ROOT + 'target/release/chuhan', ['egtb', 'build', 'krk', '--dir', dir]);
    const served = await startServer(['--egtb', dir]);
    try {
      await page.goto(served.url + 'analysis?fen=' + encodeURIComponent(KRK));
      await page.waitForSelector('#tables .verdict', { timeout: PATIENCE });
      const verdict = await page.textContent('#tables .verdict');
      assert(/^Endgame tables: Red wins: mate in \d+ \(\d+ pl(y|ies)\)$/.test(verdict), verdict);
      assert((await page.getAttribute('#tables .verdict', 'class')).includes('win'), 'a win for the side to move');
      const rows = await page.locator('#tables tr').evaluateAll((trs) => trs.map((tr) => ({ kind: tr.className, cells: [...tr.cells].map((c) => c.textContent) })));
      assert(rows.length > 10 && rows[0].kind === 'tbmove win click', JSON.stringify(rows[0]));
      // Red to move and winning: a mate from Red's side, `#N`.
      assert(/^#\d+$/.test(rows[0].cells[2]) && rows[0].cells[1] === `mate in ${rows[0].cells[2].slice(1)}`, JSON.stringify(rows[0]));
      // The rook hung beside the king (車九平六) is the one draw, listed after every win, in grey.
      const hang = rows.findIndex((r) => r.cells[0] === '车九平六' || r.cells[0] === '俥九平六');
      assert(hang > 0 && rows[hang].kind === 'tbmove draw click' && rows[hang].cells[1] === 'draw', JSON.stringify(rows));
      assert(rows.slice(0, hang).every((r) => r.kind === 'tbmove win click'), 'wins first');
      const grey = await page.locator('#tables tr.draw').first().evaluate((tr) => getComputedStyle(tr).color);
      assert(grey === 'rgb(107, 107, 107)', `draw colour ${grey}`);
      await page.screenshot({ path: IMAGES + 'web-tables.png' });
      await page.click('#tables tr >> nth=0');
      await waitMoves(page, 1);
      await page.waitForFunction(() => /^Endgame tables: Black (loses|has lost)/.test(document.querySelector('#tables .verdict')?.textContent || ''));
    } finally {
      served.child.kill();
    }
  });

  await check('puzzles: a wrong move refuted by the engine, then the puzzle solved by clicks, the board playing the reply; the rating kept', async () => {
    const file = puzzleFile();
    const served = await startServer(['--puzzles', file]);
    try {
      await page.goto(served.url + 'puzzles?id=' + encodeURIComponent(PUZZLE.id));
      await page.evaluate(() => localStorage.removeItem('chuhan.puzzles'));
      await page.goto(served.url + 'puzzles?id=' + encodeURIComponent(PUZZLE.id));
      await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Find the best move for Red' && document.body.dataset.ready === 'ready');
      // The board is drawn once the layout has its size: wait for it, as after a reload.
      await piecesAre(page, piecesOfFen(PUZZLE.fen), 'the puzzle on the board');
      // 俥七进一 misses the mate: Black's soldier answers, and the arrow shows it.
      await click(page, 'c4');
      await click(page, 'c5');
      await page.waitForSelector('#status.bad', { timeout: PATIENCE });
      const why = await page.textContent('#status');
      assert(/^Not the move: \S+ is answered by \S+ \([+-]/.test(why), why);
      assert((await page.evaluate(() => document.body.dataset.refutation)) === 'd1e1', 'the refutation');
      assert((await page.locator('svg.cg-shapes line').count()) === 1, 'the refutation\'s arrow');
      const after = JSON.parse(await page.evaluate(() => localStorage.getItem('chuhan.puzzles')));
      assert(after.results[PUZZLE.id] === 'failed' && after.rating < 1500, JSON.stringify(after));
      await page.click('#retry');
      await page.waitForFunction(() => !document.querySelector('#status.bad') && document.body.dataset.ready === 'ready');
      same(await piecesOnBoard(page), piecesOfFen(PUZZLE.fen), 'the puzzle again');
      // The cannon's sacrifice: the board plays the elephant's capture, then the rook mates.
      await click(page, 'g0');
      await click(page, 'g9');
      await page.waitForFunction(() => document.querySelector('#status.good') && document.body.dataset.ready === 'ready');
      same(await piecesOnBoard(page), piecesOfFen('2b1kab2/4a4/9/9/9/2R6/9/9/1r1p5/4K4'), 'the reply played');
      await click(page, 'c4');
      await click(page, 'c9');
      await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Solved!');
      assert((await page.textContent('#themes')).includes('mate in 2'), await page.textContent('#themes'));
      // The first try counts: still failed, the rating as it was after the wrong move.
      const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('chuhan.puzzles')));
      same(kept, after, 'the progress kept');
    } finally {
      served.child.kill();
    }
  });

  await check('puzzles: a reviewed game\'s blunder becomes one of your puzzles', async () => {
    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.removeItem('chuhan.mistakes'));
    const game = `[FEN "${PUZZLE.fen}"]\n[Result "*"]\n1. c4c5 *\n`;
    await page.setInputFiles('#file', { name: 'mistake.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(game) });
    await page.waitForSelector('#games option', { state: 'attached', timeout: PATIENCE });
    await page.selectOption('#movetime', '0.5');
    await page.click('#analyse');
    await page.waitForFunction(() => document.body.dataset.mistakes === '1', null, { timeout: PATIENCE });
    await page.goto(url + 'puzzles?set=mistakes');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Find the best move for Red' && document.body.dataset.ready === 'ready');
    assert((await page.inputValue('#puzzle-set')) === 'mistakes', 'the set of your mistakes');
    assert((await page.textContent('#puzzle-info')).includes('c4c5??') || /\?\?/.test(await page.textContent('#puzzle-info')), await page.textContent('#puzzle-info'));
    await click(page, 'g0');
    await click(page, 'g9');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Solved!');
  });

  await check('puzzles at three sizes: the board fits a phone without sideways scrolling, a tap moves; screenshots', async () => {
    for (const [name, viewport, touch] of [
      ['web-puzzles-phone.png', { width: 390, height: 844 }, true],
      ['web-puzzles-tablet.png', { width: 768, height: 1024 }, false],
      ['web-puzzles-desktop.png', { width: 1920, height: 1080 }, false],
    ]) {
      const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch, locale: 'en-US' });
      const p = await ctx.newPage();
      try {
        await p.goto(url + 'puzzles');
        await p.waitForFunction(() => /^Find the/.test(document.querySelector('#status')?.textContent || '') && document.body.dataset.ready === 'ready');
        const wide = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(wide <= 0, `${viewport.width}x${viewport.height}: ${wide} px of sideways scrolling`);
        const board = await p.locator('cg-board').boundingBox();
        assert(board.x >= 0 && board.x + board.width <= viewport.width, `the board at ${JSON.stringify(board)}`);
        if (touch) {
          // A tap on one of the solver's pieces selects it: its moves are shown.
          const fen = await p.evaluate(() => document.body.dataset.puzzle);
          const dest = await p.evaluate(async () => {
            const id = document.body.dataset.puzzle;
            const set = await fetch('/api/puzzles').then((r) => r.json());
            return set.puzzles.find((x) => x.id === id).moves[0];
          });
          const flipped = (await p.evaluate(() => document.querySelector('.cg-wrap')?.classList.contains('orientation-black'))) === true;
          const from = await pointOf(p, dest.slice(0, 2), flipped);
          await p.touchscreen.tap(from.x, from.y);
          await p.waitForSelector('cg-board square.move-dest', { state: 'attached' });
          const to = await pointOf(p, dest.slice(2, 4), flipped);
          await p.touchscreen.tap(to.x, to.y);
          await p.waitForSelector('#status.good', { timeout: PATIENCE });
          assert(fen, 'a puzzle shown');
        }
        await p.waitForFunction(() => document.body.dataset.ready === 'ready');
        await p.screenshot({ path: IMAGES + name });
      } finally {
        await ctx.close();
      }
    }
  });

  await check('scores: from Red\'s side by default, the side to move\'s as a setting, remembered, with the win/draw/loss', async () => {
    // Black to move, Red a horse up.
    const fen = 'r1bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1';
    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.removeItem('chuhan.analysis'));
    await page.goto(url + 'analysis?multipv=1&fen=' + encodeURIComponent(fen));
    const best = () =>
      page.waitForFunction(() => {
        const line = document.querySelector('#lines .line.best');
        return line && /Depth ([6-9]|\d\d)/.test(document.querySelector('#lines .depth').textContent) && [line.querySelector('b').textContent, line.querySelector('.wdl').textContent];
      }, null, { timeout: PATIENCE }).then((h) => h.jsonValue());
    const [red, redWdl] = await best();
    const [w, , l] = redWdl.split('/').map(Number);
    assert(/^\+\d\.\d\d$/.test(red) && w > l, `from Red's side: ${red} ${redWdl}`);
    const bar = await page.evaluate(() => parseFloat(document.querySelector('#evalfill').style.height));
    assert(bar > 50, `the bar ${bar}% red`);
    await page.selectOption('#scores', 'mover');
    const [mover, moverWdl] = await best();
    assert(/^-\d\.\d\d$/.test(mover) && moverWdl.split('/').map(Number)[0] < moverWdl.split('/').map(Number)[2], `from Black's side: ${mover} ${moverWdl}`);
    await page.reload();
    assert((await page.inputValue('#scores')) === 'mover', 'the setting is remembered');
    await page.selectOption('#scores', 'red');
  });

  await check('keys: arrows, Home and End through a game; f flips; space plays the engine\'s move; x stops and starts the engine; ? lists every key, in Chinese too', async () => {
    // The saved game forgotten on another page (leaving a play page saves its game).
    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.removeItem('chuhan.play'));
    await page.goto(url + 'play?color=red&level=0&movetime=100');
    await waitMoves(page, 0);
    await drag(page, 'h2', 'e2');
    await waitMoves(page, 2);
    const now = await piecesOnBoard(page);
    const one = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR';
    await page.keyboard.press('ArrowLeft');
    await piecesAre(page, piecesOfFen(one), 'one move back');
    // Flipped, the cannon on e2 is seen where Black's e7 is.
    await page.keyboard.press('f');
    await page.waitForSelector('.cg-wrap.orientation-black');
    await piecesByPixels(page, one, true);
    await page.keyboard.press('f');
    await page.waitForSelector('.cg-wrap.orientation-white');
    await page.keyboard.press('Home');
    await piecesAre(page, piecesOfFen(START), 'the start');
    await page.keyboard.press('End');
    await piecesAre(page, now, 'the game again');

    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.removeItem('chuhan.analysis'));
    await page.goto(url + 'analysis?multipv=1');
    await page.waitForFunction(() => /Depth (\d+)/.exec(document.querySelector('#lines .depth')?.textContent || '')?.[1] >= 8, null, { timeout: PATIENCE });
    const first = await page.evaluate(() => document.querySelector('#lines .line.best').lastChild.textContent.trim().split(' ')[0]);
    await page.keyboard.press(' ');
    await waitMoves(page, 1);
    const played = await page.textContent('#moves .move');
    assert(played === first, `space played ${played}, the line began ${first}`);
    await page.keyboard.press('x');
    await page.waitForFunction(() => document.querySelector('#lines .depth')?.textContent === 'Engine off');
    await page.keyboard.press('ArrowLeft');
    await waitMoves(page, 0);
    // Off, the engine sends nothing more: after a second, still no line.
    await page.waitForTimeout(1000);
    assert((await page.locator('#lines .line').count()) === 0, 'a line while the engine is off');
    await page.keyboard.press('x');
    await page.waitForSelector('#lines .line', { timeout: PATIENCE });

    for (const [lang, flip] of [['en', 'Flip the board'], ['zh', '翻转棋盘']]) {
      await page.evaluate((l) => localStorage.setItem('chuhan.lang', l), lang);
      await page.reload();
      await waitMoves(page, 0);
      assert(await page.locator('#keys').isHidden(), 'the overlay before ?');
      await page.keyboard.press('?');
      await page.waitForSelector('#keys', { state: 'visible' });
      const rows = await page.locator('#keys tr').allTextContents();
      assert(rows.length === 8 && rows.some((r) => r === `f${flip}`), `${lang}: ${rows}`);
      if (lang === 'zh') await page.screenshot({ path: IMAGES + 'web-keys.png' });
      await page.keyboard.press('Escape');
      await page.waitForSelector('#keys', { state: 'hidden' });
    }
    await page.evaluate(() => localStorage.setItem('chuhan.lang', 'en'));
  });

  await check('sounds: a move sounds while the switch is on, nothing once it is off, and the switch is remembered', async () => {
    // The saved game forgotten on another page (leaving a play page saves its game).
    await page.goto(url + 'review');
    await page.evaluate(() => localStorage.removeItem('chuhan.play'));
    await page.goto(url + 'play?color=red&level=0&movetime=100');
    await waitMoves(page, 0);
    assert((await page.inputValue('#sound')) === 'on', 'on by default');
    await drag(page, 'h2', 'e2');
    await waitMoves(page, 2);
    const on = await page.evaluate(() => [document.body.dataset.sound, Number(document.body.dataset.sounds)]);
    assert(on[0] === 'move' && on[1] >= 1, `sounds while on: ${on}`);
    await page.selectOption('#sound', 'off');
    await page.evaluate(() => delete document.body.dataset.sounds);
    await drag(page, 'b2', 'c2');
    await waitMoves(page, 4);
    const off = await page.evaluate(() => document.body.dataset.sounds);
    assert(off === undefined, `sounds while off: ${off}`);
    await page.reload();
    await waitMoves(page, 4);
    assert((await page.inputValue('#sound')) === 'off', 'the switch remembered');
    await page.selectOption('#sound', 'on');
  });

  // Every view at each size: a phone (touch, Chinese), a tablet, a wide monitor, and the monitor
  // at 200% zoom (half the CSS pixels). The puzzles page joins by an entry in VIEWS.
  const SIZES = [
    { name: 'phone', shot: true, context: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'zh-CN' } },
    { name: 'tablet', shot: true, context: { viewport: { width: 768, height: 1024 }, hasTouch: true } },
    { name: 'desktop', shot: true, context: { viewport: { width: 1920, height: 1080 } } },
    { name: 'zoom200', shot: false, context: { viewport: { width: 960, height: 540 }, deviceScaleFactor: 2 } },
  ];
  const REVIEWED = '[Result "*"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马2进3 *\n';
  const VIEWS = [
    {
      name: 'play',
      url: 'play?color=red&level=0&movetime=100',
      ready: async (p) => {
        await waitMoves(p, 0);
        await piecesByPixels(p, START);
      },
    },
    {
      name: 'analysis',
      url: 'analysis?multipv=3',
      ready: (p) => p.waitForFunction(() => document.querySelectorAll('#lines .line').length === 3, null, { timeout: PATIENCE }),
    },
    {
      name: 'review',
      url: 'review',
      ready: async (p) => {
        await p.setInputFiles('#file', { name: 'game.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(REVIEWED) });
        await p.waitForSelector('#games option', { state: 'attached', timeout: PATIENCE });
        await p.selectOption('#movetime', '0.2');
        await p.click('#analyse');
        await p.waitForSelector('#graph polyline', { timeout: PATIENCE });
      },
    },
  ];
  for (const size of SIZES) {
    await check(`layout at ${size.name} size: play, analysis and review fit the window, the board as large as it can be, nothing scrolls sideways`, async () => {
      const ctx = await browser.newContext({ ...size.context, locale: size.context.locale || 'en-US' });
      try {
        const p = await ctx.newPage();
        for (const v of VIEWS) {
          await p.goto(url + v.url);
          await v.ready(p);
          const m = await p.evaluate(() => {
            const box = (s) => document.querySelector(s).getBoundingClientRect();
            const [board, panel] = [box('#board'), box('.panel')];
            return {
              width: innerWidth,
              height: innerHeight,
              scroll: document.documentElement.scrollWidth,
              board: { left: board.left, right: board.right, top: board.top, bottom: board.bottom, width: board.width },
              panel: { left: panel.left, top: panel.top, right: panel.right },
            };
          });
          const what = `${size.name} ${v.name}: ${JSON.stringify(m)}`;
          assert(m.scroll <= m.width, `scrolls sideways: ${what}`);
          assert(m.board.left >= 0 && m.board.right <= m.width && m.panel.right <= m.width, `wider than the window: ${what}`);
          if (m.width < m.height) {
            // Narrow: the board across the window, the controls below it.
            assert(m.board.width >= m.width - 48, `a small board: ${what}`);
            assert(m.panel.top >= m.board.bottom, `the controls beside the board: ${what}`);
          } else {
            // Wide: the board as tall as the window leaves it, the controls beside it.
            assert(m.board.bottom <= m.height && m.board.bottom - m.board.top >= m.height - 130, `a small board: ${what}`);
            assert(m.panel.left >= m.board.right, `the controls below the board: ${what}`);
          }
          if (size.shot) {
            // The page from its top, the pointer off the board (a click below it scrolls there).
            await p.evaluate(() => scrollTo(0, 0));
            await p.mouse.move(0, 0);
            await p.screenshot({ path: `${IMAGES}web-${v.name}-${size.name}.png` });
          }
        }
        if (size.context.hasTouch) {
          // A tap on a piece, a tap on its point: the move is made.
          await p.goto(url + 'review');
          await p.evaluate(() => localStorage.removeItem('chuhan.play'));
          await p.goto(url + 'play?color=red&level=0&movetime=100');
          await waitMoves(p, 0);
          for (const sq of ['h2', 'e2']) {
            const at = await pointOf(p, sq);
            await p.touchscreen.tap(at.x, at.y);
          }
          await waitMoves(p, 2);
          const moved = await piecesOnBoard(p);
          assert(moved.e3 === 'white c-piece' && !moved.h3, 'the tapped move');
        }
      } finally {
        await ctx.close();
      }
    });
  }

  await check('another origin is refused (HTTP and WebSocket)', async () => {
    const other = url.replace('127.0.0.1', 'localhost');
    await page.goto(other + 'play');
    const answer = await page.evaluate(async (target) => {
      const status = await fetch(target + 'api/games', { method: 'POST', body: '1. h2e2 *' }).then(
        (r) => r.status,
        () => 'blocked',
      );
      const ws = await new Promise((done) => {
        const s = new WebSocket(target.replace('http', 'ws') + 'ws');
        s.onopen = () => done('open');
        s.onerror = () => done('refused');
      });
      return { status, ws };
    }, url);
    assert(answer.ws === 'refused', `WebSocket ${answer.ws}`);
    assert(answer.status === 'blocked' || answer.status === 403, `upload ${answer.status}`);
  });
} finally {
  await browser.close();
  child.kill();
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
