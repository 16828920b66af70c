import { lazy, type ReactNode, Suspense } from 'react';
import { usePage } from '@/lib/navigation';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

// Each page but the landing page is its own chunk: `/` loads only what it shows.
const PrivacyRoute = lazy(() => import('./routes/privacy'));
const TermsRoute = lazy(() => import('./routes/terms'));
const FaqRoute = lazy(() => import('./routes/faq'));
const AdminRoute = lazy(() => import('./routes/admin'));
const MessageRoute = lazy(() => import('./routes/message'));
const UploadRoute = lazy(() => import('./routes/upload'));

function Loading({ children }: { readonly children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="p-8 text-center text-muted">
          Loading
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

/** SPEC section 2: one view state picks the page; the address bar holds it (lib/navigation). */
export function App() {
  const page = usePage();
  switch (page) {
    case 'landing':
      return <LandingRoute />;
    case 'privacy':
      return (
        <Loading>
          <PrivacyRoute />
        </Loading>
      );
    case 'terms':
      return (
        <Loading>
          <TermsRoute />
        </Loading>
      );
    case 'faq':
      return (
        <Loading>
          <FaqRoute />
        </Loading>
      );
    case 'admin':
      return (
        <Loading>
          <AdminRoute />
        </Loading>
      );
    case 'message':
      return (
        <Loading>
          <MessageRoute />
        </Loading>
      );
    case 'upload':
      return (
        <Loading>
          <UploadRoute />
        </Loading>
      );
    case 'not-found':
      return <NotFoundRoute />;
  }
}
