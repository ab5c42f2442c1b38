import { useEffect, useRef, useState } from 'react';
import { statusColours } from './status-palette';
import './status-pie.css';

/**
 * Complaints per status as a chartist pie, labelled 'status: count'. The home page shows it at 200x200
 * with radius 75; the dashboards at 400x400 with radius 150. The numbers are also in the page as text,
 * so the chart is an addition for sighted readers, described by its label for everyone else.
 */
export interface StatusPieProps {
  counts: Record<string, number>;
  size: number;
  radius: number;
  /** How far outside the pie the labels sit (docs/legacy-contract.md §8: radius + 20). */
  labelOffset?: number;
  /** The words in the page's language: each status's name, the chart's name (before its figures), and the placeholders. */
  texts?: { names: Record<string, string>; chart: string; empty: string; loading: string };
}

const ENGLISH_TEXTS = { names: {}, chart: 'Pie chart of complaints by status: ', empty: 'No complaints to chart yet.', loading: 'Loading...' };

/** Room for a label such as 'Resolved: 120' at 12px. */
const LABEL_WIDTH = 80;

export default function StatusPie({ counts, size, radius, labelOffset = 20, texts = ENGLISH_TEXTS }: StatusPieProps) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const entries = Object.entries(counts).filter(([, count]) => count > 0);
  const name = (status: string) => texts.names[status] ?? status;
  const description = entries.map(([status, count]) => `${name(status)}: ${count}`).join(', ');
  const key = JSON.stringify(entries);

  useEffect(() => {
    if (!container.current || entries.length === 0) return;
    let chart: { detach(): void } | undefined;
    let cancelled = false;
    // Loaded on demand: the chart library is only needed once the chart is on screen.
    import('chartist').then(({ PieChart }) => {
      if (cancelled || !container.current) return;
      const colours = statusColours(entries.map(([status]) => status));
      const pie = new PieChart(
        container.current,
        { labels: entries.map(([status, count]) => `${name(status)}: ${count}`), series: entries.map(([, count]) => count) },
        {
          width: `${size}px`,
          height: `${size}px`,
          chartPadding: Math.max(0, size / 2 - radius),
          labelPosition: 'outside',
          labelOffset,
          labelDirection: 'explode',
          ignoreEmptyValues: true,
        },
      );
      pie.on('draw', (event) => {
        if (event.type === 'slice') event.element.attr({ style: `fill: ${colours[event.index]}` });
      });
      pie.on('created', () => setDrawn(true));
      chart = pie;
    });
    return () => {
      cancelled = true;
      chart?.detach();
    };
  }, [key, size, radius, labelOffset]);

  if (entries.length === 0) return <p className="status-pie-empty">{texts.empty}</p>;
  // Labels run outward from radius + labelOffset; keep room for them beside the pie, as far as the screen allows.
  const labelRoom = Math.max(0, radius + labelOffset - size / 2) + LABEL_WIDTH;
  return (
    <figure className="status-pie" style={{ width: size, height: size, marginInline: `max(0px, min(${labelRoom}px, calc((100vw - ${size}px) / 2 - 2rem)))` }}>
      <div ref={container} role="img" aria-label={`${texts.chart}${description}`} />
      {!drawn && <p className="loading status-pie-loading">{texts.loading}</p>}
    </figure>
  );
}
