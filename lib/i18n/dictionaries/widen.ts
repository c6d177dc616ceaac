/** The shape of an English dictionary with every literal widened to string: what a translation must fill. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
