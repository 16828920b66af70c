import { BackLink } from '@/components/layout/back-link';
import { PageLayout } from '@/components/layout/page-layout';
import { MobileTerms } from '@/features/legal/components/mobile-terms';
import { useDocumentMeta } from '@/lib/document-meta';
import { FALLBACK_SERVICE_NAME, usePublicInfo } from '@/lib/public-info';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

/** `/terms`. */
export default function TermsRoute() {
  useDocumentMeta(
    'Mobile Terms of Use',
    'The Voice Summary text message program: what it sends, how often, rates, how to stop (STOP) and get help (HELP).',
  );
  const { info } = usePublicInfo();
  const config = useRuntimeConfig();
  return (
    <PageLayout>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to="signup" />
        <MobileTerms
          serviceName={info?.service_name ?? FALLBACK_SERVICE_NAME}
          contactEmail={info?.contact_email ?? null}
          retention={config?.retention ?? null}
        />
        <BackLink to="signup" />
      </div>
    </PageLayout>
  );
}
