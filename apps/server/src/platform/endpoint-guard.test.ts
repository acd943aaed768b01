import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkEndpoint,
  type EndpointPolicy,
  EndpointRefusedError,
  guardedFetch,
  type LookupAll,
} from "./endpoint-guard";

/** A resolver for made-up names (the tests have no DNS): each name maps to fixed addresses. */
function fakeDns(table: Record<string, string[]>): LookupAll {
  return async (hostname) => {
    const addresses = table[hostname.toLowerCase()];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const dnsTable = {
  "api.example.com": ["93.184.216.34"],
  "loopback.example.com": ["127.0.0.1"],
  "sneaky.example.com": ["93.184.216.34", "10.0.0.5"],
  "metadata.example.com": ["169.254.169.254"],
  "v6loop.example.com": ["::1"],
  "v4compat.example.com": ["::a9fe:a9fe"],
  localhost: ["127.0.0.1", "::1"],
};
const policy: EndpointPolicy = {
  allowlist: ["localhost:11434", "127.0.0.1:11434"],
  lookup: fakeDns(dnsTable),
};

describe("the SSRF guard for user base URLs", () => {
  const hostile = [
    "http://169.254.169.254/latest/meta-data/",
    "http://127.0.0.1:5432",
    "http://[::1]:8080/v1",
    "http://[::ffff:127.0.0.1]:8080",
    "http://[::ffff:7f00:1]/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://017700000001/",
    "http://127.1/",
    "http://0.0.0.0:11434",
    "http://0/",
    "file:///etc/passwd",
    "gopher://127.0.0.1:6379/_INFO",
    "ftp://example.com/",
    "http://api.example.com@127.0.0.1:6379/",
    "http://user:pass@api.example.com/v1",
    "http://loopback.example.com:8080/v1",
    "http://LOCALHOST:5432/",
    "http://localhost.:5432/",
    "http://sneaky.example.com/v1",
    "http://metadata.example.com/",
    "http://v6loop.example.com:11434/",
    "http://10.1.2.3/v1",
    "http://192.168.0.10:8000/v1",
    "http://172.16.5.4/",
    "http://100.64.0.1/",
    "http://[fe80::1]/",
    // IPv4 carried inside IPv6 is judged by the IPv4 address.
    "http://[::127.0.0.1]/",
    "http://[::169.254.169.254]/",
    "http://[::10.0.0.1]/",
    "http://[::7f00:1]:11434/",
    "http://[::ffff:0:10.0.0.1]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:7f00:1::1]/",
    "http://[2002:a00:1::]/",
    "http://[2001:0:7f00:1::1]/",
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
    "http://v4compat.example.com/",
    "http://[fd00:ec2::254]/",
    "http://[fc00::1]/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://unknown-host.example.com/",
    "not a url",
    "javascript:alert(1)",
  ];

  it.each(hostile)("refuses %s", async (raw) => {
    await expect(checkEndpoint(raw, policy)).rejects.toBeInstanceOf(EndpointRefusedError);
  });

  it("judges IPv6 forms that carry a public IPv4 address by that address", async () => {
    await expect(checkEndpoint("http://[64:ff9b::93.184.216.34]/v1", policy)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint("http://[2002:5db8:d822::1]/v1", policy)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint("http://[::169.254.169.254]/", policy)).rejects.toThrow(/metadata/);
  });

  it("refuses link-local and metadata addresses even when their host:port is allowlisted", async () => {
    const open = { ...policy, allowlist: ["169.254.169.254:80", "metadata.example.com:80"] };
    await expect(checkEndpoint("http://169.254.169.254/", open)).rejects.toThrow(/metadata/);
    await expect(checkEndpoint("http://metadata.example.com/", open)).rejects.toThrow(/metadata/);
  });

  it("accepts public hosts and the allowlisted Ollama address", async () => {
    await expect(checkEndpoint("https://api.example.com/v1", policy)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint("http://localhost:11434", policy)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint("http://127.0.0.1:11434/", policy)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint("https://93.184.216.34/v1", policy)).resolves.toBeInstanceOf(URL);
  });

  it("explains the refusal", async () => {
    await expect(checkEndpoint("http://127.0.0.1:5432", policy)).rejects.toThrow(
      /127\.0\.0\.1 is a loopback address \(not in LLM_ENDPOINT_ALLOWLIST\)/,
    );
    await expect(checkEndpoint("file:///etc/passwd", policy)).rejects.toThrow(/http or https/);
    await expect(checkEndpoint("http://loopback.example.com/", policy)).rejects.toThrow(
      /loopback\.example\.com resolves to 127\.0\.0\.1/,
    );
  });

  describe("at request time", () => {
    let target: http.Server;
    let redirector: http.Server;
    let targetPort = 0;
    let redirectPort = 0;
    let hits = 0;
    beforeAll(async () => {
      target = http.createServer((_req, res) => {
        hits += 1;
        res.end("secret internal data");
      });
      redirector = http.createServer((_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${targetPort}/` }).end();
      });
      await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
      await new Promise<void>((r) => redirector.listen(0, "127.0.0.1", r));
      targetPort = (target.address() as AddressInfo).port;
      redirectPort = (redirector.address() as AddressInfo).port;
    });
    afterAll(() => {
      target.close();
      redirector.close();
    });

    it("does not follow a redirect to loopback", async () => {
      const { fetch, close } = guardedFetch({ ...policy, allowlist: [`127.0.0.1:${redirectPort}`] });
      const res = await fetch(`http://127.0.0.1:${redirectPort}/v1/models`);
      expect(res.status).toBe(302);
      expect(hits).toBe(0);
      await close();
    });

    it("refuses at connect time a name that resolved to a public address when saved (DNS rebinding)", async () => {
      let calls = 0;
      const rebinding: LookupAll = async () => {
        calls += 1;
        return [{ address: calls === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
      };
      const rebind = { allowlist: [], lookup: rebinding };
      await expect(checkEndpoint(`http://rebind.example.com:${targetPort}/`, rebind)).resolves.toBeInstanceOf(
        URL,
      );
      const { fetch, close } = guardedFetch(rebind);
      await expect(fetch(`http://rebind.example.com:${targetPort}/`)).rejects.toThrow();
      expect(hits).toBe(0);
      await close();
    });

    it("refuses at connect time a name that later resolves to loopback in an IPv6 form", async () => {
      for (const later of ["::127.0.0.1", "::ffff:0:7f00:1", "64:ff9b::7f00:1", "2002:7f00:1::"]) {
        let calls = 0;
        const rebinding: LookupAll = async () => {
          calls += 1;
          return [calls === 1 ? { address: "93.184.216.34", family: 4 } : { address: later, family: 6 }];
        };
        const rebind = { allowlist: [], lookup: rebinding };
        await expect(
          checkEndpoint(`http://rebind.example.com:${targetPort}/`, rebind),
        ).resolves.toBeInstanceOf(URL);
        const { fetch, close } = guardedFetch(rebind);
        await expect(fetch(`http://rebind.example.com:${targetPort}/`)).rejects.toThrow();
        await close();
      }
      expect(hits).toBe(0);
    });

    it("refuses a literal loopback address before connecting, and reaches an allowlisted one", async () => {
      const strict = guardedFetch({ allowlist: [], lookup: policy.lookup });
      await expect(strict.fetch(`http://127.0.0.1:${targetPort}/`)).rejects.toBeInstanceOf(
        EndpointRefusedError,
      );
      await strict.close();
      const listed = guardedFetch({ allowlist: [`127.0.0.1:${targetPort}`], lookup: policy.lookup });
      expect(await (await listed.fetch(`http://127.0.0.1:${targetPort}/`)).text()).toBe(
        "secret internal data",
      );
      await listed.close();
      expect(hits).toBe(1);
    });
  });
});
