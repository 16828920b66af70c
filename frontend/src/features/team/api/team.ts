import type { TeamMember, TeamView } from '@core/operator/team';
import { adminRequest } from '@/lib/admin-api';

/** The administrators and the accounts waiting for approval. */
export function loadTeam(signal?: AbortSignal): Promise<TeamView> {
  return adminRequest<TeamView>('/team', { signal });
}

/** Makes a waiting account an administrator. */
export function approveMember(id: string): Promise<TeamMember> {
  return adminRequest<TeamMember>(`/team/${encodeURIComponent(id)}/approve`, { method: 'POST' });
}

/** Removes an account (an administrator's sessions end too). */
export async function removeMember(id: string): Promise<void> {
  await adminRequest<null>(`/team/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
