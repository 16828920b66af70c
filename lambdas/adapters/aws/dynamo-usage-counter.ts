import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FAILURE_CAUSES, type FailureCause } from '#core/messages/pipeline-failures';
import { expiresAtEpochSeconds } from '#core/messages/retention';
import {
  emptyUsageDay,
  USAGE_COUNTS,
  USAGE_KEPT_DAYS,
  type UsageDay,
  type UsageDelta,
} from '#core/operator/usage';
import type { UsageCounter } from '../../ports/usage-counter';
import { TABLES, USAGE_SCOPE } from './tables';

const EXPIRES_AT = TABLES.usage.timeToLiveAttribute;
/** A failure cause is stored flat (`failed_by#too-long`): ADD cannot create a map and its key in one go. */
const FAILED_BY = 'failed_by#';

/**
 * The usage counters in DynamoDB: one item a day (partition `scope` = "all", sort key the date), raised with
 * one UpdateItem ADD per event, and a range of days read with one Query (up to 366 small items, well under
 * a query page's 1 MB).
 */
export class DynamoUsageCounter implements UsageCounter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async add(date: string, delta: UsageDelta): Promise<void> {
    const names: Record<string, string> = { '#expires': EXPIRES_AT };
    const values: Record<string, number> = {
      ':expires': expiresAtEpochSeconds(`${date}T00:00:00.000Z`, USAGE_KEPT_DAYS),
    };
    const adds: string[] = [];
    USAGE_COUNTS.forEach((name, i) => {
      const value = delta[name];
      if (!value) return;
      names[`#c${i}`] = name;
      values[`:c${i}`] = value;
      adds.push(`#c${i} :c${i}`);
    });
    if (delta.failed_cause) {
      names['#cause'] = `${FAILED_BY}${delta.failed_cause}`;
      values[':cause'] = 1;
      adds.push('#cause :cause');
    }
    if (adds.length === 0) return;
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { scope: USAGE_SCOPE, date },
        UpdateExpression: `ADD ${adds.join(', ')} SET #expires = :expires`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }

  async range(from: string, to: string): Promise<Omit<UsageDay, 'estimated_cost'>[]> {
    const days: Omit<UsageDay, 'estimated_cost'>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: '#scope = :scope AND #date BETWEEN :from AND :to',
          ExpressionAttributeNames: { '#scope': 'scope', '#date': 'date' },
          ExpressionAttributeValues: { ':scope': USAGE_SCOPE, ':from': from, ':to': to },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) days.push(toDay(item));
      start = page.LastEvaluatedKey;
    } while (start);
    return days;
  }
}

function toDay(item: Record<string, unknown>): Omit<UsageDay, 'estimated_cost'> {
  const day = emptyUsageDay(String(item.date));
  for (const name of USAGE_COUNTS) {
    const value = item[name];
    if (typeof value === 'number') day[name] = value;
  }
  const failedBy: Partial<Record<FailureCause, number>> = {};
  // The failure table's causes, so a stored name is always a known one.
  for (const cause of FAILURE_CAUSES) {
    const value = item[`${FAILED_BY}${cause}`];
    if (typeof value === 'number' && value > 0) failedBy[cause] = value;
  }
  return { ...day, failed_by_reason: failedBy };
}
