/**
 * The shared stepper (help spec §5 "Shared inputs"): a number with − and +,
 * min 1 and step 1 by default, '{{min}} is the minimum' / '{{max}} is the
 * maximum' while the typed value is out of bounds, clamped and rounded to its
 * precision on blur, negatives only when enabled.
 */
import { FormGroup, Intent, NumericInput } from '@blueprintjs/core';
import { useState } from 'react';
import { acceptsStepperText, clampStepper, STEPPER_DEFAULTS, stepperBounds, stepperProblem, type StepperOptions } from '../../../../shared/rules/platform/inputs';

interface StepperProps extends StepperOptions {
  id: string;
  label: string;
  value: number;
  onChange(value: number): void;
  disabled?: boolean;
}

export function Stepper({ id, label, value, onChange, disabled, ...options }: StepperProps) {
  /** What is typed while it is not a whole value yet ('', '-', '1.'). */
  const [typed, setTyped] = useState<string | null>(null);
  const { min, max } = stepperBounds(options);
  const shown = typed ?? String(value);
  const number = Number(shown);
  const problem = shown.trim() === '' || Number.isNaN(number) ? null : stepperProblem(number, options);
  return (
    // Blueprint's NumericInput points its buttons' aria-controls at an id of its own, which an `id` prop replaces on the
    // input: keep its id and name the field by aria-labelledby (valid aria-controls), as the downloads panel does.
    <FormGroup label={<span id={`${id}-label`}>{label}</span>} intent={problem ? Intent.DANGER : Intent.NONE} helperText={problem ?? undefined}>
      <NumericInput
        aria-labelledby={`${id}-label`}
        name={id}
        value={shown}
        min={min}
        max={Number.isFinite(max) ? max : undefined}
        stepSize={options.step ?? STEPPER_DEFAULTS.step}
        minorStepSize={null}
        majorStepSize={null}
        clampValueOnBlur={false}
        allowNumericCharactersOnly
        disabled={disabled}
        intent={problem ? Intent.DANGER : Intent.NONE}
        onValueChange={(next, text) => {
          if (!acceptsStepperText(text, options)) return;
          setTyped(text);
          if (text !== '' && !Number.isNaN(next)) onChange(next);
        }}
        onBlur={() => {
          onChange(clampStepper(shown.trim() === '' ? Number.NaN : number, options));
          setTyped(null);
        }}
      />
    </FormGroup>
  );
}
