/**
 * What each set of the heard benchmark is, and whether anyone has read it (docs/held-out-sets.md): quoted in
 * its section of docs/benchmarks.md. A set "not read by anyone tuning the rules" measures the service and
 * trains nothing (test/unit/urgency-learned.test.ts holds the learned urgency opinion to that).
 */
export const SET_ABOUT: Readonly<Record<string, string>> = {
  heldout17:
    "the seventeenth held-out set (test/support/heldout17-voicemails.ts, written by someone who had read neither the rules nor the other sets, told to avoid the situations earlier sets kept choosing, the fourteenth and twelfth sets' included, and to report counts only; not read by anyone tuning the rules)",
  heldout16:
    'the sixteenth held-out set (test/support/heldout16-voicemails.ts, written by someone who had read neither the rules nor the other sets, told to avoid the situations earlier sets kept choosing, unpaid tolls and task jobs included, and to report counts only; not read by anyone tuning the rules)',
  heldout15:
    "the fifteenth held-out set (test/support/heldout15-voicemails.ts, written by someone who had read neither the rules nor the other sets, told to avoid the situations earlier sets kept choosing, the fourteenth's included, and to report counts only; measured unread in issue 32's eighth session, then read in the ninth once the sixteenth had been measured and a seventeenth written)",
  heldout14:
    "the fourteenth held-out set (test/support/heldout14-voicemails.ts, written by someone who had read neither the rules nor the other sets, told to avoid the situations earlier sets kept choosing and to vary the shape of a voicemail; measured unread at the start and end of issue 32's eighth session, then read once the fifteenth had been written)",
  heldout13:
    'the thirteenth held-out set (test/support/heldout13-voicemails.ts, written by someone who had read neither the rules nor the other sets, told to avoid the situations earlier sets kept choosing; not read by anyone tuning the rules)',
  heldout12:
    "the twelfth held-out set (test/support/heldout12-voicemails.ts, written by someone who had read neither the rules nor the other sets, told to avoid the situations earlier sets kept choosing; read in issue 32's seventh session once the thirteenth had been measured)",
  heldout11:
    "the eleventh held-out set (test/support/heldout11-voicemails.ts, written by someone who had read neither the rules nor the other sets; read in issue 32's seventh session, once the twelfth had been measured)",
  heldout10:
    "the tenth held-out set (test/support/heldout10-voicemails.ts, written by someone who had read neither the rules nor the other sets; measured unread at the start of issue 32's seventh session, part of its failures seen by accident then, read once the eleventh set was written)",
  heldout9:
    "the ninth held-out set (test/support/heldout9-voicemails.ts, written by someone who had read neither the rules nor the other sets; read in issue 32's seventh session, once the tenth set had been measured)",
  heldout8:
    "the eighth held-out set (test/support/heldout8-voicemails.ts, written by someone who had read neither the rules nor the other sets; read after its runs in issue 32's sixth session, once the ninth set had been measured)",
  heldout7:
    "the seventh held-out set (test/support/heldout7-voicemails.ts, written by someone who had read neither the rules nor the other sets; read after its first two runs when issue 32's fifth session began)",
  heldout6:
    'the sixth held-out set (test/support/heldout6-voicemails.ts, written by someone who had read neither the rules nor the other sets, situations chosen to be less common in such sets; read after its first runs and its wrong events fixed)',
  heldout5:
    'the fifth held-out set (test/support/heldout5-voicemails.ts, written by someone who had read neither the rules nor the other sets, about two thirds of it situations of their own; read and tuned on after its first runs)',
  heldout4:
    'the fourth held-out set (test/support/heldout4-voicemails.ts, written by someone who had read neither the rules nor the other sets, two thirds of it situations of their own; read and tuned on after its first runs)',
  heldout3:
    'the third held-out set (test/support/heldout3-voicemails.ts, written by someone who had read neither the rules nor the other sets, half of it situations of their own)',
  heldout2:
    'the second held-out set (test/support/heldout2-voicemails.ts, written by someone who had not read the rules, after the first set had been tuned on)',
  heldout:
    'the first held-out set (test/support/heldout-voicemails.ts, written by someone who had not read the rules; measured before any tuning, then used for development)',
  dev: "the development set (test/support/heard-dev-voicemails.ts, written by the benchmark's author)",
};
