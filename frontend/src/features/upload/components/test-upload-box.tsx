import { Upload } from 'lucide-react';
import { UploadPanel } from './upload-panel';

/** The file input's id on the home screen: the first-run checklist's "Upload a test" moves the focus there. */
export const TEST_UPLOAD_ID = 'test-upload';

/** SPEC: the home screen's test upload panel, titled, around the one upload form. */
export function TestUploadBox() {
  return (
    <section
      id={TEST_UPLOAD_ID}
      tabIndex={-1}
      aria-labelledby="test-upload-title"
      className="min-w-0 scroll-mt-4 space-y-3 rounded-xl border border-line bg-canvas p-4"
    >
      <h2 id="test-upload-title" className="flex items-center gap-2 font-bold text-ink">
        <Upload aria-hidden="true" className="size-5 shrink-0 text-accent" />
        Test upload
      </h2>
      <UploadPanel labelledBy="test-upload-title" />
    </section>
  );
}
