import { PageLayout } from '@/components/layout/page-layout';
import { AppLink } from '@/components/ui/app-link';
import { FaqAccordion } from '@/features/faq/components/faq-accordion';
import { faqItems } from '@/features/faq/content/faq-items';
import { FeatureCards } from '@/features/marketing/components/feature-cards';
import { Hero } from '@/features/marketing/components/hero';
import { HowItWorks } from '@/features/marketing/components/how-it-works';
import { SampleReply } from '@/features/marketing/components/sample-reply';
import { SignupForm } from '@/features/signup/components/signup-form';
import { useDocumentMeta } from '@/lib/document-meta';
import { FALLBACK_SERVICE_NAME, usePublicInfo } from '@/lib/public-info';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

/** `/`: the promise, the sign-up form, how it works, what you get, questions. */
export function LandingRoute() {
  useDocumentMeta(
    'Voice Summary',
    'Forward a voice message to our number and get a text back with a summary and the transcript. Free, no app needed.',
  );
  const { info } = usePublicInfo();
  const config = useRuntimeConfig();
  const serviceName = info?.service_name ?? FALLBACK_SERVICE_NAME;
  const faq = faqItems({
    serviceName,
    contactEmail: info?.contact_email ?? null,
    retention: config?.retention ?? null,
  });
  return (
    <PageLayout>
      <section className="bg-surface" aria-labelledby="hero-title">
        <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[1fr_28rem] lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:py-16">
          <div className="lg:col-start-1 lg:row-start-1 lg:pt-6">
            <Hero />
          </div>
          <section
            id="signup"
            aria-labelledby="signup-title"
            className="scroll-mt-4 rounded-2xl border border-line bg-canvas p-5 shadow-sm sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          >
            <SignupForm serviceName={serviceName} titleId="signup-title" />
          </section>
          <div className="lg:col-start-1 lg:row-start-2">
            <SampleReply serviceName={serviceName} />
          </div>
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="how-title" className="text-2xl font-bold text-ink sm:text-3xl">
          How it works
        </h2>
        <div className="mt-6">
          <HowItWorks />
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <h2 id="features-title" className="text-2xl font-bold text-ink sm:text-3xl">
          What you get
        </h2>
        <div className="mt-6">
          <FeatureCards />
        </div>
      </section>

      <section aria-labelledby="faq-title" className="bg-surface">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h2 id="faq-title" className="text-2xl font-bold text-ink sm:text-3xl">
            Questions
          </h2>
          <div className="mt-6">
            <FaqAccordion items={faq} />
          </div>
          <p className="mt-6">
            <AppLink to="faq" className="font-semibold text-accent underline">
              All questions on one page
            </AppLink>
          </p>
        </div>
      </section>
    </PageLayout>
  );
}
