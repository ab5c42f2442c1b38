import type { BoundaryProblem, BoundaryProblemCode, Place } from '../../../lib/ward-problems';

/** The words for each of the boundary check's refusals, by its code (src/features/wards/ward-geometry.ts). */
export type ProblemWords = { [C in BoundaryProblemCode]: (problem: Extract<BoundaryProblem, { code: C }>) => string };

const where = (p: Place) => `Feature ${p.feature}${p.ward ? ` (ward ${p.ward})` : ''}${p.part ? `, part ${p.part}` : ''}${p.ring ? `, ring ${p.ring}` : ''}`;
const list = (wards: readonly string[]) => wards.join(', ');
const near = (p: { lat: number; long: number }) => `near ${p.lat}, ${p.long}`;

const problems: ProblemWords = {
  notJson: () => 'The file is not GeoJSON: it is not valid JSON in UTF-8.',
  notCollection: () => 'The file is not a GeoJSON FeatureCollection (an object with "type": "FeatureCollection" and a "features" list).',
  noFeatures: () => 'The FeatureCollection has no features.',
  tooManyFeatures: (p) => `The file has ${p.count} features; at most ${p.max} are allowed.`,
  notFeature: (p) => `${where(p.place)} is not a GeoJSON Feature.`,
  noWardNumber: (p) => `${where(p.place)} has no ward number: give it a "ward" property (1, 2, …).`,
  repeatedWard: (p) => `${where(p.place)} repeats ward ${p.place.ward}, already given by feature ${p.first}.`,
  unknownWard: (p) => `${where(p.place)} names a ward the council does not have.`,
  notPolygon: (p) => `${where(p.place)} is not a Polygon or MultiPolygon.`,
  noCoordinates: (p) => `${where(p.place)} has no coordinates.`,
  noRings: (p) => `${where(p.place)} has no rings.`,
  notPositionList: (p) => `${where(p.place)} is not a list of positions.`,
  tooManyRingPositions: (p) => `${where(p.place)} has ${p.count} positions; at most ${p.max} are allowed in a ring.`,
  notNumbers: (p) => `${where(p.place)} has a position that is not [longitude, latitude] in numbers.`,
  outOfRange: (p) => `${where(p.place)} has a position outside longitude −180…180 or latitude −90…90 (GeoJSON is [longitude, latitude]).`,
  tooFewPositions: (p) => `${where(p.place)} has ${p.count} positions; a ring needs at least 4 (the first repeated last).`,
  notClosed: (p) => `${where(p.place)} is not closed: its last position must repeat its first.`,
  crossesItself: (p) => `${where(p.place)} crosses itself.`,
  noArea: (p) => `${where(p.place)} encloses no area.`,
  tooManyPositions: (p) => `The file has ${p.count} positions; at most ${p.max} are allowed.`,
  overlap: (p) => `Wards ${p.wards[0]} and ${p.wards[1]} overlap; wards may share an edge but not area.`,
  missingWards: (p) => `No boundary is given for ward${p.wards.length > 1 ? 's' : ''} ${list(p.wards)}: every ward needs one.`,
  gap: (p) => `There is a gap in no ward, bordered by ward${p.wards.length > 1 ? 's' : ''} ${list(p.wards)}, ${near(p)}: draw the wards' shared edges through the same points.`,
  apart: (p) => `Ward${p.wards.length > 1 ? 's' : ''} ${list(p.wards)} ${p.wards.length > 1 ? 'stand' : 'stands'} apart from the rest of the town, ${near(p)}: the wards must form one area, with no gap between them.`,
  pinch: (p) => `The town's edge touches itself at ${p.lat}, ${p.long} (ward${p.wards.length > 1 ? 's' : ''} ${list(p.wards)}): wards there meet only at a corner, or leave a gap closed at a point.`,
  strip: (p) =>
    `Wards ${p.wards[0]} and ${p.wards[1]} leave a strip about ${p.width} m wide in no ward between them, ${near(p)}: a strip narrower than ${p.max} m between wards is a gap too. Draw their shared edge through the same points.`,
  tooIntricate: (p) =>
    `The boundaries are too intricate to check within the work allowed (${p.max.toLocaleString('en-IN')} comparisons of nearby edges): draw them with fewer positions, or with fewer long edges reaching across others, and upload again.`,
};

/** The admin's page of ward boundaries (/ward-boundaries), its refusals, and the small map of a point. */
export const wards = {
  problems,
  /** Ward pickers: each ward by its number and localities. */
  choice: (ward: string, localities: string) => (localities ? `${ward} — ${localities}` : ward),
  pickerHint: 'Each ward is listed with its localities: find yours by its locality if you do not know the number.',
  page: {
    title: 'Ward boundaries',
    intro: 'The boundaries find the ward of a point: a grievance lodged with "use my location", and Open311 reports. They are also given out as open data.',
    current: 'Now in use',
    none: 'No boundaries have been uploaded: the ward of a point cannot be found.',
    covered: (covered: number, total: number) => `${covered} of ${total} wards have a boundary.`,
    without: (wards: string) => `Without a boundary: ward ${wards}.`,
    uploaded: (when: string, who: string) => `Uploaded ${when} by ${who}.`,
    uploadedAt: (when: string) => `Uploaded ${when}.`,
    openData: 'Download them as GeoJSON',
    uploadHeading: 'Upload new boundaries',
    rules: (megabytes: string, stripMetres: number) =>
      `A GeoJSON FeatureCollection (.geojson or .json, at most ${megabytes} MB): one Polygon or MultiPolygon feature for each ward, with its number in a "ward" property, as [longitude, latitude]. The wards may share edges, but may not overlap, and may leave no gap between them, not even a strip narrower than ${stripMetres} m reaching in between two wards from the town's edge. The file replaces every boundary at once; a file that fails changes nothing.`,
    file: 'Boundary file',
    upload: 'Upload and replace',
    saved: (wards: number) => `Boundaries saved for ${wards} wards. The upload is recorded in the audit log.`,
    auditLink: 'See it in the audit log',
    refused: 'The file was not used, and nothing changed. Mend these problems and upload it again:',
    noFile: 'Choose a boundary file to upload.',
    tooLarge: (megabytes: string) => `The file is larger than the ${megabytes} MB allowed.`,
    notForm: 'The upload did not arrive whole. Choose the file and upload it again.',
    busy: 'Another boundary file is being checked just now. Wait a moment, then upload this one again.',
    checking: 'A boundary file is being checked on this server now; the boundaries in use stay as they are until it passes.',
  },
  map: {
    label: (lat: string, long: string) => `Map of the point ${lat}, ${long}`,
    approximate: 'The point is shown to about 100 m.',
    heading: 'Where',
  },
};
