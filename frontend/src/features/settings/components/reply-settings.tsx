import { REPLY_MODES } from '@core/messages/message';
import { ACCENTED_LETTERS } from '@core/operator/settings';
import { RadioGroup } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import type { SettingsFormState } from '../hooks/use-settings-form';
import { SettingsGroup } from './settings-group';

type Props = Pick<SettingsFormState, 'form' | 'change' | 'errors' | 'transcriptDays'>;

/** How replies go out: the summary with or without the transcript, and whether they go out by themselves. */
export function ReplySettings({ form, change, errors, transcriptDays }: Props) {
  return (
    <SettingsGroup title="Replies">
      <RadioGroup
        legend="Reply mode"
        name="reply_mode"
        options={REPLY_MODES}
        value={form.replyMode}
        label={(mode) => (mode === 'full' ? 'Summary and full transcript' : 'Summary only')}
        onChange={(replyMode) => change({ replyMode })}
      />
      <RadioGroup
        legend="Accented letters in summaries and transcripts"
        name="accented_letters"
        options={ACCENTED_LETTERS}
        value={form.accentedLetters}
        label={(choice) =>
          choice === 'replace'
            ? 'Replace with plain letters (á becomes a): standard texts'
            : 'Keep them (costs more: such a text takes about twice the segments)'
        }
        onChange={(accentedLetters) => change({ accentedLetters })}
      />
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          name="auto_reply_enabled"
          checked={form.autoReply}
          onChange={(e) => change({ autoReply: e.target.checked })}
          className="size-5 shrink-0 accent-accent"
        />
        Reply automatically to each voice message
      </label>
      <label className="flex min-h-11 items-start gap-3 py-2">
        <input
          type="checkbox"
          name="message_link_enabled"
          checked={form.messageLink}
          onChange={(e) => change({ messageLink: e.target.checked })}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        <span>
          Link to the whole message
          <span className="block text-sm text-muted">
            The first text ends with a private link to a page with the summary, full transcript and recording,
            where the sender can also delete it. Anyone holding the link can open it for the days below, or
            until the message is deleted if that comes first. Turning this off ends the links already sent
            too.
          </span>
        </span>
      </label>
      <TextField
        label="Link works for (days)"
        name="message_link_days"
        inputMode="numeric"
        hint={
          transcriptDays === null
            ? 'Never longer than messages are kept.'
            : `At most ${transcriptDays}: messages are kept ${transcriptDays} days.`
        }
        className="pl-8"
        value={form.linkDays}
        error={errors.message_link_days}
        onChange={(e) => change({ linkDays: e.target.value })}
      />
      <TextField
        label="Time zone for calendar events"
        name="default_time_zone"
        autoComplete="off"
        spellCheck={false}
        hint="For senders who chose none (TZ) and whose area code gives none, e.g. America/Chicago."
        value={form.timeZone}
        error={errors.default_time_zone}
        onChange={(e) => change({ timeZone: e.target.value })}
      />
    </SettingsGroup>
  );
}
