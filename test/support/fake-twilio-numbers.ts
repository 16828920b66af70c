/**
 * Twilio's phone-number resources in the fake (test/support/fake-twilio.ts, issue 33): the numbers for sale
 * (AvailablePhoneNumbers/US/Local, filtered by AreaCode), buying one (POST IncomingPhoneNumbers, which keeps
 * its voice URL and status callback) and releasing it (DELETE IncomingPhoneNumbers/<sid>, 404 once gone).
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type RecordedRequest, sendJson } from './fake-http';

/** A number the fake account bought, with what it was bought with. */
export type FakeBoughtNumber = {
  readonly sid: string;
  readonly phoneNumber: string;
  readonly voiceUrl: string | null;
  readonly voiceMethod: string | null;
  readonly statusCallback: string | null;
  readonly statusCallbackMethod: string | null;
  readonly friendlyName: string | null;
};

export type FakeNumberMarket = {
  /** The numbers for sale (E.164); a bought one leaves the list. */
  forSale: string[];
  /** The numbers bought and not released. */
  readonly bought: FakeBoughtNumber[];
  /** The sids released, in order. */
  readonly released: string[];
  reset(): void;
};

export const DEFAULT_NUMBERS_FOR_SALE = ['+13125550100', '+13125550101', '+16465550102', '+14155550103'];

export function fakeNumberMarket(): FakeNumberMarket {
  const market: FakeNumberMarket = {
    forSale: [...DEFAULT_NUMBERS_FOR_SALE],
    bought: [],
    released: [],
    reset() {
      market.forSale = [...DEFAULT_NUMBERS_FOR_SALE];
      market.bought.length = 0;
      market.released.length = 0;
    },
  };
  return market;
}

/**
 * Answers the request when it is one of the phone-number resources under `base` (true), else leaves it (false).
 * `error` writes Twilio's error body.
 */
export function answerNumberRequest(
  market: FakeNumberMarket,
  base: string,
  request: RecordedRequest,
  response: ServerResponse,
  error: (response: ServerResponse, status: number, code: number, message: string) => void,
): boolean {
  const [path = '', search = ''] = request.path.split('?');
  if (request.method === 'GET' && path === `${base}/AvailablePhoneNumbers/US/Local.json`) {
    const query = new URLSearchParams(search);
    const areaCode = query.get('AreaCode');
    const offered = market.forSale.filter((n) => areaCode === null || n.slice(2, 5) === areaCode);
    sendJson(response, 200, {
      available_phone_numbers: offered.map((phone_number) => ({
        phone_number,
        friendly_name: phone_number,
        iso_country: 'US',
        capabilities: { voice: true, SMS: true, MMS: true },
      })),
      uri: request.path,
    });
    return true;
  }
  if (request.method === 'POST' && path === `${base}/IncomingPhoneNumbers.json`) {
    const form = new URLSearchParams(request.body.toString('utf8'));
    const phoneNumber = form.get('PhoneNumber');
    if (!phoneNumber || !market.forSale.includes(phoneNumber)) {
      error(response, 400, 21422, 'PhoneNumber requested is not available');
      return true;
    }
    market.forSale = market.forSale.filter((n) => n !== phoneNumber);
    const bought: FakeBoughtNumber = {
      sid: `PN${randomBytes(16).toString('hex')}`,
      phoneNumber,
      voiceUrl: form.get('VoiceUrl'),
      voiceMethod: form.get('VoiceMethod'),
      statusCallback: form.get('StatusCallback'),
      statusCallbackMethod: form.get('StatusCallbackMethod'),
      friendlyName: form.get('FriendlyName'),
    };
    market.bought.push(bought);
    sendJson(response, 201, {
      sid: bought.sid,
      phone_number: phoneNumber,
      friendly_name: bought.friendlyName ?? phoneNumber,
      voice_url: bought.voiceUrl,
      status_callback: bought.statusCallback,
      capabilities: { voice: true, sms: true, mms: true },
    });
    return true;
  }
  const release = new RegExp(`^${base}/IncomingPhoneNumbers/(PN[0-9a-f]{32})\\.json$`).exec(path);
  if (request.method === 'DELETE' && release) {
    const index = market.bought.findIndex((n) => n.sid === release[1]);
    if (index < 0) {
      error(response, 404, 20404, `The requested resource ${path} was not found`);
      return true;
    }
    market.bought.splice(index, 1);
    market.released.push(release[1] ?? '');
    response.writeHead(204).end();
    return true;
  }
  return false;
}
