/**
 * The one way the app loads, refreshes and changes server data: a panel (or page) names its load, and reads
 * `data`, `error` and `loading`. A newer load replaces one under way, and a load still under way when the
 * panel goes away is aborted, so no answer lands on a panel that is gone or overwrites a newer one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type ServerData<T> = {
  /** The last data loaded (kept while a reload runs or after it fails); undefined until the first arrives. */
  readonly data: T | undefined;
  /** Why the last load failed; undefined once one succeeds. */
  readonly error: unknown;
  readonly loading: boolean;
  /** True once a load has finished, well or not. */
  readonly settled: boolean;
  /** Loads again. */
  readonly reload: () => Promise<void>;
  /** Runs a change on the server, then loads again whether it worked or not (a refusal may follow a change made elsewhere). */
  readonly mutate: <R>(change: () => Promise<R>) => Promise<R>;
  /** Shows what the server answered (a save's result, a live change) without loading again. */
  readonly setData: (next: T | ((current: T | undefined) => T | undefined)) => void;
};

export type ServerDataOptions = {
  /** Loads only while true, and again each time it turns true (a dialog that loads when opened). @default true */
  readonly enabled?: boolean;
  /** Loads again each time it changes (the dashboard's Refresh). */
  readonly reloadKey?: unknown;
  /** Told of each load failure (they are also kept in `error`). */
  readonly onError?: (error: unknown) => void;
};

type State<T> = Pick<ServerData<T>, 'data' | 'error' | 'loading' | 'settled'>;

export function useServerData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  { enabled = true, reloadKey, onError }: ServerDataOptions = {},
): ServerData<T> {
  const [state, setState] = useState<State<T>>({
    data: undefined,
    error: undefined,
    loading: enabled,
    settled: false,
  });
  // The latest callbacks, so a panel may pass inline functions without loading again on every render.
  const latest = useRef({ load, onError });
  useEffect(() => {
    latest.current = { load, onError };
  });
  const running = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.abort();
    };
  }, []);

  const reload = useCallback(async () => {
    running.current?.abort();
    // A change that finishes after the panel went away has nothing left to show.
    if (!mounted.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState((current) => ({ ...current, loading: true }));
    try {
      const data = await latest.current.load(controller.signal);
      if (controller.signal.aborted) return;
      setState({ data, error: undefined, loading: false, settled: true });
    } catch (error) {
      if (controller.signal.aborted) return;
      latest.current.onError?.(error);
      setState((current) => ({ ...current, error, loading: false, settled: true }));
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reloadKey is the request to load again
  useEffect(() => {
    if (!enabled) return;
    void reload();
    return () => running.current?.abort();
  }, [enabled, reloadKey, reload]);

  const mutate = useCallback(
    async <R>(change: () => Promise<R>): Promise<R> => {
      try {
        return await change();
      } finally {
        await reload();
      }
    },
    [reload],
  );

  const setData = useCallback((next: T | ((current: T | undefined) => T | undefined)) => {
    setState((current) => ({
      ...current,
      data:
        typeof next === 'function' ? (next as (current: T | undefined) => T | undefined)(current.data) : next,
    }));
  }, []);

  return { ...state, reload, mutate, setData };
}
