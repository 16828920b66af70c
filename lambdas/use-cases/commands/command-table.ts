/**
 * The webhook's table of texted commands: one entry per command (its file in this folder), tried in the
 * order of core/commands/texted-commands.ts (STOP first, as the carrier rules ask), and anything else last.
 * Each entry declares the deps it uses; the webhook's are all of them together.
 */
import { type AskedOf, askedCommand, type CommandName } from '#core/commands/texted-commands';
import { anythingElse } from './anything-else';
import { cardsCommand } from './cards';
import { deleteCommand } from './delete';
import { forwardCommand } from './forward';
import { fullCommand } from './full';
import { helpCommand } from './help';
import { joinCommand } from './join';
import { langCommand } from './lang';
import { modeCommand } from './mode';
import { spellCommand } from './spell';
import { startCommand } from './start';
import { stopCommand } from './stop';
import type { AnswerTurn, AskedText, CommandEntry } from './text-command';
import { tzCommand } from './tz';
import { uploadCommand } from './upload';

/** Each command's entry, by its name. */
const ENTRIES = {
  STOP: stopCommand,
  START: startCommand,
  JOIN: joinCommand,
  HELP: helpCommand,
  FULL: fullCommand,
  MODE: modeCommand,
  SPELL: spellCommand,
  LANG: langCommand,
  UPLOAD: uploadCommand,
  CARDS: cardsCommand,
  TZ: tzCommand,
  FORWARD: forwardCommand,
  DELETE: deleteCommand,
} as const;

type Entry = (typeof ENTRIES)[CommandName] | typeof anythingElse;

/** All of a union's members at once (the deps of every entry together). */
type AllOf<Union> = (Union extends unknown ? (each: Union) => void : never) extends (all: infer All) => void
  ? All
  : never;

/** What answering any text uses: every entry's deps together. */
export type TextCommandDeps = AllOf<Parameters<Entry['answer']>[0]>;

/** What the webhook reports a text was answered with. */
export type TextAnswer = Awaited<ReturnType<Entry['answer']>>;

/** The table as the webhook reads it: each command's entry, answering with the webhook's deps. */
const TABLE: { readonly [Name in CommandName]: CommandEntry<Name, TextCommandDeps, TextAnswer> } = ENTRIES;

/** A text's place in the table: its entry's turn, and its answer to what the text asked. */
export type TextAsked = {
  /** The command the text is (null: anything else). */
  readonly name: CommandName | null;
  readonly turn: AnswerTurn;
  readonly answer: (deps: TextCommandDeps, text: AskedText) => Promise<TextAnswer>;
};

/** The entry a text asks for (the first command it is, or anything else), its answer bound to what it asked. */
export function textAsked(body: string | undefined): TextAsked {
  const found = askedCommand(body);
  return found === null ? { name: null, ...anythingElse } : answering(found);
}

/** The entry of the command `found` names, its answer bound to what the text asked of it. */
function answering<Name extends CommandName>(found: {
  readonly name: Name;
  readonly asked: AskedOf<Name>;
}): TextAsked {
  const entry = TABLE[found.name];
  return {
    name: found.name,
    turn: entry.turn,
    answer: (deps, text) => entry.answer(deps, text, found.asked),
  };
}
