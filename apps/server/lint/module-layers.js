// The server's module graph, kept one-way by lint (docs/architecture.md draws it).
//
// Each folder in src/modules is a module; its index.ts is its public entry point. A module may
// import another only through that index, and only one on a LOWER layer: that rules out every
// cycle between modules by construction. Code outside the modules (db, lib, mail, plugins) sits
// below all of them and imports none at run time; the app's wiring (app.ts, main.ts,
// job-handlers.ts, the demo company) sits above all of them and imports their indexes. Tests may
// reach into any module for setup (factories, internals under test).
import path from 'node:path';

/** Lowest first. A module may import modules of the layers before its own. */
export const LAYERS = [
  ['realtime', 'jobs', 'scheduling', 'audit', 'health', 'housekeeping', 'idempotency'],
  ['settings'],
  ['auth', 'notifications', 'schedule', 'web-app'],
  ['users', 'inventory', 'appointments', 'backup'],
  ['service-requests', 'technicians', 'warehouses', 'transfers', 'goods-receipts', 'data'],
  ['field-work', 'booking', 'dispatch', 'reports', 'tracking'],
  ['attachments', 'dashboard', 'analytics', 'customer-mail'],
];

const layerOf = new Map(LAYERS.flatMap((mods, i) => mods.map((m) => [m, i])));
const SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const INFRA = new Set(['db', 'lib', 'mail', 'plugins', 'config.ts', 'context.ts']);
const isTest = (file) => /\.test\.ts$|test-support\.ts$|factories\.ts$|[\\/]test[\\/]/.test(file);

/** Where a file sits: { area: 'module', name } | { area: 'infra' } | { area: 'app' } | null (outside src). */
function placeOf(file) {
  const at = file.indexOf(SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SRC.length).split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return { area: 'module', name: parts[1], rest: parts.slice(2).join('/') };
  return INFRA.has(parts[0]) ? { area: 'infra' } : { area: 'app' };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules meet only through index.ts, and only downwards in LAYERS (apps/server/lint/module-layers.js)' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from || isTest(file)) return {};

    function check(node, source, typeOnly) {
      const spec = source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(file), spec));
      if (!to || to.area !== 'module') return;
      const report = (message) => context.report({ node: source, message });
      if (!layerOf.has(to.name)) return report(`Module "${to.name}" has no layer: add it to LAYERS in apps/server/lint/module-layers.js`);
      if (from.area === 'module' && from.name === to.name) {
        if (to.rest === 'index.js' || to.rest === 'index.ts') report(`Inside "${from.name}", import the file itself, not the module's own index.ts`);
        return;
      }
      if (to.rest !== 'index.js') report(`Import "${to.name}" through its public entry point ../${to.name}/index.js, not ${to.rest}`);
      if (from.area === 'infra' && !typeOnly) return report(`db, lib, mail and plugins sit below every module: move what they need from "${to.name}" down`);
      if (from.area !== 'module') return;
      if (!layerOf.has(from.name)) return report(`Module "${from.name}" has no layer: add it to LAYERS in apps/server/lint/module-layers.js`);
      if (layerOf.get(to.name) >= layerOf.get(from.name)) {
        report(
          `"${from.name}" (layer ${layerOf.get(from.name)}) may not import "${to.name}" (layer ${layerOf.get(to.name)}): modules import only lower layers. ` +
            'Move the shared part down into a lower module, or pass it in from app.ts.',
        );
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source, node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'))),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source, false),
    };
  },
};

export default { rules: { 'module-layers': rule } };
