/**
 * Spam the fourteenth held-out set let through, read once the fifteenth was written (issue 32, ninth session):
 * an unpaid-toll notice ("pay today by pressing one") and a remote "task" job paying by the day on WhatsApp,
 * the scams the FTC saw grow most in 2024-2025. The set's words, other phrasings, and real calls that share
 * their words.
 */
import { describe, expect, it } from 'vitest';
import { SPANISH } from '#core/texts/catalogue-spanish';
import { SALES_REASONS, SCAM_REASONS } from '#core/urgency/urgency';
import { rules } from '../support/urgency-heard';

describe('scams by what they pretend to be', () => {
  it.each([
    'This is the toll services notice line. Our records show an unpaid toll balance of $6 on your vehicle. To avoid a late fee of $50 and suspension of your registration, pay today by pressing one now, or call 800-555-0122.',
    'Final reminder: you have outstanding tolls on your account. Pay immediately to avoid collections.',
    'Your E-ZPass account shows a past due balance of $12.51. A late fee will be added after today.',
  ])('a toll said to be owed, paid now: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SCAM_REASONS.toll });
  });

  it.each([
    'Our records show them paid total balance on 6 dollars on your vehicle. To avoid a late fee on 50 dollars and suspension on your registration, pay today by pressing 1 hour or call.',
    'Your vehicle, to avoid a late-pfaity, violent and suspension of your registration, pay-to-day by pressing 1 now, or.',
  ])('the same notice with "toll" misheard: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SCAM_REASONS.registration });
  });

  it('"pay today by pressing one" is a robocall\'s menu, as "press one" is', () => {
    expect(rules('Great news about your account balance. Pay today by pressing 1 now.')).toMatchObject({
      level: 'likely_spam',
      reason: SALES_REASONS.pressMenu,
    });
    expect(rules('Hi, this is Ana at Dr. Lee. Please confirm your appointment by pressing 1.').level).toBe(
      'normal',
    );
  });

  it.each([
    "Hi there, my name is Emily, I'm a recruiter with Apex Talent Partners. We came across your resume online and we have a flexible remote position available. It only takes about 60 to 90 minutes a day, you'll be helping merchants boost their app rankings, and you can earn between $300 and $500 per day. No experience needed, training is provided. If you're interested, please send a message on WhatsApp to 213-555-0117.",
    "You can learn between 300 and 500 dollars per day no experience needed training is provided if you're interested please send a message on whatsapp go 117 again 213 555 go 117",
    'Hello, we are hiring for a part-time online position. Please contact our HR on Telegram for details.',
    'You can make 200 a day from your phone, just complete simple tasks to rate products.',
  ])('a job nobody applied for: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SCAM_REASONS.job });
  });

  it('a task job heard with WhatsApp doubted: a day rate with "no experience needed" is the second sign', () => {
    const text =
      "Hi there, my name is Enelie, in the Recruiter with Apex Talent Partners. And you can learn between 300 and 500 dollars per day no experience needed training is provided if you're interested please send a message on whatsapp to 213 555 go 117";
    expect(rules(text, ['whatsapp', 'Enelie,'])).toMatchObject({
      level: 'likely_spam',
      reason: SCAM_REASONS.job,
    });
  });

  it.each([
    "Hey, it's Dave. I borrowed your car Saturday and just got the toll bill in the mail, I'll pay it, don't worry about it.",
    'Hi, this is Priya from Brightpath Staffing. I saw your resume for the warehouse lead role, it pays $24 an hour. Call me back at 614-555-0190.',
    "It's Mom, I'm in Lisbon, message me on WhatsApp when you land, the hotel wifi is bad.",
    "Hey, it's Dana, I'm working remote from Lisbon this month, great job on the launch, message me on WhatsApp.",
    "It's Sam. The bridge has toll charges now, to avoid them take the tunnel.",
    "It's Jo, I'll transfer my half of the rent to your wallet tonight.",
    'Hey, my cousin gets paid 150 a day on the farm, the tasks are easy, want me to ask for you?',
    'The plumber charges $400 a day, so let me know if you want him for the whole job.',
    'Hi, this is Priya from Brightpath Staffing about the warehouse role you applied for. It pays 150 dollars a day, no experience needed, training is provided. Call me back at 614-555-0190.',
    "It's Carl at the DMV counter. Your registration renewal is done, the late fee was waived, no need to pay anything.",
  ])('a real call that shares their words is no spam: "%s"', (text) => {
    expect(rules(text).level).not.toBe('likely_spam');
  });

  it('the Spanish text names each new reason in Spanish', () => {
    expect(SPANISH.likelySpam('scam', SCAM_REASONS.toll)).toContain('le pide pagar un peaje por teléfono');
    expect(SPANISH.likelySpam('scam', SCAM_REASONS.registration)).toContain(
      'amenaza con suspender el registro',
    );
    expect(SPANISH.likelySpam('scam', SCAM_REASONS.job)).toContain('una oferta de empleo no solicitada');
  });
});
