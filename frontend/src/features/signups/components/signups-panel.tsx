import { formatPhoneNumber } from '@core/delivery/phone';
import { SMS_CONSENT_STATUS_LABEL, smsConsentStatus } from '@core/senders/consent';
import { Download, Users } from 'lucide-react';
import { useState } from 'react';
import { EmailText } from '@/components/ui/email-text';
import { RelativeTime } from '@/components/ui/relative-time';
import { useServerData } from '@/lib/use-server-data';
import { downloadSignupsCsv, latestSignups } from '../api/signups';

/** Name, email, phone, when: the columns of a wide section; a narrow one stacks them (name and when on top). */
const COLUMNS =
  'grid-cols-[minmax(0,1fr)_auto] @2xl:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_minmax(0,11rem)_6rem]';

/**
 * Who signed up on the site: the total, the 10 latest, and all of them as CSV. Under each phone, whether the
 * sign-up asked for texts and whether that phone confirmed it by texting JOIN and its code: only a confirmed one counts.
 */
export function SignupsPanel({ reloadKey }: { readonly reloadKey: number }) {
  const { data: page, error } = useServerData(latestSignups, {
    reloadKey,
    onError: (error) => console.error('Sign-ups could not be loaded:', error),
  });
  const failed = error !== undefined;
  const [downloadFailed, setDownloadFailed] = useState(false);

  return (
    <section aria-labelledby="signups-title" className="rounded-xl border border-line bg-canvas p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="signups-title" className="flex items-center gap-2 font-bold text-ink">
          <Users aria-hidden="true" className="size-5 text-accent" />
          Sign-ups {page && <span className="font-normal text-muted">({page.total})</span>}
        </h2>
        <button
          type="button"
          onClick={() => {
            setDownloadFailed(false);
            downloadSignupsCsv().catch(() => setDownloadFailed(true));
          }}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line-strong px-3 text-sm font-semibold text-ink hover:bg-surface"
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </button>
      </div>
      {downloadFailed && (
        <p role="alert" className="mt-2 text-sm text-danger">
          The CSV could not be downloaded. Try again.
        </p>
      )}
      {failed && <p className="mt-2 text-sm text-muted">Sign-ups could not be loaded.</p>}
      {page && page.signups.length === 0 && <p className="mt-2 text-sm text-muted">No sign-ups yet.</p>}
      {page && page.signups.length > 0 && (
        <div className="@container mt-3">
          {/* Columns once the section is wide enough (a phone on its side, a tablet); stacked rows in the side column. */}
          <div
            aria-hidden="true"
            className={`${COLUMNS} hidden pb-1 text-sm font-semibold text-muted @2xl:grid`}
          >
            <span>Name</span>
            <span>Email</span>
            <span>Phone</span>
            <span className="text-right">Signed up</span>
          </div>
          <ul aria-label="Latest sign-ups" className="divide-y divide-line border-line text-sm @2xl:border-t">
            {page.signups.map((signup) => (
              <li key={signup.email} className={`${COLUMNS} grid gap-x-3 gap-y-0.5 py-2`}>
                <span className="min-w-0 font-semibold break-words text-ink">{signup.name}</span>
                <span className="text-right whitespace-nowrap text-muted @2xl:col-start-4 @2xl:row-start-1">
                  <RelativeTime iso={signup.created_at} />
                </span>
                <EmailText
                  email={signup.email}
                  className="col-span-2 min-w-0 text-ink @2xl:col-span-1 @2xl:col-start-2 @2xl:row-start-1"
                />
                <span className="col-span-2 min-w-0 text-muted @2xl:col-span-1 @2xl:col-start-3 @2xl:row-start-1">
                  {signup.phone ? (
                    <>
                      <span className="whitespace-nowrap text-ink">{formatPhoneNumber(signup.phone)}</span>
                      <span className="@2xl:block">
                        <span className="@2xl:hidden"> · </span>
                        Texts: {SMS_CONSENT_STATUS_LABEL[smsConsentStatus(signup)]}
                      </span>
                    </>
                  ) : (
                    'No phone'
                  )}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted">
            Texts: "Confirmed" once the phone texted JOIN and its sign-up's code; only those may be texted.
          </p>
        </div>
      )}
    </section>
  );
}
