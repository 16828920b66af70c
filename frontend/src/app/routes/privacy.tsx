import { BackLink } from '@/components/layout/back-link';
import { PageLayout } from '@/components/layout/page-layout';
import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';
import { useDocumentMeta } from '@/lib/document-meta';
import { FALLBACK_SERVICE_NAME, usePublicInfo } from '@/lib/public-info';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

/** `/privacy`. */
export default function PrivacyRoute() {
  useDocumentMeta(
    'Privacy Policy',
    'What Voice Summary collects, why, who processes it, how long it is kept and how to have it deleted.',
  );
  const { info } = usePublicInfo();
  const config = useRuntimeConfig();
  return (
    <PageLayout>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to="signup" />
        <PrivacyPolicy
          serviceName={info?.service_name ?? FALLBACK_SERVICE_NAME}
          contactEmail={info?.contact_email ?? null}
          siteUrl={info?.site_url ?? window.location.origin}
          retention={config?.retention ?? null}
        />
        <BackLink to="signup" />
      </div>
    </PageLayout>
  );
}
