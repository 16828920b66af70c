import { AdminGate } from '@/features/auth/components/admin-gate';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';

/**
 * `/admin`, the lazily loaded part of the app: Amplify and the admin screens live in this chunk only. The
 * gate decides what shows (loading, sign-in, waiting for approval); the dashboard is composed here.
 */
export default function AdminRoute() {
  return <AdminGate dashboard={({ email, logout }) => <DashboardShell email={email} onLogout={logout} />} />;
}
