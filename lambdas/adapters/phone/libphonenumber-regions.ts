/**
 * Phone regions from libphonenumber's metadata (which area codes belong to which country). The metadata
 * (83 kB of JSON) is read from a file on first use instead of being bundled as code: it kept the webhook's
 * bundle over its 1 MB budget, and most requests (voice messages) never need it. In Lambda the file sits beside
 * index.mjs (lib/constructs/project-function.ts copies it there); elsewhere it is read from node_modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { PhoneRegions } from '../../ports/phone-regions';

/** The metadata file's name beside a bundle. */
export const PHONE_METADATA_FILE = 'phone-metadata.json';

/** Where the metadata comes from (a package export of libphonenumber-js). */
export const PHONE_METADATA_SOURCE = 'libphonenumber-js/metadata.min.json';

function metadataPath(): string {
  const beside = fileURLToPath(new URL(`./${PHONE_METADATA_FILE}`, import.meta.url));
  return existsSync(beside) ? beside : createRequire(import.meta.url).resolve(PHONE_METADATA_SOURCE);
}

export class LibPhoneNumberRegions implements PhoneRegions {
  private metadata: MetadataJson | null = null;

  countryOf(e164: string): string | null {
    this.metadata ??= JSON.parse(readFileSync(metadataPath(), 'utf8')) as MetadataJson;
    const parsed = parsePhoneNumberFromString(e164, this.metadata);
    return parsed?.isValid() ? (parsed.country ?? null) : null;
  }
}
