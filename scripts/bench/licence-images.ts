// `npx tsx scripts/bench/licence-images.ts [--images 3] [--megapixels 50]`: the built server's peak memory
// (RSS, read from /proc) while it accepts one trade licence application whose documents are large
// progressive JPEG pictures, as a stranger may send them. Prints the peak and the time the answer took.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startServer } from '../../tests/support/server';
import { financialYearsOpen } from '../../src/features/trade-licence/applications.server';

const { values } = parseArgs({ options: { images: { type: 'string' }, megapixels: { type: 'string' } } });
const images = Number(values.images ?? 3);
const megapixels = Number(values.megapixels ?? 50);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** A picture of the given size whose pixels vary (noise), saved as a progressive JPEG: the costliest to decode. */
async function picture(seed: number): Promise<Buffer> {
  const width = Math.floor(Math.sqrt(megapixels * 1_000_000 * (4 / 3)));
  const height = Math.floor((megapixels * 1_000_000) / width);
  return sharp({ create: { width, height, channels: 3, background: { r: 90 + seed * 40, g: 120, b: 150 }, noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
    .jpeg({ quality: 35, progressive: true })
    .toBuffer();
}

async function main() {
  const files = await Promise.all(Array.from({ length: images }, (_, i) => picture(i)));
  console.log(`pictures: ${files.map((f) => `${(f.length / 1e6).toFixed(1)} MB`).join(', ')} of ${megapixels} megapixels each`);
  const server = await startServer({ MAX_DOCUMENT_MB: '40' });
  try {
    const form = new FormData();
    const fields: Record<string, string> = {
      financialYear: financialYearsOpen()[0], licenceType: 'new', tradeName: 'Verma Kirana', structureType: 'immovable', structureSubType: 'pucca',
      commencementDate: '2024-06-01', areaSqft: '250', employees: '10', tradeCategory: 'Retail', tradeType: 'grocery', tradeSubType: 'Provisions',
      wardId: '1', doorNo: '4', road: 'Mill Road', locality: 'Purani Bazar', pincode: '845401', correspondenceAddress: '4 Mill Road', feePaise: '125000',
      owner1_name: 'Dinesh Verma', owner1_guardianName: 'Ram Verma', owner1_relationship: 'Father', owner1_gender: 'Male', owner1_dateOfBirth: '1979-03-02',
      owner1_mobile: '9800011122', owner1_pan: 'ABCDE1234F',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    ['identity', 'premises', 'photo'].slice(0, images).forEach((code, i) => form.append(`doc_${code}`, new File([new Uint8Array(files[i])], `${code}.jpg`, { type: 'image/jpeg' })));
    const idle = rssMb(server.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 10);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/Public/trade-licence/applications`, { method: 'POST', body: form });
    const took = performance.now() - started;
    clearInterval(sampler);
    console.log(`answer ${res.status} in ${Math.round(took)} ms; server RSS before ${Math.round(idle)} MB, peak ${Math.round(peak)} MB`);
    if (res.status >= 300) console.log(await res.text());
  } finally {
    await server.stop();
  }
}

void main();
