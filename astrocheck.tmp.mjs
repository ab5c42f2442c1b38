import { transform } from '@astrojs/compiler';
import { transform as es } from 'esbuild';
import fs from 'node:fs';
const src = fs.readFileSync(process.argv[2], 'utf8');
const out = await transform(src, { filename: process.argv[2], sourcemap: false });
try { await es(out.code, { loader: 'ts' }); console.log('ok'); } catch (e) { const m = e.errors[0]; console.log(m.text, m.location.line, m.location.lineText); }
