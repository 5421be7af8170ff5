import './events.ts';
import type { Db } from '@kermesse/kit/db';

/** No demo endpoint: a webhook points at a tool of the association's own, which the demo has not. */
export async function seedDemo(_deps: { db: Db; password?: string }): Promise<void> {}
