/**
 * The phone input of the help ticket (spec §5 "Phone input"): a country and
 * a number, validated for that country with libphonenumber-js (full
 * metadata); 'Invalid phone number' otherwise; the value is cleared to empty
 * when only the country code remains. Pure: no DOM, no Node.
 */
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { HELP_MESSAGES } from '.';

export type PhoneCountry = CountryCode;

export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'US';

interface PhoneCountryOption {
  code: PhoneCountry;
  callingCode: string;
}

export function phoneCountries(): PhoneCountryOption[] {
  return getCountries().map((code) => ({ code, callingCode: getCountryCallingCode(code) }));
}

export function isPhoneCountry(code: string): code is PhoneCountry {
  return (getCountries() as string[]).includes(code);
}

/** The country code prefix, e.g. '+1'. */
export function callingCodePrefix(country: PhoneCountry): string {
  return `+${getCountryCallingCode(country)}`;
}

/**
 * The value the ticket carries for what the technician typed: E.164 when it
 * parses, otherwise the prefix and the digits typed; '' when only the
 * country code remains.
 */
export function phoneValue(country: PhoneCountry, typed: string): string {
  const digits = typed.replace(/\D/g, '');
  const prefix = callingCodePrefix(country);
  const international = typed.trim().startsWith('+');
  const candidate = international ? `+${digits}` : `${prefix}${digits}`;
  if (candidate === prefix || candidate === '+' || digits.length === 0) return '';
  const parsed = parsePhoneNumberFromString(typed, country);
  return parsed ? parsed.number : candidate;
}

/** 'Invalid phone number' unless the value is empty or a valid number of the chosen country. */
export function validatePhone(value: string, country: PhoneCountry): string | null {
  if (!value.trim()) return null;
  const parsed = parsePhoneNumberFromString(value, country);
  if (!parsed || !parsed.isValid() || parsed.country !== country) return HELP_MESSAGES.invalidPhone;
  return null;
}

/** As-you-type formatting of the national number. */
export function formatPhoneInput(country: PhoneCountry, typed: string): string {
  return new AsYouType(country).input(typed);
}

/** A complete international number (E.164, as the ticket carries it) that is valid for its country. */
export function isValidInternationalPhone(value: string): boolean {
  return parsePhoneNumberFromString(value)?.isValid() === true;
}
