/**
 * The first of `name`, then `name` with a numbered mark before its extension ("a (2).txt"; a
 * folder's dots are part of its name), that `isFree` accepts. `mark(n)` words the n-th try, n ≥ 2.
 */
export async function freeName(
  name: string,
  folder: boolean,
  mark: (n: number) => string,
  isFree: (candidate: string) => boolean | Promise<boolean>,
): Promise<string> {
  const dot = folder ? -1 : name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? name : `${stem} (${mark(n)})${ext}`;
    if (await isFree(candidate)) return candidate;
  }
}
