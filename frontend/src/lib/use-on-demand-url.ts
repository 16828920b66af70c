import { useState } from 'react';

type OnDemandUrl = { readonly status: 'closed' | 'loading' | 'error' } | { status: 'open'; url: string };

/**
 * A short-lived link asked for only when the person wants it (a recording's player, opened on Play): `open`
 * fetches it; the state says closed, loading, failed (open may be tried again) or open with the URL.
 */
export function useOnDemandUrl(fetchUrl: () => Promise<string>): {
  readonly state: OnDemandUrl;
  readonly open: () => Promise<void>;
} {
  const [state, setState] = useState<OnDemandUrl>({ status: 'closed' });
  const open = async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'open', url: await fetchUrl() });
    } catch {
      setState({ status: 'error' });
    }
  };
  return { state, open };
}
