import { useId } from "react";

export interface Bar {
  /** the x-axis label of the bar (a day, a month) */
  label: string;
  value: number;
}

interface Props {
  title: string;
  bars: Bar[];
  /** how a value is written (axis, tooltips, the table) */
  format: (value: number) => string;
  /** label every n-th bar on the x-axis */
  labelEvery?: number;
  /** what the x-axis shows of a bar's label (default: a day's "MM-DD") */
  axisLabel?: (label: string) => string;
  /** a fixed axis maximum (a 1–5 scale), instead of a "nice" one above the largest value */
  max?: number;
  /** the caption of the numbers table under the chart ("Show the numbers") */
  tableLabel: string;
  columnLabel: string;
  valueLabel: string;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 96 };

/** A "nice" axis maximum: 1, 2, 4, 6 or 8 times a power of ten (halves stay round), at least the largest value. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 4, 6, 8, 10].map((m) => m * power).find((m) => m >= max) ?? 10 * power;
}

/**
 * A bar chart drawn on the server as SVG: it shows without JavaScript and costs the browser no
 * chart library. The SVG scales to the width of its box; each bar carries its value as a
 * <title> (a tooltip), and the same numbers are in a table under the chart for screen readers
 * and for copying.
 */
export function BarChart({ title, bars, format, labelEvery = 1, axisLabel = (l) => l.slice(5), max: fixedMax, tableLabel, columnLabel, valueLabel }: Props) {
  const id = useId();
  const max = fixedMax ?? niceMax(Math.max(0, ...bars.map((b) => b.value)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, bars.length);
  const barW = Math.max(1, step * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, 0.5, 1].map((f) => f * max);
  return (
    <figure className="chart">
      <figcaption id={`${id}-title`} className="chart-title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} className="chart-svg">
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} className="chart-grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="chart-axis">
              {format(v)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => (
          <rect
            key={b.label}
            x={PAD.left + i * step + (step - barW) / 2}
            y={y(b.value)}
            width={barW}
            height={Math.max(0, PAD.top + plotH - y(b.value))}
            className="chart-bar"
          >
            <title>{`${b.label}: ${format(b.value)}`}</title>
          </rect>
        ))}
        {bars.map((b, i) =>
          i % labelEvery === 0 ? (
            <text key={b.label} x={PAD.left + i * step + step / 2} y={HEIGHT - 8} textAnchor="middle" className="chart-axis">
              {axisLabel(b.label)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="chart-data">
        <summary>{tableLabel}</summary>
        <div className="table-scroll" tabIndex={0} role="region" aria-label={tableLabel}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{columnLabel}</th>
                <th scope="col" className="num">
                  {valueLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.label}>
                  <td>{b.label}</td>
                  <td className="num">{format(b.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
