/**
 * A bar chart drawn by uPlot on a canvas (stacked by till when given several series), sized to its box and
 * redrawn when the box changes. The canvas is one picture named in words (role="img"); its figures are in the
 * table the dashboard puts under it, so nothing is only in the drawing. uPlot lives in this chunk only.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Dark enough for 3:1 against white (non-text contrast), told apart by hue; the legend names them. */
export const TILL_COLOURS = ['#1f5f99', '#b35500', '#2b7a3d', '#7b3fa0', '#b0303a', '#4a5560'] as const;
export const colourOf = (index: number): string => TILL_COLOURS[index % TILL_COLOURS.length]!;

export interface BarSeries { label: string; values: number[]; colour: string }

interface Props {
  /** Names the picture for a screen reader (what it shows and its total). */
  label: string;
  /** One label per bar position. */
  keys: string[];
  /** Drawn in this order: for stacked bars the tallest (running sum) first. */
  series: BarSeries[];
  height?: number;
  compact: (value: number) => string;
}

export function BarChart({ label, keys, series, height = 190, compact }: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const xs = keys.map((_, i) => i);
    const bars = uPlot.paths.bars!({ size: [0.72, 48], align: 0 });
    const options: uPlot.Options = {
      width: Math.max(200, el.clientWidth), height,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.6, Math.max(0, keys.length - 1) + 0.6] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] } },
      axes: [
        {
          splits: () => xs,
          // Every label where there is room, else every second or third one: labels never run into each other.
          values: (u, splits) => {
            const perBar = u.bbox.width / devicePixelRatio / Math.max(1, keys.length);
            const step = Math.max(1, Math.ceil(44 / Math.max(1, perBar)));
            return splits.map((i) => (i % step === 0 ? keys[i] ?? '' : ''));
          },
          grid: { show: false },
          stroke: '#333', font: '12px system-ui, sans-serif', size: 32, gap: 4,
        },
        {
          values: (_u, splits) => splits.map(compact), stroke: '#333', font: '12px system-ui, sans-serif', grid: { stroke: '#e3e3e3' },
          // Wide enough for its longest label ("$ 1107,2 M" with twenty tills), so none is cut at the left.
          size: (_u, values) => Math.max(64, 16 + 7 * Math.max(0, ...(values ?? []).map((v) => String(v).length))),
        },
      ],
      series: [{}, ...series.map((s) => ({ label: s.label, fill: s.colour, stroke: s.colour, width: 0, paths: bars, points: { show: false } }))],
    };
    const chart = new uPlot(options, [xs, ...series.map((s) => s.values)], el);
    plot.current = chart;
    // The box's width follows the window; the chart follows the box (never wider, so nothing scrolls sideways).
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [keys, series, height, compact]);

  return <div className="bar-chart" ref={box} role="img" aria-label={label} />;
}

/** The colours' key, in till order (the chart draws them the other way round). */
export function ChartKey({ items }: { items: Array<{ label: string; colour: string }> }): ReactNode {
  return (
    <ul className="chart-key">
      {items.map((item) => <li key={item.label}><span className="chart-swatch" style={{ background: item.colour }} aria-hidden="true" />{item.label}</li>)}
    </ul>
  );
}
