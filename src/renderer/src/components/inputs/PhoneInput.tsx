/**
 * The phone input (spec §5 "Phone input"): a country (default US) and the
 * number; 'Invalid phone number' when not valid for the chosen country; the
 * value is cleared when only the country code remains.
 */
import './PhoneInput.css';
import { ControlGroup, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useMemo } from 'react';
import { HELP_MESSAGES } from '../../../../shared/rules/help';
import { formatPhoneInput, isPhoneCountry, phoneCountries, type PhoneCountry } from '../../../../shared/rules/help/phone';

export interface PhoneState {
  country: PhoneCountry;
  /** What the technician typed (national format). */
  text: string;
}

function countryNames(): (code: string) => string {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

export function PhoneInput(props: { id: string; label: string; state: PhoneState; error: string | null; onChange: (state: PhoneState) => void }) {
  const options = useMemo(() => {
    const nameOf = countryNames();
    return phoneCountries()
      .map(({ code, callingCode }) => ({ value: code, label: `${nameOf(code)} (+${callingCode})` }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, []);
  return (
    <FormGroup label={props.label} labelFor={props.id} intent={props.error ? Intent.DANGER : Intent.NONE} helperText={props.error ?? undefined}>
      <ControlGroup fill>
        <HTMLSelect
          aria-label="Country"
          value={props.state.country}
          options={options}
          onChange={(event) => {
            const country = event.currentTarget.value;
            if (isPhoneCountry(country)) props.onChange({ ...props.state, country });
          }}
          className="help-phone-country"
        />
        <InputGroup
          id={props.id}
          type="tel"
          placeholder={HELP_MESSAGES.phonePlaceholder}
          value={props.state.text}
          intent={props.error ? Intent.DANGER : Intent.NONE}
          onValueChange={(text) => {
            // Formatting as you type, except while deleting (it would re-add what was just removed).
            const grew = text.length > props.state.text.length;
            props.onChange({ ...props.state, text: grew ? formatPhoneInput(props.state.country, text) : text });
          }}
        />
      </ControlGroup>
    </FormGroup>
  );
}
