/**
 * The gateway bench's yardstick: the naive reverse proxy anyone would write with node:http — one
 * keep-alive Agent, `http.request` per request with the client's headers, the bodies piped both
 * ways, nothing else (no routing, no token check, no headers of its own). Forwards everything to
 * UPSTREAM_URL; prints `{"port": n}` once listening.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const upstream = new URL(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:8102');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });

const server = http.createServer((req, res) => {
  const proxyReq = http.request(
    {
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (proxyRes) => {
      res.writeHead(proxyRes.statusCode ?? 502, proxyRes.headers);
      proxyRes.pipe(res);
    },
  );
  proxyReq.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(proxyReq);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
