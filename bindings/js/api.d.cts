// Types of require('gbr/api') (api.cjs): what api.d.ts declares for import,
// as CommonJS's export =.
declare const api: typeof import('./api.js', { with: { 'resolution-mode': 'import' } });
export = api;
