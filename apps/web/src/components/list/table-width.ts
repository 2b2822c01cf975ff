/** antd's row selection column and expand icon column, as the table draws them. */
const SELECTION_WIDTH = 32;
const EXPAND_WIDTH = 48;

/**
 * How wide a list's table is laid out: the sum of its columns' widths (plus the selection and
 * expand columns), so that each column keeps the width it asks for and the table scrolls inside
 * itself only when the columns cannot fit; wider screens spread the spare room over the columns.
 * With any column of no set width, the table takes its content's width.
 */
export function tableWidth(
  columns: readonly { width?: number | string }[],
  extras: { selection?: boolean; expandable?: boolean } = {},
): number | 'max-content' {
  let sum = (extras.selection ? SELECTION_WIDTH : 0) + (extras.expandable ? EXPAND_WIDTH : 0);
  for (const column of columns) {
    if (typeof column.width !== 'number') return 'max-content';
    sum += column.width;
  }
  return sum;
}
