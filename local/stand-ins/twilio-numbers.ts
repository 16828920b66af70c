/**
 * The numbers the local stand-in of Twilio's REST API sells (local/stand-ins/twilio-api.ts, issue 33): fictional
 * US numbers (+1 <area code> 555-0100..0199, set aside for fiction, so none can reach a real person), and the
 * ones sold, kept in a file in the data directory so a forwarding number survives a restart as a bought one
 * does at Twilio. Written whole to a temporary file and renamed, so a stop never leaves half a file.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import * as z from 'zod';

/** What Twilio keeps of an IncomingPhoneNumber, in its own field names. */
const soldNumberSchema = z.object({
  sid: z.string().regex(/^PN[0-9a-f]{32}$/),
  phone_number: z.string().regex(/^\+1[2-9]\d{2}55501\d{2}$/),
  friendly_name: z.string(),
  voice_url: z.string().nullable(),
  voice_method: z.string(),
  status_callback: z.string().nullable(),
  status_callback_method: z.string(),
  date_created: z.string(),
});
export type SoldNumber = z.infer<typeof soldNumberSchema>;

const storeSchema = z.object({ numbers: z.array(soldNumberSchema) });

/** Area codes tried, in order, when a buyer names none ("any area code"). */
const ANY_AREA_CODES = ['312', '415', '212', '206', '617', '303'] as const;
export const AREA_CODE_PATTERN = /^[2-9]\d{2}$/;

/** `(312) 555-0147`, as Twilio's `friendly_name` of an available number. */
export function friendlyNumber(e164: string): string {
  return `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
}

export type NumberStore = {
  /** Unsold numbers in the area code (any when null), at most `limit`. */
  available(areaCode: string | null, limit: number): string[];
  /** Sells the number, or the first unsold one in the area code; null when none is left. */
  sell(
    wanted: { readonly phoneNumber: string } | { readonly areaCode: string },
    fields: Omit<SoldNumber, 'sid' | 'phone_number' | 'date_created'>,
  ): Promise<SoldNumber | null>;
  list(): readonly SoldNumber[];
  get(sid: string): SoldNumber | null;
  /** Releases the number; false when it was not sold. */
  release(sid: string): Promise<boolean>;
};

function fictional(areaCode: string): string[] {
  return Array.from({ length: 100 }, (_, i) => `+1${areaCode}55501${String(i).padStart(2, '0')}`);
}

function parseStore(text: string, path: string): SoldNumber[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const parsed = storeSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${path} is not a list of sold numbers: move it away to start with none sold.`);
  }
  return parsed.data.numbers;
}

/**
 * Opens the store in `path` (an absent file: nothing sold yet; a damaged one is refused, not overwritten).
 * `reserved` numbers are never offered (the service's own local number).
 */
export async function openNumberStore(path: string, reserved: readonly string[] = []): Promise<NumberStore> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  const numbers: SoldNumber[] = text === null ? [] : parseStore(text, path);
  let writing = Promise.resolve();
  const save = () => {
    const snapshot = `${JSON.stringify({ numbers }, null, 2)}\n`;
    writing = writing.then(async () => {
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, snapshot);
      await rename(temporary, path);
    });
    return writing;
  };
  const sold = (e164: string) => reserved.includes(e164) || numbers.some((n) => n.phone_number === e164);
  const unsold = (areaCode: string | null) =>
    (areaCode ? [areaCode] : ANY_AREA_CODES).flatMap((code) => fictional(code).filter((n) => !sold(n)));
  return {
    available: (areaCode, limit) => unsold(areaCode).slice(0, limit),
    async sell(wanted, fields) {
      const phoneNumber =
        'phoneNumber' in wanted
          ? unsold(wanted.phoneNumber.slice(2, 5)).find((n) => n === wanted.phoneNumber)
          : unsold(wanted.areaCode)[0];
      if (!phoneNumber) return null;
      const number: SoldNumber = {
        sid: `PN${randomBytes(16).toString('hex')}`,
        phone_number: phoneNumber,
        ...fields,
        date_created: new Date().toUTCString(),
      };
      numbers.push(number);
      await save();
      return number;
    },
    list: () => numbers,
    get: (sid) => numbers.find((n) => n.sid === sid) ?? null,
    async release(sid) {
      const index = numbers.findIndex((n) => n.sid === sid);
      if (index < 0) return false;
      numbers.splice(index, 1);
      await save();
      return true;
    },
  };
}
