/** A form field: its label, its input (given the binding), and its error once shown. */
import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FieldBinding } from './use-zod-form';

export function Field({ label, binding, required, children }: { label: string; binding: FieldBinding; required?: boolean; children: (binding: FieldBinding & { intent: Intent }) => ReactNode }) {
  const intent = binding.error ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup label={label} labelFor={binding.id} labelInfo={required ? '*' : undefined} intent={intent} helperText={binding.error ?? undefined}>
      {children({ ...binding, intent })}
    </FormGroup>
  );
}
