/** The forwarding numbers and calls (issue 33) in memory, for the call use cases' unit tests. */
import { type Call, callSchema } from '#core/calls/call';
import { type ForwardingNumber, forwardingNumberSchema } from '#core/calls/forwarding-number';
import type { CallRepository } from '../../lambdas/ports/calls';
import type { ForwardingNumberRepository } from '../../lambdas/ports/forwarding-numbers';

export class InMemoryForwardingNumbers implements ForwardingNumberRepository {
  readonly items = new Map<string, ForwardingNumber>();
  async get(number: string) {
    return this.items.get(number) ?? null;
  }
  async findBySubscriber(subscriber: string) {
    return [...this.items.values()].find((item) => item.subscriber === subscriber) ?? null;
  }
  async put(record: ForwardingNumber) {
    this.items.set(record.number, forwardingNumberSchema.parse(record));
  }
  async update(number: string, changes: Partial<Omit<ForwardingNumber, 'number'>>) {
    const item = this.items.get(number);
    if (item) this.items.set(number, { ...item, ...changes });
  }
  async delete(number: string) {
    this.items.delete(number);
  }
  async list() {
    return [...this.items.values()];
  }
}

export class InMemoryCalls implements CallRepository {
  readonly items = new Map<string, Call>();
  async get(callSid: string) {
    return this.items.get(callSid) ?? null;
  }
  async create(call: Call) {
    if (this.items.has(call.call_sid)) return false;
    this.items.set(call.call_sid, callSchema.parse(call));
    return true;
  }
  async update(callSid: string, changes: Partial<Omit<Call, 'call_sid'>>) {
    const item = this.items.get(callSid);
    if (item) this.items.set(callSid, { ...item, ...changes });
  }
  async deleteBySubscriber(subscriber: string) {
    const theirs = [...this.items.values()].filter((call) => call.subscriber === subscriber);
    for (const call of theirs) this.items.delete(call.call_sid);
    return theirs.length;
  }
}

/** A subscriber's forwarding number as FORWARD would have stored it (`confirmed`: the test call came). */
export function forwardingNumber(
  number: string,
  subscriber: string,
  changes: Partial<ForwardingNumber> = {},
): ForwardingNumber {
  return forwardingNumberSchema.parse({
    number,
    provider_sid: `PN${'0'.repeat(32)}`,
    subscriber,
    created_at: '2026-01-01T00:00:00.000Z',
    ...changes,
  });
}
