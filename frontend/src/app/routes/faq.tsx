import { BackLink } from '@/components/layout/back-link';
import { PageLayout } from '@/components/layout/page-layout';
import { FaqList } from '@/features/faq/components/faq-list';
import { faqItems } from '@/features/faq/content/faq-items';
import { useDocumentMeta } from '@/lib/document-meta';
import { FALLBACK_SERVICE_NAME, usePublicInfo } from '@/lib/public-info';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

/** `/faq`: every question answered in full. */
export default function FaqRoute() {
  useDocumentMeta(
    'Frequently asked questions',
    'How to forward a voice message from iPhone, Android or WhatsApp, which formats work, what the reply contains, privacy, cost and how to stop texts.',
  );
  const { info } = usePublicInfo();
  const config = useRuntimeConfig();
  const items = faqItems({
    serviceName: info?.service_name ?? FALLBACK_SERVICE_NAME,
    contactEmail: info?.contact_email ?? null,
    retention: config?.retention ?? null,
  });
  return (
    <PageLayout>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to="home" />
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Frequently asked questions</h1>
        <FaqList items={items} />
        <BackLink to="home" />
      </div>
    </PageLayout>
  );
}
