import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useResource } from './useResource';

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, ko) => {
    resolve = ok;
    reject = ko;
  });
  return { promise, resolve, reject };
}

describe('useResource', () => {
  it('loads, then gives the data', async () => {
    const { result } = renderHook(() => useResource(() => Promise.resolve([1, 2]), []));
    expect(result.current).toMatchObject({ data: undefined, error: null, loading: true });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ data: [1, 2], error: null });
  });

  it('gives the error of a failed load', async () => {
    const failure = new Error('Erreur lors de la récupération des données.');
    const { result } = renderHook(() => useResource(() => Promise.reject(failure), []));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ data: undefined, error: failure });
  });

  it('drops the answer of inputs that changed meanwhile, and aborts its call', async () => {
    const calls = new Map<number, { answer: ReturnType<typeof deferred<string>>; signal: AbortSignal }>();
    const load = (id: number) => (signal: AbortSignal) => {
      const answer = deferred<string>();
      calls.set(id, { answer, signal });
      return answer.promise;
    };
    const { result, rerender } = renderHook(({ id }) => useResource(load(id), [id]), { initialProps: { id: 1 } });
    rerender({ id: 2 });
    expect(calls.get(1)!.signal.aborted).toBe(true);
    await act(async () => calls.get(2)!.answer.resolve('deux'));
    await act(async () => calls.get(1)!.answer.resolve('un'));
    expect(result.current).toMatchObject({ data: 'deux', loading: false });
  });

  it('never shows the data of the previous inputs as those of the new ones', async () => {
    const { result, rerender } = renderHook(({ id }) => useResource(() => Promise.resolve(id * 10), [id]), { initialProps: { id: 1 } });
    await waitFor(() => expect(result.current.data).toBe(10));
    rerender({ id: 2 });
    expect(result.current).toMatchObject({ data: undefined, loading: true });
    await waitFor(() => expect(result.current.data).toBe(20));
  });

  it('ignores an answer that comes after the screen went away', async () => {
    const answer = deferred<string>();
    const errors = vi.spyOn(console, 'error');
    const { result, unmount } = renderHook(() => useResource(() => answer.promise, []));
    unmount();
    await act(async () => answer.resolve('trop tard'));
    expect(result.current.data).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows an answer already at hand from the first render, asks nothing then, and loads for new inputs', async () => {
    const load = vi.fn((id: number) => Promise.resolve(`réponse ${id}`));
    const { result, rerender } = renderHook(
      ({ id }) => useResource(() => load(id), [id], { initialData: () => (id === 1 ? 'copie locale' : undefined) }),
      { initialProps: { id: 1 } },
    );
    expect(result.current).toMatchObject({ data: 'copie locale', error: null, loading: false });
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    rerender({ id: 2 });
    await waitFor(() => expect(result.current.data).toBe('réponse 2'));
    let reloaded: Promise<void> | undefined;
    act(() => {
      reloaded = result.current.reload();
    });
    await act(async () => reloaded);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads as usual when nothing is at hand', async () => {
    const { result } = renderHook(() => useResource(() => Promise.resolve('réseau'), [], { initialData: () => undefined }));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toBe('réseau'));
  });

  it('loads nothing while `load` is null', () => {
    const { result } = renderHook(() => useResource<number>(null, [null]));
    expect(result.current).toMatchObject({ data: undefined, error: null, loading: false });
  });

  it('reloads keeping the data on screen, and lets the screen change it in place', async () => {
    let count = 0;
    const { result } = renderHook(() => useResource(() => Promise.resolve(++count), []));
    await waitFor(() => expect(result.current.data).toBe(1));
    let reloaded: Promise<void> | undefined;
    act(() => {
      reloaded = result.current.reload();
    });
    expect(result.current).toMatchObject({ data: 1, loading: true });
    await act(async () => reloaded);
    expect(result.current).toMatchObject({ data: 2, loading: false });
    act(() => result.current.setData((old) => (old ?? 0) + 40));
    expect(result.current.data).toBe(42);
  });

  it('keeps the previous data on screen while new inputs load when asked', async () => {
    const { result, rerender } = renderHook(({ id }) => useResource(() => Promise.resolve(id * 10), [id], { keepPreviousData: true }), {
      initialProps: { id: 1 },
    });
    await waitFor(() => expect(result.current.data).toBe(10));
    rerender({ id: 2 });
    expect(result.current).toMatchObject({ data: 10, loading: true });
    await waitFor(() => expect(result.current).toMatchObject({ data: 20, loading: false }));
  });
});
