/**
 * Every command the number answers by text, in the order a message is tried against them: STOP first (the
 * carrier rules: an opt-out is honoured whatever comes with it). The others start with words of their own,
 * so no message is two of them and their order only sets HELP's list. Each one's answer, with the ports it
 * uses, is its entry in use-cases/commands/ (command-table.ts); the public site's terms and FAQ name the
 * words of each (their component tests hold them to this list).
 */
import { CARDS } from './cards';
import { DELETE } from './delete';
import { FORWARD } from './forward';
import { FULL } from './full';
import { HELP } from './help';
import { JOIN } from './join';
import { LANG } from './lang';
import { MODE } from './mode';
import { SPELL } from './spell';
import { START } from './start';
import { STOP } from './stop';
import { TZ } from './tz';
import { UPLOAD } from './upload';

/** The commands, in the order a message is tried against them. */
export const TEXTED_COMMANDS = [
  STOP,
  START,
  JOIN,
  HELP,
  FULL,
  MODE,
  SPELL,
  LANG,
  UPLOAD,
  CARDS,
  TZ,
  FORWARD,
  DELETE,
] as const;

type AnyCommand = (typeof TEXTED_COMMANDS)[number];

/** A command's name (STOP, START, JOIN, HELP, FULL, ...). */
export type CommandName = AnyCommand['name'];

/** The command named `Name`. */
export type CommandNamed<Name extends CommandName> = Extract<AnyCommand, { readonly name: Name }>;

/** What a message asks of the command named `Name` (its parser's answer). */
export type AskedOf<Name extends CommandName> = NonNullable<ReturnType<CommandNamed<Name>['parse']>>;

/** The commands HELP's list names (the others are in its closing words, or answer a text that names them). */
export type HelpListedCommand = Extract<AnyCommand, { readonly help: 'list' }>['name'];

/** HELP's list, in the table's order (pure: a bundle that never texts HELP, the landing page's, drops the table). */
export const HELP_LISTED: readonly HelpListedCommand[] = /* @__PURE__ */ TEXTED_COMMANDS.flatMap((command) =>
  command.help === 'list' ? [command.name] : [],
);

/** What a message asks of one command, or of the table's first that it is. */
export type AskedCommand = {
  [Name in CommandName]: {
    readonly name: Name;
    readonly asked: AskedOf<Name>;
    readonly kind: InboundTextKind;
  };
}[CommandName];

/** The kind a command's `kind` gives (a fixed one, or the one its function returns). */
type KindOf<Command> = Command extends { readonly kind: (asked: never) => infer Kind }
  ? Kind
  : Command extends { readonly kind: infer Kind }
    ? Kind
    : never;

/**
 * What an inbound text asks for. `revocation` is an opt-out in words of the sender's own ("please stop
 * texting me"); `other` asks for nothing, `empty` says nothing (a media-only message).
 */
export type InboundTextKind = KindOf<AnyCommand> | 'other' | 'empty';

/** The first command of the table a message is, with what it asks; null when it is none. */
export function askedCommand(body: string | null | undefined): AskedCommand | null {
  for (const command of TEXTED_COMMANDS) {
    const asked = command.parse(body ?? '');
    if (asked === null) continue;
    // Both halves come from the same command, which TypeScript cannot follow through a loop over the table.
    const kind = typeof command.kind === 'function' ? command.kind(asked as never) : command.kind;
    return { name: command.name, asked, kind } as AskedCommand;
  }
  return null;
}

/**
 * Classifies an inbound text body: a command's kind (`opt-out` for STOP's keywords, `revocation` for an
 * opt-out in other words, `opt-in` for START's, `join` for a sign-up's JOIN code...), `empty`, or `other`
 * for anything else.
 */
export function classifyInboundText(body: string | null | undefined): InboundTextKind {
  if (body === null || body === undefined || body.trim() === '') return 'empty';
  return askedCommand(body)?.kind ?? 'other';
}
