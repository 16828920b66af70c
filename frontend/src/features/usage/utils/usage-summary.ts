import { FAILURE_CAUSE_WORDS, type UsageReport } from '@core/operator/usage';
import { formatUsd } from '@/lib/format-money';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The chart's text summary: the range's totals in one or two sentences a screen reader reads whole. */
export function usageSummary(report: UsageReport): string {
  const t = report.totals;
  const reasons = Object.entries(t.failed_by_reason)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([cause, n]) => `${n} ${FAILURE_CAUSE_WORDS[cause as keyof typeof FAILURE_CAUSE_WORDS] ?? cause}`);
  const failed = `${count(t.failed, 'failed', 'failed')}${reasons.length ? ` (${reasons.join(', ')})` : ''}`;
  const busiest = report.days.reduce(
    (best, day) => (day.received > best.received ? day : best),
    report.days[0]!,
  );
  return [
    `Last ${count(report.days.length, 'day', 'days')}: ${count(t.received, 'voice message', 'voice messages')} received, ${t.completed.toLocaleString('en-US')} completed, ${failed}, ${count(t.limited, 'over the daily limit', 'over the daily limit')}.`,
    `${count(t.texts_sent, 'text', 'texts')} sent in ${count(t.segments, 'segment', 'segments')}${t.mms_sent > 0 ? ` and ${count(t.mms_sent, 'MMS', 'MMS')} with cards` : ''}; ${t.delivered.toLocaleString('en-US')} delivered, ${t.undelivered.toLocaleString('en-US')} undelivered.`,
    t.received > 0 ? `Busiest day ${shortDate(busiest.date)} with ${busiest.received}.` : '',
    callsSentence(report),
    refusedSentence(t),
    correctionsSentence(t),
    `Estimated cost ${formatUsd(report.estimated_cost)}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Forwarding numbers held now (issue 33): counted once a day by the daily job, so the newer of today's and
 * yesterday's count (today's may not be counted yet).
 */
export function numbersHeld(report: UsageReport): number {
  return Math.max(0, ...report.days.slice(-2).map((day) => day.number_days));
}

/** Whether the range had any forwarded call or forwarding number: the call figures show only then. */
export function hasCalls(report: UsageReport): boolean {
  const t = report.totals;
  return t.calls + t.missed_calls + t.number_days > 0;
}

/** Forwarded calls in the range (issue 33), or nothing when there were none and no number was held. */
function callsSentence(report: UsageReport): string {
  if (!hasCalls(report)) return '';
  const t = report.totals;
  return `${count(t.calls, 'forwarded call', 'forwarded calls')} (${count(t.call_minutes, 'minute', 'minutes')} billed), ${count(t.missed_calls, 'missed call', 'missed calls')} without a message; ${count(numbersHeld(report), 'forwarding number', 'forwarding numbers')} held.`;
}

/** What came instead of voice messages (each kept on the record as failed), or nothing when none did. */
function refusedSentence(t: UsageReport['totals']): string {
  if (t.refused_attachments + t.unknown_texts + t.opted_out_messages === 0) return '';
  return `Not voice messages: ${count(t.refused_attachments, 'picture or other file', 'pictures or other files')}, ${count(t.unknown_texts, 'text that was no command', 'texts that were no command')}, ${count(t.opted_out_messages, 'message', 'messages')} from numbers that opted out.`;
}

/** What operators found wrong in the range (transcripts marked wrong, urgency corrected), or nothing. */
function correctionsSentence(t: UsageReport['totals']): string {
  if (t.wrong_transcripts + t.urgency_corrections === 0) return '';
  return `Operators marked ${count(t.wrong_transcripts, 'transcript', 'transcripts')} wrong and corrected the urgency of ${count(t.urgency_corrections, 'message', 'messages')}.`;
}

/** "Nov 24" for a UTC date `2026-11-24`. */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
