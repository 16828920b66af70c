import { describe, expect, it } from 'vitest';
import { zoneOfAreaCode } from '#core/cards/area-code-zones';
import { senderTimeZone } from '#core/cards/sender-time-zone';
import { zoneFromText } from '#core/cards/time-zones';
import { parseCardsCommand } from '#core/commands/cards';
import { parseDeleteCommand } from '#core/commands/delete';
import { HELP_KEYWORDS } from '#core/commands/help';
import { parseLangCommand } from '#core/commands/lang';
import { parseModeCommand } from '#core/commands/mode';
import { parseSpellCommand } from '#core/commands/spell';
import { OPT_IN_KEYWORDS } from '#core/commands/start';
import { OPT_OUT_KEYWORDS, REVOCATION_PATTERNS } from '#core/commands/stop';
import { classifyInboundText } from '#core/commands/texted-commands';
import { parseTzCommand } from '#core/commands/tz';
import { DEFAULT_SETTINGS, settingsRecordSchema, settingsUpdateSchema } from '#core/operator/settings';

/** The ways a person types a keyword: lower, upper, mixed case, padded with spaces and punctuation. */
function spellings(keyword: string): string[] {
  const lower = keyword.toLowerCase();
  const mixed = lower.charAt(0).toUpperCase() + lower.slice(1);
  return [
    lower,
    keyword,
    mixed,
    `  ${lower}  `,
    `\n${keyword}\n`,
    `${lower}.`,
    ` ${mixed}! `,
    `${keyword}?!`,
  ];
}

