// Each feature's Chinese catalogue must have its English one's shape: every key, nothing more.

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The catalogues as they are, once the compiler has checked that `zh` matches `en`. */
export function both<E, Z extends Shape<E>>(resources: { en: E; zh: Z }) {
  return resources;
}
