import { SMS_CONSENT_STATUS_LABEL, smsConsentStatus } from '@core/consent';
import { formatPhoneNumber } from '@core/phone';
import { Download, Users } from 'lucide-react';
import { useState } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { useServerData } from '@/lib/use-server-data';
import { downloadSignupsCsv, latestSignups } from '../api/signups';

/**
 * Who signed up on the site: the total, the 10 latest, and all of them as CSV. Under each phone, whether the
 * sign-up asked for texts and whether that phone confirmed it with YES: only a confirmed one counts.
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
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Email
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Phone
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Signed up
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {page.signups.map((signup) => (
                <tr key={signup.email}>
                  <td className="py-1.5 pr-3 text-ink">{signup.name}</td>
                  <td className="py-1.5 pr-3 break-all text-ink">{signup.email}</td>
                  <td className="py-1.5 pr-3 text-ink">
                    <span className="whitespace-nowrap">
                      {signup.phone ? formatPhoneNumber(signup.phone) : '—'}
                    </span>
                    {signup.phone && (
                      <span className="block text-xs text-muted">
                        Texts: {SMS_CONSENT_STATUS_LABEL[smsConsentStatus(signup)]}
                      </span>
                    )}
                  </td>
                  <td className="py-1.5 whitespace-nowrap text-muted">
                    <RelativeTime iso={signup.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-muted">
            Texts: "Confirmed" once the phone answered YES to our confirmation text; only those may be texted.
          </p>
        </div>
      )}
    </section>
  );
}
