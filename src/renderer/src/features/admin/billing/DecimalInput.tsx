/**
 * A money or multiplier field (§5 Billing product form): it is typed and
 * shown in its own decimal count. Money keeps a fixed count (12.50);
 * multipliers have theirs with trailing zeros removed (1.5). While typing,
 * only digits and one '.' with at most that many decimals are taken; on blur
 * the number is shown formatted. An empty field holds null ('Required').
 */
import { InputGroup, type Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { acceptsDecimalText, formatMoney, formatMultiplier, MONEY_DECIMALS, MULTIPLIER_DECIMALS, parseMoney, parseMultiplier } from '../../../../../shared/rules/admin/billing-product';

const KINDS = {
  money: { decimals: MONEY_DECIMALS, format: formatMoney, parse: parseMoney },
  multiplier: { decimals: MULTIPLIER_DECIMALS, format: formatMultiplier, parse: parseMultiplier },
} as const;

export interface DecimalInputProps {
  id: string;
  kind: keyof typeof KINDS;
  value: unknown;
  intent: Intent;
  disabled?: boolean;
  onChange(value: number | null): void;
  onBlur(): void;
}

export function DecimalInput({ id, kind, value, intent, disabled, onChange, onBlur }: DecimalInputProps) {
  const { decimals, format, parse } = KINDS[kind];
  /** The text as typed, until the field is left ('1.' is kept while typing). */
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? format(typeof value === 'number' ? value : null);
  return (
    <InputGroup
      id={id}
      value={shown}
      inputMode="decimal"
      autoComplete="off"
      intent={intent}
      disabled={disabled}
      className="billing-decimal"
      aria-invalid={intent === 'danger' ? true : undefined}
      onChange={(event) => {
        const text = event.target.value.replace(',', '.');
        if (!acceptsDecimalText(text, decimals)) return;
        setTyped(text);
        onChange(parse(text));
      }}
      onBlur={() => {
        setTyped(null);
        onBlur();
      }}
    />
  );
}
