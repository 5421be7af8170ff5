import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

it('writes one JSON object per line with time, level, service, message and fields; honours the level', () => {
  const { lines, stream } = capture();
  const logger = createLogger('stock', 'info', {}, stream);
  logger.debug('hidden');
  logger.info('stock listening', { port: 8106 });
  logger.child({ consumer: 'stock-sale-completed' }).warn('event handling failed; will retry', { delayMs: 500 });
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({ level: 'info', service: 'stock', msg: 'stock listening', port: 8106 });
  expect(new Date(String(lines[0]!.time)).toISOString()).toBe(lines[0]!.time);
  expect(lines[1]).toMatchObject({ level: 'warn', service: 'stock', consumer: 'stock-sale-completed', delayMs: 500 });
});

it('hides phones, e-mails and buyers wherever they sit in the fields', () => {
  const { lines, stream } = capture();
  const logger = createLogger('register', 'debug', { requestId: 'r1' }, stream);
  logger.info('sale recorded', {
    email: 'marie@example.org',
    person: { phone: '+33612345678', email: 'marie@example.org', role: 'cashier' },
    event: {
      type: 'sale.completed',
      payload: { saleId: 7, buyer: { personId: 3, phone: '0612345678', email: 'a@b.fr' }, receipt: { method: 'sms', phone: '0612345678' } },
    },
  });
  logger.child({ user: { email: 'admin@kermesse.local' } }).error('failed');
  const [sale, failure] = lines;
  const text = JSON.stringify(lines);
  expect(text).not.toContain('marie@example.org');
  expect(text).not.toContain('12345678');
  expect(text).not.toContain('a@b.fr');
  expect(text).not.toContain('admin@kermesse.local');
  expect(sale).toMatchObject({
    requestId: 'r1',
    email: '[redacted]',
    person: { phone: '[redacted]', email: '[redacted]', role: 'cashier' },
    event: { type: 'sale.completed', payload: { saleId: 7, buyer: '[redacted]', receipt: { method: 'sms', phone: '[redacted]' } } },
  });
  expect(failure).toMatchObject({ level: 'error', user: { email: '[redacted]' } });
});
