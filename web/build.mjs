// Builds the page's bundle into ../src/web/dist/, where the binary embeds it (`make web`).
// esbuild's output depends only on its inputs, so CI can rebuild and compare.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';

const out = new URL('../src/web/dist/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const common = { bundle: true, minify: true, legalComments: 'eof', logLevel: 'warning', charset: 'utf8' };
await build({ ...common, entryPoints: ['src/main.ts'], outfile: out + 'app.js', format: 'iife', target: 'es2020' });
await build({ ...common, entryPoints: ['src/style.css'], outfile: out + 'app.css' });
copyFileSync('index.html', out + 'index.html');
