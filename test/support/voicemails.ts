/**
 * Long voicemails (25-35 seconds) of the kind issue 18 was tried with: what the caller says, and what a first
 * message must keep from it (the caller's name, the organization, the callback number's digits, a time). The
 * reply benchmark speaks them with flite and transcribes them with the offline engine; the unit tests read
 * transcripts of them as the engine wrote them, mis-hearings included.
 */
export type Voicemail = {
  readonly id: string;
  /** What the caller says (flite reads digits one by one when they are written as words). */
  readonly script: string;
  /** The caller's first name as the first message must show it. */
  readonly name: string;
  /** The organization, when the caller says one. */
  readonly organization: string | null;
  /** The callback number's digits, when one is said. */
  readonly number: string | null;
  /** A word of the time or day the caller offers, when one is said ("Friday", "4"). */
  readonly time: string | null;
};

export const LONG_VOICEMAILS: readonly Voicemail[] = [
  {
    id: 'doctor',
    script:
      "Hi, this is Rebecca calling from Doctor Patel's office. We need to move your appointment on Thursday because the doctor will be away at a conference that week, and we are very sorry for the trouble. We can offer you Friday at nine a m or Monday at four p m. Please call us back at five five five, eight seven three, zero four two one to confirm which one works for you. Thank you, bye.",
    name: 'Rebecca',
    organization: "Patel's office",
    number: '5558730421',
    time: 'Friday',
  },
  {
    id: 'airport',
    script:
      "Hey, it's Tom. Listen, I'm stuck at the airport in Denver, my flight got cancelled and the next one is not until tomorrow morning. Can you cover the client meeting at ten for me? The notes are in the shared folder, and the slides are the ones we went over on Monday. Call me on my cell, two zero six, five five five, one nine eight seven, when you get this.",
    name: 'Tom',
    organization: null,
    number: '2065551987',
    time: '10',
  },
  {
    id: 'nurse',
    script:
      'Hello, this is Maria, the school nurse at Lincoln Elementary. Your son Jacob came to my office with a fever of a hundred and one and he needs to be picked up. Please call me back as soon as you can at five five five, two one four, three three nine zero. He is resting here until then, and he says he feels a little better now.',
    name: 'Maria',
    organization: 'Lincoln Elementary',
    number: '5552143390',
    time: null,
  },
  {
    id: 'bank',
    script:
      'Hello, my name is Daniel and I am calling from the fraud department of First National Bank. We noticed an unusual charge of four hundred dollars on your debit card. If you did not make it, please call us at eight zero zero, five five five, zero one nine nine, before five p m today. Your card is on hold until we hear from you, so any payments you make with it will be declined.',
    name: 'Daniel',
    organization: 'First National Bank',
    number: '8005550199',
    time: '5',
  },
  {
    id: 'plumber',
    script:
      'Hi, this is Steve from Acme Plumbing returning your call about the water heater. I can come by on Wednesday between one and three in the afternoon. The part will cost about two hundred dollars, and the job should take about two hours. Give me a call at five five five, six two eight, four four one seven if that works. Thanks.',
    name: 'Steve',
    organization: 'Acme Plumbing',
    number: '5556284417',
    time: 'Wednesday',
  },
  {
    id: 'landlord',
    script:
      "Hi, it's Karen, your landlord. The city will shut off the water in the building on Tuesday from eight a m to noon for repairs. Please fill the kettle the night before, and keep the taps closed until the work is done. If you have any questions, you can reach me at five five five, nine zero one, seven seven two six, any time after six p m.",
    name: 'Karen',
    organization: null,
    number: '5559017726',
    time: '6',
  },
];
