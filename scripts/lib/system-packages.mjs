// Debian packages the project needs: installed here when running as root; otherwise the exact
// apt-get line is printed and the caller skips only what needs them.
import { existsSync } from "node:fs";
import { isRoot, run } from "./run.mjs";

export const systemPackages = {
  chromium: { binary: "/usr/bin/chromium", purpose: "browser tests" },
  bubblewrap: { binary: "/usr/bin/bwrap", purpose: "the code sandbox (code execution and the terminal)" },
  "espeak-ng": {
    binary: "/usr/bin/espeak-ng",
    purpose: "server speech (the communication board and Audio I/O when the browser has no voice)",
  },
  "python3-matplotlib": {
    binary: "/usr/lib/python3/dist-packages/matplotlib/__init__.py",
    purpose: "charts from Python code in the sandbox (plt.show() saves a PNG shown under the run)",
  },
  e2fsprogs: {
    binary: "/usr/sbin/mkfs.ext4",
    purpose: "workspace volumes (the quota for code and the terminal)",
  },
  "fonts-noto-core": {
    binary: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    purpose: "PDF exports in Latin, Greek, Cyrillic, Arabic and Hebrew",
  },
  "fonts-noto-cjk": {
    binary: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    purpose: "PDF exports in Chinese, Japanese and Korean",
  },
  "fonts-dejavu-core": {
    binary: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    purpose: "code in PDF exports",
  },
  "fonts-symbola": {
    binary: "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    purpose: "emoji and symbols in PDF exports",
  },
  "poppler-utils": { binary: "/usr/bin/pdftotext", purpose: "the PDF export tests (pdftotext)" },
};

/** The fonts PDF exports embed (exports/pdf-fonts.ts); without them a PDF holds Latin-1 only. */
export const PDF_FONT_PACKAGES = ["fonts-noto-core", "fonts-noto-cjk", "fonts-dejavu-core", "fonts-symbola"];

/** True when every named package's binary is present (installing them first as root). */
export function ensureSystemPackages(names) {
  const missing = names.filter((name) => !existsSync(systemPackages[name].binary));
  if (missing.length === 0) return true;
  const line = `apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  if (!isRoot()) {
    const purposes = missing.map((n) => systemPackages[n].purpose).join(", ");
    console.warn(`\nMissing Debian packages for ${purposes}. Install them with:\n  sudo ${line}\n`);
    return false;
  }
  console.log(`Installing Debian packages: ${missing.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const ok = run("apt-get", ["update", "-qq"], { env }) && run("sh", ["-c", line], { env });
  return ok && missing.every((name) => existsSync(systemPackages[name].binary));
}
