/**
 * Who may watch the dashboard's live list (SPEC section 4, "Live updates") and where: an administrator now,
 * as the user directory says at the moment of subscribing (the token's `cognito:groups` claim says who was an
 * administrator when it was issued, and a removed administrator's token outlives the removal), on the current
 * channel only. The channel moves whenever an account leaves the team (core/messages/live-updates.ts says why).
 */
import { LIVE_CHANNEL_MOVED, type LiveChannel, liveChannelPath } from '#core/messages/live-updates';
import type { LiveChannelStore } from '../ports/live-channel-store';
import type { LiveNotices } from '../ports/message-events';
import type { AdminMembership } from '../ports/user-directory';

export type LiveAccess =
  | { readonly allowed: true }
  /** `reason` is what the subscriber is told (AppSync passes it back in the subscribe error). */
  | { readonly allowed: false; readonly reason: string };

export type LiveAccessDeps = {
  readonly membership: AdminMembership;
  readonly channels: LiveChannelStore;
};

/**
 * An administrator now, subscribing to the current channel by its exact name: a pattern such as
 * `/messages/*` is refused, or a subscription made before a removal would outlive every move.
 */
export async function liveAccessOf(
  deps: LiveAccessDeps,
  accountId: string,
  channel: string,
): Promise<LiveAccess> {
  if (!(await deps.membership.isAdmin(accountId))) {
    return {
      allowed: false,
      reason: 'Only administrators of this service may watch message changes: this account is not one (now).',
    };
  }
  if (channel !== liveChannelPath(await deps.channels.current())) {
    return {
      allowed: false,
      reason: 'This is not the live channel now: ask GET /api/live-channel for the current one.',
    };
  }
  return { allowed: true };
}

/** GET /api/live-channel: the channel administrators subscribe to now. */
export async function currentLiveChannel(channels: LiveChannelStore): Promise<LiveChannel> {
  return { channel: liveChannelPath(await channels.current()) };
}

export type LiveChannelMoveDeps = {
  readonly channels: LiveChannelStore;
  readonly notices: LiveNotices;
  /** The move stands when the notice is lost: pages on the old channel see nothing until they reload. */
  readonly onNoticeError: (error: unknown) => void;
};

/**
 * Moves the live list to a new channel and tells the pages on the old one, which ask for the new name
 * (administrators get it; anyone else is refused there and at the subscription).
 */
export async function moveLiveChannel(deps: LiveChannelMoveDeps): Promise<void> {
  const { previous } = await deps.channels.replace();
  if (previous === null) return;
  try {
    await deps.notices.announce(liveChannelPath(previous), LIVE_CHANNEL_MOVED);
  } catch (error) {
    deps.onNoticeError(error);
  }
}
