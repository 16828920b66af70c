/**
 * The table of texted commands (core/commands/texted-commands.ts, answered by use-cases/commands/) against
 * everything that names them: the webhook (an entry per command), HELP (in English and Spanish, whatever the
 * service's name and support address) and the README's webhook row. A command added to the table and missing
 * from any of them fails here; the public site's terms and FAQ are held to the same table by their component
 * tests (frontend/src/features/legal, frontend/src/features/faq), which can render them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type CommandName,
  classifyInboundText,
  HELP_LISTED,
  TEXTED_COMMANDS,
} from '#core/commands/texted-commands';
import { joinInstructionText } from '#core/senders/consent';
import { TEXT_LANGUAGES, type TextLanguage } from '#core/texts/catalogue';
import { HELP_TEXT, optOutConfirmation } from '#core/texts/service-texts';
import { anythingElse } from '../../lambdas/use-cases/commands/anything-else';
import { textAsked } from '../../lambdas/use-cases/commands/command-table';

const LONG_NAME = 'A Very Long Service Name For Voice Messages Incorporated';
const LONG_EMAIL = `${'support.desk.for.voice.messages'.repeat(2)}@example-company.example`;

/** Where `text` first names `word` as a word of its own (-1: nowhere). */
const place = (text: string, word: string) => text.search(new RegExp(`(^|[^A-Z])${word}([^A-Z]|$)`));
/** Whether `text` names `word` as a word of its own. */
const names = (text: string, word: string) => place(text, word) >= 0;

/**
 * Where a command HELP leaves out is named instead: in the text that invites it (the opt-out confirmation
 * says "Reply START", the sign-up page says "Text JOIN 4821 to ..."). A new command HELP leaves out must say where.
 */
const NAMED_WHERE_IT_IS_INVITED: Partial<Record<CommandName, (language: TextLanguage) => string>> = {
  START: (language) => optOutConfirmation(language),
  JOIN: () => joinInstructionText('4821', '(415) 555-0100'),
};

describe('the table of texted commands', () => {
  it('answers each command with its own entry, STOP before anything and DELETE instead of voice messages', () => {
    for (const command of TEXTED_COMMANDS) {
      const asked = textAsked(command.words[0]);
      expect(asked, command.name).not.toBe(anythingElse);
    }
    expect(textAsked('STOP').turn).toBe('before-anything');
    expect(textAsked('DELETE').turn).toBe('instead-of-voice');
    expect(textAsked('hello there').turn).toBe('unless-voice');
  });

  it('gives no word to two commands, so their order matters only for STOP', () => {
    const words = TEXTED_COMMANDS.flatMap((command) => command.words);
    expect(new Set(words).size).toBe(words.length);
    for (const command of TEXTED_COMMANDS) {
      for (const word of command.words) {
        expect(TEXTED_COMMANDS.find((each) => each.parse(word) !== null)?.name, word).toBe(command.name);
      }
    }
    expect(classifyInboundText('LANG STOP')).toBe('lang');
  });

  it.each(TEXT_LANGUAGES)(
    'is named in HELP (%s), in the table order, whatever the name and email',
    (language) => {
      for (const name of ['Voice Summary', LONG_NAME]) {
        for (const email of ['help@example.com', LONG_EMAIL]) {
          const help = HELP_TEXT(name, email, language);
          for (const command of TEXTED_COMMANDS) {
            if (command.help === 'none') continue;
            expect(names(help, command.name), `${command.name} in ${help}`).toBe(true);
          }
          const listed = HELP_LISTED.map((command) => place(help, command));
          expect(listed).toEqual([...listed].sort((a, b) => a - b));
        }
      }
    },
  );

  it.each(TEXT_LANGUAGES)('names the commands HELP leaves out where they are invited (%s)', (language) => {
    for (const command of TEXTED_COMMANDS.filter((each) => each.help === 'none')) {
      const invitation = NAMED_WHERE_IT_IS_INVITED[command.name];
      expect(invitation, `where ${command.name} is named, HELP leaving it out`).toBeDefined();
      expect(names(invitation!(language), command.name)).toBe(true);
    }
  });

  it("is listed in the README's row of the webhook", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `POST /api/receive-message`'));
    const list = /the text commands \(([^)]*)\)/.exec(row ?? '')?.[1] ?? '';
    for (const command of TEXTED_COMMANDS) expect(names(list, command.name), command.name).toBe(true);
  });
});
