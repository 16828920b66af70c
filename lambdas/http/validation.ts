/** Turns zod's findings into a ValidationError a person can act on. */
import type { z } from 'zod';
import { type FieldIssue, ValidationError } from '#core/errors';

export function toValidationError(error: z.ZodError, what: string): ValidationError {
  const issues: FieldIssue[] = error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => `"${k}"`).join(', ');
      return {
        field: field || '(body)',
        message: `Unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}: remove ${issue.keys.length > 1 ? 'them' : 'it'}.`,
      };
    }
    if (issue.code === 'invalid_type' && issue.path.length === 0) {
      return { field: '(body)', message: `The ${what} must be a JSON object.` };
    }
    return { field: field || '(body)', message: issue.message };
  });
  const summary = issues
    .map((i) => (i.field === '(body)' ? i.message : `${i.field}: ${i.message}`))
    .join(' ');
  return new ValidationError(summary, issues);
}

/** Parses with the schema or throws a ValidationError naming every problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(result.error, what);
  return result.data;
}
