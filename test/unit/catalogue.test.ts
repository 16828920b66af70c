/**
 * The catalogue of fixed texts (lambdas/core/texts/catalogue*.ts): every text a sender can get, in English and in
 * Spanish, within its budget (failure notices one segment, the others two) and in GSM-7 only, so no text
 * of ours costs UCS-2 segments; and the choice of language: the sender's LANG, else the message's language.
 */
import { describe, expect, it } from 'vitest';
import { SPELL_MAX_WORDS, SPELL_WORD_MAX_CHARS } from '#core/senders/sender-preferences';
import { fixedTexts, TEXT_LANGUAGES, type TextLanguage, textLanguage } from '#core/texts/catalogue';
import type { FailureReason } from '#core/texts/fixed-texts';
import {
  composeFailureNotice,
  composeReply,
  DAILY_LIMIT_TEXT,
  DELETE_CODE_TEXT,
  DELETED_TEXT,
  FULL_NONE_TEXT,
  HELP_TEXT,
  JOIN_NOT_CONFIRMED_TEXT,
  LANG_TEXT,
  MODE_TEXT,
  optInConfirmation,
  optOutConfirmation,
  SMS_CONSENT_CONFIRMED_TEXT,
  SPELL_TEXT,
  TZ_TEXT,
  USAGE_TEXT,
  unsupportedMediaText,
  VOICE_LIMIT_TEXT,
} from '#core/texts/service-texts';
import { segmentCount, smsEncoding } from '#core/texts/sms-text';

const REASONS = Object.keys(fixedTexts('en').failureDetail) as FailureReason[];
const LONG_NAME = 'A Very Long Service Name For Voice Messages Incorporated';
const LONG_EMAIL = `${'support.desk.for.voice.messages'.repeat(2)}@example-company.example`;

/** A full SPELL list of the longest words: the list a text must shorten most. */
const LONGEST_LIST = Array.from({ length: SPELL_MAX_WORDS }, (_, index) =>
  `${index}${'w'.repeat(SPELL_WORD_MAX_CHARS - 2)}`.slice(0, SPELL_WORD_MAX_CHARS),
);

/** Every fixed text in `language`, by name, for the service names and counts a sender can meet. */
function everyText(language: TextLanguage): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const name of ['Voice Summary', LONG_NAME]) {
    texts[`help (${name})`] = HELP_TEXT(name, LONG_EMAIL, language);
    texts[`usage (${name})`] = USAGE_TEXT(name, language);
    texts[`voice limit 1000 (${name})`] = VOICE_LIMIT_TEXT(name, 1000, language);
    texts[`voice limit 1 (${name})`] = VOICE_LIMIT_TEXT(name, 1, language);
    for (const count of [0, 1, 42]) texts[`deleted ${count} (${name})`] = DELETED_TEXT(name, count, language);
    for (const code of ['es', 'en', 'fr', 'haw', 'zh']) {
      texts[`lang set ${code} (${name})`] = LANG_TEXT(name, { kind: 'set', language: code }, language);
      texts[`lang current ${code} (${name})`] = LANG_TEXT(
        name,
        { kind: 'current', language: code },
        language,
      );
    }
    texts[`lang current none (${name})`] = LANG_TEXT(name, { kind: 'current', language: null }, language);
    texts[`lang auto (${name})`] = LANG_TEXT(name, { kind: 'auto' }, language);
    texts[`lang unknown (${name})`] = LANG_TEXT(name, { kind: 'unknown' }, language);
    for (const mode of ['full', 'summary_only'] as const) {
      texts[`mode set ${mode} (${name})`] = MODE_TEXT(name, { kind: 'set', mode }, language);
      for (const own of [true, false]) {
        texts[`mode current ${mode} own ${own} (${name})`] = MODE_TEXT(
          name,
          { kind: 'current', mode, own },
          language,
        );
      }
    }
    texts[`mode unknown (${name})`] = MODE_TEXT(name, { kind: 'unknown' }, language);
    for (const [label, words] of [
      ['empty', []],
      ['two', ['Siobhan', 'Kowalczyk']],
      ['longest', LONGEST_LIST],
    ] as const) {
      texts[`spell list ${label} (${name})`] = SPELL_TEXT(name, { kind: 'list', words }, 50, language);
      if (words.length > 0) {
        texts[`spell saved ${label} (${name})`] = SPELL_TEXT(name, { kind: 'saved', words }, 50, language);
      }
    }
    texts[`spell cleared (${name})`] = SPELL_TEXT(name, { kind: 'cleared' }, 50, language);
    texts[`spell too many (${name})`] = SPELL_TEXT(name, { kind: 'too-many', count: 1000 }, 50, language);
    for (const zone of ['America/Chicago', 'America/Argentina/ComodRivadavia']) {
      texts[`tz set ${zone} (${name})`] = TZ_TEXT(name, { kind: 'set', zone }, language);
      for (const source of ['own', 'area-code', 'default'] as const) {
        texts[`tz current ${zone} ${source} (${name})`] = TZ_TEXT(
          name,
          { kind: 'current', zone, source },
          language,
        );
        texts[`tz auto ${zone} ${source} (${name})`] = TZ_TEXT(
          name,
          { kind: 'auto', zone, source },
          language,
        );
      }
    }
    texts[`tz unknown (${name})`] = TZ_TEXT(name, { kind: 'unknown' }, language);
    texts[`full none (${name})`] = FULL_NONE_TEXT(name, language);
    texts[`delete code (${name})`] = DELETE_CODE_TEXT(name, { kind: 'code', code: '482193' }, language);
    texts[`delete code wrong (${name})`] = DELETE_CODE_TEXT(name, { kind: 'wrong' }, language);
    texts[`delete code invalid (${name})`] = DELETE_CODE_TEXT(name, { kind: 'invalid' }, language);
    texts[`join not confirmed (${name})`] = JOIN_NOT_CONFIRMED_TEXT(name, language);
    texts[`sms consent confirmed (${name})`] = SMS_CONSENT_CONFIRMED_TEXT(name, language);
    for (const command of ['full', 'upload-link'] as const) {
      for (const [perDay, minutes] of [
        [1, 1],
        [2, 59],
        [100, 1440],
      ] as const) {
        texts[`${command} limit ${perDay} in ${minutes} min (${name})`] = DAILY_LIMIT_TEXT(
          name,
          command,
          perDay,
          minutes,
          language,
        );
      }
    }
  }
  texts['unsupported media'] = unsupportedMediaText(language);
  texts['opt-out confirmation'] = optOutConfirmation(language);
  texts['opt-in confirmation'] = optInConfirmation(language);
  const words = fixedTexts(language);
  texts['empty transcript'] = words.emptyTranscript;
  texts['transcript cut note'] = words.transcriptCutNote;
  texts['possibly unreliable'] = `[${words.possiblyUnreliable}]`;
  texts['low quality'] = `[${words.lowQuality('8')}]`;
  texts['summary heading'] = words.summaryHeading(LONG_NAME);
  texts['call back'] = `${words.callBack}: (415) 555-0132`;
  return texts;
}

