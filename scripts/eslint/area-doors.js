// @ts-check
/**
 * Areas in the main process and in src/shared (DESIGN.md "Layout", README
 * "Architecture"), as an ESLint rule. Each layer has one folder per area:
 * `src/main/services/<area>/`, `src/shared/{contract,model,rules}/<area>/`,
 * and one handler file per area, `src/main/ipc/handlers/<area>.ts`.
 * - an area reaches another area only through that area's door in the layer
 *   it imports from, `<layer>/<area>/index.ts`;
 * - `platform/` (in services, model and rules) is what every area shares: it
 *   imports no area.
 * The renderer's features have their own rule (feature-doors.js).
 */
import { statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve('.');
const FOLDER_LAYERS = ['src/main/services', 'src/shared/contract', 'src/shared/model', 'src/shared/rules'].map((layer) => layer.split('/'));
const HANDLERS = ['src', 'main', 'ipc', 'handlers'];
export const PLATFORM = 'platform';

/** @param {string} path */
function isFolder(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Where a file sits: its layer, its area (null for a layer's own files), and
 * whether it is the area's door.
 * @param {string} file
 * @returns {{ layer: string, area: string | null, door: boolean } | null}
 */
export function placeOf(file) {
  const rel = relative(ROOT, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  const starts = (/** @type {string[]} */ prefix) => prefix.every((part, i) => parts[i] === part);
  for (const layer of FOLDER_LAYERS) {
    if (!starts(layer)) continue;
    const inside = parts.slice(layer.length);
    const name = layer.join('/');
    if (inside.length === 0) return { layer: name, area: null, door: false };
    // `<layer>/<area>` names the area's door; `<layer>/<file>` a layer's own file.
    if (inside.length === 1) return isFolder(join(ROOT, rel)) ? { layer: name, area: inside[0] ?? null, door: true } : { layer: name, area: null, door: false };
    return { layer: name, area: inside[0] ?? null, door: inside.length === 2 && /^index(\.tsx?)?$/.test(inside[1] ?? '') };
  }
  if (starts(HANDLERS) && parts.length === HANDLERS.length + 1) {
    const area = (parts[HANDLERS.length] ?? '').replace(/\.tsx?$/, '');
    return { layer: HANDLERS.join('/'), area: area === 'index' ? null : area, door: true };
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const areaDoors = {
  meta: {
    type: 'problem',
    messages: {
      door: "The '{{from}}' area reaches '{{area}}' only through its door ('{{layer}}/{{area}}', its index.ts), not '{{source}}'.",
      platform: "platform/ is shared by every area and imports none: not '{{source}}' (of the '{{area}}' area).",
    },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from?.area) return {};
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const literal = node.source;
      const source = literal && literal.type === 'Literal' ? literal.value : null;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(resolve(dirname(context.filename), source));
      if (!to?.area || to.area === PLATFORM || to.area === from.area) return;
      if (from.area === PLATFORM) {
        context.report({ node, messageId: 'platform', data: { source, area: to.area } });
        return;
      }
      if (!to.door) context.report({ node, messageId: 'door', data: { from: from.area, area: to.area, layer: to.layer, source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
