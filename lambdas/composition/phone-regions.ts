/** Which country a phone number is in: libphonenumber's metadata, read on first use. */
import { LibPhoneNumberRegions } from '../adapters/phone/libphonenumber-regions';
import { once } from './once';

export const phoneRegions = once(() => new LibPhoneNumberRegions());
