/** One SSM parameter's value, read when first needed and kept for a few minutes per container. */
import { GetParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';

export class CachedParameter {
  private cached: { readonly value: string; readonly at: number } | undefined;

  constructor(
    private readonly ssm: SSMClient,
    private readonly name: string,
    private readonly maxAgeMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.cached && this.now() - this.cached.at < this.maxAgeMs) return this.cached.value;
    const { Parameter } = await this.ssm.send(new GetParameterCommand({ Name: this.name }));
    if (!Parameter?.Value) throw new Error(`The SSM parameter ${this.name} has no value.`);
    this.cached = { value: Parameter.Value, at: this.now() };
    return Parameter.Value;
  }
}
