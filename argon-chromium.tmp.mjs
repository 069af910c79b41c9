import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';
const umd = readFileSync('node_modules/hash-wasm/dist/argon2.umd.min.js', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
await page.addScriptTag({ content: umd });
for (const [m, t] of [[65536, 8], [65536, 10], [131072, 4], [65536, 6]]) {
  const times = await page.evaluate(async ([m, t]) => {
    const out = [];
    for (let i = 0; i < 5; i++) { const s = performance.now(); await hashwasm.argon2id({ password: 'correct horse battery', salt: new Uint8Array(16), parallelism: 1, iterations: t, memorySize: m, hashLength: 32, outputType: 'binary' }); out.push(Math.round(performance.now() - s)); }
    return out;
  }, [m, t]);
  console.log(m, t, times.join(' '), 'median', [...times].sort((a,b)=>a-b)[2]);
}
console.log(await browser.version());
await browser.close();
