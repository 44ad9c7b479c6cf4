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

/** A "nice" axis maximum: 1, 2, 4, 6 or 8 times a power of ten (halves stay round), at least the largest value. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 4, 6, 8, 10].map((m) => m * power).find((m) => m >= max) ?? 10 * power;
}

/**
 * A bar chart drawn on the server in HTML and CSS: it shows without JavaScript and costs the
 * browser no chart library. Bars are boxes whose height is their share of the axis, and the
 * labels are ordinary text, so they keep their size (≥ 11 px) on a phone instead of shrinking
 * with a scaled drawing; on narrow screens every other axis label steps aside. Each bar carries
 * its value as a tooltip, and the same numbers are in a table under the chart for screen readers
 * and for copying.
 */
export function BarChart({ title, bars, format, labelEvery = 1, axisLabel = (l) => l.slice(5), max: fixedMax, tableLabel, columnLabel, valueLabel }: Props) {
  const id = useId();
  const max = fixedMax ?? niceMax(Math.max(0, ...bars.map((b) => b.value)));
  const ticks = [1, 0.5, 0].map((f) => f * max);
  const percent = (v: number) => `${Math.min(100, Math.max(0, (v / max) * 100))}%`;
  return (
    <figure className="chart">
      <figcaption id={`${id}-title`} className="chart-title">
        {title}
      </figcaption>
      <div className="chart-plot" role="img" aria-labelledby={`${id}-title`}>
        <div className="chart-y" aria-hidden="true">
          {/* the widest label, invisible, gives the axis its width (the marks are placed absolutely) */}
          <span className="chart-y-width">{format(max)}</span>
          {ticks.map((v) => (
            <span key={v} style={{ bottom: percent(v) }}>
              {format(v)}
            </span>
          ))}
        </div>
        <ol className="chart-bars" aria-hidden="true">
          {bars.map((b, i) => (
            <li key={b.label}>
              <span className="chart-bar-slot">
                <span className="chart-bar" style={{ height: percent(b.value) }} title={`${b.label}: ${format(b.value)}`} />
              </span>
              {i % labelEvery === 0 ? <span className={`chart-x${(i / labelEvery) % 2 === 1 ? " chart-x-minor" : ""}`}>{axisLabel(b.label)}</span> : null}
            </li>
          ))}
        </ol>
      </div>
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
