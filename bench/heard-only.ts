/**
 * The heard benchmark alone (issue 32), for a checkout whose lambdas/ are older than bench/: `bench/run.ts`
 * imports every benchmark, and the newer ones import adapters an older checkout does not have. Used for the
 * "before" sections: in a worktree of the older commit with this commit's bench/ and test/support/ copied in,
 * `BENCH_HEARD_SET=heldout2 BENCH_HEARD_SECTION=heard2-before npx tsx bench/heard-only.ts` (drop the urgency
 * second opinion from bench/heard.ts there when the older lambdas/ lack it).
 */
import { benchHeard } from './heard';

await benchHeard();
