import { AdminView } from '@/features/admin/components/admin-view';

/** `/admin`, the lazily loaded part of the app (its own chunk, with Amplify once sign-in lands). */
export default function AdminRoute() {
  return <AdminView />;
}
