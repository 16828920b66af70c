/**
 * What the inbound use cases (lambdas/use-cases/inbound) need, over in-memory ports: one test clock that the
 * messages, the counters and the upload codes all read, a recording SMS sender, and no media to fetch.
 */
import { DELETE_CODES, DeleteCodes, UPLOAD_CODES } from '../../lambdas/adapters/aws/short-lived-code-kinds';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import type { InboundDeps } from '../../lambdas/use-cases/inbound/receive-sms';
import type { UploadDeps } from '../../lambdas/use-cases/inbound/receive-upload';
import { InMemoryCalls } from './in-memory-calls';
import { FakePhoneNumbers, InMemoryForwardingNumbers } from './in-memory-forwarding-numbers';
import { InMemoryJoinCodes } from './in-memory-join-codes';
import {
  FakeAudioTools,
  FakeMediaFetcher,
  InMemoryAudio,
  InMemoryCounters,
  InMemoryMessages,
  InMemoryOptOuts,
  InMemorySenderPreferences,
  InMemorySentTexts,
  InMemorySettings,
  RecordingEvents,
  RecordingSms,
  RecordingStarter,
  testClock,
} from './in-memory-ports';
import { InMemoryCardLinks, InMemoryShortLivedCodes } from './in-memory-short-lived-codes';
import { InMemoryConsents, InMemorySignups } from './in-memory-signups';

export const TEST_SITE_URL = 'https://voice.example.com';

/** Fresh inbound dependencies; `warnings` collects what the use cases warn about. */
export function inboundDeps() {
  const sms = new RecordingSms();
  const media = new FakeMediaFetcher(new Error('no media is fetched here'));
  const clock = testClock();
  const phoneNumbers = new FakePhoneNumbers();
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock,
    audio: new InMemoryAudio(),
    audioTools: new FakeAudioTools(),
    counters: new InMemoryCounters(),
    settings: new InMemorySettings(),
    optOuts: new InMemoryOptOuts(),
    preferences: new InMemorySenderPreferences(),
    phoneRegions: new LibPhoneNumberRegions(),
    pipeline: new RecordingStarter(),
    providers: {
      smsSender: async () => ({ sender: sms, from: '+15005550006' }),
      mediaFetcher: async () => media,
      phoneNumbers: async () => phoneNumbers,
    },
    forwardingNumbers: new InMemoryForwardingNumbers(),
    calls: new InMemoryCalls(),
    callUrls: { voice: `${TEST_SITE_URL}/api/voice`, status: `${TEST_SITE_URL}/api/voice/status` },
    serviceName: 'Voice Summary',
    contactEmail: 'help@example.com',
    uploadCodes: new InMemoryShortLivedCodes(UPLOAD_CODES, clock),
    siteUrl: TEST_SITE_URL,
    sentTexts: new InMemorySentTexts(),
    deleteCodes: new DeleteCodes(new InMemoryShortLivedCodes(DELETE_CODES)),
    cardLinks: new InMemoryCardLinks(clock),
    joinCodes: new InMemoryJoinCodes(),
    signups: new InMemorySignups(),
    consents: new InMemoryConsents(),
    warnings: [] as string[],
    warn(message: string) {
      deps.warnings.push(message);
    },
  } satisfies InboundDeps & UploadDeps & { warnings: string[] };
  return { deps, sms, media, phoneNumbers };
}
