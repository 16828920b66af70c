/**
 * The facts benchmark's scorer (bench/fact-score.ts): the figures in docs/benchmarks.md depend on it telling
 * a right fact from a wrong one, a marked doubt and a gap, so it is tested on texts written by hand, among
 * them the mis-statements issue 24 was filed with.
 */
import { describe, expect, it } from 'vitest';
import { type FactScore, scoreFirstText, type Truth } from '../../bench/fact-score';
import { timesIn } from '../../bench/fact-values';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import { FACT_VOICEMAILS } from '../support/fact-voicemails';

const SERVICE = 'Voice Summary';
// A link's random code can hold a run of digits; it is no number the caller said.
const LINK = 'https://d111111abcdef8.cloudfront.net/m/Xk3p9QaZ2065550199wR1c';

const voicemail = (id: string): Truth => {
  const found = FACT_VOICEMAILS.find((v) => v.id === id);
  if (!found) throw new Error(`No voicemail ${id}`);
  return found;
};
const verdicts = (scores: readonly FactScore[]) =>
  Object.fromEntries(scores.map((score) => [score.label, score.verdict]));

describe('the facts scorer', () => {
  it('counts a name, number and time stated as said as right, whatever the link holds', () => {
    const text = `${SERVICE}: Jenna from Lakeside Dental: Confirming your cleaning on Friday at 9.\nCall back: (206) 555-0142\n${LINK}`;
    expect(verdicts(scoreFirstText(text, voicemail('jenna-dental'), SERVICE))).toEqual({
      'name Jenna': 'right',
      'number 2065550142': 'right',
      'Friday 9': 'right',
    });
  });

  it('counts a misheard name stated plainly as wrong (issue 24: Jenna, Angela, "Hey, it\'s Dad")', () => {
    const jenna = `${SERVICE}: Jennifer from Lakeside Dental: Confirming your cleaning on Friday at 9.`;
    expect(verdicts(scoreFirstText(jenna, voicemail('jenna-dental'), SERVICE))['name Jenna']).toBe('wrong');
    const angela = `${SERVICE}: M: Jaloo at Dr. Kim's office: Your lab results are in.`;
    expect(verdicts(scoreFirstText(angela, voicemail('angela-lab'), SERVICE))['name Angela']).toBe('wrong');
    // The same name spelled another way, said the same, is right.
    const sophia = `${SERVICE}: Sophia from Riverside Realty: The showing is on Wednesday at 4:30.`;
    expect(verdicts(scoreFirstText(sophia, voicemail('sofia-realty'), SERVICE))['name Sofia']).toBe('right');
    const dad = `${SERVICE}: Fay, it's staggered: Driving up on Saturday around noon.`;
    expect(verdicts(scoreFirstText(dad, voicemail('dad'), SERVICE))['name Dad']).toBe('wrong');
  });

  it('counts amounts and card digits merged wrongly as wrong, and said in words or digits as right', () => {
    const merged = `${SERVICE}: Priya with Harbor Insurance: Your payment of $400,000 on your card ending in $7,731 went through.`;
    const wrong = verdicts(scoreFirstText(merged, voicemail('priya-insurance'), SERVICE));
    expect([wrong.$412, wrong['card 7731']]).toEqual(['wrong', 'wrong']);
    const noSign = `${SERVICE}: Bill from Harder Insurance: Your payment of 400,000 on the card ending in 7731 went through.`;
    expect(verdicts(scoreFirstText(noSign, voicemail('priya-insurance'), SERVICE)).$412).toBe('wrong');
    const said = `${SERVICE}: Priya with Harbor Insurance: Your payment of four hundred twelve dollars on the card ending in seven seven three one went through.\nCall back: (800) 555-0142 ext. 204, before 5 today`;
    expect(verdicts(scoreFirstText(said, voicemail('priya-insurance'), SERVICE))).toEqual({
      'name Priya': 'right',
      'number 8005550142': 'right',
      $412: 'right',
      'card 7731': 'right',
      'extension 204': 'right',
      '5 today': 'right',
    });
  });

  it('reads digits misheard, amounts without their unit, and numbers written as clock times', () => {
    const misheard = `${SERVICE}: Ming from Cedar Hotel: We refunded $180 to your car mending into 2600.`;
    expect(verdicts(scoreFirstText(misheard, voicemail('ming-refund'), SERVICE))).toMatchObject({
      $180: 'right',
      'card 2260': 'wrong',
    });
    const noUnit = `${SERVICE}: Xavier from Bright Electric: The quote from a new panel is 1,250 notland. I can start next Tuesday at 8:00.`;
    expect(verdicts(scoreFirstText(noUnit, voicemail('xavier-electric'), SERVICE))).toMatchObject({
      $1250: 'right',
      'Tuesday 8': 'right',
    });
    const clock = `${SERVICE}: Fatima from the County Clerk's Office: Pick them up any weekday before 4:00. My direct line is 5:12, 5:55, 0:12, 8:00.`;
    expect(scoreFirstText(clock, voicemail('fatima-clerk'), SERVICE)).toEqual([
      { kind: 'name', label: 'name Fatima', verdict: 'right', invented: false },
      { kind: 'number', label: 'number 5125550128', verdict: 'left out', invented: false },
      { kind: 'time', label: '4', verdict: 'right', invented: false },
      { kind: 'time', label: '5:12 (not said)', verdict: 'wrong', invented: true },
    ]);
    const comma = `${SERVICE}: Sam: Can I pick them up tomorrow before? Around 7:30, call me.`;
    expect(verdicts(scoreFirstText(comma, voicemail('anjali-keys'), SERVICE))['7:30 tomorrow']).toBe('right');
  });

  it('counts a wrong value stated beside the right one as wrong', () => {
    const twoNumbers = `${SERVICE}: Jenna from Lakeside Dental: Call 206-555-0199 to reschedule Friday at 9.\nCall back: (206) 555-0142`;
    expect(
      verdicts(scoreFirstText(twoNumbers, voicemail('jenna-dental'), SERVICE))['number 2065550142'],
    ).toBe('wrong');
    const twoNames = `${SERVICE}: Jennifer from Lakeside Dental: Hi, this is Jenna, confirming Friday at 9.`;
    expect(verdicts(scoreFirstText(twoNames, voicemail('jenna-dental'), SERVICE))['name Jenna']).toBe(
      'wrong',
    );
  });

  it('counts a decoder loop or a number never said as a wrong number, a missing one as left out', () => {
    const loop = `${SERVICE}: Rebecca from Dr. Patel's office: Please call us back at 888-555-555-555-555-555 011-0 to confirm.`;
    expect(verdicts(scoreFirstText(loop, voicemail('rebecca-patel'), SERVICE))['number 8885550110']).toBe(
      'wrong',
    );
    const invented = scoreFirstText(
      `${SERVICE}: Ngozi: Lunch tomorrow at 12:30? Call 206-555-0199.`,
      voicemail('ngozi-lunch'),
      SERVICE,
    );
    expect(invented).toContainEqual({
      kind: 'number',
      label: 'number 2065550199 (none given)',
      verdict: 'wrong',
      invented: true,
    });
    const none = `${SERVICE}: Rebecca from Dr. Patel's office: We need to move your appointment.`;
    expect(verdicts(scoreFirstText(none, voicemail('rebecca-patel'), SERVICE))['number 8885550110']).toBe(
      'left out',
    );
  });

  it('takes an office named as said for no invented name: "Doctor Patel\'s office" is Dr. Patel\'s office', () => {
    const office: Truth = {
      script: "Hi, it's Doctor Patel's office calling to remind you of your appointment.",
      name: null,
      number: null,
      amounts: [],
      digits: [],
      times: [],
    };
    const text = `${SERVICE}, whole message: Hi, it's Dr. Patel's office calling to remind you of your appointment.`;
    expect(scoreFirstText(text, office, SERVICE)).toEqual([]);
    const other = `${SERVICE}, whole message: Hi, it's Dr. Patton's office calling to remind you of your appointment.`;
    expect(verdicts(scoreFirstText(other, office, SERVICE))).toEqual({ 'name Patton (none given)': 'wrong' });
  });

  it('takes no contraction or "it\u2019s early" for a name: "We\u2019re here till 5:30", "it\u2019s Early Like six"', () => {
    const rudy: Truth = {
      script:
        "Your Civic's ready. We're here till half past five today, and it's early, like six. This is Rudy.",
      name: 'Rudy',
      number: null,
      amounts: [],
      digits: [],
      times: [],
    };
    const text = `${SERVICE}: Rudy(?): Your civics ready? We're here till half past five today. And it's Early Like six.`;
    expect(verdicts(scoreFirstText(text, rudy, SERVICE))['name Rudy']).toBe('unclear');
    // A name that is not the caller's is still wrong.
    const other = `${SERVICE}: Randy: Your civics ready? We're here till half past five today.`;
    expect(verdicts(scoreFirstText(other, rudy, SERVICE))['name Rudy']).toBe('wrong');
  });

  it('counts a number marked unclear as unclear, and "listen at 0:42" as no time', () => {
    const text = `${SERVICE}: Jenna from Lakeside Dental: Confirming your cleaning on Friday at 9.\nNumber unclear, listen at 0:42\n${LINK}#t=42`;
    expect(verdicts(scoreFirstText(text, voicemail('jenna-dental'), SERVICE))).toEqual({
      'name Jenna': 'right',
      'number 2065550142': 'unclear',
      'Friday 9': 'right',
    });
    const cut = `${SERVICE}: Tom: Cover the client meeting tomorrow at 10.\nCall back: 206-555-[unclear]`;
    expect(verdicts(scoreFirstText(cut, voicemail('tom-airport'), SERVICE))['number 2065551987']).toBe(
      'unclear',
    );
  });

  it('counts a value marked "(?)" as unclear, right or wrong, and reads the whole message as the gist', () => {
    const whole = `${SERVICE}, whole message: Hi, this is Jennifer(?) from Lakeside Gentle. I'm calling to confirm your cleaning on Friday at 9. Please call us at 206-555-0142(?).\nNumber unclear, listen at 0:00\n${LINK}#t=0`;
    expect(verdicts(scoreFirstText(whole, voicemail('jenna-dental'), SERVICE))).toEqual({
      'name Jenna': 'unclear',
      'number 2065550142': 'unclear',
      'Friday 9': 'right',
    });
    const amounts = `${SERVICE}, whole message: Hi, it's Priya with Harbor Insurance. Your payment of $400(?) while dollar's on the card ending in 7731(?) went through.`;
    expect(verdicts(scoreFirstText(amounts, voicemail('priya-insurance'), SERVICE))).toMatchObject({
      'name Priya': 'right',
      $412: 'unclear',
      'card 7731': 'unclear',
    });
    const time = `${SERVICE}, whole message: Hi, it's Karen, your landlord. The water will be off on Tuesday from 8am(?) to noon.`;
    expect(verdicts(scoreFirstText(time, voicemail('karen-landlord'), SERVICE))['Tuesday 8']).toBe('unclear');
    // A mark is about the value it follows, not the rest of its sentence.
    const beside = `${SERVICE}, whole message: Hello, it's Angela at Dr. Kim's office. Please call me back before 5 today(?) at 312-555-0178.`;
    expect(verdicts(scoreFirstText(beside, voicemail('angela-lab'), SERVICE))).toEqual({
      'name Angela': 'right',
      'number 3125550178': 'right',
      '5 today': 'unclear',
    });
  });

  it('counts a name left out or marked unclear as such, and a company introduced as no name at all', () => {
    const leftOut = `${SERVICE}: From Lakeside Dental: Confirming your cleaning on Friday at 9.`;
    expect(verdicts(scoreFirstText(leftOut, voicemail('jenna-dental'), SERVICE))['name Jenna']).toBe(
      'left out',
    );
    const marked = `${SERVICE}: Caller's name unclear. Lakeside Dental is confirming your cleaning on Friday at 9.`;
    expect(verdicts(scoreFirstText(marked, voicemail('jenna-dental'), SERVICE))['name Jenna']).toBe(
      'unclear',
    );
    const company = `${SERVICE}: Hello, this is Pacific Gas and Power calling about your account ending in 8152. Please pay $94 by the 15th.`;
    expect(verdicts(scoreFirstText(company, voicemail('utility-bill'), SERVICE))).toEqual({
      $94: 'right',
      'account 8152': 'right',
      'the 15': 'right',
    });
    const named = `${SERVICE}: Greg from Greenfield Pharmacy: Your prescription is ready, open until 8 pm tonight and from 9 am tomorrow.`;
    expect(scoreFirstText(named, voicemail('pharmacy'), SERVICE)[0]).toEqual({
      kind: 'name',
      label: 'name Greg (none given)',
      verdict: 'wrong',
      invented: true,
    });
  });

  it('counts a time the caller did not give as wrong, and a day without its hour as left out', () => {
    const wrongHour = `${SERVICE}: Jenna from Lakeside Dental: Confirming your cleaning on Friday at 5.`;
    expect(verdicts(scoreFirstText(wrongHour, voicemail('jenna-dental'), SERVICE))['Friday 9']).toBe('wrong');
    // A number said badly ("at two zero to five hundred") is no time stated.
    const garbled = `${SERVICE}: Please pause at two zero to five hundred. Openings on the at three.`;
    expect(verdicts(scoreFirstText(garbled, voicemail('mei-vet'), SERVICE))['Monday 3']).toBe('left out');
    const dayOnly = `${SERVICE}: Jenna from Lakeside Dental: Confirming your cleaning on Friday.`;
    expect(verdicts(scoreFirstText(dayOnly, voicemail('jenna-dental'), SERVICE))['Friday 9']).toBe(
      'left out',
    );
    // "Thursday" was said (the old appointment): stating it is not wrong; both offered times are right.
    const both = `${SERVICE}: Rebecca from Dr. Patel's office: Your Thursday appointment moves to Friday at 9 am or Monday at 4 pm.`;
    expect(verdicts(scoreFirstText(both, voicemail('rebecca-patel'), SERVICE))).toMatchObject({
      'Friday 9': 'right',
      'Monday 4': 'right',
    });
  });

  it('takes a text opening "I\'m at..." for no name, and a date the truth holds for one said (issue 32)', () => {
    // The third held-out set's inspector: "I'm" was read as a wrong name.
    const speaking = `${SERVICE}: I'm at the Larkin Street job, your framing inspection. I can wait till 2 today.`;
    const inspector: Truth = {
      script:
        "Hi, Marisol Vega, city building department. I'm at the Larkin Street job. I can wait till about two today.",
      name: 'Marisol',
      number: null,
      amounts: [],
      digits: [],
      times: [{ relative: 'today', hour: 2 }],
    };
    expect(verdicts(scoreFirstText(speaking, inspector, SERVICE))).toEqual({
      'name Marisol': 'left out',
      '2 today': 'right',
    });
    // "October second" in words is the truth's date 2: "October 2nd" stated right makes no other time wrong.
    const billing: Truth = {
      script: 'A balance from your October second visit. We are here weekdays eight to four thirty.',
      name: null,
      number: null,
      amounts: [],
      digits: [],
      times: [{ date: 2 }, { hour: 8 }, { hour: 4, minute: 30 }],
    };
    const dateOnly = `${SERVICE}: A balance from your October 2nd visit.`;
    expect(verdicts(scoreFirstText(dateOnly, billing, SERVICE))).toEqual({
      'the 2': 'right',
      '8': 'left out',
      '4:30': 'left out',
    });
  });
});

