/** The forwarding numbers (issue 33) in memory, for use-case tests: the same contract as the DynamoDB table. */
import { type ForwardingNumber, forwardingNumberSchema } from '#core/calls/forwarding-number';
import type { ForwardingNumberRepository } from '../../lambdas/ports/forwarding-numbers';
import type { BoughtNumber, PhoneNumberProvider } from '../../lambdas/ports/phone-numbers';

export class InMemoryForwardingNumbers implements ForwardingNumberRepository {
  readonly items = new Map<string, ForwardingNumber>();

  async get(number: string) {
    return this.items.get(number) ?? null;
  }
  async findBySubscriber(subscriber: string) {
    const mine = [...this.items.values()].filter((n) => n.subscriber === subscriber);
    return mine.sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
  }
  async put(record: ForwardingNumber) {
    this.items.set(record.number, forwardingNumberSchema.parse(record));
  }
  async update(number: string, changes: Partial<Omit<ForwardingNumber, 'number'>>) {
    const item = this.items.get(number);
    if (item) this.items.set(number, forwardingNumberSchema.parse({ ...item, ...changes }));
  }
  async delete(number: string) {
    this.items.delete(number);
  }
  async list() {
    return [...this.items.values()];
  }
}

/** A phone-number provider that sells from a list and records what it was asked. */
export class FakePhoneNumbers implements PhoneNumberProvider {
  readonly bought: (BoughtNumber & { areaCode: string | null; voiceUrl: string })[] = [];
  readonly released: string[] = [];
  failure: Error | null = null;
  private next = 0;

  async buy(options: Parameters<PhoneNumberProvider['buy']>[0]): Promise<BoughtNumber> {
    if (this.failure) throw this.failure;
    this.next += 1;
    const number = `+1${options.areaCode ?? '312'}555${String(this.next).padStart(4, '0')}`;
    const sid = `PN${this.next.toString(16).padStart(32, '0')}`;
    this.bought.push({ number, sid, areaCode: options.areaCode, voiceUrl: options.voiceUrl });
    return { number, sid };
  }
  async release(sid: string): Promise<void> {
    if (this.failure) throw this.failure;
    this.released.push(sid);
  }
}
