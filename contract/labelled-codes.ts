/**
 * The codes of a label table, in its order, as the non-empty tuple `z.enum` takes: each code list
 * is written once, with its Korean labels, rather than as a list and a table that must agree.
 */
export const codesOf = <C extends string>(labels: Record<C, string>) => Object.keys(labels) as [C, ...C[]];