describe.each(TEXT_LANGUAGES)('the fixed texts in %s', (language) => {
  it.each(REASONS)('keeps the %s failure notice to one GSM-7 segment, with or without a name', (reason) => {
    for (const notice of [
      composeFailureNotice(reason, undefined, language),
      composeFailureNotice(reason, 'Voice Summary', language),
      composeFailureNotice(reason, LONG_NAME, language),
    ]) {
      expect(smsEncoding(notice)).toBe('GSM-7');
      expect(segmentCount(notice)).toBe(1);
      // The reason itself survives: a notice that lost its reason tells the sender nothing.
      expect(notice).toContain(fixedTexts(language).failureDetail[reason]);
    }
  });

  it.each(Object.entries(everyText(language)))('keeps "%s" within two GSM-7 segments', (_name, text) => {
    expect(smsEncoding(text)).toBe('GSM-7');
    expect(segmentCount(text)).toBeLessThanOrEqual(2);
  });

  it('keeps the daily-limit notice to one segment for a limit of 1,000', () => {
    expect(segmentCount(VOICE_LIMIT_TEXT('Voice Summary', 1000, language))).toBe(1);
  });

  it('names STOP and HELP in every text that must (HELP, the how-to, START, DELETE, the SMS confirmation)', () => {
    for (const text of [
      SMS_CONSENT_CONFIRMED_TEXT(LONG_NAME, language),
      HELP_TEXT('Voice Summary', 'help@example.com', language),
      USAGE_TEXT('Voice Summary', language),
      optInConfirmation(language),
      DELETED_TEXT('Voice Summary', 2, language),
    ]) {
      expect(text).toContain('STOP');
      expect(text).toContain('HELP');
    }
    expect(optOutConfirmation(language)).toContain('START');
  });

  it('lists FULL, MODE, SPELL, LANG, UPLOAD, CARDS, TZ and DELETE in HELP, whatever the name and email', () => {
    for (const name of ['Voice Summary', LONG_NAME]) {
      for (const email of ['help@example.com', LONG_EMAIL]) {
        const help = HELP_TEXT(name, email, language);
        for (const command of [
          'FULL',
          'MODE FULL',
          'MODE SUMMARY',
          'SPELL',
          'LANG',
          'UPLOAD',
          'CARDS ON',
          'TZ',
          'DELETE',
        ]) {
          expect(help).toContain(command);
        }
        expect(help.length).toBeLessThanOrEqual(320);
      }
    }
  });

  it('tells in HELP what the service does and how to get texts in the other language, with FORWARD listed', () => {
    // A new command must not push out the description (carriers read it) or LANG's explanation (a reader of the
    // other language needs it most): issue 33 added FORWARD.
    const help = HELP_TEXT('Voice Summary', 'help@example.com', language);
    expect(help).toContain(fixedTexts(language).help.description);
    expect(help).toContain(language === 'es' ? 'LANG en para inglés' : 'LANG es for Spanish');
    expect(help).toContain('FORWARD');
    expect(help.length).toBeLessThanOrEqual(306);
  });

  it('keeps the support address in HELP, with every command, for everyday names and addresses', () => {
    // HELP's two-segment budget gives up the description, then the commands' explanations, before the contact.
    for (const name of ['Voice Summary', 'Acme Voicemail Service']) {
      for (const email of ['help@voicesummary.app', 'voicemail-support@bigcompany.example']) {
        const help = HELP_TEXT(name, email, language);
        expect(help, help).toContain(email);
        for (const command of ['FULL', 'MODE FULL', 'SPELL', 'LANG', 'UPLOAD', 'CARDS ON', 'TZ', 'DELETE']) {
          expect(help, help).toContain(command);
        }
        expect(help.length).toBeLessThanOrEqual(306);
      }
    }
  });

  it('shows a SPELL list too long for a text from its start, with its whole count', () => {
    const text = SPELL_TEXT('Voice Summary', { kind: 'saved', words: LONGEST_LIST }, 50, language);
    expect(text).toContain(LONGEST_LIST[0]);
    expect(text).toContain(', ...');
    expect(text).toContain('50');
    const short = SPELL_TEXT(
      'Voice Summary',
      { kind: 'list', words: ['Siobhan', 'Kowalczyk'] },
      50,
      language,
    );
    expect(short).toContain('Siobhan, Kowalczyk');
    expect(short).not.toContain('...');
  });

  it('confirms a sign-up’s JOIN with the program’s name, frequency and rates, whatever the name', () => {
    for (const name of ['Voice Summary', LONG_NAME]) {
      const text = SMS_CONSENT_CONFIRMED_TEXT(name, language);
      // The program's name opens it (a long one shortened at a word, as in every fixed text).
      expect(name.startsWith(text.slice(0, text.indexOf(': ')))).toBe(true);
      expect(text).toMatch(language === 'en' ? /Msg & data rates may apply/ : /tarifas de mensajes y datos/);
      expect(text).toMatch(language === 'en' ? /Msg frequency varies/ : /Frecuencia de mensajes variable/);
      expect(JOIN_NOT_CONFIRMED_TEXT(name, language)).toContain(' JOIN ');
    }
  });

  it('gives the DELETE code whole with how long it works, whatever the name', () => {
    for (const name of ['Voice Summary', LONG_NAME]) {
      const text = DELETE_CODE_TEXT(name, { kind: 'code', code: '482193' }, language);
      expect(text).toContain('DELETE 482193');
      expect(text).toContain('10');
    }
  });

  it('says how to choose the reply language in HELP', () => {
    expect(HELP_TEXT('Voice Summary', 'help@example.com', language)).toMatch(/LANG (es|en)/);
    expect(HELP_TEXT('Voice Summary', LONG_EMAIL, language)).toMatch(/LANG (es|en)/);
  });
});

