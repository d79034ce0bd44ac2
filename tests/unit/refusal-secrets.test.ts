/**
 * A refusal shown in the server's words never carries a secret the call
 * sent: not whole, not cut at the line's end, not in the form cleaning gives
 * it (a secret with a tab or doubled spaces), wherever the server quotes it.
 */
import { describe, expect, it } from 'vitest';
import { REFUSAL_MAX, refusalLineWithout } from '../../src/main/services/platform/api/refusals';

describe('refusalLineWithout', () => {
  const secret = 'whsec-Abc123-very-secret';

  it('takes a quoted secret out and keeps the rest of the words', () => {
    const line = refusalLineWithout({ message: `Secret ${secret} is not valid for this host` }, [secret]);
    expect(line).not.toContain('whsec');
    expect(line).toMatch(/^Secret .+ is not valid for this host$/);
  });

  it('takes it out before the line is cut: no part of a secret at the end survives', () => {
    const line = refusalLineWithout({ message: `${'x'.repeat(REFUSAL_MAX - 10)} ${secret}` }, [secret]) ?? '';
    expect(line.length).toBeLessThanOrEqual(REFUSAL_MAX);
    expect(line).not.toContain('whsec');
  });

  it('takes out a secret whose control characters or spaces cleaning would change', () => {
    const odd = 'key\twith  spaces';
    const line = refusalLineWithout({ message: `Refused: ${odd}` }, [odd]) ?? '';
    expect(line).not.toContain('with');
    expect(line).toContain('Refused:');
  });

  it('answers null when the server said nothing', () => {
    expect(refusalLineWithout({}, [secret])).toBeNull();
  });
});
