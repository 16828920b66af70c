/**
 * A DynamoDB `SET a = :a, b = :b` update expression for the fields of a change object (undefined fields are
 * left alone; null is stored as null), with its attribute names and values.
 */
export function setExpression(changes: Record<string, unknown>): {
  readonly UpdateExpression: string;
  readonly ExpressionAttributeNames: Record<string, string>;
  readonly ExpressionAttributeValues: Record<string, unknown>;
} | null {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const i = sets.length;
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  }
  if (sets.length === 0) return null;
  return {
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
