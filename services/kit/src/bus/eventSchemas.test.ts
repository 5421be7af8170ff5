import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAMPLE_EVENTS } from './sampleEvents.ts';
import { assertValidEnvelope, buildEnvelope, InvalidEventError } from './envelope.ts';
import { registerEventCatalogue, type EventType } from './eventSchemas.ts';

const KIT_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the event catalogue a service hands to the kit', () => {
  it('validates a registered event and refuses a type no catalogue of this service names', () => {
    expect(buildEnvelope('kit', 'sample.created', { eventId: 1, name: 'Kermesse' })).toMatchObject({ type: 'sample.created', version: 1 });
    const stranger = {
      id: '3f1c2a4e-9b7d-4c1e-8f2a-1b2c3d4e5f60',
      type: 'sale.completed',
      version: 1,
      occurredAt: new Date().toISOString(),
      source: 'register',
      payload: {},
    };
    expect(() => assertValidEnvelope(stranger)).toThrow(InvalidEventError);
    expect(() => assertValidEnvelope(stranger)).toThrow(/unknown event type sale\.completed/);
    expect(() => buildEnvelope('kit', 'sale.completed' as EventType, {} as never)).toThrow(InvalidEventError);
  });

  it('takes the same catalogue twice, and refuses another definition under a known type', () => {
    expect(() => registerEventCatalogue(SAMPLE_EVENTS)).not.toThrow();
    expect(() => registerEventCatalogue({ 'sample.created': { version: 2, payload: { type: 'object' } } })).toThrow(/registered twice/);
  });

  it('knows no domain: no file of the kit imports a domain contract', () => {
    const files = readdirSync(KIT_SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const offenders = files.filter((file) => /from '@kermesse\/contracts-(?!common)/.test(readFileSync(path.join(KIT_SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(KIT_SRC, '..', 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    const contracts = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
      name.startsWith('@kermesse/contracts-'),
    );
    expect(contracts).toEqual(['@kermesse/contracts-common']);
  });
});
