/**
 * What a sentence does for the listener, as the extractive summarizer reads it: asks for something (a
 * callback above all), passes on news, introduces the caller, or is only a pleasantry.
 */

/** Asking the listener to do something. */
export const REQUEST =
  /\b(call me|call us|call back|callback|give (?:me|us) a (?:call|ring)|get back to|text me|reach me|let me know|please|can you|could you|would you)\b/i;
/** Needs and reminders: requests too, but weaker ("I'm calling to remind you" is not a request). */
export const WEAK_REQUEST = /\b(need|needs|remind|asap|urgent|as soon as|make sure|don't forget)\b/i;
/** "No need to call back": the opposite of a request. */
export const NEGATED_REQUEST =
  /\b(no need|don't need to|do not need to|don't have to|don't call|do not call|no rush)\b/i;
/** Passing on news is worth keeping too. */
export const INFORMING =
  /\b(let you know|wanted to tell|just so you know|heads up|reminder|confirm|cancel|moved|arrived|ready)\b/i;
export const CALLBACK = /\b(call|calls|ring|reach|text|get back|contact|phone)\b/i;
export const INTRODUCTION = /\b(this is|my name is|calling from|i'm calling|it's \p{Lu})/iu;
/** What the call is about: "calling about your daughter", "calling back about your water heater". */
export const TOPIC =
  /\b(?:calling|call|called|message)\s+(?:you\s+)?(?:back\s+)?(?:about|regarding|concerning)\b/i;
/** Money: "$850", "eight hundred fifty dollars", "the total", "a deposit of", "a late fee". */
export const AMOUNT =
  /\$\s?\d|\b(?:dollars?|bucks|cents|deposit|fee|total|balance|price|quote|estimate|cost|costs|charge|payment|refund(?:ed)?|owe|invoice)\b/i;
/** Why a call matters, said in one sentence (core/texts/sentence-weight.ts: the reply weighs it too). */
export { REASON } from '#core/texts/sentence-weight';

/**
 * Courtesy that tells the listener nothing: "I'm sorry to bother you", "hope you're well", after any greetings
 * ("Hey, good afternoon, hope you're doing well." was picked for a summary's spare room).
 */
const COURTESY =
  /^(?:(?:hey|hi|hello|good (?:morning|afternoon|evening))[\s,.!]+)*(?:(?:i'm |i am )?sorry (?:to bother you|for the (?:late )?call)|(?:i )?hope (?:you're|you are|all is) (?:well|doing well|good)|thanks?(?: you)?(?: so much| very much)?(?: for (?:your|the) \w+)?|have a (?:good|nice|great) (?:day|one|evening|weekend)|talk (?:to you )?soon|take care|bye)[.!,]?$/i;

/**
 * Who the message is for (issue 32): "Hello, this message is for Dana Whitfield." The listener knows; it is
 * not news.
 */
const ADDRESSEE =
  /^(?:(?:hi|hello|hey|good (?:morning|afternoon|evening))[\s,.!]+)?(?:(?:this|the) (?:message|call|voicemail) is for|this is a message for|(?:i'm |i am )?(?:trying to reach|leaving a message for|calling for|looking for))\s+(?:(?:mr|mrs|ms|dr)\.\s+)?[^,.!?;]{1,40}[.!?]?$/i;

/**
 * Small talk (issue 32): "Hope the weekend was good.", "Hope you and the kids are doing well, and I hope the
 * boat survived the summer." Nothing in it to act on.
 */
const SMALL_TALK =
  /^(?:(?:hey|hi|hello|oh|so|good (?:morning|afternoon|evening))[\s,.!]+)*(?:i )?hope (?:you|you're|you are|you guys|you and [\w' ]{1,20}?|all|everyone|everybody|the (?:weekend|week|trip|holiday|holidays|vacation|family|kids)|your (?:weekend|week|trip|holiday|holidays|vacation|family|kids|day))\b[^.!?]{0,40}?\b(?:well|good|great|fine|okay|ok|nice|fun|relaxing|safe|better)\b[^.!?]{0,60}[.!?]?$/i;

/** A sentence that only greets, thanks, apologises, names who it is for or makes small talk. */
export const isCourtesy = (sentence: string): boolean => {
  const text = sentence.trim();
  return (
    COURTESY.test(text) ||
    ADDRESSEE.test(text) ||
    (SMALL_TALK.test(text) && !/\d/.test(text) && !REQUEST.test(text))
  );
};

/**
 * Where a caller turns from chat to the point (issue 32): "Listen, the inspector came by...", "Anyway, the
 * reason I'm calling...". What comes before it, unless it carries something to act on, is chat.
 */
export const PIVOT =
  /^(?:(?:but|so|okay|ok|well|hey)[\s,]+)?(?:listen|anyway|anyways|look|the reason (?:i'm|i am) calling|(?:i'm|i am) calling because|reason for (?:my|the) call)\b/i;
const PLEASANTRY =
  /^(hi|hello|hey|hi there|thanks|thank you|thanks bye|thank you bye|bye|bye bye|goodbye|ok|okay|talk to you later|talk soon|have a (good|nice|great) (day|one|evening|weekend))$/i;

/** A sentence that is only a greeting or a sign-off. */
export function isPleasantry(sentence: string): boolean {
  const words = sentence
    .toLowerCase()
    .replace(/[^\p{L}\s']/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  return PLEASANTRY.test(words.join(' '));
}
