// Types of require('gbr') (index.cjs): the same module object index.d.ts
// declares for import, as CommonJS's export =.
declare const gbr: typeof import('./index.js', { with: { 'resolution-mode': 'import' } });
export = gbr;
