import { useState } from 'react';
import { getIdToken } from '@/features/auth/api/auth';
import { AdminGate } from '@/features/auth/components/admin-gate';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { MESSAGES_SECTION_ID, MessagesSection } from '@/features/messages/components/messages-section';
import { useLiveMessages } from '@/features/messages/hooks/use-live-messages';
import { SettingsModal } from '@/features/settings/components/settings-modal';
import { SignupsPanel } from '@/features/signups/components/signups-panel';
import { TeamPanel } from '@/features/team/components/team-panel';
import { UploadPanel } from '@/features/upload/components/upload-panel';
import { SmsBudgetBanner } from '@/features/usage/components/sms-budget';
import { UsagePanel } from '@/features/usage/components/usage-panel';
import { WebhookBox } from '@/features/webhook/components/webhook-box';
import { setAdminTokenSource } from '@/lib/admin-api';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

// Admin routes carry the signed-in admin's ID token.
setAdminTokenSource(getIdToken);

/**
 * `/admin`, the lazily loaded part of the app: Amplify and the admin screens live in this chunk only. The
 * gate decides what shows (loading, sign-in, waiting for approval); the dashboard is composed here from
 * its features, which know nothing of each other.
 */
export default function AdminRoute() {
  return <AdminGate dashboard={({ email, logout }) => <Dashboard email={email} onLogout={logout} />} />;
}

function Dashboard({ email, onLogout }: { readonly email: string; readonly onLogout: () => void }) {
  const config = useRuntimeConfig();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const live = useLiveMessages({ live: Boolean(config?.events) });

  return (
    <DashboardShell
      skipTo={{ id: MESSAGES_SECTION_ID, label: 'Skip to messages' }}
      email={email}
      onRefresh={() => setReloadKey((n) => n + 1)}
      onSettings={() => setSettingsOpen(true)}
      onLogout={onLogout}
    >
      <SmsBudgetBanner reloadKey={reloadKey} />
      {/* The list is the page: first on a phone, the wide column on a laptop, and first for the keyboard on both. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <MessagesSection reloadKey={reloadKey} live={live} />
        </div>
        <div className="space-y-6 lg:col-start-2 lg:row-start-1">
          <WebhookBox webhookUrl={config?.webhookUrl ?? null} />
          <UploadPanel />
        </div>
        <div className="space-y-6 lg:col-start-2 lg:row-start-2">
          <UsagePanel reloadKey={reloadKey} />
          <SignupsPanel reloadKey={reloadKey} />
          <TeamPanel reloadKey={reloadKey} />
        </div>
      </div>
      <SettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </DashboardShell>
  );
}
