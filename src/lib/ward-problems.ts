/**
 * The boundary check's refusals as data (src/features/wards/ward-geometry.ts makes them; the catalogues word
 * them in src/i18n/messages/en/wards.ts and its Hindi twin). Browser-safe, below both.
 */

/** Where in the file a problem is: a feature (from 1), its ward when known, its part of a MultiPolygon and its ring. */
export interface Place {
  feature: number;
  ward?: string;
  part?: number;
  ring?: number;
}

/**
 * A reason the check refuses a file, as a code and its particulars; the words are the catalogues' (wards.problems,
 * in English and Hindi), so the API and the admin's page say the same thing in the reader's language.
 */
export type BoundaryProblem =
  | { code: 'notJson' }
  | { code: 'notCollection' }
  | { code: 'noFeatures' }
  | { code: 'tooManyFeatures'; count: number; max: number }
  | { code: 'notFeature'; place: Place }
  | { code: 'noWardNumber'; place: Place }
  | { code: 'repeatedWard'; place: Place; first: number }
  | { code: 'unknownWard'; place: Place }
  | { code: 'notPolygon'; place: Place }
  | { code: 'noCoordinates'; place: Place }
  | { code: 'noRings'; place: Place }
  | { code: 'notPositionList'; place: Place }
  | { code: 'tooManyRingPositions'; place: Place; count: number; max: number }
  | { code: 'notNumbers'; place: Place }
  | { code: 'outOfRange'; place: Place }
  | { code: 'tooFewPositions'; place: Place; count: number }
  | { code: 'notClosed'; place: Place }
  | { code: 'crossesItself'; place: Place }
  | { code: 'noArea'; place: Place }
  | { code: 'tooManyPositions'; count: number; max: number }
  | { code: 'overlap'; wards: [string, string] }
  | { code: 'missingWards'; wards: string[] }
  | { code: 'gap'; wards: string[]; lat: number; long: number }
  | { code: 'apart'; wards: string[]; lat: number; long: number }
  | { code: 'pinch'; wards: string[]; lat: number; long: number }
  | { code: 'strip'; wards: string[]; lat: number; long: number; width: number; max: number }
  | { code: 'tooIntricate'; max: number };

export type BoundaryProblemCode = BoundaryProblem['code'];
