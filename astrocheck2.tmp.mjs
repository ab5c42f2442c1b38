import { transform } from '@astrojs/compiler';
import fs from 'node:fs';
const src = fs.readFileSync(process.argv[2], 'utf8');
const out = await transform(src, { filename: process.argv[2] });
console.log(out.code.split('\n').slice(80, 96).join('\n'));
