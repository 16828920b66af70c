import { ACCENTED_LETTERS, REPLY_MODES } from '@core/schemas';
import type { SettingsFormState } from '../hooks/use-settings-form';
import { SettingsGroup } from './settings-group';

type Props = Pick<SettingsFormState, 'form' | 'change'>;

/** How replies go out: the summary with or without the transcript, and whether they go out by themselves. */
export function ReplySettings({ form, change }: Props) {
  return (
    <SettingsGroup title="Replies">
      <fieldset>
        <legend className="font-semibold">Reply mode</legend>
        <div className="mt-2 space-y-2">
          {REPLY_MODES.map((mode) => (
            <label key={mode} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="reply_mode"
                value={mode}
                checked={form.replyMode === mode}
                onChange={() => change({ replyMode: mode })}
                className="size-5 accent-accent"
              />
              {mode === 'full' ? 'Summary and full transcript' : 'Summary only'}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="font-semibold">Accented letters in summaries and transcripts</legend>
        <div className="mt-2 space-y-2">
          {ACCENTED_LETTERS.map((choice) => (
            <label key={choice} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="accented_letters"
                value={choice}
                checked={form.accentedLetters === choice}
                onChange={() => change({ accentedLetters: choice })}
                className="size-5 accent-accent shrink-0"
              />
              {choice === 'replace'
                ? 'Replace with plain letters (á becomes a): standard texts'
                : 'Keep them (costs more: such a text takes about twice the segments)'}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          name="auto_reply_enabled"
          checked={form.autoReply}
          onChange={(e) => change({ autoReply: e.target.checked })}
          className="size-5 accent-accent"
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
            where the sender can also delete it. Anyone holding the link can open it until the message is
            deleted.
          </span>
        </span>
      </label>
    </SettingsGroup>
  );
}
