/**
 * What the public pages show about the service (GET /api/public-info): its name, the number to forward to,
 * the contact email and the site. Fetched once per visit and shared by every page.
 */

import { type PublicInfo, publicInfoSchema } from '@core/site/public-info';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

/** What the pages say before the answer arrives (and if it never does). */
export const FALLBACK_SERVICE_NAME = 'Voice Summary';

let loading: Promise<PublicInfo> | undefined;
/** The answer once it has arrived: a page mounted after that shows it at once, with no "loading" flash. */
let loaded: PublicInfo | undefined;

function loadPublicInfo(): Promise<PublicInfo> {
  loading ??= apiRequest<unknown>('/public-info')
    .then((body) => {
      loaded = publicInfoSchema.parse(body);
      return loaded;
    })
    .catch((error: unknown) => {
      // The next caller asks again.
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Tests: forget the cached answer. */
export function resetPublicInfoForTests(): void {
  loading = undefined;
  loaded = undefined;
}

export type PublicInfoState = (
  | { readonly status: 'loading'; readonly info: null }
  | { readonly status: 'ready'; readonly info: PublicInfo }
  | { readonly status: 'error'; readonly info: null }
) & { readonly retry: () => void };

export function usePublicInfo(): PublicInfoState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<PublicInfoState, 'retry'>>(() =>
    loaded ? { status: 'ready', info: loaded } : { status: 'loading', info: null },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger to ask again
  useEffect(() => {
    let live = true;
    loadPublicInfo().then(
      (info) => live && setState({ status: 'ready', info }),
      () => live && setState({ status: 'error', info: null }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading', info: null });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry } as PublicInfoState;
}
