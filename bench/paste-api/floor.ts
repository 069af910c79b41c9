// The floor: a bare node:http server in its own process that reads each request's body and answers
// `/<n>` with a fixed JSON body of n bytes. It runs beside the real server under the same load, so
// each test's CPU per request can be set against the least any Node HTTP server spends.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '@tests/support/free-port';

const source = `
const http = require('node:http');
const bodies = new Map();
const bodyOf = (url) => {
  let body = bodies.get(url);
  if (body === undefined) {
    const size = Math.max(2, Number(url.slice(1)) || 2);
    body = Buffer.from('"' + 'x'.repeat(size - 2) + '"');
    bodies.set(url, body);
  }
  return body;
};
http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    const body = bodyOf(req.url);
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': body.length });
    res.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

export type Floor = { baseUrl: string; pid: number; stop(): Promise<void> };

export async function startFloor(): Promise<Floor> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stdout = child.stdout;
  if (stdout === null) throw new Error('floor server has no stdout');
  await once(stdout, 'data');
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
