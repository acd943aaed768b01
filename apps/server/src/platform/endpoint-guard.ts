import type { LookupAddress, LookupOptions } from "node:dns";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { createNodeFetch } from "./http-fetch";

/** Resolves a host name to every address it has (injected in tests: no DNS there). */
export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true });

export interface EndpointPolicy {
  /** `host:port` pairs (as written in the URL) that may reach loopback or private addresses. */
  allowlist: readonly string[];
  lookup?: LookupAll;
}

/** A user-supplied endpoint the server refuses to call; the message says why. */
export class EndpointRefusedError extends Error {
  override name = "EndpointRefusedError";
}

/** Addresses of cloud metadata services, refused even when the host is allowlisted. */
const METADATA = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "100.100.100.200",
  "168.63.129.16",
  "fd00:ec2::254",
]);
/** Ranges a listed host:port may reach; every other non-unicast range is always refused. */
const ALLOWLISTABLE = new Set(["loopback", "private", "uniqueLocal", "carrierGradeNat"]);

const v4 = (high: number, low: number) =>
  ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;

/**
 * The IPv4 addresses an IPv6 address carries, by which it is judged: IPv4-compatible
 * (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64
 * (64:ff9b::/96), 6to4 (2002::/16, the next 32 bits) and Teredo (2001::/32: its server and
 * its obfuscated client address).
 */
export function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = ip.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  const last = v4(p[6] ?? 0, p[7] ?? 0);
  if (zeros(0, 6) && (p[6] !== 0 || (p[7] ?? 0) > 1)) return [last];
  if (zeros(0, 5) && p[5] === 0xffff) return [last];
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return [last];
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return [last];
  if (p[0] === 0x2002) return [v4(p[1] ?? 0, p[2] ?? 0)];
  if (p[0] === 0x2001 && p[1] === 0)
    return [v4(p[2] ?? 0, p[3] ?? 0), v4(~(p[6] ?? 0) & 0xffff, ~(p[7] ?? 0) & 0xffff)];
  return [];
}

/** Why `address` may not be called, or null when it may. */
export function addressRefusal(address: string, allowlisted: boolean): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, ""));
  } catch {
    return `${address} is not an IP address`;
  }
  if (ip.kind() === "ipv6") {
    const carried = embeddedIPv4(ip as ipaddr.IPv6);
    if (carried.length > 0) {
      for (const inner of carried) {
        const refusal = addressRefusal(inner.toString(), allowlisted);
        if (refusal) return `${ip.toString()} carries ${refusal}`;
      }
      return null;
    }
  }
  const normalized = ip.toString();
  if (METADATA.has(normalized)) return `${normalized} is a cloud metadata address`;
  const range = ip.range();
  if (range === "unicast") return null;
  if (range === "linkLocal") return `${normalized} is a link-local address`;
  if (ALLOWLISTABLE.has(range)) {
    return allowlisted ? null : `${normalized} is a ${range} address (not in LLM_ENDPOINT_ALLOWLIST)`;
  }
  return `${normalized} is a ${range} address`;
}

/** The `host:port` key the allowlist is matched against. */
function allowKey(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.toLowerCase()}:${port}`;
}

/** Parses and checks what can be checked without DNS: scheme, credentials, literal addresses. */
export function parseEndpoint(raw: string, policy: EndpointPolicy): { url: URL; allowlisted: boolean } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new EndpointRefusedError("Base URL is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new EndpointRefusedError(`Base URL must use http or https, not ${url.protocol.replace(":", "")}`);
  }
  if (url.username || url.password) {
    throw new EndpointRefusedError("Base URL must not contain a user name or password");
  }
  const hostname = url.hostname.replace(/\.$/, "");
  if (!hostname) throw new EndpointRefusedError("Base URL has no host");
  const allowlisted = policy.allowlist.includes(allowKey(url));
  if (ipaddr.isValid(hostname.replace(/^\[|\]$/g, ""))) {
    const refusal = addressRefusal(hostname, allowlisted);
    if (refusal) throw new EndpointRefusedError(`Base URL refused: ${refusal}`);
  }
  return { url, allowlisted };
}

/** Full check (DNS included): every address the host resolves to must be allowed. */
export async function checkEndpoint(raw: string, policy: EndpointPolicy): Promise<URL> {
  const { url, allowlisted } = parseEndpoint(raw, policy);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(hostname)) return url;
  let addresses: LookupAddress[];
  try {
    addresses = await (policy.lookup ?? systemLookup)(hostname.replace(/\.$/, ""));
  } catch (err) {
    throw new EndpointRefusedError(
      `Cannot resolve ${hostname} (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  if (addresses.length === 0) throw new EndpointRefusedError(`Cannot resolve ${hostname}`);
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, allowlisted);
    if (refusal) throw new EndpointRefusedError(`Base URL refused: ${hostname} resolves to ${refusal}`);
  }
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for socket connects that refuses forbidden addresses (DNS rebinding included). */
function guardedLookup(lookup: LookupAll, allowlisted: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    lookup(hostname).then(
      (addresses) => {
        for (const { address } of addresses) {
          const refusal = addressRefusal(address, allowlisted);
          if (refusal)
            return callback(
              new EndpointRefusedError(`Connection refused: ${hostname} resolves to ${refusal}`),
              "",
            );
        }
        const first = addresses[0];
        if (!first)
          return callback(Object.assign(new Error(`Cannot resolve ${hostname}`), { code: "ENOTFOUND" }), "");
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ""),
    );
  };
}

/**
 * fetch for user-supplied endpoints: checks the URL on every call, checks the address the socket
 * actually connects to (DNS rebinding included), and never follows redirects.
 */
export function guardedFetch(policy: EndpointPolicy): { fetch: typeof fetch; close: () => Promise<void> } {
  const lookup = policy.lookup ?? systemLookup;
  const strict = createNodeFetch({ lookup: guardedLookup(lookup, false) as unknown as LookupFunction });
  const listed = createNodeFetch({ lookup: guardedLookup(lookup, true) as unknown as LookupFunction });
  const guarded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const { allowlisted } = parseEndpoint(raw, policy);
    return (allowlisted ? listed : strict).fetch(raw, init);
  };
  return {
    fetch: guarded as typeof fetch,
    close: async () => {
      strict.close();
      listed.close();
    },
  };
}
