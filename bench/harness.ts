/** A tiny benchmark harness: figures and goals are printed, never asserted. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The goal, in the same unit, and whether lower is better. */
  goal?: { value: number; lowerIsBetter: boolean };
  note?: string;
}

export async function timeIt<T>(fn: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n${title}`);
  for (const f of figures) {
    const value = `${f.value.toFixed(f.value < 10 ? 2 : 1)} ${f.unit}`;
    let goal = '';
    if (f.goal) {
      const ratio = f.goal.lowerIsBetter ? f.value / f.goal.value : f.goal.value / f.value;
      const met = ratio <= 1;
      goal = `goal ${f.goal.lowerIsBetter ? '<' : '≥'} ${f.goal.value} ${f.unit} · ratio to goal ${ratio.toFixed(2)} ${met ? '(met)' : '(NOT met)'}`;
    }
    console.log(`  ${f.name.padEnd(58)} ${value.padStart(14)}   ${goal}${f.note ? `  ${f.note}` : ''}`);
  }
}
