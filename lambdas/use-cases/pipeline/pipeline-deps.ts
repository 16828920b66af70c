/**
 * Everything any pipeline step uses, in one type (for a host or test that builds all the steps at once). Each
 * step's handler builds only its own part: the step modules declare their own dependencies.
 */
import type { MarkFailedDeps } from './outcome';
import type { PrepareAudioDeps } from './prepare-audio';
import type { SendReplyDeps } from './reply-steps';
import type { SummarizeDeps } from './summarize';
import type { TranscribeDeps } from './transcribe';

/** Everything any step uses (each step's handler builds only its own part). */
export type PipelineDeps = PrepareAudioDeps & TranscribeDeps & SummarizeDeps & MarkFailedDeps & SendReplyDeps;
