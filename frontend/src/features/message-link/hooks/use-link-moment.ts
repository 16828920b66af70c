import { momentFromFragment } from '@core/messages/message-moment';
import { useEffect, useState } from 'react';

/**
 * The moment of the recording the page's address names (`#t=42`, core/messages/message-moment.ts), or null: read from
 * the fragment, which the browser never sends to the server, and again if the fragment changes.
 */
export function useLinkMoment(): number | null {
  const [moment, setMoment] = useState(() => momentFromFragment(window.location.hash));
  useEffect(() => {
    const follow = () => setMoment(momentFromFragment(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return moment;
}
