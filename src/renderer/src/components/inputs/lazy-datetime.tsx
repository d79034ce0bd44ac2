/**
 * Blueprint's date components, loaded when a screen first shows one: that module builds its list of every time
 * zone as it loads (a quarter of a second at start on a slow machine), which no screen without a date should pay for.
 */
import type { DateInputProps, DatePickerProps } from '@blueprintjs/datetime';
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';

const LoadedDatePicker = lazy(() => import('@blueprintjs/datetime').then((module) => ({ default: module.DatePicker })));
const LoadedDateInput = lazy(() => import('@blueprintjs/datetime').then((module) => ({ default: module.DateInput })));

export function DatePicker(props: DatePickerProps) {
  return (
    <Suspense fallback={<Spinner size={20} aria-label="Loading the calendar" />}>
      <LoadedDatePicker {...props} />
    </Suspense>
  );
}

export function DateInput(props: DateInputProps) {
  return (
    <Suspense fallback={<Spinner size={16} aria-label="Loading the date field" />}>
      <LoadedDateInput {...props} />
    </Suspense>
  );
}
