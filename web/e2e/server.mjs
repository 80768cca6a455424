// Starts `chuhan serve --port 0` and Chromium, for the end-to-end test and the benchmark.

import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

export const ROOT = new URL('../../', import.meta.url).pathname;

/** The server on a free port, with `args` (`--egtb DIR`): its base URL and its process. */
export async function startServer(args = []) {
  const child = spawn(ROOT + 'target/release/chuhan', ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[^ ]+\//);
      if (m) resolve(m[0]);
    });
    child.on('exit', (code) => reject(new Error(`chuhan serve exited with ${code}`)));
  });
  return { url, child };
}

export async function startBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The page's board: chessgroundx keys of its pieces, as `{key: 'white r-piece'}`. */
export async function piecesOnBoard(page) {
  return page.evaluate(() => {
    const board = document.querySelector('cg-board');
    const out = {};
    // chessgroundx keeps each piece's key on the element (`cgKey`).
    for (const p of board.querySelectorAll('piece')) {
      if (p.classList.contains('ghost') || p.classList.contains('fading')) continue;
      const role = [...p.classList].find((c) => c.endsWith('-piece'));
      const color = p.classList.contains('white') ? 'white' : 'black';
      out[p.cgKey] = `${color} ${role}`;
    }
    return out;
  });
}

/** The pieces a FEN's board part puts on each chessgroundx key. */
export function piecesOfFen(fen) {
  const out = {};
  fen
    .split(' ')[0]
    .split('/')
    .forEach((row, i) => {
      let file = 0;
      for (const c of row) {
        if (/\d/.test(c)) file += Number(c);
        else {
          const key = 'abcdefghi'[file] + String.fromCharCode(49 + 9 - i);
          out[key] = `${c === c.toUpperCase() ? 'white' : 'black'} ${c.toLowerCase()}-piece`;
          file += 1;
        }
      }
    });
  return out;
}

/** The page coordinates of point `sq` (ICCS) of the board, red at the bottom. */
export async function pointOf(page, sq, flipped = false) {
  const box = await page.locator('cg-board').boundingBox();
  let col = 'abcdefghi'.indexOf(sq[0]);
  let row = 9 - Number(sq[1]);
  if (flipped) [col, row] = [8 - col, 9 - row];
  return { x: box.x + ((col + 0.5) * box.width) / 9, y: box.y + ((row + 0.5) * box.height) / 10, unit: box.width / 9 };
}
