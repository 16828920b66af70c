import { useCallback, useEffect, useState } from 'react';

/**
 * Copies text: the Clipboard API where the page may use it (a secure context), else the older
 * execCommand('copy') on a hidden text field, which still works in browsers and webviews without it.
 * Resolves false when neither could copy, so the caller can ask the person to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not focused): try the older way.
    }
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  const previous = document.activeElement as HTMLElement | null;
  field.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  field.remove();
  previous?.focus?.();
  return copied;
}

/** How long "Copied!" (or the note that copying failed) shows (SPEC section 9). */
const COPY_FEEDBACK_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'failed';

/** A copy button's state: `copy` copies, and the result shows for two seconds before going back to idle. */
export function useCopy(): { readonly state: CopyState; readonly copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = useCallback(async (text: string) => {
    setState((await copyText(text)) ? 'copied' : 'failed');
  }, []);
  return { state, copy };
}
