/**
 * A forwarding number's call minutes this month (issue 33): the calls helper adds each call's minutes (rounded
 * up to a whole minute, as Twilio bills them) to this counter, and the operator's list of numbers reads it for
 * the number's monthly cost. One key a number a month, so a new month starts at zero.
 */

/** `call-minutes#+13125550100#2026-11`: the counter of a number's minutes in a UTC month (`yyyyMm`, `2026-11`). */
export function callMinutesKey(number: string, yyyyMm: string): string {
  return `call-minutes#${number}#${yyyyMm}`;
}

/** The UTC month of an ISO time, `2026-11`. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}
