/** A seat at the table, numbered from 0. */
export type Seat = number;

/** A deep-readonly view of plain data. */
export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