describe('times said by the quarter', () => {
  it('reads "quarter to 9:00", "quarter to six", "half past eight" as a reader does', () => {
    expect(timesIn('Tuesday at quarter to 9:00 in the morning').clock).toContainEqual({
      hour: 8,
      minute: 45,
    });
    expect(timesIn('Tuesday at quarter to 9:00 in the morning').clock).not.toContainEqual({
      hour: 9,
      minute: null,
    });
    expect(timesIn("It's quarter to six and she's still here").clock).toEqual([{ hour: 5, minute: 45 }]);
    expect(timesIn('the bus leaves at half past eight').clock).toContainEqual({ hour: 8, minute: 30 });
    expect(timesIn('a quarter after nine works').clock).toEqual([{ hour: 9, minute: 15 }]);
  });
});

describe('the facts benchmark set', () => {
  it('has at least 30 voicemails, each callback number a valid US number', () => {
    expect(FACT_VOICEMAILS.length).toBeGreaterThanOrEqual(30);
    const regions = new LibPhoneNumberRegions();
    const numbers = FACT_VOICEMAILS.flatMap((v) => (v.number === null ? [] : [v.number]));
    expect(numbers.filter((n) => regions.countryOf(`+1${n}`) !== 'US')).toEqual([]);
    expect(new Set(FACT_VOICEMAILS.map((v) => v.id)).size).toBe(FACT_VOICEMAILS.length);
  });
});
