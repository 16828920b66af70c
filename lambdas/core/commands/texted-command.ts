/**
 * The pure half of a command the number answers by text: its name, the words it takes, its parser and where
 * HELP names it. Its answer, with the ports it needs, is its entry in use-cases/commands/; the order the
 * webhook tries them in is core/commands/texted-commands.ts.
 */

/** Where HELP names a command: in its list, in its closing words (STOP and HELP, as carriers ask), or nowhere. */
export type HelpPlace = 'list' | 'closing' | 'none';

/** One texted command, as a message asks for it. */
export type TextedCommand<Name extends string, Asked, Kind extends string> = {
  /** What HELP, the terms and the FAQ call it: the first of its words. */
  readonly name: Name;
  /** Every word it takes, its synonyms with it (STOP's, HELP's INFO); the public site lists them all. */
  readonly words: readonly string[];
  /** What a whole message asks of it, or null when the message is not this command. */
  readonly parse: (body: string) => Asked | null;
  /** What the webhook takes such a message for (classifyInboundText): one kind, or one by what was asked. */
  readonly kind: Kind | ((asked: Asked) => Kind);
  /** Where HELP names it (HELP's list is the table's `list` commands, in the table's order). */
  readonly help: HelpPlace;
};
