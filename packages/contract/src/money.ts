import Type, { type TNumberOptions, type TUnsafe } from 'typebox';

/**
 * An amount of money in fen (分, a hundredth of a yuan): every amount on the wire is one, a
 * whole number. The brand keeps a plain number (a yuan amount typed into a form, a count) from
 * being sent or read as money without saying which unit it is in: the web turns yuan into fen
 * with `yuanToFen` and fen into yuan with `fenToYuan`, and the server names its amounts with
 * `asFen`. The mark is a type only: at run time a `Fen` is a plain number.
 */
export type Fen = number & { readonly '~unit': 'fen' };

/** A wire field holding an amount in fen (an integer; `description` says what it is of). */
export function FenField(options: TNumberOptions = {}): TUnsafe<Fen> {
  return Type.Unsafe<Fen>(Type.Integer({ ...options, description: options.description ?? 'fen' }));
}

/** A whole number of fen, named as such (the server's sums, the tests' amounts). */
export function asFen(amount: number): Fen {
  return amount as Fen;
}

/** The smallest of some amounts. */
export function minFen(...amounts: Fen[]): Fen {
  return asFen(Math.min(...amounts));
}

/** The sum of some amounts (0 for none). */
export function sumFen(amounts: readonly Fen[]): Fen {
  return asFen(amounts.reduce((sum, amount) => sum + amount, 0));
}
