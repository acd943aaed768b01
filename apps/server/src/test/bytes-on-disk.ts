import fs from "node:fs";
import path from "node:path";

/** The bytes of the regular files under a folder, as the disk has them now (no figure, no walk of the app's). */
export function bytesOnDisk(root: string): number {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((f) => fs.lstatSync(path.join(root, f)))
    .filter((stat) => stat.isFile())
    .reduce((sum, stat) => sum + stat.size, 0);
}
