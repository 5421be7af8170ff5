/**
 * Loading what a screen shows, written once: the answer that belongs to the current inputs, its
 * error, whether a call is under way, and a way to load again. A response that arrives after the
 * inputs changed or the screen went away is dropped (its call is aborted), so no screen has to
 * carry its own `cancelled` flag.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList, type SetStateAction } from 'react';

/** What `useResource` gives a screen. */
export interface Resource<T> {
  /** The last answer for the current inputs; undefined until it comes (and after a failed first load). */
  data: T | undefined;
  /** Why the last call failed (usually an `ApiError`); null when it did not. */
  error: unknown;
  /** True while a call for the current inputs is under way (also during `reload`). */
  loading: boolean;
  /**
   * Calls `load` again, keeping the current data on screen until the new answer comes; the promise
   * settles (never rejects) once that answer is on screen, so a form can wait for the fresh list.
   */
  reload(): Promise<void>;
  /** Replaces the data in place, after a change the screen made itself (no call). */
  setData(update: SetStateAction<T | undefined>): void;
}

interface State<T> {
  deps: DependencyList | null;
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

export interface ResourceOptions<T = unknown> {
  /** Keep showing the previous inputs' data while the new ones load (a chooser that stays on screen). */
  keepPreviousData?: boolean;
  /**
   * The answer already at hand for the first inputs (a fresh local copy, a prefetched answer that
   * has come), read once when the screen appears: it is shown from the first render and not asked
   * again then — one render and one paint less before a phone shows the register.
   */
  initialData?: () => T | undefined;
}

function sameDeps(a: DependencyList | null, b: DependencyList): boolean {
  return a !== null && a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

/**
 * Runs `load` when the screen appears and again whenever one of `deps` changes, like an effect.
 * `load` receives an AbortSignal, aborted when its answer is no longer wanted; pass `null` when
 * there is nothing to load yet (e.g. no year chosen).
 *
 * `const { data, error, loading, reload } = useResource(() => api.listRaffles(), []);`
 */
export function useResource<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
  { keepPreviousData = false, initialData }: ResourceOptions<T> = {},
): Resource<T> {
  const [state, setState] = useState<State<T>>(() => {
    const data = load === null ? undefined : initialData?.();
    return data === undefined ? { deps: null, data: undefined, error: null, loading: false } : { deps, data, error: null, loading: false };
  });
  // The first run of the effect has nothing to ask when the answer was at hand.
  const answered = useRef(state.deps !== null);
  const [attempt, setAttempt] = useState(0);
  const waiting = useRef<(() => void)[]>([]);
  const enabled = load !== null;

  useEffect(() => {
    // The reloads asked before this run are answered by it (or by the run that replaces it).
    const queue = waiting.current;
    const asked = queue.splice(0);
    const answerReloads = () => asked.splice(0).forEach((resolve) => resolve());
    if (!load || answered.current) {
      answered.current = false;
      answerReloads();
      return undefined;
    }
    const controller = new AbortController();
    setState((previous) =>
      sameDeps(previous.deps, deps)
        ? { ...previous, loading: true }
        : { deps, data: keepPreviousData ? previous.data : undefined, error: null, loading: true },
    );
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setState({ deps, data, error: null, loading: false });
        answerReloads();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({
          deps,
          data: keepPreviousData || sameDeps(previous.deps, deps) ? previous.data : undefined,
          error,
          loading: false,
        }));
        answerReloads();
      },
    );
    return () => {
      controller.abort();
      // A superseded run hands its waiting reloads to the next one.
      queue.unshift(...asked.splice(0));
    };
    // The caller's deps decide when to load again, as for useEffect; `load` is a new closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, attempt, ...deps]);

  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setAttempt((count) => count + 1);
      }),
    [],
  );
  const setData = useCallback((update: SetStateAction<T | undefined>) => {
    setState((previous) => ({
      ...previous,
      data: typeof update === 'function' ? (update as (old: T | undefined) => T | undefined)(previous.data) : update,
    }));
  }, []);

  // Until the effect has run for new inputs, the old answer is not shown as theirs.
  const current = enabled && sameDeps(state.deps, deps);
  return {
    data: current || (enabled && keepPreviousData) ? state.data : undefined,
    error: current ? state.error : null,
    loading: enabled && (current ? state.loading : true),
    reload,
    setData,
  };
}
