// Types of gbr/api (api.js, api.cjs): what it exports, the functions that
// make the API of a gbr.wasm, with the API's types (declared in index.d.ts).
export { GBRError, createGbr, createReplayer, loadModule } from './index.js';
export type {
  Text, Form, Piece, Indicator, ResultOption, Material, Study, Position, Side, Counts, Recognised, ScanMatch, Query,
  ValidateKind, Validation, Gbr, Replayer, ReplayPosition, WasmBytes, WasmSource, FetchedModule, CompiledModule,
} from './index.js';