describe('texts that opt out of messages', () => {
  it.each(['STOP', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'STOPALL', 'REVOKE', 'OPTOUT'])(
    'treats %s in any case, with spaces or punctuation around it, as an opt-out',
    (keyword) => {
      for (const typed of spellings(keyword)) expect(classifyInboundText(typed)).toBe('opt-out');
    },
  );

  it('covers every opt-out keyword the spec lists', () => {
    expect(OPT_OUT_KEYWORDS).toEqual(
      expect.arrayContaining(['STOP', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']),
    );
  });

  it('honours a stop sign emoji after the keyword', () => {
    expect(classifyInboundText('Stop \u{1F6D1}')).toBe('opt-out');
  });

  it('does not opt out someone whose sentence merely contains the keyword', () => {
    expect(classifyInboundText('stop calling me')).toBe('other');
    expect(classifyInboundText('the end of the message was cut off')).toBe('other');
    expect(classifyInboundText('stop stop')).toBe('other');
    expect(classifyInboundText("don't stop the summaries, they're great")).toBe('other');
    expect(classifyInboundText('can you remove me from the voicemail greeting?')).toBe('other');
  });

  it.each([
    'please stop texting me',
    'Please stop.',
    'UNSUBSCRIBE ME',
    'opt out',
    'Opt me out please',
    'remove me',
    'Remove me from your list!',
    'take me off the list',
    'stop sending me messages',
    "Don't text me again",
    'do not message me anymore',
    'no more texts, thanks',
    'I want to unsubscribe',
  ])('treats "%s" as a revocation of consent, like STOP', (typed) => {
    expect(classifyInboundText(typed)).toBe('revocation');
  });

  it('does not match keywords inside longer words', () => {
    expect(classifyInboundText('stopping')).toBe('other');
    expect(classifyInboundText('ending')).toBe('other');
  });
});

describe('texts that opt back in', () => {
  it.each(['START', 'UNSTOP', 'YES'])('treats %s in any case as an opt-in', (keyword) => {
    for (const typed of spellings(keyword)) expect(classifyInboundText(typed)).toBe('opt-in');
  });

  it('lists exactly the resubscribe keywords', () => {
    expect([...OPT_IN_KEYWORDS]).toEqual(['START', 'UNSTOP', 'YES']);
  });

  it('does not treat "yes please call me" as an opt-in', () => {
    expect(classifyInboundText('yes please call me')).toBe('other');
  });
});

describe('texts that ask for help', () => {
  it.each(['HELP', 'INFO'])('treats %s in any case as a request for help', (keyword) => {
    for (const typed of spellings(keyword)) expect(classifyInboundText(typed)).toBe('help');
  });

  it('lists exactly the help keywords', () => {
    expect([...HELP_KEYWORDS]).toEqual(['HELP', 'INFO']);
  });

  it('does not treat "help me with this" as the HELP keyword', () => {
    expect(classifyInboundText('help me with this')).toBe('other');
  });
});

describe('a text that asks to erase the sender’s data', () => {
  it('treats DELETE in any case, alone, as the erase request; a sentence with "delete" is not', () => {
    for (const typed of spellings('DELETE')) expect(classifyInboundText(typed)).toBe('delete');
    expect(classifyInboundText('delete this one')).toBe('other');
  });

  it('reads DELETE alone as asking for a code, and DELETE with digits as the code', () => {
    expect(parseDeleteCommand(' Delete. ')).toEqual({ kind: 'request' });
    expect(parseDeleteCommand('delete 482193')).toEqual({ kind: 'confirm', code: '482193' });
    expect(parseDeleteCommand('DELETE  482193!')).toEqual({ kind: 'confirm', code: '482193' });
    expect(classifyInboundText('Delete 482193')).toBe('delete');
    expect(classifyInboundText('delete 12')).toBe('delete');
    expect(parseDeleteCommand('delete this')).toBeNull();
    expect(parseDeleteCommand('delete 482 193')).toBeNull();
    expect(classifyInboundText('DELETE STOP')).toBe('other');
    expect(classifyInboundText('STOP 482193')).toBe('other');
  });
});

describe('other texts', () => {
  it.each([null, undefined, '', '   ', '\n\t'])('treats %j as empty (a media-only message)', (body) => {
    expect(classifyInboundText(body)).toBe('empty');
  });

  it('treats ordinary words and bare punctuation as other', () => {
    expect(classifyInboundText('hello')).toBe('other');
    expect(classifyInboundText('?')).toBe('other');
    expect(classifyInboundText('st op')).toBe('other');
  });
});

describe('LANG, the reply language command', () => {
  it('is a LANG whatever the case, alone, with a code or with AUTO', () => {
    for (const typed of [
      'LANG',
      'lang',
      ' Lang. ',
      'LANG es',
      'lang ES',
      'Lang auto',
      'LANG AUTO!',
      'lang xx',
    ]) {
      expect(classifyInboundText(typed)).toBe('lang');
    }
  });

  it('reads what the sender asked: the current choice, automatic, or a code', () => {
    expect(parseLangCommand('LANG')).toEqual({ kind: 'current' });
    expect(parseLangCommand('lang auto')).toEqual({ kind: 'auto' });
    expect(parseLangCommand(' LANG Es. ')).toEqual({ kind: 'set', code: 'es' });
    expect(parseLangCommand('LANG klingon')).toEqual({ kind: 'set', code: 'klingon' });
  });

  it('counts only as the whole message, like the other keywords', () => {
    for (const typed of ['lang es please', 'language', 'my lang is es', 'change lang to es', 'slang']) {
      expect(parseLangCommand(typed)).toBeNull();
      expect(classifyInboundText(typed)).not.toBe('lang');
    }
  });

  it('is never taken for an opt-out, and an opt-out is never taken for it', () => {
    expect(classifyInboundText('LANG STOP')).toBe('lang');
    expect(classifyInboundText('LANG es')).not.toBe('opt-out');
    for (const keyword of OPT_OUT_KEYWORDS) expect(classifyInboundText(keyword)).toBe('opt-out');
    expect(classifyInboundText('stop lang')).not.toBe('lang');
  });
});

/** Opt-outs as people type them: every keyword in its spellings, and opt-outs in their own words. */
const OPT_OUT_TEXTS = [
  ...OPT_OUT_KEYWORDS.flatMap(spellings),
  'please stop texting me',
  'Stop sending me messages',
  'unsubscribe me',
  'take me off your list',
  'do not text me again',
];

describe('FULL, MODE and SPELL, the sender commands', () => {
  it('takes FULL in any case, alone, as the transcript request', () => {
    for (const typed of spellings('FULL')) expect(classifyInboundText(typed)).toBe('full');
    for (const typed of ['full please', 'send the full transcript', 'fully', 'full stop']) {
      expect(classifyInboundText(typed)).not.toBe('full');
    }
  });

  it('reads MODE alone, MODE FULL and MODE SUMMARY whatever the case, and anything else after MODE as unknown', () => {
    for (const typed of ['MODE', 'mode', ' Mode. ', 'MODE full', 'mode Summary!', 'MODE nonsense']) {
      expect(classifyInboundText(typed)).toBe('mode');
    }
    expect(parseModeCommand('mode')).toEqual({ kind: 'current' });
    expect(parseModeCommand('Mode Full')).toEqual({ kind: 'set', mode: 'full' });
    expect(parseModeCommand('MODE summary.')).toEqual({ kind: 'set', mode: 'summary_only' });
    expect(parseModeCommand('mode short')).toEqual({ kind: 'unknown' });
    for (const typed of ['mode full please', 'what mode is this', 'modes', 'model']) {
      expect(parseModeCommand(typed)).toBeNull();
      expect(classifyInboundText(typed)).not.toBe('mode');
    }
  });

  it('reads CARDS, CARDS ON and CARDS OFF in any case, and nothing longer', () => {
    for (const typed of ['CARDS', 'cards', ' Cards. ', 'CARDS on', 'cards Off!', 'CARDS maybe']) {
      expect(classifyInboundText(typed)).toBe('cards');
    }
    expect(parseCardsCommand('cards')).toEqual({ kind: 'current' });
    expect(parseCardsCommand('Cards On')).toEqual({ kind: 'set', on: true });
    expect(parseCardsCommand('CARDS off.')).toEqual({ kind: 'set', on: false });
    expect(parseCardsCommand('cards yes')).toEqual({ kind: 'unknown' });
    for (const typed of ['cards on please', 'thanks for the cards', 'card on', 'cardsOn']) {
      expect(parseCardsCommand(typed)).toBeNull();
      expect(classifyInboundText(typed)).not.toBe('cards');
    }
    // An opt-out wins: a whole-message STOP is never a command, and "CARDS STOP" is not an opt-out.
    expect(classifyInboundText('STOP')).toBe('opt-out');
    expect(parseCardsCommand('cards stop')).toEqual({ kind: 'unknown' });
  });

  it('reads SPELL alone, SPELL CLEAR and SPELL with words (spaces or commas between them)', () => {
    for (const typed of [
      'SPELL',
      'spell',
      'Spell clear',
      'SPELL Siobhan Kowalczyk',
      'spell Aoife, Nguyen.',
    ]) {
      expect(classifyInboundText(typed)).toBe('spell');
    }
    expect(parseSpellCommand(' spell ')).toEqual({ kind: 'list' });
    expect(parseSpellCommand('SPELL clear')).toEqual({ kind: 'clear' });
    expect(parseSpellCommand('spell Aoife, Nguyen; "Kowalczyk".')).toEqual({
      kind: 'add',
      words: ['Aoife', 'Nguyen', 'Kowalczyk'],
    });
    expect(parseSpellCommand("SPELL O'Brien AT&T")).toEqual({ kind: 'add', words: ["O'Brien", 'AT&T'] });
    // CLEAR among other words is a word to spell, not the command.
    expect(parseSpellCommand('SPELL Clear Lake')).toEqual({ kind: 'add', words: ['Clear', 'Lake'] });
    for (const typed of ['spelling', 'how do you spell it', 'misspell']) {
      expect(parseSpellCommand(typed)).toBeNull();
      expect(classifyInboundText(typed)).not.toBe('spell');
    }
  });

  it('never takes an opt-out for one of them', () => {
    expect(OPT_OUT_TEXTS.length).toBeGreaterThan(OPT_OUT_KEYWORDS.length);
    for (const typed of OPT_OUT_TEXTS) {
      expect(['opt-out', 'revocation'], typed).toContain(classifyInboundText(typed));
    }
  });

  it('never takes one of them for an opt-out, even with an opt-out word after the command', () => {
    for (const typed of [
      'FULL',
      'MODE',
      'MODE STOP',
      'mode end',
      'SPELL STOP',
      'spell cancel quit',
      'SPELL CLEAR',
    ]) {
      const kind = classifyInboundText(typed);
      expect(['full', 'mode', 'spell'], typed).toContain(kind);
    }
    // An opt-out phrase is matched on the whole message: a command that mentions stopping is not one.
    const words = 'spell stop texting me'.replace(/^spell /, '');
    expect(REVOCATION_PATTERNS.some((pattern) => pattern.test(words))).toBe(true);
    expect(classifyInboundText('spell stop texting me')).toBe('spell');
  });
});

describe('TZ, the time zone command', () => {
  it('reads TZ alone, TZ AUTO and TZ with a zone whatever the case, and keeps the zone as written', () => {
    expect(parseTzCommand('tz')).toEqual({ kind: 'current' });
    expect(parseTzCommand(' TZ. ')).toEqual({ kind: 'current' });
    expect(parseTzCommand('Tz auto')).toEqual({ kind: 'auto' });
    expect(parseTzCommand('TZ central')).toEqual({ kind: 'set', zone: 'central' });
    expect(parseTzCommand('TZ America/Port-au-Prince!')).toEqual({
      kind: 'set',
      zone: 'America/Port-au-Prince',
    });
    for (const body of ['tz', 'TZ AUTO', 'tz America/Chicago']) expect(classifyInboundText(body)).toBe('tz');
  });

  it('counts only as the whole message, and is never taken for an opt-out nor an opt-out for it', () => {
    expect(parseTzCommand('tz is wrong here')).toBeNull();
    expect(classifyInboundText('what tz are you in')).toBe('other');
    expect(classifyInboundText('TZ STOP')).toBe('tz');
    expect(classifyInboundText('STOP')).toBe('opt-out');
  });

  it('knows the friendly names and IANA zones in any case, and refuses the rest', () => {
    expect(zoneFromText('CENTRAL')).toBe('America/Chicago');
    expect(zoneFromText('pacific')).toBe('America/Los_Angeles');
    expect(zoneFromText('Hawaii')).toBe('Pacific/Honolulu');
    expect(zoneFromText('america/denver')).toBe('America/Denver');
    expect(zoneFromText('Europe/Madrid')).toBe('Europe/Madrid');
    for (const bad of ['Mars/Olympus', 'EST', 'central time', '../../etc/passwd', 'A'.repeat(200)]) {
      expect(zoneFromText(bad)).toBeNull();
    }
  });

  it('is what the operator’s default must be: an IANA name, saved as the zone data writes it', () => {
    expect(settingsUpdateSchema.parse({ default_time_zone: 'america/chicago' })).toEqual({
      default_time_zone: 'America/Chicago',
    });
    const refused = settingsUpdateSchema.safeParse({ default_time_zone: 'Central' });
    expect(refused.error?.issues[0]?.message).toBe(
      '"Central" is not a time zone: use a name like America/New_York or America/Chicago.',
    );
    expect(
      settingsRecordSchema.parse({ ...DEFAULT_SETTINGS, default_time_zone: undefined }).default_time_zone,
    ).toBe('America/New_York');
  });
});

describe("a sender's time zone", () => {
  it('is their TZ, else their number’s area code, else the operator’s default', () => {
    expect(senderTimeZone('+14155550100', 'America/Chicago', 'America/Denver')).toEqual({
      zone: 'America/Chicago',
      source: 'own',
    });
    expect(senderTimeZone('+14155550100', null, 'America/Denver')).toEqual({
      zone: 'America/Los_Angeles',
      source: 'area-code',
    });
    expect(senderTimeZone('+447700900123', null, 'America/Denver')).toEqual({
      zone: 'America/Denver',
      source: 'default',
    });
    // A toll-free number has no place; an upload's 'test-user' is no number.
    expect(senderTimeZone('+18005550100', null, 'America/Denver').source).toBe('default');
    expect(senderTimeZone('test-user', null, 'America/Denver').source).toBe('default');
  });

  it('reads the area codes of the US and Canada, Alaska and Hawaii included', () => {
    const zone = (number: string) => zoneOfAreaCode(number);
    expect(zone('+12125550100')).toBe('America/New_York');
    expect(zone('+13125550100')).toBe('America/Chicago');
    expect(zone('+13035550100')).toBe('America/Denver');
    expect(zone('+16025550100')).toBe('America/Phoenix');
    expect(zone('+19075550100')).toBe('America/Anchorage');
    expect(zone('+18085550100')).toBe('Pacific/Honolulu');
    expect(zone('+14165550100')).toBe('America/Toronto');
    expect(zone('+16045550100')).toBe('America/Vancouver');
    expect(zone('+16895550100')).toBe('America/New_York');
  });
});
