import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentAssociation, SINGLE_ASSOCIATION_ID, withAssociation } from './association.ts';
import { createAssociationSweep } from './sweep.ts';

const A = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const B = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';

describe('a worker’s tour of the associations', () => {
  let hostingBefore: string | undefined;
  beforeEach(() => {
    hostingBefore = process.env.KERMESSE_HOSTING;
  });
  afterEach(() => {
    if (hostingBefore === undefined) delete process.env.KERMESSE_HOSTING;
    else process.env.KERMESSE_HOSTING = hostingBefore;
  });

  const visited = async (sweep: ReturnType<typeof createAssociationSweep>) => {
    const seen: Array<string | undefined> = [];
    const handled = await sweep.visit(async () => {
      seen.push(currentAssociation());
      return 1;
    });
    return { seen, handled };
  };

  it('with hosting, looks in every association when the sweep is due, then only where work was queued', async () => {
    process.env.KERMESSE_HOSTING = '1';
    let listed = 0;
    const sweep = createAssociationSweep({ associations: { ids: async () => (listed++, [A, B]) } });
    expect(await visited(sweep)).toEqual({ seen: [A, B], handled: 2 });
    expect(await visited(sweep)).toEqual({ seen: [], handled: 0 });
    withAssociation(B, () => sweep.wake());
    expect(await visited(sweep)).toEqual({ seen: [B], handled: 1 });
    expect(listed).toBe(1);
  });

  it('keeps what was woken when the associations cannot be listed', async () => {
    process.env.KERMESSE_HOSTING = '1';
    let up = false;
    const sweep = createAssociationSweep({
      associations: {
        ids: async () => {
          if (!up) throw new Error('identity unreachable');
          return [A];
        },
      },
    });
    withAssociation(B, () => sweep.wake());
    await expect(visited(sweep)).rejects.toThrow('identity unreachable');
    up = true;
    expect((await visited(sweep)).seen).toEqual([B, A]);
  });

  it('without hosting, looks in the install’s association on every run', async () => {
    delete process.env.KERMESSE_HOSTING;
    const sweep = createAssociationSweep({ associations: { ids: async () => [SINGLE_ASSOCIATION_ID] } });
    expect((await visited(sweep)).seen).toEqual([SINGLE_ASSOCIATION_ID]);
    expect((await visited(sweep)).seen).toEqual([SINGLE_ASSOCIATION_ID]);
  });
});
