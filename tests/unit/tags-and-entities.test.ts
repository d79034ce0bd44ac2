/** The shared tag-name check and the entity multi-select's choosing. */
import { describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE } from '../../src/shared/rules/platform/messages';
import { TAG_MESSAGES, TAG_NAME_MAX_LENGTH, tagNameProblems, tagNameSchema } from '../../src/shared/rules/platform/tags';
import { toggleEntity } from '../../src/renderer/src/components/inputs/entity-choice';

describe('the shared tag-name check', () => {
  it('a name is required, at most 50 characters, without a comma, and not given twice (ignoring case and spaces)', () => {
    expect(tagNameProblems('vip')).toEqual([]);
    expect(tagNameProblems('   ')).toEqual([REQUIRED_MESSAGE]);
    expect(TAG_MESSAGES.required).toBe('Required');
    expect(tagNameProblems('x'.repeat(TAG_NAME_MAX_LENGTH))).toEqual([]);
    expect(tagNameProblems('x'.repeat(TAG_NAME_MAX_LENGTH + 1))).toEqual(['A tag can be at most 50 characters.']);
    expect(tagNameProblems('a,b')).toEqual(['A tag cannot contain a comma.']);
    expect(tagNameProblems(' VIP ', ['vip'])).toEqual(['This tag is already added.']);
    // Every problem is its own message.
    expect(tagNameProblems(`${'y'.repeat(60)},`, [`${'y'.repeat(60)},`])).toEqual([TAG_MESSAGES.tooLong, TAG_MESSAGES.comma, TAG_MESSAGES.duplicate]);
  });

  it('the same check as a schema for a contract input', () => {
    expect(tagNameSchema.parse('  urgent ')).toBe('urgent');
    expect(tagNameSchema.safeParse('').error?.issues[0]?.message).toBe(REQUIRED_MESSAGE);
    expect(tagNameSchema.safeParse('a,b').error?.issues[0]?.message).toBe(TAG_MESSAGES.comma);
    expect(tagNameSchema.safeParse('z'.repeat(51)).error?.issues[0]?.message).toBe(TAG_MESSAGES.tooLong);
  });
});

describe('the entity multi-select', () => {
  const id = (o: { id: number }) => String(o.id);
  it('choosing adds an entity; choosing it again (the same id, another object) removes it', () => {
    let chosen = toggleEntity([], { id: 1, name: 'A' }, id);
    chosen = toggleEntity(chosen, { id: 2, name: 'B' }, id);
    expect(chosen.map(id)).toEqual(['1', '2']);
    chosen = toggleEntity(chosen, { id: 1, name: 'A (renamed)' }, id);
    expect(chosen.map(id)).toEqual(['2']);
  });
});
