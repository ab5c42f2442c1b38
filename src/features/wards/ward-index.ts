import Flatbush from 'flatbush';
import type { Position, WardShape } from './ward-geometry';

/**
 * The ward of a point, through a spatial index of every ring's edges (Flatbush, a packed R-tree): a ray cast
 * eastwards from the point meets only the edges whose boxes it crosses, so a look-up costs a handful of
 * edges instead of every position of every ward. Built once per set of boundaries and kept (wards.server.ts).
 */
export interface PointPlace {
  /** Indexes (into the shapes given) of the wards whose inside holds the point. */
  inside: Set<number>;
  /** Indexes of the wards with the point on one of their rings. */
  onEdge: Set<number>;
  /** How many edges the ray looked at: the look-up's cost. */
  looked: number;
}

export class WardIndex {
  readonly shapes: readonly WardShape[];
  private readonly index: Flatbush | null;
  private readonly x0: Float64Array;
  private readonly y0: Float64Array;
  private readonly x1: Float64Array;
  private readonly y1: Float64Array;
  private readonly ward: Uint32Array;
  /** The shapes' indexes in ward number order: a point on a shared edge goes to the lower-numbered ward. */
  private readonly byNumber: number[];

  constructor(shapes: readonly WardShape[]) {
    this.shapes = shapes;
    let count = 0;
    for (const shape of shapes) for (const polygon of shape.polygons) for (const ring of polygon) count += ring.length - 1;
    [this.x0, this.y0, this.x1, this.y1] = [new Float64Array(count), new Float64Array(count), new Float64Array(count), new Float64Array(count)];
    this.ward = new Uint32Array(count);
    this.index = count > 0 ? new Flatbush(count) : null;
    let e = 0;
    shapes.forEach((shape, w) => {
      for (const polygon of shape.polygons) {
        for (const ring of polygon) {
          for (let i = 0; i + 1 < ring.length; i++, e++) {
            const [[ax, ay], [bx, by]] = [ring[i], ring[i + 1]];
            [this.x0[e], this.y0[e], this.x1[e], this.y1[e], this.ward[e]] = [ax, ay, bx, by, w];
            this.index!.add(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
          }
        }
      }
    });
    this.index?.finish();
    this.byNumber = shapes.map((_, i) => i).sort((a, b) => Number(shapes[a].ward) - Number(shapes[b].ward));
  }

  /** Which wards hold the point inside, and on whose rings it lies (even–odd over all of a ward's rings). */
  place([x, y]: Position): PointPlace {
    const inside = new Set<number>();
    const onEdge = new Set<number>();
    if (!this.index) return { inside, onEdge, looked: 0 };
    const { x0, y0, x1, y1, ward } = this;
    const edges = this.index.search(x, y, this.index.maxX, y);
    for (const e of edges) {
      const [ax, ay, bx, by] = [x0[e], y0[e], x1[e], y1[e]];
      const side = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
      if (side === 0 && x >= Math.min(ax, bx) && x <= Math.max(ax, bx) && y >= Math.min(ay, by) && y <= Math.max(ay, by)) {
        onEdge.add(ward[e]);
        continue;
      }
      // Half-open in y, so that a ray through a corner counts the two edges meeting there once between them.
      if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) {
        if (inside.has(ward[e])) inside.delete(ward[e]);
        else inside.add(ward[e]);
      }
    }
    for (const w of onEdge) inside.delete(w);
    return { inside, onEdge, looked: edges.length };
  }

  /** The ward number of a point: the lowest-numbered ward holding it inside or on its edge; null in none. */
  wardAt(point: Position): string | null {
    const { inside, onEdge } = this.place(point);
    const found = this.byNumber.find((w) => inside.has(w) || onEdge.has(w));
    return found === undefined ? null : this.shapes[found].ward;
  }
}
