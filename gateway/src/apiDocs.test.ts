/**
 * The API's description through the gateway, without a token: the OpenAPI document committed in
 * docs/ and its page drawn by Scalar's bundle served from node_modules.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testSupport.ts';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ root: REPOSITORY });
});

afterAll(async () => {
  await gateway?.close();
});

describe('API description', () => {
  it('serves the OpenAPI 3.1 document to anyone', async () => {
    const res = await fetch(`${gateway.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { summary: string }>> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/cr/sale/create']?.post?.summary).toMatch(/vente/i);
  });

  it('serves a readable page whose scripts come from the gateway itself', async () => {
    const res = await fetch(`${gateway.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await res.text();
    expect(page).toContain('<html lang="fr">');
    const scripts = [...page.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/api/docs/scalar.js', '/api/docs/start.js']);
    for (const script of scripts) {
      const js = await fetch(`${gateway.url}${script}`);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect((await js.text()).length).toBeGreaterThan(100);
    }
  });

  it('still refuses an unknown API path', async () => {
    const res = await fetch(`${gateway.url}/api/docs/nothing.js`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
