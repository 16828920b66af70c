/**
 * Live-update latency (issue 9): from a message's status change, written the way the pipeline writes it
 * (use-cases/message-changes.ts: the DynamoDB update, then the signed publish to the runtime's AppSync Events
 * stand-in), to the row showing the new status in a signed-in dashboard in Chromium. The baseline, measured
 * on the same changes in the same run, is a second dashboard without live updates that refetches the list
 * (its Refresh button) as soon as the write returns: the best a polling dashboard could do.
 *
 * Times: the write's `updated_at` (taken just before the write) against the page's own clock
 * (`performance.timeOrigin + performance.now()`) when a MutationObserver sees the card change; both clocks
 * are the same machine's. Goal: median at most 200 ms, p95 at most 500 ms.
 */
import type { Page } from 'playwright-core';
import type { Message } from '#core/messages/message';
import { changeMessage, createMessage } from '../lambdas/use-cases/message-changes';
import { launchBrowser } from '../test/support/browser';
import { signInToDashboard, waitForLiveState } from '../test/support/dashboard';
import { runtimeMessageChanges } from '../test/support/live-events';
import { startLocalRuntime } from '../test/support/local-runtime';
import { pendingMessage } from '../test/support/messages';
import { machineLine, ms, percentile, writeSection } from './report';

const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 40);
const CARDS = 10;
const ADMIN = { email: 'bench-live@example.com', password: 'bench-live-password-1' };

/** Records, in the page, when each row (by its sender) first shows each status. */
const OBSERVER = `(() => {
  const seen = new Map();
  window.cardChanges = [];
  const note = () => {
    const at = performance.timeOrigin + performance.now();
    for (const row of document.querySelectorAll('[data-row]')) {
      const from = row.querySelector(':scope > span:nth-child(2)')?.textContent ?? '';
      const state = row.querySelector('[data-outcome]')?.getAttribute('data-outcome') ?? 'other';
      if (seen.get(from) !== state) {
        seen.set(from, state);
        window.cardChanges.push({ from, state, at });
      }
    }
  };
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

type CardChange = { from: string; state: string; at: number };

async function shownAt(page: Page, from: string, state: string, after: number): Promise<number> {
  for (;;) {
    const changes = await page.evaluate<CardChange[]>('window.cardChanges');
    const found = changes.find((c) => c.from === from && c.state === state && c.at >= after - 50);
    if (found) return found.at;
    await page.waitForTimeout(5);
  }
}

export async function benchLive(): Promise<void> {
  const runtime = await startLocalRuntime();
  const chromium = await launchBrowser();
  try {
    await runtime.signIn(ADMIN.email, ADMIN.password, 'admins');
    const live = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToDashboard(live, runtime.url, ADMIN);
    // The baseline page cannot open WebSockets at all: its list changes only when it refetches.
    const polling = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await polling.addInitScript(`window.WebSocket = class { constructor() { throw new Error('off'); } };`);
    await signInToDashboard(polling, runtime.url, ADMIN, { live: false });

    // The pipeline's own write path: the repository and the signed publisher, through message-changes.
    const deps = await runtimeMessageChanges(runtime);
    const senders = Array.from({ length: CARDS }, (_, i) => `bench-${String(i).padStart(2, '0')}`);
    for (const [i, sender] of senders.entries()) {
      const message = pendingMessage({
        id: `bench-live-${i}`,
        created_at: new Date(Date.now() + i).toISOString(),
        sender,
        source: 'upload',
      });
      await createMessage(deps, message);
    }
    await live
      .locator('[data-row]')
      .nth(CARDS - 1)
      .waitFor();
    await polling.getByRole('button', { name: 'Refresh' }).click();
    await polling
      .locator('[data-row]')
      .nth(CARDS - 1)
      .waitFor();
    await Promise.all([live.evaluate(OBSERVER), polling.evaluate(OBSERVER)]);

    const liveMs: number[] = [];
    const refetchMs: number[] = [];
    const state = new Map(senders.map((s) => [s, 'pending' as Message['status']]));
    for (let i = 0; i < CHANGES; i++) {
      const index = i % CARDS;
      const sender = senders[index]!;
      const to = state.get(sender) === 'processing' ? 'failed' : 'processing';
      const updated = await changeMessage(deps, `bench-live-${index}`, {
        to,
        ...(to === 'failed' ? { patch: { error_message: 'Benchmark failure.' } } : {}),
      });
      if (!updated?.updated_at) throw new Error(`bench-live-${index} did not change to ${to}`);
      state.set(sender, to);
      const writtenAt = Date.parse(updated.updated_at);
      await polling.getByRole('button', { name: 'Refresh' }).click();
      const [liveAt, refetchAt] = await Promise.all([
        shownAt(live, sender, to, writtenAt),
        shownAt(polling, sender, to, writtenAt),
      ]);
      liveMs.push(liveAt - writtenAt);
      refetchMs.push(refetchAt - writtenAt);
    }
    await waitForLiveState(live, 'Live');

    const line = (name: string, values: number[]) =>
      `| ${name} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} |`;
    const median = percentile(liveMs, 50);
    const p95 = percentile(liveMs, 95);
    const met = median <= 200 && p95 <= 500;
    console.log(line('live', liveMs));
    console.log(line('refetch', refetchMs));
    await writeSection(
      'live',
      `## Live-update latency (issue 9)

${machineLine()}

From a message's status change written as the pipeline writes it (\`use-cases/message-changes.ts\`: the DynamoDB
update with its \`updated_at\`, then the read of the live channel's current key and the SigV4-signed publish to
the runtime's AppSync Events stand-in) to the
card showing the new status in a signed-in dashboard (Debian Chromium, headless), ${CHANGES} changes one after
another across ${CARDS} cards. Baseline, on the same changes: a second dashboard without WebSockets that
refetches the list (its Refresh button) the moment the write returns, the best a polling dashboard can do
(a real poll adds half its interval on average). \`npm run bench -- live\`.

| Path | Changes | Median | p95 | Min | Max |
|---|---|---|---|---|---|
${line('Live (AppSync Events stand-in, WebSocket)', liveMs)}
${line('Baseline: refetch right after the write', refetchMs)}

Goal (median at most 200 ms, p95 at most 500 ms locally): ${met ? 'met' : 'not met'}.`,
    );
  } finally {
    await chromium.close();
    await runtime.dispose();
  }
}
