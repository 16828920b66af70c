/**
 * `/_local/inbox`: what the service would have sent by email and SMS, for a person without an email server
 * or Twilio. The emails auth sent (verification codes, reset links) from `$DATA_DIR/mailbox.jsonl` and the
 * SMS replies from `$DATA_DIR/outbox.jsonl`, newest first, links clickable. A plain page rendered here, with
 * every piece of text escaped and the site's CSP (no script at all). The local runtime alone serves it.
 */
import { readFile } from 'node:fs/promises';
import { escapeHtml } from '#core/texts/auth-emails';

/** Entries shown per list: the newest. */
const SHOWN = 100;

type Mail = { to: string; subject: string | null; body: string | null; code: string | null; sentAt: string };
type Sms = {
  to: string;
  from: string | null;
  body: string;
  sentAt: string;
  sid: string | null;
  /** An MMS's attached files (CARDS ON), by URL. */
  media: string[];
};

async function readLines(path: string): Promise<unknown[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  const entries: unknown[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
      // A line cut off by a crash: skip it, show the rest.
    }
  }
  return entries;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function newestFirst<T extends { sentAt: string }>(items: T[]): T[] {
  return items.sort((a, b) => b.sentAt.localeCompare(a.sentAt)).slice(0, SHOWN);
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}

/** A link only to the web (no javascript: or data: URLs), escaped. */
function link(href: string, text: string): string {
  if (!/^https?:\/\//i.test(href)) return escapeHtml(text);
  return `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`;
}

/** Plain text with its web addresses made clickable. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    html += escapeHtml(text.slice(last, match.index)) + link(match[0], match[0]);
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * The email's body as the reader would see it: paragraphs and links kept, any other markup dropped, all text
 * escaped again. Bodies are the CustomMessage trigger's simple HTML (core/texts/auth-emails.ts).
 */
export function emailBodyHtml(body: string): string {
  const paragraphs: string[] = [];
  let current = '';
  const tokens = /<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>|<\/p>|<br\s*\/?>|<[^>]*>|([^<]+)/gi;
  for (const [token, href, linkText, text] of body.matchAll(tokens)) {
    if (href !== undefined) {
      current += link(decodeEntities(href), decodeEntities((linkText ?? '').replace(/<[^>]*>/g, '')));
    } else if (text !== undefined) {
      current += linkify(decodeEntities(text));
    } else if (/^<\/p>|^<br/i.test(token)) {
      if (current.trim()) paragraphs.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) paragraphs.push(current.trim());
  return paragraphs.map((p) => `<p>${p}</p>`).join('');
}

function time(iso: string): string {
  const date = new Date(iso);
  const shown = Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`;
}

function mailItem(mail: Mail): string {
  return `<li class="item">
  <div class="meta"><strong>${escapeHtml(mail.subject ?? '(no subject)')}</strong><span>To ${escapeHtml(mail.to)} · ${time(mail.sentAt)}</span></div>
  ${mail.code ? `<p class="code">Code: <span>${escapeHtml(mail.code)}</span></p>` : ''}
  <div class="body">${mail.body ? emailBodyHtml(mail.body) : '<p class="muted">(no text)</p>'}</div>
</li>`;
}

function smsItem(sms: Sms): string {
  return `<li class="item">
  <div class="meta"><strong>To ${escapeHtml(sms.to)}</strong><span>${sms.from ? `From ${escapeHtml(sms.from)} · ` : ''}${time(sms.sentAt)}</span></div>
  <div class="body sms">${linkify(sms.body)}</div>
  ${sms.media.map((url) => `<div class="muted">Attached: ${linkify(url)}</div>`).join('')}
  ${sms.sid ? `<div class="muted">SID <code>${escapeHtml(sms.sid)}</code> (<code>npm run sms -- --delivery ${escapeHtml(sms.sid)} delivered</code> reports it delivered)</div>` : ''}
</li>`;
}

const STYLE = `
:root { color-scheme: light dark; --ink: #1f2933; --muted: #52606d; --line: #d9e2ec; --canvas: #fff; --surface: #f5f7fa; --accent: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --ink: #e4e7eb; --muted: #9aa5b1; --line: #3e4c59; --canvas: #11161c; --surface: #1b232c; --accent: #8ab4ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--surface); }
main { max-width: 56rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.125rem; margin: 2rem 0 .75rem; }
p { margin: .25rem 0; overflow-wrap: anywhere; }
a { color: var(--accent); }
a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.muted, .meta span { color: var(--muted); font-size: .875rem; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; }
.item { background: var(--canvas); border: 1px solid var(--line); border-radius: .75rem; padding: .875rem 1rem; }
.meta { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .25rem 1rem; margin-bottom: .5rem; overflow-wrap: anywhere; }
.code span { font: 600 1.25rem/1.2 ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: .1em; }
.sms { white-space: pre-wrap; overflow-wrap: anywhere; }
.top { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: .5rem; }
`;

/** The inbox page. */
export async function renderInbox(paths: {
  readonly mailbox: string;
  readonly outbox: string;
}): Promise<string> {
  const mails = newestFirst(
    (await readLines(paths.mailbox)).flatMap((raw): Mail[] => {
      const entry = raw as Record<string, unknown>;
      const to = str(entry?.to);
      const sentAt = str(entry?.sentAt);
      if (!to || !sentAt) return [];
      return [{ to, sentAt, subject: str(entry.subject), body: str(entry.body), code: str(entry.code) }];
    }),
  );
  const texts = newestFirst(
    (await readLines(paths.outbox)).flatMap((raw): Sms[] => {
      const entry = raw as Record<string, unknown>;
      const to = str(entry?.to);
      const body = str(entry?.body);
      const sentAt = str(entry?.sentAt);
      if (!to || body === null || !sentAt) return [];
      const media = Array.isArray(entry.media) ? entry.media.filter((u) => typeof u === 'string') : [];
      return [{ to, body, sentAt, from: str(entry.from), sid: str(entry.sid), media }];
    }),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox · Voice Summary</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="top"><h1>Local inbox</h1><a href="/_local/inbox">Refresh</a></div>
<p class="muted">What the service would have sent while running on this machine: sign-in emails (codes and reset links) and SMS replies. Newest first. This page exists only in the local runtime.</p>
<h2 id="emails">Emails (${mails.length})</h2>
${mails.length ? `<ul aria-labelledby="emails">${mails.map(mailItem).join('\n')}</ul>` : '<p class="muted">No emails yet. Creating an account or asking for a password reset sends one.</p>'}
<h2 id="texts">Text messages (${texts.length})</h2>
${texts.length ? `<ul aria-labelledby="texts">${texts.map(smsItem).join('\n')}</ul>` : '<p class="muted">No text messages yet. Try <code>npm run sms -- hello.wav</code>.</p>'}
</main>
</body>
</html>
`;
}
