// The web board's figures (not a test; the numbers depend on the machine and its load):
//   node e2e/bench.mjs        (from web/, after `make build web`)
// the page's load to a usable board, the bundle's size gzipped, a move's round trip above the
// engine's thinking time (median of 20), the server's memory with four tabs analysing, and its
// CPU use with eight tabs open.

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ROOT, pointOf, startBrowser, startServer } from './server.mjs';

const THINK_MS = 100;
/** A middle game without rooks, out of the book, so that every reply is a search of THINK_MS at
 * full strength (level 20), never a book move. */
const OUT_OF_BOOK = '2bakab2/9/2n1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/2N1C1N2/9/2BAKAB2 w - - 0 1';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}

/** The process's user and system time, in clock ticks (100 a second on Linux). */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const { url, child } = await startServer();
const browser = await startBrowser();
try {
  const dist = ROOT + 'src/web/dist/';
  const sizes = ['app.js', 'app.css', 'index.html'].map((f) => gzipSync(readFileSync(dist + f), { level: 9 }).length);
  console.log(`bundle: ${(sizes.reduce((a, b) => a + b) / 1024).toFixed(1)} KB gzipped (app.js ${(sizes[0] / 1024).toFixed(1)} KB)`);

  const context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
  const page = await context.newPage();
  const loads = [];
  for (let i = 0; i < 10; i++) {
    const t0 = Date.now();
    await page.goto(url + `play?color=red&level=0&movetime=${THINK_MS}&n=${i}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'ready' && document.querySelectorAll('cg-board piece').length === 32);
    loads.push(Date.now() - t0);
  }
  console.log(`load to a usable board: median ${median(loads)} ms of ${loads.length} (${loads.join(' ')})`);

  await page.goto(url + `play?color=red&level=20&movetime=${THINK_MS}&fen=${encodeURIComponent(OUT_OF_BOOK)}`);
  await page.waitForFunction(() => document.body.dataset.ready === 'ready' && document.body.dataset.moves === '0');
  const trips = [];
  for (let i = 0; i < 20; i++) {
    const a = await pointOf(page, 'e3');
    const b = await pointOf(page, 'e4');
    await page.mouse.click(a.x, a.y);
    const t0 = Date.now();
    await page.mouse.click(b.x, b.y);
    await page.waitForFunction(() => document.body.dataset.moves === '2' && document.body.dataset.ready === 'ready');
    trips.push(Date.now() - t0 - THINK_MS);
    await page.click('#undo');
    await page.waitForFunction(() => document.body.dataset.moves === '0');
  }
  const book = await page.textContent('#status');
  console.log(`move round trip above ${THINK_MS} ms of thinking (a search, level 20, out of book; status "${book}"): median ${median(trips)} ms of 20 (${trips.join(' ')})`);
  await context.close();

  const idle = rssKb(child.pid);
  const analysing = [];
  for (let i = 0; i < 4; i++) {
    const p = await browser.newPage();
    await p.goto(url + 'analysis');
    analysing.push(p);
  }
  await sleep(10_000);
  console.log(`memory: ${(idle / 1024).toFixed(1)} MB idle, ${(rssKb(child.pid) / 1024).toFixed(1)} MB with four tabs analysing`);
  for (const p of analysing) await p.close();
  await sleep(2000);

  const open = [];
  for (let i = 0; i < 8; i++) {
    const p = await browser.newPage();
    await p.goto(url + 'play?color=red&level=10');
    await p.waitForFunction(() => document.body.dataset.ready === 'ready');
    open.push(p);
  }
  const t0 = cpuTicks(child.pid);
  await sleep(10_000);
  const used = (cpuTicks(child.pid) - t0) / 100;
  console.log(`CPU with eight tabs open (the player to move): ${((100 * used) / 10).toFixed(2)}% of one core over 10 s`);
} finally {
  await browser.close();
  child.kill();
}
