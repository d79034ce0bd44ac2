/**
 * Every text of a message catalogue is shown by some screen
 * or service; a text nothing uses is removed rather than kept as dead code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '../../src/editor/constants';
import { HELP_CONSOLE_MESSAGES, HELP_MESSAGES } from '../../src/shared/rules/help';
import { ATTACHMENT_MESSAGES } from '../../src/shared/rules/platform/attachments';
import { MESSAGES } from '../../src/shared/rules/platform/messages';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const code = sources(join(__dirname, '../../src'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

const catalogues: Record<string, Record<string, string>> = { MESSAGES, HELP_MESSAGES, HELP_CONSOLE_MESSAGES, ATTACHMENT_MESSAGES, EDITOR_MESSAGES };

describe('message catalogues', () => {
  for (const [name, catalogue] of Object.entries(catalogues)) {
    it(`${name}: every text is used`, () => {
      const unused = Object.keys(catalogue).filter((key) => {
        // A text one catalogue takes from another (help's attachment texts are platform's ATTACHMENT_MESSAGES) is used by either name.
        const names = Object.entries(catalogues)
          .filter(([other, texts]) => other === name || (Object.hasOwn(texts, key) && texts[key] === catalogue[key]))
          .map(([other]) => other);
        const byName = names.some((other) => new RegExp(`\\b${other}\\.${key}\\b`).test(code));
        // §8 texts with placeholders are filled by id: formatMessage('foldersFetchFailed', ...).
        const byId = name === 'MESSAGES' && new RegExp(`formatMessage\\(\\s*'${key}'`).test(code);
        return !byName && !byId;
      });
      expect(unused).toEqual([]);
    });
  }
});
