/**
 * A background worker's tour of the associations (docs/keys-per-association.md). Each connection
 * sees one association's rows only, so a worker that sends queued messages (contact's e-mails,
 * webhooks) looks in each association in turn: at once in an association that just queued work
 * (`wake` records the current association), and in every association when the sweep is due (work
 * queued by another instance, retries coming due). Without hosting the only association is the
 * install's, looked at on every run as before.
 */
import { currentAssociation, hostingEnabled, withAssociation } from './association.ts';
import type { AssociationLister } from './associations.ts';

export interface AssociationSweep {
  /** Remembers the current association: the next `visit` looks there even if no sweep is due. */
  wake(): void;
  /** Runs `work` in each association to look at now; the sum of what it handled. */
  visit(work: () => Promise<number>): Promise<number>;
}

export interface AssociationSweepOptions {
  associations: AssociationLister;
  /**
   * How often every association is looked at. Default: on every run without hosting; every 15 s
   * with it (hundreds of associations are not each asked every second).
   */
  sweepMs?: number;
}

export function createAssociationSweep({ associations, sweepMs }: AssociationSweepOptions): AssociationSweep {
  const every = sweepMs ?? (hostingEnabled() ? 15_000 : 0);
  const woken = new Set<string>();
  let lastSweep = 0;
  return {
    wake() {
      const id = currentAssociation();
      if (id) woken.add(id);
    },
    async visit(work) {
      const due = Date.now() - lastSweep >= every;
      // Listed before the woken set is emptied: if identity cannot answer, nothing woken is lost.
      const all = due ? await associations.ids() : [];
      if (due) lastSweep = Date.now();
      const ids = [...new Set([...woken, ...all])];
      woken.clear();
      let handled = 0;
      for (const id of ids) handled += await withAssociation(id, work);
      return handled;
    },
  };
}
