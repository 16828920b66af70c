import { describe, expect, it } from 'vitest';
import {
  allowedSources,
  canStartProcessing,
  canTransition,
  MESSAGE_STATUSES,
  STATUS_PRESENTATION,
} from '#core/messages/status';

describe('message status rules', () => {
  it('lets a received message start processing or fail before it starts', () => {
    expect(canTransition('pending', 'processing')).toBe(true);
    expect(canTransition('pending', 'failed')).toBe(true);
    expect(canTransition('pending', 'completed')).toBe(false);
  });

  it('finishes a run as completed or failed, and allows restarting a stuck run', () => {
    expect(canTransition('processing', 'completed')).toBe(true);
    expect(canTransition('processing', 'failed')).toBe(true);
    expect(canTransition('processing', 'processing')).toBe(true);
    expect(canTransition('processing', 'pending')).toBe(false);
  });

  it('never changes a completed message again', () => {
    for (const to of MESSAGE_STATUSES) expect(canTransition('completed', to)).toBe(false);
  });

  it('lets a failed message be retried but not marked completed directly', () => {
    expect(canTransition('failed', 'processing')).toBe(true);
    expect(canTransition('failed', 'completed')).toBe(false);
  });

  it('knows which statuses a transition may start from', () => {
    expect(allowedSources('processing').sort()).toEqual(['failed', 'pending', 'processing']);
    expect(allowedSources('completed')).toEqual(['processing']);
  });

  it('offers the dashboard actions the spec names for each status', () => {
    expect(STATUS_PRESENTATION.pending).toEqual({ text: 'Waiting to process...', action: 'Process Now' });
    expect(STATUS_PRESENTATION.processing).toEqual({
      text: 'Processing audio message...',
      action: 'Retry Now',
    });
    expect(STATUS_PRESENTATION.completed.action).toBeNull();
    expect(STATUS_PRESENTATION.failed.action).toBe('Retry Processing');
    expect(MESSAGE_STATUSES.filter(canStartProcessing)).toEqual(['pending', 'processing', 'failed']);
  });
});
