import type { ReactNode } from 'react';
import styles from '../pages/dashboard-page.module.css';

interface FiguresTableProps {
  caption: string;
  /** The headings of the two columns, when the table has them. */
  head?: readonly [string, string];
  /** One row a day: the day, which names the row, and its figure. */
  rows: readonly (readonly [day: string, figure: ReactNode])[];
}

/** A chart's figures by day as a table, for screen readers only: the chart is a picture to them. */
export function FiguresTable({ caption, head, rows }: FiguresTableProps) {
  return (
    <div className={styles.srOnly}>
      <table>
        <caption>{caption}</caption>
        {head && (
          <thead>
            <tr>
              <th scope="col">{head[0]}</th>
              <th scope="col">{head[1]}</th>
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map(([day, figure]) => (
            <tr key={day}>
              <td>{day}</td>
              <td>{figure}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
