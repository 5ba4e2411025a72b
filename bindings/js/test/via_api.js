// The answer line of one protocol operation (spec/gbr.md §13.2), computed
// through the function of the package's API a user calls for it.
import { GBRError } from '../index.js';

/** The protocol's answer line of one operation, through the user API. */
export function viaApi(api, operation, input) {
  const fen = /^fen-(material|study|position)(?:-(win|draw))?$/.exec(operation);
  try {
    if (fen) {
      const options = fen[2] ? { result: fen[2] } : undefined;
      if (fen[1] === 'material') return api.materialCode(input);
      if (fen[1] === 'study') return api.studyCode(input, options);
      return api.positionForm(input, options);
    }
    switch (operation) {
      case 'material': return api.materialCanonical(input);
      case 'study': return api.studyCanonical(input);
      case 'position': return api.positionCanonical(input);
      case 'position-fen': return api.toFen(input);
      case 'name-material': return api.nameToMaterial(input);
      case 'material-name': return api.materialName(input);
      case 'check': {
        const r = api.recognise(input);
        return `${r.form} ${r.canonical}`;
      }
      default: return api.protocolAnswer(operation, input);
    }
  } catch (e) {
    if (!(e instanceof GBRError)) throw e;
    return `error ${e.errorClass} ${e.column}`;
  }
}
