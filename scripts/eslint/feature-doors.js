// @ts-check
/**
 * The renderer's layering (DESIGN.md "Layout"), as an ESLint rule:
 * - a feature imports another feature only through its door, `features/<name>/index.ts`;
 * - `core/` and `components/` import no feature and nothing of the shell (`app/`);
 * - a feature takes from the shell only the `Feature` type (`app/feature.ts`).
 */
import { dirname, relative, resolve, sep } from 'node:path';

const RENDERER = resolve('src/renderer/src');

/** @param {string} file */
function partsOf(file) {
  const rel = relative(RENDERER, file);
  return rel.startsWith('..') ? null : rel.split(sep);
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureDoors = {
  meta: {
    type: 'problem',
    messages: {
      door: "Import the '{{feature}}' feature through its door ('features/{{feature}}', its index.ts), not '{{source}}'.",
      lower: "'{{layer}}/' is below the features and the shell: it may not import '{{source}}'.",
      shell: "A feature takes nothing from the shell but the Feature type ('app/feature'): not '{{source}}'.",
    },
    schema: [],
  },
  create(context) {
    const from = partsOf(context.filename);
    if (!from) return {};
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = partsOf(resolve(dirname(context.filename), source));
      if (!to) return;
      const [layer, feature] = from;
      if (layer === 'core' || layer === 'components') {
        if (to[0] === 'features' || to[0] === 'app') context.report({ node, messageId: 'lower', data: { layer, source } });
        return;
      }
      if (layer !== 'features') return;
      if (to[0] === 'app' && !(to.length === 2 && to[1] === 'feature')) context.report({ node, messageId: 'shell', data: { source } });
      if (to[0] === 'features' && to[1] !== feature && !(to.length === 2 || (to.length === 3 && to[2] === 'index'))) {
        context.report({ node, messageId: 'door', data: { feature: to[1] ?? '', source } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
