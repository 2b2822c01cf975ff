/**
 * The columns of a business list, declared once: the console's table is built from them and the
 * server writes its Excel file from them, with the same titles and value labels in the language
 * of the console that asked.
 */

/** How a cell is shown and exported. */
export type CellKind =
  /** As it is (a name, a number, a time as `yyyy-MM-dd HH:mm:ss`). */
  | 'text'
  /** Fen: money in the console, yuan in the file. */
  | 'money'
  /** Millilitres. */
  | 'ml'
  /** A percent as text with two decimals (`"15.00"`): a number in the file. */
  | 'percent'
  /** One of a fixed set of codes, shown by its label (`labels`). */
  | 'enum'
  /** A yes or a no. */
  | 'yesNo';

export interface ListColumn<Row> {
  /** The field of the row it shows. */
  field: keyof Row & string;
  /** Its title: a key of the console's texts (`orders.paid`). */
  title: string;
  kind?: CellKind;
  /** For `enum`: the texts of its codes' labels (`orders.channels` holds `WECHAT`, `ALIPAY`, …). */
  labels?: string;
  /** The list sorts on the server by this field. */
  sortable?: boolean;
  /** On the page, hidden until chosen in the column chooser (a wide table's less used columns). */
  hidden?: boolean;
  /** In the Excel file only: the page shows it within another column, or only in the detail. */
  fileOnly?: boolean;
  /** Width on the page, in pixels. */
  width?: number;
}

/** A list's columns by key, in their order. */
export type ListColumns<Row> = Readonly<Record<string, ListColumn<Row>>>;

/** Declares a list's columns, checking each field against the row: `listColumns<Order>()({ … })`. */
export const listColumns =
  <Row>() =>
  <const C extends ListColumns<Row>>(columns: C): C =>
    columns;
