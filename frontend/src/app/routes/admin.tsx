import { useState } from 'react';
import { endSessionHere, getIdToken } from '@/features/auth/api/auth';
import { AdminGate } from '@/features/auth/components/admin-gate';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { FirstRunChecklist } from '@/features/first-run/components/first-run-checklist';
import { ForwardingNumbersPanel } from '@/features/forwarding-numbers/components/forwarding-numbers-panel';
import { MESSAGES_SECTION_ID, MessagesSection } from '@/features/messages/components/messages-section';
import { useLiveMessages } from '@/features/messages/hooks/use-live-messages';
import { useMessageHistory } from '@/features/messages/hooks/use-message-history';
import { SettingsModal } from '@/features/settings/components/settings-modal';
import type { SettingsSection } from '@/features/settings/utils/settings-sections';
import { SignupsPanel } from '@/features/signups/components/signups-panel';
import { TeamPanel } from '@/features/team/components/team-panel';
import { TEST_UPLOAD_ID, TestUploadBox } from '@/features/upload/components/test-upload-box';
import { UploadPanel } from '@/features/upload/components/upload-panel';
import { SmsBudgetBanner } from '@/features/usage/components/sms-budget';
import { UsagePanel } from '@/features/usage/components/usage-panel';
import { SmsIntegrationBox } from '@/features/webhook/components/sms-integration-box';
import { WebhookBox } from '@/features/webhook/components/webhook-box';
import { setAdminSessionEnded, setAdminTokenSource } from '@/lib/admin-api';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

// Admin routes carry the signed-in admin's ID token; one they refuse (401) ends the session on this page.
setAdminTokenSource(getIdToken);
setAdminSessionEnded((message) => void endSessionHere(message));

/**
 * `/admin`, the lazily loaded part of the app: Amplify and the admin screens live in this chunk only. The
 * gate decides what shows (loading, sign-in, waiting for approval); the dashboard is composed here from
 * its features, which know nothing of each other.
 */
export default function AdminRoute() {
  return <AdminGate dashboard={({ email, logout }) => <Dashboard email={email} onLogout={logout} />} />;
}

/** The checklist's "Upload a test": to the home screen's panel, its file input focused. */
function focusTestUpload() {
  const panel = document.getElementById(TEST_UPLOAD_ID);
  panel?.scrollIntoView({ block: 'start' });
  (panel?.querySelector<HTMLElement>('input[type=file]') ?? panel)?.focus();
}

function Dashboard({ email, onLogout }: { readonly email: string; readonly onLogout: () => void }) {
  const config = useRuntimeConfig();
  // The section Settings is open on, or null while it is closed.
  const [settings, setSettings] = useState<SettingsSection | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  // Counts the times Settings closed: what was saved or checked there may tick a step of the checklist.
  const [settingsClosed, setSettingsClosed] = useState(0);
  const live = useLiveMessages({ live: Boolean(config?.events) });
  const messages = useMessageHistory(reloadKey, live.changes, live.reconnections);

  return (
    <DashboardShell
      skipTo={{ id: MESSAGES_SECTION_ID, label: 'Skip to messages' }}
      email={email}
      onRefresh={() => setReloadKey((n) => n + 1)}
      onSettings={() => setSettings('reply')}
      onLogout={onLogout}
    >
      <SmsBudgetBanner reloadKey={reloadKey} />
      {/*
        SPEC's dashboard: the SMS integration box and the test upload panel, side by side where there is room,
        then the Recent Messages list; usage, sign-ups and the team beside them on a laptop, after them on a
        phone (and for the keyboard after them on both).
      */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <FirstRunChecklist
            // A voice message, not the record of a picture or a text we refused (core/messages/refused-inbound.ts).
            hasMessage={messages.hasVoiceMessage}
            reloadKey={`${reloadKey}-${settingsClosed}`}
            onOpenSetup={() => setSettings('setup')}
            onOpenProviders={() => setSettings('providers')}
            onUploadTest={() => focusTestUpload()}
          />
          <div className="grid gap-4 xl:grid-cols-2">
            <SmsIntegrationBox
              webhookUrl={config?.webhookUrl ?? null}
              onOpenSetup={() => setSettings('setup')}
            />
            <TestUploadBox />
          </div>
          <MessagesSection history={messages} live={live.live} />
        </div>
        <div className="min-w-0 space-y-6">
          <UsagePanel reloadKey={reloadKey} />
          <ForwardingNumbersPanel reloadKey={reloadKey} />
          <SignupsPanel reloadKey={reloadKey} />
          <TeamPanel reloadKey={reloadKey} />
        </div>
      </div>
      <SettingsModal
        open={settings !== null}
        section={settings ?? 'reply'}
        setup={{
          twilio: <WebhookBox webhookUrl={config?.webhookUrl ?? null} />,
          upload: <UploadPanel />,
        }}
        onClose={() => {
          setSettings(null);
          setSettingsClosed((n) => n + 1);
        }}
      />
    </DashboardShell>
  );
}
