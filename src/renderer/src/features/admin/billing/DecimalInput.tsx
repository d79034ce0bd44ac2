/**
 * A money or multiplier field (§5 Billing product form): it is typed and
 * shown in its own decimal count. Money keeps a fixed count (12.50);
 * multipliers have theirs with trailing zeros removed (1.5). While typing,
 * only digits and one '.' with at most that many decimals are taken; a number
 * with more decimals (pasted, or filled in at once) is rounded to the field's
 * count and says so ('3.456' → 3.46, never left as it was); pasted text that
 * holds no number says the field kept its value. On blur the number is shown
 * formatted. An empty field holds null ('Required').
 */
import { Classes, InputGroup, type Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { decimalEdit, formatMoney, formatMultiplier, MONEY_DECIMALS, MULTIPLIER_DECIMALS } from '../../../../../shared/rules/admin/billing-product';

const KINDS = {
  money: { decimals: MONEY_DECIMALS, format: formatMoney },
  multiplier: { decimals: MULTIPLIER_DECIMALS, format: formatMultiplier },
} as const;

interface DecimalInputProps {
  id: string;
  kind: keyof typeof KINDS;
  value: unknown;
  intent: Intent;
  disabled?: boolean;
  onChange(value: number | null): void;
  onBlur(): void;
}

/** Pasted text as a message quotes it: long ones cut. */
const quoted = (text: string) => `'${text.trim().length > 20 ? `${text.trim().slice(0, 19)}…` : text.trim()}'`;

export function DecimalInput({ id, kind, value, intent, disabled, onChange, onBlur }: DecimalInputProps) {
  const { decimals, format } = KINDS[kind];
  /** The text as typed, until the field is left ('1.' is kept while typing). */
  const [typed, setTyped] = useState<string | null>(null);
  /** What the field did with an edit it could not take as it was (rounded it, or kept its value). */
  const [notice, setNotice] = useState<string | null>(null);
  const shown = typed ?? format(typeof value === 'number' ? value : null);

  /** Takes the edit when it holds a number; false: refused, nothing changed. */
  const apply = (text: string): boolean => {
    const edit = decimalEdit(text, decimals);
    if (!edit) return false;
    const rounded = edit.rounded ? format(edit.value) : null;
    setTyped(rounded ?? edit.text);
    setNotice(rounded === null ? null : `Rounded to ${rounded} (${decimals === 2 ? 'two decimals' : `at most ${decimals} decimals`}).`);
    onChange(edit.value);
    return true;
  };

  return (
    <>
      <InputGroup
        id={id}
        value={shown}
        inputMode="decimal"
        autoComplete="off"
        intent={intent}
        disabled={disabled}
        className="billing-decimal"
        aria-invalid={intent === 'danger' ? true : undefined}
        aria-describedby={notice ? `${id}-notice` : undefined}
        onChange={(event) => {
          // A key that is not part of a number is not taken (the field stays as it was).
          apply(event.target.value);
        }}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text');
          const input = event.currentTarget;
          const next = input.value.slice(0, input.selectionStart ?? input.value.length) + pasted + input.value.slice(input.selectionEnd ?? input.value.length);
          event.preventDefault();
          // Where it was put, or on its own when beside what the field held it makes no number ('0.00' + '3.456').
          if (apply(next) || apply(pasted)) return;
          setNotice(`${quoted(pasted)} is not a number: the field kept ${shown === '' ? 'its empty value' : shown}.`);
        }}
        onBlur={() => {
          setTyped(null);
          onBlur();
        }}
      />
      {notice && (
        <span id={`${id}-notice`} className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED} billing-decimal-notice`} role="status">
          {notice}
        </span>
      )}
    </>
  );
}