describe('the Spanish texts', () => {
  it('differ from the English ones: every entry is translated', () => {
    const english = everyText('en');
    const spanish = everyText('es');
    for (const name of Object.keys(english)) {
      if (name === 'low quality' || name === 'call back') continue;
      expect(spanish[name], name).not.toBe(english[name]);
    }
  });

  it('use no letter GSM-7 lacks, so no word had to lose its accent (á í ó ú never appear)', () => {
    const all = Object.values(everyText('es')).join(' ');
    expect(all).not.toMatch(/[áíóúÁÍÓÚ]/);
    // Words that need such an accent were replaced, not misspelt.
    expect(all).not.toMatch(/\b(numero|transcripcion|mas|aqui|envie|mande(lo)? de nuevo)\b/i);
  });

  it('head a Spanish reply in Spanish, around the summary and the transcript', () => {
    const [summary, transcript] = composeReply({
      mode: 'full',
      language: 'es',
      summary: {
        summary: 'Dana confirma la cita del viernes.',
        key_points: [],
        callback_number: '4155550132',
        callback_time: null,
        requested_action: null,
      },
      // Too long to text whole: the reply summarizes it.
      transcript: `Hola, soy Dana. Llámeme al 415 555 0132.${' Quería confirmar que recibió el mensaje anterior sobre la cita.'.repeat(4)}`,
      warnings: ['possibly unreliable'],
      serviceName: 'Voice Summary',
    });
    expect(summary).toMatch(/^Voice Summary - resumen: Dana confirma la cita del viernes\./);
    expect(summary).toContain('\nDevolver la llamada: (415) 555-0132');
    expect(summary).toContain('\n[puede no ser fiable]');
    expect(transcript).toMatch(/^Texto: Hola, soy Dana\./);
  });
});

describe('which language the fixed texts are in', () => {
  it("follows the sender's LANG when the catalogue has it, whatever the message's language", () => {
    expect(textLanguage('es', 'en')).toBe('es');
    expect(textLanguage('en', 'es')).toBe('en');
  });

  it("follows the message's language when the sender chose none", () => {
    expect(textLanguage(null, 'es')).toBe('es');
    expect(textLanguage(undefined, 'en')).toBe('en');
  });

  it('uses English around a summary in any other language', () => {
    expect(textLanguage(null, 'fr')).toBe('en');
    expect(textLanguage('fr', 'es')).toBe('en');
    expect(textLanguage(null, null)).toBe('en');
  });
});
