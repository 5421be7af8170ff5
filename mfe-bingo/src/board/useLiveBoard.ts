import { useEffect, useState } from 'react';
import type { Board } from '@kermesse/contracts-bingo';
import { bingoApi } from '../api/bingoApi';

/** Fallback when the stream cannot be opened (a proxy that buffers): the board is read every 2 s. */
const POLL_MS = 2000;

/**
 * The board of a night, live: Server-Sent Events (the whole board on connecting, then at each
 * change), reconnecting by itself; while the stream is down the board is polled instead.
 */
export function useLiveBoard(id: number): { board: Board | null; error: string | null; live: boolean } {
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let stopped = false;
    let poll: ReturnType<typeof setInterval> | undefined;
    const accept = (next: Board) => setBoard((current) => (current && current.version > next.version ? current : next));
    const read = async () => {
      try {
        accept(await bingoApi.publicBoard(id));
        setError(null);
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      }
    };
    const startPolling = () => {
      if (!poll) poll = setInterval(() => void read(), POLL_MS);
    };
    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = undefined;
    };

    let source: EventSource | undefined;
    if (typeof EventSource === 'undefined') {
      void read();
      startPolling();
    } else {
      source = new EventSource(bingoApi.boardStreamUrl(id));
      source.addEventListener('board', (event) => {
        if (stopped) return;
        accept(JSON.parse((event as MessageEvent<string>).data) as Board);
        setError(null);
        setLive(true);
        stopPolling();
      });
      source.onerror = () => {
        setLive(false);
        void read();
        startPolling();
      };
    }
    return () => {
      stopped = true;
      source?.close();
      stopPolling();
    };
  }, [id]);

  return { board, error, live };
}
