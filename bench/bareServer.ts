/**
 * The bench's baseline: a bare node:http server answering every request with the JSON body given
 * in BENCH_BODY (the register's `GET /api/cr/events` answer). Prints `{"port": n}` once listening.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(process.env.BENCH_BODY ?? '[]');
const server = http.createServer((req, res) => {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'private, max-age=1200',
  });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
