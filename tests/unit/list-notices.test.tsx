/** A list that failed to load says what failed and offers Retry, which reads it again. */
import { describe, expect, it, vi } from 'vitest';
import { ListNotices } from '../../src/renderer/src/components/ListNotices';

describe('ListNotices', () => {
  it('names what failed and why, with Retry calling the reload', () => {
    const reload = vi.fn();
    const element = ListNotices({ what: 'devices', list: { error: { message: 'The server answered 500.' }, reload } });
    const callout = (element.props as { children: unknown[] }).children[1] as { props: { children: unknown[] } };
    const children = callout.props.children.flat().filter(Boolean) as Array<{ props?: { text?: string; onClick?: () => void } } | string>;
    expect(children.filter((c) => typeof c === 'string').join('')).toBe('The devices could not be loaded: The server answered 500.');
    const retry = children.find((c): c is { props: { text: string; onClick: () => void } } => typeof c === 'object' && c.props?.text === 'Retry');
    retry!.props.onClick();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows no failure while the list has data (a failed refresh keeps what was read)', () => {
    const element = ListNotices({ what: 'devices', list: { data: { skipped: 0 }, error: { message: 'x' }, reload: () => undefined } });
    expect((element.props as { children: unknown[] }).children[1]).toBeFalsy();
  });
});
