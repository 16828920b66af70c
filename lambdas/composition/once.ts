/** A factory that builds its value on the first call and returns the same value afterwards. */
export function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** Like {@link once}, one value per key (for example one secret store per set of secrets). */
export function oncePerKey<K, T>(make: (key: K) => T, keyOf: (key: K) => string = String): (key: K) => T {
  const made = new Map<string, T>();
  return (key) => {
    const id = keyOf(key);
    if (!made.has(id)) made.set(id, make(key));
    return made.get(id)!;
  };
}
