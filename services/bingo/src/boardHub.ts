/**
 * Tells the projectors of a night that its board changed. In this process a change wakes the
 * listeners at once; other replicas' changes are seen by the listeners' own check of the board's
 * version in Postgres (BOARD_RECHECK_MS), so the board stays right with several replicas.
 */
export const BOARD_RECHECK_MS = 1000;

export class BoardHub {
  private readonly listeners = new Map<number, Set<() => void>>();

  subscribe(bingoId: number, listener: () => void): () => void {
    let set = this.listeners.get(bingoId);
    if (!set) this.listeners.set(bingoId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(bingoId);
    };
  }

  notify(bingoId: number): void {
    for (const listener of this.listeners.get(bingoId) ?? []) listener();
  }
}
