// Part of `npm run build`: leaves gzip and brotli copies of the built client files beside dist/client, so that
// the server reads them at start instead of compressing them again each time it starts.
import path from 'node:path';
import { precompressStaticFiles, PRECOMPRESSED_DIR } from '../src/server/static-files';

const dist = process.env.BUILD_DIR || 'dist';
const count = precompressStaticFiles(path.join(dist, 'client'), path.join(dist, PRECOMPRESSED_DIR));
console.log(`Compressed ${count} client files into ${path.join(dist, PRECOMPRESSED_DIR)}`);
