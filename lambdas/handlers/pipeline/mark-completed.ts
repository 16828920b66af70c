/** MarkCompleted: the run is done. Uses the messages table only. */
import { messageChanges } from '../../composition/message-changes';
import { usage } from '../../composition/usage';
import { markCompleted } from '../../use-cases/pipeline/outcome';
import { pipelineStep } from './step';

export const handler = pipelineStep(
  'mark-completed',
  markCompleted,
  { ...messageChanges(), usage: usage() },
  (_, metrics) => metrics.addMetric('MessagesCompleted', 'Count', 1),
);
