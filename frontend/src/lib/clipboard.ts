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
