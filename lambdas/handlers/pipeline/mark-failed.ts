// PLACEHOLDER so the CDK app synthesizes before the pipeline handlers exist: the engineer writing the voice
// pipeline replaces this file before merge. It fails every invocation on purpose.
export const handler = async () => {
  throw new Error('not implemented');
};
